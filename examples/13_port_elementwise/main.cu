// example_port_elementwise: a memory-bound elementwise kernel (one element per thread), original grid
// launch vs the same body under clc work stealing. See README.md.
#include <cmath>
#include <cstdio>
#include <vector>

#include "elementwise.cuh"
#include "port_harness.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  std::size_t const n = 50000017;  // not a multiple of the 256-thread block
  float const a = 1.5f;
  std::vector<float> hx(n), hy(n);
  clc_examples::Random rng(13);
  for (float& v : hx) v = rng.uniform();
  for (float& v : hy) v = rng.uniform();
  float *x = nullptr, *y = nullptr, *out = nullptr;
  EX_CUDA(cudaMalloc(&x, n * sizeof(float)));
  EX_CUDA(cudaMalloc(&y, n * sizeof(float)));
  EX_CUDA(cudaMalloc(&out, n * sizeof(float)));
  EX_CUDA(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  EX_CUDA(cudaMemcpy(y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  dim3 const grid = elementwise::grid_for(n);
  dim3 const block = elementwise::block();
  clc_examples::PortCase c;
  char title[200];
  std::snprintf(title, sizeof title, "example_port_elementwise: out = a x + y, %zu floats, grid %u, block %u", n, grid.x,
                block.x);
  c.title = title;
  c.outputs = {{out, n * sizeof(float), "out"}};
  c.original = [&](cudaStream_t s) {
    elementwise::original::axpy<<<grid, block, 0, s>>>(a, x, y, out, n);
    EX_CUDA(cudaGetLastError());
  };
  // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
  c.ported = [&](clc::SourceKind source, cudaStream_t s) {
    return clc::port::launch<elementwise::ported::axpy, clc::port::LaunchBounds<256, 8>>(
        grid, block, clc::port::options(0, s).with_source(source), a, x, y, out, n);
  };
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host (one fused multiply-add, as on the device).
  std::vector<float> got(n);
  EX_CUDA(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) bad += got[i] != std::fma(a, hx[i], hy[i]);
  if (bad != 0) {
    std::printf("%zu elements differ from the host's a x + y\n", bad);
    rc = 1;
  }
  EX_CUDA(cudaFree(x));
  EX_CUDA(cudaFree(y));
  EX_CUDA(cudaFree(out));
  return rc;
}
