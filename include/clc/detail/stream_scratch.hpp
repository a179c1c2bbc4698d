//! @file detail/stream_scratch.hpp
//! @brief Host: device scratch memory owned by the library, one buffer per (device, stream) shared by
//! every workload (split-K partial sums of clc::gemm and clc::conv). Launches on one stream run one
//! after another, so they can share it; launches on different streams get different buffers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <mutex>
#include <utility>

#include <cuda_runtime_api.h>

#include "../status.hpp"
#include "cuda_check.hpp"

namespace clc::detail {

//! At least `bytes` of scratch for `stream` on the current device in `*out`. The buffer grows
//! geometrically and is never freed (graphs captured on the stream may still name a smaller one).
//! During stream capture a buffer that would have to grow cannot be allocated: `*out` is then null and
//! the caller decides (run without scratch, or a named error).
inline Error stream_scratch(cudaStream_t stream, std::size_t bytes, void** out) {
  struct Entry {
    void* ptr = nullptr;
    std::size_t size = 0;
  };
  static std::mutex mu;
  static std::map<std::pair<int, cudaStream_t>, Entry> pool;
  *out = nullptr;
  int dev = 0;
  CLC_CUDA_TRY(cudaGetDevice(&dev));
  std::lock_guard<std::mutex> lock(mu);
  Entry& entry = pool[std::make_pair(dev, stream)];
  if (entry.ptr != nullptr && entry.size >= bytes) {
    *out = entry.ptr;
    return success();
  }
  cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  CLC_CUDA_TRY(cudaStreamIsCapturing(stream, &st));
  if (st != cudaStreamCaptureStatusNone) return success();
  std::size_t const size = std::max(bytes, 2 * entry.size);
  void* p = nullptr;
  CLC_CUDA_TRY(cudaMalloc(&p, size));
  entry = Entry{p, size};
  *out = p;
  return success();
}

}  // namespace clc::detail
