//! @file portable_f16.cu
//! @brief The portable (cp.async gather + mma.sync) convolution for x and the filter f16, all work
//! sources (through clc::launch).
#include "../detail/portable_kernel.cuh"

namespace clc::conv::detail {

template <>
Error launch_portable_typed<DType::F16>(Problem const& p, Plan const& plan, RunInfo* info) {
  return portable_launch<DType::F16>(p, plan, info);
}

}  // namespace clc::conv::detail
