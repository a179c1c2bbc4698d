//! @file attention_tools.cpp
//! @brief libclc_bench_tools.so: the one clc tool the Python attention benchmark needs through ctypes,
//! clc::tools::hold_sms (a kernel that keeps some SMs busy, for `--interfere`).
#include <cuda_runtime_api.h>

#include "clc/tools/interference.hpp"

extern "C" __attribute__((visibility("default"))) int clc_bench_hold_sms(int num_sms, double ms, void* stream) {
  return clc::tools::hold_sms(num_sms, ms, static_cast<cudaStream_t>(stream)).ok() ? 0 : 1;
}
