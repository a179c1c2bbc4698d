//! @file debug.hpp
//! @brief Diagnostics of clc::conv for performance work (clc-bench conv --general, the tests), outside the
//! user's Options.
#pragma once

#include <cuda_runtime_api.h>

#include "conv.hpp"

namespace clc::conv::detail {

//! `clc::conv::run` with the general Sm90 kernels only: never the kernels compiled for the common cases
//! (RunInfo::fast; branch wip/conv-fast), for A/B comparisons and tests.
Error run_general(Arguments const& args, cudaStream_t stream, Options const& opts, RunInfo* info = nullptr);

//! `clc::conv::run` with the filter-row kernel (RunInfo::swapped) wherever it can run (`swap`: any number of
//! tiles, where run() takes it only when there is a wave of them) or never (the 128-pixel tiles instead).
//! It runs where the common case's kernels do with 1x1 clusters and the plan's tile width 64 (K <= 64) or
//! 128 (K > 64: also above the K <= 128 that run() takes it for).
Error run_swap(Arguments const& args, cudaStream_t stream, Options const& opts, bool swap, RunInfo* info = nullptr);

//! What the Sm90 kernel's plan would be (RunInfo's fields of the same names).
struct Sm90PlanChoice {
  int tile_n = 0;
  int cluster_m = 0;
  int splits = 0;
  bool tma_store = false;
  bool swapped = false;
};

//! The plan `run` gives the Sm90 kernel for `args` and `opts` on a GPU of `sms` SMs, without a device:
//! the heuristics' choices for the host tests (whether the Sm90 kernel applies is not checked).
Error sm90_default_plan(Arguments const& args, Options const& opts, int sms, Sm90PlanChoice* out);

}  // namespace clc::conv::detail
