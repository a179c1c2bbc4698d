//! @file sm90_f16_single_fast.cu
//! @brief The common case's Hopper GEMM kernels (kSm90Fast: A and B row-major, D f16 through the TMA store,
//! whole tiles; also swapped: kSm90FastSwap), A/B f16, work source Single (one per file for compile time).
#include "../detail/sm90_kernel.cuh"

namespace clc::gemm::detail {

template <>
Error launch_sm90_fast_typed<DType::F16, SourceKind::Single>(Problem const& p, Plan const& plan, Sm90Maps const& maps,
                                                          RunInfo* info) {
  if (p.d_transposed) return sm90_launch_tile<DType::F16, source::Single, kSm90FastSwap>(p, plan, maps, info);
  return sm90_launch_tile<DType::F16, source::Single, kSm90Fast>(p, plan, maps, info);
}

}  // namespace clc::gemm::detail
