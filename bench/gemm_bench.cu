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

#include "clc/tools/interference.hpp"
#include "clc/trace.hpp"
#include "common/gpu_info.hpp"
#include "common/progress.hpp"
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

//! The twelve shapes of ANCHORS.md, then odd ones (M not a multiple of the tile, small, skinny).
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
};

void usage(std::FILE* f) {
  std::fprintf(f,
               "usage: clc-bench gemm [options]\n"
               "  --shape MxNxK[xB]   run this shape (repeatable; default: the suite of ANCHORS.md + odd shapes)\n"
               "  --source S          work source of clc::gemm: auto (default), ticket, static, single\n"
               "  --cluster C         CTAs per cluster along M: 0 (heuristic), 1, 2\n"
               "  --swizzle S         tile-order band width in tiles (0: heuristic)\n"
               "  --tile-n N          Sm90 tile width: 0 (heuristic), 128, 256\n"
               "  --interfere F       hold a fraction F of the SMs during each timed run (both libraries)\n"
               "  --runs N            timed runs per library and shape (default 50; median reported)\n"
               "  --warmup N          untimed runs first (default 10)\n"
               "  --b-col             B column-major (default: row-major, as torch.matmul)\n"
               "  --no-check          skip the check against cuBLAS\n"
               "  --stages N, --diag F  diagnostics of the Sm90 kernel (clc::gemm::detail::Debug): stages 2|3;\n"
               "                      F bit 0 skip the epilogue (D unwritten), 1 serial MMA, 2 no TMA store\n"
               "  --json FILE         also write the results as JSON\n"
               "  --commit SHA        commit id recorded in the JSON (default: $CLC_GIT_COMMIT or configure time)\n");
}

bool parse_source(char const* s, SourceKind* k) {
  std::string const v = s;
  if (v == "auto") *k = SourceKind::Auto;
  else if (v == "ticket") *k = SourceKind::Ticket;
  else if (v == "static") *k = SourceKind::Static;
  else if (v == "single") *k = SourceKind::Single;
  else if (v == "hardware") *k = SourceKind::Hardware;
  else return false;
  return true;
}

// 0: ok, 1: exit 0 (help), 2: usage error.
int parse(int argc, char** argv, Config* c) {
  for (int i = 1; i < argc; ++i) {
    std::string const a = argv[i];
    auto need = [&](char const* what) -> char const* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "clc-bench gemm: %s needs a value\n", what);
        return nullptr;
      }
      return argv[++i];
    };
    if (a == "--help" || a == "-h") { usage(stdout); return 1; }
    if (a == "--shape") {
      char const* v = need("--shape");
      if (!v) return 2;
      Shape s{0, 0, 0, 1};
      int const got = std::sscanf(v, "%dx%dx%dx%d", &s.m, &s.n, &s.k, &s.batch);
      if (got < 3 || s.m < 1 || s.n < 1 || s.k < 1 || s.batch < 1) {
        std::fprintf(stderr, "clc-bench gemm: bad --shape '%s' (want MxNxK or MxNxKxB)\n", v);
        return 2;
      }
      c->shapes.push_back(s);
    } else if (a == "--source") {
      char const* v = need("--source");
      if (!v || !parse_source(v, &c->source)) { std::fprintf(stderr, "clc-bench gemm: bad --source\n"); return 2; }
    } else if (a == "--cluster") {
      char const* v = need("--cluster");
      if (!v) return 2;
      c->cluster_m = std::atoi(v);
    } else if (a == "--interfere") {
      char const* v = need("--interfere");
      if (!v) return 2;
      c->interfere = std::atof(v);
      if (!(c->interfere >= 0.0 && c->interfere < 1.0)) {
        std::fprintf(stderr, "clc-bench gemm: --interfere must be in [0, 1)\n");
        return 2;
      }
    } else if (a == "--runs") {
      char const* v = need("--runs");
      if (!v) return 2;
      c->runs = std::max(1, std::atoi(v));
    } else if (a == "--warmup") {
      char const* v = need("--warmup");
      if (!v) return 2;
      c->warmup = std::max(0, std::atoi(v));
    } else if (a == "--json") {
      char const* v = need("--json");
      if (!v) return 2;
      c->json = v;
    } else if (a == "--commit") {
      char const* v = need("--commit");
      if (!v) return 2;
      c->commit = v;
    } else if (a == "--tile-n") {
      char const* v = need("--tile-n");
      if (!v) return 2;
      c->tile_n = std::atoi(v);
    } else if (a == "--swizzle") {
      char const* v = need("--swizzle");
      if (!v) return 2;
      c->swizzle = std::atoi(v);
    } else if (a == "--stages" || a == "--diag") {
      char const* v = need(a.c_str());
      if (!v) return 2;
      (a == "--stages" ? c->stages : c->diag_flags) = std::atoi(v);
    } else if (a == "--b-col") {
      c->b_row_major = false;
    } else if (a == "--no-check") {
      c->check = false;
    } else {
      std::fprintf(stderr, "clc-bench gemm: unknown option '%s'\n\n", a.c_str());
      usage(stderr);
      return 2;
    }
  }
  if (c->shapes.empty()) c->shapes = default_suite();
  return 0;
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
  double ours_ms = 0, cublas_ms = 0;
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
      if (!time_runs(theirs, sets, buf.d_ref, 0.0, &t)) return false;
      hold_ms = 0.5 * t;
    }
    if (!time_runs(ours, sets, buf.d_ours, hold_ms, &r->ours_ms)) return false;
    if (!time_runs(theirs, sets, buf.d_ref, hold_ms, &r->cublas_ms)) return false;
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
  bool time_runs(F&& f, int sets, void* d, double hold_ms, double* median_ms) {
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
    *median_ms = median(ms);
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
  int const pr = parse(argc, argv, &cfg);
  if (pr == 1) return 0;
  if (pr == 2) return 2;
  bool broken = false;
  std::string const why = no_gpu_reason(&broken);
  if (broken) {
    std::fprintf(stderr, "clc-bench gemm: %s\n", why.c_str());
    return 1;
  }
  if (!why.empty()) {
    std::printf("clc-bench gemm: %s; nothing to measure on this machine (run it on a machine with an NVIDIA GPU).\n",
                why.c_str());
    return 0;
  }
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

  Table t({"M x N x K", "clc ms", "clc TFLOP/s", "cuBLAS ms", "cuBLAS TFLOP/s", "ratio", "rel err", "kernel"});
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
    t.add_row({shape_name(r.s), timed ? Table::fmt(r.ours_ms, 3) : "-", timed ? Table::fmt(r.ours_tflops, 1) : "-",
               timed ? Table::fmt(r.cublas_ms, 3) : "-", timed ? Table::fmt(r.cublas_tflops, 1) : "-",
               timed ? Table::fmt(r.ratio, 3) : "-", r.rel_err >= 0 ? Table::fmt(r.rel_err, 5) : "-", kern});
  }
  t.print(stdout);
  double const gm = geomean(ratios);
  std::printf("\ngeomean ratio (cuBLAS time / clc time, >1 = clc faster) over %zu shapes: %.3f\n", ratios.size(), gm);

  if (!cfg.json.empty()) {
    json::Writer j(3);  // one line per result
    j.begin_object();
    write_context(j, "clc-bench gemm", commit_id(cfg.commit), gpu);
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
      j.field("clc_ms", r.ours_ms);
      j.field("clc_tflops", r.ours_tflops);
      j.field("cublas_ms", r.cublas_ms);
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
