//! @file gemm_bench.cu
//! @brief `clc-bench gemm`: clc::gemm against the strongest cuBLAS a user can get, in one process on
//! the same inputs.
//!
//! Per shape:
//!  1. Inputs: random A and B (--dtype bf16 or fp16, uniform in (-1, 1), never zero), one copy; A
//!     row-major, B row-major (as torch.matmul) or column-major (--b-col, and the two decode-sized
//!     shapes of the default suite: a Linear layer's weight); D row-major, of A's type or fp32 (--out).
//!  2. The baselines. (a) cublasGemmStridedBatchedEx, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT, with a
//!     workspace (--workspace-mib, 64 MiB) given by cublasSetWorkspace after cublasSetStream (which
//!     resets it). (b) cublasLtMatmul with a workspace of the same size: the heuristic's first
//!     --lt-algos (16) candidates (cublasLtMatmulAlgoGetHeuristic), each run once through the gate
//!     below (a candidate whose output fails is dropped), then timed in steady state (2 warm-up and
//!     --select-iters launches, each after the L2 scrub and the gate kernel, as in the rounds; median);
//!     the fastest is used. cuBLAS is column-major, so both compute D^T = B^T A^T: row-major B (k x n)
//!     read column-major is B^T (n x k, op N); column-major B is read as k x n with op T; row-major A
//!     read column-major is A^T (k x m, op N); D^T is n x m, column-major. Batches: strided, the
//!     batch count and strides set on every cublasLt layout. The shape's baseline is whichever of (a)
//!     and (b) has the smaller median in the rounds; both are reported.
//!  3. Gate, before any timing: every variant (clc, cuBLAS GemmEx, every cublasLt candidate, clc Static
//!     under --interfere) runs once into an output poisoned with 0xFF (NaN), and every element is
//!     compared on the GPU with a float64 reference (bench/common/gemm_reference.cuh):
//!       |d - ref| <= u_out |ref| + 2^-22 (sqrt(K) + 5) sum_k |a_ik b_kj|.
//!     u_out |ref| is the one rounding of the fp32 accumulator to D's type (u_out = 2^-8 bf16, 2^-11
//!     fp16, 2^-24 fp32). The second term bounds the fp32 accumulation error: each bf16/fp16 product is
//!     exact in fp32, and summing K of them in any order errs by at most K u32 sum|a b| (u32 = 2^-24)
//!     in the worst case, by about sqrt(K) u32 sum|a b| for rounding errors of random sign (Higham and
//!     Mary's probabilistic bound). Tensor cores truncate in their adders, which biases the errors; the
//!     bound allows 4 (sqrt(K) + 5) u32 sum|a b|, and a host simulation of the most biased order (a
//!     sequential fp32 sum rounded toward zero, these inputs, K = 256 to 16384, 300 elements each) stayed
//!     within a tenth of that (within 0.93 of the whole bound after the rounding to bf16: the u_out term
//!     is what an element just above a power of two can use up).
//!     A tile that drops one 64-deep slice of K moves its elements by about sqrt(64) / 3 = 2.7, far
//!     outside (the bound is about 0.16 at K = 8192 for a bf16 D). Above 2^--ref-limit (2^37)
//!     multiply-adds the float64 reference is not run: cuBLAS GemmEx's D is the reference instead (it
//!     must be finite), and every other D must be within 2 ulps of it plus twice the accumulation term,
//!     with sum|a b| bounded by |a_i| |b_j| (Cauchy-Schwarz; the norms cost O((M + N) K)). The JSON
//!     says which reference a shape used. A shape where clc or cuBLAS GemmEx fails is FAIL, is not
//!     timed, and the run exits 1.
//!  4. Timing: R rounds (--rounds 5); each round runs every variant in turn (clc, [clc Static], GemmEx,
//!     cublasLt; the order reversed every other round), each --warmup untimed launches then I timed
//!     launches (--iters 20; --runs is the same). Every timed launch: an L2 scrub (a kernel reading
//!     max(256 MiB, 2 x L2)), a wait for it, a gate kernel (one SM for 300 us, longer than the host side
//!     of any library's call, so no host time is timed, for small shapes as for large), then the launch
//!     between two CUDA events. Reported per variant: the median of the round medians, their min and
//!     max (spread), and the min, max and noise ((p90 - p10) / median) of every sample; the SM clock
//!     before and after the shape's rounds.
//!  5. --interfere F: after the undisturbed rounds, a held pass of clc (its --source, Ticket on
//!     Hopper), clc Static (the same kernel, Options::source = Static) and the shape's cuBLAS baseline:
//!     each timed launch with F of the SMs held by clc::tools::hold_sms (greatest-priority stream, on
//!     an idle GPU, before the gate) for the gate plus half of the baseline's undisturbed median, so
//!     the interference ends mid-run. clc and clc Static are gated again under the hold first. The
//!     honest comparison there is Ticket vs Static (cuBLAS's grid balances itself, so its ratio under
//!     interference only repeats the undisturbed one); the undisturbed times of the same run stay in
//!     the document.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/detail/cuda_check.hpp"  // CLC_TRY
#include "clc/tools/interference.hpp"
#include "clc/trace.hpp"
#include "clc_cli.hpp"
#include "common/check.hpp"
#include "common/csv.hpp"
#include "common/gemm_reference.cuh"
#include "common/gpu_info.hpp"
#include "common/progress.hpp"
#include "common/start.hpp"
#include "common/stats.hpp"
#include "common/subcommand.hpp"
#include "common/table.hpp"
#include "common/timing.cuh"
#include "common/trace_summary.hpp"
#include "gemm/debug.hpp"
#include "gemm/gemm.hpp"

namespace clc::bench {
namespace {

constexpr char kTool[] = "clc-bench gemm";

// ---------------------------------------------------------------------------------------------------
// Shapes and options

struct Shape {
  int m, n, k, batch;
  int b_col = -1;  //!< 1: B column-major, 0: row-major, -1: the run's layout (--b-col)
};

//! The 16 shapes at which cuBLAS's speed on the H200 was recorded when the project started (squares
//! from 1024 to 8192, short and long K, skinny M and N, then odd ones: M not a multiple of the tile,
//! small, skinny, batched), then the 6 of issue 13 (GEMM II): 3072^3, long K, short M, an LLM
//! projection, and two decode-sized ones with B column-major (a Linear layer's weight), as measured
//! there.
std::vector<Shape> default_suite() {
  return {{8192, 8192, 8192, 1},   {6144, 6144, 6144, 1},   {5120, 5120, 5120, 1},     {4096, 4096, 4096, 1},
          {4000, 4000, 4000, 1},   {2048, 2048, 2048, 1},   {1024, 1024, 1024, 1},     {8192, 8192, 1024, 1},
          {8192, 8192, 256, 1},    {16384, 1024, 4096, 1},  {256, 16384, 8192, 1},     {16256, 16256, 4096, 1},
          {1000, 1000, 1000, 1},   {3333, 2048, 4096, 1},   {777, 8192, 1536, 1},      {512, 512, 512, 8},
          {3072, 3072, 3072, 1},   {1536, 1536, 12288, 1},  {128, 8192, 8192, 1},      {2304, 4608, 3072, 1},
          {16, 8192, 8192, 1, 1},  {64, 4096, 14336, 1, 1}};
}

struct Config {
  std::vector<Shape> shapes;
  SourceKind source = SourceKind::Auto;
  int cluster_m = 0;
  int cluster_n = 0;
  int split_k = 0;
  int tail_split = 0;
  int stream_k = 0;
  double interfere = 0.0;
  int rounds = 5;
  int iters = 20;      //!< timed launches per variant and round (--iters, --runs)
  int warmup = 3;      //!< untimed launches per variant and round
  int lt_algos = 16;   //!< cublasLt heuristic candidates requested
  int select_iters = 10;
  int workspace_mib = 64;
  int ref_limit = 37;  //!< log2 of the most multiply-adds the float64 reference runs
  int dtype = 0;       //!< 0 bf16, 1 fp16 (A and B)
  bool out_f32 = false;
  bool warm_l2 = false;
  bool swap_ab = false;  // diagnostics: Debug::swap_ab
  bool no_swap = false;  // diagnostics: Debug::no_swap
  std::string json;
  std::string commit;
  std::string trace;  // diagnostics: per-tile traces of clc Ticket and Static (LaunchOptions::trace), as JSON
  bool b_col = false;  // --b-col: every shape with B column-major
  bool check = true;
  int swizzle = 0;
  int tile_n = 0;      // Sm90 tile width (0: heuristic)
  int stages = 0;      // diagnostics (gemm::detail::Debug): ring stages
  int diag_flags = 0;  // bit 0: skip the epilogue, bit 1: serial MMA, bit 2: no TMA store, bit 3: no fixup
  int tail_whole_waves = -1;  // diagnostics (gemm::detail::Debug): whole waves a forced split tail keeps
  int device = 0;
  int kernel = 0;      // index into {auto, sm90, portable}
  std::string csv;

  gemm::DType ab_type() const { return dtype == 1 ? gemm::DType::F16 : gemm::DType::BF16; }
  gemm::DType d_type() const { return out_f32 ? gemm::DType::F32 : ab_type(); }
  //! Whether shape s runs with B column-major.
  bool b_col_of(Shape const& s) const { return b_col || s.b_col == 1; }
};

char const* type_name(gemm::DType t) {
  return t == gemm::DType::BF16 ? "bf16" : t == gemm::DType::F16 ? "fp16" : "f32";
}
cudaDataType_t cuda_type(gemm::DType t) {
  return t == gemm::DType::BF16 ? CUDA_R_16BF : t == gemm::DType::F16 ? CUDA_R_16F : CUDA_R_32F;
}

//! Parses "MxNxK" or "MxNxKxB", each a whole positive number.
Error parse_shape(std::string const& v, Shape* out) {
  std::vector<long long> dims;
  std::size_t start = 0;
  while (true) {
    std::size_t const x = v.find('x', start);
    long long d = 0;
    if (!cli::parse_int(v.substr(start, x == std::string::npos ? std::string::npos : x - start), 1, 1 << 30, &d))
      return invalid_argument("want MxNxK or MxNxKxB, each from 1 to 2^30");
    dims.push_back(d);
    if (x == std::string::npos) break;
    start = x + 1;
  }
  if (dims.size() < 3 || dims.size() > 4) return invalid_argument("want MxNxK or MxNxKxB, each from 1 to 2^30");
  *out = Shape{int(dims[0]), int(dims[1]), int(dims[2]), dims.size() == 4 ? int(dims[3]) : 1};
  return success();
}

cli::Result parse(int argc, char** argv, Config* c) {
  static std::vector<std::string> const sources = {"auto", "ticket", "static", "single", "hardware"};
  static SourceKind const source_kinds[] = {SourceKind::Auto, SourceKind::Ticket, SourceKind::Static,
                                            SourceKind::Single, SourceKind::Hardware};
  int source = 0, out = 0;
  bool no_check = false;
  cli::Parser p(kTool, "clc::gemm against the strongest cuBLAS (cublasGemmEx and the best of cublasLt's heuristic "
                       "candidates) on the same inputs, in one process; every element checked before timing");
  p.custom("--shape", "MxNxK[xB]", "run this shape (default: the 22-shape suite of docs/gemm.md)",
           [c](std::string const& v) {
             Shape s{};
             CLC_TRY(parse_shape(v, &s));
             c->shapes.push_back(s);
             return success();
           },
           true)
      .choice("--dtype", {"bf16", "fp16"}, &c->dtype, "type of A and B (default bf16)")
      .choice("--out", {"same", "f32"}, &out, "type of D: A's type (default) or fp32")
      .choice("--source", sources, &source, "work source of clc::gemm (hardware: sm_100 only)")
      .choice("--kernel", {"auto", "sm90", "portable"}, &c->kernel, "force a clc::gemm kernel")
      .integer_of("--cluster", {0, 1, 2}, &c->cluster_m, "CTAs per cluster along M (0: heuristic)")
      .integer_of("--cluster-n", {0, 1, 2}, &c->cluster_n,
                  "CTAs per cluster along N (0: heuristic; 2: pairs of N tiles share A, 64- or 128-wide whole tiles)")
      .integer("--swizzle", 0, 64, &c->swizzle, "tile-order band width in tiles (0: heuristic)")
      .integer_of("--tile-n", {0, 64, 128, 192, 208, 224, 256}, &c->tile_n,
                  "Sm90 tile width (0: heuristic; 64, 192, 208, 224: 1x1 clusters; 208, 224: B K-major, e.g. with --swap-ab)")
      .integer("--split-k", 0, 128, &c->split_k, "Sm90 split-K factor (0: heuristic, 1: off)")
      .integer("--tail-split", 0, 16, &c->tail_split, "Sm90 k-pieces of the partial last wave's tiles (0: heuristic, 1: off)")
      .integer("--stream-k", 0, 2, &c->stream_k, "Sm90 stream-K (0: heuristic, 1: off, 2: on)")
      .number("--interfere", 0.0, 0.95, &c->interfere,
              "after the undisturbed rounds, time clc, clc Static and the cuBLAS baseline with this fraction of the "
              "SMs held during the first half of each timed launch")
      .integer("--rounds", 1, 10000, &c->rounds, "rounds, the order reversed every other round (default 5)")
      .integer("--iters", 1, 100000, &c->iters, "timed launches per variant and round; the round's median is kept "
                                                "(default 20)")
      .integer("--runs", 1, 100000, &c->iters, "the same as --iters")
      .integer("--warmup", 0, 100000, &c->warmup, "untimed launches per variant before its timed ones, every round "
                                                  "(default 3)")
      .integer("--lt-algos", 1, 64, &c->lt_algos, "cublasLt heuristic candidates to try (default 16)")
      .integer("--select-iters", 1, 1000, &c->select_iters,
               "timed launches per cublasLt candidate when choosing the fastest (default 10)")
      .integer("--workspace-mib", 0, 4096, &c->workspace_mib,
               "workspace of cublasGemmEx (cublasSetWorkspace) and of cublasLt, in MiB (default 64)")
      .integer("--ref-limit", 20, 50, &c->ref_limit,
               "gate: float64 reference up to 2^N multiply-adds, cuBLAS's D as the reference above (default 37)")
      .flag("--swap-ab", &c->swap_ab, "diagnostics: run clc on the swapped problem B^T A^T, storing each tile transposed "
                                       "(clc::gemm::detail::Debug::swap_ab: row-major A and D, 16-bit D)")
      .flag("--no-swap", &c->no_swap, "diagnostics: never swap the operands by the heuristic (clc::gemm::detail::Debug::no_swap)")
      .flag("--warm-l2", &c->warm_l2, "diagnostics: no L2 scrub before the timed launches")
      .integer("--device", 0, 1023, &c->device, "CUDA device ordinal (default 0)")
      .flag("--b-col", &c->b_col, "B column-major for every shape (default: row-major, as torch.matmul, except the "
                                  "suite's two decode-sized shapes)")
      .flag("--no-check", &no_check, "skip the gate (diagnostics)")
      .integer_of("--stages", {0, 2, 3}, &c->stages, "diagnostics: Sm90 ring stages (clc::gemm::detail::Debug)")
      .integer("--diag", 0, 463, &c->diag_flags,
               "diagnostics bits: 1 skip the epilogue (D unwritten), 2 serial MMA, 4 no TMA store, 8 a split "
               "tail's pieces summed by a second kernel, not in the kernel, 64 the general kernel where the "
               "common case's would run (clc::gemm::detail::Debug::no_fast), 128 every consumer warpgroup "
               "multiplies, also one whose rows all lie past M (Debug::mma_all_rows), 256 ping-pong consumers in the "
               "common case's kernel, 64- or 128-wide tiles (Debug::pingpong)")
      .integer("--tail-whole-waves", -1, 1000, &c->tail_whole_waves,
               "diagnostics: with --tail-split S, keep only this many whole waves unsplit (-1: all)")
      .text("--json", "FILE", &c->json, "also write the results as JSON (also without a GPU: status \"no device\")")
      .text("--csv", "FILE", &c->csv, "also write the results as CSV")
      .text("--trace", "FILE", &c->trace,
            "diagnostics: after each shape's rounds, three cold-L2 launches of clc and clc Static with per-tile "
            "traces (LaunchOptions::trace); their summaries printed, every record written to FILE as JSON")
      .text("--commit", "SHA", &c->commit, "a commit id to record beside the build's own")
      .epilog("ratio = cuBLAS time / clc time (> 1: clc faster), against the faster of cublasGemmStridedBatchedEx\n"
              "(CUBLAS_GEMM_DEFAULT, workspace set) and the fastest of cublasLt's heuristic candidates. Every output\n"
              "is checked element by element before timing (float64 reference, or cuBLAS's D above --ref-limit); a\n"
              "shape that fails is not timed and the run exits 1. Every timed launch follows an L2 scrub (cold L2)\n"
              "and a 300 us gate kernel; times are the median of the round medians.\n");
  cli::Result const r = p.parse(argc, argv);
  c->source = source_kinds[source];
  c->out_f32 = out == 1;
  c->check = !no_check;
  if (r.outcome == cli::Outcome::Run && c->shapes.empty()) c->shapes = default_suite();
  return r;
}

std::string shape_name(Shape const& s) {
  std::string r = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
  if (s.batch > 1) r += "x" + std::to_string(s.batch);
  return r;
}

// ---------------------------------------------------------------------------------------------------
// Results

//! The variants timed, in table order (reversed in odd rounds).
enum Variant : int { kClc = 0, kClcStatic, kGemmEx, kLt, kVariants };
char const* const kVariantKeys[kVariants] = {"clc", "clc_static", "cublas_gemmex", "cublaslt"};
char const* const kVariantLabels[kVariants] = {"clc", "clc Static", "cuBLAS GemmEx", "cublasLt"};

using VariantResult = bench::VariantResult<gemm::RunInfo>;

//! One of cublasLt's heuristic candidates.
struct LtCandidate {
  cublasLtMatmulAlgo_t algo{};
  std::size_t workspace = 0;
  float waves = 0.0f;
  int heuristic_state = 0;  //!< cublasStatus_t of the heuristic result
  int run_status = -1;      //!< cublasStatus_t of its first call (-1: not called)
  long long id = -1, tile = -1, stages = -1, splitk = -1, reduction = -1, swizzle = -1, custom = -1,
            inner_shape = -1, cluster_shape = -1;
  Check check;
  double steady_ms = -1.0;  //!< median of the selection launches; -1: not usable
};

struct ShapeResult {
  Shape s{};
  bool b_col = false;
  double flops = 0.0;
  std::string status = "not run";  //!< "ok", "FAIL" (gate), "error" (a call failed)
  std::string error;
  std::string reference;  //!< "float64", "cublasGemmEx" or "none" (--no-check)
  double u_out = 0.0, acc_coeff = 0.0;
  VariantResult v[kVariants];
  std::vector<LtCandidate> lt;
  int lt_chosen = -1;  //!< index into lt
  std::string lt_why;  //!< when no cublasLt candidate is usable
  int baseline = kGemmEx;
  double hog_ms = 0.0;
  GpuClocks clocks_start, clocks_end;
  bool timed = false;

  double tflops(RoundTiming const& t) const { return t.median > 0 ? flops / (t.median * 1e-3) / 1e12 : 0.0; }
  //! The baseline's time over clc's (> 1: clc faster).
  double ratio() const { return bench::speed(v[baseline].alone, v[kClc].alone); }
};

//! "Sm90 128x256 Ticket c2 s8 tma": what gemm::run did (the label of docs/gemm.md's tables); a 1x2 cluster
//! reads "c1x2".
std::string describe(gemm::RunInfo const& i) {
  return std::string(gemm::to_string(i.kernel)) + " " + std::to_string(i.tile_m) + "x" + std::to_string(i.tile_n) +
         " " + to_string(i.source) + " c" + std::to_string(i.cluster_m) + (i.cluster_n == 2 ? "x2" : "") + " s" +
         std::to_string(i.swizzle) +
         (i.splits > 1 ? " k" + std::to_string(i.splits) : std::string()) +
         (i.stream_k_units > 0
              ? " sk" + std::to_string(i.stream_k_units) + "x" + std::to_string(i.tail_tiles) + "p" + std::to_string(i.tail_split)
          : i.tail_split > 1 ? " t" + std::to_string(i.tail_split) + "x" + std::to_string(i.tail_tiles) +
                                   (i.tail_fixup ? "f" : "")
                             : std::string()) +
         (i.tma_store ? " tma" : "") + (i.swapped ? " swapped" : "") + (i.fast ? " fast" : "");
}

std::string cublas_error(cublasStatus_t s) {
  return std::string(cublasGetStatusName(s)) + " (" + std::to_string(int(s)) + ")";
}

double host_value(unsigned char const* p, gemm::DType t) {
  if (t == gemm::DType::F32) {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  std::uint16_t u;
  std::memcpy(&u, p, 2);
  if (t == gemm::DType::BF16) {
    std::uint32_t const w = std::uint32_t(u) << 16;
    float f;
    std::memcpy(&f, &w, 4);
    return f;
  }
  __half_raw h;
  h.x = u;
  return double(__half2float(__half(h)));
}

// ---------------------------------------------------------------------------------------------------
// Device helpers

//! Uniform in (-1, 1), never zero (a hash of the index and the seed), in `type`.
__global__ void fill_kernel(void* p, std::size_t n, int type, std::uint32_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x) {
    std::uint32_t x = std::uint32_t(i) * 2654435761u ^ (seed * 0x9E3779B9u) ^ std::uint32_t(i >> 32) * 0x85EBCA6Bu;
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    float v = float(x >> 8) * (2.0f / 16777216.0f) - 1.0f;  // [-1, 1)
    if (v == 0.0f || v == -1.0f) v = 0.25f;                // never zero (nor -1: the range stays symmetric)
    if (type == kRefF16) static_cast<__half*>(p)[i] = __float2half(v);
    else static_cast<__nv_bfloat16*>(p)[i] = __float2bfloat16(v);
  }
}

// ---------------------------------------------------------------------------------------------------
// Error reporting: every CUDA, cuBLAS and clc call is checked; a failure prints the call and the error,
// is recorded as the shape's error, and makes the calling function return false.

#define GEMM_CUDA(call)                                                                                \
  do {                                                                                                 \
    cudaError_t const e_ = (call);                                                                     \
    if (e_ != cudaSuccess) return fail(std::string(#call) + " failed: " + cudaGetErrorString(e_));     \
  } while (0)
#define GEMM_CUBLAS(call)                                                                              \
  do {                                                                                                 \
    cublasStatus_t const s_ = (call);                                                                  \
    if (s_ != CUBLAS_STATUS_SUCCESS) return fail(std::string(#call) + " failed: " + cublas_error(s_)); \
  } while (0)
#define GEMM_CLC(expr)                                                                                 \
  do {                                                                                                 \
    ::clc::Error const e_ = (expr);                                                                    \
    if (!e_.ok()) return fail(std::string(#expr) + " failed: " + e_.what());                           \
  } while (0)

// ---------------------------------------------------------------------------------------------------
// The bench

class Bench {
 public:
  Bench(Config const& c, GpuInfo const& g) : cfg_(c), gpu_(g) {}
  Bench(Bench const&) = delete;
  Bench& operator=(Bench const&) = delete;
  ~Bench() {
    destroy_lt_descriptors();
    if (lt_) cublasLtDestroy(lt_);
    if (handle_) cublasDestroy(handle_);
    if (start_) cudaEventDestroy(start_);
    if (stop_) cudaEventDestroy(stop_);
    if (stream_) cudaStreamDestroy(stream_);
    if (hog_stream_) cudaStreamDestroy(hog_stream_);
  }

  int hog_sms() const { return hog_sms_; }
  std::size_t scrub_bytes() const { return scrub_.bytes(); }
  std::size_t workspace_bytes() const { return std::size_t(cfg_.workspace_mib) << 20; }

  bool init() {
    GEMM_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    GEMM_CLC(tools::greatest_priority_stream(&hog_stream_));
    GEMM_CUDA(cudaEventCreate(&start_));
    GEMM_CUDA(cudaEventCreate(&stop_));
    GEMM_CUDA(ws_gemmex_.allocate(workspace_bytes()));
    GEMM_CUDA(ws_lt_.allocate(workspace_bytes()));
    GEMM_CUBLAS(cublasCreate(&handle_));
    GEMM_CUBLAS(cublasSetStream(handle_, stream_));  // resets the workspace: set it after
    GEMM_CUBLAS(cublasSetWorkspace(handle_, ws_gemmex_.p, ws_gemmex_.bytes));
    GEMM_CUBLAS(cublasLtCreate(&lt_));
    if (!cfg_.warm_l2) GEMM_CUDA(scrub_.allocate(gpu_.l2_bytes));
    GEMM_CUDA(stats_.allocate(sizeof(GemmCheckStats)));
    if (cfg_.interfere > 0.0) GEMM_CLC(tools::sms_for_fraction(cfg_.interfere, &hog_sms_));
    if (hog_sms_ + 1 > gpu_.sm_count) return fail("--interfere leaves no SM for the gate kernel");
    GEMM_CUDA(cudaDeviceSynchronize());
    return true;
  }

  int steps_per_shape() const { return 1 + cfg_.rounds * (hog_sms_ > 0 ? 2 : 1); }

  //! One shape: inputs, reference, the gate, cublasLt's candidates, the rounds. False when a call
  //! failed (r->status "error"); a gate failure returns true with r->status "FAIL".
  bool run_shape(Shape const& s, ShapeResult* r, ProgressBar* bar, int* bar_done) {
    r_ = r;
    r->s = s;
    r->b_col = cfg_.b_col_of(s);
    r->flops = 2.0 * s.m * double(s.n) * s.k * s.batch;
    r->v[kClc].used = r->v[kGemmEx].used = true;
    r->v[kClcStatic].used = hog_sms_ > 0;
    std::string const label = shape_name(s) + (r->b_col ? " Bcol" : "");
    bar->update((*bar_done)++, label + " setup and gate");

    ab_ = cfg_.ab_type();
    dt_ = cfg_.d_type();
    std::size_t const ab_size = gemm::size_of(ab_), d_size = gemm::size_of(dt_);
    std::size_t const a_elems = std::size_t(s.m) * s.k * s.batch;
    std::size_t const b_elems = std::size_t(s.k) * s.n * s.batch;
    d_elems_ = std::size_t(s.m) * s.n * s.batch;
    GEMM_CUDA(a_.allocate(a_elems * ab_size));
    GEMM_CUDA(b_.allocate(b_elems * ab_size));
    GEMM_CUDA(d_.allocate(d_elems_ * d_size));
    std::uint32_t const seed = std::uint32_t(s.m) * 31u + std::uint32_t(s.n) * 7u + std::uint32_t(s.k) + seed_++;
    fill_kernel<<<1024, 256, 0, stream_>>>(a_.p, a_elems, int(ab_), 2 * seed + 1);
    fill_kernel<<<1024, 256, 0, stream_>>>(b_.p, b_elems, int(ab_), 2 * seed + 2);
    GEMM_CUDA(cudaGetLastError());

    // Row-major A (m x k), B (k x n) row-major or column-major, D (m x n) row-major, dense batches.
    g_ = gemm::Arguments{};
    g_.m = s.m; g_.n = s.n; g_.k = s.k; g_.batch = s.batch;
    g_.a_type = g_.b_type = ab_;
    g_.c_type = g_.d_type = dt_;
    g_.a = a_.p; g_.layout_a = gemm::Layout::RowMajor; g_.lda = s.k; g_.batch_stride_a = std::int64_t(s.m) * s.k;
    g_.b = b_.p; g_.layout_b = r->b_col ? gemm::Layout::ColMajor : gemm::Layout::RowMajor;
    g_.ldb = r->b_col ? s.k : s.n; g_.batch_stride_b = std::int64_t(s.k) * s.n;
    g_.layout_d = gemm::Layout::RowMajor; g_.ldd = s.n; g_.batch_stride_d = std::int64_t(s.m) * s.n;

    if (!setup_lt()) return false;

    bool gate_ok = true;
    if (cfg_.check) {
      if (!reference()) return false;
      for (int v : {kGemmEx, kClc, kClcStatic}) {
        if (!r->v[v].used) continue;
        if (v == kGemmEx && !f64_) {
          r->v[v].check = gemmex_self_check_;  // the reference itself: finite everywhere
        } else if (!check(v, 0.0, &r->v[v].check)) {
          return false;
        }
        gate_ok = gate_ok && r->v[v].check.ok;
      }
      if (!gate_ok) {
        r->status = "FAIL";
        return true;
      }
    } else {
      r->reference = "none";
    }
    if (!select_lt()) return false;
    r->v[kLt].used = r->lt_chosen >= 0;
    if (r->v[kLt].used) r->v[kLt].check = r->lt[std::size_t(r->lt_chosen)].check;

    // Undisturbed rounds.
    std::vector<int> order;
    for (int v = 0; v < kVariants; ++v)
      if (r->v[v].used) order.push_back(v);
    r->clocks_start = read_clocks(cfg_.device);
    if (!rounds(order, 0.0, label, bar, bar_done)) return false;
    if (!cfg_.trace.empty() && !trace_shape(label)) return false;
    r->baseline = r->v[kLt].alone.timed() && r->v[kLt].alone.median < r->v[kGemmEx].alone.median ? kLt : kGemmEx;

    // Held rounds.
    if (hog_sms_ > 0) {
      r->hog_ms = 0.5 * r->v[r->baseline].alone.median;
      if (cfg_.check) {
        for (int v : {kClc, kClcStatic}) {
          if (!check(v, r->hog_ms, &r->v[v].check_held)) return false;
          gate_ok = gate_ok && r->v[v].check_held.ok;
        }
        if (!gate_ok) {
          r->clocks_end = read_clocks(cfg_.device);
          r->status = "FAIL";
          return true;
        }
      }
      if (!rounds({kClc, kClcStatic, r->baseline}, r->hog_ms, label + " held", bar, bar_done)) return false;
    }
    r->clocks_end = read_clocks(cfg_.device);
    r->timed = true;
    r->status = "ok";
    return true;
  }

  //! Frees the shape's buffers and descriptors (after an error too).
  void release() {
    for (DeviceBuffer* b : {&a_, &b_, &d_, &dref_, &ref_, &mag_, &a_norm_, &b_norm_}) b->reset();
    destroy_lt_descriptors();
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

  // ---- cublasLt

  void destroy_lt_descriptors() {
    if (lt_pref_) cublasLtMatmulPreferenceDestroy(lt_pref_);
    for (cublasLtMatrixLayout_t l : {lt_layout_b_, lt_layout_a_, lt_layout_d_})
      if (l) cublasLtMatrixLayoutDestroy(l);
    if (lt_op_) cublasLtMatmulDescDestroy(lt_op_);
    lt_pref_ = nullptr;
    lt_layout_b_ = lt_layout_a_ = lt_layout_d_ = nullptr;
    lt_op_ = nullptr;
  }

  bool set_batch(cublasLtMatrixLayout_t l, std::int64_t stride) {
    std::int32_t const order = CUBLASLT_ORDER_COL;
    GEMM_CUBLAS(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &order, sizeof order));
    if (g_.batch > 1) {
      std::int32_t const count = g_.batch;
      GEMM_CUBLAS(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count, sizeof count));
      GEMM_CUBLAS(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &stride,
                                                   sizeof stride));
    }
    return true;
  }

  //! The operation and layouts (cuBLAS's column-major view: D^T (n x m) = B^T A^T, as GemmEx below;
  //! cublasLt's "A" is our B, its "B" our A), then the heuristic's candidates.
  bool setup_lt() {
    destroy_lt_descriptors();
    bool const b_col = g_.layout_b == gemm::Layout::ColMajor;
    cudaDataType_t const ab = cuda_type(ab_), dt = cuda_type(dt_);
    GEMM_CUBLAS(cublasLtMatmulDescCreate(&lt_op_, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    std::int32_t const ta = b_col ? CUBLAS_OP_T : CUBLAS_OP_N, tb = CUBLAS_OP_N;
    GEMM_CUBLAS(cublasLtMatmulDescSetAttribute(lt_op_, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
    GEMM_CUBLAS(cublasLtMatmulDescSetAttribute(lt_op_, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
    // Our B: row-major k x n read column-major is n x k (op N); column-major it is k x n (op T).
    GEMM_CUBLAS(cublasLtMatrixLayoutCreate(&lt_layout_b_, ab, b_col ? g_.k : g_.n, b_col ? g_.n : g_.k, g_.ldb));
    // Our A: row-major m x k read column-major is k x m (op N).
    GEMM_CUBLAS(cublasLtMatrixLayoutCreate(&lt_layout_a_, ab, g_.k, g_.m, g_.lda));
    // D: row-major m x n read column-major is n x m.
    GEMM_CUBLAS(cublasLtMatrixLayoutCreate(&lt_layout_d_, dt, g_.n, g_.m, g_.ldd));
    if (!set_batch(lt_layout_b_, g_.batch_stride_b) || !set_batch(lt_layout_a_, g_.batch_stride_a) ||
        !set_batch(lt_layout_d_, g_.batch_stride_d))
      return false;
    GEMM_CUBLAS(cublasLtMatmulPreferenceCreate(&lt_pref_));
    std::uint64_t const ws = ws_lt_.bytes;
    GEMM_CUBLAS(
        cublasLtMatmulPreferenceSetAttribute(lt_pref_, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws));
    std::vector<cublasLtMatmulHeuristicResult_t> h(std::size_t(cfg_.lt_algos));
    int returned = 0;
    cublasStatus_t const st = cublasLtMatmulAlgoGetHeuristic(lt_, lt_op_, lt_layout_b_, lt_layout_a_, lt_layout_d_,
                                                             lt_layout_d_, lt_pref_, cfg_.lt_algos, h.data(),
                                                             &returned);
    if (st != CUBLAS_STATUS_SUCCESS) {
      r_->lt_why = "cublasLtMatmulAlgoGetHeuristic: " + cublas_error(st);
      return true;
    }
    for (int i = 0; i < returned; ++i) {
      cublasLtMatmulHeuristicResult_t const& x = h[std::size_t(i)];
      LtCandidate c;
      c.algo = x.algo;
      c.workspace = x.workspaceSize;
      c.waves = x.wavesCount;
      c.heuristic_state = int(x.state);
      auto get = [&c](cublasLtMatmulAlgoConfigAttributes_t a, std::size_t size) -> long long {
        std::uint64_t v = 0;
        std::size_t written = 0;
        return cublasLtMatmulAlgoConfigGetAttribute(&c.algo, a, &v, size, &written) == CUBLAS_STATUS_SUCCESS
                   ? (size == 4 ? static_cast<long long>(static_cast<std::int32_t>(v & 0xFFFFFFFFu))
                                : static_cast<long long>(v & (size == 2 ? 0xFFFFu : ~0ull)))
                   : -1;
      };
      c.id = get(CUBLASLT_ALGO_CONFIG_ID, 4);
      c.tile = get(CUBLASLT_ALGO_CONFIG_TILE_ID, 4);
      c.splitk = get(CUBLASLT_ALGO_CONFIG_SPLITK_NUM, 4);
      c.reduction = get(CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME, 4);
      c.swizzle = get(CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING, 4);
      c.custom = get(CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION, 4);
      c.stages = get(CUBLASLT_ALGO_CONFIG_STAGES_ID, 4);
      c.inner_shape = get(CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID, 2);
      c.cluster_shape = get(CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID, 2);
      r_->lt.push_back(c);
    }
    if (returned == 0) r_->lt_why = "the heuristic returned no candidate";
    return true;
  }

  cublasStatus_t lt_call(cublasLtMatmulAlgo_t const& algo, void* d) {
    float const one = 1.0f, zero = 0.0f;
    return cublasLtMatmul(lt_, lt_op_, &one, g_.b, lt_layout_b_, g_.a, lt_layout_a_, &zero, d, lt_layout_d_, d,
                          lt_layout_d_, &algo, ws_lt_.p, ws_lt_.bytes, stream_);
  }

  //! Every candidate the heuristic returned: gated (when checking), then timed in steady state; the
  //! fastest becomes the cublasLt variant.
  bool select_lt() {
    std::string why;
    auto note = [&why](std::string const& s) { why += (why.empty() ? "" : "; ") + s; };
    for (std::size_t i = 0; i < r_->lt.size(); ++i) {
      LtCandidate& c = r_->lt[i];
      std::string const name = "candidate " + std::to_string(i);
      if (c.heuristic_state != CUBLAS_STATUS_SUCCESS) {
        note(name + ": heuristic state " + cublas_error(cublasStatus_t(c.heuristic_state)));
        continue;
      }
      if (c.workspace > ws_lt_.bytes) {
        note(name + ": needs " + std::to_string(c.workspace) + " bytes of workspace");
        continue;
      }
      GEMM_CUDA(cudaMemsetAsync(d_.p, 0xFF, d_.bytes, stream_));  // NaN: an unwritten element fails
      cublasStatus_t const s = lt_call(c.algo, d_.p);
      c.run_status = int(s);
      if (s != CUBLAS_STATUS_SUCCESS) {
        note(name + ": " + cublas_error(s));
        continue;
      }
      GEMM_CUDA(cudaStreamSynchronize(stream_));
      if (cfg_.check) {
        if (!compare(d_.p, &c.check)) return false;
        if (!c.check.ok) {
          note(name + " fails the gate (" + std::to_string(c.check.bad) + " elements; " + c.check.first_bad + ")");
          continue;
        }
      }
      lt_algo_ = c.algo;
      for (int w = 0; w < 2; ++w)
        if (!launch(kLt, d_.p)) return false;
      std::vector<double> ms;
      for (int it = 0; it < cfg_.select_iters; ++it) {
        double t = 0.0;
        if (!timed_launch(kLt, 0.0, &t)) return false;
        ms.push_back(t);
      }
      c.steady_ms = median(ms);
      if (r_->lt_chosen < 0 || c.steady_ms < r_->lt[std::size_t(r_->lt_chosen)].steady_ms) r_->lt_chosen = int(i);
    }
    if (r_->lt_chosen >= 0) {
      lt_algo_ = r_->lt[std::size_t(r_->lt_chosen)].algo;
    } else if (r_->lt_why.empty()) {
      r_->lt_why = why.empty() ? "no candidate" : why;
    }
    return true;
  }

  // ---- the reference and the check

  GemmRefArgs ref_args() const {
    GemmRefArgs a;
    a.a = g_.a;
    a.b = g_.b;
    a.ab_type = int(ab_);
    a.m = g_.m; a.n = g_.n; a.k = g_.k; a.batch = g_.batch;
    a.a_row = g_.layout_a == gemm::Layout::RowMajor;
    a.b_row = g_.layout_b == gemm::Layout::RowMajor;
    a.lda = g_.lda; a.ldb = g_.ldb; a.bsa = g_.batch_stride_a; a.bsb = g_.batch_stride_b;
    return a;
  }

  //! The float64 reference into ref_ and mag_, or (above the limit) the operand norms and cuBLAS
  //! GemmEx's D into dref_.
  bool reference() {
    GemmRefArgs a = ref_args();
    r_->u_out = type_unit_roundoff(int(dt_));
    r_->acc_coeff = std::ldexp(std::sqrt(double(g_.k)) + 5.0, -22);
    double const macs = double(g_.m) * g_.n * double(g_.k) * g_.batch;
    f64_ = macs <= std::ldexp(1.0, cfg_.ref_limit) && gemm_reference_fits(a);
    if (f64_) {
      r_->reference = "float64";
      GEMM_CUDA(ref_.allocate(d_elems_ * sizeof(double)));
      GEMM_CUDA(mag_.allocate(d_elems_ * sizeof(float)));
      a.ref = ref_.as<double>();
      a.mag = mag_.as<float>();
      GEMM_CUDA(gemm_reference(a, stream_));
      GEMM_CUDA(cudaStreamSynchronize(stream_));
      return true;
    }
    r_->reference = "cublasGemmEx";
    GEMM_CUDA(a_norm_.allocate(std::size_t(g_.m) * g_.batch * sizeof(double)));
    GEMM_CUDA(b_norm_.allocate(std::size_t(g_.n) * g_.batch * sizeof(double)));
    GEMM_CUDA(gemm_operand_norms(a, a_norm_.as<double>(), b_norm_.as<double>(), gpu_.sm_count, stream_));
    GEMM_CUDA(dref_.allocate(d_.bytes));
    GEMM_CUDA(cudaMemsetAsync(dref_.p, 0xFF, dref_.bytes, stream_));
    if (!launch(kGemmEx, dref_.p)) return false;
    GEMM_CUDA(cudaStreamSynchronize(stream_));
    gemmex_self_check_ = Check{};
    return compare(dref_.p, &gemmex_self_check_);  // against itself: passes where finite
  }

  //! Poisons D, runs variant v once (with SMs held when hog_ms > 0), checks every element.
  bool check(int v, double hog_ms, Check* out) {
    GEMM_CUDA(cudaMemsetAsync(d_.p, 0xFF, d_.bytes, stream_));  // NaN in every type: an unwritten element fails
    GEMM_CUDA(cudaStreamSynchronize(stream_));
    if (!gate(hog_ms)) return false;
    if (!launch(v, d_.p)) return false;
    GEMM_CUDA(cudaStreamSynchronize(stream_));
    if (hog_ms > 0.0) GEMM_CUDA(cudaStreamSynchronize(hog_stream_));
    return compare(d_.p, out);
  }

  bool compare(void const* d, Check* out) {
    GemmCheckStats init{0, 0, 0, 0, ~0ull, 0.0, 0.0};
    GEMM_CUDA(cudaMemcpyAsync(stats_.p, &init, sizeof init, cudaMemcpyHostToDevice, stream_));
    GemmCheckArgs a;
    a.d = d;
    a.d_type = int(dt_);
    a.m = g_.m; a.n = g_.n; a.batch = g_.batch;
    if (f64_) {
      a.ref = ref_.as<double>();
      a.mag = mag_.as<float>();
    } else {
      a.ref_d = dref_.p;
      a.a_norm = a_norm_.as<double>();
      a.b_norm = b_norm_.as<double>();
    }
    a.u_out = r_->u_out;
    a.acc_coeff = r_->acc_coeff;
    a.stats = stats_.as<GemmCheckStats>();
    GEMM_CUDA(gemm_check(a, gpu_.sm_count, stream_));
    GemmCheckStats s{};
    GEMM_CUDA(cudaMemcpyAsync(&s, stats_.p, sizeof s, cudaMemcpyDeviceToHost, stream_));
    GEMM_CUDA(cudaStreamSynchronize(stream_));
    out->ran = true;
    out->bad = s.bad;
    out->nonfinite = s.nonfinite;
    out->max_abs_err = bits_to_double(s.max_err_bits);
    out->worst = bits_to_double(s.worst_bits);
    out->rel_err = s.sq_ref > 0.0 ? std::sqrt(s.sq_err / s.sq_ref) : (s.sq_err > 0.0 ? 1.0 : 0.0);
    out->ok = s.bad == 0;
    if (!out->ok && s.first_bad < d_elems_) {
      std::size_t const i = std::size_t(s.first_bad);
      std::size_t const es = gemm::size_of(dt_);
      unsigned char got[4] = {0, 0, 0, 0}, want[4] = {0, 0, 0, 0};
      GEMM_CUDA(cudaMemcpy(got, static_cast<unsigned char const*>(d) + i * es, es, cudaMemcpyDeviceToHost));
      double ref = 0.0;
      if (f64_) {
        GEMM_CUDA(cudaMemcpy(&ref, ref_.as<double>() + i, sizeof ref, cudaMemcpyDeviceToHost));
      } else {
        GEMM_CUDA(cudaMemcpy(want, dref_.as<unsigned char>() + i * es, es, cudaMemcpyDeviceToHost));
        ref = host_value(want, dt_);
      }
      std::size_t const mn = std::size_t(g_.m) * std::size_t(g_.n);
      std::size_t const z = i / mn, row = i % mn / std::size_t(g_.n), col = i % std::size_t(g_.n);
      char buf[256];
      std::snprintf(buf, sizeof buf, "first bad element [batch %zu, row %zu, col %zu]: %.9g, %s %.9g", z, row, col,
                    host_value(got, dt_), f64_ ? "reference" : "cuBLAS GemmEx", ref);
      out->first_bad = buf;
    }
    return true;
  }

  // ---- launches and timing

  //! One launch of variant v into d on stream_ (asynchronous).
  bool launch(int v, void* d) {
    if (v == kGemmEx) {
      // D^T (n x m) = B^T A^T in cuBLAS's column-major view (see setup_lt).
      float const one = 1.0f, zero = 0.0f;
      cublasOperation_t const tb = g_.layout_b == gemm::Layout::ColMajor ? CUBLAS_OP_T : CUBLAS_OP_N;
      GEMM_CUBLAS(cublasGemmStridedBatchedEx(handle_, tb, CUBLAS_OP_N, g_.n, g_.m, g_.k, &one, g_.b, cuda_type(ab_),
                                             int(g_.ldb), g_.batch_stride_b, g_.a, cuda_type(ab_), int(g_.lda),
                                             g_.batch_stride_a, &zero, d, cuda_type(dt_), int(g_.ldd),
                                             g_.batch_stride_d, g_.batch, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
      return true;
    }
    if (v == kLt) {
      GEMM_CUBLAS(lt_call(lt_algo_, d));
      return true;
    }
    gemm::Options o;
    o.source = v == kClcStatic ? SourceKind::Static : cfg_.source;
    o.kernel = cfg_.kernel == 1 ? gemm::Kernel::Sm90 : cfg_.kernel == 2 ? gemm::Kernel::Portable : gemm::Kernel::Auto;
    o.cluster_m = cfg_.cluster_m;
    o.cluster_n = cfg_.cluster_n;
    o.swizzle = cfg_.swizzle;
    o.tile_n = cfg_.tile_n;
    o.split_k = cfg_.split_k;
    o.tail_split = cfg_.tail_split;
    o.stream_k = cfg_.stream_k;
    o.trace = tracing_ ? trace_.as<TileTraceRecord>() : nullptr;
    gemm::detail::Debug debug;
    debug.no_tma_store = (cfg_.diag_flags & 4) != 0;
    debug.no_fixup = (cfg_.diag_flags & 8) != 0;
    debug.swap_ab = cfg_.swap_ab;
    debug.no_swap = cfg_.no_swap;
    debug.no_fast = (cfg_.diag_flags & 64) != 0;
    debug.mma_all_rows = (cfg_.diag_flags & 128) != 0;
    debug.tail_whole_waves = cfg_.tail_whole_waves;
    if (v == kClc) {  // the kernel variants need source Ticket: clc Static gets the host-side one only
      debug.stages = cfg_.stages;
      debug.skip_epilogue = (cfg_.diag_flags & 1) != 0;
      debug.serial_mma = (cfg_.diag_flags & 2) != 0;
      debug.pingpong = (cfg_.diag_flags & 256) != 0;
    }
    bool const diagnose = debug.stages != 0 || debug.skip_epilogue || debug.serial_mma || debug.pingpong ||
                          debug.no_tma_store ||
                          debug.no_fixup || debug.tail_whole_waves >= 0 || debug.swap_ab || debug.no_swap ||
                          debug.no_fast || debug.mma_all_rows;
    gemm::Arguments a = g_;
    a.d = d;
    VariantResult& vr = r_->v[v];
    gemm::RunInfo* info = vr.has_info ? nullptr : &vr.info;
    if (diagnose) GEMM_CLC(gemm::detail::run_debug(a, stream_, o, debug, info));
    else GEMM_CLC(gemm::run(a, stream_, o, info));
    vr.has_info = true;
    return true;
  }

  bool gate(double hog_ms) {
    GEMM_CLC(launch_gate(stream_, hog_sms_, hog_ms, hog_stream_));
    return true;
  }

  //! --trace: three cold-L2 launches of clc and clc Static, each with a per-tile trace (the kit kernel's
  //! tiles; a second kernel -- split-K's reduction, stream-K's fixup -- is not traced): a summary line per
  //! launch and the records into trace_json_.
  bool trace_shape(std::string const& label) {
    std::size_t const cap = std::min<std::size_t>(std::max<std::size_t>(d_elems_ / 64, 4096), std::size_t(1) << 22);
    GEMM_CUDA(trace_.allocate(cap * sizeof(TileTraceRecord)));
    tracing_ = true;
    std::string error;
    bool const ok = trace_launches({{kClc, kVariantKeys[kClc]}, {kClcStatic, kVariantKeys[kClcStatic]}}, label,
                                   trace_.as<TileTraceRecord>(), cap, stream_,
                                   [&](int v, double* ms) { return timed_launch(v, 0.0, ms); }, &trace_json_, &error);
    tracing_ = false;
    if (!error.empty()) return fail(error);
    return ok;
  }

 public:
  //! --trace: the JSON document of every traced launch.
  std::string trace_document() const { return bench::trace_document("clc-bench gemm", trace_json_); }

 private:
  //! One timed launch of v: scrub, wait, (hog), gate, events around the launch.
  bool timed_launch(int v, double hog_ms, double* ms) {
    GEMM_CUDA(scrub_.launch(stream_, gpu_.sm_count));
    GEMM_CUDA(cudaStreamSynchronize(stream_));  // idle GPU: the hog takes its SMs before anything else runs
    if (!gate(hog_ms)) return false;
    GEMM_CUDA(cudaEventRecord(start_, stream_));
    if (!launch(v, d_.p)) return false;
    GEMM_CUDA(cudaEventRecord(stop_, stream_));
    GEMM_CUDA(cudaStreamSynchronize(stream_));
    if (hog_ms > 0.0) GEMM_CUDA(cudaStreamSynchronize(hog_stream_));  // launches never overlap a previous hog
    float t = 0.0f;
    GEMM_CUDA(cudaEventElapsedTime(&t, start_, stop_));
    *ms = double(t);
    return true;
  }

  bool rounds(std::vector<int> const& order, double hog_ms, std::string const& label, ProgressBar* bar,
              int* bar_done) {
    auto on_round = [&](int round) {
      bar->update((*bar_done)++, label + " round " + std::to_string(round + 1) + "/" + std::to_string(cfg_.rounds));
    };
    auto warm = [&](int v) {
      for (int i = 0; i < cfg_.warmup; ++i)
        if (!launch(v, d_.p)) return false;
      GEMM_CUDA(cudaStreamSynchronize(stream_));
      return true;
    };
    auto timed = [&](int v, double* ms) { return timed_launch(v, hog_ms, ms); };
    auto timing_of = [&](int v) -> RoundTiming& { return hog_ms > 0.0 ? r_->v[v].held : r_->v[v].alone; };
    return interleaved_rounds(order, cfg_.rounds, cfg_.iters, on_round, warm, timed, timing_of);
  }

  Config cfg_;
  GpuInfo gpu_;
  ShapeResult* r_ = nullptr;
  std::uint32_t seed_ = 0;

  cudaStream_t stream_ = nullptr, hog_stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  int hog_sms_ = 0;
  L2Scrub scrub_;
  DeviceBuffer stats_;

  cublasHandle_t handle_ = nullptr;
  cublasLtHandle_t lt_ = nullptr;
  DeviceBuffer ws_gemmex_, ws_lt_;

  // --trace
  bool tracing_ = false;
  DeviceBuffer trace_;
  std::string trace_json_;  // the shapes' trace objects, comma-separated

  // The shape being run.
  gemm::DType ab_ = gemm::DType::BF16, dt_ = gemm::DType::BF16;
  gemm::Arguments g_;
  std::size_t d_elems_ = 0;
  bool f64_ = true;
  Check gemmex_self_check_;
  DeviceBuffer a_, b_, d_, dref_, ref_, mag_, a_norm_, b_norm_;
  cublasLtMatmulDesc_t lt_op_ = nullptr;
  cublasLtMatrixLayout_t lt_layout_b_ = nullptr, lt_layout_a_ = nullptr, lt_layout_d_ = nullptr;
  cublasLtMatmulPreference_t lt_pref_ = nullptr;
  cublasLtMatmulAlgo_t lt_algo_{};
};

// ---------------------------------------------------------------------------------------------------
// Reports

std::string pct(double v, int decimals = 1) { return Table::fmt(100.0 * v, decimals) + "%"; }

struct RunSummary {
  std::vector<double> all, vs_gemmex, vs_lt, static_alone, held_vs_baseline, held_vs_static;
  int timed = 0, failed = 0, errors = 0, lt_baseline = 0;
};

RunSummary summarize_results(std::vector<ShapeResult> const& results) {
  RunSummary s;
  for (ShapeResult const& r : results) {
    if (r.status == "FAIL") ++s.failed;
    if (r.status == "error") ++s.errors;
    if (!r.timed) continue;
    ++s.timed;
    s.all.push_back(r.ratio());
    if (r.baseline == kLt) ++s.lt_baseline;
    s.vs_gemmex.push_back(speed(r.v[kGemmEx].alone, r.v[kClc].alone));
    if (r.v[kLt].alone.timed()) s.vs_lt.push_back(speed(r.v[kLt].alone, r.v[kClc].alone));
    if (r.v[kClcStatic].alone.timed())
      s.static_alone.push_back(speed(r.v[kClcStatic].alone, r.v[kClc].alone));
    if (r.v[kClc].held.timed()) {
      s.held_vs_baseline.push_back(speed(r.v[r.baseline].held, r.v[kClc].held));
      s.held_vs_static.push_back(speed(r.v[kClcStatic].held, r.v[kClc].held));
    }
  }
  return s;
}

std::string gate_cell(ShapeResult const& r) {
  if (r.status == "error") return "error";
  return bench::gate_cell(r.v, r.reference == "cublasGemmEx" ? " vs cuBLAS" : "");
}

std::string baseline_name(ShapeResult const& r) {
  if (!r.timed) return "-";
  if (r.baseline == kLt) return "Lt #" + std::to_string(r.lt_chosen);
  return "GemmEx";
}

void print_tables(std::vector<ShapeResult> const& results, bool held) {
  Table t({"M x N x K", "B", "clc ms", "spread", "clc TFLOP/s", "cuBLAS ms", "spread", "cuBLAS TFLOP/s", "ratio",
           "best cuBLAS", "GemmEx ms", "Lt ms", "gate", "clc kernel"});
  for (ShapeResult const& r : results) {
    VariantResult const& c = r.v[kClc];
    VariantResult const& b = r.v[r.baseline];
    bool const done = r.timed;
    std::string kern = c.has_info ? describe(c.info) : "-";
    if (!r.error.empty()) kern = r.error;
    t.add_row({shape_name(r.s), r.b_col ? "col" : "row", done ? Table::fmt(c.alone.median, 4) : r.status,
               done ? pct(c.alone.spread()) : "-", done ? Table::fmt(r.tflops(c.alone), 1) : "-",
               done ? Table::fmt(b.alone.median, 4) : "-", done ? pct(b.alone.spread()) : "-",
               done ? Table::fmt(r.tflops(b.alone), 1) : "-", done ? Table::fmt(r.ratio(), 3) : "-", baseline_name(r),
               done ? Table::fmt(r.v[kGemmEx].alone.median, 4) : "-",
               done && r.v[kLt].alone.timed() ? Table::fmt(r.v[kLt].alone.median, 4) : "-", gate_cell(r), kern});
  }
  t.print(stdout);
  if (!held) return;
  std::printf("\nwith SMs held during the first half of each timed launch (Ticket vs Static is the comparison; cuBLAS "
              "balances its own grid):\n");
  Table h({"M x N x K", "hog ms", "clc ms", "spread", "Static ms", "spread", "cuBLAS ms", "spread", "vs Static",
           "vs Static alone", "vs cuBLAS", "vs cuBLAS alone"});
  for (ShapeResult const& r : results) {
    VariantResult const& c = r.v[kClc];
    VariantResult const& s = r.v[kClcStatic];
    VariantResult const& b = r.v[r.baseline];
    bool const done = r.timed && c.held.timed();
    h.add_row({shape_name(r.s), done ? Table::fmt(r.hog_ms, 3) : r.status, done ? Table::fmt(c.held.median, 4) : "-",
               done ? pct(c.held.spread()) : "-", done ? Table::fmt(s.held.median, 4) : "-",
               done ? pct(s.held.spread()) : "-", done ? Table::fmt(b.held.median, 4) : "-",
               done ? pct(b.held.spread()) : "-", done ? Table::fmt(speed(s.held, c.held), 3) : "-",
               done ? Table::fmt(speed(s.alone, c.alone), 3) : "-",
               done ? Table::fmt(speed(b.held, c.held), 3) : "-",
               done ? Table::fmt(r.ratio(), 3) : "-"});
  }
  h.print(stdout);
}

void print_problems(std::vector<ShapeResult> const& results, bool check) {
  for (ShapeResult const& r : results) {
    std::string const label = shape_name(r.s);
    if (r.status == "error") std::printf("%s: error: %s\n", label.c_str(), r.error.c_str());
    for (int v = 0; v < kVariants; ++v) {
      if (!r.v[v].used) continue;
      for (auto const& [c, where] : {std::pair<Check const*, char const*>{&r.v[v].check, ""},
                                     {&r.v[v].check_held, " (SMs held)"}}) {
        if (c->ran && !c->ok)
          std::printf("%s: %s%s FAILS the gate (%s reference): %llu elements outside the bound (%llu non-finite), "
                      "worst %.3g x the bound, relative error %.3g; %s\n",
                      label.c_str(), kVariantLabels[v], where, r.reference.c_str(), c->bad, c->nonfinite, c->worst,
                      c->rel_err, c->first_bad.c_str());
      }
    }
    if (r.status == "ok" && r.lt_chosen < 0 && !r.lt_why.empty())
      std::printf("%s: no cublasLt candidate used: %s\n", label.c_str(), r.lt_why.c_str());
    if (check)
      for (std::size_t i = 0; i < r.lt.size(); ++i)
        if (r.lt[i].check.ran && !r.lt[i].check.ok)
          std::printf("%s: cublasLt candidate %zu (algo %lld) fails the gate and was dropped: %s\n", label.c_str(), i,
                      r.lt[i].id, r.lt[i].check.first_bad.c_str());
  }
}

void write_timing(json::Writer& j, std::string const& key, RoundTiming const& t, ShapeResult const& r) {
  j.field(key + "_ms", t.median).field(key + "_ms_min", t.sample_min()).field(key + "_ms_max", t.sample_max());
  j.field(key + "_noise", t.noise).field(key + "_tflops", r.tflops(t));
  j.field(key + "_round_ms_min", t.min).field(key + "_round_ms_max", t.max).field(key + "_spread", t.spread());
  j.field(key + "_samples", t.samples);
  j.begin_array(key + "_round_medians_ms");
  for (double m : t.round_medians) j.value(m);
  j.end_array();
}

void write_info(json::Writer& j, std::string const& key, gemm::RunInfo const& i) {
  j.begin_object(key);
  j.field("kernel", gemm::to_string(i.kernel)).field("source", to_string(i.source));
  j.field("tile_m", i.tile_m).field("tile_n", i.tile_n).field("cluster_m", i.cluster_m).field("cluster_n", i.cluster_n);
  j.field("swizzle", i.swizzle);
  j.field("splits", i.splits);
  j.field("tail_split", i.tail_split).field("tail_tiles", i.tail_tiles).field("tail_fixup", i.tail_fixup);
  j.field("stream_k_units", i.stream_k_units);
  j.field("tma_store", i.tma_store).field("workers", i.launch.workers);
  if (!i.why_portable.empty()) j.field("why_portable", i.why_portable);
  j.end_object();
}

void write_lt(json::Writer& j, LtCandidate const& c) {
  j.field("algo_id", c.id).field("tile_id", c.tile).field("stages_id", c.stages).field("splitk", c.splitk);
  j.field("reduction_scheme", c.reduction).field("cta_swizzling", c.swizzle).field("custom_option", c.custom);
  j.field("inner_shape_id", c.inner_shape).field("cluster_shape_id", c.cluster_shape);
  j.field("workspace_bytes", c.workspace).field("waves", double(c.waves));
}

std::string cublas_version_string() {
  int major = 0, minor = 0, patch = 0;
  (void)cublasGetProperty(MAJOR_VERSION, &major);
  (void)cublasGetProperty(MINOR_VERSION, &minor);
  (void)cublasGetProperty(PATCH_LEVEL, &patch);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::string cublaslt_version_string() {
  int major = 0, minor = 0, patch = 0;
  (void)cublasLtGetProperty(MAJOR_VERSION, &major);
  (void)cublasLtGetProperty(MINOR_VERSION, &minor);
  (void)cublasLtGetProperty(PATCH_LEVEL, &patch);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

std::string json_document(Config const& cfg, GpuInfo const& gpu, GpuClocks const& start, GpuClocks const& end,
                          int hog_sms, std::size_t scrub_bytes, std::vector<ShapeResult> const& results,
                          RunSummary const& s, bool failed) {
  json::Writer j(3);  // one line per result
  j.begin_object();
  write_context(j, kTool, cfg.commit, gpu);
  write_clocks(j, start, end);
  j.field("cublas_version", cublas_version_string()).field("cublas_header_version", int(CUBLAS_VERSION));
  j.field("cublaslt_version", cublaslt_version_string()).field("cublaslt_version_number", cublasLtGetVersion());
  j.field("cublaslt_cudart_version", cublasLtGetCudartVersion());
  std::string const ab = type_name(cfg.ab_type()), d = type_name(cfg.d_type());
  j.field("dtype", ab).field("out", d);
  j.field("types", ab + " x " + ab + " -> " + d + ", fp32 accumulation");
  j.field("layout", cfg.b_col
                        ? "A row-major, B column-major, D row-major"
                        : "A row-major, B row-major (column-major where a result says b_layout col), D row-major");
  j.field("source", to_string(cfg.source));
  j.field("cluster_m_option", cfg.cluster_m);
  j.field("cluster_n_option", cfg.cluster_n);
  j.field("split_k_option", cfg.split_k);
  j.field("tail_split_option", cfg.tail_split);
  j.field("stream_k_option", cfg.stream_k);
  j.field("interfere", cfg.interfere).field("hold_sms", hog_sms);
  j.field("method", "interleaved rounds, order reversed every other round; each timed launch after an L2 scrub and a "
                    "gate kernel; median of round medians");
  j.field("rounds", cfg.rounds).field("iters", cfg.iters).field("warmup", cfg.warmup);
  j.field("runs", cfg.iters);  // the older name of iters
  j.field("gate_us", kGateUs).field("l2_scrub_bytes", scrub_bytes).field("warm_l2", cfg.warm_l2);
  j.field("cublas_workspace_bytes", std::size_t(cfg.workspace_mib) << 20);
  j.field("cublaslt_workspace_bytes", std::size_t(cfg.workspace_mib) << 20);
  j.field("cublaslt_algos_requested", cfg.lt_algos).field("cublaslt_select_iters", cfg.select_iters);
  j.field("check", cfg.check).field("ref_limit_log2_macs", cfg.ref_limit);
  j.field("gate_bound", "float64 reference: |d - ref| <= u_out |ref| + 2^-22 (sqrt(K) + 5) sum_k |a_ik b_kj|; "
                        "cuBLAS reference: |d - d_cublas| <= 2 ulp(d_cublas) + 2^-21 (sqrt(K) + 5) |a_i| |b_j|");
  j.begin_array("results");
  for (ShapeResult const& r : results) {
    VariantResult const& c = r.v[kClc];
    VariantResult const& b = r.v[r.baseline];
    j.begin_object();
    j.field("m", r.s.m).field("n", r.s.n).field("k", r.s.k).field("batch", r.s.batch);
    j.field("b_layout", r.b_col ? "col" : "row").field("dtype", ab).field("out", d);
    j.field("status", r.status).field("timed", r.timed);
    j.field("samples", c.alone.samples);
    // The fields of the earlier documents (scripts/check_doc_numbers.py, scripts/plot_results.py):
    // clc_* and cublas_* (the baseline: the faster of GemmEx and cublasLt), ratio, kernel ...
    write_timing(j, "clc", c.alone, r);
    write_timing(j, "cublas", b.alone, r);
    j.field("ratio", r.ratio());
    j.field("cublas_baseline", !r.timed ? "-" : r.baseline == kLt ? "cublasLt" : "cublasGemmEx");
    write_timing(j, "cublas_gemmex", r.v[kGemmEx].alone, r);
    if (r.v[kLt].alone.timed()) write_timing(j, "cublaslt", r.v[kLt].alone, r);
    j.field("ratio_vs_gemmex", speed(r.v[kGemmEx].alone, c.alone));
    j.field("ratio_vs_cublaslt", speed(r.v[kLt].alone, c.alone));
    j.field("rel_err", c.check.ran ? c.check.rel_err : -1.0);
    j.field("check_ok", r.status != "FAIL");
    j.field("kernel", gemm::to_string(c.info.kernel)).field("source", to_string(c.info.source));
    j.field("cluster_m", c.info.cluster_m).field("cluster_n", c.info.cluster_n).field("swizzle", c.info.swizzle)
        .field("splits", c.info.splits)
        .field("tail_split", c.info.tail_split).field("tail_tiles", c.info.tail_tiles)
        .field("tail_fixup", c.info.tail_fixup).field("stream_k_units", c.info.stream_k_units);
    j.field("tile_m", c.info.tile_m).field("tile_n", c.info.tile_n);
    j.field("tma_store_epilogue", c.info.tma_store).field("swapped", c.info.swapped).field("fast_kernel", c.info.fast).field("workers", c.info.launch.workers);
    if (!r.error.empty()) j.field("error", r.error);
    if (r.clocks_start.ok) j.field("sm_mhz_start", r.clocks_start.sm_mhz);
    if (r.clocks_end.ok) j.field("sm_mhz_end", r.clocks_end.sm_mhz);
    j.begin_object("gate");
    j.field("reference", r.reference).field("u_out", r.u_out).field("acc_coeff", r.acc_coeff);
    for (int v = 0; v < kVariants; ++v) {
      if (r.v[v].check.ran) write_check(j, kVariantKeys[v], r.v[v].check);
      if (r.v[v].check_held.ran) write_check(j, std::string(kVariantKeys[v]) + "_held", r.v[v].check_held);
    }
    j.end_object();
    if (r.v[kClcStatic].has_info) write_info(j, "clc_static_run", r.v[kClcStatic].info);
    j.field("cublaslt_chosen", r.lt_chosen);
    if (r.lt_chosen >= 0) {
      j.begin_object("cublaslt_algo");
      write_lt(j, r.lt[std::size_t(r.lt_chosen)]);
      j.end_object();
    } else if (!r.lt_why.empty()) {
      j.field("cublaslt_why", r.lt_why);
    }
    j.begin_array("cublaslt_candidates");
    for (LtCandidate const& x : r.lt) {
      j.begin_object();
      write_lt(j, x);
      j.field("heuristic_state", x.heuristic_state).field("run_status", x.run_status);
      if (x.check.ran) j.field("gate_ok", x.check.ok).field("worst_vs_bound", x.check.worst);
      j.field("steady_ms", x.steady_ms);
      j.end_object();
    }
    j.end_array();
    if (c.held.timed()) {
      j.begin_object("held");
      j.field("hold_sms", hog_sms).field("hog_ms", r.hog_ms);
      write_timing(j, "clc", c.held, r);
      write_timing(j, "clc_static", r.v[kClcStatic].held, r);
      write_timing(j, "cublas", b.held, r);
      j.field("ticket_vs_static", speed(r.v[kClcStatic].held, c.held));
      j.field("ratio", speed(b.held, c.held));
      j.end_object();
    }
    if (r.v[kClcStatic].alone.timed()) {
      write_timing(j, "clc_static", r.v[kClcStatic].alone, r);
      j.field("ticket_vs_static", speed(r.v[kClcStatic].alone, c.alone));
    }
    j.end_object();
  }
  j.end_array();
  j.field("geomean_ratio", s.all.empty() ? 0.0 : geomean(s.all));
  j.begin_object("summary");
  j.field("shapes", results.size()).field("timed", s.timed).field("failed", s.failed).field("errors", s.errors);
  j.field("cublaslt_baseline_shapes", s.lt_baseline);
  j.field("geomean_ratio", s.all.empty() ? 0.0 : geomean(s.all));
  j.field("geomean_ratio_vs_gemmex", s.vs_gemmex.empty() ? 0.0 : geomean(s.vs_gemmex));
  j.field("geomean_ratio_vs_cublaslt", s.vs_lt.empty() ? 0.0 : geomean(s.vs_lt));
  j.field("cublaslt_shapes", s.vs_lt.size());
  if (!s.static_alone.empty()) j.field("geomean_ticket_vs_static", geomean(s.static_alone));
  if (!s.held_vs_static.empty()) {
    j.field("geomean_held_ticket_vs_static", geomean(s.held_vs_static));
    j.field("geomean_held_ratio", geomean(s.held_vs_baseline));
  }
  j.end_object();
  j.field("status", failed ? "failed" : "ok");
  j.end_object();
  return j.str() + "\n";
}

std::string csv_document(std::vector<ShapeResult> const& results) {
  Csv csv({"m", "n", "k", "batch", "samples", "clc_ms_median", "clc_ms_min", "clc_ms_max", "clc_noise",
           "cublas_ms_median", "cublas_ms_min", "cublas_ms_max", "cublas_noise", "ratio", "rel_err", "kernel", "error",
           "b_layout", "status", "clc_spread", "cublas_spread", "cublas_baseline", "cublas_gemmex_ms", "cublaslt_ms",
           "gate_reference", "gate_worst_vs_bound", "held_clc_ms", "held_clc_static_ms", "held_cublas_ms"});
  auto g = [](double v) { return json::Writer::number(v); };
  for (ShapeResult const& r : results) {
    VariantResult const& c = r.v[kClc];
    VariantResult const& b = r.v[r.baseline];
    double worst = 0.0;
    for (int v = 0; v < kVariants; ++v)
      if (r.v[v].used) worst = std::max({worst, r.v[v].check.worst, r.v[v].check_held.worst});
    auto t = [&](RoundTiming const& x) { return x.timed() ? g(x.median) : std::string(); };
    csv.row({std::to_string(r.s.m), std::to_string(r.s.n), std::to_string(r.s.k), std::to_string(r.s.batch),
             std::to_string(c.alone.samples), t(c.alone), g(c.alone.sample_min()), g(c.alone.sample_max()),
             g(c.alone.noise), t(b.alone), g(b.alone.sample_min()), g(b.alone.sample_max()), g(b.alone.noise),
             r.timed ? g(r.ratio()) : "", c.check.ran ? g(c.check.rel_err) : "", c.has_info ? describe(c.info) : "", r.error,
             r.b_col ? "col" : "row", r.status, g(c.alone.spread()), g(b.alone.spread()), baseline_name(r),
             t(r.v[kGemmEx].alone), t(r.v[kLt].alone), r.reference, g(worst), t(c.held), t(r.v[kClcStatic].held),
             t(b.held)});
  }
  return csv.str();
}

int fail_write(Error const& e) {
  std::fprintf(stderr, "%s: %s\n", kTool, e.what().c_str());
  return 1;
}

}  // namespace

int gemm_main(int argc, char** argv) {
  Config cfg;
  cli::Result const pr = parse(argc, argv, &cfg);
  if (int const rc = start_or_exit(kTool, pr, cfg.json, cfg.device); rc >= 0) return rc;
  GpuClocks const clocks_start = read_clocks(cfg.device);
  GpuInfo gpu;
  if (!query_gpu(&gpu)) {
    std::fprintf(stderr, "%s: cannot query the GPU\n", kTool);
    return 1;
  }
  std::string const ab = type_name(cfg.ab_type()), d = type_name(cfg.d_type());
  std::printf("%s (build %s): %s (sm_%d%d, %d SMs, %zu MiB L2), driver %d, runtime %d, cuBLAS %s, cublasLt %s\n",
              kTool, commit_id().c_str(), gpu.name.c_str(), gpu.cc_major, gpu.cc_minor, gpu.sm_count,
              gpu.l2_bytes >> 20, gpu.driver_version, gpu.runtime_version, cublas_version_string().c_str(),
              cublaslt_version_string().c_str());
  std::printf("%s in, %s out, fp32 accumulation, A row-major, B %s; clc source %s; baseline: the faster of "
              "cublasGemmEx and the best of %d cublasLt candidates (%d MiB workspace each)\n",
              ab.c_str(), d.c_str(), cfg.b_col ? "column-major" : "row-major (column-major where marked)",
              to_string(cfg.source), cfg.lt_algos, cfg.workspace_mib);
  std::printf("%d rounds x (%d warm-up + %d timed launches) per variant, order reversed every other round; %s, %.0f us "
              "gate before each timed launch; %s\n",
              cfg.rounds, cfg.warmup, cfg.iters, cfg.warm_l2 ? "no L2 scrub (--warm-l2)" : "L2 scrubbed", kGateUs,
              cfg.check ? "every element gated first" : "no gate (--no-check)");

  Bench bench(cfg, gpu);
  if (!bench.init()) return 1;
  if (bench.hog_sms() > 0)
    std::printf("then held: %d of %d SMs held during the first half of each timed launch (--interfere %s): clc, clc "
                "Static, cuBLAS\n",
                bench.hog_sms(), gpu.sm_count, Table::fmt(cfg.interfere, 2).c_str());
  std::printf("\n");

  std::vector<ShapeResult> results;
  ProgressBar bar(int(cfg.shapes.size()) * bench.steps_per_shape());
  int bar_done = 0;
  bool aborted = false;
  for (Shape const& s : cfg.shapes) {
    ShapeResult r;
    r.s = s;
    r.b_col = cfg.b_col_of(s);
    if (aborted) {
      results.push_back(r);
      continue;
    }
    int const bar_end = bar_done + bench.steps_per_shape();
    // A failed API call is printed and recorded; the run goes on unless the CUDA context is broken.
    if (!bench.run_shape(s, &r, &bar, &bar_done) && cuda_context_lost(kTool, "shapes")) aborted = true;
    bench.release();
    bar_done = bar_end;
    results.push_back(r);
  }
  bar.finish();
  GpuClocks const clocks_end = read_clocks(cfg.device);

  RunSummary const s = summarize_results(results);
  bool const failed = aborted || s.failed > 0 || s.errors > 0;
  std::printf("\n");
  print_tables(results, bench.hog_sms() > 0);
  std::printf("\n");
  print_problems(results, cfg.check);
  auto gm = [](std::vector<double> const& v) { return v.empty() ? std::string("-") : Table::fmt(geomean(v), 3); };
  std::printf("ratio = cuBLAS time / clc time (> 1: clc faster); times: median of %d round medians of %d launches, "
              "spread = (max - min) / median of the round medians\n",
              cfg.rounds, cfg.iters);
  std::printf("geomean ratio over %zu shapes: %s against the faster cuBLAS (cublasLt on %d), %s against cublasGemmEx "
              "alone, %s against cublasLt alone (%zu shapes)\n",
              s.all.size(), gm(s.all).c_str(), s.lt_baseline, gm(s.vs_gemmex).c_str(), gm(s.vs_lt).c_str(),
              s.vs_lt.size());
  if (!s.static_alone.empty())
    std::printf("clc Static time / clc time: undisturbed geomean %s, with %d SMs held %s (cuBLAS time / clc time "
                "held: %s)\n",
                gm(s.static_alone).c_str(), bench.hog_sms(), gm(s.held_vs_static).c_str(),
                gm(s.held_vs_baseline).c_str());
  std::printf("SM clock %s MHz at the start, %s at the end\n",
              clocks_start.ok ? std::to_string(clocks_start.sm_mhz).c_str() : "?",
              clocks_end.ok ? std::to_string(clocks_end.sm_mhz).c_str() : "?");
  std::printf("result: %s\n", failed ? ("FAILED: " + std::to_string(s.failed) + " shape(s) failed the gate, " +
                                        std::to_string(s.errors) + " had errors" + (aborted ? ", run aborted" : ""))
                                           .c_str()
                                     : (cfg.check ? "every output within the bound of its reference"
                                                  : "timed without the gate (--no-check)"));

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
