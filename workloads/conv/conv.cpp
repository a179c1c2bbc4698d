//! @file conv.cpp
//! @brief Host API of clc::conv: argument checks (every message names the argument; none needs a
//! device), normalisation (strides resolved, output size), kernel / tile / cluster choice, dispatch to
//! the per-type launchers.
#include "conv.hpp"
#include "debug.hpp"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>

#include "clc/detail/cuda_check.hpp"
#include "clc/detail/split_k.hpp"
#include "clc/detail/stream_scratch.hpp"
#include "detail/problem.hpp"

#ifndef CLC_CONV_SM90
#  define CLC_CONV_SM90 0  // set by CMake when the build has sm_90a code
#endif

namespace clc::conv {

char const* to_string(DType t) {
  switch (t) {
    case DType::BF16: return "BF16";
    case DType::F16: return "F16";
    case DType::F32: return "F32";
  }
  return "?";
}
char const* to_string(Activation a) { return a == Activation::ReLU ? "ReLU" : "None"; }
std::size_t size_of(DType t) { return t == DType::F32 ? 4 : 2; }

namespace {
// P or Q of one spatial dimension, in 64-bit arithmetic (any int input, e.g. a filter extent of INT_MIN,
// is well defined); 0 when the filter does not fit or an extent, stride or dilation is out of range, and
// at most INT_MAX (can_implement refuses outputs past its index limit by name).
int output_extent(int in, int pad_a, int pad_b, int filter, int dilation, int stride) {
  if (stride < 1 || filter < 1 || dilation < 1 || in < 0) return 0;
  std::int64_t const span = std::int64_t(in) + pad_a + pad_b - std::int64_t(dilation) * (std::int64_t(filter) - 1) - 1;
  if (span < 0) return 0;
  std::int64_t const out = span / stride + 1;
  return out > std::int64_t(INT32_MAX) ? INT32_MAX : int(out);
}
}  // namespace

int output_h(Arguments const& a) { return output_extent(a.h, a.pad_top, a.pad_bottom, a.r, a.dilation_h, a.stride_h); }
int output_w(Arguments const& a) { return output_extent(a.w, a.pad_left, a.pad_right, a.s, a.dilation_w, a.stride_w); }

namespace {

std::string num(std::int64_t v) { return std::to_string(v); }
constexpr std::int64_t kIndexLimit = std::int64_t(1) << 31;
//! Spans of strided tensors, in elements: products of non-negative factors saturated at kSpanLimit (2^62),
//! so that no check overflows and every offset a kernel computes fits in 64 bits.
constexpr std::int64_t kSpanLimit = std::int64_t(1) << 62;
std::int64_t span_mul(std::int64_t a, std::int64_t b) {
  if (a <= 0 || b <= 0) return 0;
  return a >= kSpanLimit / b ? kSpanLimit : a * b;
}
std::string span_text(std::int64_t v) { return v >= kSpanLimit ? std::string("2^62 or more") : num(v); }

//! The product of extents (0 when one is not positive), saturated at kSpanLimit.
std::int64_t extent_product(std::initializer_list<std::int64_t> f) {
  std::int64_t r = 1;
  for (std::int64_t v : f) r = v <= 0 ? 0 : span_mul(r, v);
  return r;
}

bool valid_dtype(DType t) { return t == DType::BF16 || t == DType::F16 || t == DType::F32; }

Error positive(char const* name, int v) {
  if (v < 1) return invalid_argument(std::string(name) + " must be >= 1 (got " + num(v) + ")");
  return success();
}

Error aligned(char const* name, void const* ptr, DType t) {
  std::size_t const es = size_of(t);
  if (reinterpret_cast<std::uintptr_t>(ptr) % es != 0)
    return invalid_argument(std::string(name) + " (" + num(std::int64_t(reinterpret_cast<std::uintptr_t>(ptr))) +
                            ") is not aligned to its element size (" + num(std::int64_t(es)) + " bytes, " +
                            to_string(t) + ")");
  return success();
}

//! Resolved strides of an [n, h, w, c]-shaped tensor (0 = packed) and their checks: the channel is
//! contiguous and pixels, rows and images do not overlap.
Error resolve_strides(char const* tensor, int n, int h, int w, int c, std::int64_t sn, std::int64_t sh,
                      std::int64_t sw, std::int64_t* on, std::int64_t* oh, std::int64_t* ow) {
  std::string const t(tensor);
  // Products saturate at kSpanLimit: a tensor whose elements lie 2^62 or more apart is refused below.
  std::int64_t const rw = sw != 0 ? sw : c;
  std::int64_t const rh = sh != 0 ? sh : span_mul(rw, w);
  std::int64_t const rn = sn != 0 ? sn : span_mul(rh, h);
  if (rw < c)
    return invalid_argument(t + "_stride_w (" + num(sw) + ") must be 0 (packed) or >= the channel count (" + num(c) +
                            ")");
  if (rh < span_mul(rw, w))
    return invalid_argument(t + "_stride_h (" + num(sh) + ") must be 0 (packed) or >= " + t + "_stride_w * width (" +
                            span_text(span_mul(rw, w)) + ")");
  if (rn < span_mul(rh, h))
    return invalid_argument(t + "_stride_n (" + num(sn) + ") must be 0 (packed) or >= " + t + "_stride_h * height (" +
                            span_text(span_mul(rh, h)) + ")");
  if (span_mul(rn, n) >= kSpanLimit)
    return invalid_argument(t + "'s strides span " + span_text(span_mul(rn, n)) +
                            " elements (" + t + "_stride_n * n); at most 2^62 - 1 are supported");
  *on = rn;
  *oh = rh;
  *ow = rw;
  return success();
}

//! The argument checks that need no device (every message names the argument).
Error check_arguments(Arguments const& a, Options const& o) {
  CLC_TRY(positive("n", a.n));
  CLC_TRY(positive("h", a.h));
  CLC_TRY(positive("w", a.w));
  CLC_TRY(positive("c", a.c));
  CLC_TRY(positive("k", a.k));
  CLC_TRY(positive("r", a.r));
  CLC_TRY(positive("s", a.s));
  if (a.groups != 1)
    return not_supported("groups (" + num(a.groups) + ") must be 1 (grouped convolution is not supported)");
  CLC_TRY(positive("stride_h", a.stride_h));
  CLC_TRY(positive("stride_w", a.stride_w));
  CLC_TRY(positive("dilation_h", a.dilation_h));
  CLC_TRY(positive("dilation_w", a.dilation_w));
  if (a.pad_top < 0 || a.pad_bottom < 0 || a.pad_left < 0 || a.pad_right < 0)
    return invalid_argument("padding must be >= 0 (got pad_top " + num(a.pad_top) + ", pad_bottom " +
                            num(a.pad_bottom) + ", pad_left " + num(a.pad_left) + ", pad_right " + num(a.pad_right) +
                            ")");
  int const p = output_h(a), q = output_w(a);
  if (p < 1)
    return invalid_argument("output height (" + num(p) + ") must be >= 1: the dilated filter height (" +
                            num(std::int64_t(a.dilation_h) * (a.r - 1) + 1) + ") exceeds h + pad_top + pad_bottom (" +
                            num(std::int64_t(a.h) + a.pad_top + a.pad_bottom) + ")");
  if (q < 1)
    return invalid_argument("output width (" + num(q) + ") must be >= 1: the dilated filter width (" +
                            num(std::int64_t(a.dilation_w) * (a.s - 1) + 1) + ") exceeds w + pad_left + pad_right (" +
                            num(std::int64_t(a.w) + a.pad_left + a.pad_right) + ")");
  if (!valid_dtype(a.x_type) || !valid_dtype(a.y_type)) return invalid_argument("x_type and y_type must be DType values");
  if (a.x_type == DType::F32)
    return not_supported("x_type must be BF16 or F16 (got F32); x and the filter share it");
  if (a.activation != Activation::None && a.activation != Activation::ReLU)
    return invalid_argument("activation must be None or ReLU");
  std::int64_t const xs = extent_product({a.n, a.h, a.w, a.c});
  std::int64_t const ys = extent_product({a.n, p, q, a.k});
  std::int64_t const fs = extent_product({a.k, a.r, a.s, a.c});
  if (xs >= kIndexLimit)
    return not_supported("x has " + span_text(xs) + " elements (n*h*w*c); at most 2^31 - 1 are supported (32-bit indexing)");
  if (ys >= kIndexLimit)
    return not_supported("y has " + span_text(ys) + " elements (n*p*q*k); at most 2^31 - 1 are supported (32-bit indexing)");
  if (fs >= kIndexLimit)
    return not_supported("the filter has " + span_text(fs) +
                         " elements (k*r*s*c); at most 2^31 - 1 are supported (32-bit indexing)");
  if (a.x == nullptr) return invalid_argument("x is a null pointer");
  if (a.filter == nullptr) return invalid_argument("filter is a null pointer");
  if (a.y == nullptr) return invalid_argument("y is a null pointer");
  if (a.beta != 0.0f && a.residual == nullptr)
    return invalid_argument("residual is a null pointer but beta is " + std::to_string(a.beta));
  CLC_TRY(aligned("x", a.x, a.x_type));
  CLC_TRY(aligned("filter", a.filter, a.x_type));
  CLC_TRY(aligned("y", a.y, a.y_type));
  if (a.beta != 0.0f) CLC_TRY(aligned("residual", a.residual, a.y_type));
  if (a.bias != nullptr) CLC_TRY(aligned("bias", a.bias, a.y_type));
  std::int64_t n_, h_, w_;
  CLC_TRY(resolve_strides("x", a.n, a.h, a.w, a.c, a.x_stride_n, a.x_stride_h, a.x_stride_w, &n_, &h_, &w_));
  CLC_TRY(resolve_strides("y", a.n, p, q, a.k, a.y_stride_n, a.y_stride_h, a.y_stride_w, &n_, &h_, &w_));

  if (o.cluster_m < 0 || o.cluster_m > 2)
    return invalid_argument("options.cluster_m must be 0 (auto), 1 or 2 (got " + num(o.cluster_m) + ")");
  if (o.tile_n != 0 && o.tile_n != 64 && o.tile_n != 128 && o.tile_n != 256)
    return invalid_argument("options.tile_n must be 0 (auto), 64, 128 or 256 (got " + num(o.tile_n) + ")");
  if (o.swizzle < 0) return invalid_argument("options.swizzle must be >= 0 (got " + num(o.swizzle) + ")");
  if (o.max_workers < 0) return invalid_argument("options.max_workers must be >= 0 (got " + num(o.max_workers) + ")");
  if (o.kernel != Kernel::Auto && o.kernel != Kernel::Sm90 && o.kernel != Kernel::Portable)
    return invalid_argument("options.kernel is not a Kernel value");
  if (int(o.source) < 0 || int(o.source) > int(SourceKind::Auto))
    return invalid_argument("options.source is not a SourceKind value (got " + num(int(o.source)) + ")");
  if (int(o.grid) < 0 || int(o.grid) > int(GridMode::ResidentCapacity))
    return invalid_argument("options.grid is not a GridMode value (got " + num(int(o.grid)) + ")");
  if (o.kernel == Kernel::Portable && o.cluster_m == 2)
    return invalid_argument("options.cluster_m 2 needs the Sm90 kernel (the portable kernel runs 1x1 clusters)");
  if (o.split_k < 0 || o.split_k > 16)
    return invalid_argument("options.split_k must be 0 (auto), 1 (off) or 2..16 (got " + num(o.split_k) + ")");
  if (o.kernel == Kernel::Portable && o.split_k > 1)
    return invalid_argument("options.split_k > 1 needs the Sm90 kernel");
  if (o.split_workspace != nullptr && reinterpret_cast<std::uintptr_t>(o.split_workspace) % 16 != 0)
    return invalid_argument("options.split_workspace is not 16-byte aligned");
  return success();
}

detail::Problem normalise(Arguments const& a) {
  detail::Problem p;
  p.n = a.n, p.h = a.h, p.w = a.w, p.c = a.c;
  p.k = a.k, p.r = a.r, p.s = a.s;
  p.p = output_h(a), p.q = output_w(a);
  p.pad_top = a.pad_top, p.pad_left = a.pad_left, p.pad_bottom = a.pad_bottom, p.pad_right = a.pad_right;
  p.stride_h = a.stride_h, p.stride_w = a.stride_w, p.dil_h = a.dilation_h, p.dil_w = a.dilation_w;
  p.xt = a.x_type;
  p.yt = a.y_type;
  p.x = a.x;
  (void)resolve_strides("x", a.n, a.h, a.w, a.c, a.x_stride_n, a.x_stride_h, a.x_stride_w, &p.xsn, &p.xsh, &p.xsw);
  p.filter = a.filter;
  p.y = a.y;
  (void)resolve_strides("y", a.n, p.p, p.q, a.k, a.y_stride_n, a.y_stride_h, a.y_stride_w, &p.ysn, &p.ysh, &p.ysw);
  p.residual = a.beta != 0.0f ? a.residual : nullptr;
  p.bias = a.bias;
  p.alpha = a.alpha;
  p.beta = a.beta;
  p.relu = a.activation == Activation::ReLU;
  return p;
}

bool sm90_built() { return CLC_CONV_SM90 != 0; }

struct Choice {
  Kernel kernel = Kernel::Portable;
  std::string why_portable;
};

Error choose_kernel(detail::Problem const& p, Options const& o, DeviceFacts const& dev, Choice* out) {
  bool const hopper = dev.cc_major == 9 && dev.cc_minor == 0;
  std::string reason;
  if (!hopper)
    reason = "the device is not sm_90 (device " + num(dev.device) + " is sm_" + num(dev.cc_major * 10 + dev.cc_minor) + ")";
  else if (!sm90_built())
    reason = "this build of clc has no sm_90a code (CMAKE_CUDA_ARCHITECTURES without 90a)";
  else
    reason = detail::sm90_reason(p);
  if (o.kernel == Kernel::Sm90) {
    if (!reason.empty()) return not_supported("kernel Sm90 cannot run this convolution: " + reason);
    out->kernel = Kernel::Sm90;
    return success();
  }
  if (o.kernel == Kernel::Portable) {
    out->kernel = Kernel::Portable;
    return success();
  }
  out->kernel = reason.empty() ? Kernel::Sm90 : Kernel::Portable;
  out->why_portable = reason;
  return success();
}

int default_swizzle(int n_tiles) {
  int s = 1;
  while (s < 8 && s * 2 <= n_tiles) s *= 2;
  return s;
}

//! Sm90 tile width: 64 when K <= 64 and 128 when K <= 128 (a wider tile only multiplies zeros);
//! otherwise the width with the shorter estimated makespan over whole waves of tiles, with a 128-wide
//! tile costing 0.65 of a 256-wide one. (The GEMM's estimate is 0.72; with the common cases' kernels
//! the convolution measured 0.57-0.69 per wave on the 3x3 and 1x1 layers of clc-bench conv,
//! bench/results/h200-conv-sweep.txt: 0.72 kept 3 waves of 128-wide tiles from beating 2 of 256-wide
//! ones, 9-10% slower on 3x3 256->256 at N = 128.)
int default_tile_n(detail::Problem const& p, int sms) {
  if (p.k <= 64) return 64;
  if (p.k <= 128) return 128;
  auto waves = [&](int bn) {
    std::int64_t const tiles = ((std::int64_t(p.m()) + detail::kSm90TileM - 1) / detail::kSm90TileM) *
                               ((std::int64_t(p.k) + bn - 1) / bn);
    return double((tiles + sms - 1) / (sms < 1 ? 1 : sms));
  };
  return waves(128) * 0.65 < waves(256) ? 128 : 256;
}

//! Split-K factor: the shortest of clc::detail::split_k_seconds (the estimate shared with clc::gemm) with
//! 4 us more for any split: a split convolution runs the general kernel and a second (reduction) kernel,
//! and measured about 4 us longer than that estimate, the unsplit common-case kernel about 1 us (1x1
//! 2048->512 at 7x7, N = 32, 128-wide tiles: 0.0220 ms split in 2 against 0.0186 unsplit;
//! bench/results/h200-conv-sweep.txt). Each split keeps >= 4 k-steps.
int default_splits(detail::Problem const& p, int tile_n, int sms) {
  int const kt = p.r * p.s * int((std::int64_t(p.c) + detail::kSm90TileK - 1) / detail::kSm90TileK);
  std::int64_t const tiles =
      ((std::int64_t(p.m()) + detail::kSm90TileM - 1) / detail::kSm90TileM) * ((std::int64_t(p.k) + tile_n - 1) / tile_n);
  std::int64_t const out = std::int64_t(p.m()) * p.k;
  int best = 1;
  double best_t = clc::detail::split_k_seconds(tiles, kt, tile_n, out, sms, 1);
  for (int splits = 2; splits <= 16 && kt / splits >= 4; ++splits) {
    double const t = clc::detail::split_k_seconds(tiles, kt, tile_n, out, sms, splits) + 4e-6;
    if (t < best_t) best = splits, best_t = t;
  }
  return best;
}

//! Whether the filter-row kernel (64 or 128 filters x 256 pixels per tile, detail/sm90_kernel.cuh) can run
//! `p` under `plan`: a common case (y of x's type, packed, through the TMA store; no residual; no split-K)
//! with K <= 64 filters and 64-wide tiles or K > 64 and 128-wide ones (plan.tile_n: the tile's filters),
//! 1x1 clusters. (The plan takes it only for K <= 128; run_swap also above.)
bool swap_applies(detail::Problem const& p, detail::Plan const& plan) {
  bool const width = p.k <= 64 ? plan.tile_n == 64 : plan.tile_n == 128;
  return width && plan.cluster_m == 1 && plan.splits == 1 && plan.tma_store && p.yt == p.xt && p.residual == nullptr;
}

struct Decision {
  Choice choice;
  detail::Plan plan;
  std::size_t split_bytes = 0;  //!< partial sums needed (plan.splits > 1)
};

//! Kernel, tile width, cluster, swizzle and split-K of `a` on the current device.
//! The Sm90 kernel's tile width, cluster, swizzle, source and split-K for `p` on `sms` SMs (no device
//! query; decide() and detail::sm90_default_plan).
void plan_sm90(detail::Problem const& p, Options const& o, int sms, detail::Plan* plan, std::size_t* split_bytes) {
  plan->tile_n = o.tile_n != 0 ? o.tile_n : default_tile_n(p, sms);
  std::int64_t const yes = std::int64_t(size_of(p.yt));
  // TMA store: y one packed [M, K] matrix with 16-byte aligned base and rows (TMA was seen writing
  // whole 16-byte units past the last column otherwise; docs/gemm.md).
  plan->tma_store =
      p.y_packed() && (std::int64_t(p.k) * yes) % 16 == 0 && reinterpret_cast<std::uintptr_t>(p.y) % 16 == 0;
  int const n_tiles = (p.k + plan->tile_n - 1) / plan->tile_n;
  // 1x1 clusters unless forced: with the common cases' kernels 2x1 clusters (the filter tile multicast
  // into both CTAs) were 1-4% slower than 1x1 on every layer of clc-bench conv that runs 256-wide tiles
  // (bench/results/h200-conv-sweep.txt); with 64- and 128-wide tiles 1x1 was already faster on 24 of
  // the 28 layers (bench/results/h200-conv-cluster.txt).
  plan->cluster_m = o.cluster_m != 0 ? o.cluster_m : 1;
  plan->swizzle = o.swizzle != 0 ? o.swizzle : default_swizzle(n_tiles);
  if (plan->source == SourceKind::Auto) plan->source = SourceKind::Ticket;  // Hopper has no hardware CLC
  int const kt = p.r * p.s * int((std::int64_t(p.c) + detail::kSm90TileK - 1) / detail::kSm90TileK);
  plan->splits = o.split_k != 0 ? std::min(o.split_k, kt) : default_splits(p, plan->tile_n, sms);
  // The filter-row kernel for K <= 128 from half a wave of its tiles: at N = 32 (98 tiles of 256 pixels
  // on 132 SMs) it was faster than two waves of 128-pixel tiles on 5 of the 6 layers with K = 64 or 128
  // (3x3 128->128 @28 0.0204 against 0.0225 ms), 3% slower on 1x1 s2 256->128 @56 (0.0125 against 0.0121;
  // bench/results/h200-conv-swap-516ede0.txt).
  std::int64_t const swap_tiles = (std::int64_t(p.m()) + detail::kSwapTilePixels - 1) / detail::kSwapTilePixels;
  plan->swap = swap_applies(p, *plan) && p.k <= 128 && 2 * swap_tiles >= sms;
  *split_bytes = plan->splits > 1 ? std::size_t(plan->splits) * std::size_t(p.m()) * std::size_t(p.k) * 4 : 0;
}

Error decide(Arguments const& a, Options const& o, cudaStream_t stream, detail::Problem const& p, Decision* d) {
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  DeviceFacts dev;
  CLC_TRY(query_device(device, &dev));
  CLC_TRY(choose_kernel(p, o, dev, &d->choice));
  detail::Plan& plan = d->plan;
  static_cast<ScheduleOptions&>(plan.launch) = o;  // the schedule as the caller set it
  plan.launch.stream = stream;
  plan.source = o.source;
  if (d->choice.kernel != Kernel::Sm90) return success();
  plan_sm90(p, o, dev.sm_count, &plan, &d->split_bytes);
  return success();
}

}  // namespace

Error split_workspace_bytes(Arguments const& a, Options const& o, std::size_t* bytes) {
  if (bytes == nullptr) return invalid_argument("bytes is a null pointer");
  *bytes = 0;
  CLC_TRY(can_implement(a, o));
  Decision d;
  CLC_TRY(decide(a, o, nullptr, normalise(a), &d));
  *bytes = d.split_bytes;
  return success();
}

Error can_implement(Arguments const& a, Options const& o) {
  CLC_TRY(check_arguments(a, o));
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  DeviceFacts dev;
  CLC_TRY(query_device(device, &dev));
  Choice ch;
  CLC_TRY(choose_kernel(normalise(a), o, dev, &ch));
  if (ch.kernel == Kernel::Sm90 && o.source == SourceKind::Hardware)
    return not_supported("source Hardware needs sm_100 (cluster launch control); the Sm90 kernel runs Ticket, "
                         "Static or Single");
  return success();
}

Error run(Arguments const& a, cudaStream_t stream, Options const& o, RunInfo* info) {
  return detail::run_impl(a, stream, o, true, 0, info);
}

namespace detail {

Error run_general(Arguments const& a, cudaStream_t stream, Options const& o, RunInfo* info) {
  return run_impl(a, stream, o, false, 0, info);
}

Error run_swap(Arguments const& a, cudaStream_t stream, Options const& o, bool swap, RunInfo* info) {
  return run_impl(a, stream, o, true, swap ? 1 : -1, info);
}

Error sm90_default_plan(Arguments const& a, Options const& o, int sms, Sm90PlanChoice* out) {
  if (out == nullptr) return invalid_argument("out is a null pointer");
  if (sms < 1) return invalid_argument("sms (" + num(sms) + ") must be >= 1");
  CLC_TRY(check_arguments(a, o));
  Plan plan;
  plan.source = o.source;
  std::size_t bytes = 0;
  plan_sm90(normalise(a), o, sms, &plan, &bytes);
  out->tile_n = plan.tile_n;
  out->cluster_m = plan.cluster_m;
  out->splits = plan.splits;
  out->tma_store = plan.tma_store;
  out->swapped = plan.swap;
  return success();
}

Error run_impl(Arguments const& a, cudaStream_t stream, Options const& o, bool fast, int swap, RunInfo* info) {
  CLC_TRY(can_implement(a, o));
  detail::Problem const p = normalise(a);
  Decision d;
  CLC_TRY(decide(a, o, stream, p, &d));
  detail::Plan& plan = d.plan;
  Choice& ch = d.choice;
  RunInfo local;
  RunInfo* ri = info ? info : &local;
  *ri = RunInfo{};

  if (ch.kernel == Kernel::Sm90) {
    if (swap != 0) plan.swap = swap > 0 && swap_applies(p, plan);
    if (plan.swap && !fast) plan.swap = false;
    if (plan.splits > 1) {
      if (o.split_workspace != nullptr) {
        if (o.split_workspace_size < d.split_bytes)
          return invalid_argument("options.split_workspace_size (" + num(std::int64_t(o.split_workspace_size)) +
                                  ") is below the " + num(std::int64_t(d.split_bytes)) +
                                  " bytes split_k " + num(plan.splits) + " needs (split_workspace_bytes)");
        plan.partials = static_cast<float*>(o.split_workspace);
      } else {
        void* buf = nullptr;
        CLC_TRY(clc::detail::stream_scratch(stream, d.split_bytes, &buf));
        if (buf == nullptr && o.split_k > 1)
          return invalid_argument("options.split_k " + num(o.split_k) +
                                  ": the stream is being captured and the library's split-K buffer cannot grow during "
                                  "capture; pass options.split_workspace or run once on this stream before capturing");
        if (buf == nullptr) plan.splits = 1;  // heuristic split during capture: run unsplit instead
        plan.partials = static_cast<float*>(buf);
      }
    }
    detail::Sm90Maps maps;
    Error const e = detail::encode_sm90_maps(p, plan, &maps);
    if (e.ok()) {
      bool const bf = p.xt == DType::BF16;
      // The common cases' kernels: y of x's type through the TMA store, no split-K, no residual.
      if (!maps.tma_store) plan.swap = false;  // (the filter-row kernel is a common case's)
      // Split-K: the common case's kernel writes the partial sums only, so it serves every y and epilogue.
      if (fast && ((maps.tma_store && p.yt == p.xt && p.residual == nullptr) || plan.splits > 1)) {
        bool const fused = p.bias != nullptr || p.relu;
        if (plan.source == SourceKind::Ticket)
          return bf ? detail::launch_sm90_fast_typed<DType::BF16, SourceKind::Ticket>(p, plan, maps, fused, ri)
                    : detail::launch_sm90_fast_typed<DType::F16, SourceKind::Ticket>(p, plan, maps, fused, ri);
        if (plan.source == SourceKind::Static)
          return bf ? detail::launch_sm90_fast_typed<DType::BF16, SourceKind::Static>(p, plan, maps, fused, ri)
                    : detail::launch_sm90_fast_typed<DType::F16, SourceKind::Static>(p, plan, maps, fused, ri);
      }
      switch (plan.source) {
        case SourceKind::Ticket:
          return bf ? detail::launch_sm90_typed<DType::BF16, SourceKind::Ticket>(p, plan, maps, ri)
                    : detail::launch_sm90_typed<DType::F16, SourceKind::Ticket>(p, plan, maps, ri);
        case SourceKind::Static:
          return bf ? detail::launch_sm90_typed<DType::BF16, SourceKind::Static>(p, plan, maps, ri)
                    : detail::launch_sm90_typed<DType::F16, SourceKind::Static>(p, plan, maps, ri);
        case SourceKind::Single:
          return bf ? detail::launch_sm90_typed<DType::BF16, SourceKind::Single>(p, plan, maps, ri)
                    : detail::launch_sm90_typed<DType::F16, SourceKind::Single>(p, plan, maps, ri);
        default:
          return not_supported(std::string("source ") + clc::to_string(plan.source) +
                               " is not available to the Sm90 kernel (Ticket, Static or Single)");
      }
    }
    // Auto: a tensor TMA cannot describe after all takes the portable path; nothing was launched.
    if (o.kernel != Kernel::Auto || e.status != Status::NotSupported) return e;
    ch.why_portable = e.message;
    plan.cluster_m = 1;
    plan.splits = 1;
    plan.source = o.source;
  }
  int const n_tiles = int((std::int64_t(p.k) + detail::kPortableTileN - 1) / detail::kPortableTileN);
  plan.swizzle = o.swizzle != 0 ? o.swizzle : default_swizzle(n_tiles);
  CLC_TRY(p.xt == DType::BF16 ? detail::launch_portable_typed<DType::BF16>(p, plan, ri)
                              : detail::launch_portable_typed<DType::F16>(p, plan, ri));
  ri->why_portable = ch.why_portable;
  return success();
}

}  // namespace detail

}  // namespace clc::conv
