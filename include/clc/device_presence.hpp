//! @file device_presence.hpp
//! @brief Is there a CUDA device to run on? Tells "no GPU here" (no device, or no CUDA driver
//! installed at all) apart from a GPU that is there but unusable (driver older than the runtime, no
//! permission, a failed initialisation): the first is a reason to skip GPU work, the second an error.
#pragma once

#include <string>

#include "status.hpp"

namespace clc {

struct GpuPresence {
  int devices = 0;       //!< CUDA devices visible to this process
  std::string why_none;  //!< when devices == 0: why ("no CUDA device (cudaErrorNoDevice)", ...)
};

//! Success with `out->devices > 0`; success with `out->devices == 0` and `out->why_none` set when the
//! machine has no CUDA device (cudaErrorNoDevice, or no device counted) or no CUDA driver installed
//! (the runtime reports cudaErrorInsufficientDriver and libcuda.so.1 cannot be loaded); otherwise a
//! `Status::CudaError` whose message names the CUDA error (a driver that is installed but older than
//! the runtime is such an error, not "no GPU").
Error detect_gpus(GpuPresence* out);

namespace detail {
//! The rule behind `detect_gpus`, as a pure function of what the runtime reported (`count_error` is
//! a cudaError_t value) and whether libcuda.so.1 can be loaded; host-tested case by case.
Error classify_gpu_presence(int count_error, int count, bool driver_installed, GpuPresence* out);
}  // namespace detail

}  // namespace clc
