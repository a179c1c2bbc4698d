//! @file interference.cu
//! @brief clc::tools::hold_sms: CTAs that own an SM each for a given time.
#include <cstdint>
#include <string>

#include <cuda_runtime.h>

#include "clc/detail/cuda_check.hpp"
#include "clc/detail/ptx.cuh"
#include "clc/tools/interference.hpp"

namespace clc::tools {
namespace {

__global__ void hold_sm_kernel(unsigned long long duration_ns) {
  extern __shared__ unsigned char reserve[];  // only its size matters: it keeps other CTAs off the SM
  std::uint64_t const start = detail::globaltimer_ns();
  if (threadIdx.x == 0) reserve[0] = 0;
  do {
    __nanosleep(1000);  // hold the SM, not its issue slots
  } while (detail::globaltimer_ns() - start < duration_ns);
}

}  // namespace

Error hold_sms(int num_sms, double ms, cudaStream_t stream) {
  int dev = 0, sms = 0, smem = 0;
  CLC_CUDA_TRY(cudaGetDevice(&dev));
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  if (num_sms < 0 || num_sms > sms)
    return invalid_argument("num_sms must be in [0, " + std::to_string(sms) + "] (got " + std::to_string(num_sms) + ")");
  if (!(ms >= 0.0)) return invalid_argument("ms must be >= 0 (got " + std::to_string(ms) + ")");
  if (num_sms == 0 || ms == 0.0) return success();
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  CLC_CUDA_TRY(cudaFuncSetAttribute(hold_sm_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  hold_sm_kernel<<<num_sms, 32, static_cast<size_t>(smem), stream>>>(static_cast<unsigned long long>(ms * 1e6));
  CLC_CUDA_TRY(cudaGetLastError());
  return success();
}

Error greatest_priority_stream(cudaStream_t* stream) {
  if (stream == nullptr) return invalid_argument("stream must not be null");
  int least = 0, greatest = 0;
  CLC_CUDA_TRY(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  CLC_CUDA_TRY(cudaStreamCreateWithPriority(stream, cudaStreamNonBlocking, greatest));
  return success();
}

Error sms_for_fraction(double fraction, int* num_sms) {
  if (!(fraction >= 0.0 && fraction <= 1.0))
    return invalid_argument("fraction must be in [0, 1] (got " + std::to_string(fraction) + ")");
  int dev = 0, sms = 0;
  CLC_CUDA_TRY(cudaGetDevice(&dev));
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  *num_sms = static_cast<int>(fraction * sms + 0.5);
  return success();
}

}  // namespace clc::tools
