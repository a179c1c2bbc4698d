//! @file detail/ptx.cuh
//! @brief The few synchronisation primitives clc uses, on top of CCCL's `cuda::ptx` wrappers.
//! The only hand-written inline PTX of the project's runtime lives here, where CCCL has no wrapper.
#pragma once

#include <cassert>
#include <cstdint>

#include <cooperative_groups.h>
#include <cuda/ptx>

#include "../config.cuh"

namespace clc::detail {

#if defined(__CUDACC__)

// Cluster coordinates. Only %cluster_ctarank and the launch constants (%cluster_nctaid,
// %nclusterid, %nctaid) are read from special registers: on sm_90a with nvcc 13.0, %cluster_ctaid and
// %clusterid are computed in SASS through a float reciprocal (I2FP.F32.U32 ... F2I.U32.TRUNC) that is
// exact only below 2^24 blocks (docs/protocol.md has the measurement). The runtime's cluster extents
// are powers of two (validate(TileSpace)), so ranks and cluster ids are derived from
// %cluster_ctarank and blockIdx with shifts and masks. tests/ptx rejects the two registers in the
// runtime's PTX.

//! The GPU's global nanosecond timer (%globaltimer): the one read of it in the project.
CLC_DEVICE CLC_FORCEINLINE std::uint64_t globaltimer_ns() { return cuda::ptx::get_sreg_globaltimer(); }
CLC_DEVICE CLC_FORCEINLINE unsigned sm_id() { return cuda::ptx::get_sreg_smid(); }
CLC_DEVICE CLC_FORCEINLINE unsigned lane_id() { return cuda::ptx::get_sreg_laneid(); }

//! log2 of a power of two (the cluster extents 1, 2, 4, 8, 16).
CLC_DEVICE CLC_FORCEINLINE unsigned log2_pow2(unsigned v) { return 31u - unsigned(__clz(int(v))); }

//! This CTA's rank inside its cluster (0 without clusters); x fastest, then y, then z.
CLC_DEVICE CLC_FORCEINLINE unsigned cluster_rank() { return cuda::ptx::get_sreg_cluster_ctarank(); }
//! Number of CTAs in this cluster.
CLC_DEVICE CLC_FORCEINLINE unsigned cluster_num_ctas() {
  return cuda::ptx::get_sreg_cluster_nctaid_x() * cuda::ptx::get_sreg_cluster_nctaid_y() *
         cuda::ptx::get_sreg_cluster_nctaid_z();
}
//! This CTA's position inside its cluster along x and y (what %cluster_ctaid.x/.y mean), from
//! %cluster_ctarank and the power-of-two cluster extents.
CLC_DEVICE CLC_FORCEINLINE unsigned cluster_rank_x() {
  return cluster_rank() & (cuda::ptx::get_sreg_cluster_nctaid_x() - 1u);
}
CLC_DEVICE CLC_FORCEINLINE unsigned cluster_rank_y() {
  return (cluster_rank() >> log2_pow2(cuda::ptx::get_sreg_cluster_nctaid_x())) &
         (cuda::ptx::get_sreg_cluster_nctaid_y() - 1u);
}
//! Number of launched clusters (launch constants, exact at any grid size).
CLC_DEVICE CLC_FORCEINLINE unsigned num_clusters() {
  return cuda::ptx::get_sreg_nclusterid_x() * cuda::ptx::get_sreg_nclusterid_y() * cuda::ptx::get_sreg_nclusterid_z();
}
//! Linear index of this cluster in the launched grid (x fastest): what %clusterid would give,
//! derived from blockIdx and the power-of-two cluster extents.
CLC_DEVICE CLC_FORCEINLINE unsigned cluster_linear_id() {
  unsigned const cx = blockIdx.x >> log2_pow2(cuda::ptx::get_sreg_cluster_nctaid_x());
  unsigned const cy = blockIdx.y >> log2_pow2(cuda::ptx::get_sreg_cluster_nctaid_y());
  unsigned const cz = blockIdx.z >> log2_pow2(cuda::ptx::get_sreg_cluster_nctaid_z());
  return cx + cuda::ptx::get_sreg_nclusterid_x() * (cy + cuda::ptx::get_sreg_nclusterid_y() * cz);
}

//! The same shared-memory object in CTA `rank` of this cluster (mapa). Own rank included.
template <class T>
CLC_DEVICE CLC_FORCEINLINE T* map_to_rank(T* p, unsigned rank) {
  return cooperative_groups::this_cluster().map_shared_rank(p, static_cast<int>(rank));
}

//! The shared::cluster address of CTA `rank`'s copy of the shared-memory object at `local`: `mapa` on
//! the 32-bit shared-window address (CCCL has no wrapper; cooperative_groups' map_shared_rank goes
//! through a 64-bit generic address and back, a few more instructions on every remote arrive).
//! Not volatile: a pure address computation the compiler may hoist out of loops.
CLC_DEVICE CLC_FORCEINLINE std::uint32_t map_shared_rank_u32(void const* local, unsigned rank) {
  std::uint32_t r;
  asm("mapa.shared::cluster.u32 %0, %1, %2;"
      : "=r"(r)
      : "r"(static_cast<std::uint32_t>(__cvta_generic_to_shared(local))), "r"(rank));
  return r;
}

//! Whole-cluster barrier with release/acquire: everything a CTA did before it (remote arrives,
//! st.async into peers, barrier init) is visible to every CTA after it.
CLC_DEVICE CLC_FORCEINLINE void cluster_sync() {
  cuda::ptx::barrier_cluster_arrive(cuda::ptx::sem_release);
  cuda::ptx::barrier_cluster_wait(cuda::ptx::sem_acquire);
}

CLC_DEVICE CLC_FORCEINLINE void mbarrier_init(std::uint64_t* bar, std::uint32_t count) {
  cuda::ptx::mbarrier_init(bar, count);
}

//! Wait until the phase with parity `phase` of `bar` (in this CTA) has completed, with acquire at
//! CTA scope: enough for data delivered by complete_tx (st.async, try_cancel, TMA, also from peer
//! CTAs) and for arrivals of this CTA's threads; a cluster-scope acquire would add a GPU-wide fence.
//! With CLC_HANG_TIMEOUT_NS set (tests), a wait that never completes traps instead of hanging.
//! The hang timeout's trap, out of line: an inlined `trap` in a kernel that raises its register budget
//! with setmaxnreg made ptxas keep that warpgroup's code inside the launch-time budget (168 registers
//! at 384 threads), spilling and serialising wgmma; behind a call the code keeps its setmaxnreg budget.
__device__ __noinline__ inline void hang_trap() {
  __trap();  // the launch fails with cudaErrorLaunchFailure: a hang becomes an error
}

//! A failed debug check (CLC_CHECK_ROLES): what a device `assert` does (glibc's __assert_fail, a CUDA
//! builtin in device code), also where NDEBUG is defined: the CUDA runtime prints the message and
//! the launch fails with cudaErrorAssert.
__device__ __noinline__ inline void check_failed(char const* what, char const* file, unsigned line) {
  __assert_fail(what, file, line, "clc::Scheduler");
}

//! Without the hang timeout each try may suspend the thread for up to CLC_WAIT_SUSPEND_NS (10 ms; the
//! instruction's suspend-time hint: the thread resumes as soon as the phase completes), so a long wait
//! costs a few instructions instead of a loop of short tries: the scheduler warp of a GEMM at 8192^3
//! spent 5% of the kernel's issued instructions in such a loop (bench/results/h200-cublas-kernels.txt,
//! section 4). CLC_WAIT_SUSPEND_NS=0 keeps the short tries (a diagnostic). With the timeout the tries
//! stay short, so the elapsed time is checked often.
#ifndef CLC_WAIT_SUSPEND_NS
#  define CLC_WAIT_SUSPEND_NS 10000000u
#endif
CLC_DEVICE CLC_FORCEINLINE void mbarrier_wait(std::uint64_t* bar, std::uint32_t phase) {
#if CLC_HANG_TIMEOUT_NS
  std::uint64_t const t0 = globaltimer_ns();
  while (!cuda::ptx::mbarrier_try_wait_parity(bar, phase)) {
    if (globaltimer_ns() - t0 > CLC_HANG_TIMEOUT_NS) hang_trap();
  }
#elif CLC_WAIT_SUSPEND_NS
  while (!cuda::ptx::mbarrier_try_wait_parity(bar, phase, std::uint32_t(CLC_WAIT_SUSPEND_NS))) {
  }
#else
  while (!cuda::ptx::mbarrier_try_wait_parity(bar, phase)) {
  }
#endif
}

//! Arrive on a barrier of CTA `rank` (a peer's copy of `local_bar`) with the instruction's default
//! semantics, release at CTA scope (the form CUTLASS's cluster pipelines use). A release at cluster
//! scope compiles to a GPU-wide memory barrier that would wait for every store the arriving thread
//! (and its tile's body) made. What the arrive publishes here is only "this slot has been read": the
//! value was loaded and consumed before it in program order. CCCL has no wrapper for this form.
CLC_DEVICE CLC_FORCEINLINE void mbarrier_arrive_remote(std::uint64_t* local_bar, unsigned rank) {
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];" : : "r"(map_shared_rank_u32(local_bar, rank)) : "memory");
}

//! Arm CTA `rank`'s copy of `local_bar`: one arrival and `bytes` more expected transaction bytes.
//! Relaxed: the arm publishes no data (the bytes' completion does), and the transaction count may
//! even be completed before it is raised.
CLC_DEVICE CLC_FORCEINLINE void mbarrier_arrive_expect_tx_remote(std::uint64_t* local_bar, unsigned rank,
                                                                  std::uint32_t bytes) {
  cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_relaxed, cuda::ptx::scope_cluster, cuda::ptx::space_cluster,
                                       map_to_rank(local_bar, rank), bytes);
}

//! Arrive on a barrier of this CTA and expect `bytes` more transaction bytes (release, CTA scope).
CLC_DEVICE CLC_FORCEINLINE void mbarrier_arrive_expect_tx_local(std::uint64_t* bar, std::uint32_t bytes) {
  (void)cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta, cuda::ptx::space_shared, bar,
                                             bytes);
}

//! Arrive on a barrier of this CTA (release, CTA scope).
CLC_DEVICE CLC_FORCEINLINE void mbarrier_arrive_local(std::uint64_t* bar) {
  (void)cuda::ptx::mbarrier_arrive(bar);
}

//! 16-byte asynchronous store into CTA `rank`'s copy of `local_slot`, completing 16 transaction
//! bytes on that CTA's copy of `local_bar` (exactly what the hardware's multicast response does).
CLC_DEVICE CLC_FORCEINLINE void st_async_16(uint4* local_slot, std::uint64_t* local_bar, unsigned rank, uint4 v) {
  std::uint32_t const words[4] = {v.x, v.y, v.z, v.w};
  cuda::ptx::st_async(reinterpret_cast<std::uint32_t*>(map_to_rank(local_slot, rank)), words,
                      map_to_rank(local_bar, rank));
}

//! Order this thread's generic-proxy reads of shared memory before later async-proxy writes to it.
CLC_DEVICE CLC_FORCEINLINE void fence_generic_to_async_shared() {
  cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
}

CLC_DEVICE CLC_FORCEINLINE void fence_barrier_init() {
  cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
}

//! One 128-bit load of a response slot (never several narrower loads: a torn read mixes responses).
CLC_DEVICE CLC_FORCEINLINE uint4 load_response(uint4 const* slot) {
  // CCCL has no wrapper for a plain shared load; this is the one inline asm of the fetch path.
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "r"(static_cast<std::uint32_t>(__cvta_generic_to_shared(slot)))
               : "memory");
  return v;
}

//! Relaxed device-scope 64-bit fetch-add on global memory, as inline PTX on purpose: for a single
//! active lane that it cannot prove single, the compiler turns a 32-bit add (atomicAdd,
//! cuda::atomic_ref, inline `atom...add.u32`) into a warp-aggregated add whose shuffle reads the
//! result at once, so the caller would wait for the round trip where the atomic is issued instead
//! of where its result is used. The 64-bit form stays one ATOMG (docs/scheduling.md has the
//! measurement). CCCL has no cuda::ptx wrapper for atom.
CLC_DEVICE CLC_FORCEINLINE unsigned long long atomic_fetch_add_relaxed(unsigned long long* p, unsigned long long v) {
  unsigned long long old;
  asm volatile("atom.relaxed.gpu.global.add.u64 %0, [%1], %2;" : "=l"(old) : "l"(p), "l"(v) : "memory");
  return old;
}

//! 32-bit fetch-add with acquire-release semantics at GPU scope, in inline PTX (never warp-aggregated,
//! so the result is not waited for until it is used).
CLC_DEVICE CLC_FORCEINLINE unsigned atomic_fetch_add_acq_rel(unsigned* p, unsigned v) {
  unsigned old;
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], %2;" : "=r"(old) : "l"(p), "r"(v) : "memory");
  return old;
}

//! One 128-bit store into this CTA's response slot (the 1-CTA delivery path of the emulation).
CLC_DEVICE CLC_FORCEINLINE void store_response(uint4* slot, uint4 v) {
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};"
               :
               : "r"(static_cast<std::uint32_t>(__cvta_generic_to_shared(slot))), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w)
               : "memory");
}


#endif  // __CUDACC__

}  // namespace clc::detail
