//! @file detail/launch_impl.hpp
//! @brief The compiled half of `prepare_launch` and the kernel queries behind `resolve_auto_source`
//! (src/runtime/launch.cpp). The header templates of launch.cuh pass the kernel's address and the
//! address of `detail::target_probe_kernel` compiled in the same translation unit.
#pragma once

#include <cstddef>

#include "../source/kind.hpp"
#include "../status.hpp"

namespace clc {

class PreparedLaunch;
struct LaunchOptions;
struct TileSpace;
struct KernelFacts;

namespace detail {

//! Everything of `prepare_launch<Source>` that does not depend on the kernel's type: checks,
//! source resolution, occupancy (cached per kernel and CTA shape), grid sizing, workspace binding.
//! `caller_layout` is sizeof(PreparedLaunch) + sizeof(LaunchOptions) as the caller's translation unit
//! sees them: a mismatch with the library's (a definition that changes a layout between the two)
//! is an error, not memory corruption.
Error prepare_launch(void const* kernel, void const* probe, SourceTraits const& source, TileSpace const& tiles,
                     LaunchOptions const& opts, PreparedLaunch* out, std::size_t caller_layout);

//! The refusal of ClaimTiming::Handback by `api`, whose kernels have no scheduler warp.
Error handback_needs_scheduler_warp(char const* api);

//! What the code of `kernel` loaded for the current device can do (cached per kernel and device).
//! `probe` is `detail::target_probe_kernel` of the kernel's translation unit.
Error kernel_facts(void const* kernel, void const* probe, KernelFacts* facts);

}  // namespace detail
}  // namespace clc
