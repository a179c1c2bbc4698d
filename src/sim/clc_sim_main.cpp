//! @file clc_sim_main.cpp
//! @brief `clc-sim`: compare work sources on a modelled machine (see docs/simulator.md).
#include "cli.hpp"
#include "clc_cli.hpp"

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  for (auto const& a : args)
    if (a == "--version") {
      std::printf("%s\n", clc::cli::version_string().c_str());
      return 0;
    }
  clc::sim::Expected<clc::sim::CliOptions> options = clc::sim::parse_cli(args);
  if (!options) {
    std::fprintf(stderr, "clc-sim: %s\nTry 'clc-sim --help'.\n", options.error().what().c_str());
    return 2;
  }
  if (options->help) {
    std::fputs(clc::sim::cli_help().c_str(), stdout);
    return 0;
  }
  std::string report;
  clc::Error const e = clc::sim::run_cli(options.value(), report);
  std::fputs(report.c_str(), stdout);
  if (e) {
    std::fprintf(stderr, "clc-sim: %s\n", e.what().c_str());
    return 1;
  }
  return 0;
}
