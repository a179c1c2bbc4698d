//! @file clc_test.hpp
//! @brief Helpers shared by every test: GPU presence checks that skip (never fail, never pass) on
//! machines without a CUDA device, and assertion macros for CUDA and clc results.
#pragma once

#include <string>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "clc/device_presence.hpp"

namespace clc_test {

//! What a GPU test should do here.
enum class GpuState { Ready, Skip, Fail };

//! Ready when a usable sm_90+ device is present. Skip (with the reason) only when the machine has no
//! CUDA device or no CUDA driver at all, or its device is older than sm_90; any other CUDA failure
//! (driver older than the runtime, no permission, ...) is Fail with the CUDA error's name, so a broken
//! GPU never passes as "no GPU".
inline GpuState gpu_state(std::string* why) {
  clc::GpuPresence p;
  clc::Error const e = clc::detect_gpus(&p);
  if (!e.ok()) {
    *why = e.what();
    return GpuState::Fail;
  }
  if (p.devices == 0) {
    *why = p.why_none;
    return GpuState::Skip;
  }
  int major = 0;
  cudaError_t const ae = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  if (ae != cudaSuccess) {
    *why = std::string("cudaDeviceGetAttribute failed: ") + cudaGetErrorName(ae);
    return GpuState::Fail;
  }
  if (major < 9) {
    *why = "CUDA device 0 is older than sm_90 (clc needs clusters and st.async)";
    return GpuState::Skip;
  }
  return GpuState::Ready;
}

}  // namespace clc_test

//! Skip the current test with a clear message when the machine has no usable GPU ("... GPU test
//! skipped": CTest counts such tests as skipped); fail it, naming the CUDA error, when a GPU is there
//! but broken.
#define CLC_REQUIRE_GPU()                                                                   \
  do {                                                                                      \
    std::string clc_why_;                                                                   \
    ::clc_test::GpuState const clc_state_ = ::clc_test::gpu_state(&clc_why_);              \
    if (clc_state_ == ::clc_test::GpuState::Fail) GTEST_FAIL() << clc_why_;                 \
    if (clc_state_ == ::clc_test::GpuState::Skip) GTEST_SKIP() << clc_why_ << ": GPU test skipped"; \
  } while (0)

#define CUDA_OK(call)                                                                          \
  do {                                                                                         \
    cudaError_t const clc_e_ = (call);                                                         \
    ASSERT_EQ(clc_e_, cudaSuccess) << #call << ": " << cudaGetErrorName(clc_e_) << " " << cudaGetErrorString(clc_e_); \
  } while (0)

#define CLC_OK(expr)                                          \
  do {                                                        \
    ::clc::Error const clc_err_ = (expr);                     \
    ASSERT_TRUE(clc_err_.ok()) << #expr << ": " << clc_err_.what(); \
  } while (0)
