//! @file source/single.cuh
//! @brief `source::Single`: the classic non-persistent grid. Each CTA runs the tile of its own launch
//! slot and exits; the hardware's block scheduler is the only load balancer.
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "../tile_map.cuh"
#include "kind.hpp"

namespace clc::source {

struct Single {
  static constexpr SourceKind kind = SourceKind::Single;
  static constexpr bool fetches = false;
  static constexpr bool first_from_launch_slot = true;
  static constexpr GridMode default_grid = GridMode::EveryTile;

#if defined(__CUDACC__)
  //! The cluster of this CTA's own launch slot.
  CLC_DEVICE static int first_cluster(TileMap const& map) {
    return map.cluster_index_of_slot(int(blockIdx.x), int(blockIdx.y), int(blockIdx.z));
  }
  //! Past the last cluster: one tile per CTA.
  CLC_DEVICE static std::int64_t stride(TileMap const& map) { return std::int64_t(map.clusters()); }
#endif
};

}  // namespace clc::source
