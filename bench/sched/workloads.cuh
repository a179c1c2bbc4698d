//! @file workloads.cuh
//! @brief The tile functors of `clc-bench sched`: an empty tile (the whole cost is scheduling) and a
//! tile whose thread 0 spins on the global timer (uniform or triangular cost).
#pragma once

#include <clc/tools/spin.cuh>
#include <clc/work_tile.cuh>

namespace clc::bench::sched {

//! Does nothing: the whole cost of the launch is the scheduling loop.
struct EmptyTile {
  __device__ void operator()(WorkTile const&) const {}
};

//! Thread 0 spins for `base_ns` (uniform) or base_ns * (x + 1) / n (triangular) on the global timer;
//! the rest of the CTA waits at the runtime's barrier after the tile.
struct SpinTile {
  unsigned long long base_ns;
  int n;
  int triangular;
  __device__ void operator()(WorkTile const& t) const {
    if (threadIdx.x != 0) return;
    unsigned long long const d = triangular ? base_ns * (unsigned long long)(t.x + 1) / (unsigned long long)n : base_ns;
    tools::spin_ns(d);
  }
};

}  // namespace clc::bench::sched
