// clc::port's pure functions: the virtual thread index is the inverse of CUDA's x-fastest block
// linearisation, the tiles of an original grid run every block once in launch order, and the
// shape checks name the bad argument. Host only: no GPU needed.
#include <algorithm>
#include <set>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "clc/port.cuh"
#include "clc/tile_map.cuh"

namespace {

void expect_invalid(clc::Error const& e, std::string const& needle) {
  EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
  EXPECT_NE(e.message.find(needle), std::string::npos) << e.message;
}

}  // namespace

TEST(PortMapping, ThreadOfIsTheInverseOfCudaLinearisation) {
  for (dim3 const block : {dim3(32), dim3(32, 8), dim3(16, 16), dim3(8, 4, 2), dim3(2, 3, 64), dim3(1, 1024),
                           dim3(1, 32, 32), dim3(5, 7, 3)}) {
    unsigned const n = unsigned(clc::port::threads_of(block));
    std::set<std::tuple<unsigned, unsigned, unsigned>> seen;
    for (unsigned linear = 0; linear < n; ++linear) {
      uint3 const t = clc::port::thread_of(linear, block);
      ASSERT_LT(t.x, block.x);
      ASSERT_LT(t.y, block.y);
      ASSERT_LT(t.z, block.z);
      // CUDA's own order: threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z).
      ASSERT_EQ(t.x + block.x * (t.y + block.y * t.z), linear);
      ASSERT_EQ(clc::port::linear_thread_of(t, block), linear);
      seen.insert({t.x, t.y, t.z});
    }
    EXPECT_EQ(seen.size(), n) << "every 3-D index appears exactly once";
  }
}

TEST(PortMapping, PrecomputedDivisionsGiveThreadOf) {
  // The ported kernel's form (FastDiv by block.x and block.x * block.y) against thread_of, for every
  // block shape of up to 1024 threads with x, y in a spread of sizes (z follows).
  for (unsigned bx : {1u, 2u, 3u, 5u, 7u, 8u, 31u, 32u, 33u, 64u, 96u, 100u, 128u, 255u, 256u, 333u, 512u, 1000u, 1024u}) {
    for (unsigned by : {1u, 2u, 3u, 4u, 7u, 8u, 16u, 31u, 32u, 64u, 1024u}) {
      if (bx * by > 1024u) continue;
      for (unsigned bz : {1u, 2u, 3u, 64u}) {
        if (bx * by * bz > 1024u) continue;
        dim3 const block(bx, by, bz);
        clc::FastDiv const div_x(bx), div_xy(bx * by);
        for (unsigned linear = 0; linear < bx * by * bz; ++linear) {
          uint3 const want = clc::port::thread_of(linear, block);
          uint3 const got = clc::port::thread_of(linear, div_x, div_xy);
          ASSERT_TRUE(got.x == want.x && got.y == want.y && got.z == want.z)
              << "block " << bx << "x" << by << "x" << bz << " thread " << linear;
        }
      }
    }
  }
}

TEST(PortMapping, WarpsHoldTheSameThreadsAsTheOriginalBlock) {
  // Lane = linear % 32 in both launches, so warp-synchronous code (shuffles, ballots) is unchanged.
  dim3 const block(16, 4, 2);
  for (unsigned linear = 0; linear < 128; ++linear) {
    uint3 const t = clc::port::thread_of(linear, block);
    EXPECT_EQ((t.x + 16 * (t.y + 4 * t.z)) / 32, linear / 32);
  }
}

TEST(PortMapping, TilesRunEveryBlockOnceInLaunchOrder) {
  // The kernel's walk (block_of for a tile's first block, then next_block) over every tile of
  // tile_space_of(grid, n) visits each original block once, in launch order (x fastest).
  for (dim3 const grid : {dim3(7, 5, 3), dim3(1), dim3(1000), dim3(3, 1, 7), dim3(33, 65, 2)}) {
    for (int n : {1, 2, 3, 4, 32, 1024}) {
      clc::TileSpace const ts = clc::port::tile_space_of(grid, n);
      std::int64_t const blocks = clc::port::blocks_of(grid);
      EXPECT_EQ(ts.tiles(), (blocks + n - 1) / n);
      EXPECT_EQ(ts.y, 1);
      EXPECT_EQ(ts.z, 1);
      EXPECT_EQ(ts.cluster_size(), 1);
      EXPECT_FALSE(ts.linearized());
      clc::FastDiv const div_gx(grid.x), div_gxy(grid.x * grid.y);
      unsigned expected = 0;  // the next block's linear number in launch order
      for (int t = 0; t < ts.tiles(); ++t) {
        unsigned b = unsigned(t) * unsigned(n);
        unsigned const end = unsigned(std::min<std::int64_t>(b + n, blocks));
        uint3 idx = clc::port::block_of(b, div_gx, div_gxy);
        for (; b < end; ++b, clc::port::next_block(idx, grid)) {
          ASSERT_EQ(b, expected);
          ASSERT_EQ(idx.x + grid.x * (idx.y + grid.y * idx.z), expected) << "tile " << t << " n " << n;
          ASSERT_LT(idx.x, grid.x);
          ASSERT_LT(idx.y, grid.y);
          ASSERT_LT(idx.z, grid.z);
          ++expected;
        }
      }
      EXPECT_EQ(expected, blocks);
    }
  }
}

TEST(PortMapping, LargestOriginalGridsStayUnlinearised) {
  EXPECT_FALSE(clc::port::tile_space_of(dim3(4, 65535, 1)).linearized());
  EXPECT_FALSE(clc::port::tile_space_of(dim3(2147483647u)).linearized());
  EXPECT_EQ(clc::port::tile_space_of(dim3(2147483647u), 32).tiles(), (2147483647ll + 31) / 32);
  EXPECT_TRUE(clc::port::validate_shape(dim3(4, 65535, 1), dim3(32)).ok());
  EXPECT_TRUE(clc::port::validate_shape(dim3(2147483647u), dim3(32)).ok());
}

TEST(PortMapping, BlocksPerTileAutomaticAndChecked) {
  EXPECT_EQ(clc::port::auto_blocks_per_tile(1), 1);
  EXPECT_EQ(clc::port::auto_blocks_per_tile(65792), 1);
  EXPECT_EQ(clc::port::auto_blocks_per_tile(131072), 1);
  EXPECT_EQ(clc::port::auto_blocks_per_tile(131073), 8);
  EXPECT_EQ(clc::port::auto_blocks_per_tile(195313), 11);
  EXPECT_EQ(clc::port::auto_blocks_per_tile(2147483647), 32);
  int n = -1;
  ASSERT_TRUE(clc::port::blocks_per_tile_for(clc::port::Options(), dim3(250, 751), &n).ok());
  EXPECT_EQ(n, 11);
  ASSERT_TRUE(clc::port::blocks_per_tile_for(clc::port::Options().with_blocks_per_tile(5), dim3(250, 751), &n).ok());
  EXPECT_EQ(n, 5);
  clc::port::Options traced;
  traced.trace = reinterpret_cast<clc::TileTraceRecord*>(16);  // only compared with nullptr here
  ASSERT_TRUE(clc::port::blocks_per_tile_for(traced, dim3(250, 751), &n).ok());
  EXPECT_EQ(n, 1) << "a trace records one tile per original block";
  expect_invalid(clc::port::blocks_per_tile_for(traced.with_blocks_per_tile(2), dim3(8), &n), "options.blocks_per_tile");
  expect_invalid(clc::port::blocks_per_tile_for(clc::port::Options().with_blocks_per_tile(-1), dim3(8), &n),
                 "options.blocks_per_tile");
  expect_invalid(clc::port::blocks_per_tile_for(clc::port::Options().with_blocks_per_tile(1025), dim3(8), &n),
                 "options.blocks_per_tile");
}

TEST(PortMapping, VirtualBlockCarriesTheOriginalShapes) {
  clc::VirtualBlock const vb = clc::port::virtual_block_of(uint3{3, 4, 5}, dim3(10, 20, 30), dim3(8, 4, 2), uint3{1, 2, 1});
  EXPECT_EQ(vb.idx.x, 3u);
  EXPECT_EQ(vb.idx.y, 4u);
  EXPECT_EQ(vb.idx.z, 5u);
  EXPECT_EQ(vb.dim.x, 10u);
  EXPECT_EQ(vb.dim.y, 20u);
  EXPECT_EQ(vb.dim.z, 30u);
  EXPECT_EQ(vb.thread.y, 2u);
  EXPECT_EQ(vb.block.z, 2u);
}

TEST(PortShape, GoodShapesPass) {
  EXPECT_TRUE(clc::port::validate_shape(dim3(100), dim3(256)).ok());
  EXPECT_TRUE(clc::port::validate_shape(dim3(7, 5, 3), dim3(8, 4, 2)).ok());
  EXPECT_TRUE(clc::port::validate_shape(dim3(1), dim3(32, 32)).ok());
  EXPECT_TRUE(clc::port::validate_shape(dim3(1), dim3(1, 1, 32)).ok());
}

TEST(PortShape, BadGridIsNamed) {
  expect_invalid(clc::port::validate_shape(dim3(0), dim3(32)), "original_grid");
  expect_invalid(clc::port::validate_shape(dim3(1, 65536), dim3(32)), "original_grid");
  expect_invalid(clc::port::validate_shape(dim3(65536, 65535), dim3(32)), "original_grid");
}

TEST(PortShape, BadBlockIsNamed) {
  expect_invalid(clc::port::validate_shape(dim3(1), dim3(0, 1)), "original_block");
  expect_invalid(clc::port::validate_shape(dim3(1), dim3(2048)), "original_block");
  expect_invalid(clc::port::validate_shape(dim3(1), dim3(1, 1, 128)), "original_block");
  expect_invalid(clc::port::validate_shape(dim3(1), dim3(64, 32)), "1024");
  expect_invalid(clc::port::validate_shape(dim3(1), dim3(10, 10)), "multiple of 32");
}

TEST(PortShape, LaunchBoundsAndRequiredBlockAreChecked) {
  expect_invalid(clc::port::validate_shape(dim3(1), dim3(512), 256), "LaunchBounds");
  EXPECT_TRUE(clc::port::validate_shape(dim3(1), dim3(256), 256).ok());
  dim3 const required(32, 8);
  EXPECT_TRUE(clc::port::validate_shape(dim3(1), dim3(32, 8), 0, &required).ok());
  expect_invalid(clc::port::validate_shape(dim3(1), dim3(16, 16), 0, &required), "required_block");
}

TEST(PortOptions, LaunchOptionsKeepTheOriginalLaunch) {
  cudaStream_t const s = reinterpret_cast<cudaStream_t>(0x1234);
  clc::port::Options const o =
      clc::port::options(4096, s).with_source(clc::SourceKind::Static).with_grid_mode(clc::GridMode::EveryTile);
  clc::port::Options o2 = o;
  o2.max_grain = 4;
  o2.max_workers = 9;
  clc::LaunchOptions lo;
  ASSERT_TRUE(clc::port::to_launch_options(o2, dim3(32), &lo).ok());
  EXPECT_EQ(lo.max_grain, 4);
  EXPECT_EQ(lo.max_workers, 9);
  ASSERT_TRUE(clc::port::to_launch_options(o, dim3(32, 8), &lo).ok());
  EXPECT_EQ(lo.block_threads, 256);
  EXPECT_EQ(lo.dynamic_smem_bytes, 4096u);
  EXPECT_EQ(lo.stream, s);
  EXPECT_EQ(lo.source, clc::SourceKind::Static);
  EXPECT_EQ(lo.grid, clc::GridMode::EveryTile);
  EXPECT_EQ(lo.max_grain, 1) << "a port claims one tile at a time unless asked otherwise";
  EXPECT_FALSE(o.check_body);
  EXPECT_TRUE(clc::port::Options().with_check_body().check_body);
}

TEST(PortOptions, WithScheduleTakesEveryScheduleFieldAndKeepsTheLaunch) {
  cudaStream_t const s = reinterpret_cast<cudaStream_t>(0x1234);
  clc::ScheduleOptions sched;
  sched.source = clc::SourceKind::Cancel;
  sched.grid = clc::GridMode::EveryTile;
  sched.max_workers = 7;
  sched.max_grain = 3;
  sched.claim = clc::ClaimTiming::OnDemand;
  clc::port::Options const o = clc::port::options(512, s).with_blocks_per_tile(4).with_schedule(sched);
  EXPECT_EQ(o.source, clc::SourceKind::Cancel);
  EXPECT_EQ(o.grid, clc::GridMode::EveryTile);
  EXPECT_EQ(o.max_workers, 7);
  EXPECT_EQ(o.max_grain, 3);
  EXPECT_EQ(o.claim, clc::ClaimTiming::OnDemand);
  EXPECT_EQ(o.dynamic_smem_bytes, 512u) << "the original launch's fields are not schedule fields";
  EXPECT_EQ(o.stream, s);
  EXPECT_EQ(o.blocks_per_tile, 4);
  EXPECT_STREQ(clc::to_string(clc::ClaimTiming::OnDemand), "OnDemand");
  EXPECT_STREQ(clc::to_string(static_cast<clc::ClaimTiming>(9)), "invalid");
}
