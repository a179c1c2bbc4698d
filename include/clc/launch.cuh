//! @file launch.cuh
//! @brief `clc::launch(functor, tiles, options)`: run a block-level tile functor under a work source;
//! `prepare_launch<Source>` for kernels of your own on `clc::Scheduler`.
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
#include "detail/launch_cache.hpp"
#include "detail/target_probe.cuh"
#include "launch.hpp"
#include "source/auto.cuh"
#include "testing/fault_injection.hpp"
#include "worker.cuh"

namespace clc {

namespace detail {

#if CLC_FAULT_INJECTION
//! Tests: apply this thread's `testing::ScopedFaultInjection` to a prepared launch.
inline Error apply_fault_injection(SourceTraits const& source, PreparedLaunch* out) {
  testing::FaultInjection const& f = testing::current_fault_injection();
  if (f.rate == 0.0) return success();
  if (!(f.rate > 0.0 && f.rate < 1.0))
    return invalid_argument("clc::testing fault injection rate must be in [0, 1) (got " + std::to_string(f.rate) + ")");
  if (!source.fault_injectable)
    return invalid_argument(std::string("clc::testing fault injection is only supported by source Ticket (got ") +
                            to_string(source.kind) + ")");
  if (out->info.grid != GridMode::EveryTile)
    return invalid_argument("clc::testing fault injection needs grid mode EveryTile: with a resident-capacity grid an "
                            "injected failure would leave tiles that no later CTA can claim");
  out->sched.faults = testing::FaultParams{static_cast<std::uint32_t>(std::ldexp(f.rate, 32)), f.seed};
  return success();
}
#endif

}  // namespace detail

//! Size the grid, set the cluster attribute and shared-memory opt-in, check occupancy and the
//! source's requirements, and bind a Ticket workspace, for any kernel that uses `Scheduler<Source>`.
//! `opts.block_threads` and `opts.dynamic_smem_bytes` describe the kernel's CTA.
template <class Source, class Kernel>
Error prepare_launch(Kernel kernel, TileSpace const& tiles, LaunchOptions const& opts, PreparedLaunch* out) {
  static_assert(Source::kind != SourceKind::Auto, "prepare_launch needs a concrete source (see with_source)");
  static_assert(source::check<Source>());
  constexpr SourceTraits traits = source::traits_of<Source>();
  CLC_TRY(detail::prepare_launch(reinterpret_cast<void const*>(kernel),
                                 reinterpret_cast<void const*>(&detail::target_probe_kernel<>), traits, tiles, opts,
                                 out, sizeof(PreparedLaunch) + sizeof(LaunchOptions)));
#if CLC_FAULT_INJECTION
  CLC_TRY(detail::apply_fault_injection(traits, out));
#endif
  return success();
}

//! Resolve `requested` (Auto included) for `kernel` on the current device and the grid mode `grid`.
template <class Kernel>
Error resolve_auto_source(SourceKind requested, Kernel kernel, TileSpace const& tiles, SourceKind* resolved,
                          GridMode grid = GridMode::Default) {
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  DeviceFacts dev;
  CLC_TRY(query_device(device, &dev));
  KernelFacts kf;
  CLC_TRY(detail::kernel_facts(reinterpret_cast<void const*>(kernel),
                               reinterpret_cast<void const*>(&detail::target_probe_kernel<>), &kf));
#if CLC_FAULT_INJECTION
  // Injected failures are a Ticket feature: Auto means Ticket while they are on.
  if (requested == SourceKind::Auto && testing::current_fault_injection().rate != 0.0) requested = SourceKind::Ticket;
#endif
  return resolve_source(requested, grid, tiles, dev, kf, resolved);
}

namespace detail {

//! The tail every launch API shares: prepare `kernel` under `Source`, build its parameters with
//! `make_params(sched)`, launch, pick up the launch error.
//! Launch `kernel` as prepared in `pl` (by prepare_launch for this kernel).
template <class Kernel, class MakeParams>
Error launch_prepared(PreparedLaunch& pl, Kernel kernel, MakeParams&& make_params, LaunchInfo* info) {
  auto const params = make_params(pl.sched);
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, params));
  CLC_CUDA_TRY(cudaGetLastError());
  if (info) *info = pl.info;
  return success();
}

template <class Source, class Kernel, class MakeParams>
Error launch_kernel(Kernel kernel, TileSpace const& tiles, LaunchOptions const& opts, MakeParams&& make_params,
                    LaunchInfo* info) {
  PreparedLaunch pl;
  CLC_TRY(clc::prepare_launch<Source>(kernel, tiles, opts, &pl));
  return launch_prepared(pl, kernel, make_params, info);
}

}  // namespace detail

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
  CLC_TRY(validate(tiles));  // pure checks, a few comparisons: bad arguments are named even without a GPU
  CLC_TRY(validate(opts));
  if (opts.claim == ClaimTiming::Handback) return detail::handback_needs_scheduler_warp("clc::launch");
  // Host fast path (detail/launch_cache.hpp): a launch prepared before on this thread is launched
  // again without repeating its queries, which depend only on the key.
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  void const* const family = reinterpret_cast<void const*>(&block_kernel<Functor, source::Ticket, Stages>);
  detail::LaunchKey const key = detail::make_launch_key(family, device, tiles, opts);
  detail::LaunchCache& cache = detail::launch_cache();
  detail::CachedLaunch const* prepared = cache.find(key);
  if (prepared == nullptr) {
    SourceKind src = SourceKind::Auto;
    CLC_TRY(resolve_auto_source(opts.source, &block_kernel<Functor, source::Ticket, Stages>, tiles, &src, opts.grid));
    detail::CachedLaunch fresh;
    CLC_TRY(with_source(src, [&](auto tag) -> Error {
      using Source = decltype(tag);
      auto const kernel = &block_kernel<Functor, Source, Stages>;
      PreparedLaunch pl;
      CLC_TRY(clc::prepare_launch<Source>(kernel, tiles, opts, &pl));
      cudaLaunchConfig_t const* cfg = pl.config();
      fresh.kernel = reinterpret_cast<void const*>(kernel);
      fresh.grid = cfg->gridDim;
      fresh.block = cfg->blockDim;
      fresh.num_attrs = cfg->numAttrs;
      if (cfg->numAttrs > 0) {
        fresh.cluster = dim3(cfg->attrs[0].val.clusterDim.x, cfg->attrs[0].val.clusterDim.y,
                             cfg->attrs[0].val.clusterDim.z);
      }
      fresh.sched = pl.sched;
      fresh.info = pl.info;
      return success();
    }));
    fresh.key = key;
    fresh.valid = true;
    detail::CachedLaunch& slot = cache.slot();
    slot = fresh;
    prepared = &slot;
  }
  BlockKernelParams<Functor> params{functor, prepared->sched};
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = prepared->cluster.x;
  attr.val.clusterDim.y = prepared->cluster.y;
  attr.val.clusterDim.z = prepared->cluster.z;
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = prepared->grid;
  cfg.blockDim = prepared->block;
  cfg.dynamicSmemBytes = opts.dynamic_smem_bytes;
  cfg.stream = opts.stream;
  cfg.attrs = &attr;
  cfg.numAttrs = prepared->num_attrs;
  void* args[] = {&params};
  CLC_CUDA_TRY(cudaLaunchKernelExC(&cfg, prepared->kernel, args));
  CLC_CUDA_TRY(cudaGetLastError());
  if (info) *info = prepared->info;
  return success();
}

}  // namespace clc
