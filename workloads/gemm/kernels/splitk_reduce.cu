//! @file splitk_reduce.cu
//! @brief Split-K reduction: D[b, m, n] = alpha * sum_s partials[b * splits + s][m][n] + beta * C[b, m, n]
//! (kit/split_k.cuh: one thread per column pair, the splits added in a fixed order).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/kit/split_k.cuh"
#include "../detail/epilogue.cuh"
#include "../detail/splitk.hpp"

namespace clc::gemm::detail {
namespace {

//! Row `row` of batch `z`: D = alpha * sum + beta * C for columns col, col + 1.
template <class T>
struct ReduceStore {
  EpilogueParams e;
  __host__ __device__ int rows() const { return e.m; }
  __host__ __device__ int cols() const { return e.n; }
  CLC_KIT_DEVICE void operator()(int z, int row, int col, float v0, float v1) const {
    store_pair(e, d_row_ptr<T>(e, z, row), c_row_ptr<T>(e, z, row), col, v0, v1);
  }
};

template <class T>
Error reduce(Problem const& p, Plan const& plan) {
  ReduceStore<T> const store{make_epilogue_params(p)};
  return kit::splitk_reduce<true>(store, p.batch, plan.partials, plan.splits, plan.launch.stream);
}

}  // namespace

Error splitk_reduce(Problem const& p, Plan const& plan) {
  if (p.cd == DType::BF16) return reduce<__nv_bfloat16>(p, plan);
  if (p.cd == DType::F16) return reduce<__half>(p, plan);
  return reduce<float>(p, plan);
}

}  // namespace clc::gemm::detail
