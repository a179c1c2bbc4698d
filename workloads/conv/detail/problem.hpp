//! @file problem.hpp
//! @brief Internal: the normalised convolution every kernel sees (strides resolved, output size
//! computed), the launch plan, the Sm90 tensor maps, and the per-kernel launchers.
#pragma once

#include <cstdint>
#include <string>

#include <cuda.h>

#include "../conv.hpp"
#include "clc/launch.hpp"

namespace clc::conv::detail {

struct Problem {
  int n = 0, h = 0, w = 0, c = 0;  //!< input NHWC
  int k = 0, r = 0, s = 0;         //!< filter KRSC
  int p = 0, q = 0;                //!< output height and width
  int pad_top = 0, pad_left = 0, pad_bottom = 0, pad_right = 0;
  int stride_h = 1, stride_w = 1, dil_h = 1, dil_w = 1;
  DType xt = DType::BF16;  //!< x and filter
  DType yt = DType::BF16;  //!< y, residual, bias
  void const* x = nullptr;
  std::int64_t xsn = 0, xsh = 0, xsw = 0;  //!< element strides (resolved: never 0)
  void const* filter = nullptr;            //!< packed KRSC: filter k is row k of a K x (R*S*C) matrix
  void* y = nullptr;
  std::int64_t ysn = 0, ysh = 0, ysw = 0;  //!< element strides of y and the residual (resolved)
  void const* residual = nullptr;          //!< null when beta == 0
  void const* bias = nullptr;
  float alpha = 1.0f, beta = 0.0f;
  bool relu = false;

  int m() const { return n * p * q; }    //!< GEMM M: output pixels (< 2^31, checked)
  int kg() const { return r * s * c; }   //!< GEMM K
  //! y (and the residual) is one row-major [N*P*Q, K] matrix with row stride K.
  bool y_packed() const { return ysw == k && ysh == std::int64_t(q) * k && ysn == std::int64_t(p) * q * k; }
};

struct Plan {
  SourceKind source = SourceKind::Auto;  //!< resolved per kernel by the launcher when Auto
  int cluster_m = 1;
  int tile_n = 128;        //!< Sm90: 64, 128 or 256
  bool tma_store = false;  //!< Sm90: store y with TMA (off if y's map cannot be encoded)
  int swizzle = 1;
  int splits = 1;             //!< Sm90: split-K factor (tiles of the tile space's z)
  //! Sm90: the filter-row kernel (64 filters x 256 pixels per tile; tile_n is 64) where the common case's
  //! kernels run (run_impl checks that they do)
  bool swap = false;
  float* partials = nullptr;  //!< splits > 1: [splits][M][K] fp32 partial sums
  LaunchOptions launch;    //!< stream, workspace, grid mode, max_workers
};

//! Sm90 kernel geometry (kit/sm90_mma.cuh): 128-pixel tiles, 64 channels of one filter tap per k-step.
inline constexpr int kSm90TileM = 128;
inline constexpr int kSm90TileK = 64;
//! The filter-row kernel's tile (detail/sm90_kernel.cuh): 64 or 128 filters (the wgmma's M: K <= 64 or
//! K <= 128) x 256 output pixels (its N), so that each k-step is m64n256k16 wgmmas. With K <= 64 filters
//! the usual 128-pixel x 64-filter tile runs m64n64k16 wgmmas, which read as many shared-memory bytes per
//! multiply as the tensor cores can take: per 128 pixels and k-step it moves 56 KiB through shared memory
//! (24 KiB loaded, 32 KiB read by the wgmmas), the 64 x 256 tile 40 KiB (20 + 20); with K <= 128 the
//! 128 x 128 tile 80 KiB (32 + 48), the 128 x 256 one 64 KiB (24 + 40). y is stored transposed.
inline constexpr int kSwapTilePixels = 256;
//! Portable kernel geometry.
inline constexpr int kPortableTileM = 128;
inline constexpr int kPortableTileN = 128;

//! The Sm90 kernel's tensor maps: x (im2col), the filter (tiled, 3-D {C, R*S, K}), y (tiled [M, K],
//! TMA store when `tma_store`).
struct Sm90Maps {
  CUtensorMap x;
  CUtensorMap filter;
  CUtensorMap y;
  bool tma_store = false;
};

//! Empty when the Sm90 kernel can run `p` (TMA alignment, im2col limits), else the reason.
std::string sm90_reason(Problem const& p);

//! Host (sm90_maps.cpp): encode x, the filter and (when plan.tma_store) y for `plan`.
Error encode_sm90_maps(Problem const& p, Plan const& plan, Sm90Maps* maps);

//! One instantiation per (x type, source), each in its own .cu file (compile time).
template <DType X, SourceKind Src>
Error launch_sm90_typed(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info);
template <DType X>
Error launch_portable_typed(Problem const& p, Plan const& plan, RunInfo* info);

#define CLC_CONV_DECLARE_SM90(X, SRC) \
  template <>                         \
  Error launch_sm90_typed<X, SRC>(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info);
CLC_CONV_DECLARE_SM90(DType::BF16, SourceKind::Ticket)
CLC_CONV_DECLARE_SM90(DType::BF16, SourceKind::Static)
CLC_CONV_DECLARE_SM90(DType::BF16, SourceKind::Single)
CLC_CONV_DECLARE_SM90(DType::F16, SourceKind::Ticket)
CLC_CONV_DECLARE_SM90(DType::F16, SourceKind::Static)
CLC_CONV_DECLARE_SM90(DType::F16, SourceKind::Single)
#undef CLC_CONV_DECLARE_SM90
//! The common cases' kernels (y of x's type through the TMA store, no split-K, no residual; `fused`: bias
//! and/or ReLU; the filter-row kernel when plan.swap; with plan.splits > 1 whatever y and the epilogue: the
//! kernel writes the partial sums), one file per (x type, source), Ticket and Static.
template <DType X, SourceKind Src>
Error launch_sm90_fast_typed(Problem const& p, Plan const& plan, Sm90Maps const& maps, bool fused, RunInfo* info);
#define CLC_CONV_DECLARE_SM90_FAST(X, SRC)                                                                 \
  template <>                                                                                             \
  Error launch_sm90_fast_typed<X, SRC>(Problem const& p, Plan const& plan, Sm90Maps const& maps, bool fused, \
                                       RunInfo* info);
CLC_CONV_DECLARE_SM90_FAST(DType::BF16, SourceKind::Ticket)
CLC_CONV_DECLARE_SM90_FAST(DType::BF16, SourceKind::Static)
CLC_CONV_DECLARE_SM90_FAST(DType::F16, SourceKind::Ticket)
CLC_CONV_DECLARE_SM90_FAST(DType::F16, SourceKind::Static)
#undef CLC_CONV_DECLARE_SM90_FAST
//! `run` with the common cases' kernels allowed (`fast`) or not, and the filter-row kernel as the plan
//! says (`swap` 0), wherever it applies (1) or never (-1) (diagnostics: conv/debug.hpp).
Error run_impl(Arguments const& a, cudaStream_t stream, Options const& o, bool fast, int swap, RunInfo* info);
template <>
Error launch_portable_typed<DType::BF16>(Problem const& p, Plan const& plan, RunInfo* info);
template <>
Error launch_portable_typed<DType::F16>(Problem const& p, Plan const& plan, RunInfo* info);

}  // namespace clc::conv::detail
