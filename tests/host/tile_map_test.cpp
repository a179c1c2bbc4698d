// TileMap (precomputed divisors) gives exactly TileSpace's mapping; FastDiv is exact below 2^31.
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "clc/tile_map.cuh"

TEST(FastDiv, ExactForEveryDivisorShapeBelowTwoToThe31) {
  std::mt19937 rng(7);
  std::vector<unsigned> divisors;
  for (unsigned d = 1; d <= 4100; ++d) divisors.push_back(d);
  for (unsigned p = 12; p < 31; ++p) {
    divisors.push_back((1u << p) - 1);
    divisors.push_back(1u << p);
    divisors.push_back((1u << p) + 1);
  }
  for (int i = 0; i < 2000; ++i) divisors.push_back(1u + rng() % 0x7FFFFFFFu);
  divisors.push_back(0x7FFFFFFFu);
  for (unsigned d : divisors) {
    clc::FastDiv const f(d);
    std::vector<unsigned> ns = {0u, 1u, d - 1, d, d + 1, 2 * d - 1, 0x7FFFFFFEu, 0x7FFFFFFFu};
    for (int i = 0; i < 200; ++i) ns.push_back(rng() & 0x7FFFFFFFu);
    for (unsigned n : ns) {
      if (n > 0x7FFFFFFFu) continue;
      ASSERT_EQ(f.div(n), n / d) << "n " << n << " d " << d;
    }
  }
}

TEST(TileMap, MatchesTileSpaceOnManyShapes) {
  std::mt19937 rng(99);
  int const cl[] = {1, 2, 4, 8, 16};
  for (int i = 0; i < 400; ++i) {
    clc::TileSpace t(1 + int(rng() % 300), 1 + int(rng() % 77), 1 + int(rng() % 3));
    int cx = cl[rng() % 5], cy = cl[rng() % 5];
    while (cx * cy > 16) cy /= 2;
    t.with_cluster(cx, cy)
        .with_raster(rng() % 2 ? clc::Raster::AlongX : clc::Raster::AlongY)
        .with_swizzle(1 + int(rng() % 9))
        .with_longest_first(clc::Reverse(rng() % 3));
    clc::TileMap const m(t);
    ASSERT_EQ(std::int64_t(m.clusters()), t.clusters());
    for (int L = 0; L < t.clusters(); ++L) {
      clc::ClusterCoord const a = t.first_slot_of_cluster(L), b = m.first_slot_of_cluster(L);
      ASSERT_EQ(a.x, b.x);
      ASSERT_EQ(a.y, b.y);
      ASSERT_EQ(a.z, b.z);
      ASSERT_EQ(m.cluster_index_of_slot(a.x + cx - 1, a.y + cy - 1, a.z), L);
      for (int ry = 0; ry < cy; ++ry)
        for (int rx = 0; rx < cx; ++rx) {
          clc::WorkTile const u = t.tile_of(L, rx, ry), v = m.tile_of(L, rx, ry);
          ASSERT_EQ(u.valid, v.valid) << "L " << L;
          if (!u.valid) continue;
          ASSERT_EQ(u.x, v.x) << "L " << L << " shape " << t.x << "x" << t.y << "x" << t.z << " swz " << t.swizzle;
          ASSERT_EQ(u.y, v.y);
          ASSERT_EQ(u.z, v.z);
        }
    }
  }
}

TEST(TileMap, LargeAndLinearisedSpaces) {
  for (clc::TileSpace t : {clc::TileSpace(2147483647), clc::TileSpace(3, 70000), clc::TileSpace(46341, 46340),
                           clc::TileSpace(2, 3, 70000)}) {
    clc::TileMap const m(t);
    for (std::int64_t L : {std::int64_t(0), std::int64_t(1), t.clusters() / 3, t.clusters() - 1}) {
      clc::WorkTile const u = t.tile_of(int(L), 0, 0), v = m.tile_of(int(L), 0, 0);
      ASSERT_EQ(u.x, v.x);
      ASSERT_EQ(u.y, v.y);
      ASSERT_EQ(u.z, v.z);
      clc::ClusterCoord const a = t.first_slot_of_cluster(int(L)), b = m.first_slot_of_cluster(int(L));
      ASSERT_EQ(a.x, b.x);
      ASSERT_EQ(a.y, b.y);
      ASSERT_EQ(a.z, b.z);
      ASSERT_EQ(m.cluster_index_of_slot(a.x, a.y, a.z), int(L));
    }
  }
}
