//! @file sched_bench.hpp
//! @brief Entry point of `clc-bench sched` (scheduling overhead, interference, imbalance, grid mode).
#pragma once

namespace clc::bench::sched {

//! Runs the benchmark with the arguments after the subcommand name; returns the process exit code
//! (0 ok, 1 failure, 2 bad arguments). Prints tables to stdout, progress to stderr.
int run_sched_bench(int argc, char** argv);

}  // namespace clc::bench::sched
