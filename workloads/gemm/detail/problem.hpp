//! @file problem.hpp
//! @brief Internal: the normalised problem every kernel sees (D row-major; a column-major D is
//! handled by computing D^T = B^T A^T), the launch plan, the Sm90 tensor maps, and the per-kernel
//! launchers.
#pragma once

#include <cstdint>
#include <string>

#include <cuda.h>

#include "../debug.hpp"
#include "../gemm.hpp"
#include "clc/launch.hpp"

namespace clc::gemm::detail {

struct Problem {
  int m = 0, n = 0, k = 0, batch = 1;
  DType ab = DType::BF16;
  DType cd = DType::BF16;
  void const* a = nullptr;
  bool a_kmajor = true;  //!< A (m x k) has k contiguous
  std::int64_t lda = 0, bsa = 0;
  void const* b = nullptr;
  bool b_kmajor = true;  //!< B (k x n) has k contiguous
  std::int64_t ldb = 0, bsb = 0;
  void const* c = nullptr;
  std::int64_t ldc = 0, bsc = 0;
  void* d = nullptr;
  std::int64_t ldd = 0, bsd = 0;
  float alpha = 1.0f, beta = 0.0f;
  //! The swapped problem (Debug::swap_ab): the kernel computes the m x n product of B^T and A^T and
  //! stores it transposed, so that d holds the caller's row-major D (n x m here): d[i * ldd + j] is the
  //! kernel's element (j, i).
  bool d_transposed = false;
};

struct Plan {
  SourceKind source = SourceKind::Auto;  //!< resolved per kernel by the launcher when Auto
  int cluster_m = 1;
  //! Sm90: 2 = clusters of two N tiles of one M tile, A halved between them and multicast (tiles 64 or
  //! 128 wide, whole tiles, cluster_m 1; sm90_width_pairs_n).
  int cluster_n = 1;
  int tile_n = 256;  //!< Sm90: 128 or 256
  bool tma_store = false;  //!< Sm90: store D with TMA (decided by run(); off if D's map cannot be encoded)
  int swizzle = 1;
  int splits = 1;             //!< Sm90: split-K factor (the tile space's z is batch * splits)
  //! Sm90 split tail (> 1): the last `tail_clusters` clusters of tiles run in this many k-pieces each,
  //! after the first `dp_clusters` whole (data-parallel) ones; partials [tail tile * tail_split + piece][128][BN].
  int tail_split = 1;
  int dp_clusters = 0;
  int tail_clusters = 0;
  //! Split tail summed in the kernel (sources whose workers are resident: Ticket, Static; only with
  //! the TMA-store epilogue): each tail tile's last piece waits for the others' partial sums (counters
  //! in `tail_flags`, two per tail tile) and adds them, in piece order, as the addend of its TMA-store
  //! epilogue. Otherwise tail_reduce does it.
  bool fixup = false;
  //! Stream-K (> 0; with the fixup only): the tail's clusters run as this many units of equal k-steps
  //! (StreamK, stream_k.hpp) after the dp_clusters whole ones; tail_split is then the most pieces any
  //! tail tile has.
  int sk_units = 0;
  int* tail_flags = nullptr;  //!< fixup: zeroed counters [tail tile][2], left zero by the kernel
  float* partials = nullptr;  //!< splits > 1: [batch * splits][M][N] fp32 partial sums
  LaunchOptions launch;  //!< stream, workspace, grid mode, max_workers
  Debug debug;           //!< clc-bench's diagnostics (run_debug only)
};

//! Sm90 kernel geometry.
inline constexpr int kSm90TileM = 128;
//! Split tail: a decoded piece's tile x carries its partial-sum slot (tail tile * tail_split + piece,
//! plus 1) above this bit; the M tile is below (the host allows the split tail only below 2^16 M tiles).
inline constexpr int kTailSlotShift = 16;
inline constexpr int kSm90TileK = 64;
//! Rows of B's TMA box when B is K-major and a CTA loads `rows` of them per stage (the tile width, or
//! its half in a 2x1 cluster): all of them up to 128 (a box has at most 256 rows; 128 keeps the stage's
//! loads two), else 128-row boxes, or 64-row ones when 128 does not divide them (192-wide tiles), else two
//! boxes of half the rows (208- and 224-wide tiles: 104 and 112 rows, multiples of 8).
constexpr int sm90_b_box_rows(int rows) {
  return rows <= 128 ? rows : rows % 128 == 0 ? 128 : rows % 64 == 0 ? 64 : rows / 2;  // (208, 224: two boxes)
}
//! Whether tiles `tile_n` wide may run in 2x1 clusters (B halved and multicast in whole 64-wide chunks):
//! 128 and 256; 64-, 192-, 208- and 224-wide tiles run 1x1 only.
constexpr bool sm90_width_pairs(int tile_n) { return tile_n == 128 || tile_n == 256; }
//! Whether tiles `tile_n` wide may run in 1x2 clusters (two N tiles of one M tile; A halved, 64 rows or one
//! 64-wide chunk per CTA, and multicast): 64 and 128.
constexpr bool sm90_width_pairs_n(int tile_n) { return tile_n == 64 || tile_n == 128; }
//! Portable kernel geometry.
inline constexpr int kPortableTileM = 128;
inline constexpr int kPortableTileN = 128;
inline constexpr int kPortableTileK = 32;

//! The Sm90 kernel's tensor maps: A and B (TMA loads), D (TMA store when `tma_store`).
struct Sm90Maps {
  CUtensorMap a;
  CUtensorMap b;
  CUtensorMap d;
  bool tma_store = false;
  //! Rows of A's box (K-major A): 128, or M rounded up to 8 when M fits one tile -- TMA then does not
  //! fill the tile's rows past M with zeros (their accumulators are never stored); 64 in a 1x2 cluster
  //! (each CTA's half of the tile).
  int a_rows = 128;
};

//! Host (sm90_maps.cpp): encode A and B for `plan` (tile width, cluster), and D when plan.tma_store.
//! A or B that TMA cannot describe is a NotSupported error (run() then takes the portable kernel
//! under Kernel::Auto); a D that it cannot describe only turns the TMA store off.
Error encode_sm90_maps(Problem const& p, Plan const& plan, Sm90Maps* maps);

using Sm90Launcher = Error (*)(Problem const&, Plan const&, Sm90Maps const&, RunInfo*);

//! The whole host path of `run`; `sm90` launches the Sm90 kernel (launch_sm90, or the debug variants).
Error run(Arguments const& args, cudaStream_t stream, Options const& opts, Debug const& debug, Sm90Launcher sm90,
          RunInfo* info);

Error launch_sm90(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info);
//! Whether the common case's kernels (kSm90Fast, kSm90FastSwap) run `plan` of `p` (gemm.cpp).
bool fast_kernel(Problem const& p, Plan const& plan, Sm90Maps const& maps);
Error launch_portable(Problem const& p, Plan const& plan, RunInfo* info);

//! One instantiation per (A/B type, source), each in its own .cu file (compile time).
template <DType AB, SourceKind Src>
Error launch_sm90_typed(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info);
template <DType AB>
Error launch_portable_typed(Problem const& p, Plan const& plan, RunInfo* info);

//! The explicit specialisation FN<AB, SRC> of one of the Sm90 launcher families below.
#define CLC_GEMM_DECLARE_SM90(FN, AB, SRC) \
  template <>                              \
  Error FN<AB, SRC>(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info);
CLC_GEMM_DECLARE_SM90(launch_sm90_typed, DType::BF16, SourceKind::Ticket)
CLC_GEMM_DECLARE_SM90(launch_sm90_typed, DType::BF16, SourceKind::Static)
CLC_GEMM_DECLARE_SM90(launch_sm90_typed, DType::BF16, SourceKind::Single)
CLC_GEMM_DECLARE_SM90(launch_sm90_typed, DType::F16, SourceKind::Ticket)
CLC_GEMM_DECLARE_SM90(launch_sm90_typed, DType::F16, SourceKind::Static)
CLC_GEMM_DECLARE_SM90(launch_sm90_typed, DType::F16, SourceKind::Single)
//! The Sm90 kernels that sum a split tail's pieces themselves (Plan::fixup; Ticket and Static only),
//! one file per (A/B type, source).
template <DType AB, SourceKind Src>
Error launch_sm90_fixup_typed(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info);
CLC_GEMM_DECLARE_SM90(launch_sm90_fixup_typed, DType::BF16, SourceKind::Ticket)
CLC_GEMM_DECLARE_SM90(launch_sm90_fixup_typed, DType::BF16, SourceKind::Static)
CLC_GEMM_DECLARE_SM90(launch_sm90_fixup_typed, DType::F16, SourceKind::Ticket)
CLC_GEMM_DECLARE_SM90(launch_sm90_fixup_typed, DType::F16, SourceKind::Static)
//! The common case's kernels (kSm90Fast: A and B row-major, D of their type through the TMA store,
//! whole tiles), one file per (A/B type, source); launch_sm90 picks them where they apply.
template <DType AB, SourceKind Src>
Error launch_sm90_fast_typed(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info);
CLC_GEMM_DECLARE_SM90(launch_sm90_fast_typed, DType::BF16, SourceKind::Ticket)
CLC_GEMM_DECLARE_SM90(launch_sm90_fast_typed, DType::BF16, SourceKind::Static)
CLC_GEMM_DECLARE_SM90(launch_sm90_fast_typed, DType::BF16, SourceKind::Single)
CLC_GEMM_DECLARE_SM90(launch_sm90_fast_typed, DType::F16, SourceKind::Ticket)
CLC_GEMM_DECLARE_SM90(launch_sm90_fast_typed, DType::F16, SourceKind::Static)
CLC_GEMM_DECLARE_SM90(launch_sm90_fast_typed, DType::F16, SourceKind::Single)
#undef CLC_GEMM_DECLARE_SM90
template <>
Error launch_portable_typed<DType::BF16>(Problem const& p, Plan const& plan, RunInfo* info);
template <>
Error launch_portable_typed<DType::F16>(Problem const& p, Plan const& plan, RunInfo* info);

}  // namespace clc::gemm::detail
