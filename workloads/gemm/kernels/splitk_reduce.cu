//! @file splitk_reduce.cu
//! @brief Split-K reduction: D[b, m, n] = alpha * sum_s partials[b * splits + s][m][n] + beta * C[b, m, n],
//! one thread per column pair.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/detail/cuda_check.hpp"
#include "../detail/epilogue.cuh"
#include "../detail/splitk.hpp"

namespace clc::gemm::detail {
namespace {

template <class T>
__global__ void splitk_reduce_kernel(EpilogueParams e, int batch, float const* __restrict__ partials, int splits) {
  int const pairs = (e.n + 1) / 2;
  std::int64_t const per_batch = std::int64_t(e.m) * pairs;
  std::int64_t const total = per_batch * batch;
  std::int64_t const plane = std::int64_t(e.m) * e.n;
  bool const even = (e.n & 1) == 0;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    int const z = int(i / per_batch);
    std::int64_t const r = i - std::int64_t(z) * per_batch;
    int const row = int(r / pairs);
    int const col = int(r - std::int64_t(row) * pairs) * 2;
    bool const two = col + 1 < e.n;
    float const* src = partials + std::int64_t(z) * splits * plane + std::int64_t(row) * e.n + col;
    float v0 = 0.0f, v1 = 0.0f;
    for (int s = 0; s < splits; ++s, src += plane) {
      if (two && even) {
        float2 const v = *reinterpret_cast<float2 const*>(src);
        v0 += v.x;
        v1 += v.y;
      } else {
        v0 += src[0];
        if (two) v1 += src[1];
      }
    }
    store_pair(e, d_row_ptr<T>(e, z, row), c_row_ptr<T>(e, z, row), col, v0, v1);
  }
}

}  // namespace

Error splitk_reduce(Problem const& p, Plan const& plan) {
  EpilogueParams const e = make_epilogue_params(p);
  std::int64_t const total = std::int64_t(p.m) * ((p.n + 1) / 2) * p.batch;
  std::int64_t blocks = (total + 255) / 256;
  if (blocks > 132 * 16) blocks = 132 * 16;
  cudaStream_t const s = plan.launch.stream;
  if (p.cd == DType::BF16)
    splitk_reduce_kernel<__nv_bfloat16><<<unsigned(blocks), 256, 0, s>>>(e, p.batch, plan.partials, plan.splits);
  else if (p.cd == DType::F16)
    splitk_reduce_kernel<__half><<<unsigned(blocks), 256, 0, s>>>(e, p.batch, plan.partials, plan.splits);
  else
    splitk_reduce_kernel<float><<<unsigned(blocks), 256, 0, s>>>(e, p.batch, plan.partials, plan.splits);
  CLC_CUDA_TRY(cudaGetLastError());
  return success();
}

}  // namespace clc::gemm::detail
