//! @file parts.cu
//! @brief The four parts of `clc-bench sched`: what each work source costs and what it buys,
//! measured side by side in one process on one GPU.
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
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "runner.cuh"
#include "sched_report.hpp"
#include "settings.hpp"
#include "workloads.cuh"

namespace clc::bench::sched {

Error part_overhead(Gpu& g, Settings const& st, Report& rep) {
  int const n = 1 << 20;
  int const reps = st.reps ? st.reps : (st.quick ? 5 : 25);
  TileSpace const ts(n);
  Part& t = rep.add_part("overhead",
                           "1. Scheduling overhead: 1M tiles, 128 threads per CTA, occupancy-sized persistent grids "
                           "(Ticket = automatic grain, " + std::to_string(clc::kAutoMaxGrain) +
                               " clusters per fetch at most; gN = at most N per fetch; g1 = one per fetch, like CLC)",
                           {"tiles", "source", "stages", "regs", "CTAs/SM", "workers", "ms", "Mtiles/s", "vs Static"});
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
  // Occupancy apart from scheduling cost: both capped at 9 CTAs per SM (what Ticket's 56-register
  // block kernel allowed before the registers were cut to 32), Stages 2.
  for (SourceKind src : {SourceKind::Static, SourceKind::Ticket}) {
    RunConfig capped;
    capped.source = src;
    capped.max_workers = 9 * g.sms;
    configs.push_back(capped);
  }
  rep.begin_steps(2 * int(configs.size()));
  for (Kind const k : {Kind{"empty", 0ull}, Kind{"1us", 1000ull}}) {
    double static_ms = 0.0;  // Static, Stages 2: the floor
    for (RunConfig const& c : configs) {
      Timing tm;
      rep.step("overhead " + std::string(k.name) + " " + source_label(c, g.sms) + " stages " + std::to_string(c.stages));
      Error e = k.ns == 0 ? time_runs(g, EmptyTile{}, ts, c, Hog{}, 3, reps, &tm)
                          : time_runs(g, SpinTile{k.ns, n, 0}, ts, c, Hog{}, 3, reps, &tm);
      CLC_TRY(e);
      if (c.source == SourceKind::Static && c.max_workers == 0 && (c.stages == 2 || static_ms == 0.0))
        static_ms = tm.median_ms;
      double const rate = n / (tm.median_ms * 1e-3) * 1e-6;
      int const regs = k.ns == 0 ? block_kernel_registers<EmptyTile>(c.source, c.stages)
                                 : block_kernel_registers<SpinTile>(c.source, c.stages);
      double const per_sm = double(tm.info.max_active_clusters) / g.sms;
      t.row({k.name, source_label(c, g.sms), std::to_string(c.stages), std::to_string(regs), fmt(per_sm, 0),
             std::to_string(tm.info.workers), fmt(tm.median_ms, 3), fmt(rate, 0), fmt(static_ms / tm.median_ms, 3)},
            {{"tiles", k.name}, {"tile_ns", double(k.ns)}, {"n", double(n)}, {"source", to_string(c.source)},
             {"max_grain", double(c.max_grain)}, {"stages", double(c.stages)}, {"registers", double(regs)},
             {"resident_ctas_per_sm", per_sm}, {"max_workers", double(c.max_workers)},
             {"workers", double(tm.info.workers)}, {"median_ms", tm.median_ms}, {"min_ms", tm.min_ms}, {"max_ms", tm.max_ms}, {"noise", tm.noise}, {"samples", double(tm.samples)},
             {"tiles_per_s", n / (tm.median_ms * 1e-3)}, {"throughput_vs_static", static_ms / tm.median_ms}});
      if (k.ns != 0 && c.max_workers > 0 && c.source == SourceKind::Static)
        rep.target("static_1us_9_per_sm_vs_16", static_ms / tm.median_ms, 0.0, true,
                   "Static at 9 CTAs/SM, 1 us tiles: throughput / Static at full occupancy (occupancy alone)");
      if (k.ns != 0 && c.source == SourceKind::Ticket && c.stages == 2 && c.max_grain == 0 && c.max_workers == 0)
        rep.target("ticket_1us_throughput_vs_static", static_ms / tm.median_ms, 0.0, true,
                   "Ticket (default grain, Stages 2) 1 us tiles: throughput / Static's (scheduling cost at equal occupancy)");
      if (k.ns == 0 && c.source == SourceKind::Ticket && c.stages == 2 && c.max_grain == 0 && c.max_workers == 0)
        rep.target("ticket_empty_throughput_vs_static", static_ms / tm.median_ms, 0.75, true,
                   "Ticket (default grain, Stages 2) empty-tile throughput at 1M tiles / Static's");
      if (k.ns == 0 && c.source == SourceKind::Ticket && c.stages == 2 && c.max_grain == 1 && c.max_workers == 0)
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
    double static_ms = 0.0, every_tile_ms = 0.0;
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
             {"min_ms", tm.min_ms}, {"max_ms", tm.max_ms}, {"noise", tm.noise}, {"samples", double(tm.samples)}, {"ideal_ms", ideal}, {"makespan_vs_ideal", tm.median_ms / ideal},
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
      if (c.source == SourceKind::Ticket && c.grid == GridMode::EveryTile) every_tile_ms = tm.median_ms;
      if (c.source == SourceKind::Cancel && quarter == 0 && every_tile_ms > 0.0)
        rep.target("cancel_10us_makespan_vs_ticket_every_tile", tm.median_ms / every_tile_ms, 0.0, false,
                   "Cancel makespan / Ticket's (both every-tile grids), 10 us tiles, nothing interferes");
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
             {"median_ms", tm.median_ms}, {"min_ms", tm.min_ms}, {"max_ms", tm.max_ms}, {"noise", tm.noise}, {"samples", double(tm.samples)}, {"ideal_ms", ideal},
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
  Part& t = rep.add_part("grid",
                         "4. Grid mode: Ticket with one CTA per tile (EveryTile) vs resident capacity; Cancel (CLC's "
                         "cancellation emulated, every-tile) beside them",
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
  rep.begin_steps(int(works.size()) * 2 * 4);
  for (Work const& w : works) {
    for (int stages : {1, 2}) {
      double resident_ms = 0.0, every_tile_ms = 0.0;
      for (int variant = 0; variant < 4; ++variant) {
        RunConfig c;
        c.source = variant == 3 ? SourceKind::Cancel : SourceKind::Ticket;
        c.grid = variant >= 2 ? GridMode::EveryTile : GridMode::ResidentCapacity;
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
        if (variant == 2) every_tile_ms = tm.median_ms;
        if (variant == 3 && stages == 2)
          rep.target(w.ns == 0 ? "cancel_empty_vs_ticket_every_tile" : "cancel_10us_grid_vs_ticket_every_tile",
                     tm.median_ms / every_tile_ms, 0.0, false,
                     "Cancel time / Ticket every-tile time, " + w.name + ", Stages 2");
        std::string const grid_label = variant == 3   ? "Cancel every-tile"
                                       : variant == 2 ? "every-tile (g1)"
                                                      : (variant == 1 ? "resident g1" : "resident (auto grain)");
        t.row({w.name, grid_label, std::to_string(stages), std::to_string(tm.info.workers), fmt(tm.median_ms, 4),
               fmt(tm.median_ms / resident_ms, 3)},
              {{"tiles", w.name}, {"n", double(w.n)}, {"source", to_string(c.source)}, {"grid", to_string(c.grid)},
               {"max_grain", double(c.max_grain)},
               {"stages", double(stages)}, {"ctas", double(tm.info.workers)}, {"median_ms", tm.median_ms},
               {"min_ms", tm.min_ms}, {"max_ms", tm.max_ms}, {"noise", tm.noise}, {"samples", double(tm.samples)}, {"vs_resident", tm.median_ms / resident_ms}});
      }
    }
  }
  return success();
}

}  // namespace clc::bench::sched
