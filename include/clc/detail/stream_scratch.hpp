//! @file detail/stream_scratch.hpp
//! @brief Host: device scratch memory owned by the library, one buffer per (device, stream) shared by
//! every workload (split-K partial sums of clc::gemm and clc::conv), and zeroed flag words per
//! (device, stream) (the counters of clc::gemm's in-kernel split-tail fixup); StreamPools
//! (stream_pool.hpp).
#pragma once

#include <cstddef>

#include <cuda_runtime_api.h>

#include "../status.hpp"
#include "cuda_check.hpp"
#include "stream_pool.hpp"

namespace clc::detail {

//! At least `bytes` of scratch for `stream` on the current device in `*out` (not zeroed). The buffer
//! grows geometrically and is never freed (graphs captured on the stream may still name a smaller one).
//! During stream capture a buffer that would have to grow cannot be allocated: `*out` is then null and
//! the caller decides (run without scratch, or a named error).
inline Error stream_scratch(cudaStream_t stream, std::size_t bytes, void** out) {
  static StreamPool pool;
  auto const allocate = [](std::size_t size, void** out) -> Error {
    void* p = nullptr;
    CLC_CUDA_TRY(cudaMalloc(&p, size));
    *out = p;
    return success();
  };
  return pool.get(stream, bytes, allocate, out);
}

//! At least `bytes` of zeroed flag words for `stream` on the current device in `*out`. The kernels
//! that use them leave every word zero when they end (a counter is reset by the thread that consumes
//! it), so the buffer needs no reset per launch; a new (larger) buffer is zeroed once, synchronously.
//! During stream capture a buffer that would have to grow cannot be allocated: `*out` is then null.
inline Error stream_flags(cudaStream_t stream, std::size_t bytes, void** out) {
  static StreamPool pool;
  auto const allocate = [](std::size_t size, void** out) -> Error {
    void* p = nullptr;
    CLC_CUDA_TRY(cudaMalloc(&p, size));
    cudaError_t e = cudaMemset(p, 0, size);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      (void)cudaFree(p);
      return cuda_error(e, "cudaMemset(split-tail flags)");
    }
    *out = p;
    return success();
  };
  return pool.get(stream, bytes, allocate, out);
}

}  // namespace clc::detail
