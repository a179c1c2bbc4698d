//! @file ptx.cuh
//! @brief The GEMM's device primitives, written once: mbarrier waits and TMA loads (through CCCL's
//! `cuda::ptx`), and the instructions CCCL has no wrapper for (wgmma, setmaxnreg, remote mbarrier
//! arrive, cp.async with zero fill, mma.sync).
//! Everything compiles on every target; the Hopper-only instructions are emitted only for sm_90a
//! (`CLC_GEMM_HAS_WGMMA`), and the kernels that use them are never launched elsewhere.
#pragma once

#include <cstdint>

#include <cuda/ptx>

#include "clc/config.cuh"

#define CLC_GEMM_DEVICE __device__ __forceinline__

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#  define CLC_GEMM_HAS_WGMMA 1
#else
#  define CLC_GEMM_HAS_WGMMA 0
#endif

namespace clc::gemm::detail {

#if defined(__CUDACC__)

CLC_GEMM_DEVICE std::uint32_t smem_u32(void const* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// -- mbarrier ---------------------------------------------------------------------------------------
CLC_GEMM_DEVICE void bar_init(std::uint64_t* bar, std::uint32_t count) {
#if CLC_HAS_CLUSTERS
  cuda::ptx::mbarrier_init(bar, count);
#endif
}

//! Wait until the phase of parity `parity` of `bar` has completed. With CLC_HANG_TIMEOUT_NS set
//! (tests), a wait that never completes traps instead of hanging the process.
CLC_GEMM_DEVICE void bar_wait(std::uint64_t* bar, std::uint32_t parity) {
#if CLC_HAS_CLUSTERS
  if (cuda::ptx::mbarrier_try_wait_parity(bar, parity)) return;
#  if CLC_HANG_TIMEOUT_NS
  std::uint64_t const t0 = cuda::ptx::get_sreg_globaltimer();
#  endif
  while (!cuda::ptx::mbarrier_try_wait_parity(bar, parity)) {
#  if CLC_HANG_TIMEOUT_NS
    if (cuda::ptx::get_sreg_globaltimer() - t0 > CLC_HANG_TIMEOUT_NS) __trap();
#  endif
  }
#endif
}

//! Local arrive that also expects `bytes` of TMA traffic in the current phase.
CLC_GEMM_DEVICE void bar_arrive_expect_tx(std::uint64_t* bar, std::uint32_t bytes) {
#if CLC_HAS_CLUSTERS
  cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta, cuda::ptx::space_shared, bar,
                                       bytes);
#endif
}

//! Arrive on the barrier at the same shared-memory offset in cluster CTA `rank`. Default semantics
//! (release, CTA scope): the arrive only has to follow this warp's wgmma reads of the stage, which
//! wgmma.wait_group has already completed. A `.release.cluster` arrive would compile to a GPU-wide
//! MEMBAR before every release (measured: it halved the kernel's speed).
CLC_GEMM_DEVICE void bar_arrive_cluster(std::uint64_t* local_bar, std::uint32_t rank) {
#if CLC_HAS_CLUSTERS
  std::uint32_t const local = smem_u32(local_bar);
  std::uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(rank));
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];" ::"r"(remote) : "memory");
#endif
}

//! Plain local arrive (default semantics: release, CTA scope).
CLC_GEMM_DEVICE void bar_arrive_local(std::uint64_t* bar) {
#if CLC_HAS_CLUSTERS
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_u32(bar)) : "memory");
#endif
}

CLC_GEMM_DEVICE void fence_barrier_init() {
#if CLC_HAS_CLUSTERS
  cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
#endif
}

CLC_GEMM_DEVICE void cluster_sync() {
#if CLC_HAS_CLUSTERS
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
#endif
}

// -- TMA (2-D tiles of a 3-D tensor: the batch index is the third coordinate) ------------------------
CLC_GEMM_DEVICE void tma_load(void* dst, void const* tmap, int c0, int c1, int c2, std::uint64_t* bar) {
#if CLC_HAS_CLUSTERS
  std::int32_t const coords[3] = {c0, c1, c2};
  cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global, dst, tmap, coords, bar);
#endif
}

//! The same tile into every CTA of `cta_mask` (same shared offsets; each CTA's own barrier receives
//! the completed bytes).
CLC_GEMM_DEVICE void tma_load_multicast(void* dst, void const* tmap, int c0, int c1, int c2, std::uint64_t* bar,
                                        std::uint16_t cta_mask) {
#if CLC_GEMM_HAS_WGMMA
  std::int32_t const coords[3] = {c0, c1, c2};
  cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global, dst, tmap, coords, bar,
                                  cta_mask);
#else
  (void)cta_mask;
  tma_load(dst, tmap, c0, c1, c2, bar);
#endif
}

//! Shared -> global tile store (bulk async-group); out-of-bounds parts of the box are not written.
CLC_GEMM_DEVICE void tma_store(void const* tmap, int c0, int c1, int c2, void const* src) {
#if CLC_GEMM_HAS_WGMMA
  std::int32_t const coords[3] = {c0, c1, c2};
  cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_global, cuda::ptx::space_shared, tmap, coords, src);
#else
  (void)tmap; (void)c0; (void)c1; (void)c2; (void)src;
#endif
}
CLC_GEMM_DEVICE void bulk_commit() {
#if CLC_GEMM_HAS_WGMMA
  cuda::ptx::cp_async_bulk_commit_group();
#endif
}
//! Wait until at most `Pending` of this thread's most recent bulk stores still read shared memory.
template <int Pending>
CLC_GEMM_DEVICE void bulk_wait_read() {
#if CLC_GEMM_HAS_WGMMA
  cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<Pending>{});
#endif
}
//! Wait until every bulk store of this thread has completed (its writes are done).
CLC_GEMM_DEVICE void bulk_wait_all() {
#if CLC_GEMM_HAS_WGMMA
  cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<0>{});
#endif
}
//! Makes this thread's generic-proxy shared-memory writes visible to the async proxy (TMA store).
CLC_GEMM_DEVICE void fence_proxy_async_smem() {
#if CLC_GEMM_HAS_WGMMA
  cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
#endif
}
//! Named barrier `id` (1..15; 0 is __syncthreads) over `count` threads.
CLC_GEMM_DEVICE void named_bar_sync(unsigned id, unsigned count) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}

CLC_GEMM_DEVICE void prefetch_tensormap(void const* tmap) {
#if CLC_HAS_CLUSTERS
  asm volatile("prefetch.tensormap [%0];" ::"l"(tmap) : "memory");
#endif
}

// -- register reallocation ---------------------------------------------------------------------------
template <int Regs>
CLC_GEMM_DEVICE void regs_decrease() {
#if CLC_GEMM_HAS_WGMMA
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(Regs));
#endif
}
template <int Regs>
CLC_GEMM_DEVICE void regs_increase() {
#if CLC_GEMM_HAS_WGMMA
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(Regs));
#endif
}

// -- wgmma -------------------------------------------------------------------------------------------
//! Orders this warpgroup's register accesses before the wgmma that follows.
CLC_GEMM_DEVICE void wgmma_fence() {
#if CLC_GEMM_HAS_WGMMA
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#endif
}
CLC_GEMM_DEVICE void wgmma_commit() {
#if CLC_GEMM_HAS_WGMMA
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
#endif
}
//! Wait until at most `Pending` committed wgmma groups of this warpgroup are still running.
template <int Pending>
CLC_GEMM_DEVICE void wgmma_wait() {
#if CLC_GEMM_HAS_WGMMA
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(Pending) : "memory");
#endif
}
//! Keeps the compiler from moving accumulator accesses across a wgmma wait.
CLC_GEMM_DEVICE void fence_operand(float& r) { asm volatile("" : "+f"(r)::"memory"); }

//! Shared-memory matrix descriptor of a 128-byte-swizzled operand tile (PTX ISA "matrix descriptor"):
//! start address, leading and stride byte offsets (all >> 4), layout type 1 = 128B swizzle. The tile's
//! swizzle atoms (8 rows of 128 bytes) must be 1024-byte aligned so the base offset field stays 0.
//!  - K-major: rows of 64 elements along K; SBO = 1024 (next 8 rows); LBO unused; a K step of 16
//!    elements moves the start by 32 bytes inside the atom.
//!  - MN-major: rows of 64 elements along M/N, one row per k; SBO = 1024 (next 8 k), LBO = stride
//!    between 64-wide M/N chunks; a K step of 16 moves the start by 2048 bytes.
CLC_GEMM_DEVICE std::uint64_t make_desc_sw128(std::uint32_t smem_addr, std::uint32_t lbo, std::uint32_t sbo) {
  std::uint64_t d = 0;
  d |= std::uint64_t((smem_addr & 0x3FFFF) >> 4);
  d |= std::uint64_t((lbo >> 4) & 0x3FFF) << 16;
  d |= std::uint64_t((sbo >> 4) & 0x3FFF) << 32;
  d |= std::uint64_t(1) << 62;
  return d;
}

#include "wgmma_m64nN.inc"

// -- portable path (sm_80+): cp.async and mma.sync -------------------------------------------------------
//! 16-byte asynchronous copy global -> shared that reads only `src_bytes` (0..16) and zero-fills the rest.
CLC_GEMM_DEVICE void cp_async_16(void* dst, void const* src, int src_bytes) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(smem_u32(dst)), "l"(src), "r"(src_bytes)
               : "memory");
#endif
}
CLC_GEMM_DEVICE void cp_async_commit() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
template <int Pending>
CLC_GEMM_DEVICE void cp_async_wait() {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  asm volatile("cp.async.wait_group %0;" ::"n"(Pending) : "memory");
#endif
}

//! D += A * B for one m16n8k16 tile (A row-major 16x16, B column-major 16x8, fp32 accumulators).
template <bool Bf16>
CLC_GEMM_DEVICE void mma_m16n8k16(float (&c)[4], std::uint32_t const (&a)[4], std::uint32_t const (&b)[2]) {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
  if constexpr (Bf16) {
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
  (void)c; (void)a; (void)b;
#endif
}

#endif  // __CUDACC__

}  // namespace clc::gemm::detail
