//! @file workspace.cpp
//! @brief Ticket workspaces: caller-owned (`Workspace`) and library-owned, one per (device, stream).
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
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
  if (ptr_ != nullptr && owned_) (void)cudaFree(ptr_);
}

Workspace& Workspace::operator=(Workspace&& o) noexcept {
  if (this != &o) {
    if (ptr_ != nullptr && owned_) (void)cudaFree(ptr_);
    ptr_ = o.ptr_;
    device_ = o.device_;
    owned_ = o.owned_;
    o.ptr_ = nullptr;
  }
  return *this;
}

std::size_t Workspace::bytes() { return sizeof(TicketWorkspace); }

Error Workspace::borrow(void* memory, std::size_t size, int device) {
  if (memory == nullptr) return invalid_argument("workspace memory is a null pointer");
  if (reinterpret_cast<std::uintptr_t>(memory) % alignof(TicketWorkspace) != 0)
    return invalid_argument("workspace memory (" + std::to_string(reinterpret_cast<std::uintptr_t>(memory)) +
                            ") is not aligned to " + std::to_string(alignof(TicketWorkspace)) + " bytes");
  if (size < sizeof(TicketWorkspace))
    return invalid_argument("workspace memory has " + std::to_string(size) + " bytes; a workspace needs " +
                            std::to_string(sizeof(TicketWorkspace)));
  if (device < 0) return invalid_argument("workspace device must be >= 0 (got " + std::to_string(device) + ")");
  if (ptr_ != nullptr && owned_) (void)cudaFree(ptr_);
  ptr_ = static_cast<TicketWorkspace*>(memory);
  device_ = device;
  owned_ = false;
  return success();
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
