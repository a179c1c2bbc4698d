// clc::conv on a few ResNet-50 layers: y = ReLU(conv(x, w) + bias), bf16 NHWC, every element checked
// against a float64 reference computed on the GPU. Exits non-zero on a mismatch or an error.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include "clc/testing/conv_reference.cuh"
#include "conv/conv.hpp"

#define CHECK_CUDA(x)                                                                           \
  do {                                                                                          \
    cudaError_t e_ = (x);                                                                       \
    if (e_ != cudaSuccess) {                                                                    \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      return false;                                                                             \
    }                                                                                           \
  } while (0)

struct Layer {
  char const* name;
  int n, h, w, c, k, r, s, stride, pad;
};

static bool run_layer(Layer const& L) {
  using bf16 = __nv_bfloat16;
  clc::conv::Arguments a;
  a.n = L.n, a.h = L.h, a.w = L.w, a.c = L.c, a.k = L.k, a.r = L.r, a.s = L.s;
  a.stride_h = a.stride_w = L.stride;
  a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = L.pad;
  a.activation = clc::conv::Activation::ReLU;
  int const p = clc::conv::output_h(a), q = clc::conv::output_w(a);
  std::size_t const nx = std::size_t(L.n) * L.h * L.w * L.c, nf = std::size_t(L.k) * L.r * L.s * L.c;
  std::size_t const ny = std::size_t(L.n) * p * q * L.k;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  std::vector<bf16> hx(nx), hf(nf), hb(L.k);
  for (auto& v : hx) v = __float2bfloat16(u(rng));
  for (auto& v : hf) v = __float2bfloat16(u(rng));
  for (auto& v : hb) v = __float2bfloat16(u(rng));
  bf16 *x, *f, *b, *y;
  double* ref;
  CHECK_CUDA(cudaMalloc(&x, nx * 2));
  CHECK_CUDA(cudaMalloc(&f, nf * 2));
  CHECK_CUDA(cudaMalloc(&b, L.k * 2));
  CHECK_CUDA(cudaMalloc(&y, ny * 2));
  CHECK_CUDA(cudaMalloc(&ref, ny * 8));
  CHECK_CUDA(cudaMemcpy(x, hx.data(), nx * 2, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(f, hf.data(), nf * 2, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(b, hb.data(), L.k * 2, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(y, 0xff, ny * 2));  // NaN poison
  a.x = x, a.filter = f, a.y = y, a.bias = b;

  clc::conv::RunInfo info;
  if (clc::Error e = clc::conv::run(a, nullptr, {}, &info)) {
    std::fprintf(stderr, "%s: %s\n", L.name, e.what().c_str());
    return false;
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  clc::testing::ConvRefShape g{L.n, L.h, L.w, L.c, L.k, L.r, L.s, p, q, L.pad, L.pad, L.stride, L.stride, 1, 1,
                               std::int64_t(L.h) * L.w * L.c, std::int64_t(L.w) * L.c, L.c,
                               std::int64_t(p) * q * L.k, std::int64_t(q) * L.k, L.k};
  cudaError_t const re = clc::testing::conv_reference<bf16, bf16>(g, x, f, nullptr, b, 1.0, 0.0, true, ref);
  CHECK_CUDA(re);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<bf16> hy(ny);
  std::vector<double> hr(ny);
  CHECK_CUDA(cudaMemcpy(hy.data(), y, ny * 2, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hr.data(), ref, ny * 8, cudaMemcpyDeviceToHost));
  // bf16 output: one rounding (2^-8 relative) plus fp32 accumulation error (far smaller at these sizes).
  double const atol = 1e-2 * std::sqrt(double(L.r) * L.s * L.c) / 8.0;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < ny; ++i) {
    double const got = double(__bfloat162float(hy[i]));
    if (!(std::fabs(got - hr[i]) <= atol + std::ldexp(std::fabs(hr[i]), -7))) {
      if (bad < 5) std::fprintf(stderr, "%s: y[%zu] = %g, want %g\n", L.name, i, got, hr[i]);
      ++bad;
    }
  }
  // One timed run (warm) for orientation; clc-bench conv is the measurement.
  cudaEvent_t e0, e1;
  CHECK_CUDA(cudaEventCreate(&e0));
  CHECK_CUDA(cudaEventCreate(&e1));
  CHECK_CUDA(cudaEventRecord(e0));
  for (int i = 0; i < 10; ++i)
    if (clc::Error e = clc::conv::run(a)) return std::fprintf(stderr, "%s\n", e.what().c_str()), false;
  CHECK_CUDA(cudaEventRecord(e1));
  CHECK_CUDA(cudaEventSynchronize(e1));
  float ms = 0;
  CHECK_CUDA(cudaEventElapsedTime(&ms, e0, e1));
  double const flops = 2.0 * double(ny) * L.r * L.s * L.c;
  std::printf("%-22s kernel %-8s tile 128x%-3d cluster %d split-K %d  %s  %7.1f TFLOP/s (warm, 10 runs)\n", L.name,
              clc::to_string(info.kernel), info.tile_n, info.cluster_m, info.splits, bad ? "MISMATCH" : "every element ok",
              flops / (ms / 10 * 1e-3) / 1e12);
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaFree(x), cudaFree(f), cudaFree(b), cudaFree(y), cudaFree(ref);
  return bad == 0;
}

int main() {
  int dev = 0;
  if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) {
    std::printf("no CUDA device: nothing to run\n");
    return 0;
  }
  Layer const layers[] = {
      {"3x3 64->64 @56 N8", 8, 56, 56, 64, 64, 3, 3, 1, 1},
      {"3x3 128->128 @28 s2 N8", 8, 28, 28, 128, 128, 3, 3, 2, 1},
      {"3x3 256->256 @14 N8", 8, 14, 14, 256, 256, 3, 3, 1, 1},
      {"3x3 512->512 @7 N8", 8, 7, 7, 512, 512, 3, 3, 1, 1},
      {"1x1 256->64 @56 N8", 8, 56, 56, 256, 64, 1, 1, 1, 0},
      {"1x1 2048->512 @7 N8", 8, 7, 7, 2048, 512, 1, 1, 1, 0},
      {"1x1 512->128 @28 s2 N8", 8, 28, 28, 512, 128, 1, 1, 2, 0},
      {"7x7 3->64 @224 s2 N2", 2, 224, 224, 3, 64, 7, 7, 2, 3},
  };
  int failed = 0;
  for (Layer const& L : layers) failed += run_layer(L) ? 0 : 1;
  if (failed) std::printf("%d layer(s) failed\n", failed);
  return failed ? 1 : 0;
}
