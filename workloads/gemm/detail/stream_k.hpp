//! @file stream_k.hpp
//! @brief Internal: the arithmetic of the Sm90 GEMM's stream-K units, shared by the host's plan and
//! the kernel. The tail's tiles (clusters of tiles: both CTAs of a 2x1 cluster take the same k-steps
//! of their own M tiles) are laid end to end in k: tile c owns the k-steps [c kt, (c + 1) kt) of a line
//! of `total` = tiles x kt k-steps. Unit u is the k-steps [begin(u), begin(u + 1)) of that line, with
//! begin(u) = floor(u total / units): every unit an equal share (within one k-step). A unit covers
//! pieces of one or more tiles ("segments"); a tile's pieces are numbered j = 0, 1, ... in k order,
//! one per unit that touches it, and its last piece (the one that ends at kt) sums the others.
#pragma once

#include <cstdint>

#include "clc/config.cuh"
#include "clc/tile_map.cuh"

namespace clc::gemm::detail {

struct StreamK {
  std::int64_t total = 0;  //!< k-steps of the tail: tail tiles x kt
  int units = 0;           //!< stream-K units (1 <= units <= total)
  int kt = 0;              //!< k-steps of one tile

  //! Divisions by units, total and kt precomputed on the host (with_fast_divs), used where total x units
  //! < 2^31 (fast): every quotient below is then a multiply-high. A division by a runtime value is a
  //! software routine on the GPU (64-bit: a call; 32-bit: ~20 dependent instructions), and these run
  //! on the producer's way into every segment: the start-up probe of the kernel (docs/gemm.md) put
  //! about 3.2 us between a stream-K unit's first tile and its first k-range at 1536x1536x12288 before
  //! (bench/results/h200-gemm-startup-dev.txt, section 3).
  FastDiv div_units, div_total, div_kt;
  bool fast = false;
  //! Host: the same line with its divisors precomputed (where they apply).
  StreamK with_fast_divs() const {
    StreamK s = *this;
    s.fast = units >= 1 && kt >= 1 && total >= 1 && total * units < (std::int64_t(1) << 31);
    if (s.fast) {
      s.div_units = FastDiv(unsigned(units));
      s.div_total = FastDiv(unsigned(total));
      s.div_kt = FastDiv(unsigned(kt));
    }
    return s;
  }

  //! a b / c for 0 <= a b < 2^63. In 32 bits where total x units fits (always in practice): a 64-bit
  //! division is a long software routine on the GPU.
  CLC_HOST_DEVICE static std::int64_t muldiv(std::int64_t a, std::int64_t b, std::int64_t c, bool narrow) {
    if (narrow) return std::int64_t(std::uint32_t(a) * std::uint32_t(b) / std::uint32_t(c));
    return a * b / c;
  }
  CLC_HOST_DEVICE bool narrow() const { return total * units < (std::int64_t(1) << 32); }
  //! First k-step of unit u (u = units: total).
  CLC_HOST_DEVICE std::int64_t begin(int u) const {
    if (fast) return std::int64_t(div_units.div(unsigned(u) * unsigned(total)));
    return muldiv(u, total, units, narrow());
  }
  //! The unit that owns k-step k of the line (0 <= k < total): the largest u with begin(u) <= k.
  CLC_HOST_DEVICE int unit_of(std::int64_t k) const {
    if (fast) return int(div_total.div(unsigned(k + 1) * unsigned(units) - 1u));
    return narrow() ? int((std::uint32_t(k + 1) * std::uint32_t(units) - 1u) / std::uint32_t(total))
                    : int(((k + 1) * units - 1) / total);
  }
  //! The first and last tile unit u touches.
  CLC_HOST_DEVICE int first_tile(int u) const { return tile_of(begin(u)); }
  CLC_HOST_DEVICE int last_tile(int u) const { return tile_of(begin(u + 1) - 1); }
  //! The tile that owns k-step k of the line.
  CLC_HOST_DEVICE int tile_of(std::int64_t k) const {
    if (fast) return int(div_kt.div(unsigned(k)));
    return narrow() ? int(std::uint32_t(k) / std::uint32_t(kt)) : int(k / kt);
  }
  //! Segments of unit u (one per tile it touches).
  CLC_HOST_DEVICE int segments(int u) const { return last_tile(u) - first_tile(u) + 1; }
  //! Pieces of tile c (one per unit that touches it).
  CLC_HOST_DEVICE int pieces(int c) const {
    std::int64_t const t0 = std::int64_t(c) * kt;
    return unit_of(t0 + kt - 1) - unit_of(t0) + 1;
  }
  //! The unit that runs piece j of tile c.
  CLC_HOST_DEVICE int unit_of_piece(int c, int j) const { return unit_of(std::int64_t(c) * kt) + j; }
  //! The k-steps [*b, *e) of tile c (tile-relative) that its piece j covers.
  CLC_HOST_DEVICE void piece_range(int c, int j, int* b, int* e) const {
    std::int64_t const t0 = std::int64_t(c) * kt;
    int const u = unit_of(t0) + j;
    std::int64_t const ub = begin(u), ue = begin(u + 1);
    *b = int((ub > t0 ? ub : t0) - t0);
    *e = int((ue < t0 + kt ? ue : t0 + kt) - t0);
  }
  //! Segment i of unit u, in the order a worker runs them: the unit's last tile first, its first tile
  //! (whose last piece this unit is, unless the unit starts exactly at that tile) last. A tile's earlier
  //! pieces are then the first segments of lower units, done early, and its last piece -- the one that
  //! waits for them -- the last segment of the highest unit touching it. Returns the tile; *j = its piece.
  CLC_HOST_DEVICE int segment_tile(int u, int i, int* j) const {
    int const c = last_tile(u) - i;
    *j = u - unit_of(std::int64_t(c) * kt);
    return c;
  }
};

}  // namespace clc::gemm::detail
