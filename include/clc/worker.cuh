//! @file worker.cuh
//! @brief The block-level worker behind `clc::launch`: the whole CTA runs the user's functor once per
//! tile; the scheduler's handshake supplies the tiles, this loop owns the prefetch, the barrier
//! between tiles, tracing and the teardown.
#pragma once

#include <cstdint>

#include "detail/trace.cuh"
#include "scheduler.cuh"
#include "scheduler_params.hpp"
#include "work_tile.cuh"

namespace clc {

template <class Functor>
struct BlockKernelParams {
  Functor functor;
  SchedulerParams sched;
};

#if defined(__CUDACC__)

namespace detail {

//! The block-level loop: every warp of the CTA is a consumer (construct the scheduler with
//! consumer_warps_per_cta = warps per CTA); `body(tile)` runs with the whole CTA, and the CTA meets
//! at a `__syncthreads()` after each tile. For fetching sources one thread of rank 0, the leader,
//! starts the next fetch before the first tile of each response and finishes it after that tile's
//! body (for Ticket the atomic's round trip then overlaps the body): one fetch per response, the
//! same rule as the warp-role throttle.
//! The leader is lane 0 of the CTA's *last* warp: its share of a fetch then runs beside warp 0,
//! where bodies tend to put their serial work (docs/protocol.md).
//! One tile: the body with the whole CTA, then `after_body` (the leader finishes its fetch), the
//! barrier that frees the body's shared memory for the next tile, and the trace record.
//! Tracing keeps the tile and its start time in shared memory, not in registers across the body:
//! the loop's own live state is what limits how many CTAs of a small kernel fit on an SM.
template <class Source, class Body, class After>
CLC_DEVICE CLC_FORCEINLINE void run_tile(SchedulerParams const& params, bool first_thread, unsigned rank, Body& body,
                                         WorkTile const& t, After&& after_body) {
  __shared__ TraceScratch trace;
  if (params.trace && first_thread) {
    trace.tile = t;
    trace.start_ns = globaltimer_ns();
  }
  body(t);
  after_body();
  __syncthreads();
  if (params.trace && first_thread) record_tile(params, trace.tile, trace.start_ns, rank, Source::kind);
}

template <class Source, int Stages, class Body>
CLC_DEVICE void run_block(Scheduler<Source, Stages>& sched, Body& body) {
  SchedulerParams const& params = sched.params_;
  bool const first_thread = threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
  bool fresh = false;
  auto cur = sched.start_cursor(fresh);
  if constexpr (!Source::fetches) {
    for (WorkTile t = sched.advance(cur, fresh); t.valid; t = sched.advance(cur, fresh))
      run_tile<Source>(params, first_thread, sched.rank_, body, t, [] {});
  } else {
    unsigned const threads = blockDim.x * blockDim.y * blockDim.z;
    unsigned const tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    bool const leader = sched.rank_ == 0 && tid == ((threads - 1u) & ~31u);
    PipelineState<Stages> prod = make_producer_start_state<Stages>();
    std::uint32_t step = 0;
    // One call site each for the fetch's start and finish, the body and `advance` (a second inlined
    // copy of the fetch, e.g. for the first claim, added registers per thread in ptxas's count when
    // 44bd2c0 was written; the current counts are bench/results/ptxas-registers.txt). Iteration 0 runs no
    // body: it only makes the first claim (Ticket: a starting CTA cannot know whether its slot was
    // taken) or nothing (the launch slot is the first tile), then takes the first tile.
    // Claiming on demand (Stages = 1 or ClaimTiming::OnDemand), the leader alone runs such a
    // fetch-only iteration after a response's last tile; the others go on to wait for it.
    bool const ahead = sched.claim_ahead();
    bool issuing = leader && !Source::first_from_launch_slot;
    WorkTile t{};
    while (true) {  // (a flat loop: the lowest register count of the shapes tried)
      typename Scheduler<Source, Stages>::Claim claim{};
      if (issuing) claim = sched.fetch_start(prod, step);
      auto const finish_fetch = [&] {
        if (issuing) {
          sched.fetch_finish(prod, step++, claim);
          ++prod;
        }
      };
      if (t.valid) {
        run_tile<Source>(params, first_thread, sched.rank_, body, t, finish_fetch);
        if (!ahead && leader && cur.left == 0) {  // the response is done: claim the next one now
          issuing = true;
          t = WorkTile{};
          continue;
        }
      } else {
        finish_fetch();
      }
      t = sched.advance(cur, fresh);
      if (!t.valid) break;
      issuing = ahead && leader && fresh;
      fresh = false;
    }
    if (leader) sched.pipe_.producer_tail(prod);
  }
}

}  // namespace detail

//! The persistent kernel of `clc::launch`.
template <class Functor, class Source, int Stages>
__global__ void block_kernel(__grid_constant__ BlockKernelParams<Functor> const p) {
  if constexpr (!CLC_HAS_HARDWARE_CLC && Source::kind == SourceKind::Hardware) {
    // A device pass below sm_100 has no CLC instructions, and the host refuses Hardware for such code
    // (resolve_source / prepare_launch): the kernel is never launched. Its body would trap at the first
    // fetch; it is not compiled at all, which spares every clc::launch functor one instantiation per
    // sm_90 target (compile time).
    (void)p;
    __trap();
  } else {
    __shared__ typename Scheduler<Source, Stages>::SharedStorage storage;
    unsigned const warps = (blockDim.x * blockDim.y * blockDim.z + 31u) / 32u;
    Scheduler<Source, Stages> sched(storage, p.sched, warps);
    sched.init();
    Functor f(p.functor);
    auto body = [&](WorkTile const& t) { f(t); };
    detail::run_block(sched, body);
    sched.finish();
  }
}

#endif

}  // namespace clc
