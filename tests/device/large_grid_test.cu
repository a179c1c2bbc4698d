// Exactly-once past 2^24 launch slots. The cluster special registers %cluster_ctaid and %clusterid
// are computed through a float reciprocal on sm_90a and read wrong values once blockIdx.x passes
// 2^24 (measured on the H200: block 16777219 read %cluster_ctaid.x = -1), so the runtime derives
// ranks and cluster ids from blockIdx and %cluster_ctarank. These cases have more than 2^25 launch
// slots and make CTAs past 2^24 run tiles (Single runs every slot; Ticket with injected failures
// retires workers early, so late CTAs claim; Cancel likewise, its late CTAs running their own launch
// slots as Hardware's do), for clusters 1x1, 2x1 and 4x1, checked per tile.
#include <cstdint>
#include <string>
#include <vector>

#include "device_common.cuh"

namespace {

//! Lane 0 counts the tile once; every lane checks that it got the same tile as lane 0 (one warp
//! per CTA); the highest launch slot that ran a tile is recorded.
struct CountOnce {
  unsigned* counts;
  unsigned* max_slot;
  clc::TileSpace tiles;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (t.x < 0 || t.x >= tiles.x || t.y < 0 || t.y >= tiles.y || t.z < 0 || t.z >= tiles.z) __trap();
    int const x0 = __shfl_sync(0xffffffffu, t.x, 0), y0 = __shfl_sync(0xffffffffu, t.y, 0),
              z0 = __shfl_sync(0xffffffffu, t.z, 0);
    if (x0 != t.x || y0 != t.y || z0 != t.z) __trap();  // the CTA disagrees about its tile
    if (threadIdx.x == 0) {
      std::int64_t const id = t.x + std::int64_t(tiles.x) * (t.y + std::int64_t(tiles.y) * t.z);
      atomicAdd(&counts[id], 1u);
      atomicMax(max_slot, blockIdx.x);
    }
  }
};

struct Mode {
  clc::SourceKind source;
  clc::GridMode grid;
  double inject;  // Ticket / Cancel, every-tile grid only
  bool late_ctas_run;  // the case must make CTAs past 2^24 run tiles
};

std::string describe(Mode const& m) {
  return std::string(clc::to_string(m.source)) + " " + clc::to_string(m.grid) +
         (m.inject > 0 ? " inject " + std::to_string(m.inject) : std::string());
}

TEST(LargeGrid, ExactlyOncePastTwoToTheTwentyFourSlots) {
  CLC_REQUIRE_GPU();
  // 3 x 70000 x 300 = 63,000,000 tiles; y > 65535, so the every-tile grid is linearised along x.
  // 2x1 and 4x1 clusters round x up to 4: 84,000,000 launch slots.
  std::vector<Mode> const modes = {
      {clc::SourceKind::Single, clc::GridMode::EveryTile, 0.0, true},
      {clc::SourceKind::Ticket, clc::GridMode::EveryTile, 0.9, true},
      {clc::SourceKind::Ticket, clc::GridMode::EveryTile, 0.0, false},
      {clc::SourceKind::Ticket, clc::GridMode::ResidentCapacity, 0.0, false},
      {clc::SourceKind::Static, clc::GridMode::ResidentCapacity, 0.0, false},
      // Cancel: the first tile is the launch slot (Hardware's path); with injected failures workers
      // stop cancelling early, so CTAs past 2^24 launch and run their own slots.
      {clc::SourceKind::Cancel, clc::GridMode::EveryTile, 0.9, true},
      {clc::SourceKind::Cancel, clc::GridMode::EveryTile, 0.0, false},
  };
  for (int cx : {1, 2, 4}) {
    clc::TileSpace t(3, 70000, 300);
    t.with_cluster(cx, 1);
    ASSERT_TRUE(t.linearized());
    ASSERT_GT(t.slots(), std::int64_t(1) << 25);
    clc_test::Counters counts(t.tiles());
    unsigned* max_slot = nullptr;
    CUDA_OK(cudaMalloc(&max_slot, sizeof(unsigned)));
    unsigned expected = 0;
    for (Mode const& m : modes) {
      SCOPED_TRACE(::testing::Message() << "cluster " << cx << "x1, " << describe(m));
      CUDA_OK(cudaMemset(max_slot, 0, sizeof(unsigned)));
      clc::LaunchOptions o;
      o.source = m.source;
      o.grid = m.grid;
      o.block_threads = 32;
      clc::testing::ScopedFaultInjection faults(m.inject, 1234u + unsigned(cx));
      clc::LaunchInfo info;
      CLC_OK(clc::launch(CountOnce{counts.d, max_slot, t}, t, o, &info));
      CUDA_OK(cudaDeviceSynchronize());
      ++expected;
      ASSERT_TRUE(clc_test::all_equal(counts.counts(), expected, t)) << "grid " << info.grid_dim.x;
      unsigned late = 0;
      CUDA_OK(cudaMemcpy(&late, max_slot, sizeof(unsigned), cudaMemcpyDeviceToHost));
      if (m.late_ctas_run) {
        EXPECT_GE(late, 1u << 24) << "no CTA past 2^24 ran a tile: the case does not test what it should";
      }
    }
    cudaFree(max_slot);
  }
}

}  // namespace
