//! @file sched_bench.cu
//! @brief `clc-bench sched`: the command line, the GPU context and the order of the parts
//! (parts.cu); tables go to stdout, progress to stderr, every measurement to --json.
#include "sched_bench.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "clc_cli.hpp"
#include "common/start.hpp"
#include "runner.cuh"
#include "sched_report.hpp"
#include "settings.hpp"

namespace clc::bench::sched {
namespace {

char const* const kParts[] = {"overhead", "interference", "imbalance", "grid", "latency", "host", "tail", "handback"};

cli::Parser make_parser(Settings* st) {
  cli::Parser p("clc-bench sched", "the work sources side by side (scheduling cost, interference, imbalance, grid "
                                   "mode, latency-bound tiles, host cost, heavy tails, handback)");
  p.flag("--quick", &st->quick, "fewer tiles and repetitions (a short run)")
      .text("--json", "FILE", &st->json_path, "every measurement, with date, commit, GPU and clocks (also without a GPU)")
      .text("--csv", "FILE", &st->csv_path, "every row as CSV (part, row, key, value)")
      .text("--trace", "FILE",  &st->trace_path,
            "per-tile trace of the interference scenario (Chrome trace-event JSON + SVG beside it)")
      .integer("--trace-held", 0, 2, &st->trace_held, "--trace: hold N quarters of the SMs (default 1)")
      .integer("--trace-per-sm", 1, 1000, &st->trace_per_sm, "--trace: tiles per SM of the traced workload (default 10)")
      .text("--trace-imbalance", "FILE", &st->trace_imbalance_path,
            "the same for the triangular workload, natural and longest-first")
      .custom("--only", "LIST", "run only these parts (overhead,interference,imbalance,grid,latency,host,tail,handback)",
              [st](std::string const& v) {
                std::string rest = v + ",";
                for (std::size_t pos; (pos = rest.find(',')) != std::string::npos; rest.erase(0, pos + 1)) {
                  std::string const part = rest.substr(0, pos);
                  bool known = false;
                  for (char const* k : kParts) known = known || part == k;
                  if (!known) return invalid_argument("unknown part '" + part + "'");
                }
                st->only = v;
                return success();
              })
      .flag("--no-gate", &st->no_gate,
            "no gate kernel before each timed launch: the events then include the host's time to enqueue it")
      .integer("--reps", 1, 100000, &st->reps, "timed repetitions per configuration (median reported)")
      .integer("--device", 0, 1023, &st->device, "CUDA device ordinal (default 0)")
      .text("--commit", "ID", &st->commit, "a commit id to record beside the build's own");
  return p;
}

}  // namespace

int run_sched_bench(int argc, char** argv) {
  Settings st;
  cli::Result const pr = make_parser(&st).parse(argc, argv, 0);
  if (int const rc = start_or_exit("clc-bench sched", pr, st.json_path, st.device); rc >= 0) return rc;
  GpuClocks const clocks_start = read_clocks(st.device);
  Gpu g;
  if (Error e = g.init()) {
    std::fprintf(stderr, "clc-bench sched: %s\n", e.what().c_str());
    return 1;
  }
  if (st.no_gate) g.gate_us = 0.0;
  Report rep;
  rep.set_context(g.info, st.commit, st.quick);
  rep.set_gate_us(g.gate_us);
  std::printf("clc-bench sched on %s (%d SMs, sm_%d%d)%s; %s\n", g.name.c_str(), g.sms, g.info.cc_major,
              g.info.cc_minor, st.quick ? ", quick" : "",
              g.gate_us > 0.0 ? ("each timed launch behind a " + fmt(g.gate_us, 0) + " us gate kernel").c_str()
                              : "no gate kernel (--no-gate): the times include the host's enqueue");

  using PartFn = Error (*)(Gpu&, Settings const&, Report&);
  struct Named {
    char const* name;
    PartFn fn;
  };
  int rc = 0;
  for (Named const p : {Named{"overhead", part_overhead}, Named{"interference", part_interference},
                        Named{"imbalance", part_imbalance}, Named{"grid", part_grid}, Named{"latency", part_latency},
                        Named{"host", part_host}, Named{"tail", part_tail},
                        Named{"handback", part_handback}}) {
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
  rep.set_clocks(clocks_start, read_clocks(st.device));
  if (!st.csv_path.empty()) {
    if (Error e = write_text_file(st.csv_path, rep.csv())) {
      std::fprintf(stderr, "clc-bench sched: %s\n", e.what().c_str());
      return 1;
    }
    std::printf("csv: %s\n", st.csv_path.c_str());
  }
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
