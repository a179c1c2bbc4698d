//! @file sm90_bf16_hd128.cu
//! @brief The Hopper attention kernel for bf16, head_dim 128: sources Ticket, Static, Single (one
//! (type, head_dim) per file for compile time).
#include "../detail/sm90_kernel.cuh"

namespace clc::attention::detail {

template <>
Error launch_sm90_typed<DType::BF16, 128>(Problem const& p, Plan const& plan, RunInfo* info) {
  return sm90_launch_any_source<DType::BF16, 128>(p, plan, info);
}

}  // namespace clc::attention::detail
