//! @file kit/wgmma.cuh
//! @brief Warpgroup MMA (sm_90a): shared-memory matrix descriptors, the m64nNk16 multiply with f32
//! accumulators in its two forms, and the fence / commit / wait that order it.
//!  - `wgmma_ss<T, TransA, TransB>(acc, desc_a, desc_b, scale_d)`: A and B in shared memory.
//!  - `wgmma_rs<T, TransB>(acc, a_regs, desc_b, scale_d)`: A (64 x 16) from registers, e.g. P in P·V.
//! T is `__nv_bfloat16` or `__half`; N = 16, 32, ..., 256 is taken from the accumulator array
//! (`float acc[N / 2]` per thread). `scale_d = 0` ignores acc's old values (a tile's first k step).
//!
//! Ordering rules (PTX ISA, wgmma): `wgmma_fence()` before the first wgmma of a batch and after any
//! register write to acc (or to RS A registers) that a wgmma reads; `wgmma_commit()` closes the batch
//! into a group; `wgmma_wait<N>()` waits until at most N groups are pending, after which their shared
//! memory may be overwritten and their accumulators read. Register fragments: thread (warp w, lane l)
//! of the warpgroup holds rows 16w + l/4 and 16w + l/4 + 8 and, for j = 0..N/8-1, columns 8j + 2(l%4)
//! and +1: acc[4j + 2h + c] is (row 16w + l/4 + 8h, column 8j + 2(l%4) + c). The RS A fragment of a
//! 64 x 16 tile packs pairs of columns: a[0] = (row 16w + l/4, columns 2(l%4), +1), a[1] = the same
//! columns 8 rows down, a[2] / a[3] = columns 8 + 2(l%4), +1 of those rows (the mma.sync m16n8k16 A
//! layout per warp). So columns 16k..16k+15 of an accumulator tile are an A fragment as they stand:
//! `rs_fragment<T>(acc, k)` packs them (FlashAttention's P = softmax(S) feeding P·V).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "arch.cuh"

namespace clc::kit {

#if defined(__CUDACC__)

namespace detail {
#include "detail/wgmma_ops.inc"
}  // namespace detail

//! Layout types of a shared-memory matrix descriptor (PTX ISA "matrix descriptor format").
enum class SmemLayout : int { Interleave = 0, Swizzle128B = 1, Swizzle64B = 2, Swizzle32B = 3 };

//! Shared-memory matrix descriptor: start address, leading and stride byte offsets (all >> 4), layout.
//! For 128-byte swizzle the tile's atoms (8 rows of 128 bytes) must be 1024-byte aligned (base offset 0):
//!  - K-major operand, rows of 64 16-bit elements along K: SBO = 1024 (next 8 rows), LBO unused; a K
//!    step of 16 elements moves the start by 32 bytes inside the atom.
//!  - MN-major operand, rows of 64 elements along M/N, one row per k: SBO = 1024 (next 8 k), LBO = the
//!    stride between 64-wide M/N chunks; a K step of 16 moves the start by 2048 bytes.
CLC_KIT_DEVICE std::uint64_t make_smem_desc(std::uint32_t smem_addr, std::uint32_t lbo, std::uint32_t sbo,
                                            SmemLayout layout = SmemLayout::Swizzle128B) {
  std::uint64_t d = 0;
  d |= std::uint64_t((smem_addr & 0x3FFFF) >> 4);
  d |= std::uint64_t((lbo >> 4) & 0x3FFF) << 16;
  d |= std::uint64_t((sbo >> 4) & 0x3FFF) << 32;
  d |= std::uint64_t(int(layout)) << 62;
  return d;
}

//! make_smem_desc in two halves, for loops that step the start address: `hi` (SBO, layout) stays
//! constant and `lo` (start >> 4, LBO) moves by bytes >> 4. `at(off)` is make_smem_desc(addr + off,
//! ...) while addr + off stays below 256 KiB (the 14-bit start field; every shared-memory address
//! does) and off is a multiple of 16. A mainloop then builds each wgmma's descriptor with one add
//! instead of masking and shifting the address again (ptxas does not fold those across the steps).
struct SmemDesc {
  std::uint32_t lo;
  std::uint32_t hi;
  CLC_KIT_DEVICE std::uint64_t at(std::uint32_t byte_offset) const {
    return (std::uint64_t(hi) << 32) | std::uint64_t(lo + (byte_offset >> 4));
  }
};
CLC_KIT_DEVICE SmemDesc smem_desc(std::uint32_t smem_addr, std::uint32_t lbo, std::uint32_t sbo,
                                  SmemLayout layout = SmemLayout::Swizzle128B) {
  std::uint64_t const d = make_smem_desc(smem_addr, lbo, sbo, layout);
  return SmemDesc{std::uint32_t(d), std::uint32_t(d >> 32)};
}

//! Orders this warpgroup's register accesses before the wgmma that follow (warpgroup-collective).
CLC_KIT_DEVICE void wgmma_fence() {
#if CLC_KIT_SM90A
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
//! Closes the wgmma issued since the last commit into one group.
CLC_KIT_DEVICE void wgmma_commit() {
#if CLC_KIT_SM90A
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
#endif
}
//! Waits until at most `Pending` committed groups of this warpgroup are still running.
template <int Pending>
CLC_KIT_DEVICE void wgmma_wait() {
#if CLC_KIT_SM90A
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(Pending) : "memory");
#endif
}
//! Keeps the compiler from moving accesses to `r` across a wgmma wait (apply to every accumulator).
CLC_KIT_DEVICE void fence_operand(float& r) { asm volatile("" : "+f"(r)::"memory"); }
template <int R>
CLC_KIT_DEVICE void fence_operands(float (&acc)[R]) {
#pragma unroll
  for (int i = 0; i < R; ++i) fence_operand(acc[i]);
}
//! The same for the register A fragments of wgmma_rs: their plain writes (e.g. P = bf16(S)) stay before
//! the wgmma_fence of the batch that reads them, and nothing rewrites them before its wgmma_wait.
CLC_KIT_DEVICE void fence_operand(std::uint32_t& r) { asm volatile("" : "+r"(r)::"memory"); }
template <int K>
CLC_KIT_DEVICE void fence_operands(std::uint32_t (&a)[K][4]) {
#pragma unroll
  for (int k = 0; k < K; ++k)
#pragma unroll
    for (int i = 0; i < 4; ++i) fence_operand(a[k][i]);
}

//! acc (64 x N) = A (64 x 16, shared) * B (16 x N, shared) + (scale_d ? acc : 0).
//! `TransA` / `TransB`: 1 when the operand tile is MN-major (0: K-major).
template <class T, int TransA, int TransB, int R>
CLC_KIT_DEVICE void wgmma_ss(float (&acc)[R], std::uint64_t desc_a, std::uint64_t desc_b, int scale_d) {
  static_assert(R % 8 == 0 && R >= 8 && R <= 128, "accumulators: float[N / 2] with N = 16, 32, ..., 256");
  if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    detail::wgmma_ss_bf16<TransA, TransB>(acc, desc_a, desc_b, scale_d);
  } else {
    static_assert(std::is_same_v<T, __half>, "wgmma inputs are __nv_bfloat16 or __half");
    detail::wgmma_ss_f16<TransA, TransB>(acc, desc_a, desc_b, scale_d);
  }
}

//! acc (64 x N) = A (64 x 16, registers, K-major) * B (16 x N, shared) + (scale_d ? acc : 0).
//! The A registers must stay unchanged until the wgmma's group has been waited for.
template <class T, int TransB, int R>
CLC_KIT_DEVICE void wgmma_rs(float (&acc)[R], std::uint32_t const (&a)[4], std::uint64_t desc_b, int scale_d) {
  static_assert(R % 8 == 0 && R >= 8 && R <= 128, "accumulators: float[N / 2] with N = 16, 32, ..., 256");
  if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    detail::wgmma_rs_bf16<TransB>(acc, a, desc_b, scale_d);
  } else {
    static_assert(std::is_same_v<T, __half>, "wgmma inputs are __nv_bfloat16 or __half");
    detail::wgmma_rs_f16<TransB>(acc, a, desc_b, scale_d);
  }
}

//! The RS A fragment of columns 16k..16k+15 of an accumulator tile (64 x N, wgmma layout), converted
//! to T: the register-A operand of a following wgmma_rs without any data movement between threads.
template <class T, int R>
CLC_KIT_DEVICE void rs_fragment(float const (&acc)[R], int k, std::uint32_t (&a)[4]) {
  auto pack = [](float lo, float hi) {
    std::uint32_t u;
    if constexpr (std::is_same_v<T, __nv_bfloat16>) {
      __nv_bfloat162 const v = __floats2bfloat162_rn(lo, hi);
      u = *reinterpret_cast<std::uint32_t const*>(&v);
    } else {
      static_assert(std::is_same_v<T, __half>, "wgmma inputs are __nv_bfloat16 or __half");
      __half2 const v = __floats2half2_rn(lo, hi);
      u = *reinterpret_cast<std::uint32_t const*>(&v);
    }
    return u;
  };
  int const j0 = 8 * k, j1 = 8 * k + 4;  // accumulator index of column groups 2k and 2k + 1
  a[0] = pack(acc[j0 + 0], acc[j0 + 1]);
  a[1] = pack(acc[j0 + 2], acc[j0 + 3]);
  a[2] = pack(acc[j1 + 0], acc[j1 + 1]);
  a[3] = pack(acc[j1 + 2], acc[j1 + 3]);
}

#endif  // __CUDACC__

}  // namespace clc::kit
