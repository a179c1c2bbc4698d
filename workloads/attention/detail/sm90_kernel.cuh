//! @file sm90_kernel.cuh
//! @brief The Hopper attention kernel (not written yet: the launchers refuse).
#pragma once

#include "problem.hpp"

namespace clc::attention::detail {

template <DType T, int D>
Error sm90_launch_any_source(Problem const&, Plan const&, RunInfo*) {
  return not_supported("the Sm90 attention kernel is not built yet");
}

}  // namespace clc::attention::detail
