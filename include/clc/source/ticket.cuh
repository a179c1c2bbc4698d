//! @file source/ticket.cuh
//! @brief `source::Ticket`: the exact emulation of CLC for sm_90. A global atomic ticket names the
//! next cluster; its response (valid flag + first CTA coordinate, the information a hardware response
//! carries) is written into every CTA's slot with `st.async ... complete_tx`, completing the same
//! barrier the hardware would. Everything downstream of the slot is shared with `Hardware`.
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "../tile_space.cuh"
#include "fetch_context.cuh"
#include "kind.hpp"

#if defined(__CUDACC__)
#  include "../detail/ptx.cuh"
#endif

namespace clc::source {

struct Ticket {
  static constexpr SourceKind kind = SourceKind::Ticket;
  static constexpr bool fetches = true;
  //! A starting CTA cannot know whether "its" slot was already handed out, so it claims a ticket.
  static constexpr bool first_from_launch_slot = false;

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
  //! Guided self-scheduling grain: a quarter share of what remains, at most `max_grain` clusters and at
  //! least one, so claims are large while much work remains and single clusters at the tail.
  //! `max_grain <= 1` claims exactly one cluster per fetch, like hardware CLC.
  CLC_HOST_DEVICE static constexpr unsigned grain(std::int64_t remaining, unsigned workers, unsigned max_grain) {
    if (max_grain <= 1u || remaining <= 0) return 1u;
    // A quarter of an even share of what remains: large while much remains, one cluster at the tail,
    // and small enough that workers arriving late (SMs held by another kernel) still find work to
    // balance with. remaining < 2^31, workers < 2^31: 64-bit product, 32-bit result.
    unsigned const g = unsigned(std::uint64_t(remaining) / (4ull * (workers < 1u ? 1u : workers)));
    return g < 1u ? 1u : (g > max_grain ? max_grain : g);
  }

  //! Test-only spurious failure decision (splitmix-style hash of seed, worker and step).
  CLC_HOST_DEVICE static constexpr bool inject_failure(FetchContext const& c) {
    if (c.fail_threshold == 0 || c.step == 0) return false;  // a worker's first claim never fails
    std::uint64_t h = (std::uint64_t(c.seed) << 32) ^ (std::uint64_t(c.worker) * 0x9E3779B97F4A7C15ull) ^ c.step;
    h ^= h >> 30; h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 27; h *= 0x94D049BB133111EBull;
    h ^= h >> 31;
    return std::uint32_t(h) < c.fail_threshold;
  }

#if defined(__CUDACC__)
  //! A claim in flight: the atomic's result is only needed when the response is encoded, so the
  //! block-level loop starts the claim before the tile's body and finishes it after (the atomic's
  //! round trip then overlaps the body). `grain == 0` marks an injected failure.
  struct Claim {
    unsigned long long ticket = 0;
    unsigned grain = 0;
  };

  //! Start a claim: one atomic on the ticket, sized by the guided grain from `ctx.counter_estimate`
  //! (no extra read of the counter: that would be a second round trip per claim).
  CLC_DEVICE static Claim claim_start(FetchContext const& ctx) {
    if (inject_failure(ctx)) return Claim{0u, 0u};
    // 32-bit: a validated space has at most 2^31-1 clusters.
    unsigned const clusters = ctx.map->clusters();
    unsigned g = 1u;
    if (ctx.max_grain > 1u) {
      int const remaining = ctx.counter_estimate < clusters ? int(clusters - ctx.counter_estimate) : 0;
      g = grain(remaining, ctx.workers, ctx.max_grain);
    }
    // Nothing may read the result here: the claim's point is that its round trip overlaps the body.
    return Claim{detail::atomic_fetch_add_relaxed(&ctx.workspace->ticket, g), g};
  }

  //! Encode the response of a started claim: `count` clusters from ticket `t`, or a failure.
  CLC_DEVICE static uint4 claim_finish(FetchContext const& ctx, Claim c) {
    unsigned long long const clusters = ctx.map->clusters();
    if (c.grain == 0u || c.ticket >= clusters) return encode(0u, ClusterCoord{});
    unsigned const left = unsigned(clusters - c.ticket);
    return encode(left < c.grain ? left : c.grain, ctx.map->first_slot_of_cluster(int(c.ticket)));
  }

  //! Clusters of 2+ CTAs. Precondition: every CTA's `full` barrier has been armed with expect_tx(16).
  //! Deliver to every CTA, own CTA included through mapa, exactly as the multicast response does.
  CLC_DEVICE static void deliver(FetchContext const& ctx, uint4* slot, std::uint64_t* full, uint4 v) {
    for (unsigned r = 0; r < ctx.cluster_size; ++r) detail::st_async_16(slot, full, r, v);
  }
#endif
};

}  // namespace clc::source
