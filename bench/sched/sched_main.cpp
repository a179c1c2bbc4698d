//! @file sched_main.cpp
//! @brief Standalone `clc-bench-sched` (the same as `clc-bench sched`).
#include "sched_bench.hpp"

int main(int argc, char** argv) { return clc::bench::sched::run_sched_bench(argc - 1, argv + 1); }
