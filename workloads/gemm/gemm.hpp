//! @file gemm.hpp
//! @brief `clc::gemm`: D = alpha * op(A) * op(B) + beta * C on the clc work-stealing runtime.
//!
//! A and B are bf16 or fp16 (the same type), each row- or column-major; accumulation is fp32; C and D
//! are bf16, fp16 or fp32 (the same type and layout). Strided batches; any M, N, K >= 1.
//!
//! Kernels:
//!  - `Sm90`: TMA + wgmma, warp-specialised (one producer warp, one scheduler warp, two consumer
//!    warpgroups), 128x256x64 or 128x128x64 tiles, clusters 1x1 or 2x1 with B multicast. sm_90a only.
//!    Needs A and B readable by TMA (16-byte aligned base, leading dimension and batch stride); with
//!    beta == 0 and a D that TMA can write, the epilogue stores through shared memory with TMA.
//!  - `Portable`: cp.async + mma.sync (sm_80 and later, built for sm_100a too), any alignment.
//! `Kernel::Auto` picks Sm90 on Hopper when TMA can read the operands, else Portable.
//!
//! @code
//! clc::gemm::Arguments a;
//! a.m = M; a.n = N; a.k = K;
//! a.a = dA; a.lda = K;  a.b = dB; a.ldb = N;   // row-major A and B (the default, as torch.matmul)
//! a.d = dD; a.ldd = N;
//! clc::Error e = clc::gemm::run(a, stream);
//! @endcode
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <cuda_runtime_api.h>

#include "clc/kernel_choice.hpp"
#include "clc/launch.hpp"
#include "clc/status.hpp"

namespace clc::gemm {

//! The largest split-K factor (Options::split_k) that clc::gemm takes. The heuristic goes past 16 only
//! for problems of at most 8 output tiles with deep K (e.g. 128x128x70000), where 16 splits leave most
//! of the SMs idle.
inline constexpr int kMaxSplitK = 128;

enum class DType : int { BF16 = 0, F16 = 1, F32 = 2 };
enum class Layout : int { RowMajor = 0, ColMajor = 1 };
//! The kernel to run (clc::KernelChoice, shared by every workload).
using Kernel = KernelChoice;
using clc::to_string;

char const* to_string(DType t);
char const* to_string(Layout l);
std::size_t size_of(DType t);

//! One GEMM problem. Leading dimensions and batch strides are in elements. With `batch == 1` the
//! batch strides are ignored. With `beta == 0`, C is not read and may be null.
struct Arguments {
  int m = 0;
  int n = 0;
  int k = 0;
  int batch = 1;

  DType a_type = DType::BF16;  //!< BF16 or F16; B must have the same type
  DType b_type = DType::BF16;
  DType c_type = DType::BF16;  //!< BF16, F16 or F32; C must have D's type
  DType d_type = DType::BF16;

  void const* a = nullptr;
  Layout layout_a = Layout::RowMajor;  //!< RowMajor: element (i, k) at a[i * lda + k]
  std::int64_t lda = 0;
  std::int64_t batch_stride_a = 0;

  void const* b = nullptr;
  //! RowMajor (the default, as torch.matmul and NumPy): element (k, j) at b[k * ldb + j];
  //! ColMajor: at b[k + j * ldb] (a transposed row-major N x K matrix, e.g. a Linear layer's weight).
  Layout layout_b = Layout::RowMajor;
  std::int64_t ldb = 0;
  std::int64_t batch_stride_b = 0;

  void const* c = nullptr;  //!< same layout as D
  std::int64_t ldc = 0;
  std::int64_t batch_stride_c = 0;

  void* d = nullptr;
  Layout layout_d = Layout::RowMajor;
  std::int64_t ldd = 0;
  std::int64_t batch_stride_d = 0;

  float alpha = 1.0f;
  float beta = 0.0f;
};

//! How to run it. Zero / Auto fields are chosen per problem by the heuristics.
//! The schedule (source, grid mode, workspace, worker cap, grain, claim timing, trace: clc::ScheduleOptions,
//! shared with clc::launch and clc::port) plus what is the workload's own.
struct Options : ScheduleOptions {
  Kernel kernel = Kernel::Auto;
  int cluster_m = 0;   //!< Sm90: CTAs per cluster along M (1 or 2; 0 = heuristic)
  //! Sm90: CTAs per cluster along N (1 or 2; 0 = heuristic). 2: the two CTAs take neighbouring N tiles of one
  //! M tile, each loads half of the tile's A and multicasts it into both (A read once from L2 per pair).
  //! Tiles 64 or 128 wide, whole tiles only (no split-K, split tail or stream-K), not with cluster_m 2.
  int cluster_n = 0;
  int tile_n = 0;      //!< Sm90: tile width 64, 128, 192, 208, 224 or 256 (0 = heuristic; 64, 192, 208 and 224 run 1x1 clusters, 208 and 224 load B K-major only: B column-major, or the swapped problem); the portable kernel's tiles are 128x128
  int swizzle = 0;     //!< tile-order band width in tiles (0 = heuristic, 1 = plain raster)
  //! Sm90: split-K factor: each output tile's k-steps are cut into this many ranges computed by
  //! different workers, their fp32 partial sums then reduced (in a fixed order: bit-identical run to
  //! run) by a second kernel that applies alpha and beta. 0 = heuristic (split only when the problem
  //! has too few tiles to fill the GPU), 1 = off, 2..kMaxSplitK (at most the number of k-steps of 64).
  int split_k = 0;
  //! Sm90 split tail: when the tiles fill the GPU in a whole number of waves plus a partial one, the
  //! tiles of that last wave run as this many k-pieces each (listed after the whole tiles, so the
  //! workers that finish the full waves take them). Under Ticket and Static (resident workers) with the
  //! TMA-store epilogue (beta == 0 and a D whose rows TMA can write) each tile's last piece waits for
  //! the others' fp32 partial sums and adds them in the kernel, in piece order; otherwise (Single, the
  //! every-tile grid, beta != 0, such a D) a second kernel reduces them, like split-K. Either
  //! way the results are bit-identical run to run. 0 = heuristic (when the estimate says the partial
  //! wave costs more than the pieces and their summing; with no whole wave, when pieces summed in the
  //! kernel beat split-K and no split), 1 = off, 2..16 (each piece >= 1 k-step). With no full wave
  //! every tile is split. Not together with split_k > 1. Its partial sums use the split workspace
  //! (`split_workspace_bytes`); the in-kernel sum's counters are the library's (one zeroed buffer per
  //! stream, left zero by every launch; during stream capture it cannot grow: there the heuristic does
  //! not split, and a forced tail_split is an error).
  int tail_split = 0;
  //! Sm90 stream-K: the tiles past the whole waves of data-parallel tiles (or all of them) run as one
  //! unit per worker of equal k-steps, laid across tile boundaries, so that every worker gets the same
  //! share; a tile cut between units is summed in the kernel by its last piece (in piece order:
  //! bit-identical run to run). Needs what the split tail's in-kernel sum needs (Ticket or Static on a
  //! resident grid, beta == 0 and a D whose rows TMA can write). 0 = heuristic (when its estimate beats
  //! no split, the split tail and split-K), 1 = off, 2 = on (refused where it cannot run; where the
  //! units fall on whole tiles the tiles run whole, RunInfo::stream_k_units 0). Not together with
  //! split_k > 1 or tail_split > 1. Workspace and counters as for the split tail.
  int stream_k = 0;
  //! Split-K's (and the split tail's) partial sums: `split_workspace_bytes(args, opts)` bytes of device memory, 16-byte
  //! aligned, owned by the caller; launches that may run at the same time need different buffers.
  //! nullptr: scratch owned by the library, one buffer per (device, stream), grown on demand (not
  //! during stream capture: there the heuristic does not split, and a forced split_k > 1 is an error).
  void* split_workspace = nullptr;
  std::size_t split_workspace_size = 0;  //!< bytes at split_workspace
};

//! What `run` did.
struct RunInfo {
  Kernel kernel = Kernel::Auto;
  SourceKind source = SourceKind::Auto;
  int tile_m = 0;
  int tile_n = 0;
  int cluster_m = 1;
  int cluster_n = 1;       //!< Sm90: 2 when pairs of N tiles shared A (Options::cluster_n)
  int swizzle = 1;
  bool tma_store = false;  //!< Sm90: the epilogue stored D with TMA (else it wrote D directly)
  int splits = 1;          //!< Sm90: split-K factor used (1: none)
  int tail_split = 1;      //!< Sm90: k-pieces of each tail tile (1: no split tail)
  int tail_tiles = 0;      //!< Sm90: tiles run in pieces (the split tail)
  bool tail_fixup = false; //!< Sm90: the split tail's pieces were summed in the kernel (no second kernel)
  int stream_k_units = 0;  //!< Sm90: stream-K units (0: none); then tail_tiles ran in them, in at most tail_split pieces each
  //! Sm90: the operands were swapped (B^T A^T, tiles tile_m along N and tile_n along M) and each tile
  //! stored transposed: the heuristic's choice where the swapped problem's tiles fit M better (with
  //! A and D row-major, a 16-bit D whose rows TMA can write, beta == 0; docs/gemm.md), or the diagnostic
  //! clc-bench gemm --swap-ab
  bool swapped = false;
  //! Sm90: the common case's kernel ran (A and B row-major, D of their type through the TMA store, whole
  //! tiles: a kernel compiled for that case alone), not the general one
  bool fast = false;
  LaunchInfo launch;
  std::string why_portable;  //!< when Auto fell back to the portable kernel: the operand TMA cannot read
};

//! Checks `args` and `opts` without touching memory or launching. The message names the argument and
//! the reason (e.g. "lda (7) must be >= k (8) for row-major A").
Error can_implement(Arguments const& args, Options const& opts = {});

//! Bytes of `Options::split_workspace` that `run(args, stream, opts)` needs (0 when it would not split).
Error split_workspace_bytes(Arguments const& args, Options const& opts, std::size_t* bytes);

//! Runs the GEMM asynchronously on `stream`. Touches nothing when it returns an argument error.
Error run(Arguments const& args, cudaStream_t stream = nullptr, Options const& opts = {}, RunInfo* info = nullptr);

}  // namespace clc::gemm
