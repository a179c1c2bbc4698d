//! @file kit/split_k.cuh
//! @brief The split-K reduction of the GEMM-shaped kernels (clc::gemm, clc::conv): the fp32 partial
//! sums out[b * splits + s][rows][cols] that each split stored (`store_tile_f32`, epilogue.cuh) are
//! added in a fixed order (split 0 first), so the result is bit-identical run to run, and each column
//! pair goes to the workload's epilogue (alpha, beta * C, residual, bias, ReLU: the workload's store).
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "../detail/cuda_check.hpp"
#include "../status.hpp"
#include "arch.cuh"

namespace clc::kit {

#if defined(__CUDACC__)

//! One thread per column pair (grid-stride) of `batch` x `rows` x `cols` outputs, rows = store.rows(),
//! cols = store.cols() (the workload's epilogue parameters know them): v0, v1 = the sums over
//! s = 0, 1, ..., splits - 1 of partials[b * splits + s][row][col], [col + 1], then
//! `store(b, row, col, v0, v1)` (col even; col + 1 may be past `cols`). Without `Batched`, b is 0 and
//! `batch` must be 1.
template <bool Batched, class Store>
__global__ void splitk_reduce_kernel(Store store, int batch, float const* __restrict__ partials, int splits) {
  int const rows = store.rows();
  int const cols = store.cols();
  int const pairs = (cols + 1) / 2;
  std::int64_t const per_batch = std::int64_t(rows) * pairs;
  std::int64_t const total = Batched ? per_batch * batch : per_batch;
  std::int64_t const plane = std::int64_t(rows) * cols;
  bool const even = (cols & 1) == 0;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    int z = 0;
    std::int64_t r = i;
    if constexpr (Batched) {
      z = int(i / per_batch);
      r = i - std::int64_t(z) * per_batch;
    }
    int const row = int(r / pairs);
    int const col = int(r - std::int64_t(row) * pairs) * 2;
    bool const two = col + 1 < cols;
    float const* src = partials + std::int64_t(z) * splits * plane + std::int64_t(row) * cols + col;
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
    store(z, row, col, v0, v1);
  }
}

//! Host: launch splitk_reduce_kernel on `stream` (256 threads a block, at most 16 blocks for each of
//! 132 SMs; the grid-stride loop covers the rest).
template <bool Batched, class Store>
Error splitk_reduce(Store const& store, int batch, float const* partials, int splits, cudaStream_t stream) {
  std::int64_t const total = std::int64_t(store.rows()) * ((store.cols() + 1) / 2) * batch;
  std::int64_t blocks = (total + 255) / 256;
  if (blocks > 132 * 16) blocks = 132 * 16;
  splitk_reduce_kernel<Batched><<<unsigned(blocks), 256, 0, stream>>>(store, batch, partials, splits);
  CLC_CUDA_TRY(cudaGetLastError());
  return success();
}

#endif  // __CUDACC__

}  // namespace clc::kit
