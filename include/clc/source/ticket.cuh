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

  //! Response encoding: {valid, first_cta.x, first_cta.y, first_cta.z}. Host-testable.
  CLC_HOST_DEVICE static constexpr uint4 encode(bool valid, ClusterCoord first) {
    return valid ? uint4{1u, unsigned(first.x), unsigned(first.y), unsigned(first.z)} : uint4{0u, 0u, 0u, 0u};
  }
  CLC_HOST_DEVICE static constexpr bool decode(uint4 r, ClusterCoord* first) {
    if (r.x == 0u) return false;  // never read the coordinate of a failed response
    *first = ClusterCoord{int(r.y), int(r.z), int(r.w)};
    return true;
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
  //! Claim the next ticket (or inject a failure) and encode the response.
  CLC_DEVICE static uint4 claim(FetchContext const& ctx) {
    bool valid = false;
    ClusterCoord first{};
    if (!inject_failure(ctx)) {
      unsigned const t = atomicAdd(&ctx.workspace->ticket, 1u);
      valid = static_cast<std::int64_t>(t) < ctx.tiles.clusters();
      if (valid) first = ctx.tiles.first_slot_of_cluster(int(t));
    }
    return encode(valid, first);
  }

  //! Clusters of 2+ CTAs. Precondition: every CTA's `full` barrier has been armed with expect_tx(16).
  CLC_DEVICE static void issue(FetchContext const& ctx, uint4* slot, std::uint64_t* full) {
    uint4 const v = claim(ctx);
    // Deliver to every CTA, own CTA included through mapa, exactly as the multicast response does.
    for (unsigned r = 0; r < ctx.cluster_size; ++r) detail::st_async_16(slot, full, r, v);
  }
#endif
};

}  // namespace clc::source
