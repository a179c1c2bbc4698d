//! @file detail/stream_pool.hpp
//! @brief Host: device memory owned by the library, one buffer per (device, stream), grown
//! geometrically and never freed. Launches on one stream run one after another, so they can share a
//! buffer; launches on different streams get different buffers. Used by the runtime's Ticket
//! workspaces (src/runtime/workspace.cpp) and the workloads' split-K scratch (stream_scratch.hpp).
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

//! One pool: a buffer per (device, stream), for the process's lifetime (hold it in a static).
class StreamPool {
 public:
  //! At least `bytes` for `stream` on the current device in `*out`. A buffer that is too small is
  //! replaced by one of max(bytes, twice its size) from `allocate(size, &ptr)` (returning an Error);
  //! the old one stays allocated: graphs captured on the stream may still name it. During stream
  //! capture nothing can be allocated: when the buffer would have to grow, `*out` is null and the
  //! caller decides (run without it, or a named error).
  template <class Allocate>
  Error get(cudaStream_t stream, std::size_t bytes, Allocate const& allocate, void** out) {
    *out = nullptr;
    int dev = 0;
    CLC_CUDA_TRY(cudaGetDevice(&dev));
    std::lock_guard<std::mutex> lock(mu_);
    Entry& entry = pool_[std::make_pair(dev, stream)];
    if (entry.ptr != nullptr && entry.size >= bytes) {
      *out = entry.ptr;
      return success();
    }
    cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
    CLC_CUDA_TRY(cudaStreamIsCapturing(stream, &st));
    if (st != cudaStreamCaptureStatusNone) return success();
    std::size_t const size = std::max(bytes, 2 * entry.size);
    void* p = nullptr;
    CLC_TRY(allocate(size, &p));
    entry = Entry{p, size};
    *out = p;
    return success();
  }

 private:
  struct Entry {
    void* ptr = nullptr;
    std::size_t size = 0;
  };

  std::mutex mu_;
  std::map<std::pair<int, cudaStream_t>, Entry> pool_;
};

}  // namespace clc::detail
