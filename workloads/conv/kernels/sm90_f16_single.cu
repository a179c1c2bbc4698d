//! @file sm90_f16_single.cu
//! @brief One instantiation of the Hopper convolution: x/filter f16, work source Single (one per file for compile time).
#include "../detail/sm90_kernel.cuh"

namespace clc::conv::detail {

template <>
Error launch_sm90_typed<DType::F16, SourceKind::Single>(Problem const& p, Plan const& plan, Sm90Maps const& maps,
                                                    RunInfo* info) {
  return sm90_launch_tile<DType::F16, source::Single>(p, plan, maps, info);
}

}  // namespace clc::conv::detail
