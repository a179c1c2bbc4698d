//! @file stencil.cuh
//! @brief A 2-D five-point stencil with a shared-memory halo: the original grid kernel and its port,
//! side by side (docs/porting.md shows the diff between the two).
#pragma once

#include <cstddef>

#include "clc/port.cuh"

namespace stencil {

inline constexpr int kBlockX = 32;  //!< the kernel is written for 32 x 8 blocks
inline constexpr int kBlockY = 8;
inline constexpr float kCenter = 0.5f;
inline constexpr float kSide = 0.125f;

namespace original {

//! out = 0.5 * centre + 0.125 * (north + south + west + east), clamped at the border.
//! Launch: grid ((w + 31) / 32, (h + 7) / 8), block (32, 8).
__global__ void stencil5(float const* in, float* out, int w, int h) {
  __shared__ float tile[kBlockY + 2][kBlockX + 2];
  int const x0 = int(blockIdx.x) * kBlockX - 1;  // global column of tile[.][0]
  int const y0 = int(blockIdx.y) * kBlockY - 1;  // global row of tile[0][.]
  int const tid = int(threadIdx.y) * kBlockX + int(threadIdx.x);
  for (int i = tid; i < (kBlockY + 2) * (kBlockX + 2); i += kBlockX * kBlockY) {
    int const gx = min(max(x0 + i % (kBlockX + 2), 0), w - 1);
    int const gy = min(max(y0 + i / (kBlockX + 2), 0), h - 1);
    tile[i / (kBlockX + 2)][i % (kBlockX + 2)] = in[std::size_t(gy) * w + gx];
  }
  __syncthreads();  // the halo loaded by other threads is visible
  int const tx = int(threadIdx.x) + 1;
  int const ty = int(threadIdx.y) + 1;
  if (x0 + tx < w && y0 + ty < h) {
    // Explicit roundings: the same result whatever the compiler contracts in either build.
    float acc = __fmul_rn(kCenter, tile[ty][tx]);
    acc = __fmaf_rn(kSide, tile[ty - 1][tx], acc);
    acc = __fmaf_rn(kSide, tile[ty + 1][tx], acc);
    acc = __fmaf_rn(kSide, tile[ty][tx - 1], acc);
    acc = __fmaf_rn(kSide, tile[ty][tx + 1], acc);
    out[std::size_t(y0 + ty) * w + (x0 + tx)] = acc;
  }
}

}  // namespace original

namespace ported {

//! The same kernel under work stealing: `clc::port::launch<stencil5>(grid, block, opts, in, out, w, h)`.
__device__ void stencil5(clc::VirtualBlock const& vb, float const* in, float* out, int w, int h) {
  __shared__ float tile[kBlockY + 2][kBlockX + 2];
  int const x0 = int(vb.idx.x) * kBlockX - 1;  // global column of tile[.][0]
  int const y0 = int(vb.idx.y) * kBlockY - 1;  // global row of tile[0][.]
  int const tid = int(vb.thread.y) * kBlockX + int(vb.thread.x);
  for (int i = tid; i < (kBlockY + 2) * (kBlockX + 2); i += kBlockX * kBlockY) {
    int const gx = min(max(x0 + i % (kBlockX + 2), 0), w - 1);
    int const gy = min(max(y0 + i / (kBlockX + 2), 0), h - 1);
    tile[i / (kBlockX + 2)][i % (kBlockX + 2)] = in[std::size_t(gy) * w + gx];
  }
  __syncthreads();  // the halo loaded by other threads is visible
  int const tx = int(vb.thread.x) + 1;
  int const ty = int(vb.thread.y) + 1;
  if (x0 + tx < w && y0 + ty < h) {
    // Explicit roundings: the same result whatever the compiler contracts in either build.
    float acc = __fmul_rn(kCenter, tile[ty][tx]);
    acc = __fmaf_rn(kSide, tile[ty - 1][tx], acc);
    acc = __fmaf_rn(kSide, tile[ty + 1][tx], acc);
    acc = __fmaf_rn(kSide, tile[ty][tx - 1], acc);
    acc = __fmaf_rn(kSide, tile[ty][tx + 1], acc);
    out[std::size_t(y0 + ty) * w + (x0 + tx)] = acc;
  }
}

}  // namespace ported

inline dim3 grid_for(int w, int h) { return dim3((w + kBlockX - 1) / kBlockX, (h + kBlockY - 1) / kBlockY); }
inline dim3 block() { return dim3(kBlockX, kBlockY); }

}  // namespace stencil
