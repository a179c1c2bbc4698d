//! @file simulator_test.cpp
//! @brief The scheduling model: the article's worked example, exactly-once execution for every
//! source, lower bounds, interference, latencies, stages and the throttle.
#include <clc/sim/simulator.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace clc::sim {
namespace {

SimResult run(Config const& c, SourceKind k) {
  Expected<SimResult> r = simulate(c, k);
  EXPECT_TRUE(r.ok()) << r.error().what();
  return r.ok() ? std::move(r).value() : SimResult{};
}

// Every tile exactly once, never two tiles at once on one slot, nothing before the slot is free,
// and the makespan is at least the ideal.
void expect_consistent(SimResult const& r, std::string const& what) {
  SCOPED_TRACE(what + " / " + to_string(r.source));
  ASSERT_EQ(r.tiles.size(), static_cast<std::size_t>(r.config.tiles));
  for (int i = 0; i < r.config.tiles; ++i) {
    EXPECT_EQ(r.tiles[static_cast<std::size_t>(i)].tile, i) << "tile " << i << " missing or duplicated";
  }
  std::map<int, std::vector<TileRecord>> by_slot;
  for (TileRecord const& t : r.tiles) {
    EXPECT_NEAR(t.end - t.start, r.costs[static_cast<std::size_t>(t.tile)], 1e-9);
    EXPECT_GE(t.start, r.slots[static_cast<std::size_t>(t.slot)].available_from + r.config.launch_latency - 1e-9);
    EXPECT_LE(t.end, r.makespan + 1e-9);
    EXPECT_EQ(r.workers[static_cast<std::size_t>(t.worker)].slot, t.slot);
    by_slot[t.slot].push_back(t);
  }
  for (auto& [slot, tiles] : by_slot) {
    std::sort(tiles.begin(), tiles.end(), [](auto const& a, auto const& b) { return a.start < b.start; });
    for (std::size_t i = 1; i < tiles.size(); ++i) {
      EXPECT_GE(tiles[i].start, tiles[i - 1].end - 1e-9) << "overlap on slot " << slot;
    }
  }
  int tiles_by_workers = 0;
  for (WorkerRecord const& w : r.workers) {
    tiles_by_workers += w.tiles;
    EXPECT_GE(w.exited, w.started);
  }
  EXPECT_EQ(tiles_by_workers, r.config.tiles);
  EXPECT_GE(r.makespan, r.ideal - 1e-9);
  EXPECT_GE(r.makespan, r.last_tile_end - 1e-9);
  for (SlotStats const& s : r.slots) {
    EXPECT_GE(s.utilisation, 0.0);
    EXPECT_LE(s.utilisation, 1.0 + 1e-9);
  }
}

TEST(SimArticle, StaticIsSixTDynamicIsFourT) {
  Config const c = article_example();
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Static).makespan, 6.0);
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Hardware).makespan, 4.0);
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Ticket).makespan, 4.0);
  EXPECT_DOUBLE_EQ(run(c, SourceKind::TicketResident).makespan, 4.0);
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Single).makespan, 4.0);
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Static).ideal, 4.0);
}

TEST(SimArticle, StaticPlanMatchesTheArticle) {
  // W0: 0 4 8, W1: 1 5 9, W2: 2 6 10, W3: 3 7 11; W3 starts only when a slot frees at 3t.
  SimResult const r = run(article_example(), SourceKind::Static);
  ASSERT_EQ(r.workers.size(), 4u);
  for (TileRecord const& t : r.tiles) EXPECT_EQ(r.workers[static_cast<std::size_t>(t.worker)].launch_slot, t.tile % 4);
  EXPECT_DOUBLE_EQ(r.workers[3].started, 3.0);
  EXPECT_EQ(r.workers[3].tiles, 3);
}

TEST(SimArticle, DynamicGivesEachRunningWorkerFourTiles) {
  SimResult const r = run(article_example(), SourceKind::Hardware);
  ASSERT_EQ(r.workers.size(), 3u);  // nine launches were cancelled, never started
  EXPECT_EQ(r.cancelled, 9);
  for (WorkerRecord const& w : r.workers) EXPECT_EQ(w.tiles, 4);
}

TEST(SimArticle, AboutSixAndFourWithSmallLatencies) {
  Config c = article_example();
  c.launch_latency = 0.02;
  c.fetch_latency = 0.01;
  c.stages = 2;
  double const st = run(c, SourceKind::Static).makespan;
  double const hw = run(c, SourceKind::Hardware).makespan;
  EXPECT_GT(st, 6.0);
  EXPECT_LT(st, 6.1);
  EXPECT_GT(hw, 4.0);
  EXPECT_LT(hw, 4.1);
}

TEST(SimSources, EveryTileExactlyOnceAcrossConfigurations) {
  std::vector<std::pair<std::string, Config>> cases;
  Config base;
  base.tiles = 37;
  base.sms = 4;
  cases.emplace_back("uniform", base);
  Config c = base;
  c.cost.kind = CostModel::Kind::Random;
  c.cost.seed = 7;
  c.busy = {{1, 2.5}, {3, 0.7}};
  c.launch_latency = 0.1;
  c.fetch_latency = 0.05;
  cases.emplace_back("random+busy+latency", c);
  c.stages = 2;
  cases.emplace_back("stages2", c);
  c.stages = 4;
  c.throttle = false;
  cases.emplace_back("stages4-nothrottle", c);
  c = base;
  c.cost.kind = CostModel::Kind::Triangular;
  c.cost.longest_first = true;
  c.ctas_per_sm = 2;
  c.workers = 5;
  cases.emplace_back("triangular-lpt, 2 per SM, 5 workers", c);
  c = base;
  c.tiles = 3;  // fewer tiles than slots
  c.workers = 9;
  cases.emplace_back("tiles<slots, workers>tiles", c);
  c = base;
  c.tiles = 1;
  c.sms = 1;
  c.fetch_latency = 1.0;
  cases.emplace_back("one tile one slot", c);
  c = base;
  c.cost.kind = CostModel::Kind::List;
  c.tiles = 5;
  c.cost.list = {0, 0, 3, 0, 1};
  cases.emplace_back("zero-cost tiles", c);
  for (auto const& [name, cfg] : cases) {
    for (SourceKind k : all_source_kinds()) expect_consistent(run(cfg, k), name);
  }
}

TEST(SimSources, HardwareCancelledLaunchesNeverStart) {
  Config c;
  c.tiles = 50;
  c.sms = 4;
  c.cost.kind = CostModel::Kind::Random;
  c.launch_latency = 0.3;
  c.busy = {{2, 5.0}};
  SimResult const r = run(c, SourceKind::Hardware);
  EXPECT_EQ(r.launches + r.cancelled, c.tiles);
  for (WorkerRecord const& w : r.workers) {
    TileRecord const& own = r.tiles[static_cast<std::size_t>(w.launch_slot)];
    EXPECT_EQ(own.worker, w.worker) << "a started worker runs its own launch slot first";
    EXPECT_FALSE(own.claimed);
  }
}

TEST(SimSources, TicketEveryTileLaunchesSurplusWorkers) {
  Config c = article_example();
  c.launch_latency = 0.1;
  SimResult const t = run(c, SourceKind::Ticket);
  SimResult const h = run(c, SourceKind::Hardware);
  EXPECT_EQ(t.launches, 12);  // surplus CTAs start, find no ticket, exit
  EXPECT_EQ(h.launches, 3);
  EXPECT_GT(t.makespan, h.makespan);
}

TEST(SimSources, TicketOwnFirstStartsEachWorkerWithItsOwnTileUnclaimed) {
  // Config::own_first (the runtime's branch wip/own-first): worker w's first tile is tile w, no claim.
  Config c;
  c.tiles = 40;
  c.sms = 4;
  c.fetch_latency = 0.5;
  c.stages = 2;
  double const claimed_first = run(c, SourceKind::TicketResident).makespan;
  c.own_first = true;
  SimResult const r = run(c, SourceKind::TicketResident);
  expect_consistent(r, "own first");
  std::map<int, TileRecord> first;
  int claimed = 0;
  for (TileRecord const& t : r.tiles) {
    if (first.count(t.worker) == 0 || t.start < first[t.worker].start) first[t.worker] = t;
    claimed += t.claimed ? 1 : 0;
  }
  for (auto const& [w, t] : first) {
    EXPECT_EQ(t.tile, r.workers[static_cast<std::size_t>(w)].launch_slot);
    EXPECT_FALSE(t.claimed);
    EXPECT_DOUBLE_EQ(t.start, r.workers[static_cast<std::size_t>(w)].started);  // no claim before it
  }
  EXPECT_EQ(claimed, c.tiles - c.sms);
  EXPECT_DOUBLE_EQ(r.makespan, claimed_first - c.fetch_latency);  // the first claim's latency, saved once
}

TEST(SimSources, SinglePaysLaunchLatencyPerTile) {
  Config c = article_example();
  c.launch_latency = 0.1;
  EXPECT_NEAR(run(c, SourceKind::Single).makespan, 4 * 1.1, 1e-9);
  EXPECT_NEAR(run(c, SourceKind::Hardware).makespan, 0.1 + 4.0, 1e-9);
}

TEST(SimInterference, SlotTakenByAnotherKernel) {
  // The CUTLASS scenario: four slots, one held by another kernel until 3t.
  Config c;
  c.tiles = 12;
  c.sms = 4;
  c.busy = {{3, 3.0}};
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Static).makespan, 6.0);
  SimResult const hw = run(c, SourceKind::Hardware);
  EXPECT_DOUBLE_EQ(hw.makespan, 4.0);
  EXPECT_DOUBLE_EQ(hw.ideal, 3.75);
  for (TileRecord const& t : hw.tiles) {
    if (t.slot == 3) EXPECT_GE(t.start, 3.0);
  }
  EXPECT_DOUBLE_EQ(run(c, SourceKind::TicketResident).makespan, 4.0);
}

TEST(SimInterference, ShortBusyPeriodFromTheBrief) {
  Config c;
  c.tiles = 12;
  c.sms = 4;
  c.busy = {{3, 0.3}};
  SimResult const hw = run(c, SourceKind::Hardware);
  SimResult const st = run(c, SourceKind::Static);
  expect_consistent(hw, "busy 0.3");
  EXPECT_DOUBLE_EQ(st.makespan, 3.3);  // slot 3's worker keeps its whole list
  EXPECT_DOUBLE_EQ(hw.makespan, 3.3);  // with whole tiles, 3.3 is the best anyone can do here
  c.busy = {{3, 2.0}};
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Static).makespan, 5.0);
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Hardware).makespan, 4.0);
}

TEST(SimLatency, StagesHideFetchLatency) {
  Config c = article_example();
  c.fetch_latency = 0.5;
  c.stages = 1;
  // Each worker: 4 tiles, 3 successful fetches between them and a failed one after the last.
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Hardware).makespan, 4.0 + 4 * 0.5);
  c.stages = 2;
  EXPECT_DOUBLE_EQ(run(c, SourceKind::Hardware).makespan, 4.0);
}

TEST(SimLatency, ThrottleStopsHoardingTailWork) {
  Config c;
  c.tiles = 6;
  c.sms = 2;
  c.cost.kind = CostModel::Kind::List;
  c.cost.list = {10, 1, 1, 1, 1, 1};
  c.stages = 4;
  c.throttle = true;
  double const with = run(c, SourceKind::Hardware).makespan;
  c.throttle = false;
  double const without = run(c, SourceKind::Hardware).makespan;
  EXPECT_DOUBLE_EQ(with, 11.0);
  EXPECT_DOUBLE_EQ(without, 12.0);  // the long-tile worker held two short tiles the other wanted
}

TEST(SimCosts, LongestFirstHelpsTriangularWork) {
  Config c;
  c.tiles = 64;
  c.sms = 8;
  c.cost.kind = CostModel::Kind::Triangular;
  double const in_order = run(c, SourceKind::Hardware).makespan;
  c.cost.longest_first = true;
  double const lpt = run(c, SourceKind::Hardware).makespan;
  EXPECT_LT(lpt, in_order);
  EXPECT_LE(lpt, run(c, SourceKind::Static).makespan);
}

TEST(SimCosts, Models) {
  CostModel m;
  m.kind = CostModel::Kind::Triangular;
  m.unit = 2.0;
  EXPECT_EQ(make_tile_costs(m, 4).value(), (std::vector<double>{2, 4, 6, 8}));
  m.longest_first = true;
  EXPECT_EQ(make_tile_costs(m, 4).value(), (std::vector<double>{8, 6, 4, 2}));
  CostModel r;
  r.kind = CostModel::Kind::Random;
  r.lo = 1.0;
  r.hi = 3.0;
  r.seed = 42;
  auto a = make_tile_costs(r, 100).value();
  auto b = make_tile_costs(r, 100).value();
  EXPECT_EQ(a, b);
  for (double v : a) {
    EXPECT_GE(v, 1.0);
    EXPECT_LT(v, 3.0);
  }
  r.seed = 43;
  EXPECT_NE(make_tile_costs(r, 100).value(), a);
  CostModel l;
  l.kind = CostModel::Kind::List;
  l.list = {1, 2};
  EXPECT_FALSE(make_tile_costs(l, 3).ok());
}

TEST(SimIdeal, WaterFilling) {
  std::vector<double> const costs(12, 1.0);
  EXPECT_DOUBLE_EQ(ideal_makespan(costs, 3, {}), 4.0);
  EXPECT_DOUBLE_EQ(ideal_makespan(costs, 4, {{3, 3.0}}), 3.75);
  EXPECT_DOUBLE_EQ(ideal_makespan(costs, 4, {{3, 100.0}}), 4.0);  // that slot never helps
}

TEST(SimValidate, ErrorsNameTheArgument) {
  auto message = [](Config const& c) { return validate(c).message; };
  Config c;
  c.tiles = 0;
  EXPECT_NE(message(c).find("tiles"), std::string::npos);
  c = Config{};
  c.busy = {{3, 1.0}};  // only slots 0..2
  EXPECT_NE(message(c).find("busy slot 3"), std::string::npos);
  c = Config{};
  c.stages = 0;
  EXPECT_NE(message(c).find("stages"), std::string::npos);
  c = Config{};
  c.fetch_latency = -1;
  EXPECT_NE(message(c).find("fetch_latency"), std::string::npos);
  c = Config{};
  c.cost.kind = CostModel::Kind::List;
  Expected<SimResult> r = simulate(c, SourceKind::Static);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().status, Status::InvalidArgument);
  EXPECT_NE(r.error().message.find("cost list"), std::string::npos);
  EXPECT_TRUE(validate(Config{}).ok());
}

TEST(SimSources, NamesRoundTrip) {
  for (SourceKind k : all_source_kinds()) EXPECT_EQ(parse_source_kind(to_string(k)).value(), k);
  EXPECT_FALSE(parse_source_kind("magic").ok());
}

}  // namespace
}  // namespace clc::sim

namespace clc::sim {
namespace {

// Issue 9 section 2: one tile in sixteen costs 16x the others, 8 tiles per worker, 132 workers.
Config heavy_tail() {
  Config c;
  c.tiles = 132 * 8;
  c.sms = 132;
  c.cost.kind = CostModel::Kind::List;
  for (int i = 0; i < c.tiles; ++i) c.cost.list.push_back(((unsigned(i) * 2654435761u) >> 16) % 16u == 0u ? 160.0 : 10.0);
  c.fetch_latency = 0.5;
  c.launch_latency = 1.0;
  return c;
}

TEST(SimClaim, AheadLetsAClaimedTileWaitBehindALongOne) {
  Config c = heavy_tail();
  c.stages = 1;  // on demand
  double const on_demand = run(c, SourceKind::TicketResident).makespan;
  c.stages = 2;
  c.claim = ClaimPolicy::Ahead;
  double const ahead = run(c, SourceKind::TicketResident).makespan;
  EXPECT_GT(ahead, 1.3 * on_demand);
  EXPECT_LE(on_demand, run(c, SourceKind::Single).makespan);
}

TEST(SimClaim, HandbackBeatsOnDemandAndEveryoneElseOnAHeavyTail) {
  Config c = heavy_tail();
  c.stages = 2;
  c.claim = ClaimPolicy::Handback;
  for (SourceKind k : {SourceKind::TicketResident, SourceKind::Hardware}) {
    SimResult const r = run(c, k);
    expect_consistent(r, "handback");
    EXPECT_GT(r.handed_back, 0);
    EXPECT_GT(r.taken_over, 0);
    Config o = c;
    o.stages = 1;
    EXPECT_LT(r.makespan, run(o, k).makespan) << to_string(k);
    EXPECT_LT(r.makespan, run(c, SourceKind::Single).makespan) << to_string(k);
    EXPECT_LT(r.makespan, run(c, SourceKind::Static).makespan) << to_string(k);
  }
}

// Two workers; tile 0 (worker A's first) and tile 2 (claimed by A behind it) are long. A has no typical
// time yet, so only the cold limit makes it hand tile 2 back; B, done with the short tiles, runs it.
TEST(SimClaim, HandbackColdLimitFreesATileHeldBehindALongFirstTile) {
  Config c;
  c.tiles = 12;
  c.sms = 2;
  c.cost.kind = CostModel::Kind::List;
  c.cost.list = {100, 10, 100, 10, 10, 10, 10, 10, 10, 10, 10, 10};
  c.fetch_latency = 0.5;
  c.launch_latency = 1.0;
  c.stages = 2;
  c.claim = ClaimPolicy::Handback;
  SimResult const cold = run(c, SourceKind::TicketResident);
  expect_consistent(cold, "cold limit");
  EXPECT_GE(cold.handed_back, 1);
  EXPECT_GE(cold.taken_over, 1);
  c.handback_cold = 1e9;  // no guess before the first completed tile: tile 2 waits behind tile 0
  SimResult const never = run(c, SourceKind::TicketResident);
  expect_consistent(never, "no cold limit");
  EXPECT_LT(cold.makespan + 40.0, never.makespan);  // 152.5 against 201.5: tile 2 starts 70 earlier
}

// The per-tile handshake decides handback against Single on the heavy tail (docs/scheduling.md, 7b): with
// the H200's median gaps between tiles (handback ~0.67 us, a CTA relaunch ~0.42 us; development traces of
// bench/results/h200-sched-dev-handback.txt) the model puts the handback behind Single, as the GPU did;
// with a gap below the relaunch's it puts it ahead.
TEST(SimClaim, HandbackAgainstSingleIsDecidedByTheTileGap) {
  Config c = heavy_tail();
  c.stages = 2;
  c.claim = ClaimPolicy::Handback;
  c.launch_latency = 0.42;
  double const single = run(c, SourceKind::Single).makespan;
  c.tile_gap = 0.67;
  SimResult const slow = run(c, SourceKind::TicketResident);
  expect_consistent(slow, "gap 0.67");
  EXPECT_GT(slow.makespan, single);
  c.tile_gap = 0.2;
  SimResult const fast = run(c, SourceKind::TicketResident);
  expect_consistent(fast, "gap 0.2");
  EXPECT_LT(fast.makespan, single);
  c.tile_gap = -1.0;
  EXPECT_FALSE(simulate(c, SourceKind::TicketResident).ok());
}

TEST(SimClaim, HandbackCostsNothingOnUniformTiles) {
  Config c = heavy_tail();
  c.cost = CostModel{};
  c.cost.unit = 10.0;
  c.stages = 2;
  c.claim = ClaimPolicy::Ahead;
  double const ahead = run(c, SourceKind::TicketResident).makespan;
  c.claim = ClaimPolicy::Handback;
  SimResult const r = run(c, SourceKind::TicketResident);
  expect_consistent(r, "handback uniform");
  EXPECT_EQ(r.handed_back, 0);
  EXPECT_DOUBLE_EQ(r.makespan, ahead);
}

TEST(SimClaim, WindowLearnedDuringTheLaunchIsTooLateForAHeavyTail) {
  // The longest tile is known only once one has completed: most held tiles are claimed before.
  Config c = heavy_tail();
  c.stages = 2;
  c.claim = ClaimPolicy::Window;
  double const window = run(c, SourceKind::TicketResident).makespan;
  c.stages = 1;
  EXPECT_GT(window, 1.3 * run(c, SourceKind::TicketResident).makespan);
  c.stages = 2;
  c.claim = ClaimPolicy::Window;
  expect_consistent(run(c, SourceKind::Hardware), "window");
}

}  // namespace
}  // namespace clc::sim

namespace clc::sim {
namespace {

// What the block API can do without a thread free to watch the clock: claim ahead, let workers whose
// claims ran out take claimed-but-unstarted tiles (a CAS on the tile's state), the owner paying the
// same CAS before starting a claimed tile. A held tile is rescued only once the claims have run out,
// so a long tile claimed behind another still starts late: worse than on demand and than Single.
TEST(SimClaim, StealWithoutAWatcherDoesNotBeatOnDemandOnAHeavyTail) {
  Config c = heavy_tail();
  c.stages = 2;
  c.claim = ClaimPolicy::Steal;
  for (SourceKind k : {SourceKind::TicketResident, SourceKind::Hardware}) {
    SimResult const r = run(c, k);
    expect_consistent(r, "steal");
    EXPECT_GT(r.taken_over, 0) << to_string(k);
    EXPECT_GT(r.verified, 0) << to_string(k);
    Config o = c;
    o.stages = 1;
    EXPECT_GT(r.makespan, run(o, k).makespan) << to_string(k);
    EXPECT_GT(r.makespan, run(c, SourceKind::Single).makespan) << to_string(k);
    Config a = c;
    a.claim = ClaimPolicy::Ahead;
    EXPECT_LT(r.makespan, run(a, k).makespan) << to_string(k);
  }
  // A window of the last tiles only: the owners' CASes are fewer, the rescue smaller still.
  for (int w : {132, 264, 528}) {
    c.steal_window = w;
    SimResult const r = run(c, SourceKind::TicketResident);
    expect_consistent(r, "steal window");
    EXPECT_GT(r.makespan, run(c, SourceKind::Single).makespan) << w;
  }
}

}  // namespace
}  // namespace clc::sim
