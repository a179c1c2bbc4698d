//! @file host_cost.cu
//! @brief Part "host" of `clc-bench sched` (issue 9 section 5): the host time of one `clc::launch`
//! against a raw `<<<>>>` launch of an empty kernel (132 tiles / blocks, 128 threads, one stream),
//! and what a launch captured into a CUDA graph costs per replay against a captured raw launch.
//! Rounds alternate raw and clc; each round times `calls` launches back to back on the host (few
//! enough that the launch queue never fills, so the GPU cannot slow the host down), then syncs.
#include <chrono>
#include <string>
#include <vector>

#include "common/stats.hpp"
#include "runner.cuh"
#include "sched_report.hpp"
#include "settings.hpp"
#include "workloads.cuh"

namespace clc::bench::sched {
namespace {

__global__ void raw_empty_kernel() {}

using Clock = std::chrono::steady_clock;

double us_since(Clock::time_point t0) { return std::chrono::duration<double, std::micro>(Clock::now() - t0).count(); }

}  // namespace

Error part_host(Gpu& g, Settings const& st, Report& rep) {
  int const rounds = st.quick ? 5 : 15;
  int const calls = 500;
  TileSpace const ts(g.sms);
  LaunchOptions o;  // what a user writes: Auto (Ticket here), default grid, 128 threads
  o.stream = g.stream;
  Part& t = rep.add_part("host",
                         "6. Host cost per launch: " + std::to_string(calls) + " launches of " + std::to_string(g.sms) +
                             " empty tiles (blocks) per round, " + std::to_string(rounds) +
                             " rounds alternating; graph: per captured launch per replay",
                         {"what", "raw us", "clc us", "clc / raw"});
  rep.begin_steps(3);
  rep.step("host: eager launches");
  CLC_TRY(launch(EmptyTile{}, ts, o));  // warm: caches, the stream's workspace, module loading
  raw_empty_kernel<<<unsigned(g.sms), 128, 0, g.stream>>>();
  CLC_CUDA_TRY(cudaGetLastError());
  CLC_CUDA_TRY(cudaStreamSynchronize(g.stream));
  std::vector<double> raw_us, clc_us;
  for (int r = 0; r < rounds; ++r) {
    Clock::time_point t0 = Clock::now();
    for (int i = 0; i < calls; ++i) raw_empty_kernel<<<unsigned(g.sms), 128, 0, g.stream>>>();
    raw_us.push_back(us_since(t0) / calls);
    CLC_CUDA_TRY(cudaGetLastError());
    CLC_CUDA_TRY(cudaStreamSynchronize(g.stream));
    t0 = Clock::now();
    for (int i = 0; i < calls; ++i) CLC_TRY(launch(EmptyTile{}, ts, o));
    clc_us.push_back(us_since(t0) / calls);
    CLC_CUDA_TRY(cudaStreamSynchronize(g.stream));
  }
  double const raw = median(raw_us), clc = median(clc_us);
  t.row({"eager launch, host time", fmt(raw, 2), fmt(clc, 2), fmt(clc / raw, 3)},
        {{"what", "eager_host_us"}, {"raw_us", raw}, {"clc_us", clc}, {"ratio", clc / raw},
         {"raw_min_us", *std::min_element(raw_us.begin(), raw_us.end())},
         {"clc_min_us", *std::min_element(clc_us.begin(), clc_us.end())}, {"calls", double(calls)},
         {"rounds", double(rounds)}});
  rep.target("launch_host_time_vs_raw", clc / raw, 1.2, false,
             "clc::launch host time / a raw <<<>>> launch's (empty, " + std::to_string(g.sms) + " tiles)");

  // Graphs: 100 launches captured; per replay, host time of cudaGraphLaunch and GPU time per node.
  rep.step("host: graph replays");
  int const nodes = 100, replays = st.quick ? 10 : 40;
  cudaGraphExec_t exec[2] = {nullptr, nullptr};
  for (int k = 0; k < 2; ++k) {
    cudaGraph_t graph = nullptr;
    CLC_CUDA_TRY(cudaStreamBeginCapture(g.stream, cudaStreamCaptureModeThreadLocal));
    Error e;
    for (int i = 0; i < nodes && e.ok(); ++i) {
      if (k == 0) {
        raw_empty_kernel<<<unsigned(g.sms), 128, 0, g.stream>>>();
      } else {
        e = launch(EmptyTile{}, ts, o);
      }
    }
    cudaError_t const end = cudaStreamEndCapture(g.stream, &graph);
    CLC_TRY(e);
    CLC_CUDA_TRY(end);
    CLC_CUDA_TRY(cudaGraphInstantiate(&exec[k], graph, 0));
    CLC_CUDA_TRY(cudaGraphDestroy(graph));
  }
  std::vector<double> host[2], gpu[2];
  for (int r = 0; r < replays; ++r) {
    for (int k = 0; k < 2; ++k) {
      CLC_CUDA_TRY(cudaEventRecord(g.e0, g.stream));
      Clock::time_point const t0 = Clock::now();
      CLC_CUDA_TRY(cudaGraphLaunch(exec[k], g.stream));
      host[k].push_back(us_since(t0));
      CLC_CUDA_TRY(cudaEventRecord(g.e1, g.stream));
      CLC_CUDA_TRY(cudaStreamSynchronize(g.stream));
      float ms = 0.f;
      CLC_CUDA_TRY(cudaEventElapsedTime(&ms, g.e0, g.e1));
      gpu[k].push_back(1e3 * ms / nodes);
    }
  }
  for (cudaGraphExec_t e : exec) CLC_CUDA_TRY(cudaGraphExecDestroy(e));
  double const hr = median(host[0]), hc = median(host[1]), gr = median(gpu[0]), gc = median(gpu[1]);
  t.row({"graph of " + std::to_string(nodes) + ": cudaGraphLaunch host time", fmt(hr, 2), fmt(hc, 2), fmt(hc / hr, 3)},
        {{"what", "graph_launch_host_us"}, {"raw_us", hr}, {"clc_us", hc}, {"ratio", hc / hr},
         {"nodes", double(nodes)}, {"replays", double(replays)}});
  t.row({"graph: GPU time per captured launch", fmt(gr, 2), fmt(gc, 2), fmt(gc / gr, 3)},
        {{"what", "graph_gpu_us_per_node"}, {"raw_us", gr}, {"clc_us", gc}, {"ratio", gc / gr}});
  rep.target("graph_replay_host_vs_raw", hc / hr, 0.0, false,
             "cudaGraphLaunch host time, 100 captured clc launches / 100 captured raw launches");
  rep.step("host: done");
  return success();
}

}  // namespace clc::bench::sched
