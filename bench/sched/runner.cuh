//! @file runner.cuh
//! @brief How `clc-bench sched` runs one configuration: the GPU context (the timed stream and the
//! hog's higher-priority stream), one timed launch with an optional SM-holding kernel before it, the
//! median of repeated launches, and a traced run.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include <clc/clc.cuh>
#include <clc/detail/cuda_check.hpp>
#include <clc/tools/interference.hpp>
#include <gpu_trace.cuh>

#include "common/gpu_info.hpp"
#include "common/stats.hpp"

namespace clc::bench::sched {

struct RunConfig {
  SourceKind source = SourceKind::Ticket;
  GridMode grid = GridMode::Default;
  int stages = 2;
  int max_grain = 0;  // Ticket: 0 = automatic (clc::kAutoMaxGrain on resident grids, 1 on every-tile grids)
  int block_threads = 128;
  std::size_t smem = 0;  // dynamic shared memory per CTA
  int max_workers = 0;   // resident grids: cap on the workers (0 = occupancy)
  ClaimTiming claim = ClaimTiming::Auto;
};

template <class F>
Error launch_stages(int stages, F const& f, TileSpace const& ts, LaunchOptions const& o, LaunchInfo* info) {
  switch (stages) {
    case 1: return launch<1>(f, ts, o, info);
    case 2: return launch<2>(f, ts, o, info);
    case 4: return launch<4>(f, ts, o, info);
    default: return invalid_argument("stages must be 1, 2 or 4 (got " + std::to_string(stages) + ")");
  }
}

//! The GPU-side context shared by all runs: two streams (the hog's has the higher priority, so its
//! CTAs are placed before the timed launch's) and events.
struct Gpu {
  //! The gate before every timed launch, in microseconds (0: none, `--no-gate`): one SM held on the
  //! timed stream for longer than the host side of any source's launch call, so the timed launch is
  //! already queued when the gate ends and the events time the GPU's work only. Without it the
  //! first event completes at once on an idle GPU and the interval includes the host's time to
  //! enqueue the launch, which differs between sources (the runs before this gate: docs/scheduling.md).
  double gate_us = 300.0;
  cudaStream_t stream = nullptr;
  cudaStream_t hog_stream = nullptr;
  cudaEvent_t e0 = nullptr, e1 = nullptr, h0 = nullptr, h1 = nullptr;
  clc::bench::GpuInfo info;
  int sms = 0;
  std::string name;

  Error init() {
    if (!clc::bench::query_gpu(&info)) return {Status::CudaError, "cannot query the current CUDA device"};
    sms = info.sm_count;
    name = info.name;
    CLC_CUDA_TRY(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    CLC_TRY(tools::greatest_priority_stream(&hog_stream));
    for (cudaEvent_t* e : {&e0, &e1, &h0, &h1}) CLC_CUDA_TRY(cudaEventCreate(e));
    return success();
  }
  ~Gpu() {
    for (cudaEvent_t e : {e0, e1, h0, h1})
      if (e) (void)cudaEventDestroy(e);
    if (stream) (void)cudaStreamDestroy(stream);
    if (hog_stream) (void)cudaStreamDestroy(hog_stream);
  }
};

//! The gate (Gpu::gate_us) on the timed stream; nothing when it is 0.
inline Error launch_gate(Gpu const& g) {
  return g.gate_us > 0.0 ? tools::hold_sms(1, g.gate_us * 1e-3, g.stream) : success();
}

//! Another kernel (clc::tools::hold_sms) that holds `sms` SMs for `ms`, launched on the hog stream
//! right before the timed launch.
struct Hog {
  int sms = 0;
  double ms = 0.0;
};

struct Sample {
  double ms = 0.0;          // timed launch, events
  double overlap_ms = 0.0;  // time the hog's SMs were held while the timed launch ran
};

//! One launch (with the hog, then the gate, before it), timed with events on the launch's stream.
template <class F>
Error run_once(Gpu& g, F const& f, TileSpace const& ts, RunConfig const& c, Hog const& hog, TileTraceRecord* trace,
               Sample* out, LaunchInfo* info) {
  LaunchOptions o;
  o.source = c.source;
  o.grid = c.grid;
  o.max_grain = c.max_grain;
  o.block_threads = c.block_threads;
  o.dynamic_smem_bytes = c.smem;
  o.max_workers = c.max_workers;
  o.claim = c.claim;
  o.stream = g.stream;
  o.trace = trace;
  bool const hogging = hog.sms > 0 && hog.ms > 0.0;
  if (hogging) {  // before the gate, on an idle GPU: it owns its SMs when the timed launch starts
    CLC_CUDA_TRY(cudaEventRecord(g.h0, g.hog_stream));
    CLC_TRY(tools::hold_sms(hog.sms, g.gate_us * 1e-3 + hog.ms, g.hog_stream));
    CLC_CUDA_TRY(cudaEventRecord(g.h1, g.hog_stream));
  }
  CLC_TRY(launch_gate(g));
  CLC_CUDA_TRY(cudaEventRecord(g.e0, g.stream));
  CLC_TRY(launch_stages(c.stages, f, ts, o, info));
  CLC_CUDA_TRY(cudaEventRecord(g.e1, g.stream));
  CLC_CUDA_TRY(cudaStreamSynchronize(g.stream));
  CLC_CUDA_TRY(cudaStreamSynchronize(g.hog_stream));
  float ms = 0.f;
  CLC_CUDA_TRY(cudaEventElapsedTime(&ms, g.e0, g.e1));
  out->ms = ms;
  out->overlap_ms = 0.0;
  if (hogging) {
    float hs = 0.f, he = 0.f;  // hog start / end relative to the timed launch's start event
    CLC_CUDA_TRY(cudaEventElapsedTime(&hs, g.e0, g.h0));
    CLC_CUDA_TRY(cudaEventElapsedTime(&he, g.e0, g.h1));
    out->overlap_ms = std::max(0.0, std::min<double>(he, ms) - std::max<double>(hs, 0.0));
  }
  return success();
}

struct Timing {
  double median_ms = 0.0;
  double min_ms = 0.0;
  double max_ms = 0.0;
  double noise = 0.0;        // (p90 - p10) / median of the timed runs
  std::size_t samples = 0;
  double overlap_ms = 0.0;  // median
  LaunchInfo info;
};

template <class F>
Error time_runs(Gpu& g, F const& f, TileSpace const& ts, RunConfig const& c, Hog const& hog, int warmup, int reps,
                Timing* out) {
  std::vector<double> ms, ov;
  Sample s;
  for (int i = 0; i < warmup; ++i) CLC_TRY(run_once(g, f, ts, c, hog, nullptr, &s, &out->info));
  for (int i = 0; i < reps; ++i) {
    CLC_TRY(run_once(g, f, ts, c, hog, nullptr, &s, &out->info));
    ms.push_back(s.ms);
    ov.push_back(s.overlap_ms);
  }
  clc::bench::Summary const sum = clc::bench::summarize(ms);
  out->median_ms = sum.median;
  out->min_ms = sum.min;
  out->max_ms = sum.max;
  out->noise = sum.noise;
  out->samples = sum.n;
  out->overlap_ms = clc::bench::median(ov);
  return success();
}

//! One traced run (hog included), records downloaded.
template <class F>
Error traced_run(Gpu& g, F const& f, TileSpace const& ts, RunConfig const& c, Hog const& hog, TraceBuffer& buf,
                 std::vector<TileTraceRecord>* recs, Sample* s) {
  CLC_TRY(buf.allocate(ts));
  CLC_TRY(buf.clear(g.stream));
  CLC_CUDA_TRY(cudaStreamSynchronize(g.stream));
  LaunchInfo info;
  CLC_TRY(run_once(g, f, ts, c, hog, buf.data(), s, &info));
  CLC_TRY(buf.download(g.stream, recs));
  return check_tile_trace(*recs, ts, g.sms);
}

//! "Static", "Ticket" (automatic grain), "Ticket g1", "Ticket/every-tile", "Static 9/SM" (capped).
inline std::string source_label(RunConfig const& c, int sms = 0) {
  std::string s = to_string(c.source);
  if (c.max_workers > 0 && sms > 0) s += " " + std::to_string(c.max_workers / sms) + "/SM";
  if (c.source != SourceKind::Ticket) return s;
  if (c.grid == GridMode::EveryTile) return s + "/every-tile";
  if (c.max_grain > 0) s += " g" + std::to_string(c.max_grain);
  return s;
}

//! Registers per thread of the block kernel that `clc::launch<Stages>(F, ...)` runs under `source`.
template <class F>
int block_kernel_registers(SourceKind source, int stages) {
  int regs = -1;
  (void)with_source(source, [&](auto tag) -> Error {
    using S = decltype(tag);
    cudaFuncAttributes a{};
    cudaError_t const e = stages == 1   ? cudaFuncGetAttributes(&a, &block_kernel<F, S, 1>)
                          : stages == 4 ? cudaFuncGetAttributes(&a, &block_kernel<F, S, 4>)
                                        : cudaFuncGetAttributes(&a, &block_kernel<F, S, 2>);
    if (e == cudaSuccess) regs = a.numRegs;
    return success();
  });
  return regs;
}

//! The Ticket variants compared everywhere: automatic grain (the default) and one cluster per fetch.
inline std::vector<RunConfig> standard_configs(std::size_t smem, bool every_tile) {
  std::vector<RunConfig> out;
  for (SourceKind src : {SourceKind::Static, SourceKind::Ticket, SourceKind::Single}) {
    RunConfig c;
    c.source = src;
    c.smem = smem;
    out.push_back(c);
    if (src == SourceKind::Ticket) {
      c.max_grain = 16;  // a smaller cap than the automatic one, side by side
      out.push_back(c);
      c.max_grain = 1;
      out.push_back(c);
      if (every_tile) {
        c.max_grain = 0;
        c.grid = GridMode::EveryTile;
        out.push_back(c);
        c.source = SourceKind::Cancel;  // CLC's cancellation emulated: its cost against Ticket's
        out.push_back(c);
      }
    }
  }
  return out;
}

//! Two of these do not fit in 228 KiB of shared memory: one CTA per SM.
constexpr std::size_t kOneCtaPerSmSmem = 120 * 1024;

}  // namespace clc::bench::sched
