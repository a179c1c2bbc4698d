//! @file detail/trace.cuh
//! @brief Per-tile tracing (SchedulerParams::trace): thread 0 of the CTA that ran a tile writes one
//! record, indexed by the tile's linear id. Used by the block loop (worker.cuh).
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "../scheduler_params.hpp"
#include "../source/kind.hpp"
#include "../trace_record.hpp"
#include "../work_tile.cuh"

#if defined(__CUDACC__)
#  include "ptx.cuh"

namespace clc::detail {

//! What the block loop keeps of a traced tile while its body runs (shared memory, thread 0).
struct TraceScratch {
  WorkTile tile;
  std::uint64_t start_ns;
};

//! Record tile `t`, started at `start_ns`, as run by this CTA (cluster rank `rank`) under `source`.
CLC_DEVICE inline void record_tile(SchedulerParams const& p, WorkTile const& t, std::uint64_t start_ns, unsigned rank,
                                   SourceKind source) {
  TileTraceRecord rec;
  rec.x = t.x;
  rec.y = t.y;
  rec.z = t.z;
  rec.worker = int(cluster_linear_id());
  rec.cta_rank = int(rank);
  rec.sm = int(sm_id());
  rec.source = int(source);
  rec.reserved = 0;
  rec.start_ns = start_ns;
  rec.end_ns = globaltimer_ns();
  std::int64_t const id = t.x + std::int64_t(p.tiles.x) * (t.y + std::int64_t(p.tiles.y) * t.z);
  p.trace[id] = rec;
}

}  // namespace clc::detail

#endif  // __CUDACC__
