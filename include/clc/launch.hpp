//! @file launch.hpp
//! @brief Host side of a launch that needs no device code: options, argument checks, source
//! resolution and grid sizing (pure functions, unit-tested on machines without a GPU), and the
//! launch configuration `prepare_launch` fills for a kernel on `clc::Scheduler`.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "detail/launch_impl.hpp"
#include "scheduler_params.hpp"
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
  Workspace(Workspace&& o) noexcept : ptr_(o.ptr_), device_(o.device_), owned_(o.owned_), size_(o.size_) {
    o.ptr_ = nullptr;
  }
  Workspace& operator=(Workspace&& o) noexcept;

  //! Allocate and zero `size` bytes (at least `bytes()`) on the current device (not allowed during
  //! stream capture). `Cancel` launches need `bytes_for(SourceKind::Cancel, tiles)`.
  Error create(std::size_t size = bytes());
  //! Use `memory`, at least `bytes()` bytes of device memory on `device`, 8-byte aligned and zeroed by the
  //! caller, who keeps owning it (it is never freed here). For callers whose own allocator must own
  //! device memory (PyTorch's caching allocator, a CUDA graph's memory pool): the memory may come from
  //! an allocation made during stream capture, and a zeroing memset captured before the first launch
  //! makes every replay start from zero. The launches reset it, as they reset a created one.
  Error borrow(void* memory, std::size_t size, int device);
  //! Bytes a `Ticket` workspace needs.
  static std::size_t bytes();
  //! Bytes a launch of `source` over `tiles` needs (`Cancel`: the header plus 4 bytes per cluster).
  //! (Not an overload of `bytes()`: bindings take `&Workspace::bytes`.)
  static std::size_t bytes_for(SourceKind source, TileSpace const& tiles);
  TicketWorkspace* get() const { return ptr_; }
  int device() const { return device_; }
  std::size_t size() const { return size_; }
  bool valid() const { return ptr_ != nullptr; }

 private:
  TicketWorkspace* ptr_ = nullptr;
  int device_ = -1;
  bool owned_ = true;  //!< false for borrowed memory
  std::size_t size_ = 0;
};

//! How a launch is scheduled: the part of the options every API that runs a schedule shares
//! (`LaunchOptions`, `port::Options`, a workload's options embed it).
struct ScheduleOptions {
  //! Auto: Hardware where the device, the kernel binary and the grid mode allow it, else Ticket.
  SourceKind source = SourceKind::Auto;
  GridMode grid = GridMode::Default;     //!< Default: per source (EveryTile for Hardware/Single)
  Workspace const* workspace = nullptr;  //!< Ticket: nullptr = the library's per-stream workspace
  int max_workers = 0;                   //!< ResidentCapacity: cap on launched clusters (0 = occupancy)
  //! Ticket: most clusters one fetch may claim. 0 = automatic: `kAutoMaxGrain` with a
  //! resident-capacity grid (guided self-scheduling: claims shrink to one cluster as work runs
  //! out), 1 with the every-tile grid (exactly hardware CLC's one cluster per response) and for
  //! longest-first spaces (a large early claim would take several of the longest tiles). The kit's
  //! warp-specialised kernels (`kit::launch_warp_specialized`: GEMM, convolution, attention) take 1
  //! for 0: their tile orders are chosen for L2 reuse, which runs of claimed clusters would undo.
  int max_grain = 0;
  TileTraceRecord* trace = nullptr;  //!< optional device array of tiles.tiles() records
  //! Fetching sources: when a worker claims its next tile. Auto: ahead (overlapping the running
  //! tiles) with Stages >= 2, on demand with Stages = 1 (docs/scheduling.md, "Claim timing").
  ClaimTiming claim = ClaimTiming::Auto;
};

//! Options of `clc::launch`: the schedule plus the CTA shape and the stream.
struct LaunchOptions : ScheduleOptions {
  int block_threads = 128;             //!< threads per CTA, a multiple of 32, at most 1024
  std::size_t dynamic_smem_bytes = 0;  //!< dynamic shared memory per CTA (opt-in above 48 KiB is done for you)
  cudaStream_t stream = nullptr;
};

//! `ScheduleOptions::max_grain = 0` with a resident-capacity Ticket grid: up to this many clusters
//! per fetch (guided; docs/scheduling.md has the measurement behind the value).
inline constexpr std::uint32_t kAutoMaxGrain = 64;

//! What a launch did (filled on success).
struct LaunchInfo {
  SourceKind source = SourceKind::Auto;  //!< the source that ran (Auto resolved)
  GridMode grid = GridMode::Default;     //!< the grid mode that ran (Default resolved)
  dim3 grid_dim{1, 1, 1};
  dim3 block_dim{1, 1, 1};
  dim3 cluster_dim{1, 1, 1};
  std::int64_t workers = 0;     //!< clusters launched
  int max_active_clusters = 0;  //!< occupancy: clusters that fit on the device at once
};

//! Facts about a device (`query_device`).
struct DeviceFacts {
  int device = -1;
  int cc_major = 0;
  int cc_minor = 0;
  int sm_count = 0;
  bool cluster_launch = false;     //!< cudaDevAttrClusterLaunch
  std::size_t max_smem_optin = 0;  //!< cudaDevAttrMaxSharedMemoryPerBlockOptin
};

//! Facts about the code of a kernel that the device runs (its loaded cubin or JIT-compiled PTX).
struct KernelFacts {
  int binary_version = 0;     //!< cudaFuncAttributes::binaryVersion (e.g. 90, 100)
  int ptx_version = 0;        //!< cudaFuncAttributes::ptxVersion: the virtual architecture it came from
  bool hardware_clc = false;  //!< the device code was compiled with try_cancel (CLC_HAS_HARDWARE_CLC)
  bool multicast = false;     //!< ... and with its multicast form (CLC_HAS_MULTICAST: sm_100a)
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

//! Checks the options that do not depend on the device (block size, enum values, ...).
Error validate(LaunchOptions const& opts);

//! Resolves `Auto` and refuses sources the device or the kernel's code cannot run. `Auto` means the
//! same everywhere: Hardware where the device, the kernel's code and the grid mode (EveryTile or
//! Default) allow it, else Ticket; a resident-capacity grid always gets Ticket.
Error resolve_source(SourceKind requested, GridMode grid, TileSpace const& tiles, DeviceFacts const& dev,
                     KernelFacts const& kernel, SourceKind* resolved);

//! Resolves `Default` grid mode per source and sizes the grid. `max_active_clusters` is the
//! occupancy of the kernel (clusters resident at once); `max_workers` an optional cap (0 = none).
Error plan_grid(TileSpace const& tiles, SourceKind source, GridMode mode, int max_active_clusters, int max_workers,
                GridPlan* plan);

//! Facts of `device` (cached per device).
Error query_device(int device, DeviceFacts* facts);

//! The library-owned Ticket workspace of (current device, stream), created on first use. Creating
//! one is not allowed while `stream` is being captured: launch once on the stream first, or pass
//! ScheduleOptions::workspace.
Error stream_workspace(cudaStream_t stream, TicketWorkspace** ws);
//! The same, at least `bytes` large (`Workspace::bytes_for(source, tiles)`). A workspace that is too
//! small is replaced by a larger one; the old one stays allocated (graphs captured with it keep
//! working), so growing is refused during capture like creating.
Error stream_workspace(cudaStream_t stream, std::size_t bytes, TicketWorkspace** ws);

//! The library-owned pool of ClaimTiming::Handback for (current device, stream), with at least
//! `slots` mailboxes (source/handback.cuh; grown like the per-stream workspace, and refused during
//! capture when it would have to grow).
Error stream_handback_pool(cudaStream_t stream, std::uint32_t slots, unsigned** states, void** responses);

//! A launch configuration prepared by `prepare_launch`: pass `config()` and your kernel parameters
//! (with `sched` copied into them) to `cudaLaunchKernelEx`. Not copyable: `config()` points into it.
class PreparedLaunch {
 public:
  PreparedLaunch() = default;
  PreparedLaunch(PreparedLaunch const&) = delete;
  PreparedLaunch& operator=(PreparedLaunch const&) = delete;

  cudaLaunchConfig_t const* config() {
    cfg_.attrs = attrs_;
    cfg_.numAttrs = num_attrs_;
    return &cfg_;
  }

  SchedulerParams sched;  //!< copy into the kernel's parameters
  LaunchInfo info;        //!< what the launch will be

 private:
  friend Error detail::prepare_launch(void const*, void const*, SourceTraits const&, TileSpace const&,
                                      LaunchOptions const&, PreparedLaunch*, std::size_t);
  cudaLaunchConfig_t cfg_{};
  cudaLaunchAttribute attrs_[1]{};
  unsigned num_attrs_ = 0;  // the cluster attribute, only for clusters of 2+ CTAs
};

}  // namespace clc
