//! @file source/concept.cuh
//! @brief What a work source is, checked at compile time with sentences instead of substitution
//! errors. A source is one type in one file (source/*.cuh). Two shapes exist:
//!
//! Every source:
//!  - `static constexpr SourceKind kind`, `static constexpr bool fetches`,
//!    `static constexpr bool first_from_launch_slot` (a CTA's own launch slot is its first tile, so
//!    the grid must list every tile), `static constexpr GridMode default_grid`.
//!  - optional host traits (default false): `uses_workspace`, `claims_ranges`, `fault_injectable`,
//!    `slot_states` (the workspace holds one 32-bit state per cluster after its 16-byte header).
//!
//! A fetching source (`fetches = true`; its responses travel through the fetch pipeline) is an
//! object that lives in the scheduler, used only by the issuing thread of cluster rank 0:
//!  - `Claim start(FetchContext const&, FetchPipeline<N>&, PipelineState<N>)`: start a fetch into
//!    the (already acquired) empty slot; `Claim` is whatever must travel to `finish`;
//!  - optional `void finish(FetchContext const&, FetchPipeline<N>&, PipelineState<N>, Claim)`:
//!    deliver the response (the block loop runs a tile's body between `start` and `finish`);
//!  - `static unsigned decode(uint4 response, ClusterCoord* first)`: clusters claimed (0 = failure;
//!    then `first` is not touched) and the first CTA of the first one;
//!  - optional `static constexpr bool async_delivery(unsigned cluster_size)` (default true): false
//!    when the response was written with a generic store, so consumers need no proxy fence;
//!  - optional `void teardown(FetchContext const&)`: after the exit's cluster barrier;
//!  - optional `uint4 claim_now(FetchContext const&, FetchPipeline<N>&, PipelineState<N>)`: claim
//!    at once and return the response without delivering it (ClaimTiming::Handback; after a
//!    failure the scheduler never calls it again);
//!  - optional `static bool admit(FetchContext const&, int own_cluster)` (sources whose first tile
//!    is the launch slot): called by one thread of cluster rank 0 before the init barrier; false
//!    means a worker has cancelled this cluster's launch slot, and the cluster exits at once (no
//!    tile, no fetch), as a cancelled cluster never launches on hardware.
//!
//! A planned source (`fetches = false`) has no state: each worker walks a fixed plan,
//!  - `static int first_cluster(TileMap const&)` and `static std::int64_t stride(TileMap const&)`.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include <vector_types.h>

#include "../tile_map.cuh"
#include "../tile_space.cuh"
#include "fetch_context.cuh"
#include "kind.hpp"

#if defined(__CUDACC__)
#  include "../pipeline/fetch_pipeline.cuh"
#endif

namespace clc::source {
namespace detail {

template <class S, class = void>
struct HasCoreTraits : std::false_type {};
template <class S>
struct HasCoreTraits<S, std::void_t<decltype(S::kind), decltype(S::fetches), decltype(S::first_from_launch_slot),
                                    decltype(S::default_grid)>> : std::true_type {};

#define CLC_SOURCE_OPTIONAL_TRAIT(name)                                                        \
  template <class S, class = void>                                                             \
  struct Trait_##name : std::false_type {};                                                    \
  template <class S>                                                                           \
  struct Trait_##name<S, std::void_t<decltype(S::name)>> : std::bool_constant<bool(S::name)> {};
CLC_SOURCE_OPTIONAL_TRAIT(uses_workspace)
CLC_SOURCE_OPTIONAL_TRAIT(claims_ranges)
CLC_SOURCE_OPTIONAL_TRAIT(fault_injectable)
CLC_SOURCE_OPTIONAL_TRAIT(slot_states)
#undef CLC_SOURCE_OPTIONAL_TRAIT

template <class S, class = void>
struct HasDecode : std::false_type {};
template <class S>
struct HasDecode<S, std::void_t<decltype(S::decode(std::declval<uint4>(), std::declval<ClusterCoord*>()))>>
    : std::is_convertible<decltype(S::decode(std::declval<uint4>(), std::declval<ClusterCoord*>())), unsigned> {};

template <class S, class = void>
struct HasAsyncDelivery : std::false_type {};
template <class S>
struct HasAsyncDelivery<S, std::void_t<decltype(S::async_delivery(1u))>> : std::true_type {};

template <class S, class = void>
struct HasPlan : std::false_type {};
template <class S>
struct HasPlan<S, std::void_t<decltype(S::first_cluster(std::declval<TileMap const&>())),
                              decltype(S::stride(std::declval<TileMap const&>()))>> : std::true_type {};

#if defined(__CUDACC__)
template <class S>
using StartResult = decltype(std::declval<S&>().start(std::declval<FetchContext const&>(),
                                                      std::declval<FetchPipeline<1>&>(),
                                                      std::declval<PipelineState<1>>()));
template <class S, class = void>
struct HasStart : std::false_type {};
template <class S>
struct HasStart<S, std::void_t<StartResult<S>>> : std::true_type {};


//! What travels from a fetch's start to its finish: `start`'s result, or an empty type when it
//! returns nothing (and for planned sources).
struct NoClaim {};
template <class S, int Stages, bool = S::fetches>
struct ClaimOf {
  using type = NoClaim;
};
template <class S, int Stages>
struct ClaimOf<S, Stages, true> {
  using Result = decltype(std::declval<S&>().start(std::declval<FetchContext const&>(),
                                                   std::declval<FetchPipeline<Stages>&>(),
                                                   std::declval<PipelineState<Stages>>()));
  using type = std::conditional_t<std::is_void_v<Result>, NoClaim, Result>;
};

template <class S, class = void>
struct HasFinish : std::false_type {};
template <class S>
struct HasFinish<S, std::void_t<decltype(std::declval<S&>().finish(
                        std::declval<FetchContext const&>(), std::declval<FetchPipeline<1>&>(),
                        std::declval<PipelineState<1>>(), std::declval<typename ClaimOf<S, 1>::type>()))>>
    : std::true_type {};

template <class S, class = void>
struct HasClaimNow : std::false_type {};
template <class S>
struct HasClaimNow<S, std::void_t<decltype(std::declval<S&>().claim_now(std::declval<FetchContext const&>(),
                                                                          std::declval<FetchPipeline<2>&>(),
                                                                          std::declval<PipelineState<2>>()))>>
    : std::true_type {};

template <class S, class = void>
struct HasAdmit : std::false_type {};
template <class S>
struct HasAdmit<S, std::void_t<decltype(S::admit(std::declval<FetchContext const&>(), 0))>> : std::true_type {};

template <class S, class = void>
struct HasTeardown : std::false_type {};
template <class S>
struct HasTeardown<S, std::void_t<decltype(std::declval<S&>().teardown(std::declval<FetchContext const&>()))>>
    : std::true_type {};
#endif

}  // namespace detail

//! The host-visible traits of source type `S`, optional ones defaulted.
template <class S>
constexpr SourceTraits traits_of() {
  return SourceTraits{S::kind,
                      S::fetches,
                      S::first_from_launch_slot,
                      S::default_grid,
                      detail::Trait_uses_workspace<S>::value,
                      detail::Trait_claims_ranges<S>::value,
                      detail::Trait_fault_injectable<S>::value,
                      detail::Trait_slot_states<S>::value};
}

//! Whether the consumers of a response of `S` to a cluster of `cluster_size` CTAs must fence the
//! generic read against the next asynchronous write (default: yes).
template <class S>
CLC_HOST_DEVICE constexpr bool async_delivery(unsigned cluster_size) {
  if constexpr (detail::HasAsyncDelivery<S>::value) {
    return S::async_delivery(cluster_size);
  } else {
    return true;
  }
}

//! Compile-time check of the interface above; every failure is a sentence.
template <class S>
constexpr bool check() {
  static_assert(detail::HasCoreTraits<S>::value,
                "a clc work source must declare static constexpr members kind (SourceKind), fetches (bool), "
                "first_from_launch_slot (bool) and default_grid (GridMode); see clc/source/concept.cuh");
  if constexpr (detail::HasCoreTraits<S>::value) {
    static_assert(S::kind != SourceKind::Auto,
                  "clc::Scheduler needs a concrete source; Auto is resolved by the host launch API");
    static_assert(!(S::first_from_launch_slot && S::default_grid == GridMode::ResidentCapacity),
                  "a source whose first tile is the CTA's launch slot needs the every-tile grid: default_grid "
                  "must be GridMode::EveryTile");
    if constexpr (S::fetches) {
      static_assert(detail::HasDecode<S>::value,
                    "a fetching clc source must have `static unsigned decode(uint4 response, ClusterCoord* first)`");
#if defined(__CUDACC__)
      static_assert(detail::HasStart<S>::value,
                    "a fetching clc source must have `template <int N> Claim start(FetchContext const&, "
                    "FetchPipeline<N>&, PipelineState<N>)` (a device member function)");
      static_assert(std::is_default_constructible_v<S>,
                    "a fetching clc source is an object in the scheduler: it must be default-constructible");
      static_assert(!detail::HasAdmit<S>::value || S::first_from_launch_slot,
                    "a clc source with admit() must take its first tile from the launch slot "
                    "(first_from_launch_slot = true): only a launch slot can be cancelled");
#endif
    } else {
      static_assert(detail::HasPlan<S>::value,
                    "a planned clc source (fetches = false) must have `static int first_cluster(TileMap const&)` "
                    "and `static std::int64_t stride(TileMap const&)` (device functions)");
    }
  }
  return true;
}

}  // namespace clc::source
