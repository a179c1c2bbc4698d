//! @file source/static.cuh
//! @brief `source::Static`: persistent workers with a fixed plan (worker w of W runs clusters w,
//! w+W, w+2W, ...). No fetch at all: the floor that dynamic sources are measured against, and the
//! schedule whose tail under interference CLC exists to remove.
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "../tile_map.cuh"
#include "kind.hpp"

#if defined(__CUDACC__)
#  include "../detail/ptx.cuh"
#endif

namespace clc::source {

struct Static {
  static constexpr SourceKind kind = SourceKind::Static;
  static constexpr bool fetches = false;
  static constexpr bool first_from_launch_slot = false;
  static constexpr GridMode default_grid = GridMode::ResidentCapacity;

#if defined(__CUDACC__)
  //! This worker's first cluster index: its own index among the launched clusters.
  CLC_DEVICE static int first_cluster(TileMap const&) { return int(::clc::detail::cluster_linear_id()); }
  //! Distance between a worker's consecutive clusters: the number of workers.
  CLC_DEVICE static std::int64_t stride(TileMap const&) { return std::int64_t(::clc::detail::num_clusters()); }
#endif
};

}  // namespace clc::source
