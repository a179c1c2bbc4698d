//! @file main.cpp
//! @brief clc-bench: side-by-side benchmarks of the clc runtime's workloads against vendor libraries.
//! `clc-bench <subcommand> [options]`; `clc-bench <subcommand> --help` lists a subcommand's options.
#include <cstdio>
#include <cstring>

#include "clc_cli.hpp"
#include "common/subcommand.hpp"

namespace {

clc::bench::Subcommand const kSubcommands[] = {
    {"gemm", "clc::gemm vs cuBLAS over a suite of shapes (TFLOP/s, ratio, correctness check)", clc::bench::gemm_main},
    {"sched", "work sources side by side: overhead, interference, imbalance, grid mode (+ traces)", clc::bench::sched_main},
    {"attention", "clc::attention vs cuDNN and FlashAttention-2 (PyTorch SDPA, one Python process)",
     clc::bench::attention_main},
    {"port", "the porting examples' kernels: original grid launch vs clc::port::launch (Ticket, Static, Single)",
     clc::bench::port_main},
#ifdef CLC_BENCH_CONV
    {"conv", "clc::conv vs cuDNN over ResNet-50's convolutions (bf16 NHWC; fused bias + ReLU; checked first)",
     clc::bench::conv_main},
#endif
};

void usage(std::FILE* f) {
  std::fprintf(f, "usage: clc-bench <subcommand> [options]\n\nsubcommands:\n");
  for (auto const& s : kSubcommands) std::fprintf(f, "  %-8s %s\n", s.name, s.summary);
  std::fprintf(f, "\n`clc-bench <subcommand> --help` lists its options; `clc-bench --version` prints the version.\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "--version")) {
    std::printf("%s\n", clc::cli::version_string().c_str());
    return 0;
  }
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  for (auto const& s : kSubcommands)
    if (!std::strcmp(argv[1], s.name)) return s.run(argc - 1, argv + 1);
  std::fprintf(stderr, "clc-bench: unknown subcommand '%s'\n\n", argv[1]);
  usage(stderr);
  return 2;
}
