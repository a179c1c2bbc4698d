//! @file tile_map.cuh
//! @brief `TileMap`: the mapping of a `TileSpace` between launch slots, cluster indices and tiles,
//! with its divisors precomputed on the host, so the per-tile mapping on the device costs a few
//! multiply-highs instead of a dozen integer divisions. The only implementation of the mapping:
//! the device uses it (`SchedulerParams::map`) and the host tests prove it a bijection.
//!
//!  - `tile_of(L, rank_x, rank_y)` applies raster order (walk along one axis first), swizzle (bands
//!    `swizzle` clusters wide across it) and longest-first reversal, then adds the CTA's offset
//!    inside the cluster. CTAs whose tile falls outside the space (the tile grid is not a multiple of
//!    the cluster shape) are "out of space": they take part in the protocol and do no user work.
//!    The CTA at rank (0, 0) is always in space.
#pragma once

#include <cstdint>

#include "config.cuh"
#include "tile_space.cuh"
#include "work_tile.cuh"

namespace clc {

//! Division of n < 2^31 by a divisor fixed at construction: q = umulhi(n, mul) >> shift, with
//! mul = ceil(2^(31 + l) / d) and l = ceil(log2 d), which is exact for every n < 2^31 and keeps mul
//! within 32 bits.
class FastDiv {
 public:
  FastDiv() = default;
  CLC_HOST_DEVICE constexpr explicit FastDiv(unsigned d) : d_(d < 1u ? 1u : d) {
    unsigned l = 0;
    while ((1ull << l) < d_) ++l;
    shift_ = l == 0 ? 0u : l - 1u;
    mul_ = d_ == 1u ? 0u : unsigned(((1ull << (31u + l)) + d_ - 1u) / d_);
  }
  CLC_HOST_DEVICE constexpr unsigned divisor() const { return d_; }
  CLC_HOST_DEVICE constexpr unsigned div(unsigned n) const {
    if (d_ == 1u) return n;
#if defined(__CUDA_ARCH__)
    return __umulhi(n, mul_) >> shift_;
#else
    return unsigned((std::uint64_t(n) * mul_) >> 32) >> shift_;
#endif
  }

 private:
  unsigned d_ = 1;
  unsigned mul_ = 0;
  unsigned shift_ = 0;
};

//! The launch-slot <-> tile mapping of a `TileSpace`, precomputed.
class TileMap {
 public:
  TileMap() = default;
  CLC_HOST_DEVICE constexpr explicit TileMap(TileSpace const& t)
      : x_(unsigned(t.x)),
        y_(unsigned(t.y)),
        log_cx_(log2_of(unsigned(t.cluster_x))),
        log_cy_(log2_of(unsigned(t.cluster_y))),
        cx_n_(unsigned(t.clusters_x())),
        cy_n_(unsigned(t.clusters_y())),
        clusters_(unsigned(t.clusters())),
        along_x_(t.raster == Raster::AlongX),
        reverse_(t.reverse),
        gx_(unsigned(t.grid_clusters().x)),
        gy_(unsigned(t.grid_clusters().y)),
        div_gx_(unsigned(t.grid_clusters().x)),
        div_per_z_(unsigned(t.grid_clusters().x) * unsigned(t.grid_clusters().y)),
        div_plane_(unsigned(t.clusters_x()) * unsigned(t.clusters_y())) {
    unsigned const major_n = along_x_ ? cx_n_ : cy_n_;
    unsigned const minor_n = along_x_ ? cy_n_ : cx_n_;
    s_ = t.swizzle <= 1 ? 1u : (unsigned(t.swizzle) > minor_n ? minor_n : unsigned(t.swizzle));
    div_band_ = FastDiv(s_ * major_n);
    div_s_ = FastDiv(s_);
    unsigned const last_h = minor_n - (minor_n / s_) * s_;  // rows of a final partial band (0: none)
    div_last_h_ = FastDiv(last_h == 0 ? 1u : last_h);
    full_bands_ = minor_n / s_;
  }

  CLC_HOST_DEVICE constexpr unsigned clusters() const { return clusters_; }

  //! Cluster index of the cluster whose first CTA sits at grid position (bx, by, bz), or of any CTA
  //! of it (the rank offset is shifted away).
  CLC_HOST_DEVICE constexpr int cluster_index_of_slot(int bx, int by, int bz) const {
    unsigned const cx = unsigned(bx) >> log_cx_;
    unsigned const cy = unsigned(by) >> log_cy_;
    return int(cx + gx_ * (cy + gy_ * unsigned(bz)));
  }

  //! Grid position of the first CTA of cluster L in the every-tile grid.
  CLC_HOST_DEVICE constexpr ClusterCoord first_slot_of_cluster(int L) const {
    unsigned const l = unsigned(L);
    unsigned const gz = div_per_z_.div(l);
    unsigned const r = l - gz * div_per_z_.divisor();
    unsigned const gy = div_gx_.div(r);
    unsigned const gx = r - gy * gx_;
    return {int(gx << log_cx_), int(gy << log_cy_), int(gz)};
  }

  //! The tile of the CTA at offset (rank_x, rank_y) inside cluster L; `valid` is false when that CTA
  //! is out of space. A validated space has at most 2^31-1 tiles: 32-bit arithmetic suffices.
  CLC_HOST_DEVICE constexpr WorkTile tile_of(int L, int rank_x, int rank_y) const {
    unsigned const l = unsigned(L);
    unsigned const zi = div_plane_.div(l);
    unsigned const r = l - zi * div_plane_.divisor();
    unsigned const band = div_band_.div(r);
    unsigned const within = r - band * div_band_.divisor();
    unsigned const minor0 = band * s_;
    unsigned major = 0, minor = 0;
    if (band < full_bands_) {  // a full band: s_ rows
      major = div_s_.div(within);
      minor = minor0 + (within - major * s_);
    } else {  // the final partial band
      major = div_last_h_.div(within);
      minor = minor0 + (within - major * div_last_h_.divisor());
    }
    unsigned cx = along_x_ ? major : minor;
    unsigned cy = along_x_ ? minor : major;
    if (reverse_ == Reverse::X) cx = cx_n_ - 1u - cx;
    if (reverse_ == Reverse::Y) cy = cy_n_ - 1u - cy;
    WorkTile t;
    t.x = int((cx << log_cx_) + unsigned(rank_x));
    t.y = int((cy << log_cy_) + unsigned(rank_y));
    t.z = int(zi);
    t.valid = unsigned(t.x) < x_ && unsigned(t.y) < y_;
    return t;
  }

 private:
  CLC_HOST_DEVICE static constexpr unsigned log2_of(unsigned v) {
    unsigned l = 0;
    while ((1u << l) < v) ++l;
    return l;
  }

  unsigned x_ = 1, y_ = 1;
  unsigned log_cx_ = 0, log_cy_ = 0;
  unsigned cx_n_ = 1, cy_n_ = 1;
  unsigned clusters_ = 1;
  bool along_x_ = true;
  Reverse reverse_ = Reverse::None;
  unsigned gx_ = 1, gy_ = 1;
  FastDiv div_gx_, div_per_z_, div_plane_;
  unsigned s_ = 1;
  unsigned full_bands_ = 1;
  FastDiv div_band_, div_s_, div_last_h_;
};

}  // namespace clc
