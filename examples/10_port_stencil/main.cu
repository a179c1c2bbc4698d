// example_port_stencil: a 2-D stencil with a shared-memory halo, original grid launch vs the same body
// under clc work stealing (Ticket, Static, Single). See README.md.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "port_harness.cuh"
#include "stencil.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  int const w = 8000, h = 6007;  // not multiples of the 32 x 8 block
  std::size_t const n = std::size_t(w) * h;
  std::vector<float> host(n);
  clc_examples::Random rng(10);
  for (float& v : host) v = rng.uniform();
  float *in = nullptr, *out = nullptr;
  EX_CUDA(cudaMalloc(&in, n * sizeof(float)));
  EX_CUDA(cudaMalloc(&out, n * sizeof(float)));
  EX_CUDA(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  dim3 const grid = stencil::grid_for(w, h);
  dim3 const block = stencil::block();
  clc_examples::PortCase c;
  char title[200];
  std::snprintf(title, sizeof title, "example_port_stencil: 5-point stencil, %d x %d floats, grid %ux%u, block %ux%u", w,
                h, grid.x, grid.y, block.x, block.y);
  c.title = title;
  c.outputs = {{out, n * sizeof(float), "out"}};
  c.original = [&](cudaStream_t s) {
    stencil::original::stencil5<<<grid, block, 0, s>>>(in, out, w, h);
    EX_CUDA(cudaGetLastError());
  };
  // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
  c.ported = [&](clc::SourceKind source, cudaStream_t s) {
    return clc::port::launch<stencil::ported::stencil5, clc::port::LaunchBounds<256, 8>>(grid, block, clc::port::options(0, s).with_source(source), in,
                                                        out, w, h);
  };
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host (same operations, same roundings).
  std::vector<float> got(n);
  EX_CUDA(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  auto at = [&](int x, int y) { return host[std::size_t(std::clamp(y, 0, h - 1)) * w + std::clamp(x, 0, w - 1)]; };
  std::size_t bad = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      float acc = stencil::kCenter * at(x, y);
      acc = std::fma(stencil::kSide, at(x, y - 1), acc);
      acc = std::fma(stencil::kSide, at(x, y + 1), acc);
      acc = std::fma(stencil::kSide, at(x - 1, y), acc);
      acc = std::fma(stencil::kSide, at(x + 1, y), acc);
      bad += got[std::size_t(y) * w + x] != acc;
    }
  }
  if (bad != 0) {
    std::printf("%zu elements differ from the host's stencil\n", bad);
    rc = 1;
  }
  EX_CUDA(cudaFree(in));
  EX_CUDA(cudaFree(out));
  return rc;
}
