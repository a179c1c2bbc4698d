#include "clc/device_presence.hpp"

#include <dlfcn.h>

#include <cuda_runtime_api.h>

namespace clc {

namespace {

//! True when the CUDA driver library is installed (whatever its version).
bool driver_library_installed() {
  void* h = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (h == nullptr) return false;
  dlclose(h);
  return true;
}

}  // namespace

namespace detail {

Error classify_gpu_presence(int count_error, int count, bool driver_installed, GpuPresence* out) {
  *out = GpuPresence{};
  auto const e = static_cast<cudaError_t>(count_error);
  if (e == cudaSuccess) {
    out->devices = count;
    if (count <= 0) {
      out->devices = 0;
      out->why_none = "no CUDA device (0 devices)";
    }
    return success();
  }
  if (e == cudaErrorNoDevice) {
    out->why_none = "no CUDA device (cudaErrorNoDevice)";
    return success();
  }
  if (e == cudaErrorInsufficientDriver && !driver_installed) {
    out->why_none = "no CUDA device (no CUDA driver installed: libcuda.so.1 not found)";
    return success();
  }
  return Error(Status::CudaError, std::string("cudaGetDeviceCount failed with ") + cudaGetErrorName(e) + " (" +
                                      cudaGetErrorString(e) + "): a CUDA device or driver is present but unusable");
}

}  // namespace detail

Error detect_gpus(GpuPresence* out) {
  if (out == nullptr) return invalid_argument("detect_gpus: out must not be null");
  int n = 0;
  cudaError_t const e = cudaGetDeviceCount(&n);
  (void)cudaGetLastError();  // not sticky, but leave no error behind for the caller's next check
  bool const driver = e == cudaErrorInsufficientDriver ? driver_library_installed() : true;
  return detail::classify_gpu_presence(int(e), n, driver, out);
}

}  // namespace clc
