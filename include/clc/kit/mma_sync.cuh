//! @file kit/mma_sync.cuh
//! @brief Warp-level MMA (sm_80+): m16n8k16 with f32 accumulators, bf16 or f16 inputs, for the
//! portable kernels (any target, any alignment). Fragments per lane l (g = l / 4, q = l % 4):
//! a[0] = A(g, 2q..2q+1), a[1] = A(g + 8, 2q..), a[2] = A(g, 2q + 8..), a[3] = A(g + 8, 2q + 8..);
//! b[0] = B(2q..2q+1, g), b[1] = B(2q + 8.., g); c[0..1] = C(g, 2q..2q+1), c[2..3] = C(g + 8, 2q..).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "arch.cuh"

namespace clc::kit {

#if defined(__CUDACC__)

//! c += A (16 x 16, row-major fragment) * B (16 x 8, column-major fragment). T: __nv_bfloat16 or __half.
template <class T>
CLC_KIT_DEVICE void mma_m16n8k16(float (&c)[4], std::uint32_t const (&a)[4], std::uint32_t const (&b)[2]) {
  static_assert(std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, __half>, "mma inputs are bf16 or f16");
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  } else {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
        "{%0, %1, %2, %3};"
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  }
#else
  (void)c, (void)a, (void)b;
#endif
}

//! One warp's 64 x 32 share of a block tile's k-chunk of `K` (a multiple of 16), both operands in
//! shared memory as rows of `Row` 16-bit elements along k (A: the tile's M rows, B: its N rows, i.e.
//! both K-major): acc[i][j] += A(a_row0 + 16 i .., k) * B(b_row0 + 8 j .., k). `g` = lane / 4,
//! `q` = lane % 4. The portable GEMM and convolution kernels (128 x 128 tiles, 8 warps of 64 x 32).
template <class T, int Row, int K>
CLC_KIT_DEVICE void warp_mma_64x32(float (&acc)[4][4][4], std::uint16_t const* a_s, std::uint16_t const* b_s,
                                   int a_row0, int b_row0, int g, int q) {
#pragma unroll
  for (int ks = 0; ks < K; ks += 16) {
    std::uint32_t bfr[4][2];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      std::uint16_t const* c0 = b_s + (b_row0 + j * 8 + g) * Row + ks + 2 * q;
      bfr[j][0] = *reinterpret_cast<std::uint32_t const*>(c0);
      bfr[j][1] = *reinterpret_cast<std::uint32_t const*>(c0 + 8);
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      std::uint32_t af[4];
      std::uint16_t const* r0 = a_s + (a_row0 + i * 16 + g) * Row + ks + 2 * q;
      std::uint16_t const* r1 = r0 + 8 * Row;
      af[0] = *reinterpret_cast<std::uint32_t const*>(r0);
      af[1] = *reinterpret_cast<std::uint32_t const*>(r1);
      af[2] = *reinterpret_cast<std::uint32_t const*>(r0 + 8);
      af[3] = *reinterpret_cast<std::uint32_t const*>(r1 + 8);
#pragma unroll
      for (int j = 0; j < 4; ++j) mma_m16n8k16<T>(acc[i][j], af, bfr[j]);
    }
  }
}

//! The epilogue walk over warp_mma_64x32's accumulators: for each of the lane's rows
//! row_base + 16 i + 8 h (row_base = the warp's first row + g) below `rows`, `row_op(row)` returns
//! that row's pair store `st(col, v0, v1)`, called for columns col_base + 8 j (col_base = the warp's
//! first column + 2 q) with acc[i][j][2 h], acc[i][j][2 h + 1]. The portable GEMM and convolution.
template <class RowOp>
CLC_KIT_DEVICE void store_pairs_64x32(float const (&acc)[4][4][4], int row_base, int col_base, int rows,
                                      RowOp const& row_op) {
#pragma unroll
  for (int i = 0; i < 4; ++i) {
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int const row = row_base + i * 16 + 8 * h;
      if (row >= rows) continue;
      auto const st = row_op(row);
#pragma unroll
      for (int j = 0; j < 4; ++j) st(col_base + j * 8, acc[i][j][2 * h], acc[i][j][2 * h + 1]);
    }
  }
}

#endif  // __CUDACC__

}  // namespace clc::kit
