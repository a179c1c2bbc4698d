//! @file epilogue.cuh
//! @brief The direct epilogue: D = alpha * acc + beta * C for pairs of adjacent columns, written from
//! registers (both kernels; the Sm90 kernel stores through TMA instead where kit/epilogue.cuh applies).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "problem.hpp"
#include "clc/kit/arch.cuh"

namespace clc::gemm::detail {

struct EpilogueParams {
  void const* c;  // == d when beta == 0 (never read then)
  void* d;
  std::int64_t ldc, ldd, bsc, bsd;
  int m, n;
  float alpha, beta;
  int cd_type;    // DType of C and D
  int vec_pairs;  // C and D allow 2-element vector accesses at even columns
};

//! Host: the epilogue fields of a normalised problem.
inline EpilogueParams make_epilogue_params(Problem const& pr) {
  EpilogueParams e{};
  std::size_t const cs = size_of(pr.cd);
  e.c = pr.beta != 0.0f ? pr.c : pr.d;  // C is never read when beta == 0
  e.d = pr.d;
  e.ldc = pr.beta != 0.0f ? pr.ldc : pr.ldd;
  e.ldd = pr.ldd;
  e.bsc = pr.beta != 0.0f ? pr.bsc : pr.bsd;
  e.bsd = pr.bsd;
  e.m = pr.m;
  e.n = pr.n;
  e.alpha = pr.alpha;
  e.beta = pr.beta;
  e.cd_type = int(pr.cd);
  auto pair_ok = [&](void const* ptr, std::int64_t ld, std::int64_t bs) {
    return reinterpret_cast<std::uintptr_t>(ptr) % (2 * cs) == 0 && ld % 2 == 0 && (pr.batch == 1 || bs % 2 == 0);
  };
  e.vec_pairs = pair_ok(e.d, e.ldd, e.bsd) && pair_ok(e.c, e.ldc, e.bsc) ? 1 : 0;
  return e;
}

#if defined(__CUDACC__)

//! Row `row` of batch `z` of C / D (typed).
template <class T>
CLC_KIT_DEVICE T* d_row_ptr(EpilogueParams const& e, int z, int row) {
  return static_cast<T*>(e.d) + std::int64_t(z) * e.bsd + std::int64_t(row) * e.ldd;
}
template <class T>
CLC_KIT_DEVICE T const* c_row_ptr(EpilogueParams const& e, int z, int row) {
  return static_cast<T const*>(e.c) + std::int64_t(z) * e.bsc + std::int64_t(row) * e.ldc;
}

//! Stores (row, col) and (row, col + 1) of one row, each only if inside N.
template <class T>
CLC_KIT_DEVICE void store_pair(EpilogueParams const& e, T* d_row, T const* c_row, int col, float v0, float v1) {
  if (col >= e.n) return;
  bool const two = col + 1 < e.n;
  v0 *= e.alpha;
  v1 *= e.alpha;
  if (e.beta != 0.0f) {
    v0 += e.beta * float(c_row[col]);
    if (two) v1 += e.beta * float(c_row[col + 1]);
  }
  if (two && e.vec_pairs) {
    if constexpr (std::is_same_v<T, float>) {
      *reinterpret_cast<float2*>(d_row + col) = make_float2(v0, v1);
    } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
      *reinterpret_cast<__nv_bfloat162*>(d_row + col) = __floats2bfloat162_rn(v0, v1);
    } else {
      *reinterpret_cast<__half2*>(d_row + col) = __floats2half2_rn(v0, v1);
    }
  } else {
    d_row[col] = T(v0);
    if (two) d_row[col + 1] = T(v1);
  }
}

#endif  // __CUDACC__

}  // namespace clc::gemm::detail
