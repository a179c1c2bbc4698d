//! @file launch.cuh
//! @brief `clc::launch(functor, tiles, options)`: run a block-level tile functor under a work source.
//!
//! @code
//! struct Scale {
//!   float* data; int n;
//!   __device__ void operator()(clc::WorkTile const& t) const {
//!     int i = t.x * blockDim.x + threadIdx.x;
//!     if (i < n) data[i] *= 2.0f;
//!   }
//! };
//! clc::Error e = clc::launch(Scale{d, n}, clc::TileSpace((n + 127) / 128));
//! @endcode
#pragma once

#include <cmath>
#include <string>
#include <type_traits>

#include <cuda_runtime.h>

#include "detail/cuda_check.hpp"
#include "launch.hpp"
#include "worker.cuh"

namespace clc {

//! `LaunchOptions::max_grain = 0` with a resident-capacity Ticket grid: up to this many clusters per
//! fetch (guided). Measured with `clc-bench sched`; see docs/scheduling.md.
inline constexpr std::uint32_t kAutoMaxGrain = 64;

namespace detail {

//! Facts of the current device plus the binary `kernel` was loaded from.
template <class Kernel>
Error kernel_facts(Kernel kernel, DeviceFacts* dev, cudaFuncAttributes* attr) {
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  CLC_TRY(query_device(device, dev));
  CLC_TRY(kernel_attributes(reinterpret_cast<void const*>(kernel), device, attr));
  dev->binary_version = attr->binaryVersion;
  dev->binary_has_multicast = attr->binaryVersion >= 100;  // clc builds sm_100a: the multicast form is there
  return success();
}

}  // namespace detail

//! A launch configuration prepared by `prepare_launch`: pass `config()` and your kernel parameters
//! (with `sched` copied into them) to `cudaLaunchKernelEx`. Not copyable: `config()` points into it.
struct PreparedLaunch {
  PreparedLaunch() = default;
  PreparedLaunch(PreparedLaunch const&) = delete;
  PreparedLaunch& operator=(PreparedLaunch const&) = delete;

  cudaLaunchConfig_t const* config() {
    cfg_.attrs = attrs_;
    cfg_.numAttrs = num_attrs_;
    return &cfg_;
  }

  SchedulerParams sched;  //!< copy into the kernel's parameters
  LaunchInfo info;        //!< what the launch will be

  cudaLaunchConfig_t cfg_{};
  cudaLaunchAttribute attrs_[1]{};
  unsigned num_attrs_ = 0;  // the cluster attribute, only for clusters of 2+ CTAs
};

//! Size the grid, set the cluster attribute and shared-memory opt-in, check occupancy and the
//! source's requirements, and bind a Ticket workspace, for any kernel that uses `Scheduler<Source>`.
//! `opts.block_threads` and `opts.dynamic_smem_bytes` describe the kernel's CTA.
template <class Source, class Kernel>
Error prepare_launch(Kernel kernel, TileSpace const& tiles, LaunchOptions const& opts, PreparedLaunch* out) {
  static_assert(Source::kind != SourceKind::Auto, "prepare_launch needs a concrete source (see with_source)");
  CLC_TRY(validate(tiles));
  CLC_TRY(validate(opts));
  DeviceFacts dev;
  cudaFuncAttributes attr{};
  CLC_TRY(detail::kernel_facts(kernel, &dev, &attr));
  SourceKind resolved = SourceKind::Auto;
  CLC_TRY(resolve_source(Source::kind, tiles, dev, &resolved));

  std::size_t const static_smem = attr.sharedSizeBytes;
  if (static_smem + opts.dynamic_smem_bytes > dev.max_smem_optin) {
    return out_of_resources("options.dynamic_smem_bytes (" + std::to_string(opts.dynamic_smem_bytes) +
                            ") plus the kernel's static shared memory (" + std::to_string(static_smem) +
                            " bytes, including clc's pipeline) exceeds the per-block limit of device " +
                            std::to_string(dev.device) + " (" + std::to_string(dev.max_smem_optin) + " bytes)");
  }
  if (opts.block_threads > attr.maxThreadsPerBlock) {
    return out_of_resources("options.block_threads (" + std::to_string(opts.block_threads) +
                            ") exceeds what this kernel can launch (" + std::to_string(attr.maxThreadsPerBlock) +
                            " threads, limited by its register use)");
  }
  cudaLaunchConfig_t& cfg = out->cfg_;
  cfg = cudaLaunchConfig_t{};
  out->attrs_[0].id = cudaLaunchAttributeClusterDimension;
  out->attrs_[0].val.clusterDim.x = static_cast<unsigned>(tiles.cluster_x);
  out->attrs_[0].val.clusterDim.y = static_cast<unsigned>(tiles.cluster_y);
  out->attrs_[0].val.clusterDim.z = 1;
  cfg.blockDim = dim3(static_cast<unsigned>(opts.block_threads), 1, 1);
  cfg.dynamicSmemBytes = opts.dynamic_smem_bytes;
  cfg.stream = opts.stream;
  // 1-CTA clusters launch without the cluster attribute (an implicit 1x1x1 cluster: the runtime then
  // uses no cross-CTA feature), which keeps a plain grid's block-scheduling rate.
  out->num_attrs_ = tiles.cluster_size() > 1 ? 1u : 0u;
  cfg.attrs = out->attrs_;
  cfg.numAttrs = out->num_attrs_;

  // Occupancy in clusters: also the check that the cluster shape can run at all. The shared-memory
  // opt-in and the occupancy query are done once per kernel and CTA shape (cached).
  int max_clusters = 0;
  cudaError_t oe = cudaSuccess;
  CLC_TRY(detail::kernel_occupancy(reinterpret_cast<void const*>(kernel), dev.device, dev.sm_count, opts.block_threads,
                                   opts.dynamic_smem_bytes, tiles.cluster_x, tiles.cluster_y, &max_clusters, &oe));
  if (oe != cudaSuccess || max_clusters <= 0) {
    return out_of_resources("cluster shape " + std::to_string(tiles.cluster_x) + "x" + std::to_string(tiles.cluster_y) +
                            " with " + std::to_string(opts.block_threads) + " threads and " +
                            std::to_string(opts.dynamic_smem_bytes + static_smem) +
                            " bytes of shared memory per CTA cannot be resident on device " +
                            std::to_string(dev.device) +
                            (oe != cudaSuccess ? std::string(" (") + cudaGetErrorName(oe) + ")" : std::string()));
  }

  GridPlan plan;
  CLC_TRY(plan_grid(tiles, Source::kind, opts.grid, max_clusters, opts.max_workers, &plan));
  cfg.gridDim = plan.grid_dim;

  SchedulerParams& sp = out->sched;
  sp = SchedulerParams{};
  sp.tiles = tiles;
  sp.map = TileMap(tiles);
  sp.trace = opts.trace;
  sp.seed = opts.seed;
  if constexpr (Source::kind == SourceKind::Ticket) {
    // Automatic grain: guided claims on resident grids; one cluster per claim on every-tile grids
    // (exact CLC) and for longest-first spaces (a large first claim would take the longest tiles).
    sp.max_grain = opts.max_grain > 0 ? std::uint32_t(opts.max_grain)
                   : (plan.grid == GridMode::ResidentCapacity && tiles.reverse == Reverse::None) ? kAutoMaxGrain
                                                                                                   : 1u;
    if (opts.workspace != nullptr) {
      if (opts.workspace->device() != dev.device) {
        return invalid_argument("options.workspace was created on device " + std::to_string(opts.workspace->device()) +
                                " but the launch is on device " + std::to_string(dev.device));
      }
      sp.workspace = opts.workspace->get();
    } else {
      CLC_TRY(stream_workspace(opts.stream, &sp.workspace));
    }
    if (opts.inject_failure_rate > 0.0) {
      if (plan.grid != GridMode::EveryTile) {
        return invalid_argument("options.inject_failure_rate needs grid mode EveryTile: with a resident-capacity grid "
                                "an injected failure would leave tiles that no later CTA can claim");
      }
      sp.fail_threshold = static_cast<std::uint32_t>(std::ldexp(opts.inject_failure_rate, 32));
    }
  } else if (opts.inject_failure_rate > 0.0) {
    return invalid_argument(std::string("options.inject_failure_rate is only supported by source Ticket (got ") +
                            to_string(Source::kind) + ")");
  }

  LaunchInfo& info = out->info;
  info.source = Source::kind;
  info.grid = plan.grid;
  info.grid_dim = plan.grid_dim;
  info.block_dim = cfg.blockDim;
  info.cluster_dim = plan.cluster_dim;
  info.workers = plan.workers;
  info.max_active_clusters = max_clusters;
  return success();
}

//! Call `f(source_tag)` with the source type named by `kind` (Auto must be resolved first, e.g. by
//! `resolve_auto_source`). Lets a host API choose the source at run time.
template <class F>
Error with_source(SourceKind kind, F&& f) {
  switch (kind) {
    case SourceKind::Hardware: return f(source::Hardware{});
    case SourceKind::Ticket: return f(source::Ticket{});
    case SourceKind::Static: return f(source::Static{});
    case SourceKind::Single: return f(source::Single{});
    default: break;
  }
  return invalid_argument(std::string("source ") + to_string(kind) + " must be resolved to a concrete source first");
}

//! Resolve `requested` (Auto included) for `kernel` on the current device.
template <class Kernel>
Error resolve_auto_source(SourceKind requested, Kernel kernel, TileSpace const& tiles, SourceKind* resolved) {
  DeviceFacts dev;
  cudaFuncAttributes attr{};
  CLC_TRY(detail::kernel_facts(kernel, &dev, &attr));
  return resolve_source(requested, tiles, dev, resolved);
}

//! Run `functor(tile)` with the whole CTA for every tile of `tiles`, under the work source of
//! `opts.source`, asynchronously on `opts.stream`.
//! @tparam Stages response slots of the fetch pipeline (1..8; 2 leaves slack between consumption
//!         and refill)
//! @param functor trivially copyable object with `__device__ void operator()(clc::WorkTile const&)`
//! @return success, or an error whose message names the bad argument or the failed CUDA call
template <int Stages = 2, class Functor>
Error launch(Functor const& functor, TileSpace const& tiles, LaunchOptions const& opts = {},
             LaunchInfo* info = nullptr) {
  static_assert(std::is_trivially_copyable_v<Functor>,
                "clc::launch copies the functor to the device by value: it must be trivially copyable "
                "(hold device pointers and sizes, not host containers)");
  static_assert(Stages >= 1 && Stages <= 8, "clc::launch: Stages must be between 1 and 8");
  CLC_TRY(validate(tiles));
  CLC_TRY(validate(opts));
  SourceKind src = SourceKind::Auto;
  CLC_TRY(resolve_auto_source(opts.source, &block_kernel<Functor, source::Ticket, Stages>, tiles, &src));
  return with_source(src, [&](auto tag) -> Error {
    using Source = decltype(tag);
    auto kernel = &block_kernel<Functor, Source, Stages>;
    PreparedLaunch pl;
    CLC_TRY(prepare_launch<Source>(kernel, tiles, opts, &pl));
    BlockKernelParams<Functor> params{functor, pl.sched};
    CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, params));
    CLC_CUDA_TRY(cudaGetLastError());
    if (info) *info = pl.info;
    return success();
  });
}

}  // namespace clc
