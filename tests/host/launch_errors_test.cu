// clc::launch returns the right error for bad input before touching the device, and a clear CUDA
// error (never a crash) when there is no device at all.
#include <string>

#include <gtest/gtest.h>

#include "clc/clc.cuh"
#include "clc_test.hpp"

namespace {

struct Noop {
  int* out;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (threadIdx.x == 0 && out) out[t.x] = 1;
  }
};

void expect_error(clc::Error const& e, clc::Status s, std::string const& needle) {
  EXPECT_EQ(e.status, s) << e.what();
  EXPECT_NE(e.message.find(needle), std::string::npos) << e.message;
}

}  // namespace

TEST(LaunchErrors, BadTilesNamed) {
  expect_error(clc::launch(Noop{nullptr}, clc::TileSpace(0)), clc::Status::InvalidArgument, "tiles.x");
  expect_error(clc::launch(Noop{nullptr}, clc::TileSpace(4, 4).with_cluster(5, 1)), clc::Status::InvalidArgument,
               "tiles.cluster_x");
}

TEST(LaunchErrors, BadOptionsNamed) {
  clc::LaunchOptions o;
  o.block_threads = 33;
  expect_error(clc::launch(Noop{nullptr}, clc::TileSpace(4), o), clc::Status::InvalidArgument, "block_threads");
  clc::Workspace ws;  // never created
  o = {};
  o.workspace = &ws;
  expect_error(clc::launch(Noop{nullptr}, clc::TileSpace(4), o), clc::Status::InvalidArgument, "null workspace");
}

TEST(LaunchErrors, NoDeviceIsACudaErrorNotACrash) {
  std::string why;
  if (clc_test::gpu_state(&why) != clc_test::GpuState::Skip)
    GTEST_SKIP() << "a GPU (or a broken one) is present: the no-device path is not reachable";
  clc::Error const e = clc::launch(Noop{nullptr}, clc::TileSpace(4));
  EXPECT_FALSE(e.ok());
  EXPECT_EQ(e.status, clc::Status::CudaError) << e.what();
}

TEST(LaunchErrors, LayoutMismatchWithTheLibraryIsAnErrorNotCorruption) {
  // A translation unit whose PreparedLaunch / LaunchOptions layout differs from the library's (a
  // definition that changes a struct on one side only) is refused before anything is written.
  clc::PreparedLaunch pl;
  clc::Error const e = clc::detail::prepare_launch(nullptr, nullptr, clc::source::traits_of<clc::source::Ticket>(),
                                                   clc::TileSpace(4), clc::LaunchOptions{}, &pl,
                                                   sizeof(clc::PreparedLaunch) + sizeof(clc::LaunchOptions) + 8);
  EXPECT_EQ(e.status, clc::Status::InternalError) << e.what();
  EXPECT_NE(e.message.find("layout"), std::string::npos) << e.message;
}
