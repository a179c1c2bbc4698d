//! @file elementwise.cuh
//! @brief The most common grid kernel: one element per thread, `out[i] = a * x[i] + y[i]` over a
//! flat array, one block per 256 elements. The original grid kernel and its port, side by side.
#pragma once

#include <cstddef>

#include "clc/port.cuh"

namespace elementwise {

inline constexpr unsigned kBlock = 256;

namespace original {

//! out[i] = a * x[i] + y[i] for i < n. Launch: grid (n + 255) / 256, block 256.
__global__ void axpy(float a, float const* x, float const* y, float* out, std::size_t n) {
  std::size_t const i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __fmaf_rn(a, x[i], y[i]);
}

}  // namespace original

namespace ported {

//! The same kernel under work stealing: blockIdx -> vb.idx, blockDim -> vb.block, threadIdx -> vb.thread.
__device__ void axpy(clc::VirtualBlock const& vb, float a, float const* x, float const* y, float* out, std::size_t n) {
  std::size_t const i = std::size_t(vb.idx.x) * vb.block.x + vb.thread.x;
  if (i < n) out[i] = __fmaf_rn(a, x[i], y[i]);
}

}  // namespace ported

inline dim3 grid_for(std::size_t n) { return dim3(unsigned((n + kBlock - 1) / kBlock)); }
inline dim3 block() { return dim3(kBlock); }

}  // namespace elementwise
