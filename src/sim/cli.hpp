//! @file cli.hpp
//! @brief Internal: argument parsing and the run of `clc-sim`, kept out of main() so that tests can
//! call them. Nothing here prints or exits; main() does both.
#pragma once

#include <clc/sim/expected.hpp>
#include <clc/sim/simulator.hpp>

#include <string>
#include <vector>

namespace clc::sim {

struct CliOptions {
  Config config;
  std::vector<SourceKind> sources;  //!< in the order they will be printed
  bool help = false;
  bool gantt = true;
  int width = 72;
  std::string example;              //!< "article" or empty
  std::string svg_path, trace_path, json_path;
  double ns_per_unit = 1000.0;      //!< one model time unit in the Chrome trace
};

//! The --help text.
std::string cli_help();

//! Parses argv[1..]; the error names the option and the value at fault.
Expected<CliOptions> parse_cli(std::vector<std::string> const& args);

//! Runs the simulations and writes the report to `out` and any output files. Returns an error
//! (for instance an unwritable --svg path) instead of printing it.
Error run_cli(CliOptions const& options, std::string& out);

}  // namespace clc::sim
