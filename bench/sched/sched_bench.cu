//! @file sched_bench.cu
//! @brief `clc-bench sched`: the command line, the GPU context and the order of the parts
//! (parts.cu); tables go to stdout, progress to stderr, every measurement to --json.
#include "sched_bench.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "runner.cuh"
#include "sched_report.hpp"
#include "settings.hpp"

namespace clc::bench::sched {
namespace {

void usage(std::FILE* f) {
  std::fprintf(f,
               "usage: clc-bench sched [--quick] [--json FILE] [--trace FILE] [--trace-imbalance FILE]\n"
               "                       [--only overhead,interference,imbalance,grid,latency,host,tail] [--reps N]\n"
               "                       [--commit ID]\n"
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
      if (part != "overhead" && part != "interference" && part != "imbalance" && part != "grid" && part != "latency" &&
          part != "host" && part != "tail") {
        std::fprintf(stderr,
                     "clc-bench sched: --only: unknown part '%s' (overhead, interference, imbalance, grid, latency, "
                     "host, tail)\n",
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
  rep.set_context(g.info, st.commit, st.quick);
  std::printf("clc-bench sched on %s (%d SMs, sm_%d%d)%s\n", g.name.c_str(), g.sms, g.info.cc_major, g.info.cc_minor,
              st.quick ? ", quick" : "");

  using PartFn = Error (*)(Gpu&, Settings const&, Report&);
  struct Named {
    char const* name;
    PartFn fn;
  };
  int rc = 0;
  for (Named const p : {Named{"overhead", part_overhead}, Named{"interference", part_interference},
                        Named{"imbalance", part_imbalance}, Named{"grid", part_grid}, Named{"latency", part_latency},
                        Named{"host", part_host}, Named{"tail", part_tail}}) {
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
