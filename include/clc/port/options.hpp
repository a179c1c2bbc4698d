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
  //! Original blocks per runtime tile, consecutive in launch order; the CTA runs them one after the
  //! other with a barrier between them, as it runs tiles. Several short blocks per tile spread the
  //! runtime's per-tile work (decoding the tile, the claim) over them. 0 = automatic:
  //! `auto_blocks_per_tile` (1 with a trace, whose records are then one per original block).
  int blocks_per_tile = 0;

  // -- builder helpers, so a ported launch reads like the original one ----------------------------
  Options& with_source(SourceKind s) { source = s; return *this; }
  Options& with_grid_mode(GridMode m) { grid = m; return *this; }
  Options& with_check_body(bool on = true) { check_body = on; return *this; }
  Options& with_blocks_per_tile(int n) { blocks_per_tile = n; return *this; }
  //! Every schedule field (source, grid mode, workspace, max_workers, max_grain, trace, claim) from `s`.
  Options& with_schedule(ScheduleOptions const& s) { static_cast<ScheduleOptions&>(*this) = s; return *this; }
};

//! The automatic blocks per tile: one block per tile up to 131072 blocks, above that one per 16384
//! blocks (8 just above), at most 32, so at least 16384 tiles remain: many per worker, and the schedule
//! still balances around other work on the GPU. Measured on the H200 (docs/porting.md): a grid of
//! ~190k blocks of 256 elements (stencil, elementwise) ran 1.3-1.7x faster with 11 blocks per tile
//! than with 1; a transpose of 66k blocks of 1024 elements ran 1.24x slower with 4 than with 1.
inline constexpr int auto_blocks_per_tile(std::int64_t blocks) {
  if (blocks <= 131072) return 1;
  std::int64_t const n = blocks / 16384;
  return n > 32 ? 32 : int(n);
}

//! The blocks per tile of a launch (options.blocks_per_tile, or the automatic choice).
inline Error blocks_per_tile_for(Options const& opts, dim3 grid, int* out) {
  if (out == nullptr) return invalid_argument("blocks_per_tile_for: out must not be null");
  if (opts.blocks_per_tile < 0 || opts.blocks_per_tile > 1024)
    return invalid_argument("options.blocks_per_tile (" + std::to_string(opts.blocks_per_tile) +
                            ") must be 0 (automatic) or between 1 and 1024");
  if (opts.trace != nullptr && opts.blocks_per_tile > 1)
    return invalid_argument("options.blocks_per_tile (" + std::to_string(opts.blocks_per_tile) +
                            ") must be 0 or 1 with options.trace, which records one tile per original block");
  int n = opts.blocks_per_tile;
  if (n == 0) n = opts.trace != nullptr ? 1 : auto_blocks_per_tile(blocks_of(grid));
  *out = n;
  return success();
}

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
  // Claims of one tile each by default: tiles then start in launch order, as a plain grid's blocks
  // do, which keeps neighbouring blocks' memory traffic together (on the H200 the transpose port
  // under Ticket took 0.385 ms with claims of up to 64 tiles and 0.304 with one tile per claim, the
  // original 0.235: bench/results/h200-port-grain-experiment.txt, run B). blocks_per_tile amortises
  // the claims instead. An explicit max_grain is kept.
  if (opts.max_grain == 0) lo.max_grain = 1;
  if (opts.dynamic_smem_bytes > 0xFFFFFFFFull)
    return invalid_argument("options.dynamic_smem_bytes (" + std::to_string(opts.dynamic_smem_bytes) +
                            ") does not fit any CTA");
  *out = lo;
  return success();
}

}  // namespace clc::port
