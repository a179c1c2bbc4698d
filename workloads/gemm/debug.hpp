//! @file debug.hpp
//! @brief Diagnostics of the Sm90 kernel for performance work (`clc-bench gemm --stages/--diag`),
//! outside the user's `Options`: the library's kernels carry no trace of them. The kernel variants
//! are separate instantiations in the `clc::gemm_debug` library (bf16 A/B, source Ticket); linking it
//! is what a program that calls `run_debug` does.
#pragma once

#include <cuda_runtime_api.h>

#include "gemm.hpp"

namespace clc::gemm::detail {

struct Debug {
  //! Sm90: ring stages 2 or 3 instead of the kernel's own (0). Kernel variant.
  int stages = 0;
  //! Sm90: run the mainloop but never store D (D is left unwritten!). Kernel variant.
  bool skip_epilogue = false;
  //! Sm90: wait for each stage's wgmma before issuing the next (no MMA overlap). Kernel variant.
  bool serial_mma = false;
  //! Sm90: the direct epilogue even where the TMA store applies (host choice; any source and type).
  bool no_tma_store = false;
  //! Sm90, with a forced Options::tail_split: keep only this many whole waves of clusters unsplit
  //! (the rest of the tiles run in pieces); -1: the plan's (every whole wave). Host choice.
  int tail_whole_waves = -1;
  //! Sm90: sum a split tail's pieces in a second kernel (tail_reduce) even where the kernel could (host choice).
  bool no_fixup = false;
  //! Sm90: swap the operands (the kernel computes D^T = B^T A^T and stores it transposed with
  //! kit::store_tile_tma_transposed), so that the tile's wgmma N runs along M. Needs a row-major D of a
  //! 16-bit type that TMA can write, beta == 0, A row-major (B^T's rows K-major); runs 1x1 clusters and no
  //! split-K; a split tail only summed in the kernel. Host choice; refused by name otherwise.
  bool swap_ab = false;
  //! Sm90: never swap the operands automatically (run() swaps them where the swapped problem's tiles
  //! fit M better: auto_swap in gemm.cpp). Host choice.
  bool no_swap = false;
  //! Sm90: never the common case's kernels (kSm90Fast: A and B row-major, D of their type through the TMA
  //! store, whole tiles): the general kernel instead. Host choice.
  bool no_fast = false;
  //! Sm90: every consumer warpgroup multiplies, also one whose 64 rows of a tile all lie past M (by
  //! default such a warpgroup only waits for and releases the stages: kit::Sm90Mma's consumer_idle).
  bool mma_all_rows = false;
  //! Sm90: the common case's kernel (A and B row-major, D of their type through the TMA store, whole
  //! tiles) with ping-pong consumers: each consumer warpgroup takes every other tile whole (128 x 64 or
  //! 128 x 128), its epilogue under the other's MMAs. Kernel variant (bf16, source Ticket); refused by
  //! name where the plan is not the common case's or its tiles are wider than 128.
  bool pingpong = false;
};

//! `clc::gemm::run` with diagnostics. At most one kernel variant (stages, skip_epilogue,
//! serial_mma, pingpong) at a time; kernel variants need bf16 A/B and source Ticket (or Auto on Hopper) and
//! apply to the Sm90 kernel only.
Error run_debug(Arguments const& args, cudaStream_t stream, Options const& opts, Debug const& debug,
                RunInfo* info = nullptr);

//! What the Sm90 plan of `clc::gemm::run` chooses for `args` and `opts` on a device with `sm_count` SMs
//! (an sm_90 device; nothing is launched, no GPU is needed: host tests of the heuristics). The pointers
//! in `args` are only checked for alignment.
struct PlanSummary {
  int tile_n = 0;
  int cluster_m = 0;
  int cluster_n = 1;
  int splits = 1;
  int tail_split = 1;
  int tail_tiles = 0;  //!< tiles run in pieces (clusters x cluster_m)
  bool fixup = false;
  int stream_k_units = 0;
  bool tma_store = false;
  bool swapped = false;  //!< the operands swapped (B^T A^T, D stored transposed)
  SourceKind source = SourceKind::Auto;
};
Error plan_sm90_for(Arguments const& args, Options const& opts, int sm_count, PlanSummary* out);

}  // namespace clc::gemm::detail
