//! @file tile_space.cuh
//! @brief `TileSpace`: the set of tiles a launch covers and the pure mapping between launch slots
//! (CTA positions in the launched grid) and tile coordinates.
//!
//! Vocabulary:
//!  - a *cluster index* `L` in [0, clusters()) names one cluster-shaped group of tiles;
//!  - the *launch grid* is the every-tile grid, `grid_clusters()` clusters of `cluster_x * cluster_y`
//!    CTAs; a slot's cluster index is its linearised cluster coordinate in that grid;
//!  - `tile_of(L, rank_x, rank_y)` applies raster order, swizzle and longest-first reversal and adds
//!    the CTA's offset inside the cluster. CTAs whose tile falls outside the space (the tile grid is
//!    not a multiple of the cluster shape) are "out of space": they take part in the protocol and do
//!    no user work. The CTA at rank (0, 0) is always in space.
//! Every function here is a pure `__host__ __device__` function so the host tests can prove it is a
//! bijection and the device uses the very same code.
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

  // -- launch slot <-> cluster index -------------------------------------------------------------
  // A validated space has at most 2^31-1 tiles, so every cluster index and every partial product
  // below fits in 32 bits; unsigned 32-bit division keeps the per-tile cost (and registers) low.

  //! Cluster index of the cluster whose first CTA sits at grid position (bx, by, bz) — or of any
  //! CTA of it: the rank offset is divided away.
  CLC_HOST_DEVICE constexpr int cluster_index_of_slot(int bx, int by, int bz) const {
    ClusterCoord const g = grid_clusters();
    unsigned const cx = unsigned(bx) / unsigned(cluster_x);
    unsigned const cy = unsigned(by) / unsigned(cluster_y);
    return int(cx + unsigned(g.x) * (cy + unsigned(g.y) * unsigned(bz)));
  }
  //! Grid position of the first CTA of cluster L in the every-tile grid.
  CLC_HOST_DEVICE constexpr ClusterCoord first_slot_of_cluster(int L) const {
    ClusterCoord const g = grid_clusters();
    unsigned const l = unsigned(L);
    unsigned const per_z = unsigned(g.x) * unsigned(g.y);
    unsigned const gz = l / per_z;
    unsigned const r = l - per_z * gz;
    unsigned const gy = r / unsigned(g.x);
    unsigned const gx = r - gy * unsigned(g.x);
    return {int(gx) * cluster_x, int(gy) * cluster_y, int(gz)};
  }

  // -- cluster index <-> tile ----------------------------------------------------------------------
  //! Cluster coordinate (in clusters, before adding the rank offset) of cluster index L, after
  //! raster order, swizzle and longest-first reversal.
  CLC_HOST_DEVICE constexpr ClusterCoord cluster_coord_of(int L) const {
    unsigned const cx_n = unsigned(clusters_x());
    unsigned const cy_n = unsigned(clusters_y());
    unsigned const plane = cx_n * cy_n;
    unsigned const l = unsigned(L);
    unsigned const zi = l / plane;
    unsigned const r = l - zi * plane;
    // Walk along `major` first inside bands that are `s` clusters wide across it.
    bool const along_x = raster == Raster::AlongX;
    unsigned const major_n = along_x ? cx_n : cy_n;
    unsigned const minor_n = along_x ? cy_n : cx_n;
    unsigned const s = swizzle <= 1 ? 1u : (unsigned(swizzle) > minor_n ? minor_n : unsigned(swizzle));
    unsigned const band_size = s * major_n;
    unsigned const band = r / band_size;
    unsigned const within = r - band * band_size;
    unsigned const minor0 = band * s;
    unsigned const h = (minor_n - minor0) < s ? (minor_n - minor0) : s;  // rows in this band
    unsigned const major = s == 1u ? within : within / h;
    unsigned const minor = minor0 + (within - major * h);
    unsigned cx = along_x ? major : minor;
    unsigned cy = along_x ? minor : major;
    if (reverse == Reverse::X) cx = cx_n - 1u - cx;
    if (reverse == Reverse::Y) cy = cy_n - 1u - cy;
    return {int(cx), int(cy), int(zi)};
  }

  //! Inverse of cluster_coord_of.
  CLC_HOST_DEVICE constexpr int cluster_index_of_coord(ClusterCoord c) const {
    unsigned const cx_n = unsigned(clusters_x());
    unsigned const cy_n = unsigned(clusters_y());
    unsigned cx = unsigned(c.x);
    unsigned cy = unsigned(c.y);
    if (reverse == Reverse::X) cx = cx_n - 1u - cx;
    if (reverse == Reverse::Y) cy = cy_n - 1u - cy;
    bool const along_x = raster == Raster::AlongX;
    unsigned const major_n = along_x ? cx_n : cy_n;
    unsigned const minor_n = along_x ? cy_n : cx_n;
    unsigned const s = swizzle <= 1 ? 1u : (unsigned(swizzle) > minor_n ? minor_n : unsigned(swizzle));
    unsigned const major = along_x ? cx : cy;
    unsigned const minor = along_x ? cy : cx;
    unsigned const band = minor / s;
    unsigned const minor0 = band * s;
    unsigned const h = (minor_n - minor0) < s ? (minor_n - minor0) : s;
    unsigned const r = band * s * major_n + major * h + (minor - minor0);
    return int(unsigned(c.z) * cx_n * cy_n + r);
  }

  //! The tile that the CTA at offset (rank_x, rank_y) inside cluster L works on. `valid` is false
  //! when that CTA is out of space (its cluster overhangs the tile grid).
  CLC_HOST_DEVICE constexpr WorkTile tile_of(int L, int rank_x, int rank_y) const {
    ClusterCoord const c = cluster_coord_of(L);
    WorkTile t;
    t.x = c.x * cluster_x + rank_x;
    t.y = c.y * cluster_y + rank_y;
    t.z = c.z;
    t.valid = t.x < x && t.y < y;
    return t;
  }

  //! Inverse of tile_of for an in-space tile: its cluster index and the rank offset of its CTA.
  CLC_HOST_DEVICE constexpr int cluster_index_of_tile(int tx, int ty, int tz, int* rank_x = nullptr,
                                                      int* rank_y = nullptr) const {
    if (rank_x) *rank_x = tx % cluster_x;
    if (rank_y) *rank_y = ty % cluster_y;
    return cluster_index_of_coord({tx / cluster_x, ty / cluster_y, tz});
  }
};

}  // namespace clc
