// Host tests of the GEMM's stream-K arithmetic (workloads/gemm/detail/stream_k.hpp), which the plan
// and the kernel share: for many lines of tiles and unit counts, the units cover the line exactly once
// with equal shares, every tile's pieces cover its k-steps exactly once in order, and the order a
// worker runs a unit's segments in puts a tile's earlier pieces first in lower units and its last
// piece (the one that waits for them) last in the highest unit -- the property that keeps the
// in-kernel sum free of deadlock and of waits on work not yet started.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "clc/kit/tma_desc.hpp"     // transposed_box_rows, store_buffer_bytes
#include "gemm/detail/problem.hpp"  // sm90_b_box_rows
#include "gemm/detail/stream_k.hpp"

namespace {

using clc::gemm::detail::StreamK;

void check_line(int tiles, int kt, int units) {
  std::int64_t const total = std::int64_t(tiles) * kt;
  StreamK const sk{total, units, kt};
  SCOPED_TRACE("tiles " + std::to_string(tiles) + " kt " + std::to_string(kt) + " units " + std::to_string(units));
  ASSERT_EQ(sk.begin(0), 0);
  ASSERT_EQ(sk.begin(units), total);
  std::int64_t const lo = total / units;
  for (int u = 0; u < units; ++u) {
    std::int64_t const len = sk.begin(u + 1) - sk.begin(u);
    ASSERT_GE(len, lo) << "unit " << u;
    ASSERT_LE(len, lo + 1) << "unit " << u;
  }
  for (std::int64_t k = 0; k < total; ++k) {
    int const u = sk.unit_of(k);
    ASSERT_TRUE(u >= 0 && u < units && sk.begin(u) <= k && k < sk.begin(u + 1)) << "k-step " << k << " unit " << u;
  }
  // Every (tile, k-step) covered exactly once by the segments of the units.
  std::vector<int> cover(std::size_t(total), 0);
  std::vector<int> seen_pieces(std::size_t(tiles), 0);
  for (int u = 0; u < units; ++u) {
    int const n = sk.segments(u);
    ASSERT_GE(n, 1);
    for (int i = 0; i < n; ++i) {
      int j = -1;
      int const c = sk.segment_tile(u, i, &j);
      ASSERT_TRUE(c >= sk.first_tile(u) && c <= sk.last_tile(u));
      ASSERT_TRUE(j >= 0 && j < sk.pieces(c)) << "tile " << c << " piece " << j;
      ASSERT_EQ(sk.unit_of_piece(c, j), u);
      int b = -1, e = -1;
      sk.piece_range(c, j, &b, &e);
      ASSERT_TRUE(0 <= b && b < e && e <= kt) << "tile " << c << " piece " << j << ": [" << b << ", " << e << ")";
      for (int k = b; k < e; ++k) ++cover[std::size_t(std::int64_t(c) * kt + k)];
      ++seen_pieces[std::size_t(c)];
      bool const last_piece = j == sk.pieces(c) - 1;
      if (!last_piece) {
        // An earlier piece ends inside its tile, so the unit ends there: it is the unit's last tile,
        // run first.
        ASSERT_EQ(i, 0) << "tile " << c << " piece " << j << " is not its unit's first segment";
        ASSERT_LT(e, kt);
      } else {
        ASSERT_EQ(e, kt) << "the last piece ends the tile";
        if (j > 0) ASSERT_EQ(i, n - 1) << "a summing piece runs last in its unit";
      }
    }
  }
  for (std::int64_t k = 0; k < total; ++k) ASSERT_EQ(cover[std::size_t(k)], 1) << "line k-step " << k;
  for (int c = 0; c < tiles; ++c) {
    ASSERT_EQ(seen_pieces[std::size_t(c)], sk.pieces(c)) << "tile " << c;
    // Pieces in k order, adjacent.
    int prev_end = 0;
    for (int j = 0; j < sk.pieces(c); ++j) {
      int b = -1, e = -1;
      sk.piece_range(c, j, &b, &e);
      ASSERT_EQ(b, prev_end) << "tile " << c << " piece " << j;
      prev_end = e;
      if (j > 0) ASSERT_GT(sk.unit_of_piece(c, j), sk.unit_of_piece(c, j - 1));
    }
    ASSERT_EQ(prev_end, kt);
  }
}

TEST(GemmStreamK, UnitsAndPiecesCoverTheLineOnce) {
  for (int tiles : {1, 2, 3, 7, 24, 72, 156, 216}) {
    for (int kt : {1, 2, 3, 4, 16, 48, 64, 192}) {
      std::int64_t const total = std::int64_t(tiles) * kt;
      for (int units : {1, 2, 3, 7, 66, 131, 132, 264}) {
        if (units > total) continue;
        check_line(tiles, kt, units);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

TEST(GemmStreamK, SuiteShapesOnOneWave) {
  // 1536 x 1536 x 12288 (72 tiles of 192 k-steps), 3072^3 past one wave (156 of 48), 3333 x 2048 x 4096
  // (216 of 64), 777 x 8192 x 1536 (224 of 24): 132 units, each within one k-step of the mean.
  struct L { int tiles, kt, most; };
  for (L const& l : {L{72, 192, 3}, L{156, 48, 2}, L{216, 64, 2}, L{224, 24, 2}}) {
    check_line(l.tiles, l.kt, 132);
    StreamK const sk{std::int64_t(l.tiles) * l.kt, 132, l.kt};
    int most = 0;
    for (int c = 0; c < l.tiles; ++c) most = std::max(most, sk.pieces(c));
    EXPECT_EQ(most, l.most) << l.tiles << " tiles of " << l.kt << " k-steps";
  }
}

// Lines too long for the 32-bit arithmetic (total x units >= 2^32: K of millions) take the 64-bit one:
// the same invariants at the units' boundaries and at sampled k-steps.
// The kernel's line has its divisions precomputed (StreamK::with_fast_divs, multiply-highs): every
// quantity the kernel reads must equal the plain line's, for lines that fit and ones that do not.
TEST(GemmStreamK, FastDivisionsMatchThePlainLine) {
  int checked = 0;
  for (int tiles : {1, 2, 3, 7, 24, 72, 156, 216, 5000}) {
    for (int kt : {1, 2, 3, 16, 48, 64, 192, 1000, 1 << 20}) {
      std::int64_t const total = std::int64_t(tiles) * kt;
      for (int units : {1, 3, 66, 131, 132, 264, 1000}) {
        if (units > total) continue;
        StreamK const plain{total, units, kt};
        StreamK const fast = plain.with_fast_divs();
        ASSERT_EQ(fast.fast, total * units < (std::int64_t(1) << 31)) << tiles << "x" << kt << " / " << units;
        checked += fast.fast ? 1 : 0;
        for (int u = 0; u <= units; ++u) ASSERT_EQ(fast.begin(u), plain.begin(u)) << "unit " << u;
        for (int u = 0; u < units; ++u) {
          ASSERT_EQ(fast.segments(u), plain.segments(u)) << "unit " << u;
          for (int i = 0; i < plain.segments(u); ++i) {
            int jf = -1, jp = -2;
            ASSERT_EQ(fast.segment_tile(u, i, &jf), plain.segment_tile(u, i, &jp));
            ASSERT_EQ(jf, jp);
          }
        }
        int const step = tiles > 300 ? 37 : 1;
        for (int c = 0; c < tiles; c += step) {
          ASSERT_EQ(fast.pieces(c), plain.pieces(c)) << "tile " << c;
          for (int j = 0; j < plain.pieces(c); ++j) {
            int bf = -1, ef = -1, bp = -2, ep = -2;
            fast.piece_range(c, j, &bf, &ef);
            plain.piece_range(c, j, &bp, &ep);
            ASSERT_EQ(bf, bp);
            ASSERT_EQ(ef, ep);
          }
        }
        for (std::int64_t k = 0; k < total; k += 1 + total / 997) {
          ASSERT_EQ(fast.unit_of(k), plain.unit_of(k)) << "k " << k;
          ASSERT_EQ(fast.tile_of(k), plain.tile_of(k)) << "k " << k;
        }
      }
    }
  }
  EXPECT_GT(checked, 100);  // most lines take the fast path
}

TEST(GemmStreamK, WideLinesTakeTheSixtyFourBitPath) {
  for (int units : {132, 1000}) {
    StreamK const sk{std::int64_t(5) * (1 << 25), units, 1 << 25};
    ASSERT_FALSE(sk.narrow());
    ASSERT_EQ(sk.begin(0), 0);
    ASSERT_EQ(sk.begin(units), sk.total);
    for (int u = 0; u < units; ++u) {
      std::int64_t const b = sk.begin(u), e = sk.begin(u + 1);
      ASSERT_LT(b, e);
      ASSERT_EQ(sk.unit_of(b), u) << "unit " << u;
      ASSERT_EQ(sk.unit_of(e - 1), u) << "unit " << u;
      ASSERT_EQ(sk.first_tile(u), int(b / sk.kt));
      ASSERT_EQ(sk.last_tile(u), int((e - 1) / sk.kt));
    }
    for (int c = 0; c < 5; ++c) {
      int prev_end = 0;
      for (int j = 0; j < sk.pieces(c); ++j) {
        int b = -1, e = -1;
        sk.piece_range(c, j, &b, &e);
        ASSERT_EQ(b, prev_end);
        ASSERT_LT(b, e);
        prev_end = e;
      }
      ASSERT_EQ(prev_end, sk.kt);
    }
  }
  StreamK const narrow{std::int64_t(72) * 192, 132, 192};
  EXPECT_TRUE(narrow.narrow());
}

}  // namespace

// The Sm90 kernel's B boxes (K-major B: sm90_b_box_rows rows per TMA box, the loader issuing rows / box
// of them): for every tile width and cluster the plan can run, a box is whole 8-row swizzle atoms, at
// most 256 rows (TMA's limit), and the boxes cover the CTA's part of B exactly; an MN-major B is
// loaded in 64-wide chunks, so its part must be whole chunks.
TEST(GemmGeometry, BBoxesCoverEachCtasPartOfB) {
  struct W {
    int tile_n;
    int max_cluster;
  };
  for (W const w : {W{64, 1}, W{128, 2}, W{192, 1}, W{208, 1}, W{224, 1}, W{256, 2}}) {
    for (int cm = 1; cm <= w.max_cluster; ++cm) {
      int const rows = w.tile_n / cm;
      int const box = clc::gemm::detail::sm90_b_box_rows(rows);
      EXPECT_EQ(box % 8, 0) << "tile_n " << w.tile_n << " cluster " << cm;
      EXPECT_LE(box, 256) << "tile_n " << w.tile_n << " cluster " << cm;
      EXPECT_EQ(rows % box, 0) << "tile_n " << w.tile_n << " cluster " << cm << ": boxes of " << box << " rows";
      if (w.tile_n % 64 == 0)  // (208 and 224 load B K-major only)
        EXPECT_EQ(rows % 64, 0) << "tile_n " << w.tile_n << " cluster " << cm << ": MN-major chunks";
    }
  }
}

// The transposed TMA store's boxes (kit::transposed_box_rows) and each consumer warpgroup's store buffers
// (kit::store_buffer_bytes): a box is whole pairs of 8-column groups (stmatrix .x4), at most 256 rows, the
// boxes cover the tile width, and one or two boxes fit the buffers; the 16-bit non-transposed store's two
// 8 KiB boxes fit them too where it runs (widths that are whole 64-column boxes).
TEST(GemmGeometry, TransposedStoreBoxesFitTheBuffers) {
  for (int n : {64, 128, 192, 208, 224, 256}) {
    int const rows = clc::kit::transposed_box_rows(n);
    int const buf = clc::kit::store_buffer_bytes(n);
    EXPECT_EQ(rows % 16, 0) << n;
    EXPECT_LE(rows, 256) << n;
    EXPECT_EQ(n % rows, 0) << n;
    EXPECT_GE(buf / (rows * 128), 1) << n;
    EXPECT_LE(buf / (rows * 128), 2) << n;
    EXPECT_EQ(buf % 1024, 0) << n << ": buffers keep the 1024-byte alignment of the swizzle";
    if (n % 64 == 0) EXPECT_GE(buf, 2 * 64 * 128) << n;
  }
}

// The Sm90 plan's heuristics on a 132-SM H200, without a GPU (clc::gemm::detail::plan_sm90_for): the choices
// the measurements behind docs/gemm.md's "Heuristics" made, kept from changing by accident. The GPU tests
// (Gemm.AutoTileWidthAndCluster_Sm90, Gemm.TailFixupHeuristic_Sm90, ...) check the same choices with every
// element of the result.
namespace {

clc::gemm::detail::PlanSummary plan_of(int m, int n, int k, bool b_col = false, clc::gemm::Options o = {}) {
  clc::gemm::Arguments g;
  g.m = m;
  g.n = n;
  g.k = k;
  // Never dereferenced: 256-byte aligned addresses, only checked for TMA's alignment.
  g.a = reinterpret_cast<void const*>(std::uintptr_t(1) << 20);
  g.lda = k;
  g.b = reinterpret_cast<void const*>(std::uintptr_t(1) << 21);
  g.layout_b = b_col ? clc::gemm::Layout::ColMajor : clc::gemm::Layout::RowMajor;
  g.ldb = b_col ? k : n;
  g.d = reinterpret_cast<void*>(std::uintptr_t(1) << 22);
  g.ldd = n;
  clc::gemm::detail::PlanSummary s;
  clc::Error const e = clc::gemm::detail::plan_sm90_for(g, o, 132, &s);
  EXPECT_TRUE(e.ok()) << m << "x" << n << "x" << k << ": " << e.what();
  return s;
}

}  // namespace

TEST(GemmPlan, TileWidthAndClusterOnTheH200) {
  using clc::SourceKind;
  auto const big = plan_of(8192, 8192, 8192);  // many waves: 128 x 256 tiles in 2x1 clusters, Ticket
  EXPECT_EQ(big.tile_n, 256);
  EXPECT_EQ(big.cluster_m, 2);
  EXPECT_EQ(big.source, SourceKind::Ticket);
  EXPECT_TRUE(big.tma_store);
  auto const s3072 = plan_of(3072, 3072, 3072);  // a poor third wave of 256-wide tiles: 192-wide, whole, 1x1
  EXPECT_EQ(s3072.tile_n, 192);
  EXPECT_EQ(s3072.cluster_m, 1);
  EXPECT_EQ(s3072.tail_split, 1);
  // 64-wide tiles where 128-wide ones fill less than half of the SMs and 64-wide ones one wave, rows of
  // 32-byte multiples: 128 CTAs of 128 x 64 at 1024^3, Static.
  auto const s1024 = plan_of(1024, 1024, 1024);
  EXPECT_EQ(s1024.tile_n, 64);
  EXPECT_EQ(s1024.cluster_m, 1);
  EXPECT_EQ(s1024.source, SourceKind::Static);
  // Rows of A and B inside 32-byte sectors (rows_off_sectors): 1000^3 (rows of 2000 bytes) 64-wide tiles
  // in 1x2 clusters, 3000^3 and 4000x1000x1000 256-wide tiles in 2x1 clusters; A alone (1000x4000x1000:
  // B's rows are 8000 bytes) keeps the rules of aligned rows.
  auto const s1000 = plan_of(1000, 1000, 1000);
  EXPECT_EQ(s1000.tile_n, 64);
  EXPECT_EQ(s1000.cluster_n, 2);
  EXPECT_EQ(s1000.cluster_m, 1);
  EXPECT_EQ(s1000.splits, 1);
  EXPECT_EQ(s1000.tail_split, 1);
  for (auto const& mn : {std::pair<int, int>{3000, 3000}, std::pair<int, int>{4000, 1000}}) {
    auto const s = plan_of(mn.first, mn.second, mn.second == 1000 ? 1000 : 3000);
    EXPECT_EQ(s.tile_n, 256) << mn.first << "x" << mn.second;
    EXPECT_EQ(s.cluster_m, 2) << mn.first << "x" << mn.second;
    EXPECT_EQ(s.cluster_n, 1) << mn.first << "x" << mn.second;
  }
  auto const a_only = plan_of(1000, 4000, 1000);
  EXPECT_EQ(a_only.tile_n, 256);
  EXPECT_EQ(a_only.cluster_m, 1);
  clc::gemm::Options t128;
  t128.tile_n = 128;  // a forced width: no cluster from the rule
  auto const forced = plan_of(1000, 1000, 1000, false, t128);
  EXPECT_EQ(forced.tile_n, 128);
  EXPECT_EQ(forced.cluster_n, 1);
  EXPECT_EQ(forced.cluster_m, 1);
  EXPECT_EQ(plan_of(128, 8192, 8192).tile_n, 64);
  EXPECT_EQ(plan_of(128, 8192, 8192, true).tile_n, 64);  // either B layout
  auto const decode = plan_of(16, 8192, 8192, true);  // decode-sized M: whole 64-wide tiles, one wave
  EXPECT_EQ(decode.tile_n, 64);
  EXPECT_EQ(decode.tail_split, 1);
  EXPECT_EQ(decode.splits, 1);
  EXPECT_EQ(plan_of(64, 4096, 14336, true).tile_n, 64);   // 64 tiles of 64 (then in pieces)
  EXPECT_EQ(plan_of(32, 11008, 4096, true).tile_n, 128);  // 172 tiles of 64: two waves
  EXPECT_EQ(plan_of(2048, 2048, 2048).tile_n, 256);
  clc::gemm::Options c2;
  c2.cluster_m = 2;
  EXPECT_EQ(plan_of(3072, 3072, 3072, false, c2).tile_n, 256);  // a forced 2x1 cluster keeps 256-wide tiles
}

TEST(GemmPlan, ForcedClusterPairsAlongN) {
  clc::gemm::Options o;
  o.cluster_n = 2;
  auto const s1024 = plan_of(1024, 1024, 1024, false, o);  // the width rule's 64, in 1x2 clusters
  EXPECT_EQ(s1024.tile_n, 64);
  EXPECT_EQ(s1024.cluster_n, 2);
  EXPECT_EQ(s1024.cluster_m, 1);
  EXPECT_EQ(s1024.source, clc::SourceKind::Static);  // 128 CTAs: one wave
  auto const big = plan_of(8192, 8192, 8192, false, o);  // 256 -> 128-wide tiles, no 2x1 cluster
  EXPECT_EQ(big.tile_n, 128);
  EXPECT_EQ(big.cluster_n, 2);
  EXPECT_EQ(big.cluster_m, 1);
  auto const sk = plan_of(1536, 1536, 12288, false, o);  // whole tiles only: no stream-K, no split
  EXPECT_EQ(sk.cluster_n, 2);
  EXPECT_EQ(sk.stream_k_units, 0);
  EXPECT_EQ(sk.tail_split, 1);
  EXPECT_EQ(sk.splits, 1);
  EXPECT_FALSE(plan_of(777, 8192, 1536, false, o).swapped);  // swapped tiles run 1x1 clusters
  EXPECT_EQ(plan_of(1024, 1024, 1024).cluster_n, 1);  // not forced: 1x1 (no heuristic for it yet)
}

TEST(GemmPlan, SplitTailAndStreamKOnTheH200) {
  // One whole wave of 256-wide tiles and 30 more: 192-wide whole tiles (2 waves of 216); with 256-wide
  // tiles forced, the partial wave in pieces.
  auto const w192 = plan_of(2304, 2304, 3072);
  EXPECT_EQ(w192.tile_n, 192);
  EXPECT_EQ(w192.tail_split, 1);
  clc::gemm::Options t256;
  t256.tile_n = 256;
  auto const t = plan_of(2304, 2304, 3072, false, t256);
  EXPECT_EQ(t.tile_n, 256);
  EXPECT_GT(t.tail_split, 1);
  EXPECT_GT(t.tail_tiles, 0);
  auto const sk = plan_of(1536, 1536, 12288);  // 72 deep tiles: stream-K units summed in the kernel, Static
  EXPECT_GT(sk.stream_k_units, 0);
  EXPECT_TRUE(sk.fixup);
  EXPECT_EQ(sk.source, clc::SourceKind::Static);
  auto const whole = plan_of(4096, 4096, 4096);  // whole waves: no pieces
  EXPECT_EQ(whole.tail_split, 1);
  EXPECT_EQ(whole.splits, 1);
}

TEST(GemmPlan, SwappedOperandsOnTheH200) {
  // Where the swapped problem's tiles along M are 208 or 224 wide and fill a wave, with fewer than 6 waves
  // of 256-wide tiles unswapped: B^T A^T, D stored transposed, whole tiles in 1x1 clusters.
  struct Want {
    int m, n, k, tile_n;
  };
  for (Want const& w : {Want{777, 8192, 1536, 208}, Want{3333, 2048, 4096, 224}, Want{2304, 4608, 3072, 224}}) {
    auto const s = plan_of(w.m, w.n, w.k);
    EXPECT_TRUE(s.swapped) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_EQ(s.tile_n, w.tile_n) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_EQ(s.cluster_m, 1) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_EQ(s.tail_split, 1) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_TRUE(s.tma_store) << w.m << "x" << w.n << "x" << w.k;
  }
  EXPECT_FALSE(plan_of(8192, 8192, 8192).swapped);    // 256 fits: 2x1 clusters
  EXPECT_FALSE(plan_of(5120, 5120, 5120).swapped);    // 224 would fit, but 6+ waves unswapped (2x1 clusters)
  EXPECT_FALSE(plan_of(1536, 1536, 12288).swapped);   // under a wave swapped: stream-K unswapped
  EXPECT_FALSE(plan_of(16, 8192, 8192, true).swapped);
  EXPECT_FALSE(plan_of(3072, 3072, 3072).swapped);    // 192 either way
  clc::gemm::Options forced;
  forced.tile_n = 256;  // a forced width is the caller's, for the unswapped problem
  EXPECT_FALSE(plan_of(777, 8192, 1536, false, forced).swapped);
  forced = {};
  forced.tail_split = 2;
  EXPECT_FALSE(plan_of(3333, 2048, 4096, false, forced).swapped);
  // The second rule (swap_whole_tiles): whole tiles in 1x1 clusters unswapped, at least 16 k-steps, the
  // swapped problem's whole tiles estimated at least 10% faster.
  for (Want const& w : {Want{6000, 504, 6000, 192}, Want{6000, 504, 1024, 192}, Want{6000, 640, 1024, 256},
                        Want{5000, 640, 1024, 208}, Want{12288, 256, 4096, 192}}) {
    auto const s = plan_of(w.m, w.n, w.k);
    EXPECT_TRUE(s.swapped) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_EQ(s.tile_n, w.tile_n) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_EQ(s.cluster_m, 1) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_EQ(s.tail_split, 1) << w.m << "x" << w.n << "x" << w.k;
    EXPECT_EQ(s.splits, 1) << w.m << "x" << w.n << "x" << w.k;
  }
  EXPECT_FALSE(plan_of(6000, 504, 512).swapped);    // 8 k-steps: the rule wants 16
  EXPECT_FALSE(plan_of(12345, 680, 912).swapped);   // 192-wide whole tiles either way
  EXPECT_FALSE(plan_of(7777, 1112, 2224).swapped);
  EXPECT_FALSE(plan_of(333, 3336, 3336).swapped);   // fewer swapped tiles
  EXPECT_FALSE(plan_of(1024, 1024, 1024).swapped);  // 64-wide tiles: outside the estimate
}
// Deep K with few tiles and one wave of 256-wide tiles (bench/results/h200-gemm-plans-dev.txt): 128-wide
// tiles in 8 splits at 512x512x32768 and a split tail at 1024x1024x32768; more than 16 splits for one or
// four 64-wide tiles; 64-wide tiles kept for one row of tiles (4x8192x28672, B column-major); 192-wide
// tiles where they and not 128-wide ones fit one wave (1536^3); 3x5000x7000 (rows off sectors, 110
// k-steps) no longer 64-wide in 1x2 clusters.
TEST(GemmPlan, DeepKAndOneWaveOnTheH200) {
  auto const d512 = plan_of(512, 512, 32768);
  EXPECT_EQ(d512.tile_n, 128);
  EXPECT_EQ(d512.splits, 8);
  auto const d1024 = plan_of(1024, 1024, 32768);
  EXPECT_EQ(d1024.tile_n, 128);
  EXPECT_TRUE(d1024.splits > 1 || d1024.tail_split > 1);
  auto const one = plan_of(128, 128, 70000);
  EXPECT_EQ(one.tile_n, 64);
  EXPECT_GT(one.splits, 16);
  EXPECT_LE(one.splits, 64);
  auto const four = plan_of(64, 64, 131072);
  EXPECT_GT(four.splits, 16);
  EXPECT_LE(four.splits, 64);
  EXPECT_EQ(plan_of(256, 256, 65536).splits, 16);  // 8 tiles: 16 was the fastest measured
  auto const row = plan_of(4, 8192, 28672, true);
  EXPECT_EQ(row.tile_n, 64);
  EXPECT_EQ(row.splits, 1);
  for (auto const& s : {std::array<int, 3>{1536, 1536, 1536}, std::array<int, 3>{2048, 1536, 1536},
                        std::array<int, 3>{1536, 1536, 768}, std::array<int, 3>{1280, 2048, 1024}})
    EXPECT_EQ(plan_of(s[0], s[1], s[2]).tile_n, 192) << s[0] << "x" << s[1] << "x" << s[2];
  EXPECT_EQ(plan_of(1536, 1536, 12288).tile_n, 256);  // deep K: stream-K on 256-wide tiles
  auto const odd = plan_of(3, 5000, 7000);
  EXPECT_EQ(odd.tile_n, 128);
  EXPECT_EQ(odd.cluster_n, 1);
  EXPECT_TRUE(odd.splits > 1 || odd.tail_split > 1);
}

//! Deep K over one wave of 128 x 256 tiles and at most a third more: every tile in stream-K units, one
//! per SM (gemm.cpp, deep_k_stream_k); not with 64 k-steps, not over more of a second wave, not where the
//! kernel cannot sum the pieces or something is forced.
TEST(GemmPlan, DeepKStreamKOverOneWaveOnTheH200) {
  using clc::SourceKind;
  for (auto const& s : {std::array<int, 3>{2304, 2304, 12288}, std::array<int, 3>{2304, 2304, 8192},
                        std::array<int, 3>{3072, 1536, 12288}}) {
    auto const sk = plan_of(s[0], s[1], s[2]);
    std::string const what = std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]);
    EXPECT_EQ(sk.tile_n, 256) << what;
    EXPECT_EQ(sk.cluster_m, 1) << what;
    EXPECT_EQ(sk.splits, 1) << what;
    EXPECT_EQ(sk.stream_k_units, 132) << what;
    EXPECT_TRUE(sk.fixup) << what;
    EXPECT_EQ(sk.tail_tiles, (s[0] / 128) * (s[1] / 256)) << what << ": every tile in the units";
    EXPECT_EQ(sk.source, SourceKind::Static) << what << ": one unit per SM";
  }
  auto const shallow = plan_of(2304, 2304, 4096);  // 64 k-steps: two waves of 192-wide whole tiles
  EXPECT_EQ(shallow.tile_n, 192);
  EXPECT_EQ(shallow.stream_k_units, 0);
  for (auto const& s : {std::array<int, 3>{2816, 2816, 8192}, std::array<int, 3>{4096, 2048, 12288}}) {
    auto const whole = plan_of(s[0], s[1], s[2]);  // 1.83 and 1.94 waves: whole tiles
    EXPECT_EQ(whole.stream_k_units, 0) << s[0] << "x" << s[1] << "x" << s[2];
    EXPECT_EQ(whole.tail_split, 1) << s[0] << "x" << s[1] << "x" << s[2];
  }
  clc::gemm::Options off;
  off.stream_k = 1;
  EXPECT_EQ(plan_of(2304, 2304, 12288, false, off).tile_n, 192);
  EXPECT_EQ(plan_of(2304, 2304, 12288, false, off).stream_k_units, 0);
  clc::gemm::Options single;
  single.source = SourceKind::Single;  // no in-kernel sum: the rule stands back
  EXPECT_EQ(plan_of(2304, 2304, 12288, false, single).tile_n, 192);
  EXPECT_EQ(plan_of(2304, 2304, 12288, false, single).stream_k_units, 0);
  clc::gemm::Options capped;
  capped.max_workers = 100;
  EXPECT_EQ(plan_of(2304, 2304, 12288, false, capped).stream_k_units, 0);
}
