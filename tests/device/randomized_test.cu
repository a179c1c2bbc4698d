// Randomized exactly-once test: configurations drawn from a printed seed, each checked tile by tile.
// A configuration is a tile space (1-3-D, linearised ones included), a cluster shape (up to 16 CTAs),
// swizzle, raster, longest-first, a source (every one; Hardware must be refused on Hopper), Stages
// 1/2/4, a grid mode (a mode the source cannot use must be refused by name), a grain, a worker cap,
// a claim timing (ahead / on demand / handback for warp-role kernels), a block size or a warp-role kernel with 1..6 consumer warps,
// injected failures, per-tile delays and
// an SM-holding kernel on another stream.
//
//   CLC_RANDOM_SEED=S       draw from seed S (default: from the clock; always printed)
//   CLC_RANDOM_CONFIGS=N    number of configurations (default 1000; the Small variant 40)
//   CLC_RANDOM_ONLY=I       run only configuration I of the seed (reproduce a failure)
//   CLC_RANDOM_MAX_CLUSTER=K  draw clusters of at most K CTAs (default 16)
// A failure prints the seed, the configuration's index and everything drawn for it.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "clc/tools/spin.cuh"
#include "device_common.cuh"

namespace {

//! Lane 0 of every warp that sees the tile adds 1 to its counter (expected: the warps per CTA that
//! run the tile); every lane checks that it got lane 0's tile; thread 0 spins on some tiles.
struct Count {
  unsigned* counts;
  clc::TileSpace tiles;
  unsigned delay_ns;  // spun on tiles whose id % 8 == 3 (0: none)
  __device__ void count(clc::WorkTile const& t) const {
    if (t.x < 0 || t.x >= tiles.x || t.y < 0 || t.y >= tiles.y || t.z < 0 || t.z >= tiles.z) __trap();
    // Full warps (block sizes are multiples of 32) and every lane of a role warp runs the tile: the
    // full mask also converges the warp (its lanes may arrive apart, e.g. after lane 0's delay).
    int const x0 = __shfl_sync(0xffffffffu, t.x, 0), y0 = __shfl_sync(0xffffffffu, t.y, 0),
              z0 = __shfl_sync(0xffffffffu, t.z, 0);
    if (x0 != t.x || y0 != t.y || z0 != t.z) __trap();
    std::int64_t const id = t.x + std::int64_t(tiles.x) * (t.y + std::int64_t(tiles.y) * t.z);
    if ((threadIdx.x & 31u) == 0) atomicAdd(&counts[id], 1u);
    if (delay_ns != 0 && threadIdx.x == 0 && id % 8 == 3) clc::tools::spin_ns(delay_ns);
  }
  __device__ void operator()(clc::WorkTile const& t) const { count(t); }
};

struct RolesParams {
  clc::SchedulerParams sched;
  Count count;
  unsigned consumer_delay_ns;
};

//! Warp 0: scheduler warp; warp 1: producer; warps 2..: consumers (the slow ones spin).
template <class Source, int Stages>
__global__ void random_roles_kernel(__grid_constant__ RolesParams const p) {
  using Sched = clc::Scheduler<Source, Stages>;
  __shared__ typename Sched::SharedStorage storage;
  unsigned const warps = blockDim.x / 32u;
  Sched sched(storage, p.sched, warps - 1u);
  sched.init();
  unsigned const warp = threadIdx.x / 32u;
  if (warp == 0) {
    sched.run_scheduler_warp();
  } else {
    clc::Role const role = warp == 1 ? clc::Role::Producer : clc::Role::Consumer;
    for (clc::WorkTile t : sched.tiles(role)) {
      p.count.count(t);
      if (warp == warps - 1 && p.consumer_delay_ns) clc::tools::spin_ns(p.consumer_delay_ns);
    }
  }
  sched.finish();
}

struct Config {
  int index = 0;
  int dims = 1;
  clc::TileSpace tiles;
  clc::SourceKind source = clc::SourceKind::Ticket;
  clc::GridMode grid = clc::GridMode::Default;
  int stages = 2;
  int max_grain = 0;
  int max_workers = 0;
  clc::ClaimTiming claim = clc::ClaimTiming::Auto;
  bool roles = false;
  int threads = 128;         // block kernel
  int consumers = 2;         // warp-role kernel
  unsigned delay_ns = 0;     // per-tile delay
  unsigned consumer_delay_ns = 0;
  double inject = 0.0;
  bool hog = false;

  std::string describe() const {
    std::ostringstream o;
    o << "config " << index << ": tiles " << tiles.x << "x" << tiles.y << "x" << tiles.z << " (" << dims << "-D"
      << (tiles.linearized() ? ", linearised" : "") << ") cluster " << tiles.cluster_x << "x" << tiles.cluster_y
      << " raster " << (tiles.raster == clc::Raster::AlongX ? "x" : "y") << " swizzle " << tiles.swizzle
      << " reverse " << int(tiles.reverse) << " source " << clc::to_string(source) << " grid "
      << clc::to_string(grid) << " stages " << stages << " claim " << int(claim) << " max_grain " << max_grain << " max_workers " << max_workers
      << (roles ? " warp roles, consumers " + std::to_string(consumers) : " block, threads " + std::to_string(threads))
      << " delay " << delay_ns << " consumer_delay " << consumer_delay_ns << " inject " << inject
      << (hog ? " hog" : "");
    return o.str();
  }
};

int log_uniform(std::mt19937_64& r, int lo, int hi) {
  std::uniform_real_distribution<double> d(std::log(double(lo)), std::log(double(hi) + 1.0));
  int const v = int(std::exp(d(r)));
  return v < lo ? lo : (v > hi ? hi : v);
}

template <class T>
T pick(std::mt19937_64& r, std::vector<T> const& v) {
  return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(r)];
}

std::uint64_t env_u64(char const* name, std::uint64_t fallback) {
  char const* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

Config draw(std::uint64_t seed, int index, bool small, int max_cluster) {
  std::mt19937_64 r(seed ^ (0x9E3779B97F4A7C15ull * std::uint64_t(index + 1)));
  auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(r) < p; };
  Config c;
  c.index = index;
  int const max_tiles = small ? 3000 : 150000;
  std::vector<std::pair<int, int>> const clusters = {{1, 1}, {2, 1}, {1, 2}, {2, 2}, {4, 1}, {1, 4}, {4, 2},
                                                     {2, 4}, {8, 1}, {1, 8}, {4, 4}, {16, 1}, {1, 16}, {8, 2}};
  auto [cx, cy] = chance(0.3) ? std::pair<int, int>{1, 1} : pick(r, clusters);
  while (cx * cy > max_cluster) cx > cy ? cx /= 2 : cy /= 2;
  c.dims = 1 + int(std::uniform_int_distribution<int>(0, 2)(r));
  if (!small && chance(0.08)) {  // linearised: more than 65535 clusters along y or z
    if (chance(0.5)) {
      c.dims = 2;
      c.tiles = clc::TileSpace(log_uniform(r, 1, 2), 65536 * cy + log_uniform(r, 1, 3000));
    } else {
      c.dims = 3;
      c.tiles = clc::TileSpace(1, 1, 65536 + log_uniform(r, 1, 3000));
    }
  } else if (c.dims == 1) {
    c.tiles = clc::TileSpace(log_uniform(r, 1, max_tiles));
  } else if (c.dims == 2) {
    int const x = log_uniform(r, 1, 2000);
    c.tiles = clc::TileSpace(x, log_uniform(r, 1, std::max(1, max_tiles / x)));
  } else {
    int const x = log_uniform(r, 1, 300);
    int const y = log_uniform(r, 1, std::max(1, max_tiles / x / 4));
    c.tiles = clc::TileSpace(x, y, log_uniform(r, 1, std::max(1, max_tiles / x / y)));
  }
  c.tiles.with_cluster(cx, cy)
      .with_raster(chance(0.5) ? clc::Raster::AlongX : clc::Raster::AlongY)
      .with_swizzle(chance(0.5) ? 1 : log_uniform(r, 1, 16))
      .with_longest_first(pick(r, std::vector<clc::Reverse>{clc::Reverse::None, clc::Reverse::None, clc::Reverse::X,
                                                            clc::Reverse::Y}));
  c.source = pick(r, std::vector<clc::SourceKind>{clc::SourceKind::Ticket, clc::SourceKind::Ticket,
                                                  clc::SourceKind::Ticket, clc::SourceKind::Cancel,
                                                  clc::SourceKind::Cancel, clc::SourceKind::Static,
                                                  clc::SourceKind::Single, clc::SourceKind::Auto,
                                                  clc::SourceKind::Hardware});
  c.grid = pick(r, std::vector<clc::GridMode>{clc::GridMode::Default, clc::GridMode::EveryTile,
                                              clc::GridMode::ResidentCapacity});
  c.stages = pick(r, std::vector<int>{1, 2, 4});
  c.max_grain = pick(r, std::vector<int>{0, 0, 1, 2, 7, 64});
  c.max_workers = pick(r, std::vector<int>{0, 0, 1, 3, 7});
  c.claim = pick(r, std::vector<clc::ClaimTiming>{clc::ClaimTiming::Auto, clc::ClaimTiming::Auto,
                                                  clc::ClaimTiming::Ahead, clc::ClaimTiming::OnDemand});
  c.roles = chance(0.35);
  c.consumers = 1 + int(std::uniform_int_distribution<int>(0, 5)(r));
  c.threads = pick(r, std::vector<int>{32, 64, 96, 128, 256, 320, 512, 1024});
  if (c.tiles.cluster_size() > 8 && c.threads > 512) c.threads = 512;
  if (chance(0.2) && c.tiles.tiles() <= (small ? 3000 : 20000)) c.delay_ns = 200 + unsigned(r() % 3000);
  if (c.roles && chance(0.3) && c.tiles.tiles() <= 20000) c.consumer_delay_ns = 100 + unsigned(r() % 1000);
  bool const fetching_every_tile =
      (c.source == clc::SourceKind::Ticket && c.grid == clc::GridMode::EveryTile) || c.source == clc::SourceKind::Cancel;
  if (fetching_every_tile && c.grid != clc::GridMode::ResidentCapacity && chance(0.3))
    c.inject = pick(r, std::vector<double>{0.1, 0.3, 0.6, 0.9});
  c.hog = !small && chance(0.1);
  if (c.roles && chance(0.3)) c.claim = clc::ClaimTiming::Handback;  // warp-role kernels only (clc::launch refuses it)
  return c;
}

template <class Source, int Stages>
clc::Error launch_roles(Config const& c, clc::LaunchOptions const& o, Count const& count) {
  auto kernel = &random_roles_kernel<Source, Stages>;
  clc::PreparedLaunch pl;
  CLC_TRY(clc::prepare_launch<Source>(kernel, c.tiles, o, &pl));
  RolesParams const p{pl.sched, count, c.consumer_delay_ns};
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, p));
  return clc::detail::cuda_error(cudaGetLastError(), "random_roles_kernel launch");
}

clc::Error launch_config(Config const& c, clc::LaunchOptions o, Count const& count, clc::LaunchInfo* info) {
  if (!c.roles) {
    switch (c.stages) {
      case 1: return clc::launch<1>(count, c.tiles, o, info);
      case 2: return clc::launch<2>(count, c.tiles, o, info);
      default: return clc::launch<4>(count, c.tiles, o, info);
    }
  }
  o.block_threads = 32 * (2 + c.consumers);
  clc::SourceKind src = clc::SourceKind::Ticket;
  CLC_TRY(clc::resolve_auto_source(o.source, &random_roles_kernel<clc::source::Ticket, 2>, c.tiles, &src, o.grid));
  return clc::with_source(src, [&](auto tag) -> clc::Error {
    using S = decltype(tag);
    switch (c.stages) {
      case 1: return launch_roles<S, 1>(c, o, count);
      case 2: return launch_roles<S, 2>(c, o, count);
      default: return launch_roles<S, 4>(c, o, count);
    }
  });
}

//! Why a configuration must be refused, or "" when it must run.
std::string expected_refusal(Config const& c, clc::SourceKind resolved_hint) {
  if (c.source == clc::SourceKind::Hardware) return "Hardware";  // sm_90: no cluster launch control
  clc::SourceKind const s = c.source == clc::SourceKind::Auto ? resolved_hint : c.source;
  bool const launch_slot_first = s == clc::SourceKind::Single || s == clc::SourceKind::Cancel;
  if (launch_slot_first && c.grid == clc::GridMode::ResidentCapacity) return "EveryTile";
  if (c.inject > 0.0) {
    clc::GridMode const g = c.grid == clc::GridMode::Default
                                ? (launch_slot_first ? clc::GridMode::EveryTile : clc::GridMode::ResidentCapacity)
                                : c.grid;
    if (g != clc::GridMode::EveryTile) return "EveryTile";
  }
  return "";
}

void run_randomized(bool small, int default_configs) {
  std::uint64_t const seed =
      env_u64("CLC_RANDOM_SEED", std::uint64_t(std::chrono::system_clock::now().time_since_epoch().count()) % 1000000007ull);
  int const n = int(env_u64("CLC_RANDOM_CONFIGS", std::uint64_t(default_configs)));
  long const only = std::getenv("CLC_RANDOM_ONLY") ? long(env_u64("CLC_RANDOM_ONLY", 0)) : -1L;
  int const max_cluster = int(env_u64("CLC_RANDOM_MAX_CLUSTER", 16));
  std::printf("randomized exactly-once: seed %llu, %d configurations, clusters up to %d CTAs (CLC_RANDOM_SEED=%llu "
              "reproduces them)\n",
              static_cast<unsigned long long>(seed), n, max_cluster, static_cast<unsigned long long>(seed));
  int sms = 0;
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t work, hog;
  CUDA_OK(cudaStreamCreateWithFlags(&work, cudaStreamNonBlocking));
  CLC_OK(clc::tools::greatest_priority_stream(&hog));
  std::int64_t const cap = small ? 3100 : 2 * (65536 * 16 + 3001);  // the largest draw: linearised 2-D
  clc_test::Counters counts(cap);
  auto const t0 = std::chrono::steady_clock::now();
  int ran = 0, refused = 0, skipped = 0;
  std::int64_t tile_visits = 0;
  for (int i = 0; i < n; ++i) {
    if (only >= 0 && i != only) continue;
    Config const c = draw(seed, i, small, max_cluster);
    std::string const where = "seed " + std::to_string(seed) + " " + c.describe();
    SCOPED_TRACE(where);
    ASSERT_LE(c.tiles.tiles(), cap) << "test bug: the draw exceeds the counter buffer";
    CUDA_OK(cudaMemsetAsync(counts.d, 0, std::size_t(c.tiles.tiles()) * sizeof(unsigned), work));
    clc::LaunchOptions o;
    o.source = c.source;
    o.grid = c.grid;
    o.stream = work;
    o.block_threads = c.threads;
    o.max_grain = c.max_grain;
    o.max_workers = c.max_workers;
    o.claim = c.claim;
    Count const count{counts.d, c.tiles, c.delay_ns};
    clc::testing::ScopedFaultInjection faults(c.inject, std::uint32_t(seed) + std::uint32_t(i));
    if (c.hog) CLC_OK(clc::tools::hold_sms(sms / 4, 0.1, hog));
    clc::LaunchInfo info;
    clc::Error const e = launch_config(c, o, count, &info);
    // Auto resolves to Ticket on Hopper (also with injected failures).
    std::string const refusal = expected_refusal(c, clc::SourceKind::Ticket);
    if (!refusal.empty()) {
      EXPECT_FALSE(e.ok()) << "must be refused (" << refusal << ")";
      EXPECT_NE(e.message.find(refusal), std::string::npos) << e.message;
      CUDA_OK(cudaStreamSynchronize(hog));
      ++refused;
      if (::testing::Test::HasFailure()) break;
      continue;
    }
    if (e.status == clc::Status::OutOfResources && c.tiles.cluster_size() > 8) {
      ++skipped;  // a 16-CTA cluster of this shape cannot be resident: refused by name, never launched
      EXPECT_NE(e.message.find("cluster shape"), std::string::npos) << e.message;
      CUDA_OK(cudaStreamSynchronize(hog));
      continue;
    }
    CLC_OK(e);
    CUDA_OK(cudaStreamSynchronize(work));
    CUDA_OK(cudaStreamSynchronize(hog));
    unsigned const expected = c.roles ? unsigned(1 + c.consumers) : unsigned((c.threads + 31) / 32);
    std::vector<unsigned> h(std::size_t(c.tiles.tiles()));
    CUDA_OK(cudaMemcpy(h.data(), counts.d, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    EXPECT_TRUE(clc_test::all_equal(h, expected, c.tiles)) << "ran as " << clc::to_string(info.source) << " "
                                                           << clc::to_string(info.grid) << ", " << info.workers
                                                           << " workers";
    ++ran;
    tile_visits += c.tiles.tiles();
    if (::testing::Test::HasFailure()) break;
  }
  double const s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("randomized exactly-once: seed %llu: %d ran (%lld tiles), %d refused as required, %d not resident, "
              "%.1f s\n",
              static_cast<unsigned long long>(seed), ran, static_cast<long long>(tile_visits), refused, skipped, s);
  CUDA_OK(cudaStreamDestroy(work));
  CUDA_OK(cudaStreamDestroy(hog));
}

TEST(Randomized, ExactlyOnceThousandConfigurations) {
  CLC_REQUIRE_GPU();
  run_randomized(false, 1000);
}

// Small tiles and spaces, for compute-sanitizer (scripts/gpu-check.sh): clusters up to 16 CTAs.
TEST(SanitizerRandomized, ExactlyOnceSmall) {
  CLC_REQUIRE_GPU();
  run_randomized(true, 40);
}

}  // namespace
