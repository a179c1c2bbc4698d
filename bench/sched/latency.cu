//! @file latency.cu
//! @brief Part "latency" of `clc-bench sched` (issue 9 section 3): latency-bound tiles in small CTAs,
//! where what limits the speed is how many CTAs fit on an SM, so the runtime's own registers matter.
//! 128-thread CTAs, occupancy-sized grids, 64 tiles per SM; two tiles: thread 0 spins on the timer,
//! or every thread follows a chain of dependent loads through a buffer larger than L2.
#include <cstdint>
#include <string>
#include <vector>

#include "runner.cuh"
#include "sched_report.hpp"
#include "settings.hpp"
#include "workloads.cuh"

namespace clc::bench::sched {
namespace {

//! chain[i] = (i * 2654435761 + 12345) mod words: a permutation (odd multiplier, power-of-two size)
//! whose consecutive hops are far apart.
__global__ void fill_chain_kernel(std::uint32_t* chain, std::uint32_t words) {
  for (std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < words; i += gridDim.x * blockDim.x)
    chain[i] = (i * 2654435761u + 12345u) & (words - 1u);
}

Error fill_chain(std::uint32_t* chain, std::uint32_t words, cudaStream_t stream) {
  fill_chain_kernel<<<1024, 256, 0, stream>>>(chain, words);
  CLC_CUDA_TRY(cudaGetLastError());
  CLC_CUDA_TRY(cudaStreamSynchronize(stream));
  return success();
}

}  // namespace

Error part_latency(Gpu& g, Settings const& st, Report& rep) {
  int const per_sm = 64;
  int const n = g.sms * per_sm;
  int const reps = st.reps ? st.reps : (st.quick ? 5 : 15);
  TileSpace const ts(n);
  // The chase buffer: 2^26 words (256 MiB, far beyond L2), a permutation with large strides.
  std::uint32_t const words = 1u << 26;
  std::uint32_t* chain = nullptr;
  std::uint32_t* sink = nullptr;
  CLC_CUDA_TRY(cudaMalloc(&chain, sizeof(std::uint32_t) * words));
  CLC_CUDA_TRY(cudaMalloc(&sink, sizeof(std::uint32_t) * std::size_t(n)));
  auto release = [&] {
    (void)cudaFree(chain);
    (void)cudaFree(sink);
  };
  if (Error e = fill_chain(chain, words, g.stream)) {
    release();
    return e;
  }
  Part& t = rep.add_part("latency",
                         "5. Latency-bound tiles: " + std::to_string(n) + " tiles (64 per SM), 128 threads per CTA, "
                         "occupancy-sized grids (registers decide the CTAs per SM)",
                         {"tile", "source", "regs", "CTAs/SM", "workers", "ms", "vs Single"});
  std::vector<RunConfig> configs;
  for (SourceKind src : {SourceKind::Single, SourceKind::Static, SourceKind::Ticket, SourceKind::Cancel}) {
    RunConfig c;
    c.source = src;
    configs.push_back(c);
    if (src == SourceKind::Ticket) {
      c.max_grain = 1;
      configs.push_back(c);
    }
  }
  rep.begin_steps(2 * int(configs.size()));
  Error err;
  for (int kind = 0; kind < 2 && err.ok(); ++kind) {
    char const* name = kind == 0 ? "timer 10us" : "chase 16 loads";
    double single_ms = 0.0;
    for (RunConfig const& c : configs) {
      rep.step(std::string("latency ") + name + " " + source_label(c));
      Timing tm;
      err = kind == 0 ? time_runs(g, SpinTile{10000ull, n, 0}, ts, c, Hog{}, 2, reps, &tm)
                      : time_runs(g, ChaseTile{chain, sink, words - 1u, 16}, ts, c, Hog{}, 2, reps, &tm);
      if (!err.ok()) break;
      int const regs = kind == 0 ? block_kernel_registers<SpinTile>(c.source, c.stages)
                                 : block_kernel_registers<ChaseTile>(c.source, c.stages);
      if (c.source == SourceKind::Single) single_ms = tm.median_ms;
      double const per_sm_ctas = double(tm.info.max_active_clusters) / g.sms;
      t.row({name, source_label(c), std::to_string(regs), fmt(per_sm_ctas, 0), std::to_string(tm.info.workers),
             fmt(tm.median_ms, 4), fmt(tm.median_ms / single_ms, 3)},
            {{"tile", name}, {"source", to_string(c.source)}, {"max_grain", double(c.max_grain)},
             {"registers", double(regs)}, {"resident_ctas_per_sm", per_sm_ctas}, {"workers", double(tm.info.workers)},
             {"tiles", double(n)}, {"median_ms", tm.median_ms}, {"min_ms", tm.min_ms}, {"max_ms", tm.max_ms}, {"noise", tm.noise}, {"samples", double(tm.samples)},
             {"makespan_vs_single", tm.median_ms / single_ms}});
      if (c.source == SourceKind::Ticket && c.max_grain == 0)
        rep.target(kind == 0 ? "ticket_latency_timer_vs_single" : "ticket_latency_chase_vs_single",
                   tm.median_ms / single_ms, kind == 0 ? 1.10 : 0.0, false,
                   std::string("Ticket makespan / Single's, latency-bound tiles (") + name + ", 128 threads)");
    }
  }
  release();
  return err;
}

}  // namespace clc::bench::sched
