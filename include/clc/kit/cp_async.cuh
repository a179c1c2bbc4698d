//! @file kit/cp_async.cuh
//! @brief Asynchronous global -> shared copies per thread (sm_80+), for kernels that cannot use TMA
//! (any alignment, gathers). A thread's copies are grouped with `cp_async_commit()`; after
//! `cp_async_wait<N>()` all but its N most recent groups have landed, visible to *this* thread (a
//! barrier then makes them visible to the others).
#pragma once

#include "arch.cuh"

namespace clc::kit {

#if defined(__CUDACC__)

//! 16 bytes into `dst` (16-byte aligned shared memory), of which only `src_bytes` (0..16) are read
//! from `src`; the rest is zero-filled (`src_bytes = 0` reads nothing: an out-of-bounds element).
CLC_KIT_DEVICE void cp_async_16(void* dst, void const* src, int src_bytes) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(smem_u32(dst)), "l"(src), "r"(src_bytes)
               : "memory");
#endif
}
CLC_KIT_DEVICE void cp_async_commit() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
template <int Pending>
CLC_KIT_DEVICE void cp_async_wait() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  asm volatile("cp.async.wait_group %0;" ::"n"(Pending) : "memory");
#endif
}

#endif  // __CUDACC__

}  // namespace clc::kit
