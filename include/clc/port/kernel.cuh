//! @file port/kernel.cuh
//! @brief The runtime's kernel for a ported body: the block-level worker (worker.cuh) calling the
//! body with a virtual block per tile, plus the check mode (`Options::check_body`), which is a
//! separate instance of the kernel: the checks' code, and the call into it, cost the normal kernel
//! no registers and no stack (with the check's call in the loop, the stencil port of
//! examples/10_port_stencil took 62 registers under Ticket and stored its virtual block to local
//! memory on every tile; without it, 48 and none).
#pragma once

#include <cstdint>
#include <cstdio>

#include "../config.cuh"
#include "../detail/ptx.cuh"
#include "../scheduler.cuh"
#include "../worker.cuh"
#include "virtual_block.hpp"

// Check mode (`Options::check_body`): how long a thread that has returned from the body waits for
// the rest of its CTA before it reports a barrier hazard and traps. A correct body only waits for the
// slowest thread of its own tile, so this is generous.
#ifndef CLC_PORT_CHECK_TIMEOUT_NS
#  define CLC_PORT_CHECK_TIMEOUT_NS 2000000000ull
#endif

namespace clc::port {

#if defined(__CUDACC__)

namespace detail {

template <class Body>
struct PortParams {
  Body body;
  SchedulerParams sched;
  dim3 grid;                 //!< the original grid (what vb.dim reports)
  dim3 block;                //!< the original block shape (what vb.block reports)
  unsigned dynamic_smem_bytes = 0;
  FastDiv div_x;   //!< by block.x: a thread's index in the original block without a division
  FastDiv div_xy;  //!< by block.x * block.y
  unsigned blocks = 1;           //!< original blocks: grid.x * grid.y * grid.z
  unsigned blocks_per_tile = 1;  //!< tile t runs original blocks [t.x * blocks_per_tile, +blocks_per_tile)
  FastDiv div_gx;   //!< by grid.x: an original block's index from its linear number
  FastDiv div_gxy;  //!< by grid.x * grid.y
};

//! Check mode: fill the dynamic shared memory with 0xFF bytes (NaN as float, -1 as int), so a body
//! that reads what an earlier tile left there reads garbage every time, not only sometimes.
inline __noinline__ CLC_DEVICE void poison_dynamic_smem(unsigned dynamic_smem_bytes) {
  extern __shared__ __align__(16) unsigned char clc_port_dynamic_smem[];
  unsigned const words = dynamic_smem_bytes / 4u;
  for (unsigned i = threadIdx.x; i < words; i += blockDim.x)
    reinterpret_cast<unsigned*>(clc_port_dynamic_smem)[i] = 0xFFFFFFFFu;
  for (unsigned i = words * 4u + threadIdx.x; i < dynamic_smem_bytes; i += blockDim.x) clc_port_dynamic_smem[i] = 0xFF;
}

//! Check mode, after one thread returned from the body of a tile: wait until every thread of the CTA
//! has returned from it (`returned` reaches `expected`), then poison the dynamic shared memory.
inline __noinline__ CLC_DEVICE void check_after_body(uint3 idx, uint3 thread, unsigned threads,
                                                     unsigned long long* returned, unsigned dynamic_smem_bytes) {
  // Release: this thread's shared-memory accesses in the body happen before its count is seen, so
  // no thread poisons a word another thread still reads.
  __threadfence_block();
  // Tiles are separated by the runtime's barrier, so the B threads of the CTA's k-th tile add the
  // counts k*B .. (k+1)*B - 1: this thread's tile is done when the count reaches (k+1)*B. (Derived
  // here rather than counted per thread: a counter live across every body would cost registers.)
  unsigned long long const threads_in_cta = blockDim.x;
  unsigned long long const expected = (atomicAdd(returned, 1ull) / threads_in_cta + 1ull) * threads_in_cta;
  std::uint64_t const t0 = clc::detail::globaltimer_ns();
  // A thread that returned before a barrier sits here while the others wait on that barrier: the
  // count never completes. A spin (not a barrier) is what lets us notice and say so.
  while (*static_cast<unsigned long long volatile*>(returned) < expected) {
    if (clc::detail::globaltimer_ns() - t0 > CLC_PORT_CHECK_TIMEOUT_NS) {
      unsigned long long const seen = *static_cast<unsigned long long volatile*>(returned);
      // Device-side diagnostic of an opt-in debug mode (like a device assert): the trap makes the
      // context unusable, so a message is the only way to name the tile and thread.
      printf("clc::port check_body: tile (%u,%u,%u): thread (%u,%u,%u) returned from the body but only %llu of %u "
             "threads did within the timeout: a `return` (or exit) before a __syncthreads() the other threads "
             "still wait on? See docs/porting.md\n",
             idx.x, idx.y, idx.z, thread.x, thread.y, thread.z,
             seen - (expected - threads), threads);
      __trap();
    }
    __nanosleep(256);
  }
  // Acquire: every other thread's body accesses happen before the poison below.
  __threadfence_block();
  poison_dynamic_smem(dynamic_smem_bytes);
  // The runtime's barrier after this tile orders the poison before the next tile's body.
}

template <class Body, class Source, int Stages, bool Check>
CLC_DEVICE CLC_FORCEINLINE void run_ported(PortParams<Body> const& p) {
  __shared__ typename Scheduler<Source, Stages>::SharedStorage storage;
  __shared__ unsigned long long returned;  // check mode: body returns counted over all tiles so far
  Scheduler<Source, Stages> sched(storage, p.sched, blockDim.x / 32u);
  if constexpr (Check) {
    if (threadIdx.x == 0) returned = 0;
    poison_dynamic_smem(p.dynamic_smem_bytes);
  }
  // A ported launch has 1-CTA clusters: with a source that keeps no shared state (Static, Single)
  // and no check mode, init's and finish's barriers order nothing and only add to a short CTA's life.
  constexpr bool barriers = Source::fetches || Check;
  if constexpr (barriers) sched.init();  // its barrier also makes `returned = 0` and the poison visible
  auto body = [&](WorkTile const& t) {
    // Tile t.x is the run of original blocks [t.x * blocks_per_tile, ...) in launch order (x fastest):
    // several short blocks per tile spread the runtime's per-tile work (the tile's decode, the
    // claim) over them; the blocks of one tile are separated by a barrier like tiles are.
    unsigned b = unsigned(t.x) * p.blocks_per_tile;
    unsigned const end = min(b + p.blocks_per_tile, p.blocks);
    VirtualBlock vb = virtual_block_of(block_of(b, p.div_gx, p.div_gxy), p.grid, p.block,
                                       thread_of(threadIdx.x, p.div_x, p.div_xy));
    while (true) {
      p.body(vb);
      if constexpr (Check)
        check_after_body(vb.idx, vb.thread, unsigned(threads_of(vb.block)), &returned, p.dynamic_smem_bytes);
      if (++b >= end) break;  // run_block puts a __syncthreads after this lambda
      __syncthreads();        // the block's shared memory is free for the next block
      next_block(vb.idx, p.grid);
    }
  };
  clc::detail::run_block(sched, body);
  if constexpr (barriers) sched.finish();
}

}  // namespace detail

//! The runtime's kernel for a ported body (no launch bounds: the compiler chooses registers as it
//! would have for the original kernel without `__launch_bounds__`). `Check`: the check mode.
template <class Body, class Source, int Stages, bool Check>
__global__ void port_kernel(__grid_constant__ detail::PortParams<Body> const p) {
  detail::run_ported<Body, Source, Stages, Check>(p);
}

//! Same, carrying the original kernel's `__launch_bounds__`.
template <class Body, class Source, int Stages, bool Check, int MaxThreads, int MinBlocks>
__global__ void __launch_bounds__(MaxThreads, MinBlocks)
    port_kernel_bounded(__grid_constant__ detail::PortParams<Body> const p) {
  detail::run_ported<Body, Source, Stages, Check>(p);
}

namespace detail {

template <class Body, class Source, int Stages, class Bounds, bool Check = false>
constexpr auto port_kernel_for() {
  if constexpr (Bounds::max_threads == 0) {
    return &port_kernel<Body, Source, Stages, Check>;
  } else {
    return &port_kernel_bounded<Body, Source, Stages, Check, Bounds::max_threads, Bounds::min_blocks>;
  }
}

}  // namespace detail

#endif  // __CUDACC__

}  // namespace clc::port
