// TileSpace + TileMap: the launch slot <-> tile mapping (TileMap, the one implementation the device
// uses) is a bijection for many random shapes.
#include <cstdint>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "clc/tile_map.cuh"
#include "clc/tile_space.cuh"

using clc::Raster;
using clc::Reverse;
using clc::TileSpace;

namespace {

// Walk every launch slot of the every-tile grid: every in-space tile must appear exactly once (an
// injection that covers every tile is a bijection), and every CTA of a cluster must map back to it.
void expect_bijection(TileSpace const& t) {
  clc::TileMap const m(t);
  SCOPED_TRACE(::testing::Message() << "tiles " << t.x << "x" << t.y << "x" << t.z << " cluster " << t.cluster_x
                                    << "x" << t.cluster_y << " raster " << int(t.raster) << " swizzle "
                                    << t.swizzle << " reverse " << int(t.reverse));
  std::int64_t const n = t.tiles();
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(n), 0);
  clc::ClusterCoord const g = t.grid_clusters();
  ASSERT_EQ(std::int64_t(g.x) * g.y * g.z, t.clusters());
  if (!t.linearized()) {
    ASSERT_LE(std::int64_t(g.y) * t.cluster_y, clc::kMaxGridYZ);
    ASSERT_LE(g.z, clc::kMaxGridYZ);
  }
  std::int64_t in_space = 0;
  for (std::int64_t L = 0; L < t.clusters(); ++L) {
    clc::ClusterCoord const f = m.first_slot_of_cluster(int(L));
    ASSERT_EQ(f.x % t.cluster_x, 0);
    ASSERT_EQ(f.y % t.cluster_y, 0);
    // Every CTA of the cluster maps back to the same cluster index.
    for (int ry = 0; ry < t.cluster_y; ++ry) {
      for (int rx = 0; rx < t.cluster_x; ++rx) {
        ASSERT_EQ(m.cluster_index_of_slot(f.x + rx, f.y + ry, f.z), int(L));
        clc::WorkTile const w = m.tile_of(int(L), rx, ry);
        if (rx == 0 && ry == 0) ASSERT_TRUE(w.valid) << "rank (0,0) must always be in space";
        if (!w.valid) continue;
        ASSERT_GE(w.x, 0);
        ASSERT_LT(w.x, t.x);
        ASSERT_GE(w.y, 0);
        ASSERT_LT(w.y, t.y);
        ASSERT_GE(w.z, 0);
        ASSERT_LT(w.z, t.z);
        std::int64_t const id = w.x + std::int64_t(t.x) * (w.y + std::int64_t(t.y) * w.z);
        ASSERT_EQ(seen[std::size_t(id)], 0) << "tile (" << w.x << "," << w.y << "," << w.z << ") mapped twice";
        seen[std::size_t(id)] = 1;
        ++in_space;
      }
    }
  }
  ASSERT_EQ(in_space, n) << "some tile is never mapped";
}

}  // namespace

TEST(TileSpace, BijectionSmallExhaustive) {
  for (int x : {1, 2, 3, 5, 8, 13})
    for (int y : {1, 2, 7, 16})
      for (int z : {1, 3})
        for (auto [cx, cy] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}, {1, 2}, {2, 2}, {4, 1}, {1, 4}, {8, 1}})
          for (Raster r : {Raster::AlongX, Raster::AlongY})
            for (int s : {1, 2, 3, 8})
              for (Reverse rev : {Reverse::None, Reverse::X, Reverse::Y}) {
                TileSpace t(x, y, z);
                t.with_cluster(cx, cy).with_raster(r).with_swizzle(s).with_longest_first(rev);
                expect_bijection(t);
                if (HasFatalFailure()) return;
              }
}

TEST(TileSpace, BijectionRandomShapes) {
  std::mt19937 rng(12345);
  int const cl[] = {1, 2, 4, 8};
  for (int i = 0; i < 300; ++i) {
    TileSpace t(1 + int(rng() % 97), 1 + int(rng() % 61), 1 + int(rng() % 4));
    int cx = cl[rng() % 4];
    int cy = cl[rng() % 4];
    if (cx * cy > 16) cy = 1;
    t.with_cluster(cx, cy)
        .with_raster(rng() % 2 ? Raster::AlongX : Raster::AlongY)
        .with_swizzle(1 + int(rng() % 9))
        .with_longest_first(Reverse(rng() % 3));
    expect_bijection(t);
    if (HasFatalFailure()) return;
  }
}

TEST(TileSpace, LinearisesPastGridYZLimit) {
  TileSpace t(3, 70000, 1);  // y over 65535
  EXPECT_TRUE(t.linearized());
  EXPECT_EQ(t.grid_clusters().x, 3 * 70000);
  expect_bijection(t);
  TileSpace u(2, 3, 70000);  // z over 65535
  u.with_cluster(2, 1);
  EXPECT_TRUE(u.linearized());
  expect_bijection(u);
  TileSpace v(5, 40000, 1);  // y fits as tiles but not as CTAs with 2-high clusters
  v.with_cluster(1, 2);
  EXPECT_FALSE(v.linearized());  // 20000 clusters * 2 = 40000 <= 65535
  TileSpace w(5, 65535, 1);
  w.with_cluster(1, 2);  // 32768 clusters * 2 CTAs = 65536 > 65535
  EXPECT_TRUE(w.linearized());
  expect_bijection(w);
}

TEST(TileSpace, LargeOneDimensional) {
  TileSpace t(1 << 20);
  EXPECT_EQ(t.clusters(), 1 << 20);
  EXPECT_FALSE(t.linearized());
  expect_bijection(t);
}

TEST(TileSpace, MaxTilesFitsInt32Arithmetic) {
  TileSpace t(2147483647);
  EXPECT_EQ(t.tiles(), 2147483647);
  EXPECT_FALSE(t.linearized());
  // Spot-check the far end without walking 2^31 slots.
  clc::TileMap const m(t);
  for (int L : {0, 1, 2147483646}) {
    clc::WorkTile w = m.tile_of(L, 0, 0);
    EXPECT_TRUE(w.valid);
    EXPECT_EQ(w.x, L);
    EXPECT_EQ(m.cluster_index_of_slot(L, 0, 0), L);
  }
  TileSpace big(46341, 46340, 1);  // 2,147,441,940 tiles: y within limits, products need 64-bit math
  clc::TileMap const mb(big);
  for (int L : {0, 123456789, 2147441939}) {
    clc::WorkTile w = mb.tile_of(L, 0, 0);
    ASSERT_TRUE(w.valid);
    EXPECT_EQ(w.x, L % 46341);  // plain raster along x
    EXPECT_EQ(w.y, L / 46341);
    clc::ClusterCoord const f = mb.first_slot_of_cluster(L);
    EXPECT_EQ(mb.cluster_index_of_slot(f.x, f.y, f.z), L);
  }
}

TEST(TileSpace, RasterAndSwizzleOrder) {
  // 4x4 clusters, raster along x, swizzle 2: consecutive indices go down bands of 2 rows.
  TileSpace t(4, 4);
  t.with_swizzle(2);
  std::vector<std::pair<int, int>> got;
  for (int L = 0; L < 6; ++L) got.emplace_back(clc::TileMap(t).tile_of(L, 0, 0).x, clc::TileMap(t).tile_of(L, 0, 0).y);
  std::vector<std::pair<int, int>> want = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}};
  EXPECT_EQ(got, want);
  TileSpace a(3, 2);
  a.with_raster(Raster::AlongY);
  EXPECT_EQ(clc::TileMap(a).tile_of(1, 0, 0).y, 1);
  EXPECT_EQ(clc::TileMap(a).tile_of(1, 0, 0).x, 0);
  EXPECT_EQ(clc::TileMap(a).tile_of(2, 0, 0).x, 1);
}

TEST(TileSpace, LongestFirstReversesAxis) {
  TileSpace t(8, 1);
  t.with_longest_first(Reverse::X);
  EXPECT_EQ(clc::TileMap(t).tile_of(0, 0, 0).x, 7);
  EXPECT_EQ(clc::TileMap(t).tile_of(7, 0, 0).x, 0);
  TileSpace c(5, 1);  // not a multiple of the cluster: first cluster covers x = 4 (and an overhang)
  c.with_cluster(2, 1).with_longest_first(Reverse::X);
  EXPECT_EQ(clc::TileMap(c).tile_of(0, 0, 0).x, 4);
  EXPECT_FALSE(clc::TileMap(c).tile_of(0, 1, 0).valid);
  EXPECT_EQ(clc::TileMap(c).tile_of(2, 1, 0).x, 1);
}

TEST(TileSpace, OutOfSpaceCtasOnlyInOverhangingClusters) {
  TileSpace t(5, 3);
  t.with_cluster(2, 2);
  int out = 0;
  for (int L = 0; L < t.clusters(); ++L)
    for (int ry = 0; ry < 2; ++ry)
      for (int rx = 0; rx < 2; ++rx) out += clc::TileMap(t).tile_of(L, rx, ry).valid ? 0 : 1;
  EXPECT_EQ(out, int(t.slots() - t.tiles()));
}
