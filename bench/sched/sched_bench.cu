//! @file sched_bench.cu
//! @brief `clc-bench sched`: what each work source costs and what it buys, measured side by side in
//! one process on one GPU.
//!
//!  1. overhead      empty and tiny (1 us) tiles, 1M of them: tiles per second per source and Stages;
//!                   Static is the floor (no fetch at all).
//!  2. interference  10 us tiles; another kernel holds 0, 1/4, 1/2 of the SMs for half the work's
//!                   duration; makespan against the ideal (total work over the SM-time really left).
//!  3. imbalance     triangular tile costs T*(i+1)/n, natural and longest-first order.
//!  4. grid          Ticket with one CTA per tile (EveryTile) against a resident-capacity grid.
//!
//! Timing: CUDA events around the launch, median of `reps` runs after warm-up. Workloads 2-4 run one
//! CTA per SM (each CTA asks for 120 KiB of shared memory), so a worker is an SM and the ideal is
//! plain arithmetic. Tile durations are spun on %globaltimer by thread 0 of the CTA; the ideal uses
//! the mean tile duration measured by a traced run, not the nominal one.
#include "sched_bench.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include <clc/clc.cuh>
#include <clc/detail/cuda_check.hpp>
#include <clc/tools/interference.hpp>
#include <gpu_trace.cuh>

#include "common/gpu_info.hpp"
#include "common/stats.hpp"
#include "sched_report.hpp"

namespace clc::bench::sched {
namespace {

// -- tile functors ---------------------------------------------------------------------------------

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

//! Does nothing: the whole cost of the launch is the scheduling loop.
struct EmptyTile {
  __device__ void operator()(WorkTile const&) const {}
};

//! Thread 0 spins for `base_ns` (uniform) or base_ns * (x + 1) / n (triangular) on the global timer;
//! the rest of the CTA waits at the runtime's barrier after the tile.
struct SpinTile {
  unsigned long long base_ns;
  int n;
  int triangular;
  __device__ void operator()(WorkTile const& t) const {
    if (threadIdx.x != 0) return;
    unsigned long long const d = triangular ? base_ns * (unsigned long long)(t.x + 1) / (unsigned long long)n : base_ns;
    unsigned long long const t0 = global_ns();
    while (global_ns() - t0 < d) {
    }
  }
};

// -- one configuration -------------------------------------------------------------------------------

struct RunConfig {
  SourceKind source = SourceKind::Ticket;
  GridMode grid = GridMode::Default;
  int stages = 2;
  int max_grain = 0;  // Ticket: 0 = automatic (clc::kAutoMaxGrain on resident grids, 1 on every-tile grids)
  int block_threads = 128;
  std::size_t smem = 0;  // dynamic shared memory per CTA
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
    int lo = 0, hi = 0;
    CLC_CUDA_TRY(cudaDeviceGetStreamPriorityRange(&lo, &hi));
    CLC_CUDA_TRY(cudaStreamCreateWithPriority(&stream, cudaStreamNonBlocking, lo));
    CLC_CUDA_TRY(cudaStreamCreateWithPriority(&hog_stream, cudaStreamNonBlocking, hi));
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

//! Another kernel that holds `sms` SMs for `ms`, launched on the hog stream right before the timed launch.
struct Hog {
  int sms = 0;
  double ms = 0.0;
};

struct Sample {
  double ms = 0.0;          // timed launch, events
  double overlap_ms = 0.0;  // time the hog's SMs were held while the timed launch ran
};

//! One launch (with the hog before it), timed with events on the launch's stream.
template <class F>
Error run_once(Gpu& g, F const& f, TileSpace const& ts, RunConfig const& c, Hog const& hog, TileTraceRecord* trace,
               Sample* out, LaunchInfo* info) {
  LaunchOptions o;
  o.source = c.source;
  o.grid = c.grid;
  o.max_grain = c.max_grain;
  o.block_threads = c.block_threads;
  o.dynamic_smem_bytes = c.smem;
  o.stream = g.stream;
  o.trace = trace;
  bool const hogging = hog.sms > 0 && hog.ms > 0.0;
  if (hogging) {
    CLC_CUDA_TRY(cudaEventRecord(g.h0, g.hog_stream));
    CLC_TRY(tools::hold_sms(hog.sms, hog.ms, g.hog_stream));
    CLC_CUDA_TRY(cudaEventRecord(g.h1, g.hog_stream));
  }
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
  out->median_ms = clc::bench::median(ms);
  out->min_ms = *std::min_element(ms.begin(), ms.end());
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

//! "Static", "Ticket" (automatic grain), "Ticket g1", "Ticket/every-tile".
std::string source_label(RunConfig const& c) {
  std::string s = to_string(c.source);
  if (c.source != SourceKind::Ticket) return s;
  if (c.grid == GridMode::EveryTile) return s + "/every-tile";
  if (c.max_grain > 0) s += " g" + std::to_string(c.max_grain);
  return s;
}

//! The Ticket variants compared everywhere: automatic grain (the default) and one cluster per fetch.
std::vector<RunConfig> standard_configs(std::size_t smem, bool every_tile) {
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
      }
    }
  }
  return out;
}

// -- the four parts ------------------------------------------------------------------------------

struct Settings {
  bool quick = false;
  std::string json_path;
  std::string trace_path;
  std::string trace_imbalance_path;
  std::string only;  // comma list of parts, empty = all
  std::string commit;
  int reps = 0;      // 0 = per part default
  int trace_held = 1;     // --trace: quarters of the SMs held (0..2)
  int trace_per_sm = 10;  // --trace: tiles per SM of the traced workload
};

bool wants(Settings const& s, char const* part) {
  if (s.only.empty()) return true;
  std::string const l = "," + s.only + ",";
  return l.find(std::string(",") + part + ",") != std::string::npos;
}

constexpr std::size_t kOneCtaPerSmSmem = 120 * 1024;  // two of these do not fit in 228 KiB: one CTA per SM

Error part_overhead(Gpu& g, Settings const& st, Report& rep) {
  int const n = 1 << 20;
  int const reps = st.reps ? st.reps : (st.quick ? 5 : 25);
  TileSpace const ts(n);
  Part& t = rep.add_part("overhead",
                           "1. Scheduling overhead: 1M tiles, 128 threads per CTA, occupancy-sized persistent grids "
                           "(Ticket = automatic grain, " + std::to_string(clc::kAutoMaxGrain) +
                               " clusters per fetch at most; gN = at most N per fetch; g1 = one per fetch, like CLC)",
                           {"tiles", "source", "stages", "workers", "ms", "Mtiles/s", "vs Static"});
  struct Kind {
    char const* name;
    unsigned long long ns;
  };
  std::vector<RunConfig> configs;
  for (RunConfig c : standard_configs(0, false)) {
    for (int stages : {1, 2, 4}) {
      c.stages = stages;
      configs.push_back(c);
    }
  }
  RunConfig wide;  // a wider grain, to show where it stops paying
  wide.source = SourceKind::Ticket;
  wide.max_grain = 64;
  configs.push_back(wide);
  rep.begin_steps(2 * int(configs.size()));
  for (Kind const k : {Kind{"empty", 0ull}, Kind{"1us", 1000ull}}) {
    double static_ms = 0.0;  // Static, Stages 2: the floor
    for (RunConfig const& c : configs) {
      Timing tm;
      rep.step("overhead " + std::string(k.name) + " " + source_label(c) + " stages " + std::to_string(c.stages));
      Error e = k.ns == 0 ? time_runs(g, EmptyTile{}, ts, c, Hog{}, 3, reps, &tm)
                          : time_runs(g, SpinTile{k.ns, n, 0}, ts, c, Hog{}, 3, reps, &tm);
      CLC_TRY(e);
      if (c.source == SourceKind::Static && (c.stages == 2 || static_ms == 0.0)) static_ms = tm.median_ms;
      double const rate = n / (tm.median_ms * 1e-3) * 1e-6;
      t.row({k.name, source_label(c), std::to_string(c.stages), std::to_string(tm.info.workers), fmt(tm.median_ms, 3),
             fmt(rate, 0), fmt(static_ms / tm.median_ms, 3)},
            {{"tiles", k.name}, {"tile_ns", double(k.ns)}, {"n", double(n)}, {"source", to_string(c.source)},
             {"max_grain", double(c.max_grain)}, {"stages", double(c.stages)}, {"workers", double(tm.info.workers)},
             {"median_ms", tm.median_ms}, {"min_ms", tm.min_ms}, {"tiles_per_s", n / (tm.median_ms * 1e-3)},
             {"throughput_vs_static", static_ms / tm.median_ms}});
      if (k.ns == 0 && c.source == SourceKind::Ticket && c.stages == 2 && c.max_grain == 0)
        rep.target("ticket_empty_throughput_vs_static", static_ms / tm.median_ms, 0.75, true,
                   "Ticket (default grain, Stages 2) empty-tile throughput at 1M tiles / Static's");
      if (k.ns == 0 && c.source == SourceKind::Ticket && c.stages == 2 && c.max_grain == 1)
        rep.target("ticket_g1_empty_throughput_vs_static", static_ms / tm.median_ms, 0.0, true,
                   "Ticket g1 (one cluster per fetch, Stages 2) empty-tile throughput / Static's");
    }
  }
  return success();
}

//! Uniform 10 us tiles, one CTA per SM, a hog on 0, 1/4 and 1/2 of the SMs for half the per-SM work.
Error part_interference(Gpu& g, Settings const& st, Report& rep) {
  int const per_sm = st.quick ? 25 : 100;
  int const n = g.sms * per_sm;
  unsigned long long const tile_ns = 10000;
  double const hold_ms = per_sm * tile_ns * 1e-6 / 2;
  int const reps = st.reps ? st.reps : (st.quick ? 3 : 9);
  TileSpace const ts(n);
  SpinTile const f{tile_ns, n, 0};

  // The tile's real duration (the spin overshoots by the timer's granularity), from a traced run.
  RunConfig cal;
  cal.source = SourceKind::Static;
  cal.smem = kOneCtaPerSmSmem;
  TraceBuffer buf;
  std::vector<TileTraceRecord> recs;
  Sample s;
  std::vector<RunConfig> const configs = standard_configs(kOneCtaPerSmSmem, true);
  rep.begin_steps(1 + 3 * int(configs.size()) + (st.trace_path.empty() ? 0 : 3));
  rep.step("interference: calibrating the tile duration");
  CLC_TRY(traced_run(g, f, ts, cal, Hog{}, buf, &recs, &s));
  TraceSummary const sum = summarize_trace(recs);
  double const tile_ms = sum.mean_tile_us * 1e-3;

  Part& t = rep.add_part(
      "interference",
      "2. Interference: " + std::to_string(n) + " tiles of 10 us (measured " + fmt(sum.mean_tile_us, 2) +
          " us), one CTA per SM; another kernel holds H SMs for " + fmt(hold_ms, 3) + " ms",
      {"held", "source", "workers", "ms", "ideal ms", "vs ideal", "vs Static", "held ms"});
  for (int quarter : {0, 1, 2}) {
    int const held = int(std::lround(g.sms * quarter / 4.0));
    Hog const hog{held, hold_ms};
    double static_ms = 0.0;
    for (RunConfig const& c : configs) {
      rep.step("interference held " + std::to_string(held) + " " + source_label(c));
      Timing tm;
      CLC_TRY(time_runs(g, f, ts, c, hog, 2, reps, &tm));
      // Ideal: the SM-time that was really available equals the work. Workers are SMs here.
      double const ideal = (n * tile_ms + held * tm.overlap_ms) / g.sms;
      if (c.source == SourceKind::Static) static_ms = tm.median_ms;
      std::string const held_s = quarter == 0 ? "0" : (std::to_string(held) + " (" + std::to_string(quarter) + "/4)");
      t.row({held_s, source_label(c), std::to_string(tm.info.workers), fmt(tm.median_ms, 4), fmt(ideal, 4),
             fmt(tm.median_ms / ideal, 3), fmt(tm.median_ms / static_ms, 3), fmt(tm.overlap_ms, 3)},
            {{"held_sms", double(held)}, {"held_fraction", quarter / 4.0}, {"source", to_string(c.source)},
             {"grid", to_string(c.grid)}, {"max_grain", double(c.max_grain)}, {"workers", double(tm.info.workers)},
             {"resident_workers", double(tm.info.max_active_clusters)}, {"tiles", double(n)},
             {"tile_ns_nominal", double(tile_ns)}, {"tile_ns_measured", sum.mean_tile_us * 1e3},
             {"hold_ms", hold_ms}, {"held_overlap_ms", tm.overlap_ms}, {"median_ms", tm.median_ms},
             {"min_ms", tm.min_ms}, {"ideal_ms", ideal}, {"makespan_vs_ideal", tm.median_ms / ideal},
             {"makespan_vs_static", tm.median_ms / static_ms}});
      bool const ticket_resident = c.source == SourceKind::Ticket && c.grid != GridMode::EveryTile && c.max_grain == 0;
      if (ticket_resident && quarter == 0)
        rep.target("ticket_10us_makespan_vs_static", tm.median_ms / static_ms, 1.02, false,
                   "Ticket makespan / Static's, 10 us tiles, nothing interferes");
      if (ticket_resident && quarter == 1)
        rep.target("ticket_quarter_held_vs_ideal", tm.median_ms / ideal, 1.05, false,
                   "Ticket makespan / ideal, a quarter of the SMs held");
      if (c.source == SourceKind::Static && quarter == 1)
        rep.target("static_quarter_held_vs_ideal", tm.median_ms / ideal, 0.0, false,
                   "Static makespan / ideal, a quarter of the SMs held (reported, no target)");
    }
  }

  if (!st.trace_path.empty()) {  // one traced run per source (default: a quarter held, a shorter workload)
    int const tn = g.sms * st.trace_per_sm;
    TileSpace const tts(tn);
    Hog const hog{int(std::lround(g.sms * st.trace_held / 4.0)), st.trace_per_sm * tile_ns * 1e-6 / 2};
    std::vector<TraceGroup> groups;
    for (RunConfig const& c : configs) {
      if (c.grid == GridMode::EveryTile || c.max_grain == 1) continue;
      rep.step("interference trace " + source_label(c));
      std::vector<TileTraceRecord> r;
      CLC_TRY(traced_run(g, SpinTile{tile_ns, tn, 0}, tts, c, hog, buf, &r, &s));
      TraceSummary const ts_sum = summarize_trace(r);
      groups.push_back({source_label(c) + ": " + fmt(s.ms, 3) + " ms (span " + fmt(ts_sum.span_us * 1e-3, 3) + " ms)",
                        std::move(r)});
    }
    TraceExportOptions o;
    o.title = std::to_string(tn) + " tiles of 10 us, " + std::to_string(hog.sms) + " of " + std::to_string(g.sms) +
              " SMs held for " + fmt(hog.ms, 2) + " ms (" + g.name + ")";
    align_group_starts(groups);  // the runs ran one after another: compare them from a common start
    CLC_TRY(write_trace_files(groups, st.trace_path, o));
    std::printf("trace: %s and %s\n", st.trace_path.c_str(), svg_path_beside(st.trace_path).c_str());
  }
  return success();
}

Error part_imbalance(Gpu& g, Settings const& st, Report& rep) {
  int const per_sm = st.quick ? 4 : 16;
  int const n = g.sms * per_sm;
  unsigned long long const max_ns = 50000;
  int const reps = st.reps ? st.reps : (st.quick ? 3 : 9);
  SpinTile const f{max_ns, n, 1};
  TraceBuffer buf;
  std::vector<TileTraceRecord> recs;
  Sample s;
  RunConfig cal;
  cal.source = SourceKind::Ticket;
  cal.smem = kOneCtaPerSmSmem;
  rep.begin_steps(1 + 2 * int(standard_configs(kOneCtaPerSmSmem, false).size()) +
                  (st.trace_imbalance_path.empty() ? 0 : 3));
  rep.step("imbalance: calibrating the work");
  CLC_TRY(traced_run(g, f, TileSpace(n), cal, Hog{}, buf, &recs, &s));
  TraceSummary const sum = summarize_trace(recs);
  double const ideal = sum.busy_us * 1e-3 / g.sms;
  Part& t = rep.add_part("imbalance",
                           "3. Imbalance: " + std::to_string(n) + " tiles costing 50 us * (i+1)/n (sum " +
                               fmt(sum.busy_us * 1e-3, 1) + " SM-ms), one CTA per SM; ideal " + fmt(ideal, 4) + " ms",
                           {"order", "source", "ms", "vs ideal", "vs Static natural"});
  double static_natural = 0.0;
  std::vector<TraceGroup> groups;
  for (bool lf : {false, true}) {
    TileSpace ts(n);
    if (lf) ts.with_longest_first(Reverse::X);
    for (RunConfig const& c : standard_configs(kOneCtaPerSmSmem, false)) {
      SourceKind const src = c.source;
      char const* order = lf ? "longest-first" : "natural";
      rep.step(std::string("imbalance ") + order + " " + source_label(c));
      Timing tm;
      CLC_TRY(time_runs(g, f, ts, c, Hog{}, 2, reps, &tm));
      if (src == SourceKind::Static && !lf) static_natural = tm.median_ms;
      t.row({order, source_label(c), fmt(tm.median_ms, 4), fmt(tm.median_ms / ideal, 3),
             fmt(tm.median_ms / static_natural, 3)},
            {{"order", order}, {"source", to_string(src)}, {"max_grain", double(c.max_grain)}, {"tiles", double(n)}, {"max_tile_ns", double(max_ns)},
             {"median_ms", tm.median_ms}, {"min_ms", tm.min_ms}, {"ideal_ms", ideal},
             {"makespan_vs_ideal", tm.median_ms / ideal}, {"makespan_vs_static_natural", tm.median_ms / static_natural}});
    }
  }
  if (!st.trace_imbalance_path.empty()) {  // traced runs on a shorter workload: Static, Ticket, Ticket longest-first
    int const tn = g.sms * 6;
    SpinTile const tf{max_ns, tn, 1};
    for (int k = 0; k < 3; ++k) {
      RunConfig c;
      c.source = k == 0 ? SourceKind::Static : SourceKind::Ticket;
      c.smem = kOneCtaPerSmSmem;
      TileSpace tts(tn);
      if (k == 2) tts.with_longest_first(Reverse::X);
      rep.step("imbalance trace " + source_label(c) + (k == 2 ? " longest-first" : " natural"));
      std::vector<TileTraceRecord> r;
      CLC_TRY(traced_run(g, tf, tts, c, Hog{}, buf, &r, &s));
      groups.push_back({source_label(c) + (k == 2 ? " longest-first: " : " natural: ") + fmt(s.ms, 3) + " ms",
                        std::move(r)});
    }
    TraceExportOptions o;
    o.title = std::to_string(tn) + " triangular tiles (up to 50 us), natural vs longest-first (" + g.name + ")";
    align_group_starts(groups);  // the runs ran one after another: compare them from a common start
    CLC_TRY(write_trace_files(groups, st.trace_imbalance_path, o));
    std::printf("trace: %s and %s\n", st.trace_imbalance_path.c_str(), svg_path_beside(st.trace_imbalance_path).c_str());
  }
  return success();
}

Error part_grid(Gpu& g, Settings const& st, Report& rep) {
  int const reps = st.reps ? st.reps : (st.quick ? 5 : 15);
  Part& t = rep.add_part("grid", "4. Grid mode: Ticket with one CTA per tile (EveryTile) vs resident capacity",
                           {"tiles", "grid", "stages", "CTAs", "ms", "vs resident"});
  struct Work {
    std::string name;
    int n;
    unsigned long long ns;
    std::size_t smem;
  };
  int const per_sm = st.quick ? 25 : 100;
  std::vector<Work> const works{Work{"1M empty", 1 << 20, 0ull, 0},
                                Work{"10us x " + std::to_string(per_sm) + "/SM", g.sms * per_sm, 10000ull, kOneCtaPerSmSmem}};
  rep.begin_steps(int(works.size()) * 2 * 3);
  for (Work const& w : works) {
    for (int stages : {1, 2}) {
      double resident_ms = 0.0;
      for (int variant = 0; variant < 3; ++variant) {
        RunConfig c;
        c.source = SourceKind::Ticket;
        c.grid = variant == 2 ? GridMode::EveryTile : GridMode::ResidentCapacity;
        c.max_grain = variant == 1 ? 1 : 0;
        c.stages = stages;
        c.smem = w.smem;
        rep.step("grid " + w.name + " " + source_label(c) + " stages " + std::to_string(stages));
        Timing tm;
        TileSpace const ts(w.n);
        Error e = w.ns == 0 ? time_runs(g, EmptyTile{}, ts, c, Hog{}, 2, reps, &tm)
                            : time_runs(g, SpinTile{w.ns, w.n, 0}, ts, c, Hog{}, 2, reps, &tm);
        CLC_TRY(e);
        if (variant == 0) resident_ms = tm.median_ms;
        std::string const grid_label =
            variant == 2 ? "every-tile (g1)" : (variant == 1 ? "resident g1" : "resident (auto grain)");
        t.row({w.name, grid_label, std::to_string(stages), std::to_string(tm.info.workers), fmt(tm.median_ms, 4),
               fmt(tm.median_ms / resident_ms, 3)},
              {{"tiles", w.name}, {"n", double(w.n)}, {"grid", to_string(c.grid)}, {"max_grain", double(c.max_grain)},
               {"stages", double(stages)}, {"ctas", double(tm.info.workers)}, {"median_ms", tm.median_ms},
               {"min_ms", tm.min_ms}, {"vs_resident", tm.median_ms / resident_ms}});
      }
    }
  }
  return success();
}

void usage(std::FILE* f) {
  std::fprintf(f,
               "usage: clc-bench sched [--quick] [--json FILE] [--trace FILE] [--trace-imbalance FILE]\n"
               "                       [--only overhead,interference,imbalance,grid] [--reps N] [--commit ID]\n"
               "  --quick                 fewer tiles and repetitions (a short run)\n"
               "  --json FILE             every measurement, with date, commit and GPU\n"
               "  --trace FILE            per-tile trace of the interference scenario (a quarter of the SMs held),\n"
               "                          one run per source: Chrome trace-event JSON (Perfetto) + SVG beside it\n"
               "  --trace-held Q          --trace: hold Q quarters of the SMs (0, 1 or 2; default 1)\n"
               "  --trace-per-sm N        --trace: tiles per SM of the traced workload (default 10)\n"
               "  --trace-imbalance FILE  the same for the triangular workload, natural and longest-first\n"
               "  --only LIST             run only these parts\n"
               "  --reps N                timed repetitions per configuration (median reported)\n"
               "  --commit ID             commit recorded in the JSON (default: $CLC_GIT_COMMIT, else configure time)\n");
}

}  // namespace

int run_sched_bench(int argc, char** argv) {
  Settings st;
  for (int i = 0; i < argc; ++i) {
    std::string const a = argv[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "clc-bench sched: %s needs a value\n", a.c_str());
        return false;
      }
      *out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--quick") {
      st.quick = true;
    } else if (a == "--json") {
      if (!value(&st.json_path)) return 2;
    } else if (a == "--trace") {
      if (!value(&st.trace_path)) return 2;
    } else if (a == "--trace-held" || a == "--trace-per-sm") {
      if (!value(&v)) return 2;
      int const x = std::atoi(v.c_str());
      bool const held = a == "--trace-held";
      if ((held && (x < 0 || x > 2)) || (!held && (x < 1 || x > 1000))) {
        std::fprintf(stderr, "clc-bench sched: %s out of range (got '%s')\n", a.c_str(), v.c_str());
        return 2;
      }
      (held ? st.trace_held : st.trace_per_sm) = x;
    } else if (a == "--trace-imbalance") {
      if (!value(&st.trace_imbalance_path)) return 2;
    } else if (a == "--commit") {
      if (!value(&st.commit)) return 2;
    } else if (a == "--only") {
      if (!value(&st.only)) return 2;
    } else if (a == "--reps") {
      if (!value(&v)) return 2;
      st.reps = std::atoi(v.c_str());
      if (st.reps < 1) {
        std::fprintf(stderr, "clc-bench sched: --reps must be >= 1 (got '%s')\n", v.c_str());
        return 2;
      }
    } else if (a == "--help" || a == "-h") {
      usage(stdout);
      return 0;
    } else {
      std::fprintf(stderr, "clc-bench sched: unknown argument '%s'\n", a.c_str());
      usage(stderr);
      return 2;
    }
  }
  if (!st.only.empty()) {
    std::string rest = st.only + ",";
    for (std::size_t pos; (pos = rest.find(',')) != std::string::npos; rest.erase(0, pos + 1)) {
      std::string const part = rest.substr(0, pos);
      if (part != "overhead" && part != "interference" && part != "imbalance" && part != "grid") {
        std::fprintf(stderr, "clc-bench sched: --only: unknown part '%s' (overhead, interference, imbalance, grid)\n",
                     part.c_str());
        return 2;
      }
    }
  }
  bool broken = false;
  std::string const no_gpu = clc::bench::no_gpu_reason(&broken);
  if (broken) {
    std::fprintf(stderr, "clc-bench sched: %s\n", no_gpu.c_str());
    return 1;
  }
  if (!no_gpu.empty()) {
    std::printf("clc-bench sched: %s; nothing measured\n", no_gpu.c_str());
    return 0;
  }
  Gpu g;
  if (Error e = g.init()) {
    std::fprintf(stderr, "clc-bench sched: %s\n", e.what().c_str());
    return 1;
  }
  Report rep;
  rep.set_context(g.info, clc::bench::commit_id(st.commit), st.quick);
  std::printf("clc-bench sched on %s (%d SMs, sm_%d%d)%s\n", g.name.c_str(), g.sms, g.info.cc_major, g.info.cc_minor,
              st.quick ? ", quick" : "");

  using PartFn = Error (*)(Gpu&, Settings const&, Report&);
  struct Named {
    char const* name;
    PartFn fn;
  };
  int rc = 0;
  for (Named const p : {Named{"overhead", part_overhead}, Named{"interference", part_interference},
                        Named{"imbalance", part_imbalance}, Named{"grid", part_grid}}) {
    if (!wants(st, p.name)) continue;
    Error const e = p.fn(g, st, rep);
    rep.end_steps();
    if (e) {
      std::fprintf(stderr, "clc-bench sched: part %s failed: %s\n", p.name, e.what().c_str());
      rc = 1;
      break;
    }
    rep.print_last_part();
  }
  rep.print_targets();
  if (!st.json_path.empty()) {
    if (Error e = write_text_file(st.json_path, rep.json())) {
      std::fprintf(stderr, "clc-bench sched: %s\n", e.what().c_str());
      return 1;
    }
    std::printf("json: %s\n", st.json_path.c_str());
  }
  return rc;
}

}  // namespace clc::bench::sched

namespace clc::bench {

//! `clc-bench sched ...` (argv[0] is the subcommand's name).
int sched_main(int argc, char** argv) { return sched::run_sched_bench(argc - 1, argv + 1); }

}  // namespace clc::bench
