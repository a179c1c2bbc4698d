//! @file settings.hpp
//! @brief The command line of `clc-bench sched` and the parts it runs.
#pragma once

#include <string>

#include <clc/status.hpp>

namespace clc::bench::sched {

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
  int device = 0;         // --device: CUDA device ordinal
  std::string csv_path;   // --csv: every row as CSV (long form)
  bool no_gate = false;   // --no-gate: no gate kernel before timed launches (the method before it)
};

inline bool wants(Settings const& s, char const* part) {
  if (s.only.empty()) return true;
  std::string const l = "," + s.only + ",";
  return l.find(std::string(",") + part + ",") != std::string::npos;
}

struct Gpu;
class Report;

//! The parts (parts.cu), in the order they run.
Error part_overhead(Gpu& g, Settings const& st, Report& rep);
Error part_interference(Gpu& g, Settings const& st, Report& rep);
Error part_imbalance(Gpu& g, Settings const& st, Report& rep);
Error part_grid(Gpu& g, Settings const& st, Report& rep);
Error part_latency(Gpu& g, Settings const& st, Report& rep);  // latency.cu
Error part_host(Gpu& g, Settings const& st, Report& rep);     // host_cost.cu
Error part_tail(Gpu& g, Settings const& st, Report& rep);     // tail.cu
Error part_handback(Gpu& g, Settings const& st, Report& rep); // handback.cu

}  // namespace clc::bench::sched
