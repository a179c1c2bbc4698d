//! @file workspace.cpp
//! @brief Ticket workspaces: caller-owned (`Workspace`) and library-owned, one per (device, stream).
#include <map>
#include <mutex>
#include <utility>

#include <cuda_runtime_api.h>

#include "clc/detail/cuda_check.hpp"
#include "clc/launch.hpp"
#include "clc/source/ticket.cuh"

namespace clc {
namespace {

Error allocate_zeroed(TicketWorkspace** out) {
  void* p = nullptr;
  CLC_CUDA_TRY(cudaMalloc(&p, sizeof(TicketWorkspace)));
  cudaError_t const e = cudaMemset(p, 0, sizeof(TicketWorkspace));
  if (e != cudaSuccess) {
    (void)cudaFree(p);
    return detail::cuda_error(e, "cudaMemset(workspace)");
  }
  CLC_CUDA_TRY(cudaDeviceSynchronize());
  *out = static_cast<TicketWorkspace*>(p);
  return success();
}

Error refuse_during_capture(cudaStream_t stream, char const* what) {
  cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  CLC_CUDA_TRY(cudaStreamIsCapturing(stream, &st));
  if (st != cudaStreamCaptureStatusNone)
    return invalid_argument(std::string(what) +
                            ": the stream is being captured and a new Ticket workspace cannot be allocated during "
                            "capture; launch once on this stream before capturing, or pass LaunchOptions::workspace");
  return success();
}

}  // namespace

Workspace::~Workspace() {
  if (ptr_ != nullptr) (void)cudaFree(ptr_);
}

Workspace& Workspace::operator=(Workspace&& o) noexcept {
  if (this != &o) {
    if (ptr_ != nullptr) (void)cudaFree(ptr_);
    ptr_ = o.ptr_;
    device_ = o.device_;
    o.ptr_ = nullptr;
  }
  return *this;
}

Error Workspace::create() {
  if (ptr_ != nullptr) return success();
  int dev = 0;
  CLC_CUDA_TRY(cudaGetDevice(&dev));
  TicketWorkspace* p = nullptr;
  CLC_TRY(allocate_zeroed(&p));
  ptr_ = p;
  device_ = dev;
  return success();
}

Error stream_workspace(cudaStream_t stream, TicketWorkspace** ws) {
  static std::mutex mu;
  static std::map<std::pair<int, cudaStream_t>, TicketWorkspace*> pool;  // lives as long as the process
  int dev = 0;
  CLC_CUDA_TRY(cudaGetDevice(&dev));
  std::lock_guard<std::mutex> lock(mu);
  auto const key = std::make_pair(dev, stream);
  auto it = pool.find(key);
  if (it != pool.end()) {
    *ws = it->second;
    return success();
  }
  CLC_TRY(refuse_during_capture(stream, "clc::launch"));
  TicketWorkspace* p = nullptr;
  CLC_TRY(allocate_zeroed(&p));
  pool.emplace(key, p);
  *ws = p;
  return success();
}

}  // namespace clc
