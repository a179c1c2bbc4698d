//! @file attention_main.cpp
//! @brief `clc-bench attention`: runs bench/attention_bench.py (clc::attention against cuDNN and
//! FlashAttention-2 through PyTorch's scaled_dot_product_attention, in one Python process) with the
//! paths of the libraries it loads. A Python process is the entry point because both reference
//! libraries are reached through PyTorch there; the C++ front end only passes the arguments on.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "clc_cli.hpp"
#include "common/subcommand.hpp"

namespace clc::bench {

int attention_main(int argc, char** argv) {
  std::vector<std::string> args = {"python3", CLC_ATTENTION_BENCH_PY, "--lib", CLC_ATTENTION_C_LIB, "--tools-lib",
                                   CLC_BENCH_TOOLS_LIB};
  bool has_commit = false;
  for (int i = 1; i < argc; ++i) {
    std::string const a = argv[i];
    if (a == "--version") {  // the Python script's options are parsed there (argparse); this one is ours
      std::printf("%s\n", cli::version_string().c_str());
      return 0;
    }
    args.push_back(a);
    if (a == "--commit" || a.rfind("--commit=", 0) == 0) has_commit = true;
  }
  if (!has_commit) {  // the results name the build's own commit unless the operator names one
    args.emplace_back("--commit");
    args.emplace_back(cli::build_commit());
  }
  std::vector<char*> cargv;
  for (auto& a : args) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  std::fflush(stdout);
  pid_t const pid = fork();
  if (pid < 0) {
    std::perror("clc-bench attention: fork");
    return 2;
  }
  if (pid == 0) {
    execvp(cargv[0], cargv.data());
    std::perror("clc-bench attention: cannot run python3");
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) {
    std::perror("clc-bench attention: waitpid");
    return 2;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

}  // namespace clc::bench
