//! @file tile_space.cuh
//! @brief `TileSpace`: the set of tiles a launch covers, how it is laid onto clusters, and its
//! derived sizes. The mapping between launch slots, cluster indices and tiles is `TileMap`
//! (tile_map.cuh): one implementation, used by the device and proven a bijection by the host tests.
//!
//! Vocabulary:
//!  - a *cluster index* `L` in [0, clusters()) names one cluster-shaped group of tiles;
//!  - the *launch grid* is the every-tile grid, `grid_clusters()` clusters of `cluster_x * cluster_y`
//!    CTAs; a slot's cluster index is its linearised cluster coordinate in that grid.
#pragma once

#include <cstdint>

#include "config.cuh"
#include "work_tile.cuh"

namespace clc {

//! Which axis consecutive cluster indices walk along first.
enum class Raster : int { AlongX = 0, AlongY = 1 };

//! Longest-first ordering: reverse one axis so the tiles at its far end are issued first
//! (e.g. causal attention, where the cost grows with the query-block index).
enum class Reverse : int { None = 0, X = 1, Y = 2 };

//! Largest value of grid y and z.
inline constexpr std::int64_t kMaxGridYZ = 65535;
//! Largest value of grid x, and the largest number of tiles / launch slots a TileSpace may hold.
inline constexpr std::int64_t kMaxGridX = 2147483647;

struct ClusterCoord {
  int x = 0;
  int y = 0;
  int z = 0;
};

//! A 1-, 2- or 3-D grid of tiles plus how it is laid onto clusters. Trivially copyable: it is passed
//! to kernels by value.
struct TileSpace {
  int x = 1;  //!< tiles along x (>= 1)
  int y = 1;  //!< tiles along y (>= 1)
  int z = 1;  //!< tiles along z (>= 1)
  int cluster_x = 1;  //!< CTAs per cluster along x (1, 2, 4, 8, 16)
  int cluster_y = 1;  //!< CTAs per cluster along y
  Raster raster = Raster::AlongX;
  int swizzle = 1;  //!< band width in clusters across the raster direction (>= 1; 1 = plain raster)
  Reverse reverse = Reverse::None;

  TileSpace() = default;
  CLC_HOST_DEVICE constexpr TileSpace(int tx, int ty = 1, int tz = 1) : x(tx), y(ty), z(tz) {}

  // -- builder helpers (host) ------------------------------------------------------------------
  constexpr TileSpace& with_cluster(int cx, int cy = 1) { cluster_x = cx; cluster_y = cy; return *this; }
  constexpr TileSpace& with_raster(Raster r) { raster = r; return *this; }
  constexpr TileSpace& with_swizzle(int s) { swizzle = s; return *this; }
  constexpr TileSpace& with_longest_first(Reverse axis) { reverse = axis; return *this; }

  // -- derived sizes -----------------------------------------------------------------------------
  CLC_HOST_DEVICE constexpr int cluster_size() const { return cluster_x * cluster_y; }
  //! Clusters along x and y (tile extents rounded up to the cluster shape).
  CLC_HOST_DEVICE constexpr int clusters_x() const { return int((unsigned(x) + unsigned(cluster_x) - 1u) / unsigned(cluster_x)); }
  CLC_HOST_DEVICE constexpr int clusters_y() const { return int((unsigned(y) + unsigned(cluster_y) - 1u) / unsigned(cluster_y)); }
  CLC_HOST_DEVICE constexpr std::int64_t tiles() const {
    return std::int64_t(x) * std::int64_t(y) * std::int64_t(z);
  }
  CLC_HOST_DEVICE constexpr std::int64_t clusters() const {
    return std::int64_t(clusters_x()) * std::int64_t(clusters_y()) * std::int64_t(z);
  }
  //! Launch slots of the every-tile grid (clusters times CTAs per cluster).
  CLC_HOST_DEVICE constexpr std::int64_t slots() const { return clusters() * cluster_size(); }

  //! True when the every-tile grid cannot keep y and z as grid dimensions (over 65535) and lays
  //! every cluster along grid x instead.
  CLC_HOST_DEVICE constexpr bool linearized() const {
    // 32-bit unsigned: extents are < 2^31 and cluster sides <= 16, so no product below overflows.
    return unsigned(clusters_y()) * unsigned(cluster_y) > unsigned(kMaxGridYZ) || unsigned(z) > unsigned(kMaxGridYZ) ||
           unsigned(clusters_x()) * unsigned(cluster_x) > unsigned(kMaxGridX);
  }
  //! The every-tile grid, in clusters: (gx, gy, gz). CTAs: (gx * cluster_x, gy * cluster_y, gz).
  CLC_HOST_DEVICE constexpr ClusterCoord grid_clusters() const {
    if (linearized()) return {int(clusters()), 1, 1};
    return {clusters_x(), clusters_y(), z};
  }
};

}  // namespace clc
