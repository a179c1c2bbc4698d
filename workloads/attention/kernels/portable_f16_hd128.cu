//! @file portable_f16_hd128.cu
//! @brief The portable (mma.sync) attention kernel for f16, head_dim 128, every work source (one
//! instantiation per file for compile time).
#include "../detail/portable_kernel.cuh"

namespace clc::attention::detail {

template <>
Error launch_portable_typed<DType::F16, 128>(Problem const& p, Plan const& plan, RunInfo* info) {
  return portable_launch<DType::F16, 128>(p, plan, info);
}

}  // namespace clc::attention::detail
