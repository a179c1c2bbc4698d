// Every tile runs exactly once, with the right coordinates, for every source x grid mode x cluster
// shape x Stages x tile count (1, fewer than the SMs, not a multiple of the workers, over 1M).
#include <string>
#include <tuple>
#include <vector>

#include "device_common.cuh"

namespace {

struct Case {
  clc::SourceKind source;
  clc::GridMode grid;
  int cx, cy;
  int stages;
};

std::string name_of(Case const& c) {
  return std::string(clc::to_string(c.source)) + "_" + clc::to_string(c.grid) + "_Cluster" + std::to_string(c.cx) +
         "x" + std::to_string(c.cy) + "_Stages" + std::to_string(c.stages);
}

template <int Stages>
clc::Error launch_counts(clc_test::CountTiles f, clc::TileSpace const& t, clc::LaunchOptions const& o, clc::LaunchInfo* info) {
  return clc::launch<Stages>(f, t, o, info);
}

clc::Error launch_stages(int stages, clc_test::CountTiles f, clc::TileSpace const& t, clc::LaunchOptions const& o,
                         clc::LaunchInfo* info) {
  switch (stages) {
    case 1: return launch_counts<1>(f, t, o, info);
    case 2: return launch_counts<2>(f, t, o, info);
    case 4: return launch_counts<4>(f, t, o, info);
  }
  return clc::invalid_argument("test: unsupported stages");
}

class ExactlyOnce : public ::testing::TestWithParam<Case> {};

TEST_P(ExactlyOnce, EveryTileOnceWithRightCoordinates) {
  CLC_REQUIRE_GPU();
  Case const c = GetParam();
  struct Shape { int x, y, z; };
  std::vector<Shape> const shapes = {{1, 1, 1}, {7, 5, 1}, {37, 29, 2}, {1031, 1025, 1}};
  int variant = 0;
  for (Shape const s : shapes) {
    clc::TileSpace t(s.x, s.y, s.z);
    t.with_cluster(c.cx, c.cy);
    // Vary order, swizzle and longest-first across cases: the mapping must not matter.
    int const v = variant++ + c.cx * 3 + c.cy * 5 + c.stages;
    t.with_raster(v % 2 ? clc::Raster::AlongY : clc::Raster::AlongX)
        .with_swizzle(1 + v % 4)
        .with_longest_first(clc::Reverse(v % 3));
    SCOPED_TRACE(::testing::Message() << "tiles " << s.x << "x" << s.y << "x" << s.z << " raster " << int(t.raster)
                                      << " swizzle " << t.swizzle << " reverse " << int(t.reverse));
    clc_test::Counters counts(t.tiles());
    clc::LaunchOptions o;
    o.source = c.source;
    o.grid = c.grid;
    o.block_threads = 64;
    clc::LaunchInfo info;
    CLC_OK(launch_stages(c.stages, clc_test::CountTiles{counts.d, nullptr, t}, t, o, &info));
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_EQ(info.source, c.source);
    EXPECT_TRUE(clc_test::all_equal(counts.counts(), 64u, t)) << "workers launched " << info.workers;
  }
}

std::vector<Case> all_cases() {
  std::vector<Case> v;
  std::vector<std::pair<int, int>> const clusters = {{1, 1}, {2, 1}, {1, 2}, {2, 2}, {4, 1}, {1, 4}, {8, 1}};
  for (auto [cx, cy] : clusters) {
    for (int st : {1, 2, 4}) {
      v.push_back({clc::SourceKind::Ticket, clc::GridMode::ResidentCapacity, cx, cy, st});
      v.push_back({clc::SourceKind::Ticket, clc::GridMode::EveryTile, cx, cy, st});
    }
    v.push_back({clc::SourceKind::Static, clc::GridMode::ResidentCapacity, cx, cy, 2});
    v.push_back({clc::SourceKind::Single, clc::GridMode::EveryTile, cx, cy, 2});
    for (int st : {1, 2, 4}) v.push_back({clc::SourceKind::Cancel, clc::GridMode::EveryTile, cx, cy, st});
  }
  return v;
}

INSTANTIATE_TEST_SUITE_P(AllSources, ExactlyOnce, ::testing::ValuesIn(all_cases()),
                         [](::testing::TestParamInfo<Case> const& i) { return name_of(i.param); });

TEST(ExactlyOnceLarge, TwoToTheTwentyOneTicketTiles) {
  CLC_REQUIRE_GPU();
  clc::TileSpace t((1 << 21) + 13);
  clc_test::Counters counts(t.tiles());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Ticket;
  o.block_threads = 32;
  CLC_OK(clc::launch(clc_test::CountTiles{counts.d, nullptr, t}, t, o));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(clc_test::all_equal(counts.counts(), 32u, t));
}

TEST(HardwareSource, RefusedOnDevicesWithoutClc) {
  CLC_REQUIRE_GPU();
  int major = 0;
  CUDA_OK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major >= 10) GTEST_SKIP() << "this device has CLC: the refusal path does not apply";
  clc::TileSpace t(100);
  clc_test::Counters counts(t.tiles());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Hardware;
  clc::Error const e = clc::launch(clc_test::CountTiles{counts.d, nullptr, t}, t, o);
  EXPECT_EQ(e.status, clc::Status::NotSupported) << e.what();
  EXPECT_NE(e.message.find("Hardware"), std::string::npos) << e.message;
  // Auto resolves to Ticket here and runs every tile.
  o.source = clc::SourceKind::Auto;
  clc::LaunchInfo info;
  CLC_OK(clc::launch(clc_test::CountTiles{counts.d, nullptr, t}, t, o, &info));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(info.source, clc::SourceKind::Ticket);
  EXPECT_TRUE(clc_test::all_equal(counts.counts(), 128u, t));
}

TEST(TargetProbe, ReportsTheCodeThatRunsOnThisDevice) {
  CLC_REQUIRE_GPU();
  int major = 0, minor = 0;
  CUDA_OK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  CUDA_OK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0));
  if (major != 9) GTEST_SKIP() << "the expectations below are for an sm_90 device";
  clc::KernelFacts kf;
  CLC_OK(clc::detail::kernel_facts(
      reinterpret_cast<void const*>(&clc::block_kernel<clc_test::CountTiles, clc::source::Ticket, 2>),
      reinterpret_cast<void const*>(&clc::detail::target_probe_kernel<>), &kf));
  EXPECT_EQ(kf.binary_version, 90);
  EXPECT_EQ(kf.ptx_version, 90);
  EXPECT_FALSE(kf.hardware_clc);
  EXPECT_FALSE(kf.multicast);
  // Auto with a resident-capacity grid is Ticket (as on Blackwell); Hardware is refused by name.
  clc::SourceKind s = clc::SourceKind::Hardware;
  CLC_OK(clc::resolve_auto_source(clc::SourceKind::Auto, &clc::block_kernel<clc_test::CountTiles, clc::source::Ticket, 2>,
                                  clc::TileSpace(10), &s, clc::GridMode::ResidentCapacity));
  EXPECT_EQ(s, clc::SourceKind::Ticket);
}

}  // namespace

namespace {

// Small, fast cases for compute-sanitizer (memcheck, racecheck, synccheck): every source, every
// Stages value, a tile grid that overhangs the cluster shape. Split by cluster size because
// racecheck does not model mbarrier-ordered plain shared-memory accesses: the 1-CTA Ticket path
// (plain 16-byte store + release arrive, acquire wait + load) is correct under the PTX memory
// model but racecheck reports it; clustered launches deliver with st.async, which it accepts.
void block_level_subset(std::vector<std::pair<int, int>> const& clusters) {
  for (auto [cx, cy] : clusters) {
    for (clc::SourceKind src :
         {clc::SourceKind::Ticket, clc::SourceKind::Static, clc::SourceKind::Single, clc::SourceKind::Cancel}) {
      for (int stages : {1, 2, 4}) {
        if (src != clc::SourceKind::Ticket && src != clc::SourceKind::Cancel && stages != 2) continue;
        for (clc::GridMode g : {clc::GridMode::Default, clc::GridMode::EveryTile}) {
          clc::TileSpace t(37, 29);
          t.with_cluster(cx, cy);
          SCOPED_TRACE(::testing::Message() << clc::to_string(src) << " " << clc::to_string(g) << " cluster " << cx
                                            << "x" << cy << " stages " << stages);
          clc_test::Counters counts(t.tiles());
          clc::LaunchOptions o;
          o.source = src;
          o.grid = g;
          o.block_threads = 64;
          CLC_OK(launch_stages(stages, clc_test::CountTiles{counts.d, nullptr, t}, t, o, nullptr));
          CUDA_OK(cudaDeviceSynchronize());
          EXPECT_TRUE(clc_test::all_equal(counts.counts(), 64u, t));
        }
      }
    }
  }
}

TEST(SanitizerSubset, BlockLevelClustered) {
  CLC_REQUIRE_GPU();
  block_level_subset({{2, 1}, {2, 2}});
}

TEST(SanitizerSubset, BlockLevelOneCta) {
  CLC_REQUIRE_GPU();
  block_level_subset({{1, 1}});
}

}  // namespace

namespace {

// Ticket with several clusters per fetch (guided self-scheduling): still every tile exactly once,
// in both grid modes, with clusters and every Stages value.
TEST(TicketGrain, EveryTileOnceForManyGrains) {
  CLC_REQUIRE_GPU();
  for (int grain : {2, 7, 16, 64}) {
    for (auto [cx, cy] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}, {2, 2}}) {
      for (int stages : {1, 2, 4}) {
        for (clc::GridMode g : {clc::GridMode::ResidentCapacity, clc::GridMode::EveryTile}) {
          clc::TileSpace t(1009, 211);
          t.with_cluster(cx, cy).with_swizzle(3);
          SCOPED_TRACE(::testing::Message() << "grain " << grain << " cluster " << cx << "x" << cy << " stages "
                                            << stages << " " << clc::to_string(g));
          clc_test::Counters counts(t.tiles());
          clc::LaunchOptions o;
          o.source = clc::SourceKind::Ticket;
          o.grid = g;
          o.block_threads = 32;
          o.max_grain = grain;
          CLC_OK(launch_stages(stages, clc_test::CountTiles{counts.d, nullptr, t}, t, o, nullptr));
          CUDA_OK(cudaDeviceSynchronize());
          ASSERT_TRUE(clc_test::all_equal(counts.counts(), 32u, t));
        }
      }
    }
  }
}

}  // namespace

namespace {

// Cancel emulates CLC: the first tile of a CTA is its own launch slot, workers cancel slots that have
// not launched and run their tiles, and a cancelled slot never runs a tile itself. With few resident
// workers (1024 threads and most of the shared memory per CTA: one CTA per SM) most slots are
// cancelled; every tile still runs exactly once, some by their own slot and many by another CTA.
TEST(CancelSource, WorkersCancelUnlaunchedSlots) {
  CLC_REQUIRE_GPU();
  for (auto [cx, cy] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}, {2, 2}}) {
    clc::TileSpace t(97, 103);
    t.with_cluster(cx, cy);
    SCOPED_TRACE(::testing::Message() << "cluster " << cx << "x" << cy);
    clc_test::Counters counts(t.tiles(), true);
    clc::LaunchOptions o;
    o.source = clc::SourceKind::Cancel;
    o.block_threads = 1024;
    o.dynamic_smem_bytes = 120 * 1024;
    clc::LaunchInfo info;
    CLC_OK(clc::launch(clc_test::CountTiles{counts.d, counts.w, t}, t, o, &info));
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_EQ(info.grid, clc::GridMode::EveryTile);
    EXPECT_TRUE(clc_test::all_equal(counts.counts(), 1024u, t));
    // Which CTA ran each tile: its own launch slot (the tile's position in the every-tile grid,
    // through the same mapping) or a worker that cancelled that slot.
    clc::TileMap const map(t);
    std::vector<int> const w = counts.workers();
    std::int64_t own = 0, stolen = 0;
    unsigned const gx = info.grid_dim.x, gy = info.grid_dim.y;
    for (int L = 0; L < int(map.clusters()); ++L) {
      clc::ClusterCoord const f = map.first_slot_of_cluster(L);
      for (int ry = 0; ry < cy; ++ry) {
        for (int rx = 0; rx < cx; ++rx) {
          clc::WorkTile const tile = map.tile_of(L, rx, ry);
          if (!tile.valid) continue;
          std::int64_t const id = tile.x + std::int64_t(t.x) * (tile.y + std::int64_t(t.y) * tile.z);
          int const slot = int((f.x + rx) + gx * ((f.y + ry) + gy * f.z));
          (w[std::size_t(id)] == slot ? own : stolen) += 1;
        }
      }
    }
    EXPECT_GT(own, 0) << "no CTA ran its own launch slot's tile";
    EXPECT_GT(stolen, t.tiles() / 2) << "too few cancellations: " << stolen << " of " << t.tiles();
  }
}

}  // namespace
