//! @file port.cuh
//! @brief Run an existing grid kernel's body under any work source, with its original launch shape.
//!
//! A classic kernel is written against `blockIdx` / `gridDim`. Under work stealing a CTA runs many
//! tiles, so the body instead reads a *virtual block*: `vb.idx` / `vb.dim` mean exactly what
//! `blockIdx` / `gridDim` meant in the original launch, and `vb.thread` / `vb.block` what
//! `threadIdx` / `blockDim` meant (the runtime launches 1-D CTAs of the same thread count and
//! recomputes the 3-D thread index; warps hold the same threads as in the original block, because
//! CUDA linearises a block x-fastest, exactly as `thread_of` does).
//!
//! @code
//! // before                                          // after
//! __global__ void scale(float* d, int n) {           __device__ void scale(clc::VirtualBlock const& vb, float* d, int n) {
//!   int i = blockIdx.x * blockDim.x + threadIdx.x;     int i = vb.idx.x * blockDim.x + threadIdx.x;
//!   if (i < n) d[i] *= 2.0f;                           if (i < n) d[i] *= 2.0f;
//! }                                                  }
//! scale<<<grid, block, 0, s>>>(d, n);                clc::port::launch<scale>(grid, block, clc::port::options(0, s), d, n);
//! @endcode
//!
//! The runtime re-runs the body for every tile it obtains, with a CTA-wide barrier between tiles.
//! What a body must not assume (early `return` before a barrier, shared state carried across tiles,
//! grid-wide sync, launch order, ...) is listed in docs/porting.md. `Options::check_body` turns on a
//! debug mode that catches the barrier hazards at run time.
//!
//! The pure mapping functions (`thread_of`, `tile_space_of`, `validate_shape`, ...) compile in plain
//! C++ so the host tests can check them without a GPU; the launch functions need nvcc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include <cuda_runtime_api.h>

#include "config.cuh"
#include "launch.hpp"
#include "status.hpp"
#include "tile_space.cuh"
#include "work_tile.cuh"

#if defined(__CUDACC__)
#  include <cstdio>

#  include "detail/cuda_check.hpp"
#  include "detail/ptx.cuh"
#  include "launch.cuh"
#  include "scheduler.cuh"
#endif

// Check mode (`Options::check_body`): how long a thread that has returned from the body waits for
// the rest of its CTA before it reports a barrier hazard and traps. A correct body only waits for the
// slowest thread of its own tile, so this is generous.
#ifndef CLC_PORT_CHECK_TIMEOUT_NS
#  define CLC_PORT_CHECK_TIMEOUT_NS 2000000000ull
#endif

namespace clc {

//! What a ported body sees instead of the built-in launch indices.
struct VirtualBlock {
  uint3 idx{0, 0, 0};     //!< was `blockIdx`: the tile this CTA runs now
  dim3 dim{1, 1, 1};      //!< was `gridDim`: the original grid (tiles, not launched CTAs)
  uint3 thread{0, 0, 0};  //!< was `threadIdx`: this thread's index in the original block shape
  dim3 block{1, 1, 1};    //!< was `blockDim`: the original block shape
};

namespace port {

//! Launch options of a ported kernel: what the original `<<<grid, block, smem, stream>>>` carried
//! beyond its shape, plus the choice of work source.
struct Options {
  SourceKind source = SourceKind::Auto;
  GridMode grid = GridMode::Default;
  std::size_t dynamic_smem_bytes = 0;    //!< the original launch's third `<<<>>>` argument
  cudaStream_t stream = nullptr;         //!< the original launch's fourth `<<<>>>` argument
  Workspace const* workspace = nullptr;  //!< Ticket: nullptr = the library's per-stream workspace
  int max_workers = 0;                   //!< ResidentCapacity: cap on launched CTAs (0 = occupancy)
  int max_grain = 0;                     //!< Ticket: most tiles one fetch may claim (0 = automatic)
  TileTraceRecord* trace = nullptr;      //!< optional device array of grid.x*grid.y*grid.z records
  //! Debug mode: after each tile, every thread waits until all threads of the CTA have returned from
  //! the body (a thread that returned before a `__syncthreads` the others still wait on is reported
  //! with its tile and thread, then the kernel traps), and the dynamic shared memory is filled with
  //! 0xFF bytes between tiles (a body that reads state left by the previous tile reads NaN / -1).
  bool check_body = false;

  // -- builder helpers, so a ported launch reads like the original one ----------------------------
  Options& with_source(SourceKind s) { source = s; return *this; }
  Options& with_grid_mode(GridMode m) { grid = m; return *this; }
  Options& with_check_body(bool on = true) { check_body = on; return *this; }
};

//! The options of an original `<<<grid, block, dynamic_smem_bytes, stream>>>` launch.
inline Options options(std::size_t dynamic_smem_bytes = 0, cudaStream_t stream = nullptr) {
  Options o;
  o.dynamic_smem_bytes = dynamic_smem_bytes;
  o.stream = stream;
  return o;
}

//! The original kernel's `__launch_bounds__(MaxThreads, MinBlocks)`. A `__global__` attribute does
//! not survive the move to a `__device__` body, so pass it here: the runtime's kernel then carries it
//! (same register budget, same occupancy as the original).
template <int MaxThreads, int MinBlocks = 1>
struct LaunchBounds {
  static_assert(MaxThreads >= 0 && MaxThreads <= 1024, "LaunchBounds: MaxThreads must be in [1, 1024]");
  static_assert(MinBlocks >= 0, "LaunchBounds: MinBlocks must be >= 1");
  static_assert((MaxThreads == 0) == (MinBlocks == 0), "LaunchBounds: use NoLaunchBounds for no bounds");
  static constexpr int max_threads = MaxThreads;
  static constexpr int min_blocks = MinBlocks;
};
using NoLaunchBounds = LaunchBounds<0, 0>;

// -- pure mapping functions (host and device) -------------------------------------------------------

//! Threads of a block shape.
CLC_HOST_DEVICE constexpr std::int64_t threads_of(dim3 block) {
  return std::int64_t(block.x) * std::int64_t(block.y) * std::int64_t(block.z);
}

//! The 3-D thread index that linear thread `linear` has in a block of shape `block` (x fastest, as
//! CUDA lays a block onto warps).
CLC_HOST_DEVICE constexpr uint3 thread_of(unsigned linear, dim3 block) {
  unsigned const x = linear % block.x;
  unsigned const rest = linear / block.x;
  return uint3{x, rest % block.y, rest / block.y};
}

//! Inverse of thread_of.
CLC_HOST_DEVICE constexpr unsigned linear_thread_of(uint3 t, dim3 block) {
  return t.x + block.x * (t.y + block.y * t.z);
}

//! The tiles of an original grid: one tile per original block, raster along x (the order in which a
//! plain launch hands out blocks), 1-CTA clusters.
CLC_HOST_DEVICE constexpr TileSpace tile_space_of(dim3 grid) { return TileSpace(int(grid.x), int(grid.y), int(grid.z)); }

//! The virtual block of a tile.
CLC_HOST_DEVICE constexpr VirtualBlock virtual_block_of(WorkTile const& t, dim3 grid, dim3 block, uint3 thread) {
  VirtualBlock vb;
  vb.idx = uint3{unsigned(t.x), unsigned(t.y), unsigned(t.z)};
  vb.dim = grid;
  vb.thread = thread;
  vb.block = block;
  return vb;
}

namespace detail {
inline std::string shape_string(dim3 d) {
  return std::to_string(d.x) + "x" + std::to_string(d.y) + "x" + std::to_string(d.z);
}
}  // namespace detail

//! Checks an original launch shape. `max_threads` is the body's launch bound (0 = none),
//! `required_block` the shape the body was written for (nullptr = any).
inline Error validate_shape(dim3 grid, dim3 block, int max_threads = 0, dim3 const* required_block = nullptr) {
  using detail::shape_string;
  if (grid.x < 1 || grid.y < 1 || grid.z < 1)
    return invalid_argument("original_grid must be at least 1 in every dimension (got " + shape_string(grid) + ")");
  if (grid.y > kMaxGridYZ || grid.z > kMaxGridYZ || grid.x > kMaxGridX)
    return invalid_argument("original_grid " + shape_string(grid) +
                            " exceeds the CUDA grid limits (x <= 2147483647, y and z <= 65535)");
  std::int64_t const tiles = std::int64_t(grid.x) * grid.y * grid.z;
  if (tiles > kMaxGridX)
    return invalid_argument("original_grid " + shape_string(grid) + " has " + std::to_string(tiles) +
                            " blocks; clc::port runs at most 2147483647 tiles per launch (split the launch)");
  if (block.x < 1 || block.y < 1 || block.z < 1)
    return invalid_argument("original_block must be at least 1 in every dimension (got " + shape_string(block) + ")");
  if (block.x > 1024 || block.y > 1024 || block.z > 64)
    return invalid_argument("original_block " + shape_string(block) +
                            " exceeds the CUDA block limits (x, y <= 1024, z <= 64)");
  std::int64_t const threads = threads_of(block);
  if (threads > 1024)
    return invalid_argument("original_block " + shape_string(block) + " has " + std::to_string(threads) +
                            " threads; a CTA has at most 1024");
  if (threads % 32 != 0)
    return invalid_argument("original_block " + shape_string(block) + " has " + std::to_string(threads) +
                            " threads, not a multiple of 32: clc::port runs whole warps (every thread of a partial "
                            "warp would have to take part in the body's barriers); pad the block to a multiple of 32 "
                            "and guard the extra threads inside the body");
  if (max_threads > 0 && threads > max_threads)
    return invalid_argument("original_block " + shape_string(block) + " has " + std::to_string(threads) +
                            " threads but the body's LaunchBounds allow at most " + std::to_string(max_threads) +
                            " (the original launch would have failed too)");
  if (required_block != nullptr &&
      (required_block->x != block.x || required_block->y != block.y || required_block->z != block.z))
    return invalid_argument("original_block is " + shape_string(block) + " but the body requires " +
                            shape_string(*required_block) + " (Body::required_block)");
  return success();
}

//! The block-level launch options of a ported launch: one 1-D CTA of the original thread count.
inline Error to_launch_options(Options const& opts, dim3 block, LaunchOptions* out) {
  if (out == nullptr) return invalid_argument("to_launch_options: out must not be null");
  LaunchOptions lo;
  lo.source = opts.source;
  lo.grid = opts.grid;
  lo.block_threads = int(threads_of(block));
  lo.dynamic_smem_bytes = opts.dynamic_smem_bytes;
  lo.stream = opts.stream;
  lo.workspace = opts.workspace;
  lo.max_workers = opts.max_workers;
  lo.max_grain = opts.max_grain;
  lo.trace = opts.trace;
  if (opts.dynamic_smem_bytes > 0xFFFFFFFFull)
    return invalid_argument("options.dynamic_smem_bytes (" + std::to_string(opts.dynamic_smem_bytes) +
                            ") does not fit any CTA");
  *out = lo;
  return success();
}

// -- body traits ----------------------------------------------------------------------------------

namespace detail {

//! Optional `static constexpr dim3 required_block` of a functor body.
template <class Body, class = void>
struct RequiredBlock {
  static constexpr bool present = false;
};
template <class Body>
struct RequiredBlock<Body, std::void_t<decltype(Body::required_block)>> {
  static constexpr bool present = true;
};

//! Storage of a function body's arguments: a trivially copyable aggregate, one leaf per parameter.
template <std::size_t I, class T>
struct ArgLeaf {
  T value;
};
template <class Seq, class... T>
struct ArgPack;
template <std::size_t... I, class... T>
struct ArgPack<std::index_sequence<I...>, T...> : ArgLeaf<I, T>... {};

//! Copy-initialise a parameter from an argument: the implicit conversions of a kernel launch.
template <class P, class A>
constexpr P convert_arg(A&& a) {
  return std::forward<A>(a);
}

template <class Fn>
struct FunctionTraits {
  static constexpr bool ported_signature = false;
};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock const&, P...)> {
  static constexpr bool ported_signature = true;
  using Pack = ArgPack<std::index_sequence_for<P...>, P...>;
  static constexpr std::size_t arity = sizeof...(P);
  static constexpr bool by_value = (... && !std::is_reference_v<P>);
  static constexpr bool copyable = (... && std::is_trivially_copyable_v<std::remove_cv_t<P>>);
  template <class... A>
  static constexpr bool convertible = (... && std::is_convertible_v<A, P>);
  template <class... A>
  static Pack pack(A&&... a) {
    return Pack{{convert_arg<P>(std::forward<A>(a))}...};
  }
#if defined(__CUDACC__)
  template <auto Fn, std::size_t... I>
  CLC_DEVICE CLC_FORCEINLINE static void call(Pack const& args, VirtualBlock const& vb, std::index_sequence<I...>) {
    Fn(vb, static_cast<ArgLeaf<I, P> const&>(args).value...);
  }
#endif
};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock, P...)> : FunctionTraits<void (*)(VirtualBlock const&, P...)> {};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock const&, P...) noexcept> : FunctionTraits<void (*)(VirtualBlock const&, P...)> {};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock, P...) noexcept> : FunctionTraits<void (*)(VirtualBlock const&, P...)> {};

//! The functor that calls a `__device__` body function with its stored arguments.
template <auto Fn>
struct FunctionBody {
  using Traits = FunctionTraits<decltype(Fn)>;
  typename Traits::Pack args;
#if defined(__CUDACC__)
  CLC_DEVICE CLC_FORCEINLINE void operator()(VirtualBlock const& vb) const {
    Traits::template call<Fn>(args, vb, std::make_index_sequence<Traits::arity>{});
  }
#endif
};

}  // namespace detail

#if defined(__CUDACC__)

// -- device side ----------------------------------------------------------------------------------

namespace detail {

template <class Body>
struct PortParams {
  Body body;
  SchedulerParams sched;
  dim3 grid;                 //!< the original grid (what vb.dim reports)
  dim3 block;                //!< the original block shape (what vb.block reports)
  unsigned dynamic_smem_bytes = 0;
  bool check_body = false;
};

//! Check mode: fill the dynamic shared memory with 0xFF bytes (NaN as float, -1 as int), so a body
//! that reads what an earlier tile left there reads garbage every time, not only sometimes.
inline __noinline__ CLC_DEVICE void poison_dynamic_smem(unsigned dynamic_smem_bytes) {
  extern __shared__ __align__(16) unsigned char clc_port_dynamic_smem[];
  unsigned const words = dynamic_smem_bytes / 4u;
  for (unsigned i = threadIdx.x; i < words; i += blockDim.x)
    reinterpret_cast<unsigned*>(clc_port_dynamic_smem)[i] = 0xFFFFFFFFu;
  for (unsigned i = words * 4u + threadIdx.x; i < dynamic_smem_bytes; i += blockDim.x) clc_port_dynamic_smem[i] = 0xFF;
}

//! Check mode, after one thread returned from the body of a tile: wait until every thread of the CTA
//! has returned from it (`returned` reaches `expected`), then poison the dynamic shared memory.
inline __noinline__ CLC_DEVICE void check_after_body(VirtualBlock const& vb, unsigned long long* returned,
                                        unsigned long long expected, unsigned dynamic_smem_bytes) {
  // Release: this thread's shared-memory accesses in the body happen before its count is seen, so
  // no thread poisons a word another thread still reads.
  __threadfence_block();
  atomicAdd(returned, 1ull);
  std::uint64_t const t0 = clc::detail::globaltimer_ns();
  // A thread that returned before a barrier sits here while the others wait on that barrier: the
  // count never completes. A spin (not a barrier) is what lets us notice and say so.
  while (*static_cast<unsigned long long volatile*>(returned) < expected) {
    if (clc::detail::globaltimer_ns() - t0 > CLC_PORT_CHECK_TIMEOUT_NS) {
      unsigned long long const seen = *static_cast<unsigned long long volatile*>(returned);
      unsigned const threads = unsigned(threads_of(vb.block));
      // Device-side diagnostic of an opt-in debug mode (like a device assert): the trap makes the
      // context unusable, so a message is the only way to name the tile and thread.
      printf("clc::port check_body: tile (%u,%u,%u): thread (%u,%u,%u) returned from the body but only %llu of %u "
             "threads did within the timeout: a `return` (or exit) before a __syncthreads() the other threads "
             "still wait on? See docs/porting.md\n",
             vb.idx.x, vb.idx.y, vb.idx.z, vb.thread.x, vb.thread.y, vb.thread.z,
             seen - (expected - threads), threads);
      __trap();
    }
    __nanosleep(256);
  }
  // Acquire: every other thread's body accesses happen before the poison below.
  __threadfence_block();
  poison_dynamic_smem(dynamic_smem_bytes);
  // The runtime's barrier after this tile orders the poison before the next tile's body.
}

template <class Body, class Source, int Stages>
CLC_DEVICE CLC_FORCEINLINE void run_ported(PortParams<Body> const& p) {
  __shared__ typename Scheduler<Source, Stages>::SharedStorage storage;
  __shared__ unsigned long long returned;  // check mode: body returns counted over all tiles so far
  Scheduler<Source, Stages> sched(storage, p.sched, blockDim.x / 32u);
  if (threadIdx.x == 0) returned = 0;
  if (p.check_body) poison_dynamic_smem(p.dynamic_smem_bytes);
  sched.init();  // its cluster barrier also makes `returned = 0` and the poison visible to the whole CTA
  uint3 const thread = thread_of(threadIdx.x, p.block);
  unsigned long long done = 0;  // tiles this thread finished
  sched.run_block([&](WorkTile const& t) {
    VirtualBlock const vb = virtual_block_of(t, p.grid, p.block, thread);
    p.body(vb);
    // run_block puts a __syncthreads after this lambda: shared memory is free for the next tile.
    if (p.check_body) check_after_body(vb, &returned, ++done * blockDim.x, p.dynamic_smem_bytes);
  });
  sched.finish();
}

}  // namespace detail

//! The runtime's kernel for a ported body (no launch bounds: the compiler chooses registers as it
//! would have for the original kernel without `__launch_bounds__`).
template <class Body, class Source, int Stages>
__global__ void port_kernel(__grid_constant__ detail::PortParams<Body> const p) {
  detail::run_ported<Body, Source, Stages>(p);
}

//! Same, carrying the original kernel's `__launch_bounds__`.
template <class Body, class Source, int Stages, int MaxThreads, int MinBlocks>
__global__ void __launch_bounds__(MaxThreads, MinBlocks)
    port_kernel_bounded(__grid_constant__ detail::PortParams<Body> const p) {
  detail::run_ported<Body, Source, Stages>(p);
}

namespace detail {

template <class Body, class Source, int Stages, class Bounds>
constexpr auto port_kernel_for() {
  if constexpr (Bounds::max_threads == 0) {
    return &port_kernel<Body, Source, Stages>;
  } else {
    return &port_kernel_bounded<Body, Source, Stages, Bounds::max_threads, Bounds::min_blocks>;
  }
}

template <class T>
struct IsLaunchBounds : std::false_type {};
template <int M, int N>
struct IsLaunchBounds<LaunchBounds<M, N>> : std::true_type {};

}  // namespace detail

// -- host launch ----------------------------------------------------------------------------------

//! Run a ported functor body over the original grid: `body(vb)` is called by the whole CTA once per
//! original block, with `vb` holding that block's index and the original shapes.
//! @tparam Bounds the original kernel's `LaunchBounds<MaxThreads, MinBlocks>` (default: none)
//! @tparam Stages response slots of the fetch pipeline
//! @param body trivially copyable functor with `__device__ void operator()(clc::VirtualBlock const&) const`;
//!        it may declare `static constexpr dim3 required_block` (the launch then checks the shape)
//! @param original_grid the original launch's grid (`<<<grid, ...>>>`): one tile per block
//! @param original_block the original launch's block shape; its thread count must be a multiple of 32
//! @return success, or an error whose message names the bad argument or the failed CUDA call
template <class Bounds = NoLaunchBounds, int Stages = 2, class Body>
Error launch(Body const& body, dim3 original_grid, dim3 original_block, Options const& opts = {},
             LaunchInfo* info = nullptr) {
  static_assert(detail::IsLaunchBounds<Bounds>::value,
                "clc::port::launch<Bounds>: Bounds must be clc::port::LaunchBounds<MaxThreads, MinBlocks>");
  static_assert(!std::is_invocable_v<Body const&, WorkTile const&> || std::is_invocable_v<Body const&, VirtualBlock const&>,
                "clc::port::launch: this body takes a clc::WorkTile; that is a clc::launch tile functor. A ported "
                "body takes clc::VirtualBlock const&");
  static_assert(std::is_invocable_v<Body const&, VirtualBlock const&>,
                "clc::port::launch: the body must be callable as `body(vb)` with clc::VirtualBlock const& vb through a "
                "const object: declare `__device__ void operator()(clc::VirtualBlock const& vb) const`");
  static_assert(std::is_void_v<std::invoke_result_t<Body const&, VirtualBlock const&>>,
                "clc::port::launch: the body must return void (a kernel returns nothing)");
  static_assert(std::is_trivially_copyable_v<Body>,
                "clc::port::launch copies the body to the device by value, as a kernel's parameters: it must be "
                "trivially copyable (device pointers and sizes, not host containers)");
  static_assert(Stages >= 1 && Stages <= 8, "clc::port::launch: Stages must be between 1 and 8");

  dim3 required{};
  dim3 const* required_ptr = nullptr;
  if constexpr (detail::RequiredBlock<Body>::present) {
    required = Body::required_block;
    required_ptr = &required;
  }
  CLC_TRY(validate_shape(original_grid, original_block, Bounds::max_threads, required_ptr));
  LaunchOptions lo;
  CLC_TRY(to_launch_options(opts, original_block, &lo));
  CLC_TRY(validate(lo));
  TileSpace const tiles = tile_space_of(original_grid);
  SourceKind src = SourceKind::Auto;
  CLC_TRY(resolve_auto_source(lo.source, detail::port_kernel_for<Body, source::Ticket, Stages, Bounds>(), tiles, &src));
  return clc::with_source(src, [&](auto tag) -> Error {
    using Source = decltype(tag);
    auto kernel = detail::port_kernel_for<Body, Source, Stages, Bounds>();
    // The runtime adds registers to the body's; a large original block may no longer fit. Say so in
    // porting terms before the generic check of prepare_launch.
    cudaFuncAttributes attr{};
    CLC_CUDA_TRY(cudaFuncGetAttributes(&attr, kernel));
    if (threads_of(original_block) > attr.maxThreadsPerBlock) {
      return out_of_resources("original_block " + detail::shape_string(original_block) + " has " +
                              std::to_string(threads_of(original_block)) + " threads but the ported kernel (source " +
                              to_string(Source::kind) + ", " + std::to_string(attr.numRegs) +
                              " registers per thread) can launch at most " + std::to_string(attr.maxThreadsPerBlock) +
                              ": pass the block size as clc::port::LaunchBounds<" +
                              std::to_string(threads_of(original_block)) +
                              "> (or the original's __launch_bounds__) so the compiler fits the registers");
    }
    PreparedLaunch pl;
    CLC_TRY(prepare_launch<Source>(kernel, tiles, lo, &pl));
    detail::PortParams<Body> params{body, pl.sched, original_grid, original_block,
                                    static_cast<unsigned>(opts.dynamic_smem_bytes), opts.check_body};
    CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, params));
    CLC_CUDA_TRY(cudaGetLastError());
    if (info) *info = pl.info;
    return success();
  });
}

//! Run a ported `__device__` body function: the smallest diff from a kernel. `Fn` is the former
//! `__global__` function with `clc::VirtualBlock const& vb` prepended to its parameters; `args` are the
//! original launch's arguments (converted to the parameter types as a kernel launch would).
//! @code
//! stencil<<<grid, block, 0, stream>>>(in, out, w, h);
//! clc::port::launch<stencil>(grid, block, clc::port::options(0, stream), in, out, w, h);
//! @endcode
template <auto Fn, class Bounds = NoLaunchBounds, int Stages = 2, class... Args>
Error launch(dim3 original_grid, dim3 original_block, Options const& opts, Args&&... args) {
  using Traits = detail::FunctionTraits<decltype(Fn)>;
  static_assert(Traits::ported_signature,
                "clc::port::launch<fn>: fn must be a `__device__ void fn(clc::VirtualBlock const& vb, <the original "
                "kernel parameters>)` (a former __global__ function with the virtual block prepended)");
  if constexpr (Traits::ported_signature) {
    static_assert(sizeof...(Args) == Traits::arity,
                  "clc::port::launch<fn>: the number of arguments differs from fn's parameters after the VirtualBlock");
    static_assert(Traits::by_value, "clc::port::launch<fn>: kernel parameters are passed by value; fn must not take "
                                    "references after the VirtualBlock");
    static_assert(Traits::copyable, "clc::port::launch<fn>: every parameter of fn must be trivially copyable, as a "
                                    "kernel parameter");
    if constexpr (sizeof...(Args) == Traits::arity) {
      static_assert(Traits::template convertible<Args...>,
                    "clc::port::launch<fn>: an argument cannot be converted to fn's parameter type");
      detail::FunctionBody<Fn> body{Traits::pack(std::forward<Args>(args)...)};
      return launch<Bounds, Stages>(body, original_grid, original_block, opts);
    }
  }
  return invalid_argument("clc::port::launch<fn>: bad body signature");  // unreachable: static_asserts fired
}

#endif  // __CUDACC__

}  // namespace port
}  // namespace clc
