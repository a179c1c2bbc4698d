//! @file splitk_reduce.cu
//! @brief Split-K reduction: y[m, c] = epilogue(sum_z partials[z][m][c]), one thread per channel pair.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/detail/cuda_check.hpp"
#include "../detail/epilogue.cuh"
#include "../detail/splitk.hpp"

namespace clc::conv::detail {
namespace {

template <class T>
__global__ void splitk_reduce_kernel(EpilogueParams e, float const* __restrict__ partials, int splits) {
  int const pairs = (e.k + 1) / 2;
  std::int64_t const total = std::int64_t(e.m) * pairs;
  std::int64_t const plane = std::int64_t(e.m) * e.k;
  bool const even = (e.k & 1) == 0;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    int const m = int(i / pairs);
    int const c = int(i - std::int64_t(m) * pairs) * 2;
    bool const two = c + 1 < e.k;
    float const* src = partials + std::int64_t(m) * e.k + c;
    float v0 = 0.0f, v1 = 0.0f;
    for (int z = 0; z < splits; ++z, src += plane) {
      if (two && even) {
        float2 const v = *reinterpret_cast<float2 const*>(src);
        v0 += v.x;
        v1 += v.y;
      } else {
        v0 += src[0];
        if (two) v1 += src[1];
      }
    }
    store_pair<T>(e, y_pixel_offset(e, m), c, v0, v1);
  }
}

}  // namespace

Error splitk_reduce(Problem const& p, Plan const& plan) {
  EpilogueParams const e = make_epilogue_params(p);
  std::int64_t const total = std::int64_t(p.m()) * ((p.k + 1) / 2);
  std::int64_t blocks = (total + 255) / 256;
  if (blocks > 132 * 16) blocks = 132 * 16;
  cudaStream_t const s = plan.launch.stream;
  if (p.yt == DType::BF16)
    splitk_reduce_kernel<__nv_bfloat16><<<unsigned(blocks), 256, 0, s>>>(e, plan.partials, plan.splits);
  else if (p.yt == DType::F16)
    splitk_reduce_kernel<__half><<<unsigned(blocks), 256, 0, s>>>(e, plan.partials, plan.splits);
  else
    splitk_reduce_kernel<float><<<unsigned(blocks), 256, 0, s>>>(e, plan.partials, plan.splits);
  CLC_CUDA_TRY(cudaGetLastError());
  return success();
}

}  // namespace clc::conv::detail
