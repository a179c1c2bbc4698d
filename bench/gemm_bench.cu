//! @file gemm_bench.cu
//! @brief `clc-bench gemm`: clc::gemm and cuBLAS timed in one process on the same inputs. For each
//! shape: random bf16 inputs (never zeros), rotated across enough copies to exceed twice the L2 cache;
//! our D checked against cuBLAS's D (relative Frobenius error under the output precision's bound)
//! before timing; then the median of many individually timed runs after warm-up, for each library.
//! `--interfere F` launches, before every timed run of either library, a kernel that holds F of the SMs
//! for half of cuBLAS's undisturbed median time.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include "clc/detail/cuda_check.hpp"
#include "clc/tools/interference.hpp"
#include "clc/trace.hpp"
#include "clc_cli.hpp"
#include "common/csv.hpp"
#include "common/gpu_info.hpp"
#include "common/progress.hpp"
#include "common/start.hpp"
#include "common/stats.hpp"
#include "common/subcommand.hpp"
#include "common/table.hpp"
#include "gemm/debug.hpp"
#include "gemm/gemm.hpp"

namespace clc::bench {
namespace {

struct Shape {
  int m, n, k, batch;
};

//! Twelve shapes at which cuBLAS's speed on the H200 was recorded when the project started (squares
//! from 1024 to 8192, short and long K, skinny M and N), then odd ones (M not a multiple of the tile,
//! small, skinny).
std::vector<Shape> default_suite() {
  return {{8192, 8192, 8192, 1}, {6144, 6144, 6144, 1}, {5120, 5120, 5120, 1},   {4096, 4096, 4096, 1},
          {4000, 4000, 4000, 1}, {2048, 2048, 2048, 1}, {1024, 1024, 1024, 1},   {8192, 8192, 1024, 1},
          {8192, 8192, 256, 1},  {16384, 1024, 4096, 1}, {256, 16384, 8192, 1}, {16256, 16256, 4096, 1},
          {1000, 1000, 1000, 1}, {3333, 2048, 4096, 1}, {777, 8192, 1536, 1},   {512, 512, 512, 8}};
}

struct Config {
  std::vector<Shape> shapes;
  SourceKind source = SourceKind::Auto;
  int cluster_m = 0;
  double interfere = 0.0;
  int runs = 50;
  int warmup = 10;
  std::string json;
  std::string commit;
  bool b_row_major = true;  // torch.matmul's default: both operands row-major
  bool check = true;
  int swizzle = 0;
  int tile_n = 0;      // Sm90 tile width (0: heuristic)
  int stages = 0;      // diagnostics (gemm::detail::Debug): ring stages
  int diag_flags = 0;  // bit 0: skip the epilogue, bit 1: serial MMA, bit 2: no TMA store
  int device = 0;
  int kernel = 0;      // index into {auto, sm90, portable}
  std::string csv;
};

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
  int source = 0;
  bool b_col = false, no_check = false;
  cli::Parser p("clc-bench gemm", "clc::gemm against cuBLAS on the same inputs, in one process");
  p.custom("--shape", "MxNxK[xB]", "run this shape (default: the 16-shape suite of docs/gemm.md)",
           [c](std::string const& v) {
             Shape s{};
             CLC_TRY(parse_shape(v, &s));
             c->shapes.push_back(s);
             return success();
           },
           true)
      .choice("--source", sources, &source, "work source of clc::gemm (hardware: sm_100 only)")
      .choice("--kernel", {"auto", "sm90", "portable"}, &c->kernel, "force a clc::gemm kernel")
      .integer_of("--cluster", {0, 1, 2}, &c->cluster_m, "CTAs per cluster along M (0: heuristic)")
      .integer("--swizzle", 0, 64, &c->swizzle, "tile-order band width in tiles (0: heuristic)")
      .integer_of("--tile-n", {0, 128, 256}, &c->tile_n, "Sm90 tile width (0: heuristic)")
      .number("--interfere", 0.0, 0.95, &c->interfere, "hold this fraction of the SMs during each timed run")
      .integer("--runs", 1, 100000, &c->runs, "timed runs per library and shape (median reported; default 50)")
      .integer("--warmup", 0, 100000, &c->warmup, "untimed runs first (default 10)")
      .integer("--device", 0, 1023, &c->device, "CUDA device ordinal (default 0)")
      .flag("--b-col", &b_col, "B column-major (default: row-major, as torch.matmul)")
      .flag("--no-check", &no_check, "skip the check against cuBLAS")
      .integer_of("--stages", {0, 2, 3}, &c->stages, "diagnostics: Sm90 ring stages (clc::gemm::detail::Debug)")
      .integer("--diag", 0, 7, &c->diag_flags,
               "diagnostics bits: 1 skip the epilogue (D unwritten), 2 serial MMA, 4 no TMA store")
      .text("--json", "FILE", &c->json, "also write the results as JSON (also without a GPU: status \"no device\")")
      .text("--csv", "FILE", &c->csv, "also write the results as CSV")
      .text("--commit", "SHA", &c->commit, "a commit id to record beside the build's own");
  cli::Result const r = p.parse(argc, argv);
  c->source = source_kinds[source];
  c->b_row_major = !b_col;
  c->check = !no_check;
  if (r.outcome == cli::Outcome::Run && c->shapes.empty()) c->shapes = default_suite();
  return r;
}

#define BENCH_CUDA(call)                                                                               \
  do {                                                                                                 \
    cudaError_t const e_ = (call);                                                                     \
    if (e_ != cudaSuccess) {                                                                           \
      std::fprintf(stderr, "\nclc-bench gemm: %s failed: %s\n", #call, cudaGetErrorString(e_));       \
      return false;                                                                                    \
    }                                                                                                  \
  } while (0)
#define BENCH_CUBLAS(call)                                                                             \
  do {                                                                                                 \
    cublasStatus_t const s_ = (call);                                                                  \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                                 \
      std::fprintf(stderr, "\nclc-bench gemm: %s failed: cuBLAS status %d\n", #call, int(s_));        \
      return false;                                                                                    \
    }                                                                                                  \
  } while (0)
#define BENCH_CLC(expr)                                                                                \
  do {                                                                                                 \
    ::clc::Error const e_ = (expr);                                                                    \
    if (!e_.ok()) {                                                                                    \
      std::fprintf(stderr, "\nclc-bench gemm: %s failed: %s\n", #expr, e_.what().c_str());            \
      return false;                                                                                    \
    }                                                                                                  \
  } while (0)

__global__ void fill_bf16(__nv_bfloat16* p, std::size_t n, std::uint32_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    std::uint32_t x = std::uint32_t(i) * 2654435761u ^ (seed * 0x9E3779B9u) ^ std::uint32_t(i >> 32) * 0x85EBCA6Bu;
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    float v = (float(x >> 8) * (1.0f / 16777216.0f)) * 2.0f - 1.0f;
    if (v == 0.0f) v = 0.25f;
    p[i] = __float2bfloat16(v);
  }
}

//! sums[0] += (x - y)^2, sums[1] += y^2, sums[2] += non-finite count of x.
__global__ void diff_norms(__nv_bfloat16 const* x, __nv_bfloat16 const* y, std::size_t n, double* sums) {
  double d = 0.0, r = 0.0, bad = 0.0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    double const a = __bfloat162float(x[i]);
    double const b = __bfloat162float(y[i]);
    if (!isfinite(a)) bad += 1.0;
    d += (a - b) * (a - b);
    r += b * b;
  }
  atomicAdd(&sums[0], d);
  atomicAdd(&sums[1], r);
  atomicAdd(&sums[2], bad);
}

struct ShapeResult {
  Shape s{};
  double ours_ms = 0, cublas_ms = 0;  // medians
  Summary ours, cublas;                 // every timed run
  double ours_tflops = 0, cublas_tflops = 0, ratio = 0;
  double rel_err = -1;
  bool check_ok = true;
  bool ran = false;
  gemm::RunInfo info;
  std::string error;
};

class Bench {
 public:
  explicit Bench(Config const& c) : cfg_(c) {}
  ~Bench() {
    if (handle_) cublasDestroy(handle_);
    if (stream_) cudaStreamDestroy(stream_);
    if (hold_stream_) cudaStreamDestroy(hold_stream_);
    for (auto* e : events_) cudaEventDestroy(e);
  }

  bool init(GpuInfo const& gpu) {
    gpu_ = gpu;
    BENCH_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    BENCH_CUDA(cudaStreamCreateWithFlags(&hold_stream_, cudaStreamNonBlocking));
    BENCH_CUBLAS(cublasCreate(&handle_));
    BENCH_CUBLAS(cublasSetStream(handle_, stream_));
    events_.resize(2 * std::size_t(cfg_.runs));
    for (auto& e : events_) BENCH_CUDA(cudaEventCreate(&e));
    if (cfg_.interfere > 0.0) BENCH_CLC(tools::sms_for_fraction(cfg_.interfere, &hold_sms_));
    return true;
  }

  bool run_shape(Shape const& s, ShapeResult* r) {
    r->s = s;
    std::size_t const a_elems = std::size_t(s.m) * s.k * s.batch;
    std::size_t const b_elems = std::size_t(s.k) * s.n * s.batch;
    std::size_t const d_elems = std::size_t(s.m) * s.n * s.batch;
    std::size_t const set_bytes = (a_elems + b_elems) * 2;
    int const sets = int(std::min<std::size_t>(8, std::max<std::size_t>(1, (2 * gpu_.l2_bytes + set_bytes - 1) / set_bytes + 1)));
    Buffers buf;
    BENCH_CUDA(cudaMalloc(&buf.a, a_elems * 2 * sets));
    BENCH_CUDA(cudaMalloc(&buf.b, b_elems * 2 * sets));
    BENCH_CUDA(cudaMalloc(&buf.d_ours, d_elems * 2));
    BENCH_CUDA(cudaMalloc(&buf.d_ref, d_elems * 2));
    BENCH_CUDA(cudaMalloc(&buf.sums, 3 * sizeof(double)));
    fill_bf16<<<1024, 256, 0, stream_>>>(static_cast<__nv_bfloat16*>(buf.a), a_elems * sets, 17u + seed_++);
    fill_bf16<<<1024, 256, 0, stream_>>>(static_cast<__nv_bfloat16*>(buf.b), b_elems * sets, 91u + seed_++);
    BENCH_CUDA(cudaGetLastError());

    auto a_set = [&](int i) { return static_cast<char*>(buf.a) + std::size_t(i) * a_elems * 2; };
    auto b_set = [&](int i) { return static_cast<char*>(buf.b) + std::size_t(i) * b_elems * 2; };

    // Row-major A (m x k), B (k x n) row-major or column-major, D (m x n) row-major.
    gemm::Arguments g;
    g.m = s.m; g.n = s.n; g.k = s.k; g.batch = s.batch;
    g.layout_a = gemm::Layout::RowMajor; g.lda = s.k; g.batch_stride_a = std::int64_t(s.m) * s.k;
    g.layout_b = cfg_.b_row_major ? gemm::Layout::RowMajor : gemm::Layout::ColMajor;
    g.ldb = cfg_.b_row_major ? s.n : s.k; g.batch_stride_b = std::int64_t(s.k) * s.n;
    g.layout_d = gemm::Layout::RowMajor; g.ldd = s.n; g.batch_stride_d = std::int64_t(s.m) * s.n;
    gemm::Options opts;
    opts.source = cfg_.source;
    opts.kernel = cfg_.kernel == 1 ? gemm::Kernel::Sm90 : cfg_.kernel == 2 ? gemm::Kernel::Portable : gemm::Kernel::Auto;
    opts.cluster_m = cfg_.cluster_m;
    opts.swizzle = cfg_.swizzle;
    opts.tile_n = cfg_.tile_n;
    gemm::detail::Debug debug;
    debug.stages = cfg_.stages;
    debug.skip_epilogue = (cfg_.diag_flags & 1) != 0;
    debug.serial_mma = (cfg_.diag_flags & 2) != 0;
    debug.no_tma_store = (cfg_.diag_flags & 4) != 0;
    bool const diagnose = cfg_.stages != 0 || cfg_.diag_flags != 0;

    float const one = 1.0f, zero = 0.0f;
    auto ours = [&](int set, void* d) -> bool {
      g.a = a_set(set); g.b = b_set(set); g.d = d;
      if (diagnose)
        BENCH_CLC(gemm::detail::run_debug(g, stream_, opts, debug, &r->info));
      else
        BENCH_CLC(gemm::run(g, stream_, opts, &r->info));
      return true;
    };
    // cuBLAS is column-major: D^T (n x m) = B^T A^T. Row-major B (k x n) read column-major is B^T (n x k).
    auto theirs = [&](int set, void* d) -> bool {
      cublasOperation_t const tb = cfg_.b_row_major ? CUBLAS_OP_N : CUBLAS_OP_T;
      BENCH_CUBLAS(cublasGemmStridedBatchedEx(handle_, tb, CUBLAS_OP_N, s.n, s.m, s.k, &one, b_set(set), CUDA_R_16BF,
                                              int(g.ldb), g.batch_stride_b, a_set(set), CUDA_R_16BF, s.k,
                                              g.batch_stride_a, &zero, d, CUDA_R_16BF, s.n, g.batch_stride_d, s.batch,
                                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
      return true;
    };

    if (cfg_.check) {
      BENCH_CUDA(cudaMemsetAsync(buf.d_ours, 0xFF, d_elems * 2, stream_));  // NaN: unwritten output fails
      if (!ours(0, buf.d_ours) || !theirs(0, buf.d_ref)) return false;
      BENCH_CUDA(cudaMemsetAsync(buf.sums, 0, 3 * sizeof(double), stream_));
      diff_norms<<<1024, 256, 0, stream_>>>(static_cast<__nv_bfloat16*>(buf.d_ours),
                                            static_cast<__nv_bfloat16*>(buf.d_ref), d_elems,
                                            static_cast<double*>(buf.sums));
      double h[3] = {0, 0, 0};
      BENCH_CUDA(cudaMemcpyAsync(h, buf.sums, sizeof h, cudaMemcpyDeviceToHost, stream_));
      BENCH_CUDA(cudaStreamSynchronize(stream_));
      r->rel_err = h[1] > 0 ? std::sqrt(h[0] / h[1]) : (h[0] > 0 ? 1.0 : 0.0);
      // bf16 output: each element is rounded to 8 significant bits by both libraries.
      r->check_ok = h[2] == 0 && r->rel_err <= 1e-2;
      if (!r->check_ok) {
        r->error = "D differs from cuBLAS (relative error " + std::to_string(r->rel_err) + ", " +
                   std::to_string(long(h[2])) + " non-finite)";
        r->ran = true;
        return true;  // reported; not timed
      }
    }

    double hold_ms = 0.0;
    if (hold_sms_ > 0) {
      double t = 0;
      Summary undisturbed;
      if (!time_runs(theirs, sets, buf.d_ref, 0.0, &undisturbed)) return false;
      t = undisturbed.median;
      hold_ms = 0.5 * t;
    }
    if (!time_runs(ours, sets, buf.d_ours, hold_ms, &r->ours)) return false;
    if (!time_runs(theirs, sets, buf.d_ref, hold_ms, &r->cublas)) return false;
    r->ours_ms = r->ours.median;
    r->cublas_ms = r->cublas.median;
    double const flops = 2.0 * s.m * double(s.n) * s.k * s.batch;
    r->ours_tflops = flops / (r->ours_ms * 1e-3) / 1e12;
    r->cublas_tflops = flops / (r->cublas_ms * 1e-3) / 1e12;
    r->ratio = r->cublas_ms / r->ours_ms;
    r->ran = true;
    return true;
  }

 private:
  struct Buffers {
    void* a = nullptr;
    void* b = nullptr;
    void* d_ours = nullptr;
    void* d_ref = nullptr;
    void* sums = nullptr;
    ~Buffers() {
      cudaFree(a);
      cudaFree(b);
      cudaFree(d_ours);
      cudaFree(d_ref);
      cudaFree(sums);
    }
  };

  //! Median of `cfg_.runs` runs, each between its own pair of events, inputs rotated over `sets`.
  template <class F>
  bool time_runs(F&& f, int sets, void* d, double hold_ms, Summary* out) {
    for (int i = 0; i < cfg_.warmup; ++i)
      if (!f(i % sets, d)) return false;
    BENCH_CUDA(cudaStreamSynchronize(stream_));
    std::vector<double> ms;
    for (int i = 0; i < cfg_.runs; ++i) {
      if (hold_ms > 0.0) {
        // The holder is launched first, so its CTAs take their SMs before the GEMM's CTAs arrive.
        BENCH_CLC(tools::hold_sms(hold_sms_, hold_ms, hold_stream_));
      }
      BENCH_CUDA(cudaEventRecord(events_[2 * std::size_t(i)], stream_));
      if (!f((i + cfg_.warmup) % sets, d)) return false;
      BENCH_CUDA(cudaEventRecord(events_[2 * std::size_t(i) + 1], stream_));
      if (hold_ms > 0.0) {
        BENCH_CUDA(cudaStreamSynchronize(stream_));
        BENCH_CUDA(cudaStreamSynchronize(hold_stream_));  // runs never overlap each other's holder
      }
    }
    BENCH_CUDA(cudaStreamSynchronize(stream_));
    for (int i = 0; i < cfg_.runs; ++i) {
      float t = 0;
      BENCH_CUDA(cudaEventElapsedTime(&t, events_[2 * std::size_t(i)], events_[2 * std::size_t(i) + 1]));
      ms.push_back(t);
    }
    *out = summarize(ms);
    return true;
  }

  Config cfg_;
  GpuInfo gpu_;
  cudaStream_t stream_ = nullptr;
  cudaStream_t hold_stream_ = nullptr;
  cublasHandle_t handle_ = nullptr;
  std::vector<cudaEvent_t> events_;
  int hold_sms_ = 0;
  std::uint32_t seed_ = 0;
};

std::string shape_name(Shape const& s) {
  std::string r = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
  if (s.batch > 1) r += "x" + std::to_string(s.batch);
  return r;
}

}  // namespace

int gemm_main(int argc, char** argv) {
  Config cfg;
  cli::Result const pr = parse(argc, argv, &cfg);
  if (int const rc = start_or_exit("clc-bench gemm", pr, cfg.json, cfg.device); rc >= 0) return rc;
  GpuClocks const clocks_start = read_clocks(cfg.device);
  GpuInfo gpu;
  if (!query_gpu(&gpu)) {
    std::fprintf(stderr, "clc-bench gemm: cannot query the GPU\n");
    return 1;
  }
  std::printf("clc-bench gemm: %s (sm_%d%d, %d SMs), bf16 in, bf16 out, fp32 accumulation, A row-major, B %s\n",
              gpu.name.c_str(), gpu.cc_major, gpu.cc_minor, gpu.sm_count, cfg.b_row_major ? "row-major" : "column-major");
  std::printf("source %s, %d warm-up + %d timed runs per library (median), inputs rotated beyond 2x L2%s\n\n",
              to_string(cfg.source), cfg.warmup, cfg.runs,
              cfg.interfere > 0 ? (", interference: " + Table::fmt(100 * cfg.interfere, 0) +
                                   "% of the SMs held for half of cuBLAS's undisturbed time").c_str()
                                : "");
  Bench bench(cfg);
  if (!bench.init(gpu)) return 1;

  std::vector<ShapeResult> results;
  ProgressBar bar(int(cfg.shapes.size()));
  bool failed = false;
  for (std::size_t i = 0; i < cfg.shapes.size(); ++i) {
    bar.update(int(i), shape_name(cfg.shapes[i]));
    ShapeResult r;
    if (!bench.run_shape(cfg.shapes[i], &r)) {
      r.s = cfg.shapes[i];
      r.error = "failed (see above)";
      failed = true;
      (void)cudaGetLastError();
    }
    if (!r.check_ok) failed = true;
    results.push_back(r);
  }
  bar.finish();

  GpuClocks const clocks_end = read_clocks(cfg.device);
  Table t({"M x N x K", "clc ms", "clc TFLOP/s", "clc noise", "cuBLAS ms", "cuBLAS TFLOP/s", "cuBLAS noise", "ratio",
           "rel err", "kernel"});
  Csv csv({"m", "n", "k", "batch", "samples", "clc_ms_median", "clc_ms_min", "clc_ms_max", "clc_noise",
           "cublas_ms_median", "cublas_ms_min", "cublas_ms_max", "cublas_noise", "ratio", "rel_err", "kernel", "error"});
  std::vector<double> ratios;
  for (auto const& r : results) {
    std::string kern = r.ran ? std::string(gemm::to_string(r.info.kernel)) + " " +
                                   std::to_string(r.info.tile_m) + "x" + std::to_string(r.info.tile_n) + " " +
                                   to_string(r.info.source) + " c" + std::to_string(r.info.cluster_m) + " s" +
                                   std::to_string(r.info.swizzle) + (r.info.tma_store ? " tma" : "")
                             : "-";
    if (!r.error.empty()) kern = r.error;
    if (r.ran && r.check_ok) ratios.push_back(r.ratio);
    bool const timed = r.ran && r.check_ok;
    auto pct = [](double v) { return Table::fmt(100.0 * v, 1) + "%"; };
    t.add_row({shape_name(r.s), timed ? Table::fmt(r.ours_ms, 3) : "-", timed ? Table::fmt(r.ours_tflops, 1) : "-",
               timed ? pct(r.ours.noise) : "-", timed ? Table::fmt(r.cublas_ms, 3) : "-",
               timed ? Table::fmt(r.cublas_tflops, 1) : "-", timed ? pct(r.cublas.noise) : "-",
               timed ? Table::fmt(r.ratio, 3) : "-", r.rel_err >= 0 ? Table::fmt(r.rel_err, 5) : "-", kern});
    auto g = [](double v) { return json::Writer::number(v); };
    csv.row({std::to_string(r.s.m), std::to_string(r.s.n), std::to_string(r.s.k), std::to_string(r.s.batch),
             std::to_string(r.ours.n), g(r.ours.median), g(r.ours.min), g(r.ours.max), g(r.ours.noise),
             g(r.cublas.median), g(r.cublas.min), g(r.cublas.max), g(r.cublas.noise), g(r.ratio), g(r.rel_err), kern,
             r.error});
  }
  t.print(stdout);
  double const gm = geomean(ratios);
  std::printf("\ngeomean ratio (cuBLAS time / clc time, >1 = clc faster) over %zu shapes: %.3f\n", ratios.size(), gm);
  std::printf("%d timed runs per library and shape; noise = (p90 - p10) / median; SM clock %s MHz at the start, %s at the end\n",
              cfg.runs, clocks_start.ok ? std::to_string(clocks_start.sm_mhz).c_str() : "?",
              clocks_end.ok ? std::to_string(clocks_end.sm_mhz).c_str() : "?");
  if (!cfg.csv.empty()) {
    if (Error e = write_text_file(cfg.csv, csv.str())) {
      std::fprintf(stderr, "clc-bench gemm: %s\n", e.what().c_str());
      return 1;
    }
    std::printf("wrote %s\n", cfg.csv.c_str());
  }

  if (!cfg.json.empty()) {
    json::Writer j(3);  // one line per result
    j.begin_object();
    write_context(j, "clc-bench gemm", cfg.commit, gpu);
    write_clocks(j, clocks_start, clocks_end);
    int cublas_version = 0;
    (void)cublasGetProperty(MAJOR_VERSION, &cublas_version);
    int minor = 0, patch = 0;
    (void)cublasGetProperty(MINOR_VERSION, &minor);
    (void)cublasGetProperty(PATCH_LEVEL, &patch);
    j.field("cublas_version", std::to_string(cublas_version) + "." + std::to_string(minor) + "." + std::to_string(patch));
    j.field("types", "bf16 x bf16 -> bf16, fp32 accumulation");
    j.field("layout", cfg.b_row_major ? "A row-major, B row-major, D row-major" : "A row-major, B column-major, D row-major");
    j.field("source", to_string(cfg.source));
    j.field("cluster_m_option", cfg.cluster_m);
    j.field("interfere", cfg.interfere);
    j.field("warmup", cfg.warmup);
    j.field("runs", cfg.runs);
    j.begin_array("results");
    for (auto const& r : results) {
      j.begin_object();
      j.field("m", r.s.m);
      j.field("n", r.s.n);
      j.field("k", r.s.k);
      j.field("batch", r.s.batch);
      j.field("samples", r.ours.n);
      j.field("clc_ms", r.ours_ms);
      j.field("clc_ms_min", r.ours.min);
      j.field("clc_ms_max", r.ours.max);
      j.field("clc_noise", r.ours.noise);
      j.field("clc_tflops", r.ours_tflops);
      j.field("cublas_ms", r.cublas_ms);
      j.field("cublas_ms_min", r.cublas.min);
      j.field("cublas_ms_max", r.cublas.max);
      j.field("cublas_noise", r.cublas.noise);
      j.field("cublas_tflops", r.cublas_tflops);
      j.field("ratio", r.ratio);
      j.field("rel_err", r.rel_err);
      j.field("check_ok", r.check_ok);
      j.field("kernel", gemm::to_string(r.info.kernel));
      j.field("source", to_string(r.info.source));
      j.field("cluster_m", r.info.cluster_m);
      j.field("swizzle", r.info.swizzle);
      j.field("tile_m", r.info.tile_m);
      j.field("tile_n", r.info.tile_n);
      j.field("tma_store_epilogue", r.info.tma_store);
      j.field("workers", r.info.launch.workers);
      if (!r.error.empty()) j.field("error", r.error);
      j.end_object();
    }
    j.end_array();
    j.field("geomean_ratio", gm);
    j.end_object();
    if (Error e = write_text_file(cfg.json, j.str() + "\n")) {
      std::fprintf(stderr, "clc-bench gemm: %s\n", e.what().c_str());
      return 1;
    }
    std::printf("wrote %s\n", cfg.json.c_str());
  }
  return failed ? 1 : 0;
}

}  // namespace clc::bench
