//! @file conv_bench.cu
//! @brief `clc-bench conv`: clc::conv against cuDNN (cudnnConvolutionForward) on ResNet-50's
//! convolutions, bf16 NHWC in and out, fp32 accumulation, in one process on the same inputs.
//!
//! Per layer and batch size N:
//!  1. Inputs: random bf16 x (NHWC), filter (KRSC) and bias (K), never zero.
//!  2. cuDNN's algorithm: cudnnFindConvolutionForwardAlgorithmEx under CUDNN_TENSOR_OP_MATH and under
//!     CUDNN_DEFAULT_MATH, with a workspace as large as the largest any algorithm asks for (capped by
//!     --cudnn-workspace-mib); every candidate that succeeded is then timed again in steady state (the
//!     Find's own times are first-call times) and the fastest is used, with its math type. The fused cuDNN
//!     (cudnnConvolutionBiasActivationForward, bias + ReLU) tries that algorithm, then
//!     IMPLICIT_PRECOMP_GEMM, with a bf16 then an fp32 bias; when none runs (or its output fails the
//!     gate) it is reported unavailable, with the reason, and the run goes on.
//!  3. Gate, before any timing: the float64 reference (clc/testing/conv_reference.cuh) once; then every
//!     variant once (clc, clc fused, clc Static, cuDNN, cuDNN fused), each into an output poisoned with
//!     0xFF (bf16 NaN) first, every element compared on the GPU with the reference (+ bias, ReLU for the
//!     fused ones): |v - ref| <= rtol * |ref| + atol, rtol = 2^-7 (one bf16 ulp at most: both libraries
//!     round an fp32 accumulator once, an error of at most half an ulp), atol = 2^-10 * max|ref| (the
//!     fp32 accumulation error of a sum of up to 4608 products is orders of magnitude smaller; a wrong
//!     tap, channel or pixel is of the order of max|ref| / 4). A non-finite element fails. A layer whose
//!     clc or cuDNN output fails is FAIL, is not timed, and the run exits 1.
//!  4. Timing: R rounds; each round runs every variant in turn (the order reversed every other round:
//!     clc first in even rounds, cuDNN first in odd rounds), each `--warmup` untimed launches then I
//!     timed launches. Every timed launch: an L2 scrub (a kernel reading a buffer of max(256 MiB,
//!     2 x L2); reads leave L2 holding clean lines of the scrub buffer, so neither the inputs nor dirty
//!     lines of the previous output remain, and no write-back falls into the timed region), a wait for
//!     it, a gate kernel (one SM for 300 us, longer than the host side of either library's call, so
//!     host overhead is not timed), then the launch between two CUDA events. Per variant: the median
//!     of each round's I times; reported: the median of the round medians and their min and max.
//!  5. `--interfere F`: after the undisturbed rounds, a held pass: clc (Ticket), clc Static and cuDNN,
//!     each timed launch with F of the SMs held by clc::tools::hold_sms on a greatest-priority stream,
//!     launched on an idle GPU before the gate (it owns its SMs before the launch starts) and held for
//!     the gate plus max(0.5 ms, 2 x the slower undisturbed median of clc and cuDNN). clc and clc
//!     Static are gated again under the hold first.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <cudnn.h>

#include "clc/testing/conv_reference.cuh"
#include "clc/tools/interference.hpp"
#include "clc/trace.hpp"
#include "clc_cli.hpp"
#include "common/check.hpp"
#include "common/csv.hpp"
#include "common/gpu_info.hpp"
#include "common/progress.hpp"
#include "common/start.hpp"
#include "common/stats.hpp"
#include "common/subcommand.hpp"
#include "common/table.hpp"
#include "common/timing.cuh"
#include "common/trace_summary.hpp"
#include "conv/conv.hpp"
#include "conv/debug.hpp"

namespace clc::bench {
namespace {

constexpr char kTool[] = "clc-bench conv";
// kGateUs (the gate kernel before every timed launch) and the L2 scrub: common/timing.cuh.
constexpr double kFusionTargetPct = 3.0;                      //!< the issue's target for the fused epilogue

// ---------------------------------------------------------------------------------------------------
// The layers

//! One convolution of ResNet-50: square input H x H, square R x R filter, the same stride and padding
//! both ways.
struct LayerDef {
  int c, k, h, r, stride, pad;
  int out() const { return (h + 2 * pad - r) / stride + 1; }
  //! "3x3_64-64_56", "3x3s2_128-128_56", "1x1s2_256-128_56", "7x7s2_3-64_224".
  std::string name() const {
    return std::to_string(r) + "x" + std::to_string(r) + (stride > 1 ? "s" + std::to_string(stride) : "") + "_" +
           std::to_string(c) + "-" + std::to_string(k) + "_" + std::to_string(h);
  }
};

LayerDef const kLayers[] = {
    // 3x3, stride 1, pad 1
    {64, 64, 56, 3, 1, 1},
    {128, 128, 28, 3, 1, 1},
    {256, 256, 14, 3, 1, 1},
    {512, 512, 7, 3, 1, 1},
    // 3x3, stride 2, pad 1
    {128, 128, 56, 3, 2, 1},
    {256, 256, 28, 3, 2, 1},
    {512, 512, 14, 3, 2, 1},
    // 1x1, pad 0
    {64, 256, 56, 1, 1, 0},
    {256, 64, 56, 1, 1, 0},
    {256, 128, 56, 1, 2, 0},
    {512, 128, 28, 1, 1, 0},
    {1024, 256, 14, 1, 1, 0},
    {2048, 512, 7, 1, 1, 0},
    // the stem: 7x7, stride 2, pad 3
    {3, 64, 224, 7, 2, 3},
};
constexpr int kLayerCount = int(sizeof(kLayers) / sizeof(kLayers[0]));

// ---------------------------------------------------------------------------------------------------
// Options

struct Config {
  std::vector<int> layers;       //!< indices into kLayers, in table order
  std::vector<int> ns;           //!< batch sizes
  int rounds = 5;
  int iters = 20;
  int warmup = 2;
  double interfere = 0.0;
  double rtol = 1.0 / 128;       //!< 2^-7
  double atol = 1.0 / 1024;      //!< times max|ref|: 2^-10
  int cudnn_ws_mib = 1024;
  bool cudnn_fused = true;
  bool warm_l2 = false;
  bool general = false;  // diagnostics: the general Sm90 kernels only (conv::detail::run_general)
  bool no_swap = false;  // diagnostics: never the filter-row kernel (conv::detail::run_swap(..., false))
  bool swap = false;     // diagnostics: the filter-row kernel wherever it can run (conv::detail::run_swap(..., true))
  bool quick = false;
  bool list = false;
  int kernel = 0;  // {auto, sm90, portable}
  int tile_n = 0;
  int cluster_m = 0;
  int split_k = 0;
  int device = 0;
  std::string json, csv, commit;
  std::string trace;  // diagnostics: per-tile traces of clc's variants (LaunchOptions::trace), as JSON
};

//! Splits "a,b,c" (no empty items).
bool split_list(std::string const& v, std::vector<std::string>* out) {
  out->clear();
  std::size_t start = 0;
  while (true) {
    std::size_t const comma = v.find(',', start);
    std::string const item = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty()) return false;
    out->push_back(item);
    if (comma == std::string::npos) return true;
    start = comma + 1;
  }
}

cli::Result parse(int argc, char** argv, Config* c) {
  bool rounds_given = false, iters_given = false, n_given = false, no_fused = false;
  std::vector<bool> picked(kLayerCount, false);
  bool layers_given = false;
  cli::Parser p(kTool, "clc::conv against cuDNN (cudnnConvolutionForward) on ResNet-50's convolutions, bf16 NHWC, "
                       "every output checked against a float64 reference before timing");
  p.custom("--layers", "LIST",
           "run the layers whose name contains one of these comma-separated words (e.g. 3x3,7x7; --list names them)",
           [&](std::string const& v) {
             std::vector<std::string> words;
             if (!split_list(v, &words)) return invalid_argument("want a comma-separated list of words");
             for (std::string const& w : words) {
               bool any = false;
               for (int i = 0; i < kLayerCount; ++i)
                 if (kLayers[i].name().find(w) != std::string::npos) picked[std::size_t(i)] = any = true;
               if (!any) return invalid_argument("no layer name contains '" + w + "' (see --list)");
             }
             layers_given = true;
             return success();
           })
      .custom("--n", "LIST", "batch sizes, comma-separated (default 32,128; 32 with --quick)",
              [&](std::string const& v) {
                std::vector<std::string> items;
                if (!split_list(v, &items)) return invalid_argument("want a comma-separated list of batch sizes");
                c->ns.clear();
                for (std::string const& s : items) {
                  long long n = 0;
                  if (!cli::parse_int(s, 1, 1024, &n)) return invalid_argument("want batch sizes from 1 to 1024");
                  if (std::find(c->ns.begin(), c->ns.end(), int(n)) == c->ns.end()) c->ns.push_back(int(n));
                }
                n_given = true;
                return success();
              })
      .custom("--rounds", "R", "rounds, the library order reversed every other round (default 5; 3 with --quick)",
              [&](std::string const& v) {
                long long r = 0;
                if (!cli::parse_int(v, 1, 10000, &r)) return invalid_argument("want a whole number from 1 to 10000");
                c->rounds = int(r);
                rounds_given = true;
                return success();
              })
      .custom("--iters", "I", "timed launches per variant and round; the round's median is kept (default 20; 10 "
                              "with --quick)",
              [&](std::string const& v) {
                long long r = 0;
                if (!cli::parse_int(v, 1, 100000, &r)) return invalid_argument("want a whole number from 1 to 100000");
                c->iters = int(r);
                iters_given = true;
                return success();
              })
      .integer("--warmup", 0, 10000, &c->warmup, "untimed launches per variant before its timed ones, every round "
                                                  "(default 2)")
      .flag("--quick", &c->quick, "a short run: N = 32 only, 3 rounds of 10 launches (unless given)")
      .number("--interfere", 0.0, 0.95, &c->interfere,
              "after the undisturbed rounds, time clc (Ticket), clc Static and cuDNN with this fraction of the SMs "
              "held during each timed launch")
      .integer("--cudnn-workspace-mib", 0, 65536, &c->cudnn_ws_mib,
               "most workspace cuDNN's algorithms may use, in MiB (default 1024)")
      .flag("--no-cudnn-fused", &no_fused, "skip cuDNN's fused conv + bias + ReLU")
      .number("--rtol", 0.0, 1.0, &c->rtol, "gate: relative bound per element (default 2^-7 = 0.0078125)")
      .number("--atol", 0.0, 1.0, &c->atol, "gate: absolute bound per element, times max|ref| (default 2^-10)")
      .flag("--warm-l2", &c->warm_l2, "diagnostics: no L2 scrub before the timed launches")
      .flag("--general", &c->general, "diagnostics: the general Sm90 kernels only, never those compiled for the "
                                      "common cases (clc::conv::detail::run_general)")
      .flag("--no-swap", &c->no_swap, "diagnostics: never the filter-row kernel (64 filters x 256 pixels per tile, "
                                      "K <= 128; clc::conv::detail::run_swap)")
      .flag("--swap", &c->swap, "diagnostics: the filter-row kernel wherever it can run, also below a wave of "
                                "its tiles (clc::conv::detail::run_swap)")
      .choice("--kernel", {"auto", "sm90", "portable"}, &c->kernel, "diagnostics: force a clc::conv kernel")
      .integer_of("--tile-n", {0, 64, 128, 256}, &c->tile_n, "diagnostics: clc Sm90 tile width (0: heuristic)")
      .integer_of("--cluster", {0, 1, 2}, &c->cluster_m, "diagnostics: clc CTAs per cluster along M (0: heuristic)")
      .integer("--split-k", 0, 16, &c->split_k, "diagnostics: clc Sm90 split-K factor (0: heuristic, 1: off)")
      .flag("--list", &c->list, "list the layers and exit")
      .integer("--device", 0, 1023, &c->device, "CUDA device ordinal (default 0)")
      .text("--json", "FILE", &c->json, "also write the results as JSON (also without a GPU: status \"no device\")")
      .text("--csv", "FILE", &c->csv, "also write the results as CSV (one row per layer and N)")
      .text("--trace", "FILE", &c->trace,
            "diagnostics: after each layer's rounds, three cold-L2 launches of clc, clc fused and clc Static with "
            "per-tile traces (LaunchOptions::trace); their summaries printed, every record written to FILE as JSON")
      .text("--commit", "SHA", &c->commit, "a commit id to record beside the build's own")
      .epilog("Layers (--list): ResNet-50's 3x3 (stride 1 and 2), 1x1 and 7x7-stem convolutions, named\n"
              "RxS[sT]_C-K_H (e.g. 3x3s2_128-128_56: 3x3 filter, stride 2, 128 -> 128 channels, 56x56 input).\n"
              "clc runs with default Options (Ticket on Hopper); cuDNN with the fastest algorithm its Find reports.\n"
              "speed vs cuDNN = cuDNN time / clc time (> 1: clc faster); fusion = clc fused (bias + ReLU) time over\n"
              "clc plain time - 1 (target <= 3%). Every output is checked element by element against a float64\n"
              "reference before timing (|v - ref| <= rtol |ref| + atol max|ref|); a layer that fails is not timed\n"
              "and the run exits 1. Every timed launch follows an L2 scrub (cold L2) and a 300 us gate kernel.\n");
  cli::Result const r = p.parse(argc, argv);
  c->cudnn_fused = !no_fused;
  for (int i = 0; i < kLayerCount; ++i)
    if (!layers_given || picked[std::size_t(i)]) c->layers.push_back(i);
  if (!n_given) c->ns = c->quick ? std::vector<int>{32} : std::vector<int>{32, 128};
  if (c->quick) {
    if (!rounds_given) c->rounds = 3;
    if (!iters_given) c->iters = 10;
  }
  return r;
}

// ---------------------------------------------------------------------------------------------------
// Results

//! The variants timed; the table order (reversed in odd rounds: clc first in even rounds, cuDNN first
//! in odd rounds).
enum Variant : int { kClc = 0, kClcFused, kClcStatic, kCudnnFused, kCudnn, kVariants };
char const* const kVariantKeys[kVariants] = {"clc", "clc_fused", "clc_static", "cudnn_fused", "cudnn"};
char const* const kVariantLabels[kVariants] = {"clc", "clc fused", "clc Static", "cuDNN fused", "cuDNN"};
bool is_fused(int v) { return v == kClcFused || v == kCudnnFused; }

//! Per-element check of one output against the reference.
//! One variant in one setting (alone or held): the round medians (common/timing.cuh).
using Timing = RoundTiming;
using VariantResult = bench::VariantResult<conv::RunInfo>;

struct FindEntry {
  int algo = 0;
  int math = 0;
  int status = 0;
  float ms = 0.0f;
  std::size_t memory = 0;
  float steady_ms = -1.0f;  //!< our own steady-state time (median of 10 warm launches); -1: not usable
};

struct LayerResult {
  LayerDef def{};
  int n = 0, p = 0, q = 0;
  double flops = 0.0;
  std::string status = "not run";  //!< "ok", "FAIL" (gate), "error" (an API call failed)
  std::string error;
  double max_abs_ref = 0.0, atol_abs = 0.0;
  VariantResult v[kVariants];
  // cuDNN
  int cudnn_algo = -1, cudnn_math = 0;
  float cudnn_find_ms = 0.0f;
  float cudnn_steady_ms = 0.0f;  // the chosen algorithm's steady-state time in the selection
  std::size_t cudnn_ws_bytes = 0;        //!< what the chosen algorithm needs
  std::size_t cudnn_ws_alloc_bytes = 0;  //!< what was allocated (the largest any algorithm asked for)
  std::vector<FindEntry> find;
  bool cudnn_fused_available = false;
  std::string cudnn_fused_why;           //!< why not, when unavailable
  int cudnn_fused_algo = -1;
  bool cudnn_fused_bias_f32 = false;
  double hog_ms = 0.0;
  bool timed = false;

  std::string name() const { return def.name(); }
  bool is_3x3() const { return def.r == 3; }
  double tflops(Timing const& t) const { return t.median > 0 ? flops / (t.median * 1e-3) / 1e12 : 0.0; }
  //! cuDNN time over clc time (> 1: clc faster).
  double ratio() const { return bench::speed(v[kCudnn].alone, v[kClc].alone); }
  double fusion_pct() const {
    return v[kClc].alone.median > 0 && v[kClcFused].alone.timed()
               ? 100.0 * (v[kClcFused].alone.median / v[kClc].alone.median - 1.0)
               : 0.0;
  }
};

char const* algo_name(int a) {
  switch (a) {
    case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM: return "IMPLICIT_GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM: return "IMPLICIT_PRECOMP_GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_GEMM: return "GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_DIRECT: return "DIRECT";
    case CUDNN_CONVOLUTION_FWD_ALGO_FFT: return "FFT";
    case CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING: return "FFT_TILING";
    case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD: return "WINOGRAD";
    case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED: return "WINOGRAD_NONFUSED";
    default: return "?";
  }
}

char const* math_name(int m) {
  switch (m) {
    case CUDNN_DEFAULT_MATH: return "DEFAULT_MATH";
    case CUDNN_TENSOR_OP_MATH: return "TENSOR_OP_MATH";
    case CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION: return "TENSOR_OP_MATH_ALLOW_CONVERSION";
    case CUDNN_FMA_MATH: return "FMA_MATH";
    default: return "?";
  }
}

//! "Sm90 128x128 c2 Ticket", "Sm90 128x64 c1 k4 Ticket" (split-K 4): what conv::run did.
std::string describe(conv::RunInfo const& i) {
  return std::string(to_string(i.kernel)) + " " + std::to_string(i.tile_m) + "x" + std::to_string(i.tile_n) + " c" +
         std::to_string(i.cluster_m) + (i.splits > 1 ? " k" + std::to_string(i.splits) : "") + " " +
         to_string(i.source) + (i.fast ? " fast" : "") + (i.swapped ? " swap" : "");
}

// ---------------------------------------------------------------------------------------------------
// Device helpers

//! Uniform in (-scale, scale), never zero (a hash of the index and the seed).
__global__ void fill_bf16(__nv_bfloat16* p, std::size_t n, std::uint32_t seed, float scale) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x) {
    std::uint32_t h = std::uint32_t(i) ^ (std::uint32_t(i >> 32) * 0x27D4EB2Fu) ^ (seed * 0x9E3779B9u);
    h = (h ^ (h >> 15)) * 0x2C1B3C6Du;
    h = (h ^ (h >> 12)) * 0x297A2D39u;
    h ^= h >> 15;
    float v = (float(h >> 8) + 0.5f) * (2.0f / 16777216.0f) - 1.0f;  // (-1, 1), never 0
    p[i] = __float2bfloat16(v * scale);
  }
}

__global__ void bf16_to_f32(__nv_bfloat16 const* in, float* out, int n) {
  int const i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __bfloat162float(in[i]);
}

//! *out = max |ref| (as the bits of a non-negative double, which order as the values do).
__global__ void max_abs_kernel(double const* ref, std::size_t n, unsigned long long* out) {
  double m = 0.0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    m = fmax(m, fabs(ref[i]));
  atomicMax(out, static_cast<unsigned long long>(__double_as_longlong(m)));
}

struct CheckStats {
  unsigned long long bad;
  unsigned long long nonfinite;
  unsigned long long max_err_bits;  //!< a non-negative double's bits
  unsigned long long worst_bits;    //!< a non-negative double's bits (+inf for non-finite elements)
  unsigned long long first_bad;     //!< element index; ~0 when none
};

//! Every element of y (bf16, dense NPQK) against the reference (+ bias[k], then ReLU, when asked).
__global__ void check_kernel(__nv_bfloat16 const* y, double const* ref, __nv_bfloat16 const* bias, int relu, int k,
                             std::size_t n, double rtol, double atol, CheckStats* s) {
  unsigned long long bad = 0, nonfinite = 0, first = ~0ull;
  double max_err = 0.0, worst = 0.0;
  double const inf = __longlong_as_double(0x7FF0000000000000LL);
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x) {
    double r = ref[i];
    if (bias != nullptr) r += double(__bfloat162float(bias[i % std::size_t(k)]));
    if (relu && r < 0.0) r = 0.0;
    double const v = double(__bfloat162float(y[i]));
    double err = inf, ratio = inf;
    if (isfinite(v)) {
      err = fabs(v - r);
      double const bound = rtol * fabs(r) + atol;
      ratio = bound > 0.0 ? err / bound : (err > 0.0 ? inf : 0.0);
    } else {
      ++nonfinite;
    }
    if (!(ratio <= 1.0)) {
      ++bad;
      if (i < first) first = i;
    }
    max_err = fmax(max_err, err);
    worst = fmax(worst, ratio);
  }
  if (bad) {
    atomicAdd(&s->bad, bad);
    atomicMin(&s->first_bad, first);
  }
  if (nonfinite) atomicAdd(&s->nonfinite, nonfinite);
  atomicMax(&s->max_err_bits, static_cast<unsigned long long>(__double_as_longlong(max_err)));
  atomicMax(&s->worst_bits, static_cast<unsigned long long>(__double_as_longlong(worst)));
}

// ---------------------------------------------------------------------------------------------------
// Error reporting: every CUDA, cuDNN and clc call is checked; a failure prints the call and the error,
// is recorded as the layer's error, and makes the calling function return false.

#define CONV_CUDA(call)                                                                                \
  do {                                                                                                 \
    cudaError_t const e_ = (call);                                                                     \
    if (e_ != cudaSuccess) return fail(std::string(#call) + " failed: " + cudaGetErrorString(e_));     \
  } while (0)
#define CONV_CUDNN(call)                                                                               \
  do {                                                                                                 \
    cudnnStatus_t const s_ = (call);                                                                   \
    if (s_ != CUDNN_STATUS_SUCCESS) return fail(std::string(#call) + " failed: " + cudnn_error(s_));   \
  } while (0)
#define CONV_CLC(expr)                                                                                 \
  do {                                                                                                 \
    ::clc::Error const e_ = (expr);                                                                    \
    if (!e_.ok()) return fail(std::string(#expr) + " failed: " + e_.what());                           \
  } while (0)

std::string cudnn_error(cudnnStatus_t s) {
  std::string m = cudnnGetErrorString(s);
  char detail[512] = {0};
  cudnnGetLastErrorString(detail, sizeof detail);
  if (detail[0] != '\0') m += std::string(" (") + detail + ")";
  return m;
}

// ---------------------------------------------------------------------------------------------------
// The bench

class Bench {
 public:
  Bench(Config const& c, GpuInfo const& g) : cfg_(c), gpu_(g) {}
  Bench(Bench const&) = delete;
  Bench& operator=(Bench const&) = delete;
  ~Bench() {
    if (act_desc_) cudnnDestroyActivationDescriptor(act_desc_);
    if (conv_desc_) cudnnDestroyConvolutionDescriptor(conv_desc_);
    if (w_desc_) cudnnDestroyFilterDescriptor(w_desc_);
    for (cudnnTensorDescriptor_t d : {x_desc_, y_desc_, bias_desc_})
      if (d) cudnnDestroyTensorDescriptor(d);
    if (handle_) cudnnDestroy(handle_);
    if (start_) cudaEventDestroy(start_);
    if (stop_) cudaEventDestroy(stop_);
    if (stream_) cudaStreamDestroy(stream_);
    if (hog_stream_) cudaStreamDestroy(hog_stream_);
  }

  int hog_sms() const { return hog_sms_; }
  std::size_t scrub_bytes() const { return scrub_.bytes(); }

  bool init() {
    CONV_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    CONV_CLC(tools::greatest_priority_stream(&hog_stream_));
    CONV_CUDA(cudaEventCreate(&start_));
    CONV_CUDA(cudaEventCreate(&stop_));
    CONV_CUDNN(cudnnCreate(&handle_));
    CONV_CUDNN(cudnnSetStream(handle_, stream_));
    CONV_CUDNN(cudnnCreateTensorDescriptor(&x_desc_));
    CONV_CUDNN(cudnnCreateTensorDescriptor(&y_desc_));
    CONV_CUDNN(cudnnCreateTensorDescriptor(&bias_desc_));
    CONV_CUDNN(cudnnCreateFilterDescriptor(&w_desc_));
    CONV_CUDNN(cudnnCreateConvolutionDescriptor(&conv_desc_));
    CONV_CUDNN(cudnnCreateActivationDescriptor(&act_desc_));
    CONV_CUDNN(cudnnSetActivationDescriptor(act_desc_, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0));
    if (!cfg_.warm_l2) CONV_CUDA(scrub_.allocate(gpu_.l2_bytes));
    CONV_CUDA(stats_.allocate(sizeof(CheckStats)));
    CONV_CUDA(scalar_.allocate(sizeof(unsigned long long)));
    if (cfg_.interfere > 0.0) CONV_CLC(tools::sms_for_fraction(cfg_.interfere, &hog_sms_));
    if (hog_sms_ + 1 > gpu_.sm_count) return fail("--interfere leaves no SM for the gate kernel");
    CONV_CUDA(cudaDeviceSynchronize());
    return true;
  }

  //! One layer at batch size n: inputs, reference, cuDNN's algorithm, the gate, the rounds. False when
  //! a call failed (r->status "error"); a gate failure returns true with r->status "FAIL".
  bool run_layer(LayerDef const& d, int n, LayerResult* r, ProgressBar* bar, int* bar_done) {
    r_ = r;
    r->def = d;
    r->n = n;
    r->p = d.out();
    r->q = d.out();
    r->flops = 2.0 * n * double(r->p) * r->q * d.k * double(d.c) * d.r * d.r;
    r->v[kClc].used = r->v[kClcFused].used = r->v[kCudnn].used = true;
    r->v[kClcStatic].used = hog_sms_ > 0;
    std::string const label = d.name() + " N=" + std::to_string(n);
    bar->update((*bar_done)++, label + " setup and gate");

    x_elems_ = std::size_t(n) * d.h * d.h * d.c;
    w_elems_ = std::size_t(d.k) * d.r * d.r * d.c;
    y_elems_ = std::size_t(n) * r->p * r->q * d.k;
    CONV_CUDA(x_.allocate(x_elems_ * 2));
    CONV_CUDA(w_.allocate(w_elems_ * 2));
    CONV_CUDA(bias_.allocate(std::size_t(d.k) * 2));
    CONV_CUDA(bias_f32_.allocate(std::size_t(d.k) * 4));
    CONV_CUDA(y_.allocate(y_elems_ * 2));
    CONV_CUDA(ref_.allocate(y_elems_ * sizeof(double)));
    if (cfg_.cudnn_fused) {
      // z of the fused cuDNN call (alpha2 = 0), zeros: not y, which the gate poisons with NaN first.
      CONV_CUDA(z_.allocate(y_elems_ * 2));
      CONV_CUDA(cudaMemsetAsync(z_.p, 0, y_elems_ * 2, stream_));
    }
    std::uint32_t const seed = std::uint32_t(1000 * (&d - kLayers) + n);
    // Outputs of the order of sqrt(C R R) / 3; the bias alike, so ReLU clips about half of them.
    float const out_scale = std::sqrt(float(d.c * d.r * d.r)) / 3.0f;
    fill_bf16<<<1024, 256, 0, stream_>>>(x_.as<__nv_bfloat16>(), x_elems_, 3 * seed + 1, 1.0f);
    fill_bf16<<<1024, 256, 0, stream_>>>(w_.as<__nv_bfloat16>(), w_elems_, 3 * seed + 2, 1.0f);
    fill_bf16<<<1, 1024, 0, stream_>>>(bias_.as<__nv_bfloat16>(), std::size_t(d.k), 3 * seed + 3, out_scale);
    bf16_to_f32<<<(d.k + 255) / 256, 256, 0, stream_>>>(bias_.as<__nv_bfloat16>(), bias_f32_.as<float>(), d.k);
    CONV_CUDA(cudaGetLastError());

    if (!reference()) return false;
    if (!setup_cudnn()) return false;

    // The gate, undisturbed.
    for (int v = 0; v < kVariants; ++v) {
      if (!r->v[v].used) continue;
      if (!check(v, 0.0, &r->v[v].check)) return false;
    }
    if (cfg_.cudnn_fused && !probe_cudnn_fused()) return false;
    r->v[kCudnnFused].used = r->cudnn_fused_available;
    bool gate_ok = true;
    for (int v = 0; v < kVariants; ++v)
      if (r->v[v].used && v != kCudnnFused) gate_ok = gate_ok && r->v[v].check.ok;
    if (!gate_ok) {
      r->status = "FAIL";
      return true;
    }

    // Undisturbed rounds.
    std::vector<int> order;
    for (int v = 0; v < kVariants; ++v)
      if (r->v[v].used) order.push_back(v);
    if (!rounds(order, 0.0, label, bar, bar_done)) return false;
    if (!cfg_.trace.empty() && !trace_layer()) return false;

    // Held rounds.
    if (hog_sms_ > 0) {
      r->hog_ms = std::max(0.5, 2.0 * std::max(r->v[kClc].alone.median, r->v[kCudnn].alone.median));
      for (int v : {kClc, kClcStatic}) {
        if (!check(v, r->hog_ms, &r->v[v].check_held)) return false;
        if (!r->v[v].check_held.ok) gate_ok = false;
      }
      if (!gate_ok) {
        r->status = "FAIL";
        return true;
      }
      if (!rounds({kClc, kClcStatic, kCudnn}, r->hog_ms, label + " held", bar, bar_done)) return false;
    }
    r->timed = true;
    r->status = "ok";
    return true;
  }

  int rounds_per_layer() const { return cfg_.rounds * (hog_sms_ > 0 ? 2 : 1); }

  //! --trace: the JSON document of every traced launch.
  std::string trace_document() const { return bench::trace_document("clc-bench conv", trace_json_); }

  //! Frees the layer's buffers (after an error too).
  void release() {
    for (DeviceBuffer* b : {&x_, &w_, &bias_, &bias_f32_, &y_, &z_, &ref_, &ws_}) b->reset();
    r_ = nullptr;
  }

 private:
  bool fail(std::string const& what) {
    std::fprintf(stderr, "\n%s: %s\n", kTool, what.c_str());
    if (r_ != nullptr) {
      r_->status = "error";
      r_->error = what;
    }
    return false;
  }

  // ---- --trace

  //! Three cold-L2 launches of clc, clc fused and clc Static, each with a per-tile trace: a summary line
  //! per launch (times from the earliest tile start; the launch's own time from events) and the records
  //! into trace_json_.
  bool trace_layer() {
    std::size_t const cap = std::min<std::size_t>(std::max<std::size_t>(y_elems_ / 64, 4096), std::size_t(1) << 22);
    CONV_CUDA(trace_.allocate(cap * sizeof(TileTraceRecord)));
    tracing_ = true;
    std::string error;
    bool const ok = trace_launches(
        {{kClc, kVariantKeys[kClc]}, {kClcFused, kVariantKeys[kClcFused]}, {kClcStatic, kVariantKeys[kClcStatic]}},
        r_->def.name() + " N=" + std::to_string(r_->n), trace_.as<TileTraceRecord>(), cap, stream_,
        [&](int v, double* ms) { return timed_launch(v, 0.0, ms); }, &trace_json_, &error);
    tracing_ = false;
    if (!error.empty()) return fail(error);
    return ok;
  }

  // ---- the reference and the check

  clc::testing::ConvRefShape ref_shape() const {
    LayerDef const& d = r_->def;
    clc::testing::ConvRefShape g{};
    g.n = r_->n; g.h = d.h; g.w = d.h; g.c = d.c; g.k = d.k; g.r = d.r; g.s = d.r; g.p = r_->p; g.q = r_->q;
    g.pad_top = d.pad; g.pad_left = d.pad; g.stride_h = d.stride; g.stride_w = d.stride; g.dil_h = 1; g.dil_w = 1;
    g.xsw = d.c;
    g.xsh = std::int64_t(d.h) * d.c;
    g.xsn = std::int64_t(d.h) * d.h * d.c;
    g.ysw = d.k;
    g.ysh = std::int64_t(r_->q) * d.k;
    g.ysn = std::int64_t(r_->p) * r_->q * d.k;
    return g;
  }

  //! The float64 result of the plain convolution into ref_, and atol from its largest magnitude.
  bool reference() {
    CONV_CUDA((clc::testing::conv_reference<__nv_bfloat16, __nv_bfloat16>(
        ref_shape(), x_.as<__nv_bfloat16>(), w_.as<__nv_bfloat16>(), nullptr, nullptr, 1.0, 0.0, false,
        ref_.as<double>(), stream_)));
    CONV_CUDA(cudaMemsetAsync(scalar_.p, 0, sizeof(unsigned long long), stream_));
    max_abs_kernel<<<4 * gpu_.sm_count, 256, 0, stream_>>>(ref_.as<double>(), y_elems_,
                                                           scalar_.as<unsigned long long>());
    CONV_CUDA(cudaGetLastError());
    unsigned long long bits = 0;
    CONV_CUDA(cudaMemcpyAsync(&bits, scalar_.p, sizeof bits, cudaMemcpyDeviceToHost, stream_));
    CONV_CUDA(cudaStreamSynchronize(stream_));
    r_->max_abs_ref = bits_to_double(bits);
    r_->atol_abs = cfg_.atol * r_->max_abs_ref;
    return true;
  }

  //! Poisons y, runs variant v once (with SMs held when hog_ms > 0), checks every element.
  bool check(int v, double hog_ms, Check* out) {
    CONV_CUDA(cudaMemsetAsync(y_.p, 0xFF, y_elems_ * 2, stream_));  // bf16 NaN: an unwritten element fails
    CONV_CUDA(cudaStreamSynchronize(stream_));
    if (!gate(hog_ms)) return false;
    if (!launch(v)) return false;
    CONV_CUDA(cudaStreamSynchronize(stream_));
    if (hog_ms > 0.0) CONV_CUDA(cudaStreamSynchronize(hog_stream_));
    return compare(is_fused(v), out);
  }

  bool compare(bool fused, Check* out) {
    CheckStats init{0, 0, 0, 0, ~0ull};
    CONV_CUDA(cudaMemcpyAsync(stats_.p, &init, sizeof init, cudaMemcpyHostToDevice, stream_));
    check_kernel<<<4 * gpu_.sm_count, 256, 0, stream_>>>(y_.as<__nv_bfloat16>(), ref_.as<double>(),
                                                         fused ? bias_.as<__nv_bfloat16>() : nullptr, fused ? 1 : 0,
                                                         r_->def.k, y_elems_, cfg_.rtol, r_->atol_abs,
                                                         stats_.as<CheckStats>());
    CONV_CUDA(cudaGetLastError());
    CheckStats s{};
    CONV_CUDA(cudaMemcpyAsync(&s, stats_.p, sizeof s, cudaMemcpyDeviceToHost, stream_));
    CONV_CUDA(cudaStreamSynchronize(stream_));
    out->ran = true;
    out->bad = s.bad;
    out->nonfinite = s.nonfinite;
    out->max_abs_err = bits_to_double(s.max_err_bits);
    out->worst = bits_to_double(s.worst_bits);
    out->ok = s.bad == 0;
    if (!out->ok && s.first_bad < y_elems_) {
      std::size_t const i = std::size_t(s.first_bad);
      __nv_bfloat16 yv;
      double rv = 0.0;
      CONV_CUDA(cudaMemcpy(&yv, y_.as<__nv_bfloat16>() + i, sizeof yv, cudaMemcpyDeviceToHost));
      CONV_CUDA(cudaMemcpy(&rv, ref_.as<double>() + i, sizeof rv, cudaMemcpyDeviceToHost));
      std::size_t const k = i % std::size_t(r_->def.k);
      std::size_t pix = i / std::size_t(r_->def.k);
      std::size_t const q = pix % std::size_t(r_->q);
      pix /= std::size_t(r_->q);
      std::size_t const p = pix % std::size_t(r_->p);
      std::size_t const nn = pix / std::size_t(r_->p);
      char buf[256];
      std::snprintf(buf, sizeof buf, "first bad element [n=%zu p=%zu q=%zu k=%zu]: %g, reference %.6g%s", nn, p, q, k,
                    double(__bfloat162float(yv)), rv, fused ? " before bias and ReLU" : "");
      out->first_bad = buf;
    }
    return true;
  }

  // ---- cuDNN

  //! Descriptors, the Find over both math types, the workspace.
  bool setup_cudnn() {
    LayerDef const& d = r_->def;
    CONV_CUDNN(cudnnSetTensor4dDescriptor(x_desc_, CUDNN_TENSOR_NHWC, CUDNN_DATA_BFLOAT16, r_->n, d.c, d.h, d.h));
    CONV_CUDNN(cudnnSetFilter4dDescriptor(w_desc_, CUDNN_DATA_BFLOAT16, CUDNN_TENSOR_NHWC, d.k, d.c, d.r, d.r));
    CONV_CUDNN(cudnnSetConvolution2dDescriptor(conv_desc_, d.pad, d.pad, d.stride, d.stride, 1, 1,
                                               CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    int on = 0, oc = 0, oh = 0, ow = 0;
    CONV_CUDNN(cudnnGetConvolution2dForwardOutputDim(conv_desc_, x_desc_, w_desc_, &on, &oc, &oh, &ow));
    if (on != r_->n || oc != d.k || oh != r_->p || ow != r_->q)
      return fail("cuDNN's output shape " + std::to_string(on) + "x" + std::to_string(oc) + "x" + std::to_string(oh) +
                  "x" + std::to_string(ow) + " differs from the expected N x K x P x Q");
    CONV_CUDNN(cudnnSetTensor4dDescriptor(y_desc_, CUDNN_TENSOR_NHWC, CUDNN_DATA_BFLOAT16, r_->n, d.k, r_->p, r_->q));

    // The workspace: the most any algorithm asks for (under either math type), within the limit.
    std::size_t const limit = std::size_t(cfg_.cudnn_ws_mib) << 20;
    std::size_t ws = 0;
    cudnnMathType_t const maths[] = {CUDNN_TENSOR_OP_MATH, CUDNN_DEFAULT_MATH};
    for (cudnnMathType_t m : maths) {
      CONV_CUDNN(cudnnSetConvolutionMathType(conv_desc_, m));
      for (int a = 0; a < CUDNN_CONVOLUTION_FWD_ALGO_COUNT; ++a) {
        std::size_t need = 0;
        if (cudnnGetConvolutionForwardWorkspaceSize(handle_, x_desc_, w_desc_, conv_desc_, y_desc_,
                                                    cudnnConvolutionFwdAlgo_t(a), &need) == CUDNN_STATUS_SUCCESS &&
            need <= limit)
          ws = std::max(ws, need);
      }
    }
    CONV_CUDA(ws_.allocate(ws));
    r_->cudnn_ws_alloc_bytes = ws;

    int max_algos = 0;
    CONV_CUDNN(cudnnGetConvolutionForwardAlgorithmMaxCount(handle_, &max_algos));
    max_algos = std::max(max_algos, int(CUDNN_CONVOLUTION_FWD_ALGO_COUNT));
    std::vector<cudnnConvolutionFwdAlgoPerf_t> perf(static_cast<std::size_t>(max_algos));
    std::string find_errors;
    bool found = false;
    FindEntry best;
    for (cudnnMathType_t m : maths) {
      CONV_CUDNN(cudnnSetConvolutionMathType(conv_desc_, m));
      int returned = 0;
      cudnnStatus_t const s = cudnnFindConvolutionForwardAlgorithmEx(
          handle_, x_desc_, x_.p, w_desc_, w_.p, conv_desc_, y_desc_, y_.p, max_algos, &returned, perf.data(), ws_.p,
          ws_.bytes);
      if (s != CUDNN_STATUS_SUCCESS) {
        find_errors += std::string(find_errors.empty() ? "" : "; ") + math_name(m) + ": " + cudnn_error(s);
        continue;
      }
      for (int i = 0; i < returned; ++i) {
        cudnnConvolutionFwdAlgoPerf_t const& pr = perf[std::size_t(i)];
        FindEntry e{int(pr.algo), int(pr.mathType), int(pr.status), pr.time, pr.memory};
        r_->find.push_back(e);
      }
    }
    CONV_CUDA(cudaStreamSynchronize(stream_));
    // The Find's own times were seen to be first-call times (every algorithm about 0.2 ms on small
    // layers, an 8x slower algorithm ranked first), so every usable candidate is timed again here in
    // steady state (3 warm-up and 10 timed launches, each queued behind the gate kernel as in the timed
    // rounds, so cuDNN's host time per call -- 0.15 ms on some layers -- is not timed; median) and the
    // fastest is the baseline.
    for (FindEntry& e : r_->find) {
      bool const usable = e.status == CUDNN_STATUS_SUCCESS && e.ms >= 0.0f && e.memory <= ws_.bytes;
      if (!usable) continue;
      bool seen = false;  // the same (algo, math) from both Find calls: time once
      for (FindEntry const& o : r_->find)
        if (&o != &e && o.algo == e.algo && o.math == e.math && o.steady_ms >= 0.0f) seen = true;
      if (seen) continue;
      CONV_CUDNN(cudnnSetConvolutionMathType(conv_desc_, cudnnMathType_t(e.math)));
      float const one = 1.0f, zero = 0.0f;
      std::vector<float> ts;
      for (int it = 0; it < 13; ++it) {
        if (!gate(0.0)) return false;  // the call is queued behind the gate: cuDNN's host time is not timed
        CONV_CUDA(cudaEventRecord(start_, stream_));
        CONV_CUDNN(cudnnConvolutionForward(handle_, &one, x_desc_, x_.p, w_desc_, w_.p, conv_desc_,
                                           cudnnConvolutionFwdAlgo_t(e.algo), ws_.p, ws_.bytes, &zero, y_desc_, y_.p));
        CONV_CUDA(cudaEventRecord(stop_, stream_));
        CONV_CUDA(cudaEventSynchronize(stop_));
        float ms = 0.0f;
        CONV_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
        if (it >= 3) ts.push_back(ms);
      }
      std::sort(ts.begin(), ts.end());
      e.steady_ms = ts[ts.size() / 2];
      if (!found || e.steady_ms < best.steady_ms) {
        best = e;
        found = true;
      }
    }
    if (!found)
      return fail("cudnnFindConvolutionForwardAlgorithmEx found no algorithm that runs" +
                  (find_errors.empty() ? std::string() : " (" + find_errors + ")"));
    r_->cudnn_algo = best.algo;
    r_->cudnn_math = best.math;
    r_->cudnn_find_ms = best.ms;
    r_->cudnn_steady_ms = best.steady_ms;
    r_->cudnn_ws_bytes = best.memory;
    CONV_CUDNN(cudnnSetConvolutionMathType(conv_desc_, cudnnMathType_t(best.math)));
    return true;
  }

  cudnnStatus_t cudnn_fused_call(int algo, bool bias_f32) {
    float const one = 1.0f, zero = 0.0f;
    cudnnStatus_t s = cudnnSetTensor4dDescriptor(bias_desc_, CUDNN_TENSOR_NHWC,
                                                 bias_f32 ? CUDNN_DATA_FLOAT : CUDNN_DATA_BFLOAT16, 1, r_->def.k, 1, 1);
    if (s != CUDNN_STATUS_SUCCESS) return s;
    // y = ReLU(1 * conv(x) + 0 * z + bias), z a zero tensor of y's shape.
    return cudnnConvolutionBiasActivationForward(handle_, &one, x_desc_, x_.p, w_desc_, w_.p, conv_desc_,
                                                 cudnnConvolutionFwdAlgo_t(algo), ws_.p, ws_.bytes, &zero, y_desc_,
                                                 z_.p, bias_desc_, bias_f32 ? bias_f32_.p : bias_.p, act_desc_, y_desc_,
                                                 y_.p);
  }

  //! Finds a fused cuDNN call that runs and passes the gate (the chosen algorithm, then
  //! IMPLICIT_PRECOMP_GEMM; a bf16, then an fp32 bias), else records why there is none.
  bool probe_cudnn_fused() {
    std::vector<int> algos = {r_->cudnn_algo};
    if (r_->cudnn_algo != CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM)
      algos.push_back(CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM);
    std::size_t const limit = std::size_t(cfg_.cudnn_ws_mib) << 20;
    std::string why;
    auto note = [&why](std::string const& s) { why += (why.empty() ? "" : "; ") + s; };
    for (int algo : algos) {
      std::size_t need = 0;
      cudnnStatus_t s = cudnnGetConvolutionForwardWorkspaceSize(handle_, x_desc_, w_desc_, conv_desc_, y_desc_,
                                                                cudnnConvolutionFwdAlgo_t(algo), &need);
      if (s != CUDNN_STATUS_SUCCESS) {
        note(std::string(algo_name(algo)) + ": workspace size: " + cudnn_error(s));
        continue;
      }
      if (need > limit) {
        note(std::string(algo_name(algo)) + ": needs " + std::to_string(need) + " bytes of workspace");
        continue;
      }
      if (need > ws_.bytes) {
        CONV_CUDA(ws_.allocate(need));
        r_->cudnn_ws_alloc_bytes = need;
      }
      for (bool f32 : {false, true}) {
        CONV_CUDA(cudaMemsetAsync(y_.p, 0xFF, y_elems_ * 2, stream_));
        s = cudnn_fused_call(algo, f32);
        if (s != CUDNN_STATUS_SUCCESS) {
          note(std::string(algo_name(algo)) + (f32 ? ", fp32 bias: " : ", bf16 bias: ") + cudnn_error(s));
          continue;
        }
        CONV_CUDA(cudaStreamSynchronize(stream_));
        Check c;
        if (!compare(true, &c)) return false;
        if (!c.ok) {
          note(std::string(algo_name(algo)) + (f32 ? ", fp32 bias" : ", bf16 bias") + ": output fails the gate (" +
               std::to_string(c.bad) + " elements; " + c.first_bad + ")");
          continue;
        }
        r_->cudnn_fused_available = true;
        r_->cudnn_fused_algo = algo;
        r_->cudnn_fused_bias_f32 = f32;
        r_->v[kCudnnFused].check = c;
        return true;
      }
    }
    r_->cudnn_fused_why = why;
    return true;
  }

  // ---- launches and timing

  //! One launch of variant v on stream_ (asynchronous).
  bool launch(int v) {
    if (v == kCudnn) {
      float const one = 1.0f, zero = 0.0f;
      CONV_CUDNN(cudnnConvolutionForward(handle_, &one, x_desc_, x_.p, w_desc_, w_.p, conv_desc_,
                                         cudnnConvolutionFwdAlgo_t(r_->cudnn_algo), ws_.p, ws_.bytes, &zero, y_desc_,
                                         y_.p));
      return true;
    }
    if (v == kCudnnFused) {
      CONV_CUDNN(cudnn_fused_call(r_->cudnn_fused_algo, r_->cudnn_fused_bias_f32));
      return true;
    }
    LayerDef const& d = r_->def;
    conv::Arguments a;
    a.n = r_->n;
    a.h = a.w = d.h;
    a.c = d.c;
    a.k = d.k;
    a.r = a.s = d.r;
    a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = d.pad;
    a.stride_h = a.stride_w = d.stride;
    a.x_type = conv::DType::BF16;
    a.y_type = conv::DType::BF16;
    a.x = x_.p;
    a.filter = w_.p;
    a.y = y_.p;
    if (v == kClcFused) {
      a.bias = bias_.p;
      a.activation = conv::Activation::ReLU;
    }
    conv::Options o;  // defaults: the library's heuristics, source Auto (Ticket on Hopper)
    if (v == kClcStatic) o.source = SourceKind::Static;
    o.kernel = cfg_.kernel == 1 ? conv::Kernel::Sm90 : cfg_.kernel == 2 ? conv::Kernel::Portable : conv::Kernel::Auto;
    o.tile_n = cfg_.tile_n;
    o.cluster_m = cfg_.cluster_m;
    o.split_k = cfg_.split_k;
    o.trace = tracing_ ? trace_.as<TileTraceRecord>() : nullptr;
    VariantResult& vr = r_->v[v];
    if (cfg_.general)
      CONV_CLC(conv::detail::run_general(a, stream_, o, vr.has_info ? nullptr : &vr.info));
    else if (cfg_.no_swap || cfg_.swap)
      CONV_CLC(conv::detail::run_swap(a, stream_, o, cfg_.swap, vr.has_info ? nullptr : &vr.info));
    else
      CONV_CLC(conv::run(a, stream_, o, vr.has_info ? nullptr : &vr.info));
    vr.has_info = true;
    return true;
  }

  //! With hog_ms > 0: the hog first (greatest-priority stream, idle GPU), for the gate plus hog_ms.
  //! Then the gate on stream_: one SM for kGateUs, so the launch after it is queued before it starts.
  bool gate(double hog_ms) {
    CONV_CLC(launch_gate(stream_, hog_sms_, hog_ms, hog_stream_));
    return true;
  }

  //! One timed launch of v: scrub, wait, (hog), gate, events around the launch.
  bool timed_launch(int v, double hog_ms, double* ms) {
    CONV_CUDA(scrub_.launch(stream_, gpu_.sm_count));
    CONV_CUDA(cudaStreamSynchronize(stream_));  // idle GPU: the hog takes its SMs before anything else runs
    if (!gate(hog_ms)) return false;
    CONV_CUDA(cudaEventRecord(start_, stream_));
    if (!launch(v)) return false;
    CONV_CUDA(cudaEventRecord(stop_, stream_));
    CONV_CUDA(cudaStreamSynchronize(stream_));
    if (hog_ms > 0.0) CONV_CUDA(cudaStreamSynchronize(hog_stream_));  // launches never overlap a previous hog
    float t = 0.0f;
    CONV_CUDA(cudaEventElapsedTime(&t, start_, stop_));
    *ms = double(t);
    return true;
  }

  //! cfg_.rounds rounds over `order` (reversed in odd rounds), each variant: warm-up, then cfg_.iters timed
  //! launches whose median joins its round medians.
  bool rounds(std::vector<int> const& order, double hog_ms, std::string const& label, ProgressBar* bar,
              int* bar_done) {
    auto on_round = [&](int round) {
      bar->update((*bar_done)++, label + " round " + std::to_string(round + 1) + "/" + std::to_string(cfg_.rounds));
    };
    auto warm = [&](int v) {
      for (int i = 0; i < cfg_.warmup; ++i)
        if (!launch(v)) return false;
      CONV_CUDA(cudaStreamSynchronize(stream_));
      return true;
    };
    auto timed = [&](int v, double* ms) { return timed_launch(v, hog_ms, ms); };
    auto timing_of = [&](int v) -> Timing& { return hog_ms > 0.0 ? r_->v[v].held : r_->v[v].alone; };
    return interleaved_rounds(order, cfg_.rounds, cfg_.iters, on_round, warm, timed, timing_of);
  }

  Config cfg_;
  GpuInfo gpu_;
  LayerResult* r_ = nullptr;

  cudaStream_t stream_ = nullptr, hog_stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  int hog_sms_ = 0;
  L2Scrub scrub_;
  DeviceBuffer stats_, scalar_;

  cudnnHandle_t handle_ = nullptr;
  cudnnTensorDescriptor_t x_desc_ = nullptr, y_desc_ = nullptr, bias_desc_ = nullptr;
  cudnnFilterDescriptor_t w_desc_ = nullptr;
  cudnnConvolutionDescriptor_t conv_desc_ = nullptr;
  cudnnActivationDescriptor_t act_desc_ = nullptr;

  // --trace
  bool tracing_ = false;
  DeviceBuffer trace_;
  std::string trace_json_;  // the layers' trace objects, comma-separated

  // The layer being run.
  std::size_t x_elems_ = 0, w_elems_ = 0, y_elems_ = 0;
  DeviceBuffer x_, w_, bias_, bias_f32_, y_, z_, ref_, ws_;
};

// ---------------------------------------------------------------------------------------------------
// Reports

std::string pct(double v, int decimals = 1) { return Table::fmt(100.0 * v, decimals) + "%"; }

//! Geometric means over the timed layers.
struct RunSummary {
  std::vector<double> all, n128_3x3, fusion, clc_vs_cudnn_fused, static_alone, held_vs_cudnn, held_vs_static;
  double fusion_max_pct = 0.0;
  std::string fusion_max_layer;
  int over_target = 0;
  int timed = 0, failed = 0, errors = 0;
};

RunSummary summarize_results(std::vector<LayerResult> const& results) {
  RunSummary s;
  for (LayerResult const& r : results) {
    if (r.status == "FAIL") ++s.failed;
    if (r.status == "error") ++s.errors;
    if (!r.timed) continue;
    ++s.timed;
    s.all.push_back(r.ratio());
    if (r.n == 128 && r.is_3x3()) s.n128_3x3.push_back(r.ratio());
    double const f = r.fusion_pct();
    s.fusion.push_back(1.0 + f / 100.0);
    if (s.fusion_max_layer.empty() || f > s.fusion_max_pct) {
      s.fusion_max_pct = f;
      s.fusion_max_layer = r.name() + " N=" + std::to_string(r.n);
    }
    if (f > kFusionTargetPct) ++s.over_target;
    if (r.v[kCudnnFused].alone.timed())
      s.clc_vs_cudnn_fused.push_back(speed(r.v[kCudnnFused].alone, r.v[kClcFused].alone));
    if (r.v[kClcStatic].alone.timed())
      s.static_alone.push_back(speed(r.v[kClcStatic].alone, r.v[kClc].alone));
    if (r.v[kClc].held.timed()) {
      s.held_vs_cudnn.push_back(speed(r.v[kCudnn].held, r.v[kClc].held));
      s.held_vs_static.push_back(speed(r.v[kClcStatic].held, r.v[kClc].held));
    }
  }
  return s;
}

std::string gate_cell(LayerResult const& r) { return r.status == "error" ? "error" : bench::gate_cell(r.v); }

void print_tables(Config const& cfg, std::vector<LayerResult> const& results, bool held) {
  Table t({"layer", "N", "clc ms", "spread", "cuDNN ms", "spread", "vs cuDNN", "clc TFLOP/s", "cuDNN TFLOP/s",
           "fused ms", "fusion", "cuDNN fused ms", "gate", "clc kernel", "cuDNN algo"});
  for (LayerResult const& r : results) {
    VariantResult const& c = r.v[kClc];
    VariantResult const& d = r.v[kCudnn];
    VariantResult const& f = r.v[kClcFused];
    VariantResult const& df = r.v[kCudnnFused];
    bool const done = r.timed;
    std::string dfused = "-";
    if (df.alone.timed()) dfused = Table::fmt(df.alone.median, 4);
    else if (cfg.cudnn_fused && r.cudnn_algo >= 0 && !r.cudnn_fused_available) dfused = "n/a";
    t.add_row({r.name(), std::to_string(r.n), done ? Table::fmt(c.alone.median, 4) : r.status,
               done ? pct(c.alone.spread()) : "-", done ? Table::fmt(d.alone.median, 4) : "-",
               done ? pct(d.alone.spread()) : "-", done ? Table::fmt(r.ratio(), 3) : "-",
               done ? Table::fmt(r.tflops(c.alone), 1) : "-", done ? Table::fmt(r.tflops(d.alone), 1) : "-",
               done ? Table::fmt(f.alone.median, 4) : "-", done ? Table::fmt(r.fusion_pct(), 1) + "%" : "-", dfused,
               gate_cell(r), c.has_info ? describe(c.info) : "-",
               r.cudnn_algo >= 0
                   ? std::string(algo_name(r.cudnn_algo)) + (r.cudnn_math == CUDNN_DEFAULT_MATH ? " dflt" : "")
                   : "-"});
  }
  t.print(stdout);
  if (!held) return;
  std::printf("\nwith SMs held (each timed launch of either library):\n");
  Table h({"layer", "N", "hog ms", "Ticket ms", "spread", "Static ms", "spread", "cuDNN ms", "spread", "vs cuDNN",
           "vs Static", "vs Static alone"});
  for (LayerResult const& r : results) {
    VariantResult const& c = r.v[kClc];
    VariantResult const& s = r.v[kClcStatic];
    VariantResult const& d = r.v[kCudnn];
    bool const done = r.timed && c.held.timed();
    h.add_row({r.name(), std::to_string(r.n), done ? Table::fmt(r.hog_ms, 3) : r.status,
               done ? Table::fmt(c.held.median, 4) : "-", done ? pct(c.held.spread()) : "-",
               done ? Table::fmt(s.held.median, 4) : "-", done ? pct(s.held.spread()) : "-",
               done ? Table::fmt(d.held.median, 4) : "-", done ? pct(d.held.spread()) : "-",
               done ? Table::fmt(speed(d.held, c.held), 3) : "-",
               done ? Table::fmt(speed(s.held, c.held), 3) : "-",
               done ? Table::fmt(speed(s.alone, c.alone), 3) : "-"});
  }
  h.print(stdout);
}

void print_problems(std::vector<LayerResult> const& results) {
  for (LayerResult const& r : results) {
    std::string const label = r.name() + " N=" + std::to_string(r.n);
    if (r.status == "error") std::printf("%s: error: %s\n", label.c_str(), r.error.c_str());
    for (int v = 0; v < kVariants; ++v) {
      if (!r.v[v].used) continue;
      for (auto const& [c, where] : {std::pair<Check const*, char const*>{&r.v[v].check, ""},
                                     {&r.v[v].check_held, " (SMs held)"}}) {
        if (c->ran && !c->ok)
          std::printf("%s: %s%s FAILS the gate: %llu of the elements outside the bound (%llu non-finite), worst "
                      "%.3g x the bound; %s\n",
                      label.c_str(), kVariantLabels[v], where, c->bad, c->nonfinite, c->worst, c->first_bad.c_str());
      }
    }
    if (!r.cudnn_fused_why.empty() && !r.cudnn_fused_available)
      std::printf("%s: cuDNN fused unavailable: %s\n", label.c_str(), r.cudnn_fused_why.c_str());
  }
}

void write_timing(json::Writer& j, std::string const& key, Timing const& t, LayerResult const& r) {
  j.field(key + "_ms", t.median).field(key + "_ms_min", t.min).field(key + "_ms_max", t.max);
  j.field(key + "_spread", t.spread()).field(key + "_tflops", r.tflops(t)).field(key + "_samples", t.samples);
  j.begin_array(key + "_round_medians_ms");
  for (double m : t.round_medians) j.value(m);
  j.end_array();
}

void write_info(json::Writer& j, std::string const& key, conv::RunInfo const& i) {
  j.begin_object(key);
  j.field("kernel", to_string(i.kernel)).field("source", to_string(i.source)).field("grid", to_string(i.launch.grid));
  j.field("tile_m", i.tile_m).field("tile_n", i.tile_n).field("cluster_m", i.cluster_m).field("swizzle", i.swizzle);
  j.field("fast_kernel", i.fast).field("swapped", i.swapped);
  j.field("tma_store", i.tma_store).field("splits", i.splits).field("workers", i.launch.workers);
  j.field("max_active_clusters", i.launch.max_active_clusters);
  if (!i.why_portable.empty()) j.field("why_portable", i.why_portable);
  j.end_object();
}

void write_geomean(json::Writer& j, std::string const& key, std::vector<double> const& v) {
  j.begin_object(key).field("layers", v.size());
  if (!v.empty()) j.field("geomean", geomean(v));
  else j.field("geomean", nullptr);
  j.end_object();
}

std::string json_document(Config const& cfg, GpuInfo const& gpu, GpuClocks const& start, GpuClocks const& end,
                          int hog_sms, std::size_t scrub_bytes, std::vector<LayerResult> const& results,
                          RunSummary const& s, bool failed) {
  json::Writer j(3);
  j.begin_object();
  write_context(j, kTool, cfg.commit, gpu);
  write_clocks(j, start, end);
  std::size_t const v = cudnnGetVersion();
  j.field("cudnn_version", std::to_string(v / 10000) + "." + std::to_string(v % 10000 / 100) + "." +
                               std::to_string(v % 100));
  j.field("cudnn_version_number", v).field("cudnn_header_version", int(CUDNN_VERSION));
  j.field("cudnn_cudart_version", cudnnGetCudartVersion());
  j.begin_object("settings");
  j.field("types", "x, filter, bias, y bf16; fp32 accumulation").field("layout", "x NHWC, filter KRSC, y NPQK");
  j.begin_array("n");
  for (int n : cfg.ns) j.value(n);
  j.end_array();
  j.field("rounds", cfg.rounds).field("iters", cfg.iters).field("warmup", cfg.warmup).field("quick", cfg.quick);
  j.field("order", "clc, clc_fused, [clc_static], [cudnn_fused], cudnn; reversed in odd rounds");
  j.field("gate_us", kGateUs).field("l2_scrub_bytes", scrub_bytes).field("warm_l2", cfg.warm_l2);
  j.field("interfere", cfg.interfere).field("hold_sms", hog_sms);
  j.field("cudnn_workspace_limit_bytes", std::size_t(cfg.cudnn_ws_mib) << 20);
  j.field("cudnn_fused_tried", cfg.cudnn_fused);
  j.field("rtol", cfg.rtol).field("atol_vs_max_abs_ref", cfg.atol);
  j.field("clc_kernel_option", cfg.kernel == 0 ? "auto" : cfg.kernel == 1 ? "sm90" : "portable");
  j.field("clc_tile_n_option", cfg.tile_n).field("clc_cluster_option", cfg.cluster_m);
  j.field("clc_split_k_option", cfg.split_k);
  j.field("fusion_target_pct", kFusionTargetPct);
  j.end_object();

  j.begin_array("layers");
  for (LayerResult const& r : results) {
    LayerDef const& d = r.def;
    j.begin_object();
    j.field("name", r.name()).field("n", r.n).field("c", d.c).field("k", d.k).field("h", d.h).field("w", d.h);
    j.field("r", d.r).field("s", d.r).field("stride", d.stride).field("pad", d.pad).field("p", r.p).field("q", r.q);
    j.field("flops", r.flops).field("status", r.status).field("timed", r.timed);
    if (!r.error.empty()) j.field("error", r.error);
    j.field("max_abs_ref", r.max_abs_ref).field("atol", r.atol_abs);
    double gate_max_err = 0.0;
    for (int v = 0; v < kVariants; ++v)
      if (r.v[v].used) gate_max_err = std::max({gate_max_err, r.v[v].check.max_abs_err, r.v[v].check_held.max_abs_err});
    j.field("gate_max_abs_err", gate_max_err);
    j.begin_object("gate");
    for (int v = 0; v < kVariants; ++v) {
      if (r.v[v].check.ran) write_check(j, kVariantKeys[v], r.v[v].check);
      if (r.v[v].check_held.ran) write_check(j, std::string(kVariantKeys[v]) + "_held", r.v[v].check_held);
    }
    j.end_object();
    for (int v : {kClc, kClcFused, kClcStatic})
      if (r.v[v].has_info) write_info(j, std::string(kVariantKeys[v]) + "_run", r.v[v].info);
    j.field("cudnn_algo", r.cudnn_algo).field("cudnn_algo_name", r.cudnn_algo >= 0 ? algo_name(r.cudnn_algo) : "-");
    j.field("cudnn_math_type", math_name(r.cudnn_math)).field("cudnn_find_ms", double(r.cudnn_find_ms)).field("cudnn_select_ms", double(r.cudnn_steady_ms));
    j.field("cudnn_workspace_bytes", r.cudnn_ws_bytes).field("cudnn_workspace_alloc_bytes", r.cudnn_ws_alloc_bytes);
    j.begin_array("cudnn_find");
    for (FindEntry const& e : r.find) {
      j.begin_object();
      j.field("algo", e.algo).field("name", algo_name(e.algo)).field("math_type", math_name(e.math));
      j.field("status", cudnnGetErrorString(cudnnStatus_t(e.status))).field("ms", double(e.ms)).field("steady_ms", double(e.steady_ms));
      j.field("workspace_bytes", e.memory);
      j.end_object();
    }
    j.end_array();
    j.field("cudnn_fused_available", r.cudnn_fused_available);
    if (r.cudnn_fused_available) {
      j.field("cudnn_fused_algo", r.cudnn_fused_algo).field("cudnn_fused_algo_name", algo_name(r.cudnn_fused_algo));
      j.field("cudnn_fused_bias_type", r.cudnn_fused_bias_f32 ? "fp32" : "bf16");
    } else if (!r.cudnn_fused_why.empty()) {
      j.field("cudnn_fused_why", r.cudnn_fused_why);
    }
    if (r.timed) {
      for (int v = 0; v < kVariants; ++v)
        if (r.v[v].alone.timed()) write_timing(j, kVariantKeys[v], r.v[v].alone, r);
      j.field("ratio", r.ratio());
      j.field("fusion_overhead_pct", r.fusion_pct());
      if (r.v[kCudnnFused].alone.timed())
        j.field("fused_ratio", speed(r.v[kCudnnFused].alone, r.v[kClcFused].alone));
      if (r.v[kClcStatic].alone.timed())
        j.field("ticket_vs_static", speed(r.v[kClcStatic].alone, r.v[kClc].alone));
      if (r.v[kClc].held.timed()) {
        j.begin_object("held");
        j.field("hold_sms", hog_sms).field("hog_ms", r.hog_ms);
        for (int v : {kClc, kClcStatic, kCudnn}) write_timing(j, kVariantKeys[v], r.v[v].held, r);
        j.field("ratio", speed(r.v[kCudnn].held, r.v[kClc].held));
        j.field("ticket_vs_static", speed(r.v[kClcStatic].held, r.v[kClc].held));
        j.end_object();
      }
    }
    j.end_object();
  }
  j.end_array();

  j.begin_object("summary");
  j.field("layers", results.size()).field("timed", s.timed).field("failed", s.failed).field("errors", s.errors);
  write_geomean(j, "ratio_all", s.all);
  write_geomean(j, "ratio_3x3_n128", s.n128_3x3);
  write_geomean(j, "fusion_factor", s.fusion);
  j.field("fusion_overhead_max_pct", s.fusion_max_pct).field("fusion_overhead_max_layer", s.fusion_max_layer);
  j.field("fusion_layers_over_target", s.over_target);
  write_geomean(j, "fused_ratio", s.clc_vs_cudnn_fused);
  if (!s.static_alone.empty()) write_geomean(j, "ticket_vs_static", s.static_alone);
  if (!s.held_vs_cudnn.empty()) {
    write_geomean(j, "held_ratio", s.held_vs_cudnn);
    write_geomean(j, "held_ticket_vs_static", s.held_vs_static);
  }
  j.end_object();
  j.field("status", failed ? "failed" : "ok");
  j.end_object();
  return j.str() + "\n";
}

std::string csv_document(std::vector<LayerResult> const& results) {
  Csv csv({"layer", "n", "c", "k", "h", "r", "stride", "pad", "flops", "status", "clc_ms", "clc_ms_min", "clc_ms_max",
           "cudnn_ms", "cudnn_ms_min", "cudnn_ms_max", "ratio", "clc_tflops", "cudnn_tflops", "clc_fused_ms",
           "fusion_overhead_pct", "cudnn_fused_ms", "clc_static_ms", "held_clc_ms", "held_clc_static_ms",
           "held_cudnn_ms", "cudnn_algo", "cudnn_workspace_bytes", "clc_kernel", "gate_worst_vs_bound"});
  auto g = [](double v) { return json::Writer::number(v); };
  for (LayerResult const& r : results) {
    double worst = 0.0;
    for (int v = 0; v < kVariants; ++v)
      if (r.v[v].used) worst = std::max({worst, r.v[v].check.worst, r.v[v].check_held.worst});
    auto t = [&](int v, bool held) -> std::string {
      Timing const& x = held ? r.v[v].held : r.v[v].alone;
      return x.timed() ? g(x.median) : "";
    };
    Timing const& c = r.v[kClc].alone;
    Timing const& d = r.v[kCudnn].alone;
    csv.row({r.name(), std::to_string(r.n), std::to_string(r.def.c), std::to_string(r.def.k), std::to_string(r.def.h),
             std::to_string(r.def.r), std::to_string(r.def.stride), std::to_string(r.def.pad), g(r.flops), r.status,
             t(kClc, false), c.timed() ? g(c.min) : "", c.timed() ? g(c.max) : "", t(kCudnn, false),
             d.timed() ? g(d.min) : "", d.timed() ? g(d.max) : "", r.timed ? g(r.ratio()) : "",
             r.timed ? g(r.tflops(c)) : "", r.timed ? g(r.tflops(d)) : "", t(kClcFused, false),
             r.timed ? g(r.fusion_pct()) : "", t(kCudnnFused, false), t(kClcStatic, false), t(kClc, true),
             t(kClcStatic, true), t(kCudnn, true), std::to_string(r.cudnn_algo), std::to_string(r.cudnn_ws_bytes),
             r.v[kClc].has_info ? describe(r.v[kClc].info) : "", g(worst)});
  }
  return csv.str();
}

void print_layers() {
  Table t({"layer", "C", "K", "H=W", "R=S", "stride", "pad", "P=Q"});
  for (LayerDef const& d : kLayers)
    t.add_row({d.name(), std::to_string(d.c), std::to_string(d.k), std::to_string(d.h), std::to_string(d.r),
               std::to_string(d.stride), std::to_string(d.pad), std::to_string(d.out())});
  t.print(stdout);
}

int fail_write(Error const& e) {
  std::fprintf(stderr, "%s: %s\n", kTool, e.what().c_str());
  return 1;
}

}  // namespace

int conv_main(int argc, char** argv) {
  Config cfg;
  cli::Result const pr = parse(argc, argv, &cfg);
  if (pr.outcome == cli::Outcome::Run && cfg.list) {
    print_layers();
    return 0;
  }
  if (int const rc = start_or_exit(kTool, pr, cfg.json, cfg.device); rc >= 0) return rc;
  // clc's kernels are built for sm_90a and newer only.
  if (int major = 0; cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, cfg.device) == cudaSuccess &&
                     major < 9)
    return report_no_device(kTool,
                            "no CUDA device of compute capability 9.0 or newer (device " + std::to_string(cfg.device) +
                                " is " + std::to_string(major) + ".x)",
                            cfg.json);
  GpuClocks const clocks_start = read_clocks(cfg.device);
  GpuInfo gpu;
  if (!query_gpu(&gpu)) {
    std::fprintf(stderr, "%s: cannot query the GPU\n", kTool);
    return 1;
  }
  std::size_t const cudnn_v = cudnnGetVersion();
  std::printf("%s: %s (sm_%d%d, %d SMs, %zu MiB L2), driver %d, runtime %d, cuDNN %zu (built with %d)\n", kTool,
              gpu.name.c_str(), gpu.cc_major, gpu.cc_minor, gpu.sm_count, gpu.l2_bytes >> 20, gpu.driver_version,
              gpu.runtime_version, cudnn_v, int(CUDNN_VERSION));
  std::string ns;
  for (int n : cfg.ns) ns += (ns.empty() ? "" : ",") + std::to_string(n);
  std::printf("bf16 NHWC, fp32 accumulation; %zu layers x N = %s; %d rounds x (%d warm-up + %d timed launches) per "
              "variant, order reversed every other round; %s, %.0f us gate before each timed launch\n",
              cfg.layers.size(), ns.c_str(), cfg.rounds, cfg.warmup, cfg.iters,
              cfg.warm_l2 ? "no L2 scrub (--warm-l2)" : "L2 scrubbed", kGateUs);

  Bench bench(cfg, gpu);
  if (!bench.init()) return 1;
  if (bench.hog_sms() > 0)
    std::printf("then held: %d of %d SMs held during each timed launch (--interfere %s): clc Ticket, Static, cuDNN\n",
                bench.hog_sms(), gpu.sm_count, Table::fmt(cfg.interfere, 2).c_str());
  std::printf("\n");

  std::vector<LayerResult> results;
  int const combos = int(cfg.ns.size() * cfg.layers.size());
  ProgressBar bar(combos * (1 + bench.rounds_per_layer()));
  int bar_done = 0;
  bool aborted = false;
  for (int n : cfg.ns) {
    for (int li : cfg.layers) {
      LayerResult r;
      r.def = kLayers[li];
      r.n = n;
      if (aborted) {
        r.status = "not run";
        results.push_back(r);
        continue;
      }
      int const bar_end = bar_done + 1 + bench.rounds_per_layer();
      // A failed API call is printed and recorded; the run goes on unless the CUDA context is broken.
      if (!bench.run_layer(kLayers[li], n, &r, &bar, &bar_done) && cuda_context_lost(kTool, "layers")) aborted = true;
      bench.release();
      bar_done = bar_end;
      results.push_back(r);
    }
  }
  bar.finish();
  GpuClocks const clocks_end = read_clocks(cfg.device);

  RunSummary const s = summarize_results(results);
  bool const failed = aborted || s.failed > 0 || s.errors > 0;
  std::printf("\n");
  print_tables(cfg, results, bench.hog_sms() > 0);
  std::printf("\n");
  print_problems(results);

  auto gm = [](std::vector<double> const& v) { return v.empty() ? std::string("-") : Table::fmt(geomean(v), 3); };
  std::printf("speed vs cuDNN = cuDNN time / clc time (> 1: clc faster); times: median of %d round medians, spread = "
              "(max - min) / median of the round medians\n",
              cfg.rounds);
  std::printf("geomean speed vs cuDNN over %zu layers: %s; over the 3x3 layers at N = 128 (%zu): %s\n", s.all.size(),
              gm(s.all).c_str(), s.n128_3x3.size(), gm(s.n128_3x3).c_str());
  if (!s.fusion.empty())
    std::printf("fusion (clc bias + ReLU vs clc plain): geomean %+.2f%%, max %+.2f%% (%s); %d of %zu layers above "
                "%.0f%%\n",
                100.0 * (geomean(s.fusion) - 1.0), s.fusion_max_pct, s.fusion_max_layer.c_str(), s.over_target,
                s.fusion.size(), kFusionTargetPct);
  if (!s.clc_vs_cudnn_fused.empty())
    std::printf("fused: geomean cuDNN fused time / clc fused time over %zu layers: %s\n", s.clc_vs_cudnn_fused.size(),
                gm(s.clc_vs_cudnn_fused).c_str());
  if (!s.static_alone.empty())
    std::printf("clc Static time / Ticket time, undisturbed: geomean %s\n", gm(s.static_alone).c_str());
  if (!s.held_vs_cudnn.empty())
    std::printf("with %d SMs held: geomean speed vs cuDNN %s, Static time / Ticket time %s\n", bench.hog_sms(),
                gm(s.held_vs_cudnn).c_str(), gm(s.held_vs_static).c_str());
  std::printf("SM clock %s MHz at the start, %s at the end\n",
              clocks_start.ok ? std::to_string(clocks_start.sm_mhz).c_str() : "?",
              clocks_end.ok ? std::to_string(clocks_end.sm_mhz).c_str() : "?");
  std::printf("result: %s\n", failed ? ("FAILED: " + std::to_string(s.failed) + " layer(s) failed the gate, " +
                                        std::to_string(s.errors) + " had errors" + (aborted ? ", run aborted" : ""))
                                           .c_str()
                                     : "every output within the bound of the float64 reference");

  if (!cfg.csv.empty()) {
    if (Error e = write_text_file(cfg.csv, csv_document(results))) return fail_write(e);
    std::printf("wrote %s\n", cfg.csv.c_str());
  }
  if (!cfg.trace.empty()) {
    if (Error e = write_text_file(cfg.trace, bench.trace_document())) return fail_write(e);
    std::printf("wrote %s\n", cfg.trace.c_str());
  }
  if (!cfg.json.empty()) {
    std::string const doc =
        json_document(cfg, gpu, clocks_start, clocks_end, bench.hog_sms(), bench.scrub_bytes(), results, s, failed);
    if (Error e = write_text_file(cfg.json, doc)) return fail_write(e);
    std::printf("wrote %s\n", cfg.json.c_str());
  }
  return failed ? 1 : 0;
}

}  // namespace clc::bench
