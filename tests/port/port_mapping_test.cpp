// clc::port's pure functions: the virtual thread index is the inverse of CUDA's x-fastest block
// linearisation, the tile space of an original grid has one tile per block in launch order, and the
// shape checks name the bad argument. Host only: no GPU needed.
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

TEST(PortMapping, WarpsHoldTheSameThreadsAsTheOriginalBlock) {
  // Lane = linear % 32 in both launches, so warp-synchronous code (shuffles, ballots) is unchanged.
  dim3 const block(16, 4, 2);
  for (unsigned linear = 0; linear < 128; ++linear) {
    uint3 const t = clc::port::thread_of(linear, block);
    EXPECT_EQ((t.x + 16 * (t.y + 4 * t.z)) / 32, linear / 32);
  }
}

TEST(PortMapping, TileSpaceHasOneTilePerBlockInLaunchOrder) {
  dim3 const grid(7, 5, 3);
  clc::TileSpace const ts = clc::port::tile_space_of(grid);
  EXPECT_EQ(ts.x, 7);
  EXPECT_EQ(ts.y, 5);
  EXPECT_EQ(ts.z, 3);
  EXPECT_EQ(ts.tiles(), 105);
  EXPECT_EQ(ts.cluster_size(), 1);
  EXPECT_FALSE(ts.linearized());
  // Cluster index L is the block's linear index (x fastest), and its tile is that block.
  clc::TileMap const m(ts);
  int L = 0;
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 7; ++x, ++L) {
        clc::WorkTile const t = m.tile_of(L, 0, 0);
        ASSERT_TRUE(t.valid);
        EXPECT_EQ(t.x, x);
        EXPECT_EQ(t.y, y);
        EXPECT_EQ(t.z, z);
        EXPECT_EQ(m.cluster_index_of_slot(x, y, z), L);
      }
}

TEST(PortMapping, LargestOriginalGridsStayUnlinearised) {
  clc::TileSpace const ts = clc::port::tile_space_of(dim3(4, 65535, 1));
  EXPECT_FALSE(ts.linearized());
  EXPECT_TRUE(clc::port::validate_shape(dim3(4, 65535, 1), dim3(32)).ok());
  EXPECT_TRUE(clc::port::validate_shape(dim3(2147483647u), dim3(32)).ok());
}

TEST(PortMapping, VirtualBlockCarriesTheOriginalShapes) {
  clc::WorkTile t;
  t.x = 3;
  t.y = 4;
  t.z = 5;
  t.valid = true;
  clc::VirtualBlock const vb = clc::port::virtual_block_of(t, dim3(10, 20, 30), dim3(8, 4, 2), uint3{1, 2, 1});
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
  EXPECT_FALSE(o.check_body);
  EXPECT_TRUE(clc::port::Options().with_check_body().check_body);
}
