//! @file workloads.cuh
//! @brief The tile functors of `clc-bench sched`: an empty tile (the whole cost is scheduling) and a
//! tile whose thread 0 spins on the global timer (uniform or triangular cost).
#pragma once

#include <cstdint>

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

//! Heavy-tailed tile costs: thread 0 spins `long_ns` on one tile in sixteen, at positions spread by
//! a hash (not known in advance), and `base_ns` on the others (`is_long` is the host's copy too).
struct HeavyTailTile {
  unsigned long long base_ns;
  unsigned long long long_ns;
  CLC_HOST_DEVICE static bool is_long(int x) { return ((unsigned(x) * 2654435761u) >> 16) % 16u == 0u; }
  __device__ void operator()(WorkTile const& t) const {
    if (threadIdx.x != 0) return;
    tools::spin_ns(is_long(t.x) ? long_ns : base_ns);
  }
};

//! A memory-latency-bound tile of about 20 registers: every thread follows `loads` dependent loads
//! through `chain` (a permutation with large strides over a buffer larger than L2), starting from
//! a place that depends on the tile and the thread; lane 0 of warp 0 stores the end so nothing is
//! optimised away.
struct ChaseTile {
  std::uint32_t const* chain;
  std::uint32_t* sink;
  std::uint32_t mask;  // words - 1 (a power of two)
  int loads;
  __device__ void operator()(WorkTile const& t) const {
    std::uint32_t i = (std::uint32_t(t.x) * 2654435761u + threadIdx.x * 40503u) & mask;
    for (int k = 0; k < loads; ++k) i = chain[i];
    if (threadIdx.x == 0) sink[t.x] = i;
  }
};

}  // namespace clc::bench::sched
