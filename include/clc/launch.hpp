//! @file launch.hpp
//! @brief Host side of a launch that needs no device code: options, argument checks, source
//! resolution and grid sizing. Pure functions, unit-tested on machines without a GPU.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "source/kind.hpp"
#include "status.hpp"
#include "tile_space.cuh"
#include "trace_record.hpp"

namespace clc {

struct TicketWorkspace;

//! A device workspace for `Ticket` launches, owned by the caller. Launches that may run at the same
//! time (different streams) need different workspaces; one workspace serves any number of launches
//! one after another (it resets itself at the end of each launch). Without one, `clc::launch` uses a
//! workspace owned by the library, one per (device, stream).
class Workspace {
 public:
  Workspace() = default;
  ~Workspace();
  Workspace(Workspace const&) = delete;
  Workspace& operator=(Workspace const&) = delete;
  Workspace(Workspace&& o) noexcept : ptr_(o.ptr_), device_(o.device_), owned_(o.owned_) { o.ptr_ = nullptr; }
  Workspace& operator=(Workspace&& o) noexcept;

  //! Allocate and zero the workspace on the current device (not allowed during stream capture).
  Error create();
  //! Use `memory`, at least `bytes()` bytes of device memory on `device`, 8-byte aligned and zeroed by the
  //! caller, who keeps owning it (it is never freed here). For callers whose own allocator must own
  //! device memory (PyTorch's caching allocator, a CUDA graph's memory pool): the memory may come from
  //! an allocation made during stream capture, and a zeroing memset captured before the first launch
  //! makes every replay start from zero. The launches reset it, as they reset a created one.
  Error borrow(void* memory, std::size_t size, int device);
  //! Bytes a workspace needs.
  static std::size_t bytes();
  TicketWorkspace* get() const { return ptr_; }
  int device() const { return device_; }
  bool valid() const { return ptr_ != nullptr; }

 private:
  TicketWorkspace* ptr_ = nullptr;
  int device_ = -1;
  bool owned_ = true;  //!< false for borrowed memory
};

struct LaunchOptions {
  SourceKind source = SourceKind::Auto;
  GridMode grid = GridMode::Default;
  int block_threads = 128;               //!< threads per CTA, a multiple of 32, at most 1024
  std::size_t dynamic_smem_bytes = 0;    //!< dynamic shared memory per CTA (opt-in above 48 KiB is done for you)
  cudaStream_t stream = nullptr;
  Workspace const* workspace = nullptr;  //!< Ticket: nullptr = the library's per-stream workspace
  int max_workers = 0;                   //!< ResidentCapacity: cap on launched clusters (0 = occupancy)
  TileTraceRecord* trace = nullptr;      //!< optional device array of tiles.tiles() records
  //! Ticket: most clusters one fetch may claim. 0 = automatic: 64 with a resident-capacity grid
  //! (guided self-scheduling: claims shrink to one cluster as work runs out), 1 with the every-tile
  //! grid (exactly hardware CLC's one cluster per response) and for longest-first spaces (a large
  //! early claim would take several of the longest tiles). Ignored by the other sources.
  int max_grain = 0;
  double inject_failure_rate = 0.0;      //!< tests only: Ticket + EveryTile, spurious failures in [0, 1)
  std::uint32_t seed = 0;                //!< seed of the injected failures
};

//! What a launch did (filled on success).
struct LaunchInfo {
  SourceKind source = SourceKind::Auto;  //!< the source that ran (Auto resolved)
  GridMode grid = GridMode::Default;     //!< the grid mode that ran (Default resolved)
  dim3 grid_dim{1, 1, 1};
  dim3 block_dim{1, 1, 1};
  dim3 cluster_dim{1, 1, 1};
  std::int64_t workers = 0;              //!< clusters launched
  int max_active_clusters = 0;           //!< occupancy: clusters that fit on the device at once
};

//! Facts about the device and the kernel binary that the pure planning functions need.
struct DeviceFacts {
  int device = 0;
  int cc_major = 9;
  int cc_minor = 0;
  int sm_count = 132;
  bool cluster_launch = true;      //!< cudaDevAttrClusterLaunch
  int binary_version = 90;         //!< cudaFuncAttributes::binaryVersion of the kernel (e.g. 90, 100)
  bool binary_has_multicast = false;  //!< the kernel was built for an a/f target with CLC multicast
  std::size_t max_smem_optin = 232448;
  std::size_t static_smem = 0;     //!< static shared memory of the kernel
  int max_threads_per_block = 1024;
};

//! The launch a plan resolves to.
struct GridPlan {
  SourceKind source = SourceKind::Auto;
  GridMode grid = GridMode::Default;
  dim3 grid_dim{1, 1, 1};
  dim3 cluster_dim{1, 1, 1};
  std::int64_t workers = 0;
};

//! Checks a TileSpace: every extent >= 1, cluster shape a supported power of two, swizzle >= 1,
//! at most 2^31-1 tiles and launch slots. The message names the bad field and its value.
Error validate(TileSpace const& tiles);

//! Checks the options that do not depend on the device (block size, failure rate, ...).
Error validate(LaunchOptions const& opts);

//! Resolves `Auto` and refuses sources the device or binary cannot run.
Error resolve_source(SourceKind requested, TileSpace const& tiles, DeviceFacts const& dev, SourceKind* resolved);

//! Resolves `Default` grid mode per source and sizes the grid. `max_active_clusters` is the
//! occupancy of the kernel (clusters resident at once); `max_workers` an optional cap (0 = none).
Error plan_grid(TileSpace const& tiles, SourceKind source, GridMode mode, int max_active_clusters, int max_workers,
                GridPlan* plan);

//! Facts of `device` (cached per device).
Error query_device(int device, DeviceFacts* facts);

namespace detail {
//! `cudaFuncGetAttributes(kernel)` on `device`, cached per (kernel, device): a launch path that calls
//! it every time pays microseconds of host time per launch.
Error kernel_attributes(void const* kernel, int device, cudaFuncAttributes* attr);

//! The shared-memory opt-in (`cudaFuncSetAttribute`) and the occupancy of `kernel` in clusters of
//! cluster_x x cluster_y CTAs of `block_threads` threads and `dynamic_smem` bytes, done once per
//! (kernel, device, CTA shape) and cached. `*max_clusters` is 0 with `*occupancy_error` set when
//! the shape cannot be resident. The cache assumes the device is not reset (cudaDeviceReset clears
//! the opt-in).
Error kernel_occupancy(void const* kernel, int device, int sm_count, int block_threads, std::size_t dynamic_smem,
                       int cluster_x, int cluster_y, int* max_clusters, cudaError_t* occupancy_error);
}  // namespace detail

//! The library-owned Ticket workspace of (current device, stream), created on first use. Creating
//! one is not allowed while `stream` is being captured: launch once on the stream first, or pass
//! LaunchOptions::workspace.
Error stream_workspace(cudaStream_t stream, TicketWorkspace** ws);

}  // namespace clc
