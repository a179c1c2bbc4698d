//! @file source/cancel.cuh
//! @brief `source::Cancel`: CLC's cancellation, emulated on sm_90, so that the `Hardware` path's own
//! semantics run on Hopper: the grid lists every tile; a CTA's first tile is its launch slot; a
//! worker's fetch cancels a cluster that has not launched yet and takes its coordinates; a cluster
//! that has launched can no longer be cancelled, and a cancelled one exits at once when it starts
//! (as if it had never launched). Responses carry what a hardware response carries (success and the
//! first CTA of the cancelled cluster) and travel through the same ring and decode path as
//! `Hardware`'s. The interface is described in source/concept.cuh.
//!
//! State: the workspace header (`TicketWorkspace`: the cancel cursor, the retire counter, the epoch)
//! followed by one 32-bit state per cluster of the grid. A cluster is claimed in this launch when its
//! state equals the launch's tag (epoch + 1); claiming is one `atom.exch` of the tag, and exactly one
//! party sees the old value differ: the cluster itself when it starts, or the worker that cancels it.
//! Every cluster of the grid retires exactly once (a cancelled one when it starts, a launched one
//! when its last fetch comes back empty), and the last retirer zeroes the cursor and moves the epoch
//! on, so the states are never reset and the workspace is ready for the next launch (graph replays
//! and back-to-back launches need no memset). Tags repeat after 2^32 - 1 launches of one workspace.
#pragma once

#include <cstdint>

#include <vector_types.h>

#include "../config.cuh"
#include "../testing/fault_injection.hpp"
#include "../tile_space.cuh"
#include "fetch_context.cuh"
#include "kind.hpp"
#include "ticket.cuh"

#if defined(__CUDACC__)
#  include "../detail/ptx.cuh"
#  include "../pipeline/fetch_pipeline.cuh"
#endif

namespace clc::source {

struct Cancel
#if defined(__CUDACC__)
    : RetiringFetch<Cancel>
#endif
{
  static constexpr SourceKind kind = SourceKind::Cancel;
  static constexpr bool fetches = true;
  static constexpr bool first_from_launch_slot = true;  // as Hardware: the grid lists every tile
  static constexpr GridMode default_grid = GridMode::EveryTile;
  static constexpr bool uses_workspace = true;
  static constexpr bool slot_states = true;       //!< one state per cluster after the header
  static constexpr bool fault_injectable = true;  //!< tests: a spurious failure, as hardware allows

  //! A response names at most one cluster, as a hardware response does: {1, first CTA} or failure.
  CLC_HOST_DEVICE static constexpr uint4 encode(bool ok, ClusterCoord first) { return Ticket::encode(ok ? 1u : 0u, first); }
  CLC_HOST_DEVICE static constexpr unsigned decode(uint4 r, ClusterCoord* first) { return Ticket::decode(r, first); }
  CLC_HOST_DEVICE static constexpr bool async_delivery(unsigned cluster_size) { return cluster_size > 1u; }

#if defined(__CUDACC__)
  //! The states that follow the workspace header.
  CLC_DEVICE static unsigned* states(TicketWorkspace* ws) { return reinterpret_cast<unsigned*>(ws + 1); }
  //! This launch's tag: what a claimed state holds (never 0, the value of a zeroed state).
  CLC_DEVICE static unsigned tag(TicketWorkspace const* ws) {
    return *reinterpret_cast<unsigned const volatile*>(&ws->epoch) + 1u;
  }
  //! Claim cluster `c` (exactly one of its claimants gets true).
  CLC_DEVICE static bool claim(TicketWorkspace* ws, unsigned c, unsigned tag) {
    return atomicExch(&states(ws)[c], tag) != tag;
  }

  //! A starting cluster claims its own launch slot (one thread of rank 0, before the init barrier).
  //! false: a worker has cancelled it; it retires at once, takes no tile and issues no fetch.
  CLC_DEVICE static bool admit(FetchContext const& ctx, int own_cluster) {
    if (claim(ctx.workspace, unsigned(own_cluster), tag(ctx.workspace))) return true;
    unsigned const prev = ::clc::detail::atomic_fetch_add_acq_rel(&ctx.workspace->retired, 1u);
    if (prev + 1u == ctx.workers) WorkspaceRetirement::reset(ctx.workspace);  // nobody touches it any more
    return false;
  }

  //! A fetch in flight: the cursor position it drew (kNone: an injected failure, which draws none).
  static constexpr unsigned long long kNone = ~0ull;
  struct Claim {
    unsigned long long next = kNone;
  };

  //! Start a fetch: draw the next cursor position (the lowest slot not handed to a worker yet). The
  //! block loop runs the tile's body before `finish` reads the result.
  template <int Stages>
  CLC_DEVICE Claim start(FetchContext const& ctx, FetchPipeline<Stages>&, PipelineState<Stages>) {
#  if CLC_FAULT_INJECTION
    if (testing::inject_failure(ctx.faults, ctx.worker, ctx.step)) return Claim{};
#  endif
    return Claim{::clc::detail::atomic_fetch_add_relaxed(&ctx.workspace->ticket, 1ull)};
  }

 private:
  friend class RetiringFetch<Cancel>;
  //! Cancel the first drawn slot that has not launched yet (a launched one cannot be cancelled:
  //! draw again); a failure when the cursor has passed the last cluster. Delivered by `finish`
  //! (RetiringFetch).
  CLC_DEVICE uint4 resolve(FetchContext const& ctx, Claim c) {
    unsigned long long const clusters = ctx.map->clusters();
    if (c.next < clusters) {
      if (tag_ == 0u) tag_ = tag(ctx.workspace);
      for (unsigned long long t = c.next; t < clusters; t = ::clc::detail::atomic_fetch_add_relaxed(&ctx.workspace->ticket, 1ull)) {
        if (claim(ctx.workspace, unsigned(t), tag_)) return encode(true, ctx.map->first_slot_of_cluster(int(t)));
      }
    }
    return encode(false, ClusterCoord{});
  }

  unsigned tag_ = 0;  // this launch's tag, read at the first fetch
#endif
};

}  // namespace clc::source
