//! @file clc_trace_align_main.cpp
//! @brief `clc-trace-align IN.json OUT.json`: re-renders a clc tile trace with every launch (group)
//! shifted to start at the same time, so launches that ran one after another compare side by side.
//! Writes OUT.json and the SVG Gantt chart beside it.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "clc_cli.hpp"
#include "gpu_trace.hpp"

int main(int argc, char** argv) {
  std::string in, out;
  clc::cli::Parser p("clc-trace-align", "re-render a clc tile trace with every launch starting at the same time");
  p.positional("IN.json", &in, "a trace written by clc (Chrome trace-event JSON, any layout)")
      .positional("OUT.json", &out, "the aligned trace; the SVG Gantt chart is written beside it");
  clc::cli::Result const r = p.parse(argc, argv);
  if (r.outcome != clc::cli::Outcome::Run) {
    std::fputs(r.text.c_str(), r.outcome == clc::cli::Outcome::Misuse ? stderr : stdout);
    return r.exit_code();
  }
  std::ifstream f(in, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "clc-trace-align: cannot read '%s'\n", in.c_str());
    return 1;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  std::vector<clc::TraceGroup> groups;
  clc::TraceExportOptions opts;
  if (clc::Error e = clc::read_chrome_trace(ss.str(), &groups, &opts.title)) {
    std::fprintf(stderr, "clc-trace-align: %s: %s\n", in.c_str(), e.what().c_str());
    return 1;
  }
  clc::align_group_starts(groups);
  if (clc::Error e = clc::write_trace_files(groups, out, opts)) {
    std::fprintf(stderr, "clc-trace-align: %s\n", e.what().c_str());
    return 1;
  }
  std::printf("%s and %s: %zu launches\n", out.c_str(), clc::svg_path_beside(out).c_str(), groups.size());
  return 0;
}
