//! @file sm90_f16_static_fast.cu
//! @brief The common cases' Hopper convolution kernels (y of x's type through the TMA store, no split-K, no
//! residual; plain and fused; the filter-row kernel; split-K's partial sums), x/filter f16, work source Static
//! (one per file for compile time).
#include "../detail/sm90_kernel.cuh"

namespace clc::conv::detail {

template <>
Error launch_sm90_fast_typed<DType::F16, SourceKind::Static>(Problem const& p, Plan const& plan, Sm90Maps const& maps,
                                                          bool fused, RunInfo* info) {
  if (plan.splits > 1) return sm90_launch_tile<DType::F16, source::Static, 3>(p, plan, maps, info);
  if (plan.swap)
    return fused ? sm90_launch_swap<DType::F16, source::Static, true>(p, plan, maps, info)
                 : sm90_launch_swap<DType::F16, source::Static, false>(p, plan, maps, info);
  if (fused) return sm90_launch_tile<DType::F16, source::Static, 2>(p, plan, maps, info);
  return sm90_launch_tile<DType::F16, source::Static, 1>(p, plan, maps, info);
}

}  // namespace clc::conv::detail
