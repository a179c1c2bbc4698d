//! @file conv_test.cu
//! @brief clc::conv against the float64 reference (clc/testing/conv_reference.cuh) computed on the GPU,
//! on the same stream as the convolution. Inputs are random in [-1, 1] rounded to their type; every
//! element of a buffer outside its logical tensor is NaN (a kernel that reads it produces NaN), y is
//! poisoned with NaN before every run, every output element is checked, and every other element of
//! y's buffer (the gaps of a strided view) must still hold the poison afterwards.
//!
//! Cases (one GoogleTest case each, named after what they run): the ResNet-50 layers at N = 1 and 8;
//! C x K x filter sizes; stride, padding (symmetric, asymmetric, larger than the filter), dilation,
//! odd H x W, P or Q = 1; dtypes and the fused epilogue (bias, ReLU, residual, alpha); strided views of
//! x and y; every work source with 1, 3 and 7 workers over many tiles; a quarter of the SMs held by
//! another kernel; the Sm90 kernel's tile widths and clusters; split-K (forced, clamped, heuristic,
//! caller-owned workspace, every source, bit-identical run to run); Auto's choice of kernel; argument
//! errors that must write nothing. Each runs Auto, Portable and (where it applies) Sm90.
//!
//! Sanitizer subset: --gtest_filter='Small/*:ConvErrors.*' (a dozen tiny cases over both kernels,
//! every source, 2x1 clusters, strided and misaligned views, and the refused calls).
//!
//! Tolerance (per element, derivation at Tolerance below): |y - ref| <= u_y * |ref| + (1 + u_y) *
//! 2^-22 * (sqrt(R*S*C) + 5) * mag + tiny_y, with u_y the unit roundoff of y's type and mag =
//! |alpha| * sum |x * w| + |beta * residual| + |bias| computed exactly by the same reference on |x|,
//! |w|, |residual|, |bias|.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/testing/conv_reference.cuh"
#include "clc/tools/interference.hpp"
#include "clc_test.hpp"
#include "conv/conv.hpp"
#include "conv/debug.hpp"
#include "conv_bad_args.hpp"

namespace {

namespace conv = clc::conv;
using clc::SourceKind;
using conv::DType;
using conv::Kernel;

// ---------------------------------------------------------------------------------------------------
// Device helpers.

__device__ float uniform_pm1(std::uint64_t i, std::uint32_t seed) {
  std::uint64_t x = i * 0x9E3779B97F4A7C15ull + seed * 0xD1B54A32D192ED03ull + 0x632BE59BD9B4E019ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return 2.0f * (float(x >> 40) * (1.0f / 16777216.0f)) - 1.0f;  // [-1, 1)
}

//! Random values in [-1, 1) rounded to `type` in every element of a [d0, d1, d2, d3] tensor with
//! element strides (s0, s1, s2, 1); the rest of the buffer keeps what it had (NaN).
__global__ void fill_tensor(void* p, int type, int d0, int d1, int d2, int d3, std::int64_t s0, std::int64_t s1,
                            std::int64_t s2, std::uint32_t seed) {
  std::int64_t const total = std::int64_t(d0) * d1 * d2 * d3;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < total;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    std::int64_t r = i;
    int const i3 = int(r % d3);
    r /= d3;
    int const i2 = int(r % d2);
    r /= d2;
    int const i1 = int(r % d1);
    int const i0 = int(r / d1);
    std::int64_t const off = i0 * s0 + i1 * s1 + i2 * s2 + i3;
    float const v = uniform_pm1(std::uint64_t(i), seed);
    if (type == int(DType::BF16)) static_cast<__nv_bfloat16*>(p)[off] = __float2bfloat16(v);
    else if (type == int(DType::F16)) static_cast<__half*>(p)[off] = __float2half(v);
    else static_cast<float*>(p)[off] = v;
  }
}

//! dst[i] = |src[i]| for elements of `bytes` (2 or 4) bytes: the sign bit cleared (NaN stays NaN).
__global__ void abs_copy(void* dst, void const* src, std::int64_t n, int bytes) {
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    if (bytes == 2) static_cast<std::uint16_t*>(dst)[i] = static_cast<std::uint16_t const*>(src)[i] & 0x7FFFu;
    else static_cast<std::uint32_t*>(dst)[i] = static_cast<std::uint32_t const*>(src)[i] & 0x7FFFFFFFu;
  }
}

// ---------------------------------------------------------------------------------------------------
// Host helpers.

struct Buffer {
  void* p = nullptr;
  std::size_t bytes = 0;
  Buffer() = default;
  explicit Buffer(std::size_t b) { alloc(b); }
  void alloc(std::size_t b) {
    if (p) cudaFree(p);
    bytes = b;
    if (cudaMalloc(&p, b == 0 ? 16 : b) != cudaSuccess) p = nullptr;
  }
  ~Buffer() {
    if (p) cudaFree(p);
  }
  Buffer(Buffer const&) = delete;
  Buffer& operator=(Buffer const&) = delete;
};

//! An owned stream: a new non-blocking one, or (create = false) one set later.
struct Stream {
  cudaStream_t s = nullptr;
  explicit Stream(bool create = true) {
    if (create && cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess) s = nullptr;
  }
  ~Stream() {
    if (s) cudaStreamDestroy(s);
  }
  Stream(Stream const&) = delete;
  Stream& operator=(Stream const&) = delete;
};

double host_elem(unsigned char const* base, std::int64_t i, DType t) {
  if (t == DType::F32) {
    float f;
    std::memcpy(&f, base + 4 * i, 4);
    return f;
  }
  std::uint16_t u;
  std::memcpy(&u, base + 2 * i, 2);
  if (t == DType::BF16) {
    std::uint32_t const w = std::uint32_t(u) << 16;
    float f;
    std::memcpy(&f, &w, 4);
    return f;
  }
  __half_raw r;
  r.x = u;
  return double(__half2float(__half(r)));
}

bool is_poison(unsigned char const* base, std::int64_t i, DType t) {
  if (t == DType::F32) {
    std::uint32_t w;
    std::memcpy(&w, base + 4 * i, 4);
    return w == 0xFFFFFFFFu;
  }
  std::uint16_t u;
  std::memcpy(&u, base + 2 * i, 2);
  return u == 0xFFFFu;
}

bool device_is_hopper() {
  int major = 0, minor = 0;
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) != cudaSuccess) return false;
  if (cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0) != cudaSuccess) return false;
  return major == 9 && minor == 0;
}

char const* short_name(DType t) { return t == DType::BF16 ? "bf16" : t == DType::F16 ? "f16" : "f32"; }

// ---------------------------------------------------------------------------------------------------
// One case.

struct Case {
  std::string name;
  int n = 1, h = 8, w = 8, c = 64;
  int k = 64, r = 3, s = 3;
  int pad_top = 1, pad_bottom = 1, pad_left = 1, pad_right = 1;
  int stride_h = 1, stride_w = 1, dil_h = 1, dil_w = 1;
  DType xt = DType::BF16, yt = DType::BF16;
  float alpha = 1.0f, beta = 0.0f;
  bool bias = false, relu = false;
  int bias_offset = 0;        //!< the bias starts this many elements into its buffer (1: a misaligned bias)
  bool nan_residual = false;  //!< beta == 0 with a residual pointer to NaN: it must not be read
  // Views: x_stride_w = c + x_gap_c, x_stride_h = w * x_stride_w + x_gap_h, x_stride_n likewise; the
  // base is x_offset elements into the buffer. Zero gaps pass strides of 0 (packed) unless
  // explicit_strides. y (and the residual) likewise with Q, P, K.
  int x_gap_c = 0, x_gap_h = 0, x_gap_n = 0, x_offset = 0;
  int y_gap_k = 0, y_gap_h = 0, y_gap_n = 0, y_offset = 0;
  bool explicit_strides = false;
  //! The kernel that must run follows from the case: the one forced, else (Auto) Sm90 on an sm_90
  //! device where its conditions hold (sm90_applies), else Portable.
  conv::Options opts;
  int expect_tile_n = 0, expect_cluster_m = 0;  //!< checked when nonzero
  int expect_tma_store = -1;                    //!< Sm90: 1 / 0 = RunInfo::tma_store must be true / false
  bool expect_workers = false;                  //!< RunInfo::launch.workers == opts.max_workers
  int expect_splits = 0;                        //!< Sm90 split-K: > 0 RunInfo::splits must equal it; -1: > 1
  bool own_split_workspace = false;             //!< pass a caller-owned split workspace (split_workspace_bytes)
  bool bit_identical = false;                   //!< with repeats: every run writes the same bytes
  bool hold_quarter = false;                    //!< a quarter of the SMs held by another kernel during the run
  int repeats = 1;
  bool corrupt = false;  //!< checker self-test: overwrite y[0] and the first gap element after the run
  bool general = false;  //!< the general Sm90 kernels only (conv::detail::run_general: never RunInfo::fast)
  //! conv::detail::run_swap: 1 the filter-row kernel wherever it can run, -1 never; 0 conv::run
  int swap = 0;
};

//! Output size along one axis (floor division; 0 when the dilated filter does not fit).
int out_size(int in, int pad_lo, int pad_hi, int filter, int dil, int stride) {
  int const span = in + pad_lo + pad_hi - dil * (filter - 1) - 1;
  return span < 0 ? 0 : span / stride + 1;
}
int out_h(Case const& c) { return out_size(c.h, c.pad_top, c.pad_bottom, c.r, c.dil_h, c.stride_h); }
int out_w(Case const& c) { return out_size(c.w, c.pad_left, c.pad_right, c.s, c.dil_w, c.stride_w); }

//! The Sm90 kernel's conditions (conv.hpp): C a multiple of 8, x (and its strides) 16-byte aligned,
//! stride <= 8 (the padding limits of im2col are far away in every case here).
bool sm90_applies(Case const& c) {
  std::int64_t const xsw = c.c + c.x_gap_c;
  std::int64_t const xsh = std::int64_t(c.w) * xsw + c.x_gap_h;
  std::int64_t const xsn = std::int64_t(c.h) * xsh + c.x_gap_n;
  return c.c % 8 == 0 && c.x_offset % 8 == 0 && xsw % 8 == 0 && xsh % 8 == 0 && xsn % 8 == 0 && c.stride_h <= 8 &&
         c.stride_w <= 8;
}

struct Stats {
  std::int64_t checked = 0, bad = 0, stray = 0;
  double worst = 0.0;  // largest err / tol among the good elements
  std::string first_bad, first_stray;
  conv::RunInfo info;
};

//! Per-element tolerance: u_y * |ref| + (1 + u_y) * 2^-22 * (sqrt(R*S*C) + 5) * mag + tiny_y.
//! Products of two bf16 or two fp16 values are exact in fp32 (8 + 8 and 11 + 11
//! significant bits <= 24), so the kernel's error is
//!  (1) fp32 accumulation of the R*S*C products (tensor cores: each k-block of products is aligned and
//!      summed, then added to the fp32 accumulator, rounding or truncating: relative error <= 2^-23 of
//!      the magnitudes involved per step). For short sums the deterministic bound is
//!      2 * 2^-23 * (steps) * mag with steps = R*S*C/16 + 1 k-blocks; for long sums the errors of the
//!      steps are independent with random signs (random inputs), so they grow as sqrt(R*S*C) (Higham &
//!      Mary, probabilistic rounding error analysis) and the partial sums stay far below mag (about
//!      sqrt(RSC)/3 against RSC/4 for values in [-1, 1]). 2^-22 * (sqrt(R*S*C) + 4) * mag is at least 2x
//!      the deterministic bound up to R*S*C = 64 and over 50x the expected error at R*S*C = 4608
//!      (ResNet's 3x3x512). It still catches a dropped filter tap or channel group, which changes the
//!      result by about sqrt(C)/3 per tap.
//!  (2) the fp32 epilogue alpha * acc + beta * residual + bias (three roundings, <= 3 * 2^-24 * mag):
//!      2^-22 * mag;
//!  (3) one round-to-nearest conversion to y's type: u_y * |value| with u_y = 2^-8 (bf16), 2^-11 (fp16),
//!      2^-24 (fp32), i.e. u_y * |ref| + u_y * (errors 1 + 2); fp16 adds half its subnormal spacing
//!      (2^-25; 2^-24 allowed). ReLU is 1-Lipschitz: it adds nothing.
//! mag = |alpha| * sum |x * w| + |beta| * |residual| + |bias|, exact (the reference on absolute values).
struct Tolerance {
  double u_y, coef, tiny;
  Tolerance(int rsc, DType yt)
      : u_y(yt == DType::BF16 ? std::ldexp(1.0, -8) : yt == DType::F16 ? std::ldexp(1.0, -11) : std::ldexp(1.0, -24)),
        coef((1.0 + u_y) * std::ldexp(1.0, -22) * (std::sqrt(double(rsc)) + 4.0 + 1.0)),  // (1) + (2)
        tiny(yt == DType::F16 ? std::ldexp(1.0, -24) : 0.0) {}
  double operator()(double ref, double mag) const { return u_y * std::fabs(ref) + coef * mag + tiny; }
};

template <class TX, class TY>
cudaError_t reference(clc::testing::ConvRefShape const& g, void const* x, void const* f, void const* res,
                      void const* bias, double alpha, double beta, bool relu, double* out, cudaStream_t st) {
  return clc::testing::conv_reference<TX, TY>(g, static_cast<TX const*>(x), static_cast<TX const*>(f),
                                              static_cast<TY const*>(res), static_cast<TY const*>(bias), alpha, beta,
                                              relu, out, st);
}

template <class TX>
cudaError_t reference_y(DType yt, clc::testing::ConvRefShape const& g, void const* x, void const* f, void const* res,
                        void const* bias, double alpha, double beta, bool relu, double* out, cudaStream_t st) {
  if (yt == DType::BF16) return reference<TX, __nv_bfloat16>(g, x, f, res, bias, alpha, beta, relu, out, st);
  if (yt == DType::F16) return reference<TX, __half>(g, x, f, res, bias, alpha, beta, relu, out, st);
  return reference<TX, float>(g, x, f, res, bias, alpha, beta, relu, out, st);
}

cudaError_t run_reference(DType xt, DType yt, clc::testing::ConvRefShape const& g, void const* x, void const* f,
                          void const* res, void const* bias, double alpha, double beta, bool relu, double* out,
                          cudaStream_t st) {
  if (xt == DType::BF16) return reference_y<__nv_bfloat16>(yt, g, x, f, res, bias, alpha, beta, relu, out, st);
  return reference_y<__half>(yt, g, x, f, res, bias, alpha, beta, relu, out, st);
}

unsigned grid_for(std::int64_t n) { return unsigned(std::min<std::int64_t>((n + 255) / 256, 4096)); }

//! Runs the case and checks every element of y's buffer. Fails the current test on CUDA errors.
void run_case(Case const& c, Stats* st) {
  int const p = out_h(c), q = out_w(c);
  ASSERT_GE(p, 1) << "bad case: P = " << p;
  ASSERT_GE(q, 1) << "bad case: Q = " << q;
  std::size_t const xes = conv::size_of(c.xt), yes = conv::size_of(c.yt);
  // x view.
  std::int64_t const xsw = c.c + c.x_gap_c;
  std::int64_t const xsh = std::int64_t(c.w) * xsw + c.x_gap_h;
  std::int64_t const xsn = std::int64_t(c.h) * xsh + c.x_gap_n;
  std::int64_t const x_elems = c.x_offset + std::int64_t(c.n - 1) * xsn + std::int64_t(c.h - 1) * xsh +
                               std::int64_t(c.w - 1) * xsw + c.c;  // exactly the view's extent
  // y view (the residual shares it).
  std::int64_t const ysw = c.k + c.y_gap_k;
  std::int64_t const ysh = std::int64_t(q) * ysw + c.y_gap_h;
  std::int64_t const ysn = std::int64_t(p) * ysh + c.y_gap_n;
  std::int64_t const y_elems = c.y_offset + std::int64_t(c.n - 1) * ysn + std::int64_t(p - 1) * ysh +
                               std::int64_t(q - 1) * ysw + c.k;
  std::int64_t const f_elems = std::int64_t(c.k) * c.r * c.s * c.c;
  std::int64_t const outs = std::int64_t(c.n) * p * q * c.k;
  bool const has_res = c.beta != 0.0f || c.nan_residual;

  // One stream for the whole binary, never destroyed (the library keeps per-stream state: the Ticket
  // workspace and the split-K buffer).
  static cudaStream_t const sx = [] {
    cudaStream_t st = nullptr;
    return cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking) == cudaSuccess ? st : nullptr;
  }();
  ASSERT_NE(sx, nullptr) << "cudaStreamCreateWithFlags failed";
  Buffer X(std::size_t(x_elems) * xes), F(std::size_t(f_elems) * xes), Y(std::size_t(y_elems) * yes);
  Buffer XA(X.bytes), FA(F.bytes);
  Buffer R(has_res ? Y.bytes : 0), RA(has_res ? Y.bytes : 0);
  Buffer B(c.bias ? std::size_t(c.k + c.bias_offset) * yes : 0), BA(c.bias ? std::size_t(c.k) * yes : 0);
  Buffer REF(std::size_t(outs) * sizeof(double)), MAG(std::size_t(outs) * sizeof(double));
  ASSERT_TRUE(X.p && F.p && Y.p && XA.p && FA.p && R.p && RA.p && B.p && BA.p && REF.p && MAG.p) << "cudaMalloc failed";

  // Inputs: NaN everywhere, then random values in the logical elements (seeded by the case's name:
  // a case draws the same values whichever filter selects it).
  std::uint32_t seed = 2166136261u;
  for (char ch : c.name) seed = (seed ^ std::uint8_t(ch)) * 16777619u;
  unsigned char* const x0 = static_cast<unsigned char*>(X.p) + std::size_t(c.x_offset) * xes;
  unsigned char* const y0 = static_cast<unsigned char*>(Y.p) + std::size_t(c.y_offset) * yes;
  unsigned char* const r0 = static_cast<unsigned char*>(R.p) + std::size_t(c.y_offset) * yes;
  unsigned char* const ra0 = static_cast<unsigned char*>(RA.p) + std::size_t(c.y_offset) * yes;
  unsigned char* const xa0 = static_cast<unsigned char*>(XA.p) + std::size_t(c.x_offset) * xes;
  CUDA_OK(cudaMemsetAsync(X.p, 0xFF, X.bytes, sx));
  fill_tensor<<<grid_for(x_elems), 256, 0, sx>>>(x0, int(c.xt), c.n, c.h, c.w, c.c, xsn, xsh, xsw, seed++);
  fill_tensor<<<grid_for(f_elems), 256, 0, sx>>>(F.p, int(c.xt), 1, 1, 1, int(f_elems), 0, 0, 0, seed++);
  if (has_res) {
    CUDA_OK(cudaMemsetAsync(R.p, 0xFF, R.bytes, sx));
    if (!c.nan_residual)
      fill_tensor<<<grid_for(outs), 256, 0, sx>>>(r0, int(c.yt), c.n, p, q, c.k, ysn, ysh, ysw, seed++);
  }
  unsigned char* const b0 = c.bias ? static_cast<unsigned char*>(B.p) + std::size_t(c.bias_offset) * yes : nullptr;
  if (c.bias) fill_tensor<<<grid_for(c.k), 256, 0, sx>>>(b0, int(c.yt), 1, 1, 1, c.k, 0, 0, 0, seed++);
  CUDA_OK(cudaGetLastError());
  // Magnitude operands.
  abs_copy<<<grid_for(x_elems), 256, 0, sx>>>(XA.p, X.p, x_elems, int(xes));
  abs_copy<<<grid_for(f_elems), 256, 0, sx>>>(FA.p, F.p, f_elems, int(xes));
  if (has_res) abs_copy<<<grid_for(y_elems), 256, 0, sx>>>(RA.p, R.p, y_elems, int(yes));
  if (c.bias) abs_copy<<<grid_for(c.k), 256, 0, sx>>>(BA.p, b0, c.k, int(yes));
  CUDA_OK(cudaGetLastError());

  // References: the exact result and the magnitude bound, on the convolution's stream.
  clc::testing::ConvRefShape g{};
  g.n = c.n, g.h = c.h, g.w = c.w, g.c = c.c, g.k = c.k, g.r = c.r, g.s = c.s, g.p = p, g.q = q;
  g.pad_top = c.pad_top, g.pad_left = c.pad_left, g.stride_h = c.stride_h, g.stride_w = c.stride_w;
  g.dil_h = c.dil_h, g.dil_w = c.dil_w;
  g.xsn = xsn, g.xsh = xsh, g.xsw = xsw, g.ysn = ysn, g.ysh = ysh, g.ysw = ysw;
  bool const ref_res = c.beta != 0.0f;
  CUDA_OK(run_reference(c.xt, c.yt, g, x0, F.p, ref_res ? r0 : nullptr, b0, c.alpha, c.beta,
                        c.relu, static_cast<double*>(REF.p), sx));
  CUDA_OK(run_reference(c.xt, c.yt, g, xa0, FA.p, ref_res ? ra0 : nullptr, c.bias ? BA.p : nullptr,
                        std::fabs(double(c.alpha)), std::fabs(double(c.beta)), false, static_cast<double*>(MAG.p), sx));
  CUDA_OK(cudaStreamSynchronize(sx));

  conv::Arguments a;
  a.n = c.n, a.h = c.h, a.w = c.w, a.c = c.c, a.k = c.k, a.r = c.r, a.s = c.s;
  a.pad_top = c.pad_top, a.pad_bottom = c.pad_bottom, a.pad_left = c.pad_left, a.pad_right = c.pad_right;
  a.stride_h = c.stride_h, a.stride_w = c.stride_w, a.dilation_h = c.dil_h, a.dilation_w = c.dil_w;
  a.x_type = c.xt;
  a.y_type = c.yt;
  bool const x_packed = c.x_gap_c == 0 && c.x_gap_h == 0 && c.x_gap_n == 0 && !c.explicit_strides;
  bool const y_packed = c.y_gap_k == 0 && c.y_gap_h == 0 && c.y_gap_n == 0 && !c.explicit_strides;
  a.x = x0;
  if (!x_packed) a.x_stride_n = xsn, a.x_stride_h = xsh, a.x_stride_w = xsw;
  a.filter = F.p;
  a.y = y0;
  if (!y_packed) a.y_stride_n = ysn, a.y_stride_h = ysh, a.y_stride_w = ysw;
  a.residual = has_res ? r0 : nullptr;
  a.bias = b0;
  a.alpha = c.alpha;
  a.beta = c.beta;
  a.activation = c.relu ? conv::Activation::ReLU : conv::Activation::None;
  ASSERT_EQ(conv::output_h(a), p) << "output_h";
  ASSERT_EQ(conv::output_w(a), q) << "output_w";

  conv::Options opts = c.opts;
  Buffer WS;  // a caller-owned split-K workspace
  if (c.own_split_workspace) {
    std::size_t bytes = 0;
    CLC_OK(conv::split_workspace_bytes(a, opts, &bytes));
    if (opts.split_k > 1) EXPECT_GT(bytes, 0u) << "split_k " << opts.split_k << " needs partial sums";
    WS.alloc(bytes);
    ASSERT_NE(WS.p, nullptr) << "cudaMalloc failed";
    CUDA_OK(cudaMemset(WS.p, 0xFF, WS.bytes));  // NaN partials: a split that is not written shows
    opts.split_workspace = WS.p;
    opts.split_workspace_size = bytes;
  }
  Stream hog(false);  // the interfering kernel's stream (greatest priority), when SMs are held
  int sms = 0;
  if (c.hold_quarter) {
    CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CLC_OK(clc::tools::greatest_priority_stream(&hog.s));
  }
  std::vector<unsigned char> first_run;
  for (int rep = 0; rep < c.repeats; ++rep) {
    CUDA_OK(cudaMemsetAsync(Y.p, 0xFF, Y.bytes, sx));  // NaN in every element and gap
    CUDA_OK(cudaStreamSynchronize(sx));
    if (hog.s) CLC_OK(clc::tools::hold_sms(sms / 4, 5.0, hog.s));  // dispatched first: a quarter of the SMs busy
    clc::Error const e = c.general     ? conv::detail::run_general(a, sx, opts, &st->info)
                         : c.swap != 0 ? conv::detail::run_swap(a, sx, opts, c.swap > 0, &st->info)
                                       : conv::run(a, sx, opts, &st->info);
    ASSERT_TRUE(e.ok()) << "conv::run: " << e.what();
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaStreamSynchronize(sx));
    if (hog.s) CUDA_OK(cudaStreamSynchronize(hog.s));
    if (c.bit_identical) {
      std::vector<unsigned char> h(Y.bytes);
      CUDA_OK(cudaMemcpy(h.data(), Y.p, Y.bytes, cudaMemcpyDeviceToHost));
      if (rep == 0) first_run = std::move(h);
      else EXPECT_TRUE(h == first_run) << "run " << rep << " wrote different bytes than run 0";
    }
  }

  // What ran.
  bool const hopper = device_is_hopper();
  conv::RunInfo const& info = st->info;
  std::string const ran = std::string("ran ") + conv::to_string(info.kernel) + " (why portable: " + info.why_portable + ")";
  if (c.opts.kernel == Kernel::Sm90) EXPECT_EQ(info.kernel, Kernel::Sm90) << ran;
  else if (c.opts.kernel == Kernel::Portable) EXPECT_EQ(info.kernel, Kernel::Portable) << ran;
  else EXPECT_EQ(info.kernel, hopper && sm90_applies(c) ? Kernel::Sm90 : Kernel::Portable) << ran;
  if (c.opts.kernel == Kernel::Auto && info.kernel == Kernel::Portable && hopper)
    EXPECT_FALSE(info.why_portable.empty()) << "Auto took the portable kernel on sm_90 without saying why";
  EXPECT_NE(info.kernel, Kernel::Auto) << "RunInfo::kernel must name the kernel that ran";
  if (c.expect_tma_store >= 0 && info.kernel == Kernel::Sm90) EXPECT_EQ(info.tma_store, c.expect_tma_store == 1) << "tma_store";
  if (c.opts.source != SourceKind::Auto) EXPECT_EQ(info.source, c.opts.source) << "source";
  if (c.expect_tile_n) EXPECT_EQ(info.tile_n, c.expect_tile_n) << "tile_n";
  if (c.expect_cluster_m) EXPECT_EQ(info.cluster_m, c.expect_cluster_m) << "cluster_m";
  if (c.expect_workers) EXPECT_EQ(info.launch.workers, c.opts.max_workers) << "the worker cap did not hold";
  if (info.kernel == Kernel::Portable) EXPECT_EQ(info.cluster_m, 1) << "the portable kernel runs 1x1 clusters";
  if (info.kernel == Kernel::Portable) EXPECT_EQ(info.splits, 1) << "the portable kernel does not split K";
  if (info.kernel == Kernel::Sm90 && c.expect_splits > 0) EXPECT_EQ(info.splits, c.expect_splits) << "split-K factor";
  if (info.kernel == Kernel::Sm90 && c.expect_splits < 0) EXPECT_GT(info.splits, 1) << "the heuristic did not split K";
  if (info.splits > 1) EXPECT_FALSE(info.tma_store) << "split-K's reduction writes y directly";

  // Compare every element of y's buffer.
  std::vector<unsigned char> hy(Y.bytes);
  std::vector<double> ref(outs), mag(outs);
  if (c.corrupt) {  // checker self-test: a huge value in y[0, 0, 0, 0], a zero in the first gap element
    ASSERT_GT(c.y_gap_k, 0) << "the self-test needs gaps in y";
    CUDA_OK(cudaMemset(y0, 0x7F, yes));
    CUDA_OK(cudaMemset(y0 + std::size_t(c.k) * yes, 0, yes));
  }
  CUDA_OK(cudaMemcpy(hy.data(), Y.p, Y.bytes, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(ref.data(), REF.p, REF.bytes, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(mag.data(), MAG.p, MAG.bytes, cudaMemcpyDeviceToHost));
  std::vector<char> used(std::size_t(y_elems), 0);
  Tolerance const tolerance(c.r * c.s * c.c, c.yt);
  std::int64_t i = 0;
  for (int n = 0; n < c.n; ++n)
    for (int pp = 0; pp < p; ++pp)
      for (int qq = 0; qq < q; ++qq) {
        std::int64_t const pix = c.y_offset + n * ysn + pp * ysh + qq * ysw;
        for (int kk = 0; kk < c.k; ++kk, ++i) {
          std::int64_t const off = pix + kk;
          used[off] = 1;
          double const got = host_elem(hy.data(), off, c.yt);
          double const want = ref[i];
          double const tol = tolerance(want, mag[i]);
          double const err = std::fabs(got - want);
          ++st->checked;
          if (!(err <= tol)) {  // NaN fails
            if (st->bad < 6) {
              char buf[240];
              std::snprintf(buf, sizeof(buf), "\n    y[%lld] (n %d, p %d, q %d, k %d): got %.9g, want %.9g (tol %.3g)",
                            (long long)i, n, pp, qq, kk, got, want, tol);
              st->first_bad += buf;
            }
            ++st->bad;
          } else if (tol > 0.0) {
            st->worst = std::max(st->worst, err / tol);
          }
        }
      }
  for (std::int64_t e = 0; e < y_elems; ++e)
    if (!used[e] && !is_poison(hy.data(), e, c.yt)) {
      if (st->stray < 4) st->first_stray += " buffer element " + std::to_string(e) + " (y base + " +
                                            std::to_string(e - c.y_offset) + ");";
      ++st->stray;
    }
}

void check(Case const& c) {
  Stats st;
  run_case(c, &st);
  if (::testing::Test::HasFatalFailure()) return;
  std::printf("  %-44s %s %s/%s tile %dx%d cluster %d splits %d workers %lld: %lld elements, worst err/tol %.3f\n",
              c.name.c_str(), conv::to_string(st.info.kernel), clc::to_string(st.info.source),
              st.info.tma_store ? "tma-store" : "direct", st.info.tile_m, st.info.tile_n, st.info.cluster_m,
              st.info.splits, (long long)st.info.launch.workers, (long long)st.checked, st.worst);
  EXPECT_EQ(st.bad, 0) << st.bad << " of " << st.checked << " elements wrong (ran " << conv::to_string(st.info.kernel)
                       << ", source " << clc::to_string(st.info.source) << "):" << st.first_bad;
  EXPECT_EQ(st.stray, 0) << st.stray << " elements of y's buffer outside the tensor were written:" << st.first_stray;
}

// ---------------------------------------------------------------------------------------------------
// The case tables.

//! A convolution with "same"-style padding (r / 2 on every side) unless set afterwards.
Case make(std::string name, int n, int h, int w, int c, int k, int r, int s, int stride = 1) {
  Case x;
  x.name = std::move(name);
  x.n = n, x.h = h, x.w = w, x.c = c, x.k = k, x.r = r, x.s = s;
  x.pad_top = x.pad_bottom = r / 2;
  x.pad_left = x.pad_right = s / 2;
  x.stride_h = x.stride_w = stride;
  return x;
}

Case with_kernel(Case c, Kernel k) {
  c.opts.kernel = k;
  c.name += std::string("_") + conv::to_string(k);
  return c;
}

//! Auto and Portable, and Sm90 forced where it applies (those cases skip on other devices).
void add_kernels(std::vector<Case>* v, Case const& c, bool sm90 = true) {
  v->push_back(with_kernel(c, Kernel::Auto));
  v->push_back(with_kernel(c, Kernel::Portable));
  if (sm90 && sm90_applies(c)) v->push_back(with_kernel(c, Kernel::Sm90));
}

std::string dims(int c, int k) { return std::to_string(c) + "to" + std::to_string(k); }

//! ResNet-50's convolutions (input size, channels, filter, stride) at N = 1 (fp16) and N = 8 (bf16),
//! with the network's epilogues: bias + ReLU, and the residual (beta = 1) on the expanding 1x1.
std::vector<Case> resnet_cases() {
  struct L {
    int hw, c, k, rs, stride;
    bool residual;
  };
  L const layers[] = {
      {56, 64, 64, 3, 1, false},    {28, 128, 128, 3, 1, false}, {14, 256, 256, 3, 1, false},
      {7, 512, 512, 3, 1, false},   {56, 128, 128, 3, 2, false}, {28, 256, 256, 3, 2, false},
      {14, 512, 512, 3, 2, false},  {56, 64, 256, 1, 1, true},   {56, 256, 64, 1, 1, false},
      {56, 256, 128, 1, 2, false},  {28, 512, 128, 1, 1, false}, {14, 1024, 256, 1, 1, false},
      {7, 2048, 512, 1, 1, true},   {224, 3, 64, 7, 2, false},
  };
  std::vector<Case> v;
  for (int n : {1, 8})
    for (L const& l : layers) {
      std::string const name = "N" + std::to_string(n) + "_" + std::to_string(l.rs) + "x" + std::to_string(l.rs) +
                               "_" + dims(l.c, l.k) + "_at" + std::to_string(l.hw) +
                               (l.stride == 2 ? "_stride2" : "");
      Case c = make(name, n, l.hw, l.hw, l.c, l.k, l.rs, l.rs, l.stride);
      c.xt = c.yt = n == 1 ? DType::F16 : DType::BF16;
      c.bias = true;
      c.relu = true;
      if (l.residual) c.beta = 1.0f;
      add_kernels(&v, c, /*sm90=*/false);  // Auto is Sm90 on Hopper for all but the stem (C = 3)
    }
  return v;
}

//! Full-size layers at N = 32: hundreds of tiles per launch, several back to back per warpgroup, so
//! races between one tile's epilogue and the next (shared-memory store buffers, ping-pong turns) show
//! up (a 64-wide ping-pong tile reusing its store buffer one store too early failed clc-bench's gate
//! on these layers while every smaller case passed).
std::vector<Case> stress_cases() {
  std::vector<Case> v;
  struct L {
    int hw, c, k, rs;
  };
  for (L const& l : {L{56, 64, 64, 3}, L{56, 256, 64, 1}, L{28, 128, 128, 3}, L{14, 256, 256, 3}})
    for (SourceKind src : {SourceKind::Ticket, SourceKind::Static}) {
      std::string const name = "N32_" + std::to_string(l.rs) + "x" + std::to_string(l.rs) + "_" + dims(l.c, l.k) +
                               "_at" + std::to_string(l.hw) + (src == SourceKind::Ticket ? "_Ticket" : "_Static");
      Case c = make(name, 32, l.hw, l.hw, l.c, l.k, l.rs, l.rs);
      c.bias = true;
      c.relu = true;
      c.opts.source = src;
      v.push_back(c);
    }
  return v;
}

//! C x K x filter, "same" padding, 13 x 17 input (no tile divides it), N = 2.
std::vector<Case> channel_filter_cases() {
  std::vector<Case> v;
  struct F {
    int r, s;
  };
  int i = 0;
  for (int c : {3, 8, 61, 64})
    for (int k : {1, 64, 200})
      for (F f : {F{1, 1}, F{3, 3}, F{5, 5}, F{7, 7}, F{1, 7}}) {
        Case x = make("C" + std::to_string(c) + "_K" + std::to_string(k) + "_" + std::to_string(f.r) + "x" +
                          std::to_string(f.s),
                      2, 13, 17, c, k, f.r, f.s);
        x.bias = (i % 3) == 0;  // some variety in the epilogue
        x.relu = (i % 4) == 1;
        ++i;
        add_kernels(&v, x);
      }
  return v;
}

//! Stride, padding, dilation and degenerate output sizes.
std::vector<Case> geometry_cases() {
  std::vector<Case> v;
  auto pads = [](Case c, int t, int b, int l, int r) {
    c.pad_top = t, c.pad_bottom = b, c.pad_left = l, c.pad_right = r;
    return c;
  };
  add_kernels(&v, make("Stride2_3x3_pad1_C64_K64", 2, 13, 17, 64, 64, 3, 3, 2));
  add_kernels(&v, pads(make("Stride2_3x3_pad0_C64_K200", 2, 13, 17, 64, 200, 3, 3, 2), 0, 0, 0, 0));
  add_kernels(&v, pads(make("Stride2_1x1_C64_K200", 3, 13, 17, 64, 200, 1, 1, 2), 0, 0, 0, 0));
  add_kernels(&v, make("Stride2_7x7_pad3_C3_K64", 2, 13, 17, 3, 64, 7, 7, 2));
  add_kernels(&v, make("Stride2_5x5_pad2_C61_K200", 2, 13, 17, 61, 200, 5, 5, 2));
  add_kernels(&v, make("Stride2_5x5_pad2_C8_K64", 2, 13, 17, 8, 64, 5, 5, 2));
  {
    Case c = make("Stride1x2_3x3_pad1_C64_K64", 2, 13, 17, 64, 64, 3, 3);
    c.stride_w = 2;
    add_kernels(&v, c);
  }
  add_kernels(&v, pads(make("Pad0_3x3_C64_K64", 2, 13, 17, 64, 64, 3, 3), 0, 0, 0, 0));
  add_kernels(&v, pads(make("Pad3_3x3_C64_K200", 2, 13, 17, 64, 200, 3, 3), 3, 3, 3, 3));  // P, Q > H, W
  add_kernels(&v, pads(make("Pad4_3x3_C61_K64", 1, 13, 17, 61, 64, 3, 3), 4, 4, 4, 4));     // rows of padding only
  add_kernels(&v, pads(make("Pad3_7x7_C8_K64", 2, 13, 17, 8, 64, 7, 7), 3, 3, 3, 3));
  add_kernels(&v, pads(make("PadAsym_t1b2l0r3_3x3_C64_K200", 2, 13, 17, 64, 200, 3, 3), 1, 2, 0, 3));
  add_kernels(&v, pads(make("PadAsym_t0b3l2r1_5x5_stride2_C61_K64", 2, 13, 17, 61, 64, 5, 5, 2), 0, 3, 2, 1));
  add_kernels(&v, pads(make("PadAsym_t2b0l1r0_3x3_C64_K64", 2, 13, 17, 64, 64, 3, 3), 2, 0, 1, 0));
  add_kernels(&v, pads(make("Filter1x7_pad0x3_C64_K200", 2, 13, 17, 64, 200, 1, 7), 0, 0, 3, 3));
  add_kernels(&v, pads(make("Filter7x1_pad3x0_C64_K64", 2, 13, 17, 64, 64, 7, 1), 3, 3, 0, 0));
  {
    Case c = pads(make("Dilation2_3x3_pad2_C64_K64", 2, 13, 17, 64, 64, 3, 3), 2, 2, 2, 2);
    c.dil_h = c.dil_w = 2;
    add_kernels(&v, c);
  }
  {
    Case c = make("Dilation2_3x3_pad1_stride2_C61_K200", 2, 13, 17, 61, 200, 3, 3, 2);
    c.dil_h = c.dil_w = 2;
    add_kernels(&v, c);
  }
  {
    Case c = pads(make("Dilation2x1_3x3_pad2x1_C64_K200", 2, 13, 17, 64, 200, 3, 3), 2, 2, 1, 1);
    c.dil_h = 2;
    add_kernels(&v, c);
  }
  {
    Case c = pads(make("Dilation2_5x5_pad4_C8_K64", 2, 13, 17, 8, 64, 5, 5), 4, 4, 4, 4);
    c.dil_h = c.dil_w = 2;
    add_kernels(&v, c);
  }
  add_kernels(&v, pads(make("P1_7x7_on7x17_C64_K64", 2, 7, 17, 64, 64, 7, 7), 0, 0, 3, 3));
  add_kernels(&v, pads(make("Q1_3x5_on13x5_C64_K200", 2, 13, 5, 64, 200, 3, 5), 1, 1, 0, 0));
  add_kernels(&v, pads(make("P1Q1_7x7_on7x7_C64_K200", 5, 7, 7, 64, 200, 7, 7), 0, 0, 0, 0));  // a dense layer
  add_kernels(&v, pads(make("P1Q1_C3_K1", 3, 3, 3, 3, 1, 3, 3), 0, 0, 0, 0));
  add_kernels(&v, pads(make("P1_stride4_3x3_on5x17_C64_K64", 2, 5, 17, 64, 64, 3, 3, 4), 0, 0, 0, 0));
  add_kernels(&v, pads(make("H1W1_1x1_C64_K200", 37, 1, 1, 64, 200, 1, 1), 0, 0, 0, 0));
  add_kernels(&v, pads(make("H1_1x3_on1x29_C8_K64", 3, 1, 29, 8, 64, 1, 3), 0, 0, 1, 1));
  add_kernels(&v, make("N3_13x17_3x3_C64_K64_odd", 3, 13, 17, 64, 64, 3, 3));
  {
    Case c = pads(make("Stride9_3x3_C64_K64", 2, 40, 40, 64, 64, 3, 3, 9), 0, 0, 0, 0);  // past im2col's limit
    add_kernels(&v, c, /*sm90=*/false);  // Auto: Portable (sm90_applies is false: stride > 8)
  }
  return v;
}

//! x and y types and the fused epilogue.
std::vector<Case> dtype_epilogue_cases() {
  std::vector<Case> v;
  struct E {
    char const* name;
    float alpha, beta;
    bool bias, relu;
  };
  E const eps[] = {{"plain", 1.0f, 0.0f, false, false},
                   {"bias_relu", 1.0f, 0.0f, true, true},
                   {"alpha1p5_residual0p5_bias", 1.5f, 0.5f, true, false},
                   {"alphaM0p75_residualM1_relu", -0.75f, -1.0f, false, true},
                   {"alpha0p25_residual2_bias_relu", 0.25f, 2.0f, true, true}};
  for (DType xt : {DType::BF16, DType::F16})
    for (DType yt : {DType::BF16, DType::F16, DType::F32})
      for (E const& e : eps) {
        Case c = make(std::string("x") + short_name(xt) + "_y" + short_name(yt) + "_" + e.name, 2, 30, 30, 64, 200, 3, 3);
        c.xt = xt;
        c.yt = yt;
        c.alpha = e.alpha;
        c.beta = e.beta;
        c.bias = e.bias;
        c.relu = e.relu;
        add_kernels(&v, c, /*sm90=*/false);
      }
  {  // beta = 0 with a residual full of NaN: the residual must not be read
    Case c = make("ResidualIgnoredWhenBetaIsZero", 2, 30, 30, 64, 200, 3, 3);
    c.nan_residual = true;
    c.bias = true;
    add_kernels(&v, c, /*sm90=*/false);
  }
  {  // three launches on the same buffers (workspace reuse), poisoned in between
    Case c = make("RepeatedLaunches_x3", 4, 28, 28, 64, 128, 3, 3);
    c.repeats = 3;
    c.beta = 1.0f;
    add_kernels(&v, c, /*sm90=*/false);
  }
  return v;
}

//! Views of larger tensors: gaps in x (NaN: reading them shows) and in y (poison: writing them shows).
std::vector<Case> layout_cases() {
  std::vector<Case> v;
  auto base = [](std::string name) {
    Case c = make(std::move(name), 3, 13, 17, 64, 200, 3, 3);
    c.bias = true;
    return c;
  };
  {
    Case c = base("XPadded_aligned");  // strides multiples of 8: the Sm90 kernel still applies
    c.x_gap_c = 8, c.x_gap_h = 24, c.x_gap_n = 64;
    add_kernels(&v, c);
  }
  {
    Case c = base("XChannelSlice_of128");  // channels [0, 64) of a 128-channel tensor
    c.x_gap_c = 64;
    add_kernels(&v, c);
  }
  {
    Case c = base("XOddStrides");  // pixel stride 65: the portable kernel
    c.x_gap_c = 1, c.x_gap_h = 3, c.x_gap_n = 5;
    add_kernels(&v, c);
  }
  {
    Case c = base("XOffset1");  // base 2 bytes past a 16-byte boundary: the portable kernel
    c.x_offset = 1;
    add_kernels(&v, c);
  }
  {
    Case c = base("XOffset8");  // base 16 bytes in: still aligned
    c.x_offset = 8;
    add_kernels(&v, c);
  }
  {
    Case c = base("XPackedExplicitStrides");
    c.explicit_strides = true;
    add_kernels(&v, c);
  }
  {
    Case c = base("YPadded_aligned");
    c.y_gap_k = 8, c.y_gap_h = 24, c.y_gap_n = 40;
    add_kernels(&v, c);
  }
  {
    Case c = base("YPadded_residual");
    c.y_gap_k = 8, c.y_gap_h = 24, c.y_gap_n = 40;
    c.beta = -0.5f;
    c.relu = true;
    add_kernels(&v, c);
  }
  {
    Case c = base("YOddStrides_f32");
    c.y_gap_k = 3, c.y_gap_h = 1, c.y_gap_n = 7;
    c.yt = DType::F32;
    c.beta = 0.5f;
    add_kernels(&v, c);
  }
  {
    Case c = base("YOddStrides_bf16");
    c.y_gap_k = 1, c.y_gap_h = 5, c.y_gap_n = 3;
    add_kernels(&v, c);
  }
  {
    Case c = base("YOffset1_residual");  // y and the residual 1 element past alignment (no pair stores)
    c.y_offset = 1;
    c.y_gap_k = 2;
    c.beta = 1.0f;
    add_kernels(&v, c);
  }
  {
    Case c = base("XYPadded_f16_C61");
    c.c = 61;
    c.x_gap_c = 3, c.x_gap_h = 7, c.x_gap_n = 2;
    c.y_gap_k = 8, c.y_gap_h = 16;
    c.xt = c.yt = DType::F16;
    add_kernels(&v, c);
  }
  {
    Case c = base("XYPadded_f32_K1");
    c.k = 1;
    c.x_gap_c = 8;
    c.y_gap_k = 3, c.y_gap_n = 9;
    c.yt = DType::F32;
    add_kernels(&v, c);
  }
  return v;
}

//! Every source with 1, 3 and 7 workers over 150-450 tiles (each worker runs many), the Sm90 kernel in
//! 1x1 and 2x1 clusters and the portable kernel. K = 320: the last tile column is partial.
std::vector<Case> source_cases() {
  std::vector<Case> v;
  struct K {
    char const* name;
    Kernel kernel;
    int cluster_m;
  };
  for (K kk : {K{"Sm90", Kernel::Sm90, 1}, K{"Sm90Cluster2", Kernel::Sm90, 2}, K{"Portable", Kernel::Portable, 0}})
    for (SourceKind src : {SourceKind::Ticket, SourceKind::Static, SourceKind::Single})
      for (int workers : {1, 3, 7}) {
        if (src == SourceKind::Single && workers != 1) continue;  // Single launches one CTA per tile
        Case c = make(std::string(kk.name) + "_" + clc::to_string(src) +
                          (src == SourceKind::Single ? std::string() : "_workers" + std::to_string(workers)),
                      8, 28, 28, 64, 320, 3, 3);
        c.opts.kernel = kk.kernel;
        c.opts.cluster_m = kk.cluster_m;
        c.opts.source = src;
        c.opts.max_workers = src == SourceKind::Single ? 0 : workers;
        c.expect_workers = src != SourceKind::Single;
        if (kk.cluster_m) c.expect_cluster_m = kk.cluster_m;
        c.beta = 0.5f;
        c.bias = true;
        c.yt = kk.cluster_m == 2 ? DType::F32 : DType::BF16;
        v.push_back(c);
      }
  for (SourceKind src : {SourceKind::Ticket, SourceKind::Static, SourceKind::Single}) {  // Auto, y via TMA store
    Case c = make(std::string("Auto_") + clc::to_string(src), 8, 28, 28, 64, 320, 3, 3);
    c.opts.source = src;
    c.opts.max_workers = src == SourceKind::Single ? 0 : 5;
    c.expect_workers = src != SourceKind::Single;
    v.push_back(c);
  }
  return v;
}

//! The Sm90 kernel's tile widths and clusters, the TMA-store epilogue (packed y) and the direct one
//! (y with a gap after each pixel; f32 and a residual); K = 2 * 256 + 40: the last tile column is
//! partial for every width; M = 3 * 20 * 20 = 1200: 10 M tiles, the last partial.
std::vector<Case> sm90_config_cases() {
  std::vector<Case> v;
  for (int tile_n : {64, 128, 256})
    for (int cl : {1, 2})
      for (bool direct : {false, true}) {
        Case c = make("TileN" + std::to_string(tile_n) + "_Cluster" + std::to_string(cl) +
                          (direct ? "_direct_f32_residual_YPadded" : "_tmastore_bf16"),
                      3, 20, 20, 64, 552, 3, 3);
        c.opts.kernel = Kernel::Sm90;
        c.opts.tile_n = tile_n;
        c.opts.cluster_m = cl;
        c.expect_tile_n = tile_n;
        c.expect_cluster_m = cl;
        c.expect_tma_store = direct ? 0 : 1;
        c.opts.split_k = 1;  // the epilogue of the main kernel (split-K has its own cases)
        c.expect_splits = 1;
        if (direct) {
          c.yt = DType::F32;
          c.beta = 0.75f;
          c.alpha = 1.25f;
          c.y_gap_k = 4;
        }
        c.bias = true;
        v.push_back(c);
      }
  {  // swizzle forced to plain raster and to 4
    for (int sw : {1, 4}) {
      Case c = make("Swizzle" + std::to_string(sw), 4, 28, 28, 64, 552, 3, 3);
      c.opts.swizzle = sw;
      add_kernels(&v, c, /*sm90=*/true);
    }
  }
  return v;
}

//! Sm90 split-K: k-step ranges of one tile computed by different workers, reduced in a fixed order by a
//! second kernel with the fused epilogue. kt = R * S * ceil(C / 64) k-steps; split_k is clamped to kt.
std::vector<Case> splitk_cases() {
  std::vector<Case> v;
  auto sm90 = [](Case c, int split_k, int expect) {
    c.opts.kernel = Kernel::Sm90;
    c.opts.split_k = split_k;
    c.expect_splits = expect;
    return c;
  };
  {
    Case c = sm90(make("Split2_C256_K256_at14", 1, 14, 14, 256, 256, 3, 3), 2, 2);  // kt 36
    c.bias = c.relu = true;
    v.push_back(c);
  }
  {
    Case c = sm90(make("Split3_f32_residual_YPadded", 2, 13, 17, 128, 200, 3, 3), 3, 3);  // kt 18
    c.yt = DType::F32;
    c.beta = -0.5f;
    c.bias = true;
    c.y_gap_k = 8, c.y_gap_h = 5, c.y_gap_n = 3;
    v.push_back(c);
  }
  {
    Case c = sm90(make("Split4_f16_alpha_residual_bias_relu_C72", 2, 13, 17, 72, 136, 3, 3), 4, 4);  // kt 18, C block partial
    c.xt = c.yt = DType::F16;
    c.alpha = 1.5f;
    c.beta = 0.75f;
    c.bias = c.relu = true;
    v.push_back(c);
  }
  v.push_back(sm90(make("Split16_clamped_to_kt9", 2, 13, 17, 64, 64, 3, 3), 16, 9));
  v.push_back(sm90(make("Split16_C1024_1x1_at7", 2, 7, 7, 1024, 512, 1, 1), 16, 16));  // kt 16: one k-step each
  {
    Case c = sm90(make("Split3_stride2_dilation2_asym", 2, 15, 17, 128, 128, 3, 3, 2), 3, 3);
    c.dil_h = c.dil_w = 2;
    c.pad_top = 1, c.pad_bottom = 2, c.pad_left = 0, c.pad_right = 3;
    v.push_back(c);
  }
  {
    Case c = sm90(make("Split5_OwnWorkspace", 2, 13, 17, 256, 200, 3, 3), 5, 5);
    c.own_split_workspace = true;
    c.beta = 1.0f;
    v.push_back(c);
  }
  for (SourceKind src : {SourceKind::Ticket, SourceKind::Static, SourceKind::Single})
    for (int workers : {1, 7}) {
      if (src == SourceKind::Single && workers != 1) continue;
      Case c = sm90(make(std::string("Split4_") + clc::to_string(src) +
                             (src == SourceKind::Single ? std::string() : "_workers" + std::to_string(workers)),
                         4, 20, 20, 128, 320, 3, 3),
                    4, 4);
      c.opts.source = src;
      c.opts.max_workers = src == SourceKind::Single ? 0 : workers;
      c.expect_workers = src != SourceKind::Single;
      c.bias = true;
      v.push_back(c);
    }
  {
    Case c = sm90(make("Split2_Cluster2_TileN256", 3, 20, 20, 128, 552, 3, 3), 2, 2);
    c.opts.cluster_m = 2;
    c.opts.tile_n = 256;
    c.expect_cluster_m = 2;
    c.expect_tile_n = 256;
    v.push_back(c);
  }
  {
    Case c = sm90(make("Split4_BitIdentical_x3", 2, 14, 14, 256, 256, 3, 3), 4, 4);
    c.opts.max_workers = 7;
    c.repeats = 3;
    c.bit_identical = true;
    c.beta = 0.5f;
    v.push_back(c);
  }
  {
    Case c = sm90(make("SplitOff_FewTilesLongK", 1, 7, 7, 512, 512, 3, 3), 1, 1);  // would split by default
    c.expect_tma_store = 1;
    v.push_back(c);
  }
  {
    Case c = make("HeuristicSplits_FewTilesLongK_Auto", 1, 7, 7, 512, 512, 3, 3);  // 4 tiles, 72 k-steps
    c.expect_splits = -1;
    c.bias = c.relu = true;
    v.push_back(c);
  }
  return v;
}

//! A quarter of the SMs held by another kernel while the convolution starts (ResNet 3x3 128 @ 28, N = 8).
std::vector<Case> held_cases() {
  std::vector<Case> v;
  for (Kernel k : {Kernel::Auto, Kernel::Portable})
    for (SourceKind src : {SourceKind::Auto, SourceKind::Ticket, SourceKind::Static, SourceKind::Single}) {
      Case c = make(std::string("QuarterHeld_") + conv::to_string(k) + "_" + clc::to_string(src), 8, 28, 28, 128,
                    128, 3, 3);
      c.opts.kernel = k;
      c.opts.source = src;
      c.hold_quarter = true;
      c.bias = true;
      c.relu = true;
      v.push_back(c);
    }
  return v;
}

//! Tiny cases for compute-sanitizer (memcheck, synccheck): both kernels, every source, 2x1 clusters,
//! tile widths, the fused epilogue, strided and misaligned views, the portable fallback.
std::vector<Case> small_cases() {
  std::vector<Case> v;
  {
    // 4 M tiles x 2 N tiles over 2 workers: 4 tiles per worker.
    Case c = make("Sm90_Ticket_workers2_C64_K72", 2, 16, 16, 64, 72, 3, 3);
    c.opts.kernel = Kernel::Sm90;
    c.opts.source = SourceKind::Ticket;
    c.opts.tile_n = 64;
    c.opts.cluster_m = 1;
    c.opts.split_k = 1;
    c.opts.max_workers = 2;
    c.expect_workers = true;
    v.push_back(c);
  }
  {
    Case c = make("Sm90_Static_Cluster2_residual_YPadded", 2, 10, 13, 64, 136, 3, 3);
    c.opts.kernel = Kernel::Sm90;
    c.opts.source = SourceKind::Static;
    c.opts.cluster_m = 2;
    c.expect_cluster_m = 2;
    c.beta = 0.5f;
    c.y_gap_k = 8, c.y_gap_h = 8;
    v.push_back(c);
  }
  {
    Case c = make("Sm90_Single_TileN256_f32_bias_relu", 1, 12, 12, 128, 300, 3, 3);
    c.opts.kernel = Kernel::Sm90;
    c.opts.source = SourceKind::Single;
    c.opts.tile_n = 256;
    c.expect_tile_n = 256;
    c.yt = DType::F32;
    c.bias = c.relu = true;
    v.push_back(c);
  }
  {
    Case c = make("Sm90_Ticket_TileN64_Cluster2_f16_stride2_XPadded", 2, 15, 15, 64, 64, 3, 3, 2);
    c.opts.kernel = Kernel::Sm90;
    c.opts.tile_n = 64;
    c.opts.cluster_m = 2;
    c.opts.max_workers = 1;
    c.xt = c.yt = DType::F16;
    c.x_gap_c = 8;
    v.push_back(c);
  }
  {
    Case c = make("Sm90_Ticket_TileN128_dilation2_asym", 1, 13, 17, 64, 128, 3, 3);
    c.opts.kernel = Kernel::Sm90;
    c.opts.tile_n = 128;
    c.pad_top = 1, c.pad_bottom = 2, c.pad_left = 0, c.pad_right = 3;
    c.dil_h = c.dil_w = 2;
    v.push_back(c);
  }
  {
    Case c = make("Sm90_Split3_residual_YPadded", 1, 9, 11, 128, 72, 3, 3);  // kt 18
    c.opts.kernel = Kernel::Sm90;
    c.opts.split_k = 3;
    c.expect_splits = 3;
    c.beta = 0.5f;
    c.bias = true;
    c.y_gap_k = 8;
    v.push_back(c);
  }
  {
    Case c = make("Sm90_Split2_OwnWorkspace_Static", 1, 9, 11, 64, 64, 3, 3);
    c.opts.kernel = Kernel::Sm90;
    c.opts.source = SourceKind::Static;
    c.opts.split_k = 2;
    c.expect_splits = 2;
    c.own_split_workspace = true;
    v.push_back(c);
  }
  {
    Case c = make("Portable_Ticket_C3_7x7_stride2", 1, 23, 23, 3, 64, 7, 7, 2);
    c.opts.kernel = Kernel::Portable;
    c.opts.source = SourceKind::Ticket;
    c.opts.max_workers = 1;
    c.bias = c.relu = true;
    v.push_back(c);
  }
  {
    Case c = make("Portable_Static_C61_asym_dilation2_XOdd", 2, 13, 17, 61, 200, 3, 3);
    c.opts.kernel = Kernel::Portable;
    c.opts.source = SourceKind::Static;
    c.opts.max_workers = 3;
    c.pad_top = 1, c.pad_bottom = 2, c.pad_left = 0, c.pad_right = 3;
    c.dil_h = c.dil_w = 2;
    c.x_gap_c = 1, c.x_gap_h = 3;
    c.beta = -1.0f;
    v.push_back(c);
  }
  {
    Case c = make("Portable_Single_C8_K1_f32", 2, 7, 9, 8, 1, 1, 7);
    c.opts.kernel = Kernel::Portable;
    c.opts.source = SourceKind::Single;
    c.pad_left = c.pad_right = 3;
    c.yt = DType::F32;
    v.push_back(c);
  }
  {
    Case c = make("Portable_f16_YOffset1_residual", 1, 9, 9, 64, 40, 3, 3);
    c.opts.kernel = Kernel::Portable;
    c.xt = c.yt = DType::F16;
    c.y_offset = 1;
    c.beta = 1.0f;
    v.push_back(c);
  }
  {
    Case c = make("Auto_XOffset1_falls_back", 1, 9, 9, 64, 64, 3, 3);  // Portable, why_portable set
    c.x_offset = 1;
    v.push_back(c);
  }
  {
    Case c = make("Auto_C64_K64", 2, 9, 9, 64, 64, 3, 3);  // Sm90 on sm_90
    c.bias = true;
    v.push_back(c);
  }
  return v;
}

//! GoogleTest prints a failing case's parameter with this.
void PrintTo(Case const& c, std::ostream* os) { *os << c.name; }

class ConvCase : public ::testing::TestWithParam<Case> {};

TEST_P(ConvCase, MatchesReference) {
  CLC_REQUIRE_GPU();
  Case const& c = GetParam();
  if (c.opts.kernel == Kernel::Sm90 && !device_is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  check(c);
}

std::string case_name(::testing::TestParamInfo<Case> const& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(ResNet50, ConvCase, ::testing::ValuesIn(resnet_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(ChannelsFilters, ConvCase, ::testing::ValuesIn(channel_filter_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Geometry, ConvCase, ::testing::ValuesIn(geometry_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(DTypesEpilogue, ConvCase, ::testing::ValuesIn(dtype_epilogue_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Layouts, ConvCase, ::testing::ValuesIn(layout_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Sources, ConvCase, ::testing::ValuesIn(source_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Sm90Config, ConvCase, ::testing::ValuesIn(sm90_config_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(SplitK, ConvCase, ::testing::ValuesIn(splitk_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Held, ConvCase, ::testing::ValuesIn(held_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Small, ConvCase, ::testing::ValuesIn(small_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(Stress, ConvCase, ::testing::ValuesIn(stress_cases()), case_name);

// ---------------------------------------------------------------------------------------------------
// The checker, and Auto's choice of kernel.

TEST(ConvChecker, FindsAWrongElementAndAGapWrite) {
  CLC_REQUIRE_GPU();
  for (DType yt : {DType::BF16, DType::F32}) {
    Case c = make("checker", 1, 9, 9, 64, 40, 3, 3);
    c.yt = yt;
    c.y_gap_k = 8;
    c.corrupt = true;
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
    EXPECT_EQ(st.bad, 1) << "the checker must find exactly the corrupted element:" << st.first_bad;
    EXPECT_NE(st.first_bad.find("(n 0, p 0, q 0, k 0)"), std::string::npos) << st.first_bad;
    EXPECT_EQ(st.stray, 1) << "the checker must find exactly the written gap element:" << st.first_stray;
  }
}

TEST(ConvKernelChoice, AutoTakesSm90WhereItAppliesAndSaysWhyNot) {
  CLC_REQUIRE_GPU();
  bool const hopper = device_is_hopper();
  {
    Case c = make("stem_C3", 1, 32, 32, 3, 64, 7, 7, 2);
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
    EXPECT_EQ(st.info.kernel, Kernel::Portable);
    if (hopper) EXPECT_NE(st.info.why_portable.find("c (3)"), std::string::npos) << st.info.why_portable;
  }
  {
    Case c = make("C64", 1, 16, 16, 64, 64, 3, 3);
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
    EXPECT_EQ(st.info.kernel, hopper ? Kernel::Sm90 : Kernel::Portable) << st.info.why_portable;
    if (hopper) {
      EXPECT_TRUE(st.info.why_portable.empty()) << st.info.why_portable;
      EXPECT_EQ(st.info.tile_m, 128);
      if (st.info.splits == 1) EXPECT_TRUE(st.info.tma_store) << "packed bf16 y with K = 64: the TMA-store epilogue";
    }
  }
  if (hopper) {
    Case c = make("x_offset", 1, 16, 16, 64, 64, 3, 3);
    c.x_offset = 1;
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
    EXPECT_EQ(st.info.kernel, Kernel::Portable);
    EXPECT_NE(st.info.why_portable.find("x's base address"), std::string::npos) << st.info.why_portable;
  }
  if (hopper) {
    Case c = make("x_stride", 1, 16, 16, 64, 64, 3, 3);
    c.x_gap_c = 4;
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
    EXPECT_EQ(st.info.kernel, Kernel::Portable);
    EXPECT_NE(st.info.why_portable.find("x_stride_w (68)"), std::string::npos) << st.info.why_portable;
  }
  if (hopper) {
    Case c = make("stride9", 1, 40, 40, 64, 64, 3, 3, 9);
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure());
    EXPECT_EQ(st.info.kernel, Kernel::Portable);
    EXPECT_NE(st.info.why_portable.find("stride"), std::string::npos) << st.info.why_portable;
  }
}

// ---------------------------------------------------------------------------------------------------
// Refused calls: the status, a message naming the argument, and nothing written.

struct BadArgBuffers {
  Buffer x{64 << 10}, f{64 << 10}, y{conv_test::bad_args_y_bytes() * 2}, res{conv_test::bad_args_y_bytes() * 2},
      bias{1024};
};

//! y's buffer still holds the 0xFF poison everywhere.
::testing::AssertionResult y_untouched(BadArgBuffers const& b) {
  if (cudaError_t const e = cudaDeviceSynchronize(); e != cudaSuccess)
    return ::testing::AssertionFailure() << "cudaDeviceSynchronize: " << cudaGetErrorName(e);
  std::vector<unsigned char> h(b.y.bytes);
  if (cudaError_t const e = cudaMemcpy(h.data(), b.y.p, h.size(), cudaMemcpyDeviceToHost); e != cudaSuccess)
    return ::testing::AssertionFailure() << "cudaMemcpy: " << cudaGetErrorName(e);
  for (std::size_t i = 0; i < h.size(); ++i)
    if (h[i] != 0xFF) return ::testing::AssertionFailure() << "y's byte " << i << " was written";
  return ::testing::AssertionSuccess();
}

//! The kernels compiled for the common cases (branch wip/conv-fast): y of x's type through the TMA store, no
//! split-K, no residual; plain and fused (bias, ReLU, both), every tile width, Ticket and Static with several
//! tiles per worker, bf16 and fp16: every element checked, RunInfo::fast set; the same cases through
//! run_general (the general kernels, RunInfo::fast clear); split-K's kernel of partial sums with any y and
//! epilogue; and the cases they do not take (fp32 y, a residual, Single, a strided y without split-K).
TEST(ConvFastKernels, CommonCasesAndTheRest) {
  CLC_REQUIRE_GPU();
  if (!device_is_hopper()) GTEST_SKIP() << "the Sm90 kernels need an sm_90 device";
  int i = 0;
  for (int tile_n : {64, 128, 256})
    for (int epi : {0, 1, 2, 3}) {  // plain, bias, ReLU, bias + ReLU
      Case c = make("fast_" + std::to_string(tile_n) + "_" + std::to_string(epi), 2, 20, 20, 64, 200, 3, 3);
      c.xt = c.yt = i % 2 == 0 ? DType::BF16 : DType::F16;
      c.bias = epi == 1 || epi == 3;
      c.relu = epi >= 2;
      c.alpha = 1.25f;
      c.opts.kernel = Kernel::Sm90;
      c.opts.tile_n = tile_n;
      c.opts.split_k = 1;
      c.opts.source = i % 2 == 0 ? SourceKind::Ticket : SourceKind::Static;
      c.opts.max_workers = 3;
      Stats st;
      run_case(c, &st);
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
      EXPECT_TRUE(st.info.fast) << c.name;
      EXPECT_EQ(st.info.tile_n, tile_n) << c.name;
      c.general = true;
      c.name += "_general";
      run_case(c, &st);
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
      EXPECT_FALSE(st.info.fast) << c.name;
      ++i;
    }
  // Split-K's common-case kernel (partial sums only): every width, 2 and 3 splits, whatever y and epilogue
  // (fp32 y, a residual, bias + ReLU, a strided y), Ticket and Static with several tiles per worker; and the
  // same through the general kernels.
  for (int tile_n : {64, 128, 256})
    for (int splits : {2, 3}) {
      int const v = i++;
      Case c = make("fast_split_" + std::to_string(tile_n) + "_k" + std::to_string(splits), 2, 10, 12, 160, 200, 3, 3);
      c.xt = v % 2 == 0 ? DType::BF16 : DType::F16;
      c.yt = v % 3 == 0 ? DType::F32 : c.xt;
      c.beta = v % 2 == 0 ? 0.5f : 0.0f;
      c.bias = v % 3 != 1;
      c.relu = v % 2 == 1;
      if (v % 4 == 3) c.y_gap_k = 8;
      c.opts.kernel = Kernel::Sm90;
      c.opts.tile_n = tile_n;
      c.opts.split_k = splits;
      c.opts.source = v % 2 == 0 ? SourceKind::Ticket : SourceKind::Static;
      c.opts.max_workers = 3;
      c.expect_splits = splits;
      Stats st;
      run_case(c, &st);
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
      EXPECT_TRUE(st.info.fast) << c.name;
      c.general = true;
      c.name += "_general";
      run_case(c, &st);
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
      EXPECT_FALSE(st.info.fast) << c.name;
    }
  for (int which = 0; which < 5; ++which) {
    Case c = make("not_fast_" + std::to_string(which), 2, 20, 20, 64, 200, 3, 3);
    c.opts.kernel = Kernel::Sm90;
    c.opts.split_k = 1;
    if (which == 0) c.yt = DType::F32;
    if (which == 1) c.beta = 0.5f;
    if (which == 2) c.opts.split_k = 2, c.opts.source = SourceKind::Single;  // (split-K: Ticket and Static only)
    if (which == 3) c.opts.source = SourceKind::Single;
    if (which == 4) c.y_gap_k = 8;  // y not one packed matrix: the direct epilogue
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
    EXPECT_FALSE(st.info.fast) << c.name;
  }
  // A bias one element into its buffer (2-byte aligned, not 4): the fused kernels' bias cannot be read in
  // pairs, neither as the tile starts nor in the epilogue; every width, several tiles per worker.
  for (int tile_n : {64, 128, 256}) {
    Case c = make("fast_bias_misaligned_" + std::to_string(tile_n), 2, 20, 20, 64, 200, 3, 3);
    c.bias = c.relu = true;
    c.bias_offset = 1;
    c.opts.kernel = Kernel::Sm90;
    c.opts.tile_n = tile_n;
    c.opts.split_k = 1;
    c.opts.max_workers = 3;
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
    EXPECT_TRUE(st.info.fast) << c.name;
  }
}

//! LaunchOptions::trace through conv::Options: every kernel (the Sm90 common-case and general kernels, the
//! filter-row kernel, the portable kernel) records each tile of its tile space once, indexed by the tile's
//! linear id, with the source that ran it, a worker below the workers launched, and start <= end; nothing
//! is written past the tile space. The outputs are checked as in every case.
TEST(ConvTrace, EveryTileRecordedOnce) {
  CLC_REQUIRE_GPU();
  struct Run {
    char const* name;
    Kernel kernel;
    SourceKind source;
    int tile_n;
    bool general;
    int swap;
  };
  std::vector<Run> runs = {{"portable_ticket", Kernel::Portable, SourceKind::Ticket, 0, false, 0}};
  if (device_is_hopper()) {
    runs.push_back({"sm90_fast_ticket", Kernel::Sm90, SourceKind::Ticket, 128, false, 0});
    runs.push_back({"sm90_fast_static_256", Kernel::Sm90, SourceKind::Static, 256, false, 0});
    runs.push_back({"sm90_general_ticket", Kernel::Sm90, SourceKind::Ticket, 64, true, 0});
    runs.push_back({"sm90_filter_row", Kernel::Sm90, SourceKind::Ticket, 0, false, 1});
  }
  constexpr std::size_t kSlack = 64;  // records past the tile space that must stay untouched
  for (Run const& r : runs) {
    Case c = make(std::string("trace_") + r.name, 2, 20, 20, 64, r.swap ? 64 : 200, 3, 3);
    c.bias = c.relu = true;
    c.opts.kernel = r.kernel;
    c.opts.source = r.source;
    c.opts.tile_n = r.tile_n;
    c.opts.split_k = 1;
    if (r.kernel == Kernel::Sm90) c.opts.cluster_m = 1;  // no M tiles padded to a cluster's size
    c.opts.max_workers = 3;
    c.general = r.general;
    c.swap = r.swap;
    // At most one record per 64 x 64 block of the output, whatever the tile: a bound on the tile count.
    int const m = c.n * c.h * c.w;
    std::size_t const cap = std::size_t((m + 63) / 64) * std::size_t((c.k + 63) / 64) + kSlack;
    Buffer T(cap * sizeof(clc::TileTraceRecord));
    ASSERT_NE(T.p, nullptr);
    CUDA_OK(cudaMemset(T.p, 0, T.bytes));
    c.opts.trace = static_cast<clc::TileTraceRecord*>(T.p);
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
    std::vector<clc::TileTraceRecord> rec(cap);
    CUDA_OK(cudaMemcpy(rec.data(), T.p, T.bytes, cudaMemcpyDeviceToHost));
    // The tile space: tile_m pixels x tile_n filters (the filter-row kernel: 256 pixels x tile_n filters).
    ASSERT_GT(st.info.tile_m, 0) << c.name;
    ASSERT_GT(st.info.tile_n, 0) << c.name;
    std::size_t const tiles = std::size_t((m + st.info.tile_m - 1) / st.info.tile_m) *
                              std::size_t((c.k + st.info.tile_n - 1) / st.info.tile_n);
    ASSERT_LE(tiles + kSlack, cap) << c.name;
    int const want_source = r.source == SourceKind::Ticket ? 1 : 2;
    for (std::size_t i = 0; i < cap; ++i) {
      clc::TileTraceRecord const& t = rec[i];
      if (i >= tiles) {
        EXPECT_EQ(t.end_ns, 0u) << c.name << ": a record past the " << tiles << " tiles, at " << i;
        continue;
      }
      EXPECT_NE(t.end_ns, 0u) << c.name << ": tile " << i << " of " << tiles << " not recorded";
      EXPECT_LE(t.start_ns, t.end_ns) << c.name << ": tile " << i;
      EXPECT_EQ(t.source, want_source) << c.name << ": tile " << i;
      EXPECT_GE(t.worker, 0) << c.name << ": tile " << i;
      EXPECT_LT(t.worker, int(st.info.launch.workers)) << c.name << ": tile " << i;
      EXPECT_EQ(std::size_t(t.x) + std::size_t((m + st.info.tile_m - 1) / st.info.tile_m) * std::size_t(t.y), i)
          << c.name << ": the record of tile (" << t.x << ", " << t.y << ") is at " << i;
    }
    if (::testing::Test::HasFailure()) return;  // one run's failures are enough to read
  }
}

//! The filter-row kernel (RunInfo::swapped: 64 or 128 filters x 256 pixels per tile, y stored transposed),
//! forced through run_swap where it can run: K = 64 and fewer (K = 40, 8: rows of the filter box past K are
//! zeros and the transposed store clips them), K = 128, 96, 72 and 200 (128-filter tiles, the cooperative
//! layout; K = 200 run() never swaps), 3x3 with padding, stride 2, 1x1, 5x5 dilated, a pixel count not a
//! multiple of 256 (the last tile's second im2col box wholly past the output), tiles spanning images;
//! plain, bias, ReLU, both; bf16 and fp16; Ticket and Static with several tiles per worker; every element
//! checked. Then the cases it does not take (K > 64 with 64-wide tiles, a residual, fp32 y, split-K, a forced 128-wide tile,
//! 2x1 clusters, Single) and run_swap(false).
TEST(ConvFastKernels, FilterRowKernel) {
  CLC_REQUIRE_GPU();
  if (!device_is_hopper()) GTEST_SKIP() << "the Sm90 kernels need an sm_90 device";
  struct Shape {
    char const* name;
    int n, h, w, c, k, r, s, stride, pad, dil;
  };
  Shape const shapes[] = {
      {"3x3_64", 3, 23, 21, 64, 64, 3, 3, 1, 1, 1},   // M = 1449: 6 tiles, the last 169 pixels
      {"3x3s2_k40", 2, 30, 34, 96, 40, 3, 3, 2, 1, 1},
      {"1x1_k64_c256", 4, 14, 14, 256, 64, 1, 1, 1, 0, 1},
      {"5x5d2_k8_c24", 2, 19, 17, 24, 8, 5, 5, 1, 3, 2},
      {"1x7_k64", 1, 9, 40, 72, 64, 1, 7, 1, 0, 1},
      {"3x3_k128", 2, 17, 19, 128, 128, 3, 3, 1, 1, 1},  // 128-filter tiles: the cooperative layout
      {"3x3s2_k96_c40", 3, 25, 22, 40, 96, 3, 3, 2, 1, 1},
      {"1x1_k72_c512", 2, 11, 13, 512, 72, 1, 1, 1, 0, 1},
      {"3x3_k200", 2, 9, 11, 64, 200, 3, 3, 1, 1, 1},  // two 128-filter tiles per pixel tile (only forced)
  };
  int i = 0;
  for (Shape const& sh : shapes)
    for (int epi : {0, 1, 2, 3}) {  // plain, bias, ReLU, bias + ReLU
      Case c = make(std::string("swap_") + sh.name + "_" + std::to_string(epi), sh.n, sh.h, sh.w, sh.c, sh.k, sh.r,
                    sh.s, sh.stride);
      c.pad_top = c.pad_bottom = c.pad_left = c.pad_right = sh.pad;
      if (sh.r == 1) c.pad_top = c.pad_bottom = 0;
      if (sh.s == 1) c.pad_left = c.pad_right = 0;
      c.dil_h = c.dil_w = sh.dil;
      c.xt = c.yt = i % 2 == 0 ? DType::BF16 : DType::F16;
      c.bias = epi == 1 || epi == 3;
      c.relu = epi >= 2;
      c.alpha = epi == 0 ? 1.25f : 0.75f;
      c.opts.kernel = Kernel::Sm90;
      c.opts.source = i % 2 == 0 ? SourceKind::Ticket : SourceKind::Static;
      c.opts.max_workers = 1 + 2 * (i % 3);  // 1, 3, 5 workers: several tiles each
      c.swap = 1;
      Stats st;
      run_case(c, &st);
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
      EXPECT_TRUE(st.info.swapped) << c.name;
      EXPECT_TRUE(st.info.fast) << c.name;
      EXPECT_EQ(st.info.tile_m, 256) << c.name;
      EXPECT_EQ(st.info.tile_n, sh.k <= 64 ? 64 : 128) << c.name;
      c.swap = -1;
      c.name += "_unswapped";
      run_case(c, &st);
      ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
      EXPECT_FALSE(st.info.swapped) << c.name;
      ++i;
    }
  for (int which = 0; which < 7; ++which) {
    Case c = make("swap_not_" + std::to_string(which), 2, 20, 20, 64, 64, 3, 3);
    c.opts.kernel = Kernel::Sm90;
    c.swap = 1;
    if (which == 0) c.k = 72, c.opts.tile_n = 64;
    if (which == 1) c.beta = 0.5f;
    if (which == 2) c.yt = DType::F32;
    if (which == 3) c.opts.split_k = 2;
    if (which == 4) c.opts.tile_n = 128;
    if (which == 5) c.opts.cluster_m = 2;
    if (which == 6) c.opts.source = SourceKind::Single;
    Stats st;
    run_case(c, &st);
    ASSERT_FALSE(::testing::Test::HasFatalFailure()) << c.name;
    EXPECT_FALSE(st.info.swapped) << c.name;
  }
}

TEST(ConvErrors, BadArgumentsWriteNothing) {
  CLC_REQUIRE_GPU();
  BadArgBuffers b;
  ASSERT_TRUE(b.x.p && b.f.p && b.y.p && b.res.p && b.bias.p) << "cudaMalloc failed";
  CUDA_OK(cudaMemset(b.x.p, 0, b.x.bytes));
  CUDA_OK(cudaMemset(b.f.p, 0, b.f.bytes));
  CUDA_OK(cudaMemset(b.res.p, 0, b.res.bytes));
  CUDA_OK(cudaMemset(b.bias.p, 0, b.bias.bytes));
  conv::Arguments const base = conv_test::bad_args_base(b.x.p, b.f.p, b.y.p, b.res.p, b.bias.p);
  {  // the base itself runs (so the refusals below are about the one changed argument)
    CUDA_OK(cudaMemset(b.y.p, 0xFF, b.y.bytes));
    CLC_OK(conv::run(base, nullptr));
    CUDA_OK(cudaDeviceSynchronize());
  }
  auto const cases = conv_test::bad_cases(base, /*with_device=*/true, device_is_hopper());
  for (conv_test::BadCase const& bc : cases) {
    SCOPED_TRACE(bc.what);
    CUDA_OK(cudaMemset(b.y.p, 0xFF, b.y.bytes));
    CUDA_OK(cudaDeviceSynchronize());
    conv::RunInfo info;
    clc::Error const e = conv::run(bc.args, nullptr, bc.opts, &info);
    ASSERT_FALSE(e.ok()) << "run() accepted it";
    if (bc.either_status)
      EXPECT_TRUE(e.status == clc::Status::InvalidArgument || e.status == clc::Status::NotSupported) << e.what();
    else
      EXPECT_EQ(e.status, bc.want) << e.what();
    for (std::string const& word : bc.words)
      EXPECT_NE(e.message.find(word), std::string::npos) << "the message does not name '" << word << "': " << e.what();
    EXPECT_TRUE(y_untouched(b)) << e.what();
    CUDA_OK(cudaGetLastError());
    if (!bc.run_only) {
      clc::Error const e2 = conv::can_implement(bc.args, bc.opts);
      EXPECT_EQ(e2.status, e.status) << "can_implement: " << e2.what();
      EXPECT_EQ(e2.message, e.message) << "can_implement";
    }
  }
}

//! The Hardware source (cluster launch control) needs sm_100: refused on older devices whatever the
//! kernel, and y untouched.
TEST(ConvErrors, HardwareSourceRefusedBeforeSm100) {
  CLC_REQUIRE_GPU();
  int major = 0;
  CUDA_OK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major >= 10) GTEST_SKIP() << "the device has cluster launch control (sm_" << major << "x)";
  BadArgBuffers b;
  ASSERT_TRUE(b.x.p && b.f.p && b.y.p && b.res.p && b.bias.p) << "cudaMalloc failed";
  CUDA_OK(cudaMemset(b.x.p, 0, b.x.bytes));
  CUDA_OK(cudaMemset(b.f.p, 0, b.f.bytes));
  CUDA_OK(cudaMemset(b.bias.p, 0, b.bias.bytes));
  conv::Arguments const a = conv_test::bad_args_base(b.x.p, b.f.p, b.y.p, b.res.p, b.bias.p);
  for (Kernel k : {Kernel::Auto, Kernel::Sm90, Kernel::Portable}) {
    SCOPED_TRACE(conv::to_string(k));
    CUDA_OK(cudaMemset(b.y.p, 0xFF, b.y.bytes));
    conv::Options o;
    o.kernel = k;
    o.source = SourceKind::Hardware;
    clc::Error const e = conv::run(a, nullptr, o);
    EXPECT_FALSE(e.ok()) << "the Hardware source ran on sm_" << major << "x";
    EXPECT_NE(e.status, clc::Status::CudaError) << e.what();
    EXPECT_TRUE(y_untouched(b)) << e.what();
    CUDA_OK(cudaGetLastError());
  }
}

}  // namespace
