//! @file port/launch.cuh
//! @brief `clc::port::launch`: run a ported body over its original grid, through the same launch
//! tail as `clc::launch`.
#pragma once

#include <string>
#include <type_traits>
#include <utility>

#include "../detail/cuda_check.hpp"
#include "../launch.cuh"
#include "body.hpp"
#include "kernel.cuh"
#include "options.hpp"
#include "virtual_block.hpp"

namespace clc::port {

#if defined(__CUDACC__)

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
  int per_tile = 1;
  CLC_TRY(blocks_per_tile_for(opts, original_grid, &per_tile));
  TileSpace const tiles = tile_space_of(original_grid, per_tile);
  SourceKind src = SourceKind::Auto;
  CLC_TRY(resolve_auto_source(lo.source, detail::port_kernel_for<Body, source::Ticket, Stages, Bounds>(), tiles, &src,
                              lo.grid));
  return clc::with_source(src, [&](auto tag) -> Error {
    using Source = decltype(tag);
    auto const make_params = [&](SchedulerParams const& sched) {
      return detail::PortParams<Body>{body, sched, original_grid, original_block,
                                      static_cast<unsigned>(opts.dynamic_smem_bytes), FastDiv(original_block.x),
                                      FastDiv(original_block.x * original_block.y),
                                      unsigned(blocks_of(original_grid)), unsigned(per_tile),
                                      FastDiv(original_grid.x), FastDiv(original_grid.x * original_grid.y)};
    };
    // The runtime adds registers to the body's; a large original block may no longer fit. Say so in
    // porting terms before the generic check of prepare_launch.
    cudaFuncAttributes attr{};
    auto const fits = [&](auto kernel) -> Error {
      CLC_CUDA_TRY(cudaFuncGetAttributes(&attr, reinterpret_cast<void const*>(kernel)));
      if (threads_of(original_block) > attr.maxThreadsPerBlock) {
        return out_of_resources("original_block " + detail::shape_string(original_block) + " has " +
                                std::to_string(threads_of(original_block)) + " threads but the ported kernel (source " +
                                to_string(Source::kind) + ", " + std::to_string(attr.numRegs) +
                                " registers per thread) can launch at most " + std::to_string(attr.maxThreadsPerBlock) +
                                ": pass the block size as clc::port::LaunchBounds<" +
                                std::to_string(threads_of(original_block)) +
                                "> (or the original's __launch_bounds__) so the compiler fits the registers");
      }
      return success();
    };
    if constexpr (std::is_same_v<Source, source::Ticket> && Stages > 1) {
      // Ticket: the ported body's own loop (detail::run_ported_ticket, a kernel of its own) where the
      // prepared parameters allow it (detail::ported_ticket_applies: the default claims); other
      // options are prepared again for the scheduler's loop below.
      if (!opts.check_body) {
        auto const kernel = detail::port_kernel_for<Body, Source, Stages, Bounds, false, true>();
        CLC_TRY(fits(kernel));
        PreparedLaunch pl;
        CLC_TRY(clc::prepare_launch<Source>(kernel, tiles, lo, &pl));
        if (detail::ported_ticket_applies(pl.sched)) {
          // A body without shared memory runs its tile's blocks without a barrier between them.
          bool const share_nothing = detail::blocks_share_nothing(attr.sharedSizeBytes, opts.dynamic_smem_bytes);
          auto const make_ticket_params = [&](SchedulerParams const& sched) {
            auto params = make_params(sched);
            params.block_barrier = !share_nothing;
            return params;
          };
          return clc::detail::launch_prepared(pl, kernel, make_ticket_params, info);
        }
      }
    }
    auto const kernel = opts.check_body ? detail::port_kernel_for<Body, Source, Stages, Bounds, true>()
                                        : detail::port_kernel_for<Body, Source, Stages, Bounds, false>();
    CLC_TRY(fits(kernel));
    return clc::detail::launch_kernel<Source>(kernel, tiles, lo, make_params, info);
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

}  // namespace clc::port
