//! @file scheduler_params.hpp
//! @brief `SchedulerParams`: everything the device side of a launch needs, built on the host by
//! `prepare_launch` (or `clc::launch`) and passed to the kernel by value (`__grid_constant__`).
#pragma once

#include <cstdint>

#include "config.cuh"
#include "testing/fault_injection.hpp"
#include "tile_map.cuh"
#include "tile_space.cuh"
#include "trace_record.hpp"

namespace clc {

struct TicketWorkspace;

//! When a worker claims its next tile (fetching sources).
enum class ClaimTiming : std::uint32_t {
  //! `Ahead` with Stages >= 2, `OnDemand` with Stages = 1.
  Auto = 0,
  //! As a response's first tile starts (the fetch overlaps the tiles; the claimed tile then waits
  //! behind the running one, however long it runs).
  Ahead = 1,
  //! When a response's last tile has ended (the fetch latency is exposed on every response; no
  //! claimed tile ever waits behind a running one). What `Stages = 1` always means.
  OnDemand = 2,
  //! Ahead, and the claimed tile is kept by the scheduler warp until the producer role asks for it;
  //! when the running tiles outlast twice this worker's typical tile, the claimed tile is handed
  //! back to a pool that idle workers take from (source/handback.cuh, docs/scheduling.md section 7).
  //! Warp-role kernels that run `Scheduler::run_scheduler_warp()` only, Stages >= 2: `clc::launch`
  //! (every thread runs the body: no thread can watch the clock) refuses it, and so do the kit's
  //! bundled kernels.
  Handback = 3,
};

//! The enumerator's name ("Auto", "Ahead", "OnDemand", "Handback"; "invalid" for other values).
inline char const* to_string(ClaimTiming c) {
  switch (c) {
    case ClaimTiming::Auto: return "Auto";
    case ClaimTiming::Ahead: return "Ahead";
    case ClaimTiming::OnDemand: return "OnDemand";
    case ClaimTiming::Handback: return "Handback";
  }
  return "invalid";
}

struct SchedulerParams {
  TileSpace tiles;
  TileMap map;  //!< `tiles` with its divisors precomputed (prepare_launch fills it: TileMap(tiles))
  TicketWorkspace* workspace = nullptr;  //!< sources that keep launch state in global memory (Ticket)
  TileTraceRecord* trace = nullptr;      //!< optional per-tile trace, indexed by linear tile id
  //! Sources that claim ranges (Ticket): most clusters one fetch may claim. 1 (default) = one per
  //! fetch, exactly as hardware CLC; larger = guided self-scheduling (claims shrink as work runs
  //! out), which amortises the fetch over tiny tiles. Ignored by the other sources.
  std::uint32_t max_grain = 1;
  //! When to claim (ClaimTiming). With Stages = 1 a worker always claims on demand.
  ClaimTiming claim = ClaimTiming::Auto;
  //! ClaimTiming::Handback: the pool of mailboxes (source/handback.cuh; library-owned, one per
  //! (device, stream)): its states, its responses and how many mailboxes the launch uses
  //! (prepare_launch fills them; 0 mailboxes = nothing is ever handed back).
  unsigned* handback_states = nullptr;
  void* handback_responses = nullptr;
  std::uint32_t handback_slots = 0;
  //! Tests only (testing/fault_injection.hpp). Present in every build so that the layout is the same
  //! in every translation unit (the compiled half of prepare_launch fills this struct); it is read
  //! only where CLC_FAULT_INJECTION=1, so elsewhere it is 8 unused bytes of kernel parameters.
  testing::FaultParams faults;
};

}  // namespace clc
