//! @file gemm_reference.cuh
//! @brief The per-element gate of `clc-bench gemm`: a float64 GEMM reference on the GPU (with, per
//! element, the magnitude sum_k |a_ik b_kj|), the Euclidean norms of A's rows and B's columns (the
//! cheap upper bound of that magnitude, for shapes too large for the reference), and a kernel that
//! checks every element of a D against either. For .cu files only (it defines kernels).
//!
//! Element types are numbered as clc::gemm::DType: 0 bf16, 1 fp16, 2 fp32. Outputs and references are
//! dense, row-major, batch after batch: element (z, i, j) at (z * m + i) * n + j.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace clc::bench {
// Internal to each translation unit that includes it (the header defines kernels).
namespace {

enum : int { kRefBf16 = 0, kRefF16 = 1, kRefF32 = 2 };

//! Significand bits (with the implicit one) and the least normal exponent of an element type.
inline int type_precision(int type) { return type == kRefBf16 ? 8 : type == kRefF16 ? 11 : 24; }
inline int type_min_exponent(int type) { return type == kRefF16 ? -14 : -126; }
//! Unit roundoff of an element type: 2^-p (half an ulp at 1).
inline double type_unit_roundoff(int type) { return std::ldexp(1.0, -type_precision(type)); }

struct GemmRefArgs {
  void const* a = nullptr;
  void const* b = nullptr;
  int ab_type = kRefBf16;  //!< A's and B's type
  int m = 0, n = 0, k = 0, batch = 1;
  int a_row = 1, b_row = 1;  //!< 1: row-major (A: a[i * lda + k], B: b[k * ldb + j]); 0: column-major
  std::int64_t lda = 0, ldb = 0, bsa = 0, bsb = 0;
  double* ref = nullptr;  //!< out: sum_k a_ik b_kj in float64 (batch x m x n)
  float* mag = nullptr;   //!< out: sum_k |a_ik b_kj| (batch x m x n); may be null
};

struct GemmCheckStats {
  unsigned long long bad;           //!< elements outside the bound (non-finite included)
  unsigned long long nonfinite;     //!< non-finite elements of the D checked
  unsigned long long max_err_bits;  //!< max |d - ref| (a non-negative double's bits)
  unsigned long long worst_bits;    //!< max |d - ref| / bound (a non-negative double's bits; +inf if non-finite)
  unsigned long long first_bad;     //!< least element index outside the bound; ~0 when none
  double sq_err;                    //!< sum (d - ref)^2 over the finite elements
  double sq_ref;                    //!< sum ref^2
};

//! What `gemm_check_kernel` compares. Either `ref` (+ `mag`) from `gemm_reference`, bound per element
//!   u_out |ref| + acc_coeff mag,
//! or (ref == nullptr) another library's D `ref_d` of the same type, with the operand norms, bound
//!   2 ulp_out(|ref_d|) + 2 acc_coeff |a_i| |b_j|.
struct GemmCheckArgs {
  void const* d = nullptr;
  int d_type = kRefBf16;
  int m = 0, n = 0, batch = 1;
  double const* ref = nullptr;
  float const* mag = nullptr;
  void const* ref_d = nullptr;
  double const* a_norm = nullptr;  //!< batch x m
  double const* b_norm = nullptr;  //!< batch x n
  double u_out = 0.0;
  double acc_coeff = 0.0;
  GemmCheckStats* stats = nullptr;
};

__device__ inline double ref_load(void const* p, std::int64_t i, int type) {
  if (type == kRefBf16) return double(__bfloat162float(static_cast<__nv_bfloat16 const*>(p)[i]));
  if (type == kRefF16) return double(__half2float(static_cast<__half const*>(p)[i]));
  return double(static_cast<float const*>(p)[i]);
}

constexpr int kGemmRefTile = 16;

//! 16 x 16 outputs per block; the operands pass through shared memory 16 x 16 at a time, so each
//! input element is read once per block whatever the layouts. Every product and sum in float64.
__global__ void gemm_reference_kernel(GemmRefArgs r) {
  __shared__ double sa[kGemmRefTile][kGemmRefTile + 1];
  __shared__ double sb[kGemmRefTile][kGemmRefTile + 1];
  std::int64_t const z = blockIdx.z;
  int const tx = int(threadIdx.x), ty = int(threadIdx.y);
  int const i0 = int(blockIdx.y) * kGemmRefTile, j0 = int(blockIdx.x) * kGemmRefTile;
  double acc = 0.0, mag = 0.0;
  for (int k0 = 0; k0 < r.k; k0 += kGemmRefTile) {
    {  // sa[ty][tx] = A(i0 + ty, k0 + tx); sb[ty][tx] = B(k0 + ty, j0 + tx)
      std::int64_t const ai = i0 + ty, ak = k0 + tx;
      sa[ty][tx] = ai < r.m && ak < r.k
                       ? ref_load(r.a, z * r.bsa + (r.a_row ? ai * r.lda + ak : ak * r.lda + ai), r.ab_type)
                       : 0.0;
      std::int64_t const bk = k0 + ty, bj = j0 + tx;
      sb[ty][tx] = bk < r.k && bj < r.n
                       ? ref_load(r.b, z * r.bsb + (r.b_row ? bk * r.ldb + bj : bj * r.ldb + bk), r.ab_type)
                       : 0.0;
    }
    __syncthreads();  // the chunk is complete before anyone reads it
#pragma unroll
    for (int kk = 0; kk < kGemmRefTile; ++kk) {
      double const x = sa[ty][kk], y = sb[kk][tx];
      acc = fma(x, y, acc);
      mag = fma(fabs(x), fabs(y), mag);
    }
    __syncthreads();  // everyone has read the chunk before it is overwritten
  }
  int const i = i0 + ty, j = j0 + tx;
  if (i >= r.m || j >= r.n) return;
  std::int64_t const o = (z * r.m + i) * r.n + j;
  r.ref[o] = acc;
  if (r.mag != nullptr) r.mag[o] = float(mag);
}

//! a_norm[z * m + i] = |A(z, i, :)|_2 and b_norm[z * n + j] = |B(z, :, j)|_2, one thread per row or column.
__global__ void gemm_norms_kernel(GemmRefArgs r, double* a_norm, double* b_norm) {
  std::int64_t const rows = std::int64_t(r.batch) * r.m, total = rows + std::int64_t(r.batch) * r.n;
  for (std::int64_t t = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; t < total;
       t += std::int64_t(gridDim.x) * blockDim.x) {
    double s = 0.0;
    if (t < rows) {
      std::int64_t const z = t / r.m, i = t % r.m;
      for (int k = 0; k < r.k; ++k) {
        double const x = ref_load(r.a, z * r.bsa + (r.a_row ? i * r.lda + k : std::int64_t(k) * r.lda + i), r.ab_type);
        s = fma(x, x, s);
      }
      a_norm[t] = sqrt(s);
    } else {
      std::int64_t const u = t - rows, z = u / r.n, j = u % r.n;
      for (int k = 0; k < r.k; ++k) {
        double const y = ref_load(r.b, z * r.bsb + (r.b_row ? std::int64_t(k) * r.ldb + j : j * r.ldb + k), r.ab_type);
        s = fma(y, y, s);
      }
      b_norm[u] = sqrt(s);
    }
  }
}

//! One ulp of |x| in a type of `p` significand bits whose least normal exponent is `emin`.
__device__ inline double ulp_of(double x, int p, int emin) {
  double const least = ldexp(1.0, emin - p + 1);  // the ulp of the subnormals
  if (!(fabs(x) > 0.0) || !isfinite(x)) return least;
  int e = 0;
  frexp(fabs(x), &e);  // |x| = f 2^e, f in [0.5, 1): the ulp is 2^(e - p)
  return fmax(ldexp(1.0, e - p), least);
}

__global__ void gemm_check_kernel(GemmCheckArgs a) {
  std::int64_t const mn = std::int64_t(a.m) * a.n, total = mn * a.batch;
  int const p = a.d_type == kRefBf16 ? 8 : a.d_type == kRefF16 ? 11 : 24;
  int const emin = a.d_type == kRefF16 ? -14 : -126;
  double const inf = __longlong_as_double(0x7FF0000000000000LL);
  unsigned long long bad = 0, nonfinite = 0, first = ~0ull;
  double max_err = 0.0, worst = 0.0, sq_err = 0.0, sq_ref = 0.0;
  for (std::int64_t idx = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; idx < total;
       idx += std::int64_t(gridDim.x) * blockDim.x) {
    double const v = ref_load(a.d, idx, a.d_type);
    double r = 0.0, bound = 0.0;
    if (a.ref != nullptr) {
      r = a.ref[idx];
      bound = a.u_out * fabs(r) + a.acc_coeff * (a.mag != nullptr ? double(a.mag[idx]) : 0.0);
    } else {
      r = ref_load(a.ref_d, idx, a.d_type);
      std::int64_t const z = idx / mn, rem = idx - z * mn, i = rem / a.n, j = rem - i * a.n;
      double const mag_bound = a.a_norm[z * a.m + i] * a.b_norm[z * a.n + j];
      bound = 2.0 * ulp_of(r, p, emin) + 2.0 * a.acc_coeff * mag_bound;
    }
    double err = inf, ratio = inf;
    if (isfinite(v)) {
      err = fabs(v - r);  // NaN when the reference is not finite: fails below
      ratio = bound > 0.0 ? err / bound : (err > 0.0 ? inf : 0.0);
      if (isfinite(err)) sq_err += err * err;
    } else {
      ++nonfinite;
    }
    if (isfinite(r)) sq_ref += r * r;
    if (!(ratio <= 1.0)) {
      ++bad;
      if (static_cast<unsigned long long>(idx) < first) first = static_cast<unsigned long long>(idx);
      if (!(ratio == ratio)) ratio = inf;  // NaN: record as the worst
      if (!(err == err)) err = inf;
    }
    max_err = fmax(max_err, err);
    worst = fmax(worst, ratio);
  }
  if (bad) {
    atomicAdd(&a.stats->bad, bad);
    atomicMin(&a.stats->first_bad, first);
  }
  if (nonfinite) atomicAdd(&a.stats->nonfinite, nonfinite);
  atomicMax(&a.stats->max_err_bits, static_cast<unsigned long long>(__double_as_longlong(max_err)));
  atomicMax(&a.stats->worst_bits, static_cast<unsigned long long>(__double_as_longlong(worst)));
  if (sq_err > 0.0) atomicAdd(&a.stats->sq_err, sq_err);
  if (sq_ref > 0.0) atomicAdd(&a.stats->sq_ref, sq_ref);
}

//! Whether `gemm_reference` can run `r` (its grid: ceil(n/16) x ceil(m/16) x batch blocks).
inline bool gemm_reference_fits(GemmRefArgs const& r) {
  return (r.m + kGemmRefTile - 1) / kGemmRefTile <= 65535 && r.batch <= 65535 &&
         (std::int64_t(r.n) + kGemmRefTile - 1) / kGemmRefTile <= 0x7FFFFFFFLL;
}

//! Enqueues the float64 reference (r.ref, r.mag) on `stream`; returns the launch's error.
inline cudaError_t gemm_reference(GemmRefArgs const& r, cudaStream_t stream) {
  dim3 const grid(unsigned((r.n + kGemmRefTile - 1) / kGemmRefTile), unsigned((r.m + kGemmRefTile - 1) / kGemmRefTile),
                  unsigned(r.batch));
  gemm_reference_kernel<<<grid, dim3(kGemmRefTile, kGemmRefTile), 0, stream>>>(r);
  return cudaGetLastError();
}

//! Enqueues the operand norms (a_norm: batch x m doubles, b_norm: batch x n) on `stream`.
inline cudaError_t gemm_operand_norms(GemmRefArgs const& r, double* a_norm, double* b_norm, int sm_count,
                                      cudaStream_t stream) {
  gemm_norms_kernel<<<4 * std::max(1, sm_count), 256, 0, stream>>>(r, a_norm, b_norm);
  return cudaGetLastError();
}

//! Enqueues the check; `a.stats` must hold {0, 0, 0, 0, ~0, 0, 0} before.
inline cudaError_t gemm_check(GemmCheckArgs const& a, int sm_count, cudaStream_t stream) {
  gemm_check_kernel<<<4 * std::max(1, sm_count), 256, 0, stream>>>(a);
  return cudaGetLastError();
}


}  // namespace
}  // namespace clc::bench
