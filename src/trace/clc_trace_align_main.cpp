//! @file clc_trace_align_main.cpp
//! @brief `clc-trace-align IN.json OUT.json`: re-renders a clc tile trace with every launch (group)
//! shifted to start at the same time, so launches that ran one after another compare side by side.
//! Writes OUT.json and the SVG Gantt chart beside it.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "gpu_trace.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: clc-trace-align IN.json OUT.json   (writes OUT.json and OUT.svg)\n");
    return 2;
  }
  std::ifstream f(argv[1], std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "clc-trace-align: cannot read '%s'\n", argv[1]);
    return 1;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  std::vector<clc::TraceGroup> groups;
  clc::TraceExportOptions opts;
  if (clc::Error e = clc::read_chrome_trace(ss.str(), &groups, &opts.title)) {
    std::fprintf(stderr, "clc-trace-align: %s: %s\n", argv[1], e.what().c_str());
    return 1;
  }
  clc::align_group_starts(groups);
  if (clc::Error e = clc::write_trace_files(groups, argv[2], opts)) {
    std::fprintf(stderr, "clc-trace-align: %s\n", e.what().c_str());
    return 1;
  }
  std::printf("%s and %s: %zu launches\n", argv[2], clc::svg_path_beside(argv[2]).c_str(), groups.size());
  return 0;
}
