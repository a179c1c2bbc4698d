//! @file bench/probes/probe_check.cuh
//! @brief The probes' CUDA return-code check (diagnostics, not part of the build): CK(call) prints the
//! CUDA error with its place and exits. Probes are programs of their own, so exiting is theirs to do.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CK(x)                                                                               \
  do {                                                                                      \
    cudaError_t e_ = (x);                                                                   \
    if (e_ != cudaSuccess) {                                                                \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)
