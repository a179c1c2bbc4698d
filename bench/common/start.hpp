//! @file start.hpp
//! @brief How every clc-bench subcommand starts once its options are parsed: --help, --version and
//! misuse print their text and end the run; without a GPU the run says so, writes a "no device"
//! document when --json asked for one, and exits 0 (nothing to measure is not a failure).
#pragma once

#include <cstdio>
#include <string>

#include <cuda_runtime_api.h>

#include "clc/trace.hpp"  // write_text_file
#include "clc_cli.hpp"
#include "gpu_info.hpp"

namespace clc::bench {

//! Says that nothing can be measured here and why; with `json_path`, writes `no_device_document` there.
//! Returns the exit code: 0, or 1 when the document cannot be written.
inline int report_no_device(char const* tool, std::string const& why, std::string const& json_path) {
  std::printf("%s: %s; nothing to measure on this machine (run it on a machine with an NVIDIA GPU).\n", tool,
              why.c_str());
  if (json_path.empty()) return 0;
  if (Error e = write_text_file(json_path, no_device_document(tool, why))) {
    std::fprintf(stderr, "%s: %s\n", tool, e.what().c_str());
    return 1;
  }
  std::printf("wrote %s (status: no device)\n", json_path.c_str());
  return 0;
}

//! -1 when the subcommand should run (its arguments were accepted and CUDA device `device` is usable
//! and current), else the exit code to return: 0 after --help or --version, or when the machine has no
//! GPU (reported by `report_no_device`); 1 when a GPU or driver is there but unusable; 2 on misuse,
//! also for a --device the machine does not have.
inline int start_or_exit(char const* tool, cli::Result const& parsed, std::string const& json_path, int device) {
  if (parsed.outcome != cli::Outcome::Run) {
    std::fputs(parsed.text.c_str(), parsed.outcome == cli::Outcome::Misuse ? stderr : stdout);
    return parsed.exit_code();
  }
  bool broken = false;
  std::string const why = no_gpu_reason(&broken);
  if (broken) {
    std::fprintf(stderr, "%s: %s\n", tool, why.c_str());
    return 1;
  }
  if (!why.empty()) return report_no_device(tool, why, json_path);
  if (cudaError_t const e = cudaSetDevice(device); e != cudaSuccess) {
    std::fprintf(stderr, "%s: --device %d: %s\n", tool, device, cudaGetErrorString(e));
    return 2;
  }
  return -1;
}

}  // namespace clc::bench
