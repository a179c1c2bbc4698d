//! @file splitk.hpp
//! @brief Split-K: the reduction of the fp32 partial sums [batch * splits][M][N] into D with alpha and
//! beta * C, in a fixed order (split 0 first): bit-identical run to run.
#pragma once

#include "problem.hpp"

namespace clc::gemm::detail {

//! Launch the reduction of plan.partials on plan.launch.stream (kernels/splitk_reduce.cu).
Error splitk_reduce(Problem const& p, Plan const& plan);

}  // namespace clc::gemm::detail
