// The "is there a GPU" rule: skip GPU work only where there is no device or no driver at all; a GPU
// that is there but unusable is an error naming the CUDA error.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include "clc/device_presence.hpp"

namespace {

TEST(DevicePresence, DevicesCounted) {
  clc::GpuPresence p;
  ASSERT_TRUE(clc::detail::classify_gpu_presence(cudaSuccess, 2, true, &p).ok());
  EXPECT_EQ(p.devices, 2);
  EXPECT_TRUE(p.why_none.empty());
}

TEST(DevicePresence, NoDeviceIsNoGpu) {
  clc::GpuPresence p;
  ASSERT_TRUE(clc::detail::classify_gpu_presence(cudaErrorNoDevice, 0, true, &p).ok());
  EXPECT_EQ(p.devices, 0);
  EXPECT_NE(p.why_none.find("cudaErrorNoDevice"), std::string::npos) << p.why_none;
  ASSERT_TRUE(clc::detail::classify_gpu_presence(cudaSuccess, 0, true, &p).ok());
  EXPECT_EQ(p.devices, 0);
  EXPECT_FALSE(p.why_none.empty());
}

TEST(DevicePresence, NoDriverInstalledIsNoGpu) {
  clc::GpuPresence p;
  ASSERT_TRUE(clc::detail::classify_gpu_presence(cudaErrorInsufficientDriver, 0, false, &p).ok());
  EXPECT_EQ(p.devices, 0);
  EXPECT_NE(p.why_none.find("no CUDA driver installed"), std::string::npos) << p.why_none;
}

TEST(DevicePresence, OldDriverIsAnErrorNamingIt) {
  clc::GpuPresence p;
  clc::Error const e = clc::detail::classify_gpu_presence(cudaErrorInsufficientDriver, 0, true, &p);
  EXPECT_EQ(e.status, clc::Status::CudaError);
  EXPECT_NE(e.message.find("cudaErrorInsufficientDriver"), std::string::npos) << e.message;
}

TEST(DevicePresence, OtherFailuresAreErrorsNamingThem) {
  for (cudaError_t err : {cudaErrorInitializationError, cudaErrorNotPermitted, cudaErrorDevicesUnavailable,
                          cudaErrorSystemDriverMismatch, cudaErrorUnknown}) {
    clc::GpuPresence p;
    clc::Error const e = clc::detail::classify_gpu_presence(err, 0, true, &p);
    EXPECT_EQ(e.status, clc::Status::CudaError) << cudaGetErrorName(err);
    EXPECT_NE(e.message.find(cudaGetErrorName(err)), std::string::npos) << e.message;
    EXPECT_EQ(p.devices, 0);
  }
}

TEST(DevicePresence, ThisMachineIsClassified) {
  // Whatever this machine is, the answer is one of the three outcomes, each with its message.
  clc::GpuPresence p;
  clc::Error const e = clc::detect_gpus(&p);
  if (!e.ok()) {
    EXPECT_NE(e.message.find("cudaGetDeviceCount failed"), std::string::npos) << e.what();
  } else if (p.devices == 0) {
    EXPECT_NE(p.why_none.find("no CUDA device"), std::string::npos) << p.why_none;
  } else {
    EXPECT_TRUE(p.why_none.empty());
  }
  std::printf("this machine: %s\n", !e.ok() ? e.what().c_str() : p.devices > 0 ? "CUDA device present" : p.why_none.c_str());
}

}  // namespace
