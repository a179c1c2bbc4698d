//! @file workspace.cpp
//! @brief Ticket workspaces: caller-owned (`Workspace`) and library-owned, one per (device, stream).
#include <cstdint>
#include <string>

#include <cuda_runtime_api.h>

#include "clc/detail/cuda_check.hpp"
#include "clc/detail/stream_pool.hpp"
#include "clc/launch.hpp"
#include "clc/source/auto.cuh"
#include "clc/source/handback.cuh"

namespace clc {
namespace {

Error allocate_zeroed(std::size_t bytes, void** out) {
  void* p = nullptr;
  CLC_CUDA_TRY(cudaMalloc(&p, bytes));
  cudaError_t const e = cudaMemset(p, 0, bytes);
  if (e != cudaSuccess) {
    (void)cudaFree(p);
    return detail::cuda_error(e, "cudaMemset(workspace)");
  }
  CLC_CUDA_TRY(cudaDeviceSynchronize());
  *out = p;
  return success();
}

Error refused_during_capture(char const* what) {
  return invalid_argument(std::string(what) +
                          ": the stream is being captured and a new (or larger) workspace cannot be allocated "
                          "during capture; launch once on this stream (with the same source and tile space) before "
                          "capturing, or pass LaunchOptions::workspace");
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
    size_ = o.size_;
    o.ptr_ = nullptr;
  }
  return *this;
}

std::size_t Workspace::bytes() { return sizeof(TicketWorkspace); }

std::size_t Workspace::bytes_for(SourceKind source, TileSpace const& tiles) {
  if (!source::traits_of(source).slot_states) return bytes();
  return sizeof(TicketWorkspace) + sizeof(unsigned) * std::size_t(tiles.clusters());
}

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
  size_ = size;
  return success();
}

Error Workspace::create(std::size_t size) {
  if (size < sizeof(TicketWorkspace))
    return invalid_argument("Workspace::create: size " + std::to_string(size) + " is below the " +
                            std::to_string(sizeof(TicketWorkspace)) + " bytes of a workspace header");
  if (ptr_ != nullptr && size <= size_) return success();
  int dev = 0;
  CLC_CUDA_TRY(cudaGetDevice(&dev));
  void* p = nullptr;
  CLC_TRY(allocate_zeroed(size, &p));
  if (ptr_ != nullptr && owned_) (void)cudaFree(ptr_);
  ptr_ = static_cast<TicketWorkspace*>(p);
  device_ = dev;
  owned_ = true;
  size_ = size;
  return success();
}

Error stream_workspace(cudaStream_t stream, TicketWorkspace** ws) {
  return stream_workspace(stream, sizeof(TicketWorkspace), ws);
}

Error stream_handback_pool(cudaStream_t stream, std::uint32_t slots, unsigned** states, void** responses) {
  static detail::StreamPool state_pool;     // zeroed: every mailbox free
  static detail::StreamPool response_pool;  // written before it is read
  void* st = nullptr;
  void* rs = nullptr;
  CLC_TRY(state_pool.get(stream, source::handback_states_bytes(slots), allocate_zeroed, &st));
  CLC_TRY(response_pool.get(stream, source::handback_responses_bytes(slots), allocate_zeroed, &rs));
  if (st == nullptr || rs == nullptr) {
    return invalid_argument(
        "options.claim: ClaimTiming::Handback: the stream is being captured and its handback pool (one mailbox per "
        "cluster that can be resident, " + std::to_string(slots) +
        " here) cannot be allocated or grown during capture; launch once on this stream with the same kernel and "
        "tile space before capturing");
  }
  *states = static_cast<unsigned*>(st);
  *responses = rs;
  return success();
}

Error stream_workspace(cudaStream_t stream, std::size_t bytes, TicketWorkspace** ws) {
  static detail::StreamPool pool;  // lives as long as the process
  void* p = nullptr;
  CLC_TRY(pool.get(stream, bytes, allocate_zeroed, &p));
  if (p == nullptr) return refused_during_capture("clc::launch");
  *ws = static_cast<TicketWorkspace*>(p);
  return success();
}

}  // namespace clc
