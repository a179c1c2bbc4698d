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

}  // namespace clc::conv::detail
