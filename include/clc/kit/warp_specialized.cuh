//! @file kit/warp_specialized.cuh
//! @brief The warp-specialised persistent kernel, written once: warpgroup 0 holds the producer warp
//! (TMA loads; the `Role::Producer` that feeds the scheduler's throttle) and the scheduler warp, and
//! gives registers away; warpgroups 1..W are consumers (MMA and epilogue) and take them. Every role
//! iterates the same tile sequence from `clc::Scheduler`, so all consumer warpgroups of a CTA work on
//! one tile together (cooperative GEMM, FA3-style attention). A workload fills these hooks:
//!
//! @code
//! struct MyKernel {
//!   using Source = clc::source::Ticket;              // the work source
//!   static constexpr int kConsumerWarpgroups = 2;    // W
//!   static constexpr int kProducerRegs = 56;         // setmaxnreg of warpgroup 0
//!   static constexpr int kConsumerRegs = 224;        // setmaxnreg of the consumers (budget: 65536 / SM)
//!   struct SharedStorage { ... };                    // static shared memory: barriers
//!   struct ProducerState { ... };                    // lives across tiles (ring position)
//!   struct ConsumerState { ... };                    // lives across tiles (ring position, accumulators)
//!   __device__ MyKernel(Params const&, SharedStorage&, unsigned char* smem, unsigned cluster_size, unsigned rank);
//!   __device__ void init();                          // thread 0: barrier inits (+ fence_barrier_init)
//!   __device__ void prefetch();                      // lane 0 of the producer warp: prefetch_tensormap
//!   __device__ ProducerState producer_start();
//!   __device__ void produce(clc::WorkTile const&, ProducerState&);  // the producer warp, per tile
//!   // (or with a third argument `next`, as consume below)
//!   __device__ ConsumerState consumer_start(int warpgroup);         // 0..W-1
//!   __device__ void consume(clc::WorkTile const&, ConsumerState&);  // one consumer warpgroup, per tile
//!   // or, to take the next tile early: template <class Next> __device__ void consume(clc::WorkTile const&,
//!   //   ConsumerState&, Next&& next);  calling next() once per tile, when nothing of the tile still
//!   //   needs the scheduler (e.g. under MMAs already issued): it waits for and decodes the next tile
//!   __device__ void consumer_finish(ConsumerState&); // after the last tile (e.g. drain TMA stores)
//! };
//! __global__ void __launch_bounds__(clc::kit::threads_of<MyKernel>(), 1) my_kernel(__grid_constant__ Params const p) {
//! #if CLC_KIT_SM90A
//!   clc::kit::run_warp_specialized<MyKernel>(p, p.sched);
//! #endif
//! }
//! @endcode
//! `smem` is the dynamic shared memory aligned to 1024 bytes (size the launch with 1024 bytes of slack).
//! The host side is `launch_warp_specialized<MyKernel>(my_kernel, tiles, options, smem_bytes, params)`.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cuda_runtime.h>

#include "../detail/trace.cuh"
#include "../launch.cuh"
#include "../scheduler.cuh"
#include "arch.cuh"

namespace clc::kit {

//! Threads of a warp-specialised CTA: the producer/scheduler warpgroup plus the consumers.
template <class Kernel>
constexpr int threads_of() {
  return 128 * (1 + Kernel::kConsumerWarpgroups);
}

#if defined(__CUDACC__)

//! The `next` of a `produce` / `consume` hook: `next()` moves the role's tile sequence on (warp-
//! collective, at most once per tile; the hook's tile is a copy and stays valid). `advanced` says
//! whether it has.
template <class Iterator>
struct NextTile {
  Iterator* it;
  bool advanced = false;
  CLC_DEVICE void operator()() {
    __syncwarp();  // the tiles() step is warp-collective
    ++*it;
    advanced = true;
  }
};

namespace detail {
//! Stands for the `next` of the hooks in the detection of `ProducesWithNext` / `ConsumesWithNext`.
struct NextTileProbe {
  bool advanced = false;
  CLC_DEVICE void operator()() {}
};
//! Whether `Kernel::produce` / `Kernel::consume` take a third argument, `next`: a callable that moves
//! the role's tile sequence on to the next tile (see `run_warp_specialized`).
template <class K, class = void>
struct ProducesWithNext : std::false_type {};
template <class K>
struct ProducesWithNext<K, std::void_t<decltype(std::declval<K&>().produce(
                               std::declval<WorkTile const&>(), std::declval<typename K::ProducerState&>(),
                               std::declval<NextTileProbe&>()))>> : std::true_type {};
template <class K, class = void>
struct ConsumesWithNext : std::false_type {};
template <class K>
struct ConsumesWithNext<K, std::void_t<decltype(std::declval<K&>().consume(
                               std::declval<WorkTile const&>(), std::declval<typename K::ConsumerState&>(),
                               std::declval<NextTileProbe&>()))>> : std::true_type {};
}  // namespace detail

#if CLC_KIT_STARTUP_PROBE
// Development probe (never in a library build): %globaltimer at points of a CTA's start-up and first
// tile, written with the trace (LaunchOptions::trace) as two records per CTA at index 2048 + 2 * blockIdx.x.
namespace probe {
CLC_DEVICE inline std::uint64_t* slots() {
  __shared__ std::uint64_t s[16];
  return s;
}
CLC_DEVICE inline void mark(int i) { slots()[i] = ::clc::detail::globaltimer_ns(); }
CLC_DEVICE inline void once(int i) {
  if (slots()[i] == 0) mark(i);
}
}  // namespace probe
#  define CLC_KIT_PROBE(i) ::clc::kit::probe::mark(i)
#  define CLC_KIT_PROBE_ONCE(i) ::clc::kit::probe::once(i)
#else
#  define CLC_KIT_PROBE(i) ((void)0)
#  define CLC_KIT_PROBE_ONCE(i) ((void)0)
#endif

//! The kernel body. `params` and `sched` must be (parts of) the kernel's `__grid_constant__`
//! parameter, read in place.
template <class Kernel, int FetchStages = 2>
CLC_KIT_DEVICE void run_warp_specialized(typename Kernel::Params const& params, SchedulerParams const& sched_params) {
  using Sched = Scheduler<typename Kernel::Source, FetchStages>;
  __shared__ typename Sched::SharedStorage sched_storage;
  __shared__ typename Kernel::SharedStorage shared;
  extern __shared__ unsigned char smem_raw[];
  int const warp = int(threadIdx.x >> 5);
  int const wg = warp >> 2;

  // Iterating warps: the producer warp and every consumer warp (the scheduler warp only fetches).
  Sched sched(sched_storage, sched_params, 1u + 4u * unsigned(Kernel::kConsumerWarpgroups));
  Kernel k(params, shared, align_smem<1024>(smem_raw), sched.cluster_size(), sched.rank());
#if CLC_KIT_STARTUP_PROBE
  if (threadIdx.x == 0) {
    for (int i = 1; i < 16; ++i) probe::slots()[i] = 0;
    CLC_KIT_PROBE(0);
  }
#endif
  if (threadIdx.x == 0) {  // thread 0 is also lane 0 of the producer warp
    k.init();
    k.prefetch();
  }
  sched.init();  // cluster barrier: the workload's barrier inits are visible to peers before any
                 // multicast or remote arrive targets them
  if (threadIdx.x == 0) CLC_KIT_PROBE(1);

  if (wg == 0) {
    regs_decrease<Kernel::kProducerRegs>();
    if (warp == 0) {
      if (threadIdx.x == 0) CLC_KIT_PROBE(2);
      auto st = k.producer_start();
      if constexpr (detail::ProducesWithNext<Kernel>::value) {
        auto tiles = sched.tiles(Role::Producer);
        auto it = tiles.begin();
        while (it != tiles.end()) {
          WorkTile const t = *it;
          if (threadIdx.x == 0) CLC_KIT_PROBE_ONCE(3);
          NextTile<decltype(it)> next{&it};
          k.produce(t, st, next);
          __syncwarp();
          if (!next.advanced) ++it;
        }
      } else {
        for (WorkTile t : sched.tiles(Role::Producer)) {
          k.produce(t, st);
          __syncwarp();  // the next tiles() step is warp-collective
        }
      }
    } else if (warp == 1) {
      sched.template run_scheduler_warp</*AllowHandback=*/false>();  // the host refuses it (below)
    }
  } else {
    regs_increase<Kernel::kConsumerRegs>();
    auto st = k.consumer_start(wg - 1);
    if (threadIdx.x == 128) CLC_KIT_PROBE(5);
    // LaunchOptions::trace: the first thread of the first consumer warpgroup records each tile, from
    // the hook's entry to its return (the start time waits in shared memory, not in a register that
    // every consumer thread would pay for).
    __shared__ std::uint64_t trace_start_ns;
    bool const tracer = sched_params.trace != nullptr && threadIdx.x == 128u;
    if constexpr (detail::ConsumesWithNext<Kernel>::value) {
      // The hook takes the next tile itself (`next()`, once), where its wait and decoding hide
      // under work already issued (Sm90Mma: under the last stage's MMAs, not after the epilogue).
      auto tiles = sched.tiles(Role::Consumer);
      auto it = tiles.begin();
      while (it != tiles.end()) {
        WorkTile const t = *it;  // a copy: next() overwrites the iterator's tile
        NextTile<decltype(it)> next{&it};
        if (tracer) trace_start_ns = ::clc::detail::globaltimer_ns();
        k.consume(t, st, next);
        if (threadIdx.x == 128) CLC_KIT_PROBE_ONCE(8);
        if (tracer) ::clc::detail::record_tile(sched_params, t, trace_start_ns, sched.rank(), Kernel::Source::kind);
        if (!next.advanced) ++it;  // a hook that returned without taking it
      }
    } else {
      for (WorkTile t : sched.tiles(Role::Consumer)) {
        if (tracer) trace_start_ns = ::clc::detail::globaltimer_ns();
        k.consume(t, st);
        if (tracer) ::clc::detail::record_tile(sched_params, t, trace_start_ns, sched.rank(), Kernel::Source::kind);
      }
    }
    k.consumer_finish(st);
    if (threadIdx.x == 128) CLC_KIT_PROBE(9);
  }
  sched.finish();  // every CTA of the cluster stays until no peer can still arrive or multicast into it
#if CLC_KIT_STARTUP_PROBE
  if (threadIdx.x == 128 && sched_params.trace != nullptr && blockIdx.x < 1024) {
    CLC_KIT_PROBE(10);
    std::uint64_t const* s = probe::slots();
    TileTraceRecord* r = sched_params.trace + 2048 + 2 * blockIdx.x;
    std::int32_t* a = &r[0].x;
    std::int32_t* b = &r[1].x;
    for (int i = 0; i < 8; ++i) a[i] = s[1 + i] ? std::int32_t(s[1 + i] - s[0]) : -1;
    for (int i = 0; i < 7; ++i) b[i] = s[9 + i] ? std::int32_t(s[9 + i] - s[0]) : -1;
    r[0].start_ns = r[1].start_ns = s[0];
    r[0].end_ns = r[1].end_ns = 1;
  }
#endif
}

//! Host: launch `kernel` (a `__global__` taking `typename Kernel::Params` by value that runs
//! `run_warp_specialized<Kernel>`) over `tiles` under `Kernel::Source`, with `dynamic_smem` bytes of
//! dynamic shared memory (including the 1024 bytes of alignment slack). `params.sched` is filled in
//! here; `opts` gives the stream, workspace, grid mode and worker cap.
template <class Kernel>
Error launch_warp_specialized(void (*kernel)(typename Kernel::Params), TileSpace const& tiles, LaunchOptions opts,
                              std::size_t dynamic_smem, typename Kernel::Params params, LaunchInfo* info = nullptr) {
  using Source = typename Kernel::Source;
  if (opts.claim == ClaimTiming::Handback) {
    return invalid_argument(
        "options.claim: ClaimTiming::Handback is not built into the kit's warp-specialised kernels (their tiles "
        "cost the same; use Auto, Ahead or OnDemand)");
  }
  // Automatic grain: one cluster per claim. The kit's workloads order their tiles for L2 reuse (the
  // GEMM's bands of `swizzle` N tiles walked along M), which holds only while the tiles in flight are
  // neighbours in that order. A guided claim of g consecutive clusters runs them one after the other
  // in one worker, so the workers' tiles in flight lie g clusters apart: at 16256x16256x4096 (g = 15
  // at the start) the GEMM read 7.76 GB from DRAM against cuBLAS's 2.37 GB (bench/results/
  // h200-cublas-kernels.txt, section 3). A claim per tile costs one atomic per multi-microsecond tile.
  if (opts.max_grain == 0) opts.max_grain = 1;
  opts.source = Source::kind;
  opts.block_threads = threads_of<Kernel>();
  opts.dynamic_smem_bytes = dynamic_smem;
  PreparedLaunch pl;
  CLC_TRY(prepare_launch<Source>(kernel, tiles, opts, &pl));
  params.sched = pl.sched;
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, params));
  CLC_CUDA_TRY(cudaGetLastError());
  if (info) *info = pl.info;
  return success();
}

#endif  // __CUDACC__

}  // namespace clc::kit
