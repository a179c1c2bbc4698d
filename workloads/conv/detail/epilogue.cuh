//! @file epilogue.cuh
//! @brief The convolution's epilogue arithmetic, shared by both kernels: y = act(alpha * acc +
//! beta * residual + bias) for pairs of adjacent output channels, and the direct store of a pair.
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "clc/kit/arch.cuh"
#include "problem.hpp"

namespace clc::conv::detail {

struct EpilogueParams {
  void* y;
  void const* residual;  // null when beta == 0
  void const* bias;      // null when there is none
  std::int64_t ysn, ysh, ysw;  // element strides of y and the residual
  int m, k;              // output pixels, output channels
  int pq, q;             // P * Q and Q (pixel index -> (n, p, q))
  float alpha, beta;
  int relu;
  int y_type;     // DType of y, residual and bias
  int vec_pairs;  // y and the residual allow 2-element vector accesses at even channels
};

//! Host: the epilogue fields of a normalised problem.
inline EpilogueParams make_epilogue_params(Problem const& pr) {
  EpilogueParams e{};
  e.y = pr.y;
  e.residual = pr.beta != 0.0f ? pr.residual : nullptr;
  e.bias = pr.bias;
  e.ysn = pr.ysn;
  e.ysh = pr.ysh;
  e.ysw = pr.ysw;
  e.m = pr.m();
  e.k = pr.k;
  e.pq = pr.p * pr.q;
  e.q = pr.q;
  e.alpha = pr.alpha;
  e.beta = pr.beta;
  e.relu = pr.relu ? 1 : 0;
  e.y_type = int(pr.yt);
  std::size_t const es = size_of(pr.yt);
  auto aligned = [&](void const* ptr) { return ptr == nullptr || reinterpret_cast<std::uintptr_t>(ptr) % (2 * es) == 0; };
  e.vec_pairs = aligned(pr.y) && aligned(e.residual) && pr.ysw % 2 == 0 && pr.ysh % 2 == 0 && pr.ysn % 2 == 0 ? 1 : 0;
  return e;
}

#if defined(__CUDACC__)

//! Element offset of output pixel `m` (channel 0) in y and the residual.
CLC_KIT_DEVICE std::int64_t y_pixel_offset(EpilogueParams const& e, int m) {
  int const n = m / e.pq;
  int const rem = m - n * e.pq;
  int const p = rem / e.q;
  int const q = rem - p * e.q;
  return std::int64_t(n) * e.ysn + std::int64_t(p) * e.ysh + std::int64_t(q) * e.ysw;
}

//! The fused value of channels col and col + 1 (`two`: col + 1 < K) of the pixel at `off`.
template <class T>
CLC_KIT_DEVICE float2 fuse_pair(EpilogueParams const& e, std::int64_t off, int col, bool two, float v0, float v1) {
  v0 *= e.alpha;
  v1 *= e.alpha;
  if (e.residual != nullptr) {
    T const* const r = static_cast<T const*>(e.residual) + off + col;
    v0 += e.beta * float(r[0]);
    if (two) v1 += e.beta * float(r[1]);
  }
  if (e.bias != nullptr) {
    T const* const b = static_cast<T const*>(e.bias) + col;
    v0 += float(b[0]);
    if (two) v1 += float(b[1]);
  }
  if (e.relu) {
    v0 = v0 > 0.0f ? v0 : 0.0f;
    v1 = v1 > 0.0f ? v1 : 0.0f;
  }
  return make_float2(v0, v1);
}

//! Stores channels col and col + 1 of the pixel at `off` (each only if inside K).
template <class T>
CLC_KIT_DEVICE void store_pair(EpilogueParams const& e, std::int64_t off, int col, float v0, float v1) {
  if (col >= e.k) return;
  bool const two = col + 1 < e.k;
  float2 const v = fuse_pair<T>(e, off, col, two, v0, v1);
  T* const d = static_cast<T*>(e.y) + off + col;
  if (two && e.vec_pairs) {
    if constexpr (std::is_same_v<T, float>) {
      *reinterpret_cast<float2*>(d) = v;
    } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
      *reinterpret_cast<__nv_bfloat162*>(d) = __floats2bfloat162_rn(v.x, v.y);
    } else {
      *reinterpret_cast<__half2*>(d) = __floats2half2_rn(v.x, v.y);
    }
  } else {
    d[0] = T(v.x);
    if (two) d[1] = T(v.y);
  }
}

#endif  // __CUDACC__

}  // namespace clc::conv::detail
