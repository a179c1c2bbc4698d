// Builds against clc as a downstream user would, and uses every library it links: argument errors
// (no GPU needed) everywhere, and with a GPU a real launch and a real GEMM, checked.
#include <cmath>
#include <cstdio>
#include <vector>

#include <cuda_bf16.h>

#include "clc/clc.cuh"
#include "clc/device_presence.hpp"
#if CLC_CONSUMER_ALL
#  include "attention/attention.hpp"
#  include "c_api.h"
#  include "clc/kit/kit.cuh"
#  include "clc/sim/simulator.hpp"
#  include "clc/tools/interference.hpp"
#  include "conv/conv.hpp"
#  include "gemm/gemm.hpp"
#  include <gpu_trace.hpp>
#  include <json.hpp>
#endif

struct Touch {
  int* out;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (threadIdx.x == 0) out[t.x] = t.x + 1;
  }
};

#define FAIL(code, ...)            \
  do {                             \
    std::printf(__VA_ARGS__);      \
    std::printf("\n");             \
    return code;                   \
  } while (0)

int main() {
  clc::Error const bad = clc::launch(Touch{nullptr}, clc::TileSpace(0));
  if (bad.status != clc::Status::InvalidArgument) FAIL(1, "runtime: tiles.x = 0 was not refused");
  std::printf("runtime ok: %s\n", bad.what().c_str());
#if CLC_CONSUMER_ALL
  {
    clc::gemm::Arguments a;  // m = 0: refused by name without a device
    clc::Error const e = clc::gemm::can_implement(a);
    if (e.status != clc::Status::InvalidArgument) FAIL(2, "gemm: m = 0 was not refused: %s", e.what().c_str());
    std::printf("gemm ok: %s\n", e.what().c_str());
  }
  {
    clc::conv::Arguments a;  // n = 0: refused by name without a device
    clc::Error const e = clc::conv::can_implement(a);
    if (e.status != clc::Status::InvalidArgument) FAIL(19, "conv: n = 0 was not refused: %s", e.what().c_str());
    std::printf("conv ok: %s\n", e.what().c_str());
  }
  {
    clc::attention::Arguments a;  // heads_q 0: refused by name, before any device call
    clc::Error const e = clc::attention::can_implement(a);
    if (e.status != clc::Status::InvalidArgument && e.status != clc::Status::NotSupported) FAIL(3, "attention");
    std::printf("attention ok: %s\n", e.what().c_str());
    char msg[256] = {0};
    if (clc_attention_run(nullptr, nullptr, nullptr, msg, int(sizeof msg)) == 0) FAIL(4, "attention_c: null args accepted");
    std::printf("attention_c ok: %s\n", msg);
  }
  {
    clc::sim::Config c = clc::sim::article_example();
    auto r = clc::sim::simulate(c, clc::sim::SourceKind::Ticket);
    if (!r) FAIL(5, "sim: the article's example did not simulate");
    clc::json::Writer w;
    w.begin_object().field("makespan", r.value().makespan).end_object();
    clc::json::Value v;
    if (!clc::json::parse(w.str(), &v)) FAIL(6, "json: cannot read back %s", w.str().c_str());
    std::printf("sim + json ok: %s\n", w.str().c_str());
    clc::TraceSummary const s = clc::summarize_trace({});
    (void)s;
    std::printf("trace ok\n");
    int sms = 0;
    if (clc::tools::sms_for_fraction(2.0, &sms).ok()) FAIL(7, "tools: a fraction of 2 was accepted");
    std::printf("tools ok\n");
  }
#endif
  clc::GpuPresence gpu;
  if (clc::Error e = clc::detect_gpus(&gpu)) FAIL(10, "%s", e.what().c_str());
  if (gpu.devices == 0) {
    std::printf("%s: the GPU part is skipped\n", gpu.why_none.c_str());
    return 0;
  }
  int const n = 1000;
  int* d = nullptr;
  if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) FAIL(11, "cudaMalloc");
  if (cudaMemset(d, 0xff, n * sizeof(int)) != cudaSuccess) FAIL(11, "cudaMemset");
  if (clc::Error e = clc::launch(Touch{d}, clc::TileSpace(n))) FAIL(12, "%s", e.what().c_str());
  std::vector<int> h(n);
  if (cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) FAIL(13, "copy");
  for (int i = 0; i < n; ++i)
    if (h[i] != i + 1) FAIL(14, "launch: tile %d wrote %d", i, h[i]);
  std::printf("launch ok on the GPU (%d tiles)\n", n);
#if CLC_CONSUMER_ALL
  {
    int const m = 96, nn = 80, k = 72;  // D = A B, A m x k row-major, B k x n row-major; small integers: exact
    std::vector<__nv_bfloat16> ha(std::size_t(m) * k), hb(std::size_t(k) * nn);
    for (int i = 0; i < m * k; ++i) ha[i] = __float2bfloat16(float((i * 7) % 5 - 2));
    for (int i = 0; i < k * nn; ++i) hb[i] = __float2bfloat16(float((i * 3) % 7 - 3));
    void *da = nullptr, *db = nullptr, *dd = nullptr;
    if (cudaMalloc(&da, ha.size() * 2) || cudaMalloc(&db, hb.size() * 2) || cudaMalloc(&dd, std::size_t(m) * nn * 4))
      FAIL(15, "cudaMalloc");
    cudaMemcpy(da, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice);
    cudaMemset(dd, 0xff, std::size_t(m) * nn * 4);  // NaN poison
    clc::gemm::Arguments g;
    g.m = m; g.n = nn; g.k = k;
    g.a = da; g.lda = k; g.layout_a = clc::gemm::Layout::RowMajor;
    g.b = db; g.ldb = nn; g.layout_b = clc::gemm::Layout::RowMajor;
    g.d = dd; g.ldd = nn; g.d_type = clc::gemm::DType::F32; g.c_type = clc::gemm::DType::F32;
    if (clc::Error e = clc::gemm::run(g)) FAIL(16, "%s", e.what().c_str());
    std::vector<float> hd(std::size_t(m) * nn);
    if (cudaMemcpy(hd.data(), dd, hd.size() * 4, cudaMemcpyDeviceToHost) != cudaSuccess) FAIL(17, "copy");
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < nn; ++j) {
        double ref = 0;
        for (int q = 0; q < k; ++q) ref += double(__bfloat162float(ha[i * k + q])) * __bfloat162float(hb[q * nn + j]);
        if (!(std::fabs(hd[i * nn + j] - ref) <= 1e-3)) FAIL(18, "gemm: D(%d,%d) = %g, want %g", i, j, hd[i * nn + j], ref);
      }
    std::printf("gemm ok on the GPU (%dx%dx%d, every element)\n", m, nn, k);
  }
#endif
  return 0;
}
