//! @file case.cuh
//! @brief The transpose at the example's size, ready to run: a random matrix on the device and the
//! `PortCase` the harness checks and times. Used by example_port_transpose (main.cu, which also checks
//! the original against a host transpose) and by `clc-bench port`.
#pragma once

#include <vector>

#include "port_harness.cuh"
#include "transpose.cuh"

namespace transpose {

struct Case {
  static constexpr int rows = 8191, cols = 8193;  // neither a multiple of the 32 x 32 tile
  std::vector<float> host;                        //!< the input, rows x cols row-major
  clc_examples::DeviceMemory mem;
  float const* in = nullptr;
  float* out = nullptr;

  Case() : host(std::size_t(rows) * cols) {
    clc_examples::Random(12).fill_uniform(host);
    in = mem.upload(host);
    out = mem.alloc<float>(host.size());
  }

  clc_examples::PortCase port_case() const {
    clc_examples::PortCase c;
    c.grid = grid_for(rows, cols);
    c.block = block();
    c.title = clc_examples::format("%d x %d floats, grid %ux%u, block %ux%u", rows, cols, c.grid.x, c.grid.y,
                                   c.block.x, c.block.y);
    c.outputs = {{out, host.size() * sizeof(float), "out"}};
    c.original = [k = this, grid = c.grid, block = c.block](cudaStream_t s) {
      original::transpose32<<<grid, block, 0, s>>>(k->in, k->out, rows, cols);
      EX_CUDA(cudaGetLastError());
    };
    // LaunchBounds: the original's occupancy (8 CTAs of 256 threads per SM; docs/porting.md, item 7).
    c.ported = [k = this, grid = c.grid, block = c.block](clc::ScheduleOptions const& schedule, int per_tile,
                                                          cudaStream_t s) {
      return clc::port::launch<ported::transpose32, clc::port::LaunchBounds<256, 8>>(
          grid, block, clc::port::options(0, s).with_schedule(schedule).with_blocks_per_tile(per_tile),
          k->in, k->out, rows, cols);
    };
    return c;
  }
};

}  // namespace transpose
