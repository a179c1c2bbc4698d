//! @file detail/cuda_check.hpp
//! @brief Turning a CUDA runtime result into a clc::Error that names the call.
#pragma once

#include <string>

#include <cuda_runtime_api.h>

#include "../status.hpp"

namespace clc::detail {

inline Error cuda_error(cudaError_t e, char const* call) {
  if (e == cudaSuccess) return success();
  return {Status::CudaError, std::string(call) + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")"};
}

}  // namespace clc::detail

//! Evaluate a CUDA runtime call; on failure return a clc::Error naming it from the enclosing function.
#define CLC_CUDA_TRY(call)                                                  \
  do {                                                                     \
    cudaError_t clc_cuda_try_e_ = (call);                                  \
    if (clc_cuda_try_e_ != cudaSuccess) return ::clc::detail::cuda_error(clc_cuda_try_e_, #call); \
  } while (0)

//! Propagate a clc::Error from the enclosing function.
#define CLC_TRY(expr)                              \
  do {                                             \
    ::clc::Error clc_try_e_ = (expr);              \
    if (!clc_try_e_.ok()) return clc_try_e_;       \
  } while (0)
