//! @file portable_bf16_hd256.cu
//! @brief The portable (mma.sync) attention kernel for bf16, head_dim 256, every work source (one
//! instantiation per file for compile time).
#include "../detail/portable_kernel.cuh"

namespace clc::attention::detail {

template <>
Error launch_portable_typed<DType::BF16, 256>(Problem const& p, Plan const& plan, RunInfo* info) {
  return portable_launch<DType::BF16, 256>(p, plan, info);
}

}  // namespace clc::attention::detail
