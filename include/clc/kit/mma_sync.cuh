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

#endif  // __CUDACC__

}  // namespace clc::kit
