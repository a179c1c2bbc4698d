//! @file bench/probes/cublas_probe.cu
//! @brief Diagnostics, not part of the build: which kernel cuBLAS runs per shape, and power and SM clock
//! while clc::gemm and cuBLAS each run one shape back to back.
//!
//! `--names`: per shape (the 22-shape suite of docs/gemm.md, or --shape MxNxK), the cublasLt heuristic's
//! candidates (64 MiB workspace) are timed (3 warm-up, 10 event-timed launches each, warm L2) with
//! cublasGemmEx beside them; the fastest Lt candidate's configuration attributes are printed, then the
//! fastest Lt candidate, GemmEx and clc::gemm run once each between cudaProfilerStart/Stop, so that
//! `ncu --profile-from-start off` lists exactly those three kernels per shape (their names say tile,
//! stages and cluster).
//! `--power`: per shape (8192^3 and 16256x16256x4096 by default), phases of about --seconds each
//! (back-to-back launches, warm L2): the fastest cuBLAS, clc::gemm Auto and variants (one cluster per
//! Ticket claim, Static), the fastest cuBLAS again, while a host thread reads NVML (power, SM
//! clock) every 5 ms; printed per phase: TFLOP/s, mean power and SM clock over the phase's second half,
//! TFLOP/s per kW and per GHz.
//! `--variants`: more clc variants (1x1 clusters, swizzle 4 and 16). `--grain G`: Options::max_grain of
//! `--once` (0: the library's default).
//! `--once --shape S`: one launch of the fastest cuBLAS and one of clc::gemm between
//! cudaProfilerStart/Stop (for ncu's sections).
//!   nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a -Iinclude -Iworkloads \
//!        bench/probes/cublas_probe.cu build/b90/workloads/gemm/libclc_gemm.a build/b90/src/libclc_host.a \
//!        -o cublas_probe -lcublasLt -lcublas -lcuda -ldl -lpthread
//!   ncu --profile-from-start off --clock-control none --section LaunchStats --metrics gpu__time_duration.sum \
//!        ./cublas_probe --names
//!   ./cublas_probe --power
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "gemm/gemm.hpp"

#include "probe_check.cuh"
#define CB(x)                                                                 \
  do {                                                                        \
    int e_ = static_cast<int>(x);                                             \
    if (e_ != 0) {                                                            \
      std::printf("cuBLAS error %d at %s:%d\n", e_, __FILE__, __LINE__);     \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

namespace {

struct Shape {
  int m, n, k;
  bool b_col;
};

__global__ void fill(__nv_bfloat16* p, std::size_t n, std::uint32_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    std::uint32_t h = static_cast<std::uint32_t>(i) * 2654435761u ^ seed;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    p[i] = __float2bfloat16((static_cast<float>(h & 0xFFFF) / 32768.0f) - 1.0f + 1e-3f);
  }
}

struct Problem {
  Shape s;
  __nv_bfloat16 *a = nullptr, *b = nullptr, *d = nullptr;
  cublasLtHandle_t lt;
  cublasHandle_t blas;
  void* ws = nullptr;
  std::size_t ws_bytes = 64u << 20;
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t la, lb, ld;
  std::vector<cublasLtMatmulHeuristicResult_t> algos;
  int best = -1;
  float best_ms = 1e30f, gemmex_ms = 0;

  explicit Problem(Shape sh) : s(sh) {
    CK(cudaMalloc(&a, std::size_t(s.m) * s.k * 2));
    CK(cudaMalloc(&b, std::size_t(s.k) * s.n * 2));
    CK(cudaMalloc(&d, std::size_t(s.m) * s.n * 2));
    fill<<<1024, 256>>>(a, std::size_t(s.m) * s.k, 1);
    fill<<<1024, 256>>>(b, std::size_t(s.k) * s.n, 2);
    CK(cudaGetLastError());
    CK(cudaMalloc(&ws, ws_bytes));
    CB(cublasLtCreate(&lt));
    CB(cublasCreate(&blas));
    CB(cublasSetWorkspace(blas, ws, ws_bytes));
    // D^T (n x m, col-major) = B^T A^T: A' = B, B' = A.
    CB(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    cublasOperation_t ta = s.b_col ? CUBLAS_OP_T : CUBLAS_OP_N, tb = CUBLAS_OP_N;
    CB(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
    CB(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
    CB(cublasLtMatrixLayoutCreate(&la, CUDA_R_16BF, s.b_col ? s.k : s.n, s.b_col ? s.n : s.k, s.b_col ? s.k : s.n));
    CB(cublasLtMatrixLayoutCreate(&lb, CUDA_R_16BF, s.k, s.m, s.k));
    CB(cublasLtMatrixLayoutCreate(&ld, CUDA_R_16BF, s.n, s.m, s.n));
    cublasLtMatmulPreference_t pref;
    CB(cublasLtMatmulPreferenceCreate(&pref));
    CB(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws_bytes, sizeof ws_bytes));
    algos.resize(16);
    int got = 0;
    CB(cublasLtMatmulAlgoGetHeuristic(lt, op, la, lb, ld, ld, pref, 16, algos.data(), &got));
    algos.resize(got);
    CB(cublasLtMatmulPreferenceDestroy(pref));
  }
  ~Problem() {
    cudaFree(a);
    cudaFree(b);
    cudaFree(d);
    cudaFree(ws);
    cublasLtMatmulDescDestroy(op);
    cublasLtMatrixLayoutDestroy(la);
    cublasLtMatrixLayoutDestroy(lb);
    cublasLtMatrixLayoutDestroy(ld);
    cublasLtDestroy(lt);
    cublasDestroy(blas);
  }
  void run_lt(int i) {
    float one = 1, zero = 0;
    CB(cublasLtMatmul(lt, op, &one, b, la, a, lb, &zero, d, ld, d, ld, &algos[i].algo, ws, ws_bytes, nullptr));
  }
  void run_gemmex() {
    float one = 1, zero = 0;
    CB(cublasGemmEx(blas, s.b_col ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, s.n, s.m, s.k, &one, b, CUDA_R_16BF,
                    s.b_col ? s.k : s.n, a, CUDA_R_16BF, s.k, &zero, d, CUDA_R_16BF, s.n, CUBLAS_COMPUTE_32F,
                    CUBLAS_GEMM_DEFAULT));
  }
  clc::gemm::Options opts{};
  void run_clc(clc::gemm::RunInfo* info = nullptr) {
    clc::gemm::Arguments g;
    g.m = s.m;
    g.n = s.n;
    g.k = s.k;
    g.a = a;
    g.lda = s.k;
    g.b = b;
    g.layout_b = s.b_col ? clc::gemm::Layout::ColMajor : clc::gemm::Layout::RowMajor;
    g.ldb = s.b_col ? s.k : s.n;
    g.d = d;
    g.ldd = s.n;
    clc::Error e = clc::gemm::run(g, nullptr, opts, info);
    if (!e.ok()) {
      std::printf("clc error %s\n", e.what().c_str());
      std::exit(1);
    }
  }
  template <class F>
  float time(F f, int warm, int iters) {
    for (int i = 0; i < warm; ++i) f();
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<float> v;
    for (int i = 0; i < iters; ++i) {
      CK(cudaEventRecord(e0));
      f();
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      v.push_back(ms);
    }
    CK(cudaEventDestroy(e0));
    CK(cudaEventDestroy(e1));
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  }
  void select() {
    for (int i = 0; i < int(algos.size()); ++i) {
      float ms = time([&] { run_lt(i); }, 3, 10);
      if (ms < best_ms) best_ms = ms, best = i;
    }
    gemmex_ms = time([&] { run_gemmex(); }, 3, 10);
  }
  void print_algo() {
    auto attr = [&](cublasLtMatmulAlgoConfigAttributes_t at) {
      std::uint64_t v = 0;
      std::size_t w = 0;
      cublasLtMatmulAlgoConfigGetAttribute(&algos[best].algo, at, &v, sizeof v, &w);
      return static_cast<long long>(v);
    };
    std::printf("  Lt #%d of %zu: %.4f ms (GemmEx %.4f ms); id %lld tile %lld stages %lld splitk %lld red %lld "
                "swizzle %lld custom %lld cluster %lld inner %lld ws %zu\n",
                best, algos.size(), best_ms, gemmex_ms, attr(CUBLASLT_ALGO_CONFIG_ID), attr(CUBLASLT_ALGO_CONFIG_TILE_ID),
                attr(CUBLASLT_ALGO_CONFIG_STAGES_ID), attr(CUBLASLT_ALGO_CONFIG_SPLITK_NUM),
                attr(CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME), attr(CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING),
                attr(CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION), attr(CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID),
                attr(CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID), algos[best].workspaceSize);
  }
};

std::vector<Shape> suite() {
  return {{8192, 8192, 8192, false}, {6144, 6144, 6144, false}, {5120, 5120, 5120, false},
          {4096, 4096, 4096, false}, {4000, 4000, 4000, false}, {2048, 2048, 2048, false},
          {1024, 1024, 1024, false}, {8192, 8192, 1024, false}, {8192, 8192, 256, false},
          {16384, 1024, 4096, false}, {256, 16384, 8192, false}, {16256, 16256, 4096, false},
          {1000, 1000, 1000, false}, {3333, 2048, 4096, false}, {777, 8192, 1536, false},
          {512, 512, 512, false}, {3072, 3072, 3072, false}, {1536, 1536, 12288, false},
          {128, 8192, 8192, false}, {2304, 4608, 3072, false}, {16, 8192, 8192, true},
          {64, 4096, 14336, true}};
}

// NVML through dlopen (no header on the build machine): the five entry points the sampler uses.
using NvmlDev = void*;
struct Nvml {
  int (*init)() = nullptr;
  int (*handle)(unsigned, NvmlDev*) = nullptr;
  int (*power)(NvmlDev, unsigned*) = nullptr;
  int (*clock)(NvmlDev, int, unsigned*) = nullptr;
  int (*shutdown)() = nullptr;
  bool load() {
    void* h = dlopen("libnvidia-ml.so.1", RTLD_NOW);
    if (!h) return false;
    init = reinterpret_cast<int (*)()>(dlsym(h, "nvmlInit_v2"));
    handle = reinterpret_cast<int (*)(unsigned, NvmlDev*)>(dlsym(h, "nvmlDeviceGetHandleByIndex_v2"));
    power = reinterpret_cast<int (*)(NvmlDev, unsigned*)>(dlsym(h, "nvmlDeviceGetPowerUsage"));
    clock = reinterpret_cast<int (*)(NvmlDev, int, unsigned*)>(dlsym(h, "nvmlDeviceGetClockInfo"));
    shutdown = reinterpret_cast<int (*)()>(dlsym(h, "nvmlShutdown"));
    return init && handle && power && clock && shutdown;
  }
};
constexpr int kNvmlClockSm = 1;  // NVML_CLOCK_SM

struct Sampler {
  Nvml nv;
  NvmlDev dev = nullptr;
  std::atomic<bool> stop{false};
  std::atomic<int> phase{-1};
  std::vector<double> watts[8], mhz[8];
  std::thread t;
  Sampler() {
    if (!nv.load() || nv.init() != 0 || nv.handle(0, &dev) != 0) {
      std::printf("NVML unavailable\n");
      std::exit(1);
    }
    t = std::thread([this] {
      while (!stop.load()) {
        int ph = phase.load();
        unsigned mw = 0, clk = 0;
        if (ph >= 0 && nv.power(dev, &mw) == 0 && nv.clock(dev, kNvmlClockSm, &clk) == 0) {
          watts[ph].push_back(mw / 1000.0);
          mhz[ph].push_back(clk);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
  }
  ~Sampler() {
    stop = true;
    t.join();
    nv.shutdown();
  }
};

double mean_tail(std::vector<double> const& v) {  // the second half: after the power controller settles
  if (v.empty()) return 0;
  double s = 0;
  std::size_t n = 0;
  for (std::size_t i = v.size() / 2; i < v.size(); ++i) s += v[i], ++n;
  return s / n;
}

}  // namespace

int main(int argc, char** argv) {
  bool names = false, power = false, once = false, variants = false;
  int once_grain = 0;
  double seconds = 2.0;
  std::vector<Shape> shapes;
  for (int i = 1; i < argc; ++i) {
    std::string s = argv[i];
    if (s == "--names") names = true;
    else if (s == "--power") power = true;
    else if (s == "--once") once = true;
    else if (s == "--variants") variants = true;
    else if (s == "--grain" && i + 1 < argc) once_grain = std::atoi(argv[++i]);
    else if (s == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (s == "--shape" && i + 1 < argc) {
      Shape sh{};
      char c = 0;
      std::sscanf(argv[++i], "%dx%dx%d%c", &sh.m, &sh.n, &sh.k, &c);
      sh.b_col = c == 'c';
      shapes.push_back(sh);
    }
  }
  if (names) {
    std::vector<Shape> list = shapes.empty() ? suite() : shapes;
    for (Shape const& s : list) {
      Problem p(s);
      p.select();
      clc::gemm::RunInfo info{};
      p.run_clc(&info);
      CK(cudaDeviceSynchronize());
      float clc_ms = p.time([&] { p.run_clc(); }, 3, 10);
      std::printf("%dx%dx%d%s: clc %.4f ms\n", s.m, s.n, s.k, s.b_col ? " (B col)" : "", clc_ms);
      p.print_algo();
      std::fflush(stdout);
      CK(cudaProfilerStart());
      p.run_lt(p.best);
      p.run_gemmex();
      p.run_clc();
      CK(cudaDeviceSynchronize());
      CK(cudaProfilerStop());
    }
  }
  if (power) {
    std::vector<Shape> list = shapes.empty() ? std::vector<Shape>{{8192, 8192, 8192, false}, {16256, 16256, 4096, false}}
                                             : shapes;
    // Phases: cuBLAS, then each clc variant, then cuBLAS again (the clc variants: Auto, Static, Ticket
    // with 1x1 clusters, Ticket with swizzle 4 and 16).
    struct Variant {
      const char* name;
      int source;  // 0 auto, 1 static, 2 ticket
      int cluster, swizzle, grain;
    };
    std::vector<Variant> vars = {{"clc", 0, 0, 0, 0}, {"clc g1", 0, 0, 0, 1}, {"clc Static", 1, 0, 0, 0}};
    if (variants) vars = {{"clc", 0, 0, 0, 0},    {"clc g1", 0, 0, 0, 1},    {"clc Static", 1, 0, 0, 0},
                          {"clc c1 g1", 0, 1, 0, 1}, {"clc s4 g1", 0, 0, 4, 1}, {"clc s16 g1", 0, 0, 16, 1}};
    Sampler smp;
    for (Shape const& s : list) {
      Problem p(s);
      p.select();
      bool lt_best = p.best_ms <= p.gemmex_ms;
      double flop = 2.0 * s.m * s.n * s.k;
      std::printf("%dx%dx%d: cuBLAS %s\n", s.m, s.n, s.k, lt_best ? "Lt best" : "GemmEx");
      int const phases = int(vars.size()) + 2;
      for (int ph = 0; ph < phases; ++ph) {
        bool const blas = ph == 0 || ph == phases - 1;
        std::string who = "cuBLAS";
        if (!blas) {
          Variant const& v = vars[ph - 1];
          who = v.name;
          p.opts = clc::gemm::Options{};
          if (v.source == 1) p.opts.source = clc::SourceKind::Static;
          if (v.source == 2) p.opts.source = clc::SourceKind::Ticket;
          p.opts.cluster_m = v.cluster;
          p.opts.swizzle = v.swizzle;
          p.opts.max_grain = v.grain;
          clc::gemm::RunInfo info{};
          p.run_clc(&info);
          char buf[96];
          std::snprintf(buf, sizeof buf, " (c%d s%d g%d %s)", info.cluster_m, info.swizzle, p.opts.max_grain,
                        info.source == clc::SourceKind::Static ? "Static" : "Ticket");
          who += buf;
        }
        int const slot = ph % 8;
        smp.watts[slot].clear();
        smp.mhz[slot].clear();
        CK(cudaDeviceSynchronize());
        auto t0 = std::chrono::steady_clock::now();
        smp.phase = slot;
        long launches = 0;
        cudaEvent_t e0, e1;
        CK(cudaEventCreate(&e0));
        CK(cudaEventCreate(&e1));
        CK(cudaEventRecord(e0));
        while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < seconds) {
          for (int j = 0; j < 20; ++j, ++launches) {
            if (!blas) p.run_clc();
            else if (lt_best) p.run_lt(p.best);
            else p.run_gemmex();
          }
          CK(cudaEventRecord(e1));
          CK(cudaEventSynchronize(e1));
        }
        smp.phase = -1;
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        CK(cudaEventDestroy(e0));
        CK(cudaEventDestroy(e1));
        double const tf = flop / (ms / launches * 1e-3) / 1e12, w = mean_tail(smp.watts[slot]),
                     mhz = mean_tail(smp.mhz[slot]);
        std::printf("  %-30s %6ld launches %.4f ms each %7.1f TFLOP/s  power %6.1f W  SM %6.0f MHz  %.1f TFLOP/s per kW"
                    "  %.1f TFLOP/s per GHz\n",
                    who.c_str(), launches, ms / launches, tf, w, mhz, tf / w * 1000.0, tf / mhz * 1000.0);
        std::fflush(stdout);
      }
      p.opts = clc::gemm::Options{};
    }
  }
  if (once) {  // one launch of each (for ncu): the fastest cuBLAS, then clc Auto
    for (Shape const& s : shapes) {
      Problem p(s);
      p.select();
      bool lt_best = p.best_ms <= p.gemmex_ms;
      p.opts.max_grain = once_grain;
      p.run_clc();
      CK(cudaDeviceSynchronize());
      CK(cudaProfilerStart());
      if (lt_best) p.run_lt(p.best); else p.run_gemmex();
      p.run_clc();
      CK(cudaDeviceSynchronize());
      CK(cudaProfilerStop());
    }
  }
  return 0;
}
