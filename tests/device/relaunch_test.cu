// The Ticket workspace resets itself: back-to-back launches, CUDA-graph replays and concurrent
// streams need no memset. Injected spurious failures and SMs held by another kernel still leave
// every tile run exactly once. Device-dependent errors name what is wrong.
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "device_common.cuh"

namespace {

using clc_test::Counters;
using clc_test::CountTiles;

TEST(TicketWorkspace, ThousandBackToBackLaunchesNoMemset) {
  CLC_REQUIRE_GPU();
  clc::TileSpace t(61, 9);
  t.with_cluster(2, 1);
  Counters counts(t.tiles());
  clc::Workspace ws;
  CLC_OK(ws.create());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Ticket;
  o.block_threads = 32;
  o.workspace = &ws;
  for (int i = 0; i < 1000; ++i) {
    o.grid = (i % 2) ? clc::GridMode::EveryTile : clc::GridMode::ResidentCapacity;
    CLC_OK(clc::launch(CountTiles{counts.d, nullptr, t}, t, o));
  }
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(clc_test::all_equal(counts.counts(), 1000u * 32u, t));
  clc::TicketWorkspace h{1, 1};
  CUDA_OK(cudaMemcpy(&h, ws.get(), sizeof(h), cudaMemcpyDeviceToHost));
  EXPECT_EQ(h.ticket, 0u) << "the last CTA must reset the ticket";
  EXPECT_EQ(h.retired, 0u);
}

// Ticket and Cancel launches of different sizes share one workspace, back to back: the header and
// the per-cluster states reset themselves (the states by the epoch), never by a memset.
TEST(TicketWorkspace, CancelAndTicketShareOneWorkspace) {
  CLC_REQUIRE_GPU();
  clc::TileSpace big(301, 13), small(45, 7);
  big.with_cluster(2, 1);
  Counters cb(big.tiles()), cs(small.tiles());
  clc::Workspace ws;
  CLC_OK(ws.create(clc::Workspace::bytes_for(clc::SourceKind::Cancel, big)));
  clc::LaunchOptions o;
  o.block_threads = 32;
  o.workspace = &ws;
  for (int i = 0; i < 300; ++i) {
    o.source = (i % 3 == 2) ? clc::SourceKind::Ticket : clc::SourceKind::Cancel;
    bool const on_big = (i / 2) % 2 == 0;
    if (on_big) {
      CLC_OK(clc::launch(CountTiles{cb.d, nullptr, big}, big, o));
    } else {
      CLC_OK(clc::launch(CountTiles{cs.d, nullptr, small}, small, o));
    }
  }
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(clc_test::all_equal(cb.counts(), 150u * 32u, big));
  EXPECT_TRUE(clc_test::all_equal(cs.counts(), 150u * 32u, small));
  clc::TicketWorkspace h{1, 1, 0};
  CUDA_OK(cudaMemcpy(&h, ws.get(), sizeof(h), cudaMemcpyDeviceToHost));
  EXPECT_EQ(h.ticket, 0u) << "the last retirer must reset the cursor";
  EXPECT_EQ(h.retired, 0u);
  EXPECT_EQ(h.epoch, 300u) << "every launch moves the epoch on once";
  // Too small a workspace is refused by name.
  clc::Workspace tiny;
  CLC_OK(tiny.create());
  o.workspace = &tiny;
  o.source = clc::SourceKind::Cancel;
  clc::Error const e = clc::launch(CountTiles{cb.d, nullptr, big}, big, o);
  EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
  EXPECT_NE(e.message.find("options.workspace"), std::string::npos) << e.message;
}

TEST(TicketWorkspace, HundredGraphReplays) {
  CLC_REQUIRE_GPU();
  for (clc::SourceKind src : {clc::SourceKind::Ticket, clc::SourceKind::Cancel}) {
  SCOPED_TRACE(clc::to_string(src));
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  clc::TileSpace t(300, 7);
  Counters counts(t.tiles());
  clc::LaunchOptions o;
  o.source = src;
  o.block_threads = 32;
  o.stream = s;
  CLC_OK(clc::launch(CountTiles{counts.d, nullptr, t}, t, o));  // creates the stream's workspace
  cudaGraph_t g;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  clc::Error const e = clc::launch(CountTiles{counts.d, nullptr, t}, t, o);
  CUDA_OK(cudaStreamEndCapture(s, &g));
  CLC_OK(e);
  cudaGraphExec_t ge;
  CUDA_OK(cudaGraphInstantiate(&ge, g, 0));
  for (int i = 0; i < 100; ++i) CUDA_OK(cudaGraphLaunch(ge, s));
  CUDA_OK(cudaStreamSynchronize(s));
  EXPECT_TRUE(clc_test::all_equal(counts.counts(), 101u * 32u, t));
  CUDA_OK(cudaGraphExecDestroy(ge));
  CUDA_OK(cudaGraphDestroy(g));
  CUDA_OK(cudaStreamDestroy(s));
  }
}

TEST(TicketWorkspace, CaptureOnFreshStreamIsAClearError) {
  CLC_REQUIRE_GPU();
  cudaStream_t s;
  CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  clc::TileSpace t(10);
  Counters counts(t.tiles());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Ticket;
  o.stream = s;
  cudaGraph_t g;
  CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  clc::Error const e = clc::launch(CountTiles{counts.d, nullptr, t}, t, o);
  cudaError_t const end = cudaStreamEndCapture(s, &g);
  EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
  EXPECT_NE(e.message.find("captured"), std::string::npos) << e.message;
  if (end == cudaSuccess && g) cudaGraphDestroy(g);
  (void)cudaGetLastError();
  CUDA_OK(cudaStreamDestroy(s));
}

TEST(TicketWorkspace, TwoStreamsConcurrently) {
  CLC_REQUIRE_GPU();
  cudaStream_t s[2];
  for (auto& x : s) CUDA_OK(cudaStreamCreateWithFlags(&x, cudaStreamNonBlocking));
  clc::TileSpace t(997, 3);
  Counters a(t.tiles()), b(t.tiles());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Ticket;
  o.block_threads = 32;
  o.max_workers = 66;  // half the machine each, so both really run at once
  for (int i = 0; i < 200; ++i) {
    // Cancel (every-tile grid) on every other round: its slot states live in the same per-stream
    // workspaces, which must keep the two streams apart.
    o.source = i % 2 ? clc::SourceKind::Cancel : clc::SourceKind::Ticket;
    o.stream = s[0];
    CLC_OK(clc::launch(CountTiles{a.d, nullptr, t}, t, o));
    o.stream = s[1];
    CLC_OK(clc::launch(CountTiles{b.d, nullptr, t}, t, o));
  }
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(clc_test::all_equal(a.counts(), 200u * 32u, t));
  EXPECT_TRUE(clc_test::all_equal(b.counts(), 200u * 32u, t));
  for (auto& x : s) CUDA_OK(cudaStreamDestroy(x));
}

TEST(InjectedFailures, EveryTileStillOnce) {
  CLC_REQUIRE_GPU();
  for (clc::SourceKind src : {clc::SourceKind::Ticket, clc::SourceKind::Cancel})
  for (auto [cx, cy] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}, {2, 2}, {4, 1}}) {
    for (int stages : {1, 2}) {
      clc::TileSpace t(331, 307);  // 101,617 tiles
      t.with_cluster(cx, cy);
      SCOPED_TRACE(::testing::Message() << clc::to_string(src) << " cluster " << cx << "x" << cy << " stages " << stages);
      std::size_t distinct[2] = {0, 0};
      for (int inject = 0; inject < 2; ++inject) {
        Counters counts(t.tiles(), true);
        clc::LaunchOptions o;
        o.source = src;
        o.grid = clc::GridMode::EveryTile;
        o.block_threads = 32;
        clc::testing::ScopedFaultInjection faults(inject ? 0.3 : 0.0, 1234u + unsigned(cx * 10 + cy));
        clc::Error e = stages == 1 ? clc::launch<1>(CountTiles{counts.d, counts.w, t}, t, o)
                                   : clc::launch<2>(CountTiles{counts.d, counts.w, t}, t, o);
        CLC_OK(e);
        CUDA_OK(cudaDeviceSynchronize());
        EXPECT_TRUE(clc_test::all_equal(counts.counts(), 32u, t));
        std::vector<int> const w = counts.workers();
        distinct[inject] = std::set<int>(w.begin(), w.end()).size();
      }
      // With failures injected, workers stop stealing early and more launch slots run their own
      // work: the effect must be visible, or the injection did not happen.
      EXPECT_GT(distinct[1], distinct[0] + distinct[0] / 10) << "no sign of injected failures";
    }
  }
}

TEST(InjectedFailures, RefusedWhereTheyWouldLoseTiles) {
  CLC_REQUIRE_GPU();
  clc::TileSpace t(50);
  Counters counts(t.tiles());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Ticket;
  o.grid = clc::GridMode::ResidentCapacity;
  clc::testing::ScopedFaultInjection faults(0.2, 7u);
  clc::Error e = clc::launch(CountTiles{counts.d, nullptr, t}, t, o);
  EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
  EXPECT_NE(e.message.find("EveryTile"), std::string::npos);
  o.source = clc::SourceKind::Static;
  clc::Error const e2 = clc::launch(CountTiles{counts.d, nullptr, t}, t, o);
  EXPECT_EQ(e2.status, clc::Status::InvalidArgument) << e2.what();
}

TEST(Interference, QuarterOfSmsHeldStillEveryTileOnce) {
  CLC_REQUIRE_GPU();
  int sms = 0;
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t hog, work;
  CUDA_OK(cudaStreamCreateWithFlags(&hog, cudaStreamNonBlocking));
  CUDA_OK(cudaStreamCreateWithFlags(&work, cudaStreamNonBlocking));
  for (clc::SourceKind src :
       {clc::SourceKind::Ticket, clc::SourceKind::Static, clc::SourceKind::Single, clc::SourceKind::Cancel}) {
    for (auto [cx, cy] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}}) {
      SCOPED_TRACE(::testing::Message() << clc::to_string(src) << " cluster " << cx << "x" << cy);
      clc::TileSpace t(2001, 37);
      t.with_cluster(cx, cy);
      Counters counts(t.tiles());
      CLC_OK(clc::tools::hold_sms(sms / 4, 20.0, hog));
      clc::LaunchOptions o;
      o.source = src;
      o.block_threads = 64;
      o.stream = work;
      CLC_OK(clc::launch(CountTiles{counts.d, nullptr, t}, t, o));
      CUDA_OK(cudaDeviceSynchronize());
      EXPECT_TRUE(clc_test::all_equal(counts.counts(), 64u, t));
    }
  }
  CUDA_OK(cudaStreamDestroy(hog));
  CUDA_OK(cudaStreamDestroy(work));
}

TEST(LaunchErrors, SharedMemoryOverTheLimitNamed) {
  CLC_REQUIRE_GPU();
  clc::TileSpace t(10);
  Counters counts(t.tiles());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Ticket;
  o.dynamic_smem_bytes = 400 * 1024;
  clc::Error const e = clc::launch(CountTiles{counts.d, nullptr, t}, t, o);
  EXPECT_EQ(e.status, clc::Status::OutOfResources) << e.what();
  EXPECT_NE(e.message.find("dynamic_smem_bytes"), std::string::npos) << e.message;
}

TEST(LaunchErrors, SixteenCtaClustersRunOrAreRefusedClearly) {
  CLC_REQUIRE_GPU();
  // 16-CTA clusters (non-portable) of 1024 threads with 200 KB of shared memory each need a GPC with
  // 16 free SMs. Either occupancy says they fit and every tile runs once, or the launch is refused
  // with a message naming the cluster shape; never a hang or a launch failure.
  clc::TileSpace t(64, 1);
  t.with_cluster(16, 1);
  Counters counts(t.tiles());
  clc::LaunchOptions o;
  o.source = clc::SourceKind::Ticket;
  o.block_threads = 1024;
  o.dynamic_smem_bytes = 200 * 1024;
  clc::LaunchInfo info;
  clc::Error const e = clc::launch(CountTiles{counts.d, nullptr, t}, t, o, &info);
  if (e.ok()) {
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_GE(info.max_active_clusters, 1);
    EXPECT_TRUE(clc_test::all_equal(counts.counts(), 1024u, t));
    std::printf("16x1 clusters: %d resident at once\n", info.max_active_clusters);
  } else {
    EXPECT_EQ(e.status, clc::Status::OutOfResources) << e.what();
    EXPECT_NE(e.message.find("cluster shape 16x1"), std::string::npos) << e.message;
  }
}

}  // namespace
