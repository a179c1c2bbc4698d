//! @file sm90_bf16_ticket_fixup.cu
//! @brief One instantiation of the Hopper GEMM that sums a split tail in the kernel (Plan::fixup): A/B
//! bf16, work source Ticket (one per file for compile time).
#include "../detail/sm90_kernel.cuh"

namespace clc::gemm::detail {

template <>
Error launch_sm90_fixup_typed<DType::BF16, SourceKind::Ticket>(Problem const& p, Plan const& plan, Sm90Maps const& maps,
                                                          RunInfo* info) {
  return sm90_launch_tile<DType::BF16, source::Ticket, kSm90Normal, 0, true>(p, plan, maps, info);
}

}  // namespace clc::gemm::detail
