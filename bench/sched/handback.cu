//! @file handback.cu
//! @brief Part "handback" of `clc-bench sched` (issue 9 section 2): the heavy tail of part "tail"
//! and uniform 10 us tiles on a warp-role kernel (a scheduler warp and a producer warp whose lane 0
//! spins for the tile's cost; one CTA per SM), so that `ClaimTiming::Handback` can run: the
//! scheduler warp keeps the claimed tile until the producer asks for it and hands it back to idle
//! workers when the running tile outlasts twice the typical one. "handed back" and "taken" are per
//! launch, from the pool's counters.
#include <string>
#include <vector>

#include <clc/clc.cuh>
#include <clc/tools/spin.cuh>

#include "common/stats.hpp"
#include "runner.cuh"
#include "sched_report.hpp"
#include "settings.hpp"
#include "workloads.cuh"

namespace clc::bench::sched {
namespace {

struct RolesTailParams {
  SchedulerParams sched;
  HeavyTailTile heavy;
  unsigned long long uniform_ns;  // 0: heavy-tailed costs
};

template <class Source, int Stages>
__global__ void __launch_bounds__(64) roles_tail_kernel(__grid_constant__ RolesTailParams const p) {
  using Sched = Scheduler<Source, Stages>;
  __shared__ typename Sched::SharedStorage storage;
  Sched sched(storage, p.sched, /*consumer_warps_per_cta=*/1);  // the producer warp iterates
  sched.init();
  if (threadIdx.x < 32) {
    sched.run_scheduler_warp();
  } else {
    for (WorkTile t : sched.tiles(Role::Producer)) {
      if (threadIdx.x == 32) {
        tools::spin_ns(p.uniform_ns ? p.uniform_ns : (HeavyTailTile::is_long(t.x) ? p.heavy.long_ns : p.heavy.base_ns));
      }
      __syncwarp();
    }
  }
  sched.finish();
}

struct RolesConfig {
  SourceKind source;
  ClaimTiming claim;
  std::string label;
};

template <class Source>
Error launch_roles(Gpu& g, RolesConfig const& c, TileSpace const& ts, RolesTailParams p, SchedulerParams* used) {
  auto kernel = &roles_tail_kernel<Source, 2>;
  LaunchOptions o;
  o.source = Source::kind;
  o.claim = c.claim;
  o.block_threads = 64;
  o.dynamic_smem_bytes = kOneCtaPerSmSmem;
  o.max_grain = 1;
  o.stream = g.stream;
  PreparedLaunch pl;
  CLC_TRY(prepare_launch<Source>(kernel, ts, o, &pl));
  p.sched = pl.sched;
  *used = pl.sched;
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, p));
  return detail::cuda_error(cudaGetLastError(), "roles_tail_kernel launch");
}

//! The handback pool's cumulative counters (source/handback.cuh), or zeros without a pool.
Error read_counters(SchedulerParams const& sp, source::HandbackCounters* c) {
  *c = source::HandbackCounters{};
  if (sp.handback_states == nullptr) return success();
  CLC_CUDA_TRY(cudaMemcpy(c, sp.handback_states, sizeof(*c), cudaMemcpyDeviceToHost));
  return success();
}

//! Times `reps` launches after two warm-ups; `*handed`, `*taken`: responses handed back and taken by
//! another worker per timed launch (the pool's counters).
Error time_roles(Gpu& g, RolesConfig const& c, TileSpace const& ts, RolesTailParams const& p, int reps, Timing* out,
                 double* handed, double* taken) {
  std::vector<double> ms;
  SchedulerParams used;
  source::HandbackCounters before{}, after{};
  for (int i = 0; i < reps + 2; ++i) {
    if (i == 2) CLC_TRY(read_counters(used, &before));
    CLC_TRY(launch_gate(g));
    CLC_CUDA_TRY(cudaEventRecord(g.e0, g.stream));
    CLC_TRY(with_source(c.source, [&](auto tag) { return launch_roles<decltype(tag)>(g, c, ts, p, &used); }));
    CLC_CUDA_TRY(cudaEventRecord(g.e1, g.stream));
    CLC_CUDA_TRY(cudaStreamSynchronize(g.stream));
    float t = 0.f;
    CLC_CUDA_TRY(cudaEventElapsedTime(&t, g.e0, g.e1));
    if (i >= 2) ms.push_back(t);  // two warm-ups
  }
  CLC_TRY(read_counters(used, &after));
  *handed = double(after.handed_back - before.handed_back) / reps;
  *taken = double(after.taken_over - before.taken_over) / reps;
  Summary const s = summarize(ms);
  out->median_ms = s.median;
  out->min_ms = s.min;
  out->max_ms = s.max;
  out->noise = s.noise;
  out->samples = s.n;
  return success();
}

}  // namespace

Error part_handback(Gpu& g, Settings const& st, Report& rep) {
  int const n = g.sms * 8;
  int const reps = st.reps ? st.reps : (st.quick ? 3 : 9);
  int longs = 0;
  for (int i = 0; i < n; ++i) longs += HeavyTailTile::is_long(i) ? 1 : 0;
  std::vector<RolesConfig> const configs = {
      {SourceKind::Single, ClaimTiming::Auto, "Single"},
      {SourceKind::Static, ClaimTiming::Auto, "Static"},
      {SourceKind::Ticket, ClaimTiming::Ahead, "Ticket ahead"},
      {SourceKind::Ticket, ClaimTiming::OnDemand, "Ticket on demand"},
      {SourceKind::Ticket, ClaimTiming::Handback, "Ticket handback"},
      {SourceKind::Cancel, ClaimTiming::Ahead, "Cancel ahead"},
      {SourceKind::Cancel, ClaimTiming::Handback, "Cancel handback"},
  };
  struct Scenario {
    std::string key;
    TileSpace ts;
    RolesTailParams p;
  };
  std::vector<Scenario> scenarios;
  {
    RolesTailParams p{};
    p.heavy = HeavyTailTile{10000ull, 160000ull};
    scenarios.push_back({"heavy", TileSpace(n), p});
    p.uniform_ns = 10000ull;
    scenarios.push_back({"uniform", TileSpace(g.sms * (st.quick ? 20 : 100)), p});
  }
  Part& t = rep.add_part("handback",
                         "7b. Warp-role kernel (scheduler warp + producer warp, one CTA per SM, one tile per claim): heavy tail (" +
                             std::to_string(n) + " tiles, " + std::to_string(longs) +
                             " of 160 us, the rest 10 us) and uniform 10 us tiles",
                         {"tiles", "source", "claim", "ms", "vs Single", "vs Static", "handed back", "taken"});
  rep.begin_steps(int(configs.size() * scenarios.size()));
  for (Scenario const& sc : scenarios) {
    double single_ms = 0.0, static_ms = 0.0;
    for (RolesConfig const& c : configs) {
      rep.step("handback " + sc.key + " " + c.label);
      Timing tm;
      double handed = 0.0, taken = 0.0;
      CLC_TRY(time_roles(g, c, sc.ts, sc.p, reps, &tm, &handed, &taken));
      if (c.source == SourceKind::Single) single_ms = tm.median_ms;
      if (c.source == SourceKind::Static) static_ms = tm.median_ms;
      char const* claim = c.claim == ClaimTiming::OnDemand   ? "on demand"
                          : c.claim == ClaimTiming::Handback ? "handback"
                                                             : "ahead";
      double const vs_single = single_ms > 0.0 ? tm.median_ms / single_ms : 0.0;
      double const vs_static = static_ms > 0.0 ? tm.median_ms / static_ms : 0.0;
      t.row({sc.key, c.label, claim, fmt(tm.median_ms, 4), fmt(vs_single, 3),
             static_ms > 0.0 ? fmt(vs_static, 3) : std::string("-"), fmt(handed, 1), fmt(taken, 1)},
            {{"scenario", sc.key}, {"label", c.label}, {"source", to_string(c.source)}, {"claim", claim},
             {"tiles", double(sc.ts.tiles())}, {"median_ms", tm.median_ms}, {"min_ms", tm.min_ms},
             {"max_ms", tm.max_ms}, {"noise", tm.noise}, {"samples", double(tm.samples)}, {"vs_single", vs_single},
             {"vs_static", vs_static}, {"handed_back_per_launch", handed}, {"taken_per_launch", taken}});
      if (c.label == "Ticket handback" && sc.key == "heavy") {
        rep.target("ticket_handback_heavy_tail_vs_single", vs_single, 1.0, false,
                   "warp-role Ticket with handback: makespan / Single's, heavy-tailed tiles");
        rep.target("ticket_handback_heavy_tail_vs_static", vs_static, 1.0, false,
                   "warp-role Ticket with handback: makespan / Static's, heavy-tailed tiles");
      }
      if (c.label == "Ticket handback" && sc.key == "uniform") {
        rep.target("ticket_handback_uniform_vs_static", vs_static, 1.02, false,
                   "warp-role Ticket with handback: time / Static's, uniform 10 us tiles");
      }
    }
  }
  return success();
}

}  // namespace clc::bench::sched
