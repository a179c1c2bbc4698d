//! @file case.cuh
//! @brief The elementwise kernel at the example's size, ready to run: random x and y on the device
//! and the `PortCase` the harness checks and times. Used by example_port_elementwise (main.cu, which
//! also checks the original against the host) and by `clc-bench port`.
#pragma once

#include <vector>

#include "elementwise.cuh"
#include "port_harness.cuh"

namespace elementwise {

struct Case {
  static constexpr std::size_t n = 50000017;  // not a multiple of the 256-thread block
  static constexpr float a = 1.5f;
  std::vector<float> hx, hy;  //!< the inputs
  clc_examples::DeviceMemory mem;
  float const* x = nullptr;
  float const* y = nullptr;
  float* out = nullptr;

  Case() : hx(n), hy(n) {
    clc_examples::Random rng(13);
    rng.fill_uniform(hx);
    rng.fill_uniform(hy);
    x = mem.upload(hx);
    y = mem.upload(hy);
    out = mem.alloc<float>(n);
  }

  clc_examples::PortCase port_case() const {
    clc_examples::PortCase c;
    c.grid = grid_for(n);
    c.block = block();
    c.title = clc_examples::format("out = a x + y, %zu floats, grid %u, block %u", n, c.grid.x, c.block.x);
    c.outputs = {{out, n * sizeof(float), "out"}};
    c.original = [k = this, grid = c.grid, block = c.block](cudaStream_t s) {
      original::axpy<<<grid, block, 0, s>>>(a, k->x, k->y, k->out, n);
      EX_CUDA(cudaGetLastError());
    };
    // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
    c.ported = [k = this, grid = c.grid, block = c.block](clc::ScheduleOptions const& schedule, int per_tile,
                                                          cudaStream_t s) {
      return clc::port::launch<ported::axpy, clc::port::LaunchBounds<256, 8>>(
          grid, block, clc::port::options(0, s).with_schedule(schedule).with_blocks_per_tile(per_tile),
          a, k->x, k->y, k->out, n);
    };
    return c;
  }
};

}  // namespace elementwise
