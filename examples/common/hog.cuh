//! @file hog.cuh
//! @brief A kernel that occupies N SMs for T milliseconds, to measure how a launch copes with SMs
//! taken by another kernel (a communication kernel, a concurrent stream, another process).
//!
//! The CTAs are clc::tools::hold_sms's: each asks for the device's whole per-block shared-memory
//! opt-in, so exactly one fits on an SM and no other CTA that uses shared memory can share that SM
//! while it runs (every CTA also reserves 1 KiB of system shared memory, so even the runtime's small
//! static storage does not fit).
//! Launch it on a high-priority stream (`Hog::make_stream`) just before the kernel to time: its CTAs
//! are then dispatched first.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "clc/tools/interference.hpp"

namespace clc_examples {

//! Holds `sms` SMs of the current device while a launched hog runs.
class Hog {
 public:
  //! Prepare a hog of `sms` CTAs (one per SM) on the current device.
  cudaError_t init(int sms) {
    int device = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e != cudaSuccess) return e;
    int count = 0;
    e = cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess) return e;
    if (sms < 0 || sms > count) return cudaErrorInvalidValue;
    int optin = 0;
    e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    if (e != cudaSuccess) return e;
    smem_bytes_ = static_cast<std::size_t>(optin);  // what each hold_sms CTA takes
    sms_ = sms;
    return cudaSuccess;
  }
  //! Occupy the SMs for `ms` milliseconds, asynchronously on `stream` (clc::tools::hold_sms: one CTA
  //! per SM that takes the SM's whole shared-memory opt-in, so nothing else fits beside it).
  cudaError_t launch(cudaStream_t stream, double ms) const {
    clc::Error const e = clc::tools::hold_sms(sms_, ms, stream);
    return e.ok() ? cudaSuccess : cudaErrorLaunchFailure;
  }
  //! A stream of the greatest priority, so a hog launched on it is dispatched before pending work
  //! of ordinary streams.
  static cudaError_t make_stream(cudaStream_t* stream) {
    int least = 0, greatest = 0;
    cudaError_t const e = cudaDeviceGetStreamPriorityRange(&least, &greatest);
    if (e != cudaSuccess) return e;
    return cudaStreamCreateWithPriority(stream, cudaStreamNonBlocking, greatest);
  }

  int sms() const { return sms_; }
  std::size_t smem_bytes() const { return smem_bytes_; }

 private:
  int sms_ = 0;
  std::size_t smem_bytes_ = 0;
};

//! One CTA that keeps `stream` busy for `us` microseconds, so the host can enqueue the timed launch
//! (and its argument checks) before the start event's timestamp is taken.
inline cudaError_t launch_gate(cudaStream_t stream, double us) {
  clc::Error const e = clc::tools::hold_sms(1, us * 1e-3, stream);
  return e.ok() ? cudaSuccess : cudaErrorLaunchFailure;
}

}  // namespace clc_examples
