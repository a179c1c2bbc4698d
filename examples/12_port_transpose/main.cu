// example_port_transpose: a shared-memory tiled transpose, original grid launch vs the same body under
// clc work stealing. See README.md.
#include <cstdio>
#include <vector>

#include "port_harness.cuh"
#include "transpose.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  int const rows = 8191, cols = 8193;  // neither a multiple of the 32 x 32 tile
  std::size_t const n = std::size_t(rows) * cols;
  std::vector<float> host(n);
  clc_examples::Random rng(12);
  for (float& v : host) v = rng.uniform();
  float *in = nullptr, *out = nullptr;
  EX_CUDA(cudaMalloc(&in, n * sizeof(float)));
  EX_CUDA(cudaMalloc(&out, n * sizeof(float)));
  EX_CUDA(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  dim3 const grid = transpose::grid_for(rows, cols);
  dim3 const block = transpose::block();
  clc_examples::PortCase c;
  char title[200];
  std::snprintf(title, sizeof title, "example_port_transpose: %d x %d floats, grid %ux%u, block %ux%u", rows, cols,
                grid.x, grid.y, block.x, block.y);
  c.title = title;
  c.outputs = {{out, n * sizeof(float), "out"}};
  c.original = [&](cudaStream_t s) {
    transpose::original::transpose32<<<grid, block, 0, s>>>(in, out, rows, cols);
    EX_CUDA(cudaGetLastError());
  };
  // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
  c.ported = [&](clc::SourceKind source, cudaStream_t s) {
    return clc::port::launch<transpose::ported::transpose32, clc::port::LaunchBounds<256, 8>>(grid, block, clc::port::options(0, s).with_source(source),
                                                             in, out, rows, cols);
  };
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host.
  std::vector<float> got(n);
  EX_CUDA(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  std::size_t bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < cols; ++k) bad += got[std::size_t(k) * rows + r] != host[std::size_t(r) * cols + k];
  if (bad != 0) {
    std::printf("%zu elements differ from the host's transpose\n", bad);
    rc = 1;
  }
  EX_CUDA(cudaFree(in));
  EX_CUDA(cudaFree(out));
  return rc;
}
