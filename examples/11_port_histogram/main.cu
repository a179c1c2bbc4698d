// example_port_histogram: a histogram whose last block (a global counter) merges the partial
// histograms, original grid launch vs the same body under clc work stealing. See README.md.
#include <cstdio>
#include <string>
#include <vector>

#include "histogram.cuh"
#include "port_harness.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  std::size_t const n = (std::size_t(100) << 20) + 12345;  // not a multiple of a block's chunk
  std::vector<unsigned char> host(n);
  clc_examples::Random rng(11);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t const r = rng.next();
    // Skewed bytes: a third land in 8 hot bins, so some shared-memory bins are contended.
    host[i] = (r & 3) == 0 ? static_cast<unsigned char>(0x40 + ((r >> 8) & 7)) : static_cast<unsigned char>(r >> 16);
  }
  dim3 const grid = histogram::grid_for(n);
  dim3 const block = histogram::block();
  unsigned char* data = nullptr;
  unsigned *partials = nullptr, *hist = nullptr, *blocks_done = nullptr;
  std::size_t const partial_bytes = std::size_t(grid.x) * histogram::kBins * sizeof(unsigned);
  EX_CUDA(cudaMalloc(&data, n));
  EX_CUDA(cudaMalloc(&partials, partial_bytes));
  EX_CUDA(cudaMalloc(&hist, histogram::kBins * sizeof(unsigned)));
  EX_CUDA(cudaMalloc(&blocks_done, sizeof(unsigned)));
  EX_CUDA(cudaMemcpy(data, host.data(), n, cudaMemcpyHostToDevice));
  EX_CUDA(cudaMemset(blocks_done, 0, sizeof(unsigned)));

  clc_examples::PortCase c;
  char title[200];
  std::snprintf(title, sizeof title, "example_port_histogram: 256 bins, %zu bytes, grid %u, block %u, last-block merge",
                n, grid.x, block.x);
  c.title = title;
  c.outputs = {{hist, histogram::kBins * sizeof(unsigned), "hist"}, {partials, partial_bytes, "partials"}};
  // The counter is the kernel's own state: it must be 0 before a launch and is 0 again after one.
  c.reset = [&](cudaStream_t s) { EX_CUDA(cudaMemsetAsync(blocks_done, 0, sizeof(unsigned), s)); };
  c.after = [&]() -> std::string {
    unsigned v = 0;
    EX_CUDA(cudaMemcpy(&v, blocks_done, sizeof v, cudaMemcpyDeviceToHost));
    return v == 0 ? std::string() : "blocks_done is " + std::to_string(v) + " after the launch, expected 0";
  };
  c.original = [&](cudaStream_t s) {
    histogram::original::histogram256<<<grid, block, 0, s>>>(data, n, partials, hist, blocks_done);
    EX_CUDA(cudaGetLastError());
  };
  // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
  c.ported = [&](clc::SourceKind source, cudaStream_t s) {
    return clc::port::launch<histogram::ported::histogram256, clc::port::LaunchBounds<256, 8>>(grid, block, clc::port::options(0, s).with_source(source),
                                                              data, n, partials, hist, blocks_done);
  };
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host: a wrong kernel ported faithfully would still "match".
  std::vector<unsigned> expect(histogram::kBins, 0), got(histogram::kBins);
  for (unsigned char b : host) ++expect[b];
  EX_CUDA(cudaMemcpy(got.data(), hist, histogram::kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  if (got != expect) {
    std::printf("the histogram differs from the host's count\n");
    rc = 1;
  }
  EX_CUDA(cudaFree(data));
  EX_CUDA(cudaFree(partials));
  EX_CUDA(cudaFree(hist));
  EX_CUDA(cudaFree(blocks_done));
  return rc;
}
