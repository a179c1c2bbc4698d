//! @file sm90_bf16_ticket.cu
//! @brief One instantiation of the Hopper convolution: x/filter bf16, work source Ticket (one per file for compile time).
#include "../detail/sm90_kernel.cuh"

namespace clc::conv::detail {

template <>
Error launch_sm90_typed<DType::BF16, SourceKind::Ticket>(Problem const& p, Plan const& plan, Sm90Maps const& maps,
                                                    RunInfo* info) {
  return sm90_launch_tile<DType::BF16, source::Ticket>(p, plan, maps, info);
}

}  // namespace clc::conv::detail
