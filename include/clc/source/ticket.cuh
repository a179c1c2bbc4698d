//! @file source/ticket.cuh
//! @brief `source::Ticket`: the exact emulation of CLC for sm_90. A global atomic ticket names the
//! next cluster; its response (count + first CTA coordinate, the information a hardware response
//! carries) is written into every CTA's slot with `st.async ... complete_tx`, completing the same
//! barrier the hardware would. Everything downstream of the slot is shared with `Hardware`. The
//! whole source (workspace, claim, delivery, retirement and reset) is this file; the interface is
//! described in source/concept.cuh.
#pragma once

#include <cstdint>

#include <vector_types.h>  // uint4, also for host code

#include "../config.cuh"
#include "../testing/fault_injection.hpp"
#include "../tile_space.cuh"
#include "fetch_context.cuh"
#include "kind.hpp"

#if defined(__CUDACC__)
#  include "../detail/ptx.cuh"
#  include "../pipeline/fetch_pipeline.cuh"
#endif

namespace clc {

//! Device state of one `Ticket` launch. Zero before a launch and zero again after it: each cluster
//! increments `retired` when its last claim comes back empty and the last one resets both as it
//! exits, so back-to-back launches and CUDA-graph replays need no memset. Launches that may run
//! concurrently need distinct workspaces.
struct TicketWorkspace {
  //! Next cluster index to hand out. 64-bit so that a claim is a 64-bit atomic, which the compiler
  //! leaves alone (see ::clc::detail::atomic_fetch_add_relaxed).
  unsigned long long ticket;
  unsigned int retired;  //!< clusters of the current launch that will not touch the workspace again
  //! Sources with slot states (Cancel): the states that follow this header mean "claimed in this
  //! launch" when they equal epoch + 1; the launch's last retirer moves the epoch on, so the states
  //! need no reset. Unused by Ticket.
  unsigned int epoch;
};

namespace source {

#if defined(__CUDACC__)
//! The self-reset of a workspace, shared by the sources that keep launch state in one: every
//! cluster of the launch retires exactly once, after its last access to the workspace, and the
//! thread whose retirement was the launch's last zeroes the header for the next launch.
class WorkspaceRetirement {
 public:
  //! This cluster will not touch the workspace again: retire it. acq_rel orders every earlier
  //! access of this thread before the retirement and makes all the others' visible to the last
  //! retirer. The result is not read until `teardown`, so the round trip overlaps the last tile.
  CLC_DEVICE void retire(FetchContext const& ctx) {
    prev_ = ::clc::detail::atomic_fetch_add_acq_rel(&ctx.workspace->retired, 1u);
    retiring_ = true;
  }
  //! After the cluster's exit barrier: the last retirer resets the header (ticket, retired; the
  //! epoch moves on, for sources with slot states).
  CLC_DEVICE void teardown(FetchContext const& ctx) const {
    if (retiring_ && prev_ + 1u == ctx.workers) reset(ctx.workspace);
  }
  //! Three atomics whose results nobody waits for: the epoch moves on with atomicInc (0 after
  //! 0xFFFFFFFE, so the tag epoch + 1 is never 0, which zeroed states mean), not with a load and an
  //! exchange: the load's round trip was on the launch's last CTA's way out (bench/probes/startup_probe.cu,
  //! bench/results/h200-ticket-fixed-cost.txt).
  CLC_DEVICE static void reset(TicketWorkspace* ws) {
    atomicExch(&ws->ticket, 0ull);
    atomicInc(&ws->epoch, 0xFFFFFFFEu);
    atomicExch(&ws->retired, 0u);
  }

 private:
  unsigned prev_ = 0;      // the retirement atomic's result
  bool retiring_ = false;  // this cluster has retired
};

//! The fetch's second half, shared by the sources whose workspace retires (Ticket, Cancel):
//! `Source::resolve(ctx, claim)` turns a claim into its response; `finish` delivers it, `claim_now`
//! (ClaimTiming::Handback) returns it; either retires the cluster after an empty response (the
//! scheduler never fetches again after one), and `teardown` resets the workspace (the last retirer).
template <class Source>
class RetiringFetch {
 public:
  template <int Stages, class Claim>
  CLC_DEVICE void finish(FetchContext const& ctx, FetchPipeline<Stages>& pipe, PipelineState<Stages> st, Claim c) {
    uint4 const v = self().resolve(ctx, c);
    pipe.producer_deliver(st, v, ctx.cluster_size);
    if (v.x == 0u) retirement_.retire(ctx);
  }
  template <int Stages>
  CLC_DEVICE uint4 claim_now(FetchContext const& ctx, FetchPipeline<Stages>& pipe, PipelineState<Stages> st) {
    uint4 const v = self().resolve(ctx, self().start(ctx, pipe, st));
    if (v.x == 0u) retirement_.retire(ctx);
    return v;
  }
  //! After the cluster barrier of the teardown: the launch's last retirer resets the workspace.
  CLC_DEVICE void teardown(FetchContext const& ctx) { retirement_.teardown(ctx); }

 private:
  CLC_DEVICE Source& self() { return *static_cast<Source*>(this); }
  WorkspaceRetirement retirement_;
};
#endif

struct Ticket
#if defined(__CUDACC__)
    : RetiringFetch<Ticket>
#endif
{
  static constexpr SourceKind kind = SourceKind::Ticket;
  static constexpr bool fetches = true;
  //! A starting CTA cannot know whether "its" slot was already handed out, so it claims a ticket.
  static constexpr bool first_from_launch_slot = false;
  static constexpr GridMode default_grid = GridMode::ResidentCapacity;
  static constexpr bool uses_workspace = true;  //!< prepare_launch binds a TicketWorkspace
  static constexpr bool claims_ranges = true;   //!< honours max_grain (guided self-scheduling)
  static constexpr bool fault_injectable = true;  //!< tests: testing/fault_injection.hpp

  //! Response encoding: {count, first_cta.x, first_cta.y, first_cta.z}. `count` consecutive
  //! cluster indices starting at the one whose first CTA is `first_cta` (0 = failure; 1 is what a
  //! hardware response carries). Host-testable.
  CLC_HOST_DEVICE static constexpr uint4 encode(unsigned count, ClusterCoord first) {
    return count != 0u ? uint4{count, unsigned(first.x), unsigned(first.y), unsigned(first.z)} : uint4{0u, 0u, 0u, 0u};
  }
  //! Number of clusters claimed (0 = failure; then `first` is left untouched: never read a failed
  //! response's coordinate).
  CLC_HOST_DEVICE static constexpr unsigned decode(uint4 r, ClusterCoord* first) {
    if (r.x == 0u) return 0u;
    *first = ClusterCoord{int(r.y), int(r.z), int(r.w)};
    return r.x;
  }
  //! Guided self-scheduling grain: a quarter of an even share of what remains, at most `max_grain`
  //! clusters and at least one: large while much remains, one cluster at the tail, and small enough
  //! that workers arriving late (SMs held by another kernel) still find work to balance with.
  //! `max_grain <= 1` claims exactly one cluster per fetch, like hardware CLC.
  CLC_HOST_DEVICE static constexpr unsigned grain(std::int64_t remaining, unsigned workers, unsigned max_grain) {
    if (max_grain <= 1u || remaining <= 0) return 1u;
    // floor(floor(r / 4) / w) = floor(r / 4w): one 32-bit division (remaining < 2^31), no overflow
    // and no 64-bit division routine (its registers would count against every thread of the kernel).
    unsigned const g = (unsigned(remaining) >> 2) / (workers < 1u ? 1u : workers);
    return g < 1u ? 1u : (g > max_grain ? max_grain : g);
  }
  //! A response to 1-CTA clusters is a plain shared store (no peer to st.async into), so the
  //! consumers' release needs no generic-to-async proxy fence; every other response is async.
  CLC_HOST_DEVICE static constexpr bool async_delivery(unsigned cluster_size) { return cluster_size > 1u; }

#if defined(__CUDACC__)
  //! A claim in flight. Its atomic's result is needed only when the response is encoded, so the
  //! block loop runs the tile's body between `start` and `finish` (the round trip overlaps it).
  //! `grain == 0` marks an injected failure (tests).
  struct Claim {
    unsigned long long ticket = 0;
    unsigned grain = 0;
  };

  //! Start a claim (the empty slot was acquired): one atomic on the ticket, sized by the guided
  //! grain from this worker's estimate of the counter (no extra read: that would be a second round
  //! trip per claim).
  template <int Stages>
  CLC_DEVICE Claim start(FetchContext const& ctx, FetchPipeline<Stages>&, PipelineState<Stages>) {
#  if CLC_FAULT_INJECTION
    if (testing::inject_failure(ctx.faults, ctx.worker, ctx.step)) return Claim{0u, 0u};
#  endif
    // 32-bit: a validated space has at most 2^31-1 clusters.
    unsigned const clusters = ctx.map->clusters();
    unsigned g = 1u;
    if (ctx.max_grain > 1u) {
      int const remaining = counter_estimate_ < clusters ? int(clusters - counter_estimate_) : 0;
      g = grain(remaining, ctx.workers, ctx.max_grain);
    }
    // Nothing may read the result here: the claim's point is that its round trip overlaps the body.
    return Claim{::clc::detail::atomic_fetch_add_relaxed(&ctx.workspace->ticket, g), g};
  }

 private:
  friend class RetiringFetch<Ticket>;
  //! The response of claim `c` (reads the atomic's result), delivered by `finish` (RetiringFetch).
  CLC_DEVICE uint4 resolve(FetchContext const& ctx, Claim c) {
    unsigned long long const clusters = ctx.map->clusters();
    uint4 v = encode(0u, ClusterCoord{});
    if (c.grain != 0u && c.ticket < clusters) {
      unsigned const left = unsigned(clusters - c.ticket);
      v = encode(left < c.grain ? left : c.grain, ctx.map->first_slot_of_cluster(int(c.ticket)));
    }
    // Guided grain without re-reading the counter: since this worker's claim, the others have
    // probably taken about as much each.
    std::uint64_t const est = c.ticket + std::uint64_t(c.grain) * ctx.workers;
    counter_estimate_ = est > 0xFFFFFFFFull ? 0xFFFFFFFFu : unsigned(est);
    return v;
  }

  unsigned counter_estimate_ = 0;  // where this worker guesses the global ticket is now
#endif
};

}  // namespace source
}  // namespace clc
