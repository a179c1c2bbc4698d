//! @file subcommand.hpp
//! @brief clc-bench subcommands: each is `int run(int argc, char** argv)` (argv[0] is the subcommand's
//! name) plus a one-line summary. To add one (e.g. `sched`): write `int sched_main(int, char**)` in its
//! own file under bench/ (after parsing its options it calls `start_or_exit`, common/start.hpp), declare
//! it here, list it in kSubcommands in bench/main.cpp, and add the file to clc-bench in
//! bench/CMakeLists.txt.
#pragma once

namespace clc::bench {

struct Subcommand {
  char const* name;
  char const* summary;
  int (*run)(int argc, char** argv);
};

int gemm_main(int argc, char** argv);
int sched_main(int argc, char** argv);  // bench/sched/sched_bench.cu
int attention_main(int argc, char** argv);  // bench/attention_main.cpp (runs bench/attention_bench.py)
int port_main(int argc, char** argv);  // bench/port_bench.cu (the porting examples' kernels)
int conv_main(int argc, char** argv);  // bench/conv_bench.cu (where cuDNN is found: CLC_BENCH_CONV)

}  // namespace clc::bench
