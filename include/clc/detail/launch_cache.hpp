//! @file detail/launch_cache.hpp
//! @brief The host fast path of `clc::launch`: a small per-thread cache of prepared launches, keyed by
//! everything that decides one (the functor's kernel family and Stages, the device, the tile space
//! and the options). A launch that was prepared before costs a key comparison plus the CUDA launch;
//! the checks, source resolution, occupancy and workspace lookup ran when it was first prepared and
//! give the same answer again (they depend only on the key; the library's per-stream workspaces are
//! never freed, a caller's `Workspace` is keyed by its memory and size).
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "../launch.hpp"
#include "../scheduler_params.hpp"
#include "../testing/fault_injection.hpp"
#include "../tile_space.cuh"

namespace clc::detail {

struct LaunchKey {
  void const* family = nullptr;  //!< identifies the functor type and Stages (a kernel of the family)
  int device = -1;
  TileSpace tiles;
  SourceKind source = SourceKind::Auto;
  GridMode grid = GridMode::Default;
  void const* workspace = nullptr;  //!< the caller's Workspace memory (nullptr: the stream's)
  std::size_t workspace_size = 0;
  int workspace_device = -1;
  int max_workers = 0;
  int max_grain = 0;
  ClaimTiming claim = ClaimTiming::Auto;
  TileTraceRecord* trace = nullptr;
  int block_threads = 0;
  std::size_t smem = 0;
  cudaStream_t stream = nullptr;
  double fault_rate = 0.0;  //!< tests (CLC_FAULT_INJECTION): the injection in force
  std::uint32_t fault_seed = 0;
};

inline bool same_tiles(TileSpace const& a, TileSpace const& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.cluster_x == b.cluster_x && a.cluster_y == b.cluster_y &&
         a.raster == b.raster && a.swizzle == b.swizzle && a.reverse == b.reverse;
}

inline bool operator==(LaunchKey const& a, LaunchKey const& b) {
  return a.family == b.family && a.device == b.device && same_tiles(a.tiles, b.tiles) && a.source == b.source &&
         a.grid == b.grid && a.workspace == b.workspace && a.workspace_size == b.workspace_size &&
         a.workspace_device == b.workspace_device && a.max_workers == b.max_workers && a.max_grain == b.max_grain &&
         a.claim == b.claim && a.trace == b.trace && a.block_threads == b.block_threads && a.smem == b.smem && a.stream == b.stream &&
         a.fault_rate == b.fault_rate && a.fault_seed == b.fault_seed;
}

//! What a prepared launch needs to be launched again.
struct CachedLaunch {
  LaunchKey key;
  bool valid = false;
  void const* kernel = nullptr;  //!< the block kernel of the resolved source
  dim3 grid{1, 1, 1};
  dim3 block{1, 1, 1};
  dim3 cluster{1, 1, 1};
  unsigned num_attrs = 0;
  SchedulerParams sched;
  LaunchInfo info;
};

//! The calling thread's cache: a few entries, replaced round robin.
struct LaunchCache {
  static constexpr int kEntries = 4;
  CachedLaunch entry[kEntries];
  int next = 0;

  CachedLaunch const* find(LaunchKey const& k) const {
    for (CachedLaunch const& e : entry)
      if (e.valid && e.key == k) return &e;
    return nullptr;
  }
  CachedLaunch& slot() {
    CachedLaunch& e = entry[next];
    next = (next + 1) % kEntries;
    return e;
  }
};

inline LaunchCache& launch_cache() {
  static thread_local LaunchCache cache;
  return cache;
}

//! The key of a launch of the kernel family `family` on the current device.
inline LaunchKey make_launch_key(void const* family, int device, TileSpace const& tiles, LaunchOptions const& o) {
  LaunchKey k;
  k.family = family;
  k.device = device;
  k.tiles = tiles;
  k.source = o.source;
  k.grid = o.grid;
  if (o.workspace != nullptr) {
    k.workspace = o.workspace->get();
    k.workspace_size = o.workspace->size();
    k.workspace_device = o.workspace->device();
  }
  k.max_workers = o.max_workers;
  k.max_grain = o.max_grain;
  k.claim = o.claim;
  k.trace = o.trace;
  k.block_threads = o.block_threads;
  k.smem = o.dynamic_smem_bytes;
  k.stream = o.stream;
#if CLC_FAULT_INJECTION
  k.fault_rate = testing::current_fault_injection().rate;
  k.fault_seed = testing::current_fault_injection().seed;
#endif
  return k;
}

}  // namespace clc::detail
