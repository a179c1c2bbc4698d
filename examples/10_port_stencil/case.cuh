//! @file case.cuh
//! @brief The stencil at the example's size, ready to run: random input on the device and the
//! `PortCase` the harness checks and times. Used by example_port_stencil (main.cu, which also checks
//! the original against the host) and by `clc-bench port`.
#pragma once

#include <vector>

#include "port_harness.cuh"
#include "stencil.cuh"

namespace stencil {

struct Case {
  static constexpr int w = 8000, h = 6007;  // not multiples of the 32 x 8 block
  std::vector<float> host;                  //!< the input
  clc_examples::DeviceMemory mem;
  float const* in = nullptr;
  float* out = nullptr;

  Case() : host(std::size_t(w) * h) {
    clc_examples::Random(10).fill_uniform(host);
    in = mem.upload(host);
    out = mem.alloc<float>(host.size());
  }

  clc_examples::PortCase port_case() const {
    clc_examples::PortCase c;
    c.grid = grid_for(w, h);
    c.block = block();
    c.title = clc_examples::format("5-point stencil, %d x %d floats, grid %ux%u, block %ux%u", w, h, c.grid.x,
                                   c.grid.y, c.block.x, c.block.y);
    c.outputs = {{out, host.size() * sizeof(float), "out"}};
    c.original = [k = this, grid = c.grid, block = c.block](cudaStream_t s) {
      original::stencil5<<<grid, block, 0, s>>>(k->in, k->out, w, h);
      EX_CUDA(cudaGetLastError());
    };
    // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
    c.ported = [k = this, grid = c.grid, block = c.block](clc::ScheduleOptions const& schedule, int per_tile,
                                                          cudaStream_t s) {
      return clc::port::launch<ported::stencil5, clc::port::LaunchBounds<256, 8>>(
          grid, block, clc::port::options(0, s).with_schedule(schedule).with_blocks_per_tile(per_tile),
          k->in, k->out, w, h);
    };
    return c;
  }
};

}  // namespace stencil
