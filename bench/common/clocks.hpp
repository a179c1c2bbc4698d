//! @file clocks.hpp
//! @brief The GPU's current SM and memory clocks (NVML, loaded at run time so the benches need no
//! NVML to build or to run on a machine without a driver). Benchmarks record them at the start and
//! the end of a run, so throttling shows in the results.
#pragma once

#include <dlfcn.h>

#include <string>

namespace clc::bench {

struct GpuClocks {
  bool ok = false;
  unsigned sm_mhz = 0;
  unsigned mem_mhz = 0;
  std::string why;  //!< when !ok
};

//! Current clocks of CUDA device `device` (NVML index = CUDA ordinal unless CUDA_VISIBLE_DEVICES
//! reorders them; then the reading names the NVML device of the same ordinal).
inline GpuClocks read_clocks(int device) {
  GpuClocks c;
  static void* lib = dlopen("libnvidia-ml.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (lib == nullptr) {
    c.why = "NVML (libnvidia-ml.so.1) not available";
    return c;
  }
  using Init = int (*)();
  using Handle = int (*)(unsigned, void**);
  using Clock = int (*)(void*, int, unsigned*);
  auto init = reinterpret_cast<Init>(dlsym(lib, "nvmlInit_v2"));
  auto handle = reinterpret_cast<Handle>(dlsym(lib, "nvmlDeviceGetHandleByIndex_v2"));
  auto clock = reinterpret_cast<Clock>(dlsym(lib, "nvmlDeviceGetClockInfo"));
  if (!init || !handle || !clock) {
    c.why = "NVML lacks the functions needed";
    return c;
  }
  void* h = nullptr;
  constexpr int kGraphics = 0, kSm = 1, kMem = 2;
  (void)kGraphics;
  if (init() != 0 || handle(unsigned(device), &h) != 0 || clock(h, kSm, &c.sm_mhz) != 0 || clock(h, kMem, &c.mem_mhz) != 0) {
    c.why = "NVML could not read the clocks";
    return c;
  }
  c.ok = true;
  return c;
}

}  // namespace clc::bench
