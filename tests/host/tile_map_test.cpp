// TileMap (precomputed divisors) agrees with a plain reference written with ordinary divisions from
// the definition (raster, bands of `swizzle`, reversal, rank offset); FastDiv is exact below 2^31.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "clc/tile_map.cuh"

namespace {

// The test oracle: the mapping as defined, with plain divisions and 64-bit arithmetic.
struct Reference {
  clc::TileSpace t;
  clc::ClusterCoord first_slot_of_cluster(std::int64_t L) const {
    clc::ClusterCoord const g = t.grid_clusters();
    std::int64_t const per_z = std::int64_t(g.x) * g.y;
    std::int64_t const gz = L / per_z, r = L % per_z;
    return {int(r % g.x) * t.cluster_x, int(r / g.x) * t.cluster_y, int(gz)};
  }
  std::int64_t cluster_index_of_slot(int bx, int by, int bz) const {
    clc::ClusterCoord const g = t.grid_clusters();
    return bx / t.cluster_x + std::int64_t(g.x) * (by / t.cluster_y + std::int64_t(g.y) * bz);
  }
  clc::WorkTile tile_of(std::int64_t L, int rx, int ry) const {
    std::int64_t const cxn = t.clusters_x(), cyn = t.clusters_y(), plane = cxn * cyn;
    std::int64_t const z = L / plane, r = L % plane;
    bool const along_x = t.raster == clc::Raster::AlongX;
    std::int64_t const major_n = along_x ? cxn : cyn, minor_n = along_x ? cyn : cxn;
    std::int64_t const s = t.swizzle <= 1 ? 1 : std::min<std::int64_t>(t.swizzle, minor_n);
    std::int64_t const band = r / (s * major_n), within = r % (s * major_n);
    std::int64_t const h = std::min(s, minor_n - band * s);  // rows of this band
    std::int64_t const major = within / h, minor = band * s + within % h;
    std::int64_t cx = along_x ? major : minor, cy = along_x ? minor : major;
    if (t.reverse == clc::Reverse::X) cx = cxn - 1 - cx;
    if (t.reverse == clc::Reverse::Y) cy = cyn - 1 - cy;
    clc::WorkTile w;
    w.x = int(cx * t.cluster_x + rx);
    w.y = int(cy * t.cluster_y + ry);
    w.z = int(z);
    w.valid = w.x < t.x && w.y < t.y;
    return w;
  }
};

}  // namespace

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

TEST(TileMap, MatchesTheReferenceOnManyShapes) {
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
    Reference const ref{t};
    ASSERT_EQ(std::int64_t(m.clusters()), t.clusters());
    for (int L = 0; L < t.clusters(); ++L) {
      clc::ClusterCoord const a = ref.first_slot_of_cluster(L), b = m.first_slot_of_cluster(L);
      ASSERT_EQ(a.x, b.x);
      ASSERT_EQ(a.y, b.y);
      ASSERT_EQ(a.z, b.z);
      ASSERT_EQ(m.cluster_index_of_slot(a.x + cx - 1, a.y + cy - 1, a.z), L);
      for (int ry = 0; ry < cy; ++ry)
        for (int rx = 0; rx < cx; ++rx) {
          clc::WorkTile const u = ref.tile_of(L, rx, ry), v = m.tile_of(L, rx, ry);
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
    Reference const ref{t};
    for (std::int64_t L : {std::int64_t(0), std::int64_t(1), t.clusters() / 3, t.clusters() - 1}) {
      clc::WorkTile const u = ref.tile_of(L, 0, 0), v = m.tile_of(int(L), 0, 0);
      ASSERT_EQ(u.x, v.x);
      ASSERT_EQ(u.y, v.y);
      ASSERT_EQ(u.z, v.z);
      clc::ClusterCoord const a = ref.first_slot_of_cluster(L), b = m.first_slot_of_cluster(int(L));
      ASSERT_EQ(a.x, b.x);
      ASSERT_EQ(a.y, b.y);
      ASSERT_EQ(a.z, b.z);
      ASSERT_EQ(m.cluster_index_of_slot(a.x, a.y, a.z), int(L));
    }
  }
}
