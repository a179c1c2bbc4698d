//! @file splitk_reduce.cu
//! @brief Split-K reduction: y[m, c] = epilogue(sum_z partials[z][m][c]) (kit/split_k.cuh: one thread
//! per channel pair, the splits added in a fixed order).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/kit/split_k.cuh"
#include "../detail/epilogue.cuh"
#include "../detail/splitk.hpp"

namespace clc::conv::detail {
namespace {

//! Output pixel m: the fused epilogue (alpha, residual, bias, ReLU) of channels c, c + 1.
template <class T>
struct ReduceStore {
  EpilogueParams e;
  __host__ __device__ int rows() const { return e.m; }
  __host__ __device__ int cols() const { return e.k; }
  CLC_KIT_DEVICE void operator()(int, int m, int c, float v0, float v1) const {
    store_pair<T>(e, y_pixel_offset(e, m), c, v0, v1);
  }
};

template <class T>
Error reduce(Problem const& p, Plan const& plan) {
  ReduceStore<T> const store{make_epilogue_params(p)};
  return kit::splitk_reduce<false>(store, 1, plan.partials, plan.splits, plan.launch.stream);
}

}  // namespace

Error splitk_reduce(Problem const& p, Plan const& plan) {
  if (p.yt == DType::BF16) return reduce<__nv_bfloat16>(p, plan);
  if (p.yt == DType::F16) return reduce<__half>(p, plan);
  return reduce<float>(p, plan);
}

}  // namespace clc::conv::detail
