//! @file port_bench.cu
//! @brief `clc-bench port`: the four porting examples' kernels (examples/1x_port_*, each set up by its
//! case.cuh at the example's size) in one process, each original grid launch against its
//! clc::port::launch under Ticket, Static and Single. First a correctness gate: every ported output
//! compared byte for byte with the original's (outputs poisoned with 0xFF before each run, alone and
//! with SMs held); a case that fails it is not timed. Then the variants are timed interleaved over
//! rounds (the order rotates each round): per round and variant, warm-up launches, then timed launches,
//! each behind the examples' gate kernel between two CUDA events (examples/common/port_harness.cuh,
//! `CaseRunner`), alone and with a fraction of the SMs held by a hog on a high-priority stream.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "10_port_stencil/case.cuh"
#include "11_port_histogram/case.cuh"
#include "12_port_transpose/case.cuh"
#include "13_port_elementwise/case.cuh"
#include "clc/tools/interference.hpp"
#include "clc_cli.hpp"
#include "common/csv.hpp"
#include "common/gpu_info.hpp"
#include "common/progress.hpp"
#include "common/start.hpp"
#include "common/stats.hpp"
#include "common/subcommand.hpp"
#include "common/table.hpp"
#include "port_harness.cuh"

namespace clc::bench {
namespace {

using clc_examples::Variant;

//! The cases, in the order they run: each makes its example's data and launches (case.cuh) and keeps
//! them until it is destroyed.
struct CaseSetup {
  virtual ~CaseSetup() = default;
  virtual clc_examples::PortCase port_case() const = 0;
};
template <class C>
struct SetupOf final : CaseSetup {
  C c;
  clc_examples::PortCase port_case() const override { return c.port_case(); }
};
struct CaseDef {
  char const* name;
  std::unique_ptr<CaseSetup> (*make)();
};
template <class C>
std::unique_ptr<CaseSetup> make_setup() {
  return std::make_unique<SetupOf<C>>();
}
CaseDef const kCases[] = {{"stencil", make_setup<stencil::Case>},
                          {"histogram", make_setup<histogram::Case>},
                          {"transpose", make_setup<transpose::Case>},
                          {"elementwise", make_setup<elementwise::Case>}};

struct Config {
  int rounds = 7;
  int iters = 21;
  int warmup = 3;
  double hold = 0.25;
  int only = -1;                                 // index into kCases; -1: all
  std::vector<Variant> variants;                 // the original, then the chosen ports
  int device = 0;
  std::string json, csv, commit;
};

std::string lower(std::string s) {
  for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

//! One port of `--sources`: "SOURCE[/MODIFIER...]" (see the option's help). Its name is
//! "port/" + the source's name + the modifiers as given.
Error parse_port(std::string const& spec, Variant* out) {
  std::vector<std::string> parts;
  std::string rest = spec + "/";
  for (std::size_t pos; (pos = rest.find('/')) != std::string::npos; rest.erase(0, pos + 1))
    parts.push_back(rest.substr(0, pos));
  Variant v;
  struct Named {
    char const* word;
    SourceKind kind;
  };
  Named const sources[] = {{"ticket", SourceKind::Ticket},
                           {"static", SourceKind::Static},
                           {"single", SourceKind::Single},
                           {"cancel", SourceKind::Cancel}};
  for (Named const& n : sources)
    if (lower(parts[0]) == n.word) v.source = n.kind;
  if (v.is_original())
    return invalid_argument("--sources: unknown source '" + parts[0] + "' in '" + spec +
                            "' (ticket, static, single, cancel)");
  v.name = std::string("port/") + to_string(v.source);
  bool claim = false, grid = false, bpt = false, grain = false, workers = false;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    std::string const m = lower(parts[i]);
    bool* seen = nullptr;
    if (m == "ahead" || m == "on-demand") {
      v.claim = m == "ahead" ? ClaimTiming::Ahead : ClaimTiming::OnDemand;
      seen = &claim;
    } else if (m == "every-tile" || m == "resident") {
      v.grid = m == "every-tile" ? GridMode::EveryTile : GridMode::ResidentCapacity;
      seen = &grid;
    } else if (m.rfind("bpt=", 0) == 0 || m.rfind("grain=", 0) == 0 || m.rfind("workers=", 0) == 0) {
      struct Numbered {
        char const* word;
        int lo, hi;
        int* value;
        bool* seen;
      };
      Numbered const numbered[] = {{"bpt", 1, 1024, &v.blocks_per_tile, &bpt},
                                   {"grain", 1, 1024, &v.max_grain, &grain},
                                   {"workers", 1, 1 << 20, &v.max_workers, &workers}};
      std::size_t const eq = m.find('=');
      for (Numbered const& k : numbered) {
        if (m.compare(0, eq, k.word) != 0) continue;
        std::string const n = m.substr(eq + 1);
        bool const digits = !n.empty() && n.size() <= 7 &&
                            std::all_of(n.begin(), n.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
        long const x = digits ? std::stol(n) : 0;
        if (x < k.lo || x > k.hi)
          return invalid_argument("--sources: '" + parts[i] + "' in '" + spec + "': " + k.word + " must be between " +
                                  std::to_string(k.lo) + " and " + std::to_string(k.hi));
        *k.value = int(x);
        seen = k.seen;
      }
    } else {
      return invalid_argument("--sources: unknown modifier '" + parts[i] + "' in '" + spec +
                              "' (ahead, on-demand, every-tile, resident, bpt=N, grain=N, workers=N)");
    }
    if (*seen) return invalid_argument("--sources: '" + spec + "' sets the same setting twice");
    *seen = true;
    v.name += "/" + m;
  }
  *out = v;
  return success();
}

cli::Result parse(int argc, char** argv, Config* c) {
  std::vector<std::string> names;
  for (CaseDef const& d : kCases) names.push_back(d.name);
  std::vector<Variant> ports;
  cli::Parser p("clc-bench port", "the porting examples' kernels: the original grid launch against clc::port::launch "
                                  "under Ticket, Static and Single, interleaved over rounds");
  p.integer("--rounds", 1, 10000, &c->rounds, "rounds; each times every variant in turn, order rotated (default 7)")
      .integer("--iters", 1, 100000, &c->iters, "timed launches per variant and round (default 21)")
      .integer("--warmup", 0, 100000, &c->warmup, "untimed launches per variant before each round's (default 3)")
      .number("--hold", 0.0, 0.95, &c->hold,
              "fraction of the SMs held during the second set of timed launches (default 0.25; 0: no held runs)")
      .choice("--only", names, &c->only, "run this case only")
      .custom("--sources", "LIST",
              "the ports to run: a comma list of ticket, static, single, cancel, each optionally followed by "
              "/ahead or /on-demand (claim timing), /every-tile or /resident (grid mode), /bpt=N (original "
              "blocks per tile), /grain=N (max_grain), /workers=N (max_workers), e.g. ticket/on-demand/bpt=4 (default "
              "ticket,static,single)",
              [&ports](std::string const& v) {
                ports.clear();
                std::string rest = v + ",";
                for (std::size_t pos; (pos = rest.find(',')) != std::string::npos; rest.erase(0, pos + 1)) {
                  Variant port;
                  CLC_TRY(parse_port(rest.substr(0, pos), &port));
                  for (Variant const& k : ports)
                    if (k.name == port.name) return invalid_argument("port '" + port.name + "' given twice");
                  ports.push_back(port);
                }
                return success();
              })
      .integer("--device", 0, 1023, &c->device, "CUDA device ordinal (default 0)")
      .text("--json", "FILE", &c->json, "also write the results as JSON (also without a GPU: status \"no device\")")
      .text("--csv", "FILE", &c->csv, "also write the results as CSV (one row per case and variant)")
      .text("--commit", "SHA", &c->commit, "a commit id to record beside the build's own");
  cli::Result const r = p.parse(argc, argv);
  auto const& defaults = clc_examples::default_variants();
  if (ports.empty()) ports.assign(defaults.begin() + 1, defaults.end());
  c->variants = {defaults[0]};
  c->variants.insert(c->variants.end(), ports.begin(), ports.end());
  return r;
}

//! Every timed launch of one variant in one setting (alone or with SMs held).
struct Timing {
  std::vector<double> ms;             //!< all samples, round after round
  std::vector<double> round_medians;  //!< one per round
  Summary s;                          //!< over all samples
  double spread() const { return s.median > 0 ? (s.max - s.min) / s.median : 0.0; }
};

struct VariantResult {
  Variant v{};
  std::string outputs;  //!< "reference", "identical", "MISMATCH", or "-" when not checked
  Timing alone, held;
};

struct CaseResult {
  std::string name, title;
  long long blocks = 0;
  unsigned threads = 0;
  double hog_ms = 0.0;
  bool timed = false;
  std::vector<std::string> problems;  //!< mismatches and failed `after` checks; non-empty fails the case
  std::vector<VariantResult> variants;
};

//! The correctness gate, then the rounds. The hog lasts max(0.5 ms, 2x the original's undisturbed
//! median), measured first (warm-up, then `iters` launches, not reported).
CaseResult measure(Config const& cfg, int hog_sms, char const* name, clc_examples::PortCase const& pc,
                   ProgressBar* bar, int* bar_done) {
  CaseResult r;
  r.name = name;
  r.title = pc.title;
  r.blocks = (long long)pc.grid.x * pc.grid.y * pc.grid.z;
  r.threads = pc.block.x * pc.block.y * pc.block.z;
  for (Variant const& v : cfg.variants) r.variants.push_back({v, "-", {}, {}});
  clc_examples::CaseRunner run(pc, hog_sms);

  std::vector<clc_examples::Bytes> const ref = run.reference(&r.problems);
  r.variants[0].outputs = "reference";
  if (hog_sms > 0) {
    std::vector<double> t;
    for (int i = 0; i < cfg.warmup + cfg.iters; ++i) {
      double const ms = run.timed_run(r.variants[0].v, 0.0);
      if (i >= cfg.warmup) t.push_back(ms);
    }
    r.hog_ms = std::max(0.5, 2.0 * median(t));
  }
  for (VariantResult& vr : r.variants) {
    if (vr.v.is_original()) continue;
    bool ok = run.matches(vr.v, 0.0, ref, &r.problems);
    if (r.hog_ms > 0.0) ok = run.matches(vr.v, r.hog_ms, ref, &r.problems) && ok;
    vr.outputs = ok ? "identical" : "MISMATCH";
  }
  if (!r.problems.empty()) return r;

  std::vector<double> hogs = {0.0};  // alone, then (unless --hold 0) with SMs held
  if (r.hog_ms > 0.0) hogs.push_back(r.hog_ms);
  std::size_t const nv = r.variants.size();
  for (int round = 0; round < cfg.rounds; ++round) {
    bar->update((*bar_done)++, std::string(name) + " round " + std::to_string(round + 1));
    for (double hog : hogs) {
      for (std::size_t k = 0; k < nv; ++k) {
        VariantResult& vr = r.variants[(k + std::size_t(round)) % nv];
        Timing& t = hog > 0.0 ? vr.held : vr.alone;
        for (int i = 0; i < cfg.warmup; ++i) run.timed_run(vr.v, hog);
        std::vector<double> ms;
        for (int i = 0; i < cfg.iters; ++i) ms.push_back(run.timed_run(vr.v, hog));
        t.round_medians.push_back(median(ms));
        t.ms.insert(t.ms.end(), ms.begin(), ms.end());
      }
    }
  }
  for (VariantResult& vr : r.variants) {
    vr.alone.s = summarize(vr.alone.ms);
    vr.held.s = summarize(vr.held.ms);
  }
  r.timed = true;
  return r;
}

//! Median of `t` over the original's median in the same setting (0 when either is missing).
double ratio(Timing const& t, Timing const& original) {
  return t.s.n > 0 && original.s.median > 0 ? t.s.median / original.s.median : 0.0;
}

void print_case(CaseResult const& r, int hog_sms, int sm_count) {
  std::printf("\n== %s: %s ==\n", r.name.c_str(), r.title.c_str());
  for (std::string const& p : r.problems) std::printf("%s\n", p.c_str());
  if (r.hog_ms > 0.0)
    std::printf("hog: %d of %d SMs for %.2f ms, high-priority stream\n", hog_sms, sm_count, r.hog_ms);
  bool const held = r.hog_ms > 0.0;
  std::vector<std::string> header = {"variant", "outputs", "median ms", "min ms", "max ms", "spread", "vs original"};
  if (held)
    header.insert(header.end(), {"held median ms", "held min ms", "held max ms", "held spread", "held vs original"});
  Table t(header);
  Timing const& a0 = r.variants[0].alone;
  Timing const& h0 = r.variants[0].held;
  for (VariantResult const& vr : r.variants) {
    auto cells = [&](Timing const& x, Timing const& x0) -> std::vector<std::string> {
      if (!r.timed) return {"-", "-", "-", "-", "-"};
      return {Table::fmt(x.s.median, 4), Table::fmt(x.s.min, 4), Table::fmt(x.s.max, 4),
              Table::fmt(100.0 * x.spread(), 1) + "%", Table::fmt(ratio(x, x0), 3)};
    };
    std::vector<std::string> row = {vr.v.name, vr.outputs};
    for (std::string& c : cells(vr.alone, a0)) row.push_back(std::move(c));
    if (held)
      for (std::string& c : cells(vr.held, h0)) row.push_back(std::move(c));
    t.add_row(row);
  }
  t.print(stdout);
  std::fflush(stdout);
}

void csv_rows(Csv& csv, CaseResult const& r) {
  auto g = [](double v) { return json::Writer::number(v); };
  for (VariantResult const& vr : r.variants) {
    std::vector<std::string> row = {r.name, vr.v.name, vr.outputs};
    for (auto const& [t, t0] : {std::pair<Timing const&, Timing const&>{vr.alone, r.variants[0].alone},
                                {vr.held, r.variants[0].held}}) {
      for (double v : {double(t.s.n), t.s.median, t.s.min, t.s.max, t.spread(), ratio(t, t0)}) row.push_back(g(v));
    }
    csv.row(row);
  }
}

void write_timing(json::Writer& j, char const* key, Timing const& t, Timing const& original) {
  j.begin_object(key);
  j.field("samples", t.s.n).field("median_ms", t.s.median).field("min_ms", t.s.min).field("max_ms", t.s.max);
  j.field("spread", t.spread()).field("median_vs_original", ratio(t, original));
  j.begin_array("round_medians_ms");
  for (double m : t.round_medians) j.value(m);
  j.end_array();
  j.end_object();
}

std::string json_document(Config const& cfg, GpuInfo const& gpu, GpuClocks const& start, GpuClocks const& end,
                          int hog_sms, std::vector<CaseResult> const& results, bool failed) {
  json::Writer j(4);  // one line per timing
  j.begin_object();
  write_context(j, "clc-bench port", cfg.commit, gpu);
  write_clocks(j, start, end);
  j.begin_object("settings");
  j.field("rounds", cfg.rounds).field("iters", cfg.iters).field("warmup", cfg.warmup);
  j.field("hold", cfg.hold).field("hold_sms", hog_sms).field("gate_us", clc_examples::CaseRunner::kGateUs);
  j.field("launch_bounds", "LaunchBounds<256, 8>");
  j.begin_array("variants");
  for (Variant const& v : cfg.variants) j.value(v.name);
  j.end_array();
  j.end_object();
  j.begin_array("cases");
  for (CaseResult const& r : results) {
    j.begin_object();
    j.field("name", r.name).field("title", r.title).field("blocks", r.blocks).field("block_threads", r.threads);
    j.field("status", r.problems.empty() ? "ok" : "mismatch").field("timed", r.timed).field("hog_ms", r.hog_ms);
    j.begin_array("problems");
    for (std::string const& p : r.problems) j.value(p);
    j.end_array();
    j.begin_array("variants");
    for (VariantResult const& vr : r.variants) {
      j.begin_object();
      j.field("name", vr.v.name).field("source", vr.v.is_original() ? "none" : to_string(vr.v.source));
      if (!vr.v.is_original())
        j.field("claim", to_string(vr.v.claim)).field("grid", to_string(vr.v.grid))
            .field("blocks_per_tile", vr.v.blocks_per_tile)
            .field("max_grain", vr.v.max_grain).field("max_workers", vr.v.max_workers);
      j.field("outputs", vr.outputs);
      if (r.timed) {
        write_timing(j, "alone", vr.alone, r.variants[0].alone);
        if (r.hog_ms > 0.0) write_timing(j, "held", vr.held, r.variants[0].held);
      }
      j.end_object();
    }
    j.end_array();
    j.end_object();
  }
  j.end_array();
  j.field("status", failed ? "failed" : "ok");
  j.end_object();
  return j.str() + "\n";
}

int fail_write(Error const& e) {
  std::fprintf(stderr, "clc-bench port: %s\n", e.what().c_str());
  return 1;
}

}  // namespace

int port_main(int argc, char** argv) {
  Config cfg;
  cli::Result const pr = parse(argc, argv, &cfg);
  if (int const rc = start_or_exit("clc-bench port", pr, cfg.json, cfg.device); rc >= 0) return rc;
  // The examples' kernels are built for sm_90a and newer only.
  if (int major = 0; cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, cfg.device) == cudaSuccess &&
                     major < 9)
    return report_no_device("clc-bench port",
                            "no CUDA device of compute capability 9.0 or newer (device " + std::to_string(cfg.device) +
                                " is " + std::to_string(major) + ".x)",
                            cfg.json);
  GpuClocks const clocks_start = read_clocks(cfg.device);
  GpuInfo gpu;
  if (!query_gpu(&gpu)) {
    std::fprintf(stderr, "clc-bench port: cannot query the GPU\n");
    return 1;
  }
  int hog_sms = 0;
  if (cfg.hold > 0.0) {
    if (Error e = tools::sms_for_fraction(cfg.hold, &hog_sms)) return fail_write(e);
  }
  std::vector<int> cases;
  for (int i = 0; i < int(std::size(kCases)); ++i)
    if (cfg.only < 0 || cfg.only == i) cases.push_back(i);
  std::printf("clc-bench port: %s (sm_%d%d, %d SMs), driver %d, runtime %d\n", gpu.name.c_str(), gpu.cc_major,
              gpu.cc_minor, gpu.sm_count, gpu.driver_version, gpu.runtime_version);
  std::printf("%d rounds (variant order rotated each round) x (%d warm-up + %d timed launches) per variant, each "
              "behind a %.0f us gate, CUDA events; %s\n",
              cfg.rounds, cfg.warmup, cfg.iters, clc_examples::CaseRunner::kGateUs,
              hog_sms > 0 ? ("then the same with " + std::to_string(hog_sms) + " SMs held (--hold " +
                             Table::fmt(cfg.hold, 2) + ")").c_str()
                          : "no held runs (--hold 0)");

  std::vector<CaseResult> results;
  ProgressBar bar(int(cases.size()) * cfg.rounds);
  int bar_done = 0;
  bool failed = false;
  for (int i : cases) {
    bar.update(bar_done, std::string(kCases[i].name) + " setup and check");
    std::unique_ptr<CaseSetup> const setup = kCases[i].make();
    clc_examples::PortCase const pc = setup->port_case();
    results.push_back(measure(cfg, hog_sms, kCases[i].name, pc, &bar, &bar_done));
    bar_done = int(results.size()) * cfg.rounds;  // a case that failed its check skipped its rounds
    failed = failed || !results.back().problems.empty();
  }
  bar.finish();
  GpuClocks const clocks_end = read_clocks(cfg.device);

  Csv csv({"case", "variant", "outputs", "samples", "median_ms", "min_ms", "max_ms", "spread", "median_vs_original",
           "held_samples", "held_median_ms", "held_min_ms", "held_max_ms", "held_spread", "held_median_vs_original"});
  for (CaseResult const& r : results) {
    print_case(r, hog_sms, gpu.sm_count);
    csv_rows(csv, r);
  }
  std::printf("\nspread = (max - min) / median over all timed launches; "
              "vs original = median / the original's median\n");
  std::printf("SM clock %s MHz at the start, %s at the end\n",
              clocks_start.ok ? std::to_string(clocks_start.sm_mhz).c_str() : "?",
              clocks_end.ok ? std::to_string(clocks_end.sm_mhz).c_str() : "?");
  std::string bad;
  for (CaseResult const& r : results)
    if (!r.problems.empty()) bad += (bad.empty() ? "" : ", ") + r.name;
  std::printf("result: %s\n", failed ? ("FAILED: ported outputs differ from the original's in " + bad).c_str()
                                     : "every ported output is bit-identical to the original's");
  if (!cfg.csv.empty()) {
    if (Error e = write_text_file(cfg.csv, csv.str())) return fail_write(e);
    std::printf("wrote %s\n", cfg.csv.c_str());
  }
  if (!cfg.json.empty()) {
    std::string const doc = json_document(cfg, gpu, clocks_start, clocks_end, hog_sms, results, failed);
    if (Error e = write_text_file(cfg.json, doc)) return fail_write(e);
    std::printf("wrote %s\n", cfg.json.c_str());
  }
  return failed ? 1 : 0;
}

}  // namespace clc::bench
