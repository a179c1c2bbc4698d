// Debug builds (CLC_CHECK_ROLES) check on the device that the Scheduler's consumer-warp count is the
// number of warps that iterate tiles: the empty barriers count one arrival per such warp, and a
// count that is too small lets a response slot be refilled while a warp still reads it. Its own
// executable: the failed assert leaves the CUDA context unusable.
#include <gtest/gtest.h>

#include "clc/clc.cuh"
#include "clc_test.hpp"

namespace {

struct Params {
  clc::SchedulerParams sched;
  unsigned declared_warps;
  unsigned* tiles_seen;
};

//! Warp 0 schedules; warps 1..3 iterate (3 iterating warps), but the scheduler is told `declared`.
__global__ void miscounted_kernel(__grid_constant__ Params const p) {
  using Sched = clc::Scheduler<clc::source::Ticket, 2>;
  __shared__ Sched::SharedStorage storage;
  Sched sched(storage, p.sched, p.declared_warps);
  sched.init();
  unsigned const warp = threadIdx.x / 32u;
  if (warp == 0) {
    sched.run_scheduler_warp();
  } else {
    for (clc::WorkTile t : sched.tiles(warp == 1 ? clc::Role::Producer : clc::Role::Consumer)) {
      if ((threadIdx.x & 31u) == 0) atomicAdd(p.tiles_seen, 1u + 0u * unsigned(t.x));
    }
  }
  sched.finish();
}

cudaError_t run(unsigned declared) {
  clc::TileSpace const t(50);
  clc::LaunchOptions o;
  o.block_threads = 128;
  o.max_workers = 2;
  clc::PreparedLaunch pl;
  clc::Error const e = clc::prepare_launch<clc::source::Ticket>(&miscounted_kernel, t, o, &pl);
  EXPECT_TRUE(e.ok()) << e.what();
  unsigned* seen = nullptr;
  EXPECT_EQ(cudaMalloc(&seen, sizeof(unsigned)), cudaSuccess);
  EXPECT_EQ(cudaMemset(seen, 0, sizeof(unsigned)), cudaSuccess);
  EXPECT_EQ(cudaLaunchKernelEx(pl.config(), &miscounted_kernel, Params{pl.sched, declared, seen}), cudaSuccess);
  return cudaDeviceSynchronize();
}

TEST(RolesCheck, RightCountRunsWrongCountAsserts) {
  CLC_REQUIRE_GPU();
  ASSERT_EQ(CLC_CHECK_ROLES, 1);
  EXPECT_EQ(run(3), cudaSuccess);
  EXPECT_EQ(run(2), cudaErrorAssert) << "a consumer count below the iterating warps must fail the launch";
  // The context is now unusable; nothing else runs in this process.
}

}  // namespace
