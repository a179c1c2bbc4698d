//! @file case.cuh
//! @brief The histogram at the example's size, ready to run: skewed random bytes on the device, the
//! partials, the histogram and the counter, and the `PortCase` the harness checks and times. Used by
//! example_port_histogram (main.cu, which also checks the histogram against a host count) and by
//! `clc-bench port`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "histogram.cuh"
#include "port_harness.cuh"

namespace histogram {

struct Case {
  static constexpr std::size_t n = (std::size_t(100) << 20) + 12345;  // not a multiple of a block's chunk
  std::vector<unsigned char> host;                                     //!< the input
  clc_examples::DeviceMemory mem;
  unsigned char const* data = nullptr;
  unsigned* partials = nullptr;
  unsigned* hist = nullptr;
  unsigned* blocks_done = nullptr;

  Case() : host(n) {
    clc_examples::Random rng(11);
    for (std::size_t i = 0; i < n; ++i) {
      std::uint64_t const r = rng.next();
      // Skewed bytes: a third land in 8 hot bins, so some shared-memory bins are contended.
      host[i] = (r & 3) == 0 ? static_cast<unsigned char>(0x40 + ((r >> 8) & 7)) : static_cast<unsigned char>(r >> 16);
    }
    data = mem.upload(host);
    partials = mem.alloc<unsigned>(std::size_t(grid_for(n).x) * kBins);
    hist = mem.alloc<unsigned>(kBins);
    blocks_done = mem.alloc<unsigned>(1);
    EX_CUDA(cudaMemset(blocks_done, 0, sizeof(unsigned)));
  }

  clc_examples::PortCase port_case() const {
    clc_examples::PortCase c;
    c.grid = grid_for(n);
    c.block = block();
    c.title = clc_examples::format("256 bins, %zu bytes, grid %u, block %u, last-block merge", n, c.grid.x, c.block.x);
    c.outputs = {{hist, kBins * sizeof(unsigned), "hist"},
                 {partials, std::size_t(c.grid.x) * kBins * sizeof(unsigned), "partials"}};
    // The counter is the kernel's own state: it must be 0 before a launch and is 0 again after one.
    c.reset = [counter = blocks_done](cudaStream_t s) { EX_CUDA(cudaMemsetAsync(counter, 0, sizeof(unsigned), s)); };
    c.after = [counter = blocks_done]() -> std::string {
      unsigned v = 0;
      EX_CUDA(cudaMemcpy(&v, counter, sizeof v, cudaMemcpyDeviceToHost));
      return v == 0 ? std::string() : "blocks_done is " + std::to_string(v) + " after the launch, expected 0";
    };
    c.original = [k = this, grid = c.grid, block = c.block](cudaStream_t s) {
      original::histogram256<<<grid, block, 0, s>>>(k->data, n, k->partials, k->hist, k->blocks_done);
      EX_CUDA(cudaGetLastError());
    };
    // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
    c.ported = [k = this, grid = c.grid, block = c.block](clc::ScheduleOptions const& schedule, int per_tile,
                                                          cudaStream_t s) {
      return clc::port::launch<ported::histogram256, clc::port::LaunchBounds<256, 8>>(
          grid, block, clc::port::options(0, s).with_schedule(schedule).with_blocks_per_tile(per_tile),
          k->data, n, k->partials, k->hist, k->blocks_done);
    };
    return c;
  }
};

}  // namespace histogram
