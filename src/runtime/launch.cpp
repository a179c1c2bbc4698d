//! @file launch.cpp
//! @brief The compiled half of a launch: device and kernel queries (cached once per key, in one
//! cache type) and `detail::prepare_launch` (checks, source resolution, occupancy, grid sizing,
//! workspace binding, launch attributes).
#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <utility>

#include <cuda_runtime_api.h>

#include "clc/detail/cuda_check.hpp"
#include "clc/detail/target_probe.cuh"
#include "clc/launch.hpp"
#include "clc/source/auto.cuh"

namespace clc {
namespace {

//! A process-wide cache of values computed once per key. `compute(&value)` runs outside the lock
//! (it may call into CUDA); a failed computation is not cached. The values assume the device is not
//! reset (cudaDeviceReset clears a kernel's shared-memory opt-in).
template <class Key, class Value>
class Cache {
 public:
  template <class Compute>
  Error get(Key const& key, Value* out, Compute&& compute) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = map_.find(key);
      if (it != map_.end()) {
        *out = it->second;
        return success();
      }
    }
    Value v{};
    CLC_TRY(compute(&v));
    std::lock_guard<std::mutex> lock(mu_);
    map_.emplace(key, v);
    *out = v;
    return success();
  }

 private:
  std::mutex mu_;
  std::map<Key, Value> map_;
};

Error kernel_attributes(void const* kernel, int device, cudaFuncAttributes* attr) {
  static Cache<std::pair<void const*, int>, cudaFuncAttributes> cache;
  return cache.get({kernel, device}, attr, [&](cudaFuncAttributes* a) -> Error {
    CLC_CUDA_TRY(cudaFuncGetAttributes(a, kernel));
    return success();
  });
}

struct Occupancy {
  int max_clusters = 0;
  cudaError_t error = cudaSuccess;
};

//! The shared-memory opt-in and the occupancy of `kernel` in clusters of cluster_x x cluster_y CTAs
//! of `block_threads` threads and `dynamic_smem` bytes, once per (kernel, device, CTA shape).
//! `max_clusters` is 0 with `error` set when the shape cannot be resident.
Error kernel_occupancy(void const* kernel, int device, int sm_count, int block_threads, std::size_t dynamic_smem,
                       int cluster_x, int cluster_y, Occupancy* occ) {
  using Key = std::tuple<void const*, int, int, std::size_t, int, int>;
  static Cache<Key, Occupancy> cache;
  return cache.get(Key{kernel, device, block_threads, dynamic_smem, cluster_x, cluster_y}, occ,
                   [&](Occupancy* o) -> Error {
    CLC_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(dynamic_smem)));
    int const cluster_size = cluster_x * cluster_y;
    if (cluster_size > 8) CLC_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    int clusters = 0;
    if (cluster_size > 1) {
      cudaLaunchConfig_t cfg{};
      cudaLaunchAttribute attr{};
      attr.id = cudaLaunchAttributeClusterDimension;
      attr.val.clusterDim.x = static_cast<unsigned>(cluster_x);
      attr.val.clusterDim.y = static_cast<unsigned>(cluster_y);
      attr.val.clusterDim.z = 1;
      cfg.gridDim = dim3(static_cast<unsigned>(cluster_x), static_cast<unsigned>(cluster_y), 1);
      cfg.blockDim = dim3(static_cast<unsigned>(block_threads), 1, 1);
      cfg.dynamicSmemBytes = dynamic_smem;
      cfg.attrs = &attr;
      cfg.numAttrs = 1;
      o->error = cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg);
    } else {
      int per_sm = 0;
      o->error = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block_threads, dynamic_smem);
      clusters = per_sm * sm_count;
    }
    if (o->error != cudaSuccess) {
      (void)cudaGetLastError();
      clusters = 0;
    }
    o->max_clusters = clusters;
    return success();
  });
}

std::string num(std::int64_t v) { return std::to_string(v); }

}  // namespace

Error query_device(int device, DeviceFacts* facts) {
  static Cache<int, DeviceFacts> cache;
  return cache.get(device, facts, [&](DeviceFacts* f) -> Error {
    f->device = device;
    CLC_CUDA_TRY(cudaDeviceGetAttribute(&f->cc_major, cudaDevAttrComputeCapabilityMajor, device));
    CLC_CUDA_TRY(cudaDeviceGetAttribute(&f->cc_minor, cudaDevAttrComputeCapabilityMinor, device));
    CLC_CUDA_TRY(cudaDeviceGetAttribute(&f->sm_count, cudaDevAttrMultiProcessorCount, device));
    int cl = 0;
    CLC_CUDA_TRY(cudaDeviceGetAttribute(&cl, cudaDevAttrClusterLaunch, device));
    f->cluster_launch = cl != 0;
    int smem = 0;
    CLC_CUDA_TRY(cudaDeviceGetAttribute(&smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    f->max_smem_optin = std::size_t(smem);
    return success();
  });
}

namespace detail {

Error kernel_facts(void const* kernel, void const* probe, KernelFacts* facts) {
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  cudaFuncAttributes attr{}, probe_attr{};
  CLC_TRY(kernel_attributes(kernel, device, &attr));
  CLC_TRY(kernel_attributes(probe, device, &probe_attr));
  int const bits = probe_features(probe_attr.maxThreadsPerBlock);
  facts->binary_version = attr.binaryVersion;
  facts->ptx_version = attr.ptxVersion;
  facts->hardware_clc = (bits & kProbeHardwareClc) != 0;
  facts->multicast = (bits & kProbeMulticast) != 0;
  return success();
}

Error handback_needs_scheduler_warp(char const* api) {
  return invalid_argument(std::string("options.claim: ClaimTiming::Handback needs a warp-role kernel whose scheduler "
                                      "warp runs Scheduler::run_scheduler_warp() (prepare_launch); ") +
                          api +
                          " runs block kernels, where every thread runs the tile's body and no thread is free to "
                          "watch it (docs/scheduling.md section 7): use ClaimTiming::OnDemand for heavy-tailed tiles");
}

Error prepare_launch(void const* kernel, void const* probe, SourceTraits const& source, TileSpace const& tiles,
                     LaunchOptions const& opts, PreparedLaunch* out, std::size_t caller_layout) {
  if (caller_layout != sizeof(PreparedLaunch) + sizeof(LaunchOptions)) {
    return Error{Status::InternalError,
                 "clc::prepare_launch: the caller sees PreparedLaunch/LaunchOptions with another layout than the clc "
                 "library was built with (" + num(std::int64_t(caller_layout)) + " vs " +
                     num(std::int64_t(sizeof(PreparedLaunch) + sizeof(LaunchOptions))) +
                     " bytes): build both with the same clc headers and definitions"};
  }
  CLC_TRY(validate(tiles));
  CLC_TRY(validate(opts));
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  DeviceFacts dev;
  CLC_TRY(query_device(device, &dev));
  cudaFuncAttributes attr{};
  CLC_TRY(kernel_attributes(kernel, device, &attr));
  KernelFacts kf;
  CLC_TRY(kernel_facts(kernel, probe, &kf));
  SourceKind resolved = SourceKind::Auto;
  CLC_TRY(resolve_source(source.kind, opts.grid, tiles, dev, kf, &resolved));

  std::size_t const static_smem = attr.sharedSizeBytes;
  if (static_smem + opts.dynamic_smem_bytes > dev.max_smem_optin) {
    return out_of_resources("options.dynamic_smem_bytes (" + num(std::int64_t(opts.dynamic_smem_bytes)) +
                            ") plus the kernel's static shared memory (" + num(std::int64_t(static_smem)) +
                            " bytes, including clc's pipeline) exceeds the per-block limit of device " + num(device) +
                            " (" + num(std::int64_t(dev.max_smem_optin)) + " bytes)");
  }
  if (opts.block_threads > attr.maxThreadsPerBlock) {
    return out_of_resources("options.block_threads (" + num(opts.block_threads) +
                            ") exceeds what this kernel can launch (" + num(attr.maxThreadsPerBlock) +
                            " threads, limited by its register use)");
  }
  // Occupancy in clusters: also the check that the cluster shape can run at all.
  Occupancy occ;
  CLC_TRY(kernel_occupancy(kernel, device, dev.sm_count, opts.block_threads, opts.dynamic_smem_bytes, tiles.cluster_x,
                           tiles.cluster_y, &occ));
  if (occ.error != cudaSuccess || occ.max_clusters <= 0) {
    return out_of_resources("cluster shape " + num(tiles.cluster_x) + "x" + num(tiles.cluster_y) + " with " +
                            num(opts.block_threads) + " threads and " +
                            num(std::int64_t(opts.dynamic_smem_bytes + static_smem)) +
                            " bytes of shared memory per CTA cannot be resident on device " + num(device) +
                            (occ.error != cudaSuccess ? std::string(" (") + cudaGetErrorName(occ.error) + ")"
                                                      : std::string()));
  }
  GridPlan plan;
  CLC_TRY(plan_grid(tiles, source.kind, opts.grid, occ.max_clusters, opts.max_workers, &plan));

  cudaLaunchConfig_t& cfg = out->cfg_;
  cfg = cudaLaunchConfig_t{};
  out->attrs_[0].id = cudaLaunchAttributeClusterDimension;
  out->attrs_[0].val.clusterDim.x = static_cast<unsigned>(tiles.cluster_x);
  out->attrs_[0].val.clusterDim.y = static_cast<unsigned>(tiles.cluster_y);
  out->attrs_[0].val.clusterDim.z = 1;
  // 1-CTA clusters launch without the cluster attribute (an implicit 1x1x1 cluster: the runtime then
  // uses no cross-CTA feature), which keeps a plain grid's block-scheduling rate.
  out->num_attrs_ = tiles.cluster_size() > 1 ? 1u : 0u;
  cfg.gridDim = plan.grid_dim;
  cfg.blockDim = dim3(static_cast<unsigned>(opts.block_threads), 1, 1);
  cfg.dynamicSmemBytes = opts.dynamic_smem_bytes;
  cfg.stream = opts.stream;
  cfg.attrs = out->attrs_;
  cfg.numAttrs = out->num_attrs_;

  SchedulerParams& sp = out->sched;
  sp = SchedulerParams{};
  sp.tiles = tiles;
  sp.map = TileMap(tiles);
  sp.trace = opts.trace;
  sp.claim = opts.claim;
  if (source.claims_ranges) {
    // Automatic grain: guided claims on resident grids; one cluster per claim on every-tile grids
    // (exact CLC) and for longest-first spaces (a large first claim would take the longest tiles).
    sp.max_grain = opts.max_grain > 0 ? std::uint32_t(opts.max_grain)
                   : (plan.grid == GridMode::ResidentCapacity && tiles.reverse == Reverse::None) ? kAutoMaxGrain
                                                                                                   : 1u;
  }
  if (source.uses_workspace) {
    std::size_t const need = Workspace::bytes_for(source.kind, tiles);
    if (opts.workspace != nullptr) {
      if (opts.workspace->device() != device) {
        return invalid_argument("options.workspace was created on device " + num(opts.workspace->device()) +
                                " but the launch is on device " + num(device));
      }
      if (opts.workspace->size() < need) {
        return invalid_argument("options.workspace has " + num(std::int64_t(opts.workspace->size())) +
                                " bytes; source " + to_string(source.kind) + " over " + num(tiles.clusters()) +
                                " clusters needs " + num(std::int64_t(need)) +
                                " (Workspace::bytes_for(source, tiles); create it with that size)");
      }
      sp.workspace = opts.workspace->get();
    } else {
      CLC_TRY(stream_workspace(opts.stream, need, &sp.workspace));
    }
  }
  // ClaimTiming::Handback: one mailbox per cluster that can be resident at once (so every live
  // worker finds one), in the library's per-stream pool.
  if (opts.claim == ClaimTiming::Handback && source.fetches) {
    sp.handback_slots = std::uint32_t(std::min<std::int64_t>(occ.max_clusters, plan.workers));
    CLC_TRY(stream_handback_pool(opts.stream, sp.handback_slots, &sp.handback_states, &sp.handback_responses));
  }

  LaunchInfo& info = out->info;
  info.source = source.kind;
  info.grid = plan.grid;
  info.grid_dim = plan.grid_dim;
  info.block_dim = cfg.blockDim;
  info.cluster_dim = plan.cluster_dim;
  info.workers = plan.workers;
  info.max_active_clusters = occ.max_clusters;
  return success();
}

}  // namespace detail
}  // namespace clc
