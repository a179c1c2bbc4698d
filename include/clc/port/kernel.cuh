//! @file port/kernel.cuh
//! @brief The runtime's kernel for a ported body: the block-level worker (worker.cuh) calling the
//! body with a virtual block per tile, plus the check mode (`Options::check_body`), which is a
//! separate instance of the kernel: the checks' code, and the call into it, cost the normal kernel
//! no registers and no stack (with the check's call in the loop, the stencil port of
//! examples/10_port_stencil took 62 registers under Ticket and stored its virtual block to local
//! memory on every tile; without it, 48 and none).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>

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
  //! Whether the blocks of one tile meet at a barrier between them: always, except in the port's own
  //! Ticket loop for a body that has no shared memory at all (`blocks_share_nothing`).
  bool block_barrier = true;
};

//! The port's own Ticket loop's shared memory (`run_ported_ticket`): four words for the next tile, all
//! of them used (slot k & 3), so that the compiler cannot trim the array below these 16 bytes.
inline constexpr unsigned kTicketLoopSmemBytes = 16u;

//! Whether the blocks of a ported body may run without a barrier between them in the port's own
//! Ticket loop: its kernel's static shared memory is exactly the loop's own `kTicketLoopSmemBytes`
//! (then the body has none: a `__shared__` variable of the body that the compiler keeps needs at
//! least one byte beside the loop's 16, and rounding only adds; ptxas reports a kernel's static
//! shared memory rounded up in some kernels, e.g. 8 bytes of the loop's former two words as 16, which
//! would only keep the barrier) and the launch has no dynamic shared memory. Such blocks share nothing
//! in the CTA: nothing written by one block is read by another or overwritten under it, so a warp may
//! start the next block while another warp ends this one, as warps of different CTAs do in the
//! original grid. The body's own barriers still match up block by block, since every thread runs
//! every block of the tile (checklist item 2 of docs/porting.md holds as before).
// 0 keeps the barrier between blocks for every body (for A/B measurements: scripts/dev-port-lean.sh).
#ifndef CLC_PORT_SHARE_NOTHING
#  define CLC_PORT_SHARE_NOTHING 1
#endif
CLC_HOST_DEVICE constexpr bool blocks_share_nothing(std::size_t kernel_static_smem, std::size_t dynamic_smem) {
  return CLC_PORT_SHARE_NOTHING != 0 && kernel_static_smem == kTicketLoopSmemBytes && dynamic_smem == 0u;
}

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

//! The original blocks of tile `tile_x`: the run [tile_x * blocks_per_tile, ...) in launch order (x
//! fastest). Several short blocks per tile spread the runtime's per-tile work (the tile's decode, the
//! claim) over them; the blocks of one tile are separated by a barrier like tiles are (the caller puts
//! one after the last), unless `block_barrier` is false (`blocks_share_nothing`). Check mode counts
//! the body's returns in `*returned`.
template <bool Check, class Body>
CLC_DEVICE CLC_FORCEINLINE void run_tile_blocks(PortParams<Body> const& p, int tile_x, unsigned long long* returned,
                                                bool block_barrier) {
  unsigned b = unsigned(tile_x) * p.blocks_per_tile;
  unsigned const end = min(b + p.blocks_per_tile, p.blocks);
  VirtualBlock vb = virtual_block_of(block_of(b, p.div_gx, p.div_gxy), p.grid, p.block,
                                     thread_of(threadIdx.x, p.div_x, p.div_xy));
  while (true) {
    p.body(vb);
    if constexpr (Check) check_after_body(vb.idx, vb.thread, unsigned(threads_of(vb.block)), returned, p.dynamic_smem_bytes);
    if (++b >= end) break;
    if (block_barrier) __syncthreads();  // the block's shared memory is free for the next block
    next_block(vb.idx, p.grid);
  }
}

// The ported body's own Ticket loop (`run_ported_ticket`), taken for the options it covers (see
// `ported_ticket_applies`); 0 keeps every ported Ticket launch on the scheduler's block loop (for A/B
// measurements: scripts/dev-port-lean.sh).
#ifndef CLC_PORT_LEAN_TICKET
#  define CLC_PORT_LEAN_TICKET 1
#endif

//! Whether a ported Ticket launch with these (prepared) parameters runs `run_ported_ticket`: claims
//! of one tile (max_grain 1), claimed ahead (ClaimTiming Auto or Ahead), no trace and no injected
//! failures. Every other ported Ticket launch runs the scheduler's block loop (`run_ported_scheduled`).
CLC_HOST_DEVICE constexpr bool ported_ticket_applies(SchedulerParams const& s) {
  return CLC_PORT_LEAN_TICKET != 0 && s.trace == nullptr && s.max_grain <= 1u &&
         (s.claim == ClaimTiming::Auto || s.claim == ClaimTiming::Ahead) && s.faults.threshold == 0u;
}

//! `Ticket` for a ported body without the scheduler's response pipeline. A ported launch has 1-CTA
//! clusters, so the barrier its CTA meets at after each tile already publishes what one thread wrote
//! before it: the leader (lane 0 of the last warp) claims with one atomic on the launch's TicketWorkspace, whose
//! round trip overlaps the tile's blocks, decodes the claimed tile itself and stores its index in a
//! double-buffered shared word before that barrier; the other threads only read the word. (Through
//! the scheduler every warp waits on the response's mbarrier, decodes the tile and releases the slot,
//! and the loop's state live across the body made the compiler spill and rematerialise inside the
//! body: bench/results/h100-port-ncu-a0483aa.txt.) The workspace protocol is Ticket's: tickets from
//! 0, each worker retires once after its failed claim, the last retirer resets the workspace.
template <class Body>
CLC_DEVICE CLC_FORCEINLINE void run_ported_ticket(PortParams<Body> const& p) {
  // Slot k & 3 holds the tile of the CTA's k-th iteration (-1: none). The leader writes slot
  // (k + 1) & 3 during iteration k; every thread read that slot last in iteration k - 3, before the
  // barriers that ended it, so no thread still reads what the leader overwrites. (Two slots would do;
  // four keep all of kTicketLoopSmemBytes in use: blocks_share_nothing.)
  __shared__ __align__(16) int next_tile[kTicketLoopSmemBytes / sizeof(int)];
  static_assert(sizeof(next_tile) == kTicketLoopSmemBytes && kTicketLoopSmemBytes / sizeof(int) == 4u);
  TicketWorkspace* const ws = p.sched.workspace;
  unsigned const clusters = p.sched.map.clusters();
  // The leader is lane 0 of the last warp (the CTA is 1-D), as in the scheduler's block loop: bodies
  // tend to put their serial work on warp 0 (stencil on the H100: 0.2493-0.2496 ms against 0.2536-0.2542
  // with thread 0, bench/results/h100-port-leader-d0eafbc.txt).
  bool const leader = threadIdx.x == ((blockDim.x - 1u) & ~31u);
  auto const tile_of_ticket = [&](unsigned long long ticket) -> int {
    return ticket < clusters ? p.sched.map.tile_of(int(ticket), 0, 0).x : -1;
  };
  if (leader) next_tile[0] = tile_of_ticket(::clc::detail::atomic_fetch_add_relaxed(&ws->ticket, 1ull));
  __syncthreads();
  for (unsigned k = 0;; ++k) {
    int const x = next_tile[k & 3u];
    if (x < 0) break;  // the same for every thread of the CTA: read after the barrier
    unsigned long long claim = 0;
    if (leader) claim = ::clc::detail::atomic_fetch_add_relaxed(&ws->ticket, 1ull);  // read after the blocks
    run_tile_blocks<false>(p, x, nullptr, p.block_barrier);
    if (leader) next_tile[(k + 1u) & 3u] = tile_of_ticket(claim);
    __syncthreads();  // publishes the next tile; the body's shared memory is free again
  }
  if (leader) {
    // After this worker's last access to the workspace (its failed claim): retire; the last
    // retirer resets the workspace for the next launch (acq_rel: every worker's claims before it).
    unsigned const prev = ::clc::detail::atomic_fetch_add_acq_rel(&ws->retired, 1u);
    if (prev + 1u == ::clc::detail::num_clusters()) source::WorkspaceRetirement::reset(ws);
  }
}

//! A ported body on the scheduler's block loop (every source; Ticket where `run_ported_ticket` does
//! not apply; the check mode).
template <class Body, class Source, int Stages, bool Check>
CLC_DEVICE CLC_FORCEINLINE void run_ported_scheduled(PortParams<Body> const& p) {
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
  auto body = [&](WorkTile const& t) { run_tile_blocks<Check>(p, t.x, &returned, true); };  // run_block's barrier follows
  clc::detail::run_block(sched, body);
  if constexpr (barriers) sched.finish();
}

//! The kernel's device code: `Ticketed` (a separate instance, chosen on the host where
//! `ported_ticket_applies`) runs `run_ported_ticket` alone. Inlined beside the scheduler's loop in one
//! kernel it shared that loop's register allocation: ptxas then spilled its claim too.
template <class Body, class Source, int Stages, bool Check, bool Ticketed>
CLC_DEVICE CLC_FORCEINLINE void run_ported(PortParams<Body> const& p) {
  if constexpr (Ticketed) {
    static_assert(std::is_same_v<Source, source::Ticket> && !Check, "run_ported_ticket is Ticket's, without check mode");
    run_ported_ticket(p);
  } else {
    run_ported_scheduled<Body, Source, Stages, Check>(p);
  }
}

}  // namespace detail

//! The runtime's kernel for a ported body (no launch bounds: the compiler chooses registers as it
//! would have for the original kernel without `__launch_bounds__`). `Check`: the check mode.
template <class Body, class Source, int Stages, bool Check, bool Ticketed = false>
__global__ void port_kernel(__grid_constant__ detail::PortParams<Body> const p) {
  detail::run_ported<Body, Source, Stages, Check, Ticketed>(p);
}

//! Same, carrying the original kernel's `__launch_bounds__`.
template <class Body, class Source, int Stages, bool Check, int MaxThreads, int MinBlocks, bool Ticketed = false>
__global__ void __launch_bounds__(MaxThreads, MinBlocks)
    port_kernel_bounded(__grid_constant__ detail::PortParams<Body> const p) {
  detail::run_ported<Body, Source, Stages, Check, Ticketed>(p);
}

namespace detail {

template <class Body, class Source, int Stages, class Bounds, bool Check = false, bool Ticketed = false>
constexpr auto port_kernel_for() {
  if constexpr (Bounds::max_threads == 0) {
    return &port_kernel<Body, Source, Stages, Check, Ticketed>;
  } else {
    return &port_kernel_bounded<Body, Source, Stages, Check, Bounds::max_threads, Bounds::min_blocks, Ticketed>;
  }
}

}  // namespace detail

#endif  // __CUDACC__

}  // namespace clc::port
