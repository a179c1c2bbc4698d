//! @file port/options.hpp
//! @brief `port::Options` (the original launch's shared memory and stream, plus the schedule) and
//! `port::LaunchBounds` (the original kernel's `__launch_bounds__`).
#pragma once

#include <cstddef>
#include <string>

#include <cuda_runtime_api.h>

#include "../launch.hpp"
#include "../status.hpp"
#include "virtual_block.hpp"

namespace clc::port {

//! Launch options of a ported kernel: what the original `<<<grid, block, smem, stream>>>` carried
//! beyond its shape, plus the choice of work source.
struct Options : ScheduleOptions {  // the schedule; `trace` holds grid.x*grid.y*grid.z records
  std::size_t dynamic_smem_bytes = 0;  //!< the original launch's third `<<<>>>` argument
  cudaStream_t stream = nullptr;       //!< the original launch's fourth `<<<>>>` argument
  //! Debug mode: after each tile, every thread waits until all threads of the CTA have returned from
  //! the body (a thread that returned before a `__syncthreads` the others still wait on is reported
  //! with its tile and thread, then the kernel traps), and the dynamic shared memory is filled with
  //! 0xFF bytes between tiles (a body that reads state left by the previous tile reads NaN / -1).
  bool check_body = false;

  // -- builder helpers, so a ported launch reads like the original one ----------------------------
  Options& with_source(SourceKind s) { source = s; return *this; }
  Options& with_grid_mode(GridMode m) { grid = m; return *this; }
  Options& with_check_body(bool on = true) { check_body = on; return *this; }
};

//! The options of an original `<<<grid, block, dynamic_smem_bytes, stream>>>` launch.
inline Options options(std::size_t dynamic_smem_bytes = 0, cudaStream_t stream = nullptr) {
  Options o;
  o.dynamic_smem_bytes = dynamic_smem_bytes;
  o.stream = stream;
  return o;
}

//! The original kernel's `__launch_bounds__(MaxThreads, MinBlocks)`. A `__global__` attribute does
//! not survive the move to a `__device__` body, so pass it here: the runtime's kernel then carries it
//! (same register budget, same occupancy as the original).
template <int MaxThreads, int MinBlocks = 1>
struct LaunchBounds {
  static_assert(MaxThreads >= 0 && MaxThreads <= 1024, "LaunchBounds: MaxThreads must be in [1, 1024]");
  static_assert(MinBlocks >= 0, "LaunchBounds: MinBlocks must be >= 1");
  static_assert((MaxThreads == 0) == (MinBlocks == 0), "LaunchBounds: use NoLaunchBounds for no bounds");
  static constexpr int max_threads = MaxThreads;
  static constexpr int min_blocks = MinBlocks;
};
using NoLaunchBounds = LaunchBounds<0, 0>;

//! The block-level launch options of a ported launch: one 1-D CTA of the original thread count.
inline Error to_launch_options(Options const& opts, dim3 block, LaunchOptions* out) {
  if (out == nullptr) return invalid_argument("to_launch_options: out must not be null");
  LaunchOptions lo;
  static_cast<ScheduleOptions&>(lo) = opts;
  lo.block_threads = int(threads_of(block));
  lo.dynamic_smem_bytes = opts.dynamic_smem_bytes;
  lo.stream = opts.stream;
  if (opts.dynamic_smem_bytes > 0xFFFFFFFFull)
    return invalid_argument("options.dynamic_smem_bytes (" + std::to_string(opts.dynamic_smem_bytes) +
                            ") does not fit any CTA");
  *out = lo;
  return success();
}

}  // namespace clc::port
