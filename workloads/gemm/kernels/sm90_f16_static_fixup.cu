//! @file sm90_f16_static_fixup.cu
//! @brief One instantiation of the Hopper GEMM that sums a split tail in the kernel (Plan::fixup): A/B
//! f16, work source Static (one per file for compile time).
#include "../detail/sm90_kernel.cuh"

namespace clc::gemm::detail {

template <>
Error launch_sm90_fixup_typed<DType::F16, SourceKind::Static>(Problem const& p, Plan const& plan, Sm90Maps const& maps,
                                                          RunInfo* info) {
  return sm90_launch_tile<DType::F16, source::Static, kSm90Normal, 0, true>(p, plan, maps, info);
}

}  // namespace clc::gemm::detail
