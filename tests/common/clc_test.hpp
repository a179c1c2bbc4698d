//! @file clc_test.hpp
//! @brief Helpers shared by every test: GPU presence checks that skip (never fail, never pass) on
//! machines without a CUDA device, and assertion macros for CUDA and clc results.
#pragma once

#include <string>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

namespace clc_test {

//! Empty string when a usable sm_90+ device is present, else why not.
inline std::string gpu_unavailable_reason() {
  int n = 0;
  cudaError_t const e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess || n == 0) {
    (void)cudaGetLastError();
    return std::string("no CUDA device (") + (e != cudaSuccess ? cudaGetErrorName(e) : "0 devices") + ")";
  }
  int major = 0;
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) != cudaSuccess || major < 9)
    return "CUDA device 0 is older than sm_90 (clc needs clusters and st.async)";
  return {};
}

}  // namespace clc_test

//! Skip the current test, with a clear message, when there is no usable GPU.
#define CLC_REQUIRE_GPU()                                                     \
  do {                                                                        \
    std::string const clc_reason_ = ::clc_test::gpu_unavailable_reason();     \
    if (!clc_reason_.empty()) GTEST_SKIP() << clc_reason_ << ": GPU test skipped"; \
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
