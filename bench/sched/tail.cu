//! @file tail.cu
//! @brief Part "tail" of `clc-bench sched` (issue 9 section 2): heavy-tailed tile costs, one CTA per
//! SM. 8 tiles per SM; one tile in sixteen (positions spread by a hash) costs 160 us, the others
//! 10 us. Claiming ahead, a worker that starts a long tile has already claimed its next one, which
//! waits behind it; claiming on demand (Stages 1, or ClaimTiming::OnDemand) it has not.
#include <string>
#include <vector>

#include "runner.cuh"
#include "sched_report.hpp"
#include "settings.hpp"
#include "workloads.cuh"

namespace clc::bench::sched {

Error part_tail(Gpu& g, Settings const& st, Report& rep) {
  int const n = g.sms * 8;
  int const reps = st.reps ? st.reps : (st.quick ? 3 : 9);
  HeavyTailTile const f{10000ull, 160000ull};
  int longs = 0;
  for (int i = 0; i < n; ++i) longs += HeavyTailTile::is_long(i) ? 1 : 0;
  TileSpace const ts(n);
  struct Config {
    RunConfig run;
    std::string label;
  };
  std::vector<Config> configs;
  auto add = [&](SourceKind src, int stages, ClaimTiming claim, int grain, std::string label) {
    RunConfig c;
    c.source = src;
    c.stages = stages;
    c.claim = claim;
    c.max_grain = grain;
    c.smem = kOneCtaPerSmSmem;
    configs.push_back({c, std::move(label)});
  };
  add(SourceKind::Single, 2, ClaimTiming::Auto, 0, "Single");
  add(SourceKind::Static, 2, ClaimTiming::Auto, 0, "Static");
  add(SourceKind::Ticket, 2, ClaimTiming::Auto, 0, "Ticket (ahead)");
  add(SourceKind::Ticket, 2, ClaimTiming::OnDemand, 0, "Ticket on demand");
  add(SourceKind::Ticket, 1, ClaimTiming::Auto, 0, "Ticket Stages 1");
  add(SourceKind::Ticket, 2, ClaimTiming::OnDemand, 1, "Ticket on demand g1");
  add(SourceKind::Cancel, 2, ClaimTiming::Auto, 0, "Cancel (ahead)");
  add(SourceKind::Cancel, 2, ClaimTiming::OnDemand, 0, "Cancel on demand");
  Part& t = rep.add_part("tail",
                         "7. Heavy tail: " + std::to_string(n) + " tiles, " + std::to_string(longs) +
                             " of 160 us at hashed positions, the rest 10 us, one CTA per SM",
                         {"source", "claim", "ms", "vs Single", "vs Static"});
  rep.begin_steps(int(configs.size()));
  double single_ms = 0.0, static_ms = 0.0;
  for (Config const& c : configs) {
    rep.step("tail " + c.label);
    Timing tm;
    CLC_TRY(time_runs(g, f, ts, c.run, Hog{}, 2, reps, &tm));
    if (c.run.source == SourceKind::Single) single_ms = tm.median_ms;
    if (c.run.source == SourceKind::Static) static_ms = tm.median_ms;
    char const* claim = c.run.claim == ClaimTiming::OnDemand || c.run.stages == 1 ? "on demand" : "ahead";
    t.row({c.label, claim, fmt(tm.median_ms, 4), fmt(tm.median_ms / single_ms, 3),
           static_ms > 0.0 ? fmt(tm.median_ms / static_ms, 3) : std::string("-")},
          {{"label", c.label}, {"source", to_string(c.run.source)}, {"stages", double(c.run.stages)},
           {"claim", claim}, {"max_grain", double(c.run.max_grain)}, {"tiles", double(n)},
           {"long_tiles", double(longs)}, {"median_ms", tm.median_ms}, {"min_ms", tm.min_ms}, {"max_ms", tm.max_ms}, {"noise", tm.noise}, {"samples", double(tm.samples)},
           {"vs_single", tm.median_ms / single_ms}, {"vs_static", static_ms > 0.0 ? tm.median_ms / static_ms : 0.0}});
    if (c.label == "Ticket (ahead)" || c.label == "Ticket on demand") {
      std::string const key = c.label == "Ticket (ahead)" ? "ahead" : "on_demand";
      rep.target("ticket_" + key + "_heavy_tail_vs_single", tm.median_ms / single_ms, 1.0, false,
                 "Ticket " + key + " makespan / Single's, heavy-tailed tiles");
      rep.target("ticket_" + key + "_heavy_tail_vs_static", tm.median_ms / static_ms, 1.0, false,
                 "Ticket " + key + " makespan / Static's, heavy-tailed tiles");
    }
  }
  return success();
}

}  // namespace clc::bench::sched
