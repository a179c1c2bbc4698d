//! @file kit/barrier.cuh
//! @brief Barriers and fences for kernels: the runtime's mbarrier and fence primitives
//! (`clc/detail/ptx.cuh`, CCCL `cuda::ptx` underneath: one implementation of each, named here for
//! workloads) and the named barriers CCCL has no wrapper for.
//!
//! Semantics to design by (each primitive's comment in detail/ptx.cuh says why):
//!  - `mbarrier_wait(bar, parity)` acquires at CTA scope: enough for TMA bytes (also multicast from a
//!    peer CTA) and for arrivals of this CTA's threads. With CLC_HANG_TIMEOUT_NS set, a wait that
//!    never completes traps instead of hanging.
//!  - local arrives release at CTA scope; `mbarrier_arrive_remote` arrives on a peer's barrier with
//!    the same default semantics (a cluster-scope release would cost a GPU-wide fence per arrive).
//!  - `fence_barrier_init()` after a thread's inits, then a cluster barrier, before any peer arrives
//!    or multicasts into them.
//!  - `fence_generic_to_async_shared()` orders this thread's generic shared-memory accesses before
//!    later async-proxy accesses (TMA store reading what threads wrote; TMA load overwriting what
//!    they read).
#pragma once

#include <cstdint>

#include <cuda/ptx>

#include "../detail/ptx.cuh"
#include "arch.cuh"

namespace clc::kit {

#if defined(__CUDACC__)

using clc::detail::cluster_num_ctas, clc::detail::cluster_rank, clc::detail::cluster_sync,
    clc::detail::fence_barrier_init, clc::detail::fence_generic_to_async_shared, clc::detail::globaltimer_ns,
    clc::detail::map_to_rank, clc::detail::mbarrier_arrive_expect_tx_local,
    clc::detail::mbarrier_arrive_expect_tx_remote, clc::detail::mbarrier_arrive_local,
    clc::detail::mbarrier_arrive_remote, clc::detail::mbarrier_init, clc::detail::mbarrier_wait;

//! One test of `bar`'s phase with parity `parity` (acquire at CTA scope, as mbarrier_wait): true when
//! it has completed. `if (!mbarrier_try_wait(b, p)) mbarrier_wait(b, p);` keeps the hang-timeout
//! bookkeeping of mbarrier_wait (a %globaltimer read) off the path where the phase is already done.
CLC_KIT_DEVICE bool mbarrier_try_wait(std::uint64_t* bar, std::uint32_t parity) {
  return cuda::ptx::mbarrier_try_wait_parity(bar, parity);
}

//! Named barrier `id` (1..15; 0 is __syncthreads) over `threads` threads (a multiple of 32): every
//! participant's earlier shared-memory writes are visible to every participant after it.
CLC_KIT_DEVICE void named_barrier_sync(unsigned id, unsigned threads) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}
//! Arrive at named barrier `id` without waiting (the producer side of a signal that other warps
//! `named_barrier_sync` on; `threads` counts both sides).
CLC_KIT_DEVICE void named_barrier_arrive(unsigned id, unsigned threads) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

#endif  // __CUDACC__

}  // namespace clc::kit
