// ClaimTiming::Handback (issue 9 section 2): a warp-role kernel whose producer warp runs
// heavy-tailed tiles. Every role sees every tile exactly once for every fetching source, grid mode,
// cluster shape and Stages; claimed tiles held behind a long tile are handed back and run by idle
// workers (the pool's counters say so); the workspace and the pool are back at rest after every
// launch; injected failures, two streams and refusals by the APIs that cannot run it.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "clc/tools/spin.cuh"
#include "device_common.cuh"

namespace {

struct HandbackParams {
  clc::SchedulerParams sched;
  unsigned* counts;  // [3][tiles]: producer, consumer A, consumer B
  unsigned long long short_ns, long_ns;
  int long_every;  // tile i is long when i % long_every == 2 (0: none)
};

__device__ __host__ inline bool is_long(std::int64_t id, int every) { return every > 0 && id % every == 2; }

template <class Source, int Stages>
__global__ void handback_kernel(__grid_constant__ HandbackParams const p) {
  using Sched = clc::Scheduler<Source, Stages>;
  __shared__ typename Sched::SharedStorage storage;
  Sched sched(storage, p.sched, /*consumer_warps_per_cta=*/3);
  sched.init();
  int const warp = int(threadIdx.x / 32);
  clc::TileSpace const& ts = p.sched.tiles;
  if (warp == 0) {
    sched.run_scheduler_warp();
  } else {
    clc::Role const role = warp == 1 ? clc::Role::Producer : clc::Role::Consumer;
    for (clc::WorkTile t : sched.tiles(role)) {
      std::int64_t const id = t.x + std::int64_t(ts.x) * (t.y + std::int64_t(ts.y) * t.z);
      if ((threadIdx.x & 31) == 0) atomicAdd(&p.counts[std::int64_t(warp - 1) * ts.tiles() + id], 1u);
      if (role == clc::Role::Producer && (threadIdx.x & 31) == 0)
        clc::tools::spin_ns(is_long(id, p.long_every) ? p.long_ns : p.short_ns);
      __syncwarp();
    }
  }
  sched.finish();
}

struct Case {
  clc::SourceKind source;
  clc::GridMode grid;
  int stages;
  int cx, cy;
  int tiles_x, tiles_y;
  int max_workers;
  int long_every;
  unsigned long long short_ns, long_ns;
};

std::string describe(Case const& c) {
  return std::string(clc::to_string(c.source)) + " " + clc::to_string(c.grid) + " stages " + std::to_string(c.stages) +
         " cluster " + std::to_string(c.cx) + "x" + std::to_string(c.cy) + " tiles " + std::to_string(c.tiles_x) +
         "x" + std::to_string(c.tiles_y) + " workers " + std::to_string(c.max_workers) + " long every " +
         std::to_string(c.long_every);
}

//! What a launch used: its plan and its scheduler parameters (the handback pool's place).
struct Launched {
  clc::LaunchInfo info;
  clc::SchedulerParams sched;
};

template <class Source, int Stages>
clc::Error launch_case(clc::TileSpace const& t, clc::LaunchOptions const& o, HandbackParams params, Launched* out) {
  auto kernel = &handback_kernel<Source, Stages>;
  clc::PreparedLaunch pl;
  CLC_TRY(clc::prepare_launch<Source>(kernel, t, o, &pl));
  params.sched = pl.sched;
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, params));
  if (out) *out = Launched{pl.info, pl.sched};
  return clc::detail::cuda_error(cudaGetLastError(), "handback_kernel launch");
}

template <class Source>
clc::Error launch_stages(Case const& c, clc::TileSpace const& t, clc::LaunchOptions const& o,
                         HandbackParams const& params, Launched* out) {
  return c.stages == 2 ? launch_case<Source, 2>(t, o, params, out) : launch_case<Source, 4>(t, o, params, out);
}

clc::Error launch_any(Case const& c, clc::TileSpace const& t, clc::LaunchOptions const& o, HandbackParams const& params,
                      Launched* out = nullptr) {
  switch (c.source) {
    case clc::SourceKind::Ticket: return launch_stages<clc::source::Ticket>(c, t, o, params, out);
    case clc::SourceKind::Cancel: return launch_stages<clc::source::Cancel>(c, t, o, params, out);
    case clc::SourceKind::Static: return launch_stages<clc::source::Static>(c, t, o, params, out);
    default: return clc::invalid_argument("handback_test: source not covered");
  }
}

clc::TileSpace space_of(Case const& c) {
  clc::TileSpace t(c.tiles_x, c.tiles_y);
  t.with_cluster(c.cx, c.cy);
  return t;
}

//! The pool's cumulative counters and whether every mailbox is free, and the workspace header.
struct PoolView {
  unsigned handed_back = 0, taken_over = 0;
  bool all_free = true;
  bool counters_at_rest = true;
  unsigned long long ticket = 0;
  unsigned retired = 0;
};

PoolView read_pool(clc::Workspace const& ws, Launched const& l) {
  PoolView v;
  std::vector<unsigned char> h(ws.size());
  EXPECT_EQ(cudaMemcpy(h.data(), ws.get(), h.size(), cudaMemcpyDeviceToHost), cudaSuccess);
  std::memcpy(&v.ticket, h.data(), 8);
  std::memcpy(&v.retired, h.data() + 8, 4);
  if (l.sched.handback_states == nullptr) return v;  // a planned source: no pool
  std::size_t const head = clc::source::kHandbackStatesOffset / 4u;  // the counters, then the states
  std::vector<unsigned> st(head + l.sched.handback_slots);
  EXPECT_EQ(cudaMemcpy(st.data(), l.sched.handback_states, st.size() * sizeof(unsigned), cudaMemcpyDeviceToHost),
            cudaSuccess);
  clc::source::HandbackCounters c;
  std::memcpy(&c, st.data(), sizeof(c));
  v.handed_back = c.handed_back;
  v.taken_over = c.taken_over;
  v.counters_at_rest = c.open == 0u && c.holding == 0u && c.idle == 0u;
  for (std::size_t i = head; i < st.size(); ++i)
    if ((st[i] & 3u) != 0u) v.all_free = false;
  return v;
}

//! Runs `c` `launches` times on one caller-owned workspace (no memset between launches) and checks
//! every launch: every role saw every tile once, the workspace header and the pool are at rest.
//! `*out`: the pool's state after the last launch, its counters as the increase since the first
//! launch (the pool and its cumulative counters are per stream, shared with earlier tests).
void run_checked(Case const& c, int launches, PoolView* out = nullptr) {
  clc::TileSpace const t = space_of(c);
  clc::Workspace ws;
  CLC_OK(ws.create(clc::Workspace::bytes_for(c.source, t)));
  clc::LaunchOptions o;
  o.source = c.source;
  o.grid = c.grid;
  o.block_threads = 128;
  o.max_workers = c.max_workers;
  o.max_grain = 1;
  o.claim = clc::ClaimTiming::Handback;
  o.workspace = &ws;
  PoolView last, first;
  for (int l = 0; l < launches; ++l) {
    clc_test::Counters counts(3 * t.tiles());
    HandbackParams p{};
    p.counts = counts.d;
    p.short_ns = c.short_ns;
    p.long_ns = c.long_ns;
    p.long_every = c.long_every;
    Launched used;
    CLC_OK(launch_any(c, t, o, p, &used));
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<unsigned> const all = counts.counts();
    for (int role = 0; role < 3; ++role) {
      std::vector<unsigned> one(all.begin() + role * t.tiles(), all.begin() + (role + 1) * t.tiles());
      EXPECT_TRUE(clc_test::all_equal(one, 1u, t)) << "role warp " << role << ", launch " << l;
    }
    last = read_pool(ws, used);
    if (c.source != clc::SourceKind::Static) {
      EXPECT_EQ(last.ticket, 0u) << "launch " << l << ": the workspace's cursor was not reset";
      EXPECT_EQ(last.retired, 0u) << "launch " << l << ": the workspace's retire count was not reset";
    }
    EXPECT_TRUE(last.all_free) << "launch " << l << ": a mailbox was left owned or offered";
    EXPECT_TRUE(last.counters_at_rest) << "launch " << l << ": the pool's open/holding/idle counts are not 0";
    if (l == 0) first = last;
    if (out) {
      *out = last;
      out->handed_back = last.handed_back - first.handed_back;
      out->taken_over = last.taken_over - first.taken_over;
    }
    if (::testing::Test::HasFailure()) break;
  }
}

// Two workers, tile 2 (and every 16th after it) long: the worker that runs it has run a short tile
// before, so it knows the typical tile, and hands the tile it claimed behind it back; the other
// worker drains the counter and then takes the offered tile. Every launch must hand back and take.
TEST(Handback, IdleWorkersTakeHeldTiles) {
  CLC_REQUIRE_GPU();
  for (clc::SourceKind src : {clc::SourceKind::Ticket}) {
    for (int stages : {2, 4}) {
      for (auto [cx, cy] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}}) {
        Case const c{src, clc::GridMode::ResidentCapacity, stages, cx, cy, 48 * cx, cy, 2, 16, 5000, 400000};
        SCOPED_TRACE(describe(c));
        PoolView v;
        run_checked(c, 3, &v);
        EXPECT_GE(v.handed_back, 2u) << "held tiles were not handed back in launches 2 and 3";
        EXPECT_GE(v.taken_over, 2u) << "handed-back tiles were not run by the idle worker in launches 2 and 3";
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

// Exactly once for every fetching source and grid mode, with many tiles per worker, clusters and
// Stages 2/4; heavy-tailed tiles so that tiles are handed back and taken or reclaimed throughout.
TEST(Handback, ExactlyOnceEverySource) {
  CLC_REQUIRE_GPU();
  struct Src {
    clc::SourceKind s;
    clc::GridMode g;
  };
  for (Src sg : {Src{clc::SourceKind::Ticket, clc::GridMode::ResidentCapacity},
                 Src{clc::SourceKind::Ticket, clc::GridMode::EveryTile},
                 Src{clc::SourceKind::Cancel, clc::GridMode::EveryTile},
                 Src{clc::SourceKind::Static, clc::GridMode::ResidentCapacity}}) {
    for (int stages : {2, 4}) {
      for (auto [cx, cy] : std::vector<std::pair<int, int>>{{1, 1}, {2, 1}, {2, 2}}) {
        for (int workers : {1, 3, 7, 0}) {
          if (sg.g == clc::GridMode::EveryTile && workers != 0) continue;  // every-tile grids have no cap
          Case const c{sg.s, sg.g, stages, cx, cy, 37 * cx, 11 * cy, workers, 7, 2000, 30000};
          SCOPED_TRACE(describe(c));
          run_checked(c, 2);
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
}

// Injected spurious failures (every-tile grids): a worker whose fetch fails turns to the pool, and
// every tile still runs once (later CTAs claim what the failed ones did not).
TEST(Handback, InjectedFailures) {
  CLC_REQUIRE_GPU();
  for (clc::SourceKind src : {clc::SourceKind::Ticket, clc::SourceKind::Cancel}) {
    Case const c{src, clc::GridMode::EveryTile, 2, 1, 1, 401, 3, 0, 5, 1000, 20000};
    SCOPED_TRACE(describe(c));
    clc::testing::ScopedFaultInjection faults(0.25, 99u);
    run_checked(c, 2);
    if (::testing::Test::HasFailure()) return;
  }
}

// Two streams at once on the library's per-stream workspaces (each with its own pool), many times.
TEST(Handback, TwoStreams) {
  CLC_REQUIRE_GPU();
  Case const c{clc::SourceKind::Ticket, clc::GridMode::ResidentCapacity, 2, 1, 1, 300, 1, 5, 9, 2000, 40000};
  clc::TileSpace const t = space_of(c);
  cudaStream_t s[2];
  for (auto& st : s) CUDA_OK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  clc_test::Counters counts(2 * 3 * t.tiles());
  for (int round = 0; round < 5; ++round) {
    CUDA_OK(cudaMemset(counts.d, 0, std::size_t(counts.n) * sizeof(unsigned)));
    CUDA_OK(cudaStreamSynchronize(cudaStreamLegacy));  // the launches below are on non-blocking streams
    for (int k = 0; k < 2; ++k) {
      clc::LaunchOptions o;
      o.source = c.source;
      o.grid = c.grid;
      o.max_workers = c.max_workers;
      o.max_grain = 1;
      o.claim = clc::ClaimTiming::Handback;
      o.stream = s[k];
      HandbackParams p{};
      p.counts = counts.d + std::int64_t(k) * 3 * t.tiles();
      p.short_ns = c.short_ns;
      p.long_ns = c.long_ns;
      p.long_every = c.long_every;
      CLC_OK(launch_any(c, t, o, p));
    }
    CUDA_OK(cudaDeviceSynchronize());
    EXPECT_TRUE(clc_test::all_equal(counts.counts(), 1u, t)) << "round " << round;
    if (::testing::Test::HasFailure()) break;
  }
  for (auto& st : s) CUDA_OK(cudaStreamDestroy(st));
}

struct Nop {
  __device__ void operator()(clc::WorkTile const&) const {}
};

// The APIs whose kernels have no scheduler warp refuse it by name, and launch nothing.
TEST(Handback, BlockKernelsRefuseIt) {
  clc::LaunchOptions o;
  o.claim = clc::ClaimTiming::Handback;
  clc::Error const e = clc::launch(Nop{}, clc::TileSpace(10), o);
  EXPECT_EQ(e.status, clc::Status::InvalidArgument);
  EXPECT_NE(e.message.find("options.claim"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("Handback"), std::string::npos) << e.message;
}

// For compute-sanitizer: a small heavy-tailed case per source, clusters of 1 and 2.
TEST(SanitizerSubset, Handback) {
  CLC_REQUIRE_GPU();
  for (auto [src, grid] : std::vector<std::pair<clc::SourceKind, clc::GridMode>>{
           {clc::SourceKind::Ticket, clc::GridMode::ResidentCapacity},
           {clc::SourceKind::Cancel, clc::GridMode::EveryTile}}) {
    for (int cx : {1, 2}) {
      Case const c{src, grid, 2, cx, 1, 24 * cx, 3, grid == clc::GridMode::EveryTile ? 0 : 3, 6, 2000, 40000};
      SCOPED_TRACE(describe(c));
      run_checked(c, 2);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

}  // namespace
