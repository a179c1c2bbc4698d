//! @file hog.cuh
//! @brief A kernel that occupies N SMs for T milliseconds, to measure how a launch copes with SMs
//! taken by another kernel (a communication kernel, a concurrent stream, another process).
//!
//! Each hog CTA asks for the device's whole per-block shared-memory opt-in, so exactly one fits on
//! an SM and no other CTA that uses shared memory can share that SM while it runs (every CTA also
//! reserves 1 KiB of system shared memory, so even the runtime's small static storage does not fit).
//! Launch it on a high-priority stream (`Hog::make_stream`) just before the kernel to time: its CTAs
//! are then dispatched first.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

namespace clc_examples {

__device__ __forceinline__ std::uint64_t globaltimer_ns() {
  std::uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

//! Every CTA spins for `duration_ns`, then exits. Its dynamic shared memory is never touched: the
//! allocation alone keeps other CTAs off the SM. (A template so the header can be included anywhere.)
template <int Unused = 0>
__global__ void hog_kernel(std::uint64_t duration_ns) {
  if (threadIdx.x != 0) return;  // no barrier below: the early exit is harmless
  std::uint64_t const t0 = globaltimer_ns();
  while (globaltimer_ns() - t0 < duration_ns) __nanosleep(1000);
}

//! Holds `sms` SMs of the current device while a launched hog runs.
class Hog {
 public:
  //! Prepare a hog of `sms` CTAs (one per SM) on the current device.
  cudaError_t init(int sms) {
    int device = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e != cudaSuccess) return e;
    int optin = 0;
    e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device);
    if (e != cudaSuccess) return e;
    smem_bytes_ = static_cast<std::size_t>(optin);
    e = cudaFuncSetAttribute(hog_kernel<0>, cudaFuncAttributeMaxDynamicSharedMemorySize, optin);
    if (e != cudaSuccess) return e;
    int per_sm = 0;
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, hog_kernel<0>, 32, smem_bytes_);
    if (e != cudaSuccess) return e;
    if (per_sm != 1) return cudaErrorInvalidConfiguration;  // the hog would not own its SMs
    sms_ = sms;
    return cudaSuccess;
  }

  //! Occupy the SMs for `ms` milliseconds, asynchronously on `stream`.
  cudaError_t launch(cudaStream_t stream, double ms) const {
    if (sms_ <= 0) return cudaSuccess;
    hog_kernel<0><<<sms_, 32, smem_bytes_, stream>>>(static_cast<std::uint64_t>(ms * 1e6));
    return cudaGetLastError();
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
  hog_kernel<0><<<1, 32, 0, stream>>>(static_cast<std::uint64_t>(us * 1e3));
  return cudaGetLastError();
}

}  // namespace clc_examples
