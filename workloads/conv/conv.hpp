//! @file conv.hpp
//! @brief `clc::conv`: 2-D convolution forward (cross-correlation, as cuDNN's and PyTorch's conv2d) on
//! the clc work-stealing runtime, as an implicit GEMM (M = N*P*Q output pixels, N = K filters,
//! K = C*R*S), with bias, residual and ReLU fused into the epilogue:
//!
//!   y[n, p, q, k] = act(alpha * sum_{r,s,c} x[n, p*sh - pad_top + r*dh, q*sw - pad_left + s*dw, c] * w[k, r, s, c]
//!                        + beta * residual[n, p, q, k] + bias[k])
//!
//! Input x is NHWC [N, H, W, C], filter w is KRSC [K, R, S, C] (packed), output y and the residual are
//! NPQK [N, P, Q, K] with P = (H + pad_top + pad_bottom - dilation_h * (R - 1) - 1) / stride_h + 1 and
//! Q likewise. x and y may have explicit element strides (the channel stays contiguous), so views of
//! larger tensors work without copies. x and w are bf16 or fp16 (the same type); y, the residual and
//! the bias are bf16, fp16 or fp32 (one type); accumulation is fp32. groups == 1. Every element index
//! must fit in 32 bits (N*H*W*C, N*P*Q*K, K*R*S*C < 2^31); larger problems are a named error.
//!
//! Kernels:
//!  - `Sm90`: TMA im2col loads of x and tiled TMA loads of w, wgmma, the GEMM's warp-specialised
//!    layout (workloads/common/sm90_mma.cuh), 128 x {64, 128, 256} x 64 tiles (64 channels of one
//!    filter tap per k-step), 2x1 clusters with the filter multicast, a TMA-store epilogue with the
//!    fusions. sm_90a only; needs C a multiple of 8 and 16-byte aligned x, w and x strides, and the
//!    im2col limits (stride <= 8, padding and the filter's reach within the tensor map's corners).
//!  - `Portable`: cp.async gather + mma.sync (sm_80 and later, built for sm_100a too): any C, any
//!    alignment the API accepts (e.g. C = 3 in a network's first layer).
//! `Kernel::Auto` picks Sm90 on Hopper where it applies, else Portable (RunInfo::why_portable says why).
//!
//! @code
//! clc::conv::Arguments a;
//! a.n = 32; a.h = a.w = 56; a.c = 64;            // input NHWC
//! a.k = 64; a.r = a.s = 3;                       // filter KRSC
//! a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = 1;
//! a.x = dX; a.w = dW; a.y = dY;                  // y: [32, 56, 56, 64]
//! a.bias = dBias; a.activation = clc::conv::Activation::ReLU;
//! clc::Error e = clc::conv::run(a, stream);      // e.what() names the bad argument
//! @endcode
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <cuda_runtime_api.h>

#include "clc/kernel_choice.hpp"
#include "clc/launch.hpp"
#include "clc/status.hpp"

namespace clc::conv {

enum class DType : int { BF16 = 0, F16 = 1, F32 = 2 };
enum class Activation : int { None = 0, ReLU = 1 };
//! The kernel to run (clc::KernelChoice, shared by every workload).
using Kernel = KernelChoice;
using clc::to_string;

char const* to_string(DType t);
char const* to_string(Activation a);
std::size_t size_of(DType t);

//! One convolution. Strides are in elements; 0 means packed (x: stride_w = C, stride_h = W * C,
//! stride_n = H * W * C; y and the residual: the same with Q, P, K).
struct Arguments {
  int n = 0, h = 0, w = 0, c = 0;  //!< input NHWC
  int k = 0, r = 0, s = 0;         //!< filter KRSC: K filters of R x S taps of C channels
  int pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  int stride_h = 1, stride_w = 1;
  int dilation_h = 1, dilation_w = 1;
  int groups = 1;  //!< only 1

  DType x_type = DType::BF16;  //!< x and w: BF16 or F16
  DType y_type = DType::BF16;  //!< y, residual and bias: BF16, F16 or F32

  void const* x = nullptr;
  std::int64_t x_stride_n = 0, x_stride_h = 0, x_stride_w = 0;
  void const* filter = nullptr;  //!< packed KRSC
  void* y = nullptr;
  std::int64_t y_stride_n = 0, y_stride_h = 0, y_stride_w = 0;
  void const* residual = nullptr;  //!< read when beta != 0; y's shape and strides
  void const* bias = nullptr;      //!< optional, K values of y_type

  float alpha = 1.0f;
  float beta = 0.0f;
  Activation activation = Activation::None;
};

//! Output height P and width Q of `a` (<= 0 when the filter does not fit the padded input).
int output_h(Arguments const& a);
int output_w(Arguments const& a);

//! How to run it. Zero / Auto fields are chosen per problem by the heuristics. The schedule (source,
//! grid mode, workspace, worker cap, ...) is clc::ScheduleOptions, shared with clc::launch.
struct Options : ScheduleOptions {
  Kernel kernel = Kernel::Auto;
  int cluster_m = 0;  //!< Sm90: CTAs per cluster along M (1 or 2; 0 = heuristic)
  int tile_n = 0;     //!< Sm90: tile width 64, 128 or 256 (0 = heuristic); the portable kernel's tiles are 128x128
  int swizzle = 0;    //!< tile-order band width in tiles (0 = heuristic, 1 = plain raster)
  //! Sm90: split-K factor: each output tile's k-steps (filter taps x 64-channel blocks) are cut into
  //! this many ranges computed by different workers, their fp32 partial sums then reduced (in a fixed
  //! order: bit-identical run to run) by a second kernel with the fused epilogue. 0 = heuristic (split
  //! only when the output has too few tiles to fill the GPU), 1 = off, 2..16.
  int split_k = 0;
  //! Split-K's partial sums: `split_workspace_bytes(args, opts)` bytes of device memory, 16-byte
  //! aligned, owned by the caller; launches that may run at the same time need different buffers.
  //! nullptr: scratch owned by the library, one buffer per (device, stream) shared with clc::gemm, grown
  //! on demand (not during stream capture: there the heuristic does not split, and a forced split_k > 1 is an error).
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
  int swizzle = 1;
  bool tma_store = false;  //!< Sm90: the epilogue stored y with TMA (else it wrote y directly)
  int splits = 1;          //!< Sm90: split-K factor used (1: none)
  //! Sm90: a kernel compiled for a common case ran, not the general one: y of x's type through the TMA
  //! store with no split-K and no residual; or, with split-K, the kernel that writes the partial sums only
  //! (any y and epilogue: the reduction applies them)
  bool fast = false;
  //! Sm90: the filter-row kernel ran (a common case with K <= 128 filters): tiles of tile_m = 256 output
  //! pixels x tile_n = 64 or 128 filters, the filters as the wgmma's rows, y stored transposed
  bool swapped = false;
  LaunchInfo launch;
  std::string why_portable;  //!< when Auto took the portable kernel: why Sm90 did not apply
};

//! Checks `args` and `opts` without touching memory or launching. The message names the argument and
//! the reason (e.g. "groups (2) must be 1").
Error can_implement(Arguments const& args, Options const& opts = {});

//! Bytes of `Options::split_workspace` that `run(args, stream, opts)` needs (0 when it would not split).
//! Error when `args` or `opts` are refused (as can_implement).
Error split_workspace_bytes(Arguments const& args, Options const& opts, std::size_t* bytes);

//! Runs the convolution asynchronously on `stream`. Writes nothing when it returns an argument error.
Error run(Arguments const& args, cudaStream_t stream = nullptr, Options const& opts = {}, RunInfo* info = nullptr);

}  // namespace clc::conv
