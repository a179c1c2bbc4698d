// 01_warp_roles: the warp-role API (level 2 of docs/concepts.md) in one kernel of your own.
//
// Work: for every 16-row block of a matrix X [rows, 256] (a tile), y[r] = sum_c X[r, c]^2.
// Roles in each 128-thread CTA:
//   warp 0    the scheduler warp: run_scheduler_warp() fetches the next tile (Ticket / Hardware);
//   warp 1    the producer (Role::Producer: starting a tile feeds the fetch throttle): copies the
//             tile's rows into a 2-stage shared-memory ring;
//   warps 2-3 consumers (Role::Consumer): each reduces 8 of the tile's rows from the ring.
// Every iterating warp (producer and consumers, 3 here) walks the same tile sequence, and the
// Scheduler's constructor is told how many of them there are. main() checks every y against the CPU
// under Ticket (claiming ahead, and with ClaimTiming::Handback), Static and Single, with few workers
// so that each runs many tiles.
#include <cmath>
#include <cstdio>
#include <vector>

#include "clc/clc.cuh"
#include "clc/device_presence.hpp"
#include "clc/kit/barrier.cuh"

constexpr int kCols = 256, kRows = 16, kStages = 2;  // 2 stages of 16 x 256 floats: 32 KiB of static shared memory
constexpr unsigned kIteratingWarps = 3;  // producer + 2 consumers (the scheduler warp only fetches)

struct Params {
  clc::SchedulerParams sched;  // filled by prepare_launch
  float const* x;
  float* y;
  int rows;
};

template <class Source>
__global__ void __launch_bounds__(128) row_norms(__grid_constant__ Params const p) {
  using Sched = clc::Scheduler<Source, 2>;
  __shared__ typename Sched::SharedStorage sched_storage;
  __shared__ float tile[kStages][kRows][kCols];
  __shared__ std::uint64_t full[kStages], empty[kStages];
  Sched sched(sched_storage, p.sched, kIteratingWarps);
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      clc::kit::mbarrier_init(&full[s], 32);  // the producer warp's 32 lanes, after their stores
      clc::kit::mbarrier_init(&empty[s], 2);  // lane 0 of each consumer warp, after its reads
    }
  }
  sched.init();  // all threads: barrier inits visible before any warp uses them
  int const warp = int(threadIdx.x / 32), lane = int(threadIdx.x % 32);
  if (warp == 0) {
    sched.run_scheduler_warp();
  } else if (warp == 1) {
    clc::PipelineState<kStages> st = clc::make_producer_start_state<kStages>();  // starts at phase 1: stages free
    for (clc::WorkTile t : sched.tiles(clc::Role::Producer)) {
      clc::kit::mbarrier_wait(&empty[st.index], st.phase);  // the consumers are done with this stage
      for (int r = 0; r < kRows; ++r) {
        int const row = t.x * kRows + r;
        for (int c = lane; c < kCols; c += 32) tile[st.index][r][c] = row < p.rows ? p.x[std::size_t(row) * kCols + c] : 0.f;
      }
      clc::kit::mbarrier_arrive_local(&full[st.index]);  // release: this lane's stores are visible after the wait
      ++st;
    }
  } else {
    int const half = warp - 2;  // rows 8 * half .. 8 * half + 7 of each tile
    clc::PipelineState<kStages> st = clc::make_consumer_start_state<kStages>();
    for (clc::WorkTile t : sched.tiles(clc::Role::Consumer)) {
      clc::kit::mbarrier_wait(&full[st.index], st.phase);  // acquire: the producer's stores are visible
      for (int r = half * 8; r < half * 8 + 8; ++r) {
        float s = 0.f;
        for (int c = lane; c < kCols; c += 32) s += tile[st.index][r][c] * tile[st.index][r][c];
        for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffffu, s, o);
        int const row = t.x * kRows + r;
        if (lane == 0 && row < p.rows) p.y[row] = s;
      }
      __syncwarp();  // every lane has read the stage before lane 0 releases it
      if (lane == 0) clc::kit::mbarrier_arrive_local(&empty[st.index]);
      ++st;
    }
  }
  sched.finish();  // all threads: no fetch in flight, workspace reset (Ticket)
}

template <class Source>
clc::Error run(Params p, int max_workers, clc::ClaimTiming claim, clc::LaunchInfo* info) {
  clc::TileSpace const tiles((p.rows + kRows - 1) / kRows);
  clc::LaunchOptions o;
  o.block_threads = 128;
  o.max_workers = max_workers;
  o.claim = claim;  // Handback: the scheduler warp keeps a claimed tile until the producer asks for it
  clc::PreparedLaunch pl;
  auto kernel = &row_norms<Source>;
  CLC_TRY(clc::prepare_launch<Source>(kernel, tiles, o, &pl));
  p.sched = pl.sched;
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, p));
  CLC_CUDA_TRY(cudaGetLastError());
  *info = pl.info;
  return clc::success();
}

int main() {
  clc::GpuPresence gpus;
  if (clc::Error e = clc::detect_gpus(&gpus)) {
    std::fprintf(stderr, "%s\n", e.what().c_str());
    return 1;
  }
  if (gpus.devices == 0) {
    std::printf("%s: skipping (this example needs an sm_90 or newer GPU)\n", gpus.why_none.c_str());
    return 0;
  }
  int const rows = 100003;  // 6251 tiles, the last one partial
  std::vector<float> hx(std::size_t(rows) * kCols);
  for (std::size_t i = 0; i < hx.size(); ++i) hx[i] = float(int(i * 2654435761u % 2001u) - 1000) / 1000.f;
  float *x = nullptr, *y = nullptr;
  if (cudaMalloc(&x, hx.size() * 4) != cudaSuccess || cudaMalloc(&y, std::size_t(rows) * 4) != cudaSuccess) return 1;
  if (cudaMemcpy(x, hx.data(), hx.size() * 4, cudaMemcpyHostToDevice) != cudaSuccess) return 1;
  std::vector<float> ref(rows);
  for (int r = 0; r < rows; ++r) {
    double s = 0;
    for (int c = 0; c < kCols; ++c) s += double(hx[std::size_t(r) * kCols + c]) * hx[std::size_t(r) * kCols + c];
    ref[r] = float(s);
  }
  int bad_total = 0;
  struct Config {
    clc::SourceKind kind;
    clc::ClaimTiming claim;
  };
  for (Config const c : {Config{clc::SourceKind::Ticket, clc::ClaimTiming::Auto},
                         Config{clc::SourceKind::Ticket, clc::ClaimTiming::Handback},
                         Config{clc::SourceKind::Static, clc::ClaimTiming::Auto},
                         Config{clc::SourceKind::Single, clc::ClaimTiming::Auto}}) {
    clc::SourceKind const kind = c.kind;
    cudaMemset(y, 0xff, std::size_t(rows) * 4);  // NaN: a row nobody wrote fails the check
    clc::LaunchInfo info;
    clc::Error e =
        clc::with_source(kind, [&](auto tag) { return run<decltype(tag)>({{}, x, y, rows}, 7, c.claim, &info); });
    if (e.ok()) e = clc::detail::cuda_error(cudaDeviceSynchronize(), "row_norms");
    if (!e.ok()) {
      std::fprintf(stderr, "%s: %s\n", clc::to_string(kind), e.what().c_str());
      return 1;
    }
    std::vector<float> hy(rows);
    cudaMemcpy(hy.data(), y, hy.size() * 4, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < rows; ++r)
      if (!(std::fabs(hy[r] - ref[r]) <= 1e-4f * ref[r] + 1e-5f)) ++bad;
    std::printf("%-6s%s %lld workers, %d tiles: %s (%d wrong rows)\n", clc::to_string(kind),
                c.claim == clc::ClaimTiming::Handback ? " (handback)" : "", (long long)info.workers,
                (rows + kRows - 1) / kRows, bad ? "FAILED" : "every row right", bad);
    bad_total += bad;
  }
  cudaFree(x);
  cudaFree(y);
  return bad_total ? 1 : 0;
}
