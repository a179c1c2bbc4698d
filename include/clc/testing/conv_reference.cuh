//! @file testing/conv_reference.cuh
//! @brief A float64 reference of clc::conv on the GPU (one thread per output element, every product
//! and sum in double), for tests and benchmarks to check every element of a convolution against.
//! Not tuned: a ResNet-50 layer at N = 128 takes seconds.
#pragma once

#include <cstdint>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace clc::testing {

//! Geometry of the reference (element strides; the channel is contiguous in x, y and the residual).
struct ConvRefShape {
  int n, h, w, c, k, r, s, p, q;
  int pad_top, pad_left, stride_h, stride_w, dil_h, dil_w;
  std::int64_t xsn, xsh, xsw;  // x
  std::int64_t ysn, ysh, ysw;  // y and the residual
};

template <class TX, class TY>
__global__ void conv_reference_kernel(ConvRefShape g, TX const* x, TX const* f, TY const* residual, TY const* bias,
                                      double alpha, double beta, int relu, double* out) {
  std::int64_t const total = std::int64_t(g.n) * g.p * g.q * g.k;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    int const kk = int(i % g.k);
    std::int64_t pix = i / g.k;
    int const q = int(pix % g.q);
    pix /= g.q;
    int const p = int(pix % g.p);
    int const n = int(pix / g.p);
    double acc = 0.0;
    for (int r = 0; r < g.r; ++r) {
      int const hi = p * g.stride_h - g.pad_top + r * g.dil_h;
      if (hi < 0 || hi >= g.h) continue;
      for (int s = 0; s < g.s; ++s) {
        int const wi = q * g.stride_w - g.pad_left + s * g.dil_w;
        if (wi < 0 || wi >= g.w) continue;
        TX const* xp = x + n * g.xsn + hi * g.xsh + wi * g.xsw;
        TX const* fp = f + ((std::int64_t(kk) * g.r + r) * g.s + s) * g.c;
        for (int c = 0; c < g.c; ++c) acc += double(float(xp[c])) * double(float(fp[c]));
      }
    }
    std::int64_t const yoff = n * g.ysn + p * g.ysh + q * g.ysw + kk;
    double v = alpha * acc;
    if (residual != nullptr) v += beta * double(float(residual[yoff]));
    if (bias != nullptr) v += double(float(bias[kk]));
    if (relu && v < 0.0) v = 0.0;
    out[i] = v;  // dense [N, P, Q, K]
  }
}

//! Launch the reference: `out` (device, N*P*Q*K doubles, dense NPQK) receives the exact result.
//! TX: __nv_bfloat16 or __half; TY: __nv_bfloat16, __half or float. Returns the launch's error.
template <class TX, class TY>
cudaError_t conv_reference(ConvRefShape const& g, TX const* x, TX const* f, TY const* residual, TY const* bias,
                           double alpha, double beta, bool relu, double* out, cudaStream_t stream = nullptr) {
  std::int64_t const total = std::int64_t(g.n) * g.p * g.q * g.k;
  std::int64_t blocks = (total + 255) / 256;
  if (blocks > 65535LL * 16) blocks = 65535LL * 16;
  if (blocks < 1) blocks = 1;
  conv_reference_kernel<TX, TY><<<unsigned(blocks), 256, 0, stream>>>(g, x, f, residual, bias, alpha, beta,
                                                                       relu ? 1 : 0, out);
  return cudaGetLastError();
}

}  // namespace clc::testing
