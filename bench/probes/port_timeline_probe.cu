//! @file bench/probes/port_timeline_probe.cu
//! @brief Diagnostics, not part of the build: where the histogram and transpose ports lose time against
//! their originals (issue 9 section 4; docs/porting.md). Instrumented copies of the examples' bodies
//! (examples/11_port_histogram, examples/12_port_transpose: the same code plus a %globaltimer stamp
//! by thread 0 at a block's entry and exit and its SM) run as the original grid and through
//! `clc::port::launch` under Ticket, Static and Single, on the examples' own data (their case.cuh).
//! For each variant: the event-timed median of several launches, then for the launch whose makespan is
//! the median: its makespan (first entry to last exit), block durations by start rank ("round" =
//! rank / resident slots), the number of blocks running at 20 points of the makespan, the gap between
//! a worker's consecutive blocks, and the last blocks to end. Then, for the histogram, the longest block
//! of every launch and the merge alone on each SM; for both, the examples' own uninstrumented kernels timed
//! three ways (`timing_modes`: gated as clc-bench port, gated x10, back to back), the histogram again with
//! its partials persisting in L2, the transpose's original with its occupancy capped beside worker caps.
//!   nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a -Iinclude \
//!        -Iexamples -Iexamples/common bench/probes/port_timeline_probe.cu build/src/libclc_host.a \
//!        -o port_timeline_probe -lcuda && ./port_timeline_probe
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "11_port_histogram/case.cuh"
#include "12_port_transpose/case.cuh"
#include "clc/port.cuh"

#include "probe_check.cuh"

struct Rec {
  unsigned long long start, end;
  unsigned sm, worker;
};

__device__ __forceinline__ unsigned long long gtimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ unsigned smid() {
  unsigned s;
  asm volatile("mov.u32 %0, %smid;" : "=r"(s));
  return s;
}

__device__ Rec* g_rec;  // one record per original block

namespace hprobe {
using namespace histogram;
__device__ __forceinline__ void body(unsigned bx, unsigned nblocks, unsigned worker, unsigned char const* data,
                                     std::size_t n, unsigned* partials, unsigned* hist, unsigned* blocks_done) {
  __shared__ unsigned bins[kBins];
  __shared__ bool is_last;
  unsigned long long t0 = 0;
  if (threadIdx.x == 0) t0 = gtimer();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) bins[b] = 0;
  __syncthreads();
  std::size_t const begin = std::size_t(bx) * kItemsPerBlock;
  std::size_t const end = begin + kItemsPerBlock < n ? begin + kItemsPerBlock : n;
  for (std::size_t i = begin + threadIdx.x; i < end; i += blockDim.x) atomicAdd(&bins[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) partials[std::size_t(bx) * kBins + b] = bins[b];
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) is_last = atomicInc(blocks_done, nblocks - 1) == nblocks - 1;
  __syncthreads();
  if (is_last) {
    __threadfence();
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
      unsigned sum = 0;
      for (unsigned k = 0; k < nblocks; ++k) sum += __ldcg(&partials[std::size_t(k) * kBins + b]);
      hist[b] = sum;
    }
  }
  if (threadIdx.x == 0) g_rec[bx] = Rec{t0, gtimer(), smid(), worker};
}
__global__ void original(unsigned char const* data, std::size_t n, unsigned* partials, unsigned* hist,
                         unsigned* blocks_done) {
  body(blockIdx.x, gridDim.x, blockIdx.x, data, n, partials, hist, blocks_done);
}
__device__ void ported(clc::VirtualBlock const& vb, unsigned char const* data, std::size_t n, unsigned* partials,
                       unsigned* hist, unsigned* blocks_done) {
  body(vb.idx.x, vb.dim.x, blockIdx.x, data, n, partials, hist, blocks_done);
}
}  // namespace hprobe

namespace tprobe {
using namespace transpose;
__device__ __forceinline__ void body(unsigned bx, unsigned by, unsigned gx, unsigned tx, unsigned ty, unsigned worker,
                                     float const* in, float* out, int rows, int cols) {
  __shared__ float tile[kTile][kTile + 1];
  unsigned long long t0 = 0;
  bool const lead = tx == 0 && ty == 0;
  if (lead) t0 = gtimer();
  int x = int(bx) * kTile + int(tx);
  int y = int(by) * kTile + int(ty);
  for (int j = 0; j < kTile; j += kRows)
    if (x < cols && y + j < rows) tile[ty + j][tx] = in[std::size_t(y + j) * cols + x];
  __syncthreads();
  x = int(by) * kTile + int(tx);
  y = int(bx) * kTile + int(ty);
  for (int j = 0; j < kTile; j += kRows)
    if (x < rows && y + j < cols) out[std::size_t(y + j) * rows + x] = tile[tx][ty + j];
  if (lead) g_rec[by * gx + bx] = Rec{t0, gtimer(), smid(), worker};
}
__global__ void original(float const* in, float* out, int rows, int cols) {
  body(blockIdx.x, blockIdx.y, gridDim.x, threadIdx.x, threadIdx.y, blockIdx.x + gridDim.x * blockIdx.y, in, out,
       rows, cols);
}
__device__ void ported(clc::VirtualBlock const& vb, float const* in, float* out, int rows, int cols) {
  body(vb.idx.x, vb.idx.y, vb.dim.x, vb.thread.x, vb.thread.y, blockIdx.x, in, out, rows, cols);
}
// The same blocks in the other order (block row fastest): launched with grid (gy, gx), idx swapped.
__global__ void original_by_fastest(float const* in, float* out, int rows, int cols) {
  body(blockIdx.y, blockIdx.x, gridDim.y, threadIdx.x, threadIdx.y, blockIdx.x + gridDim.x * blockIdx.y, in, out,
       rows, cols);
}
__device__ void ported_by_fastest(clc::VirtualBlock const& vb, float const* in, float* out, int rows, int cols) {
  body(vb.idx.y, vb.idx.x, vb.dim.y, vb.thread.x, vb.thread.y, blockIdx.x, in, out, rows, cols);
}
}  // namespace tprobe

static double pct(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

//! The histogram's merge alone (the last block's loop over every partial), run by the one CTA of a
//! launch that lands on SM `target` (one CTA per SM: the dynamic shared memory allows no second one).
__global__ void merge_on_sm(unsigned const* partials, unsigned nblocks, unsigned target, unsigned* out,
                            unsigned long long* dur) {
  if (smid() != target) return;
  unsigned long long t0 = 0;
  if (threadIdx.x == 0) t0 = gtimer();
  for (int b = threadIdx.x; b < histogram::kBins; b += blockDim.x) {
    unsigned sum = 0;
    for (unsigned k = 0; k < nblocks; ++k) sum += __ldcg(&partials[std::size_t(k) * histogram::kBins + b]);
    out[b] = sum;
  }
  __syncthreads();
  if (threadIdx.x == 0) *dur = gtimer() - t0;
}

//! The merge's duration on each SM (two launches each, the partials of the last histogram launch in
//! L2): does the merging block's SM set its speed?
static void merge_sweep(unsigned const* partials, unsigned nblocks, int sms) {
  int const smem = 160 * 1024;
  CK(cudaFuncSetAttribute(merge_on_sm, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  unsigned* out = nullptr;
  unsigned long long* dur = nullptr;
  CK(cudaMalloc(&out, histogram::kBins * sizeof(unsigned)));
  CK(cudaMalloc(&dur, sizeof(unsigned long long)));
  std::vector<double> first, second;
  std::printf("\n\n==== merge alone per SM (us, two launches each): ");
  for (int s = 0; s < sms; ++s) {
    double d[2] = {0, 0};
    for (int rep = 0; rep < 2; ++rep) {
      CK(cudaMemset(dur, 0, sizeof(unsigned long long)));
      merge_on_sm<<<sms, histogram::kThreads, smem>>>(partials, nblocks, unsigned(s), out, dur);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      unsigned long long h = 0;
      CK(cudaMemcpy(&h, dur, sizeof h, cudaMemcpyDeviceToHost));
      d[rep] = double(h) / 1e3;
    }
    first.push_back(d[0]);
    second.push_back(d[1]);
    std::printf(" sm%d %.1f/%.1f", s, d[0], d[1]);
  }
  std::printf("\nmerge alone: first [min p10 p50 p90 max] [%.2f %.2f %.2f %.2f %.2f], second [%.2f %.2f %.2f %.2f %.2f]\n",
              pct(first, 0), pct(first, 0.1), pct(first, 0.5), pct(first, 0.9), pct(first, 1), pct(second, 0),
              pct(second, 0.1), pct(second, 0.5), pct(second, 0.9), pct(second, 1));
  CK(cudaFree(out));
  CK(cudaFree(dur));
}


struct Variant {
  std::string name;
  std::function<void(cudaStream_t)> run;
};

static void analyse(std::string const& name, std::vector<Rec> const& r, int slots, float event_ms) {
  unsigned long long t0 = ~0ull, t1 = 0;
  for (auto const& x : r) {
    t0 = std::min(t0, x.start);
    t1 = std::max(t1, x.end);
  }
  double const span = double(t1 - t0) / 1e3;  // us
  std::printf("\n-- %s: event %.4f ms, span %.2f us (first entry to last exit), %zu blocks, %d slots\n", name.c_str(),
              event_ms, span, r.size(), slots);
  // start rank -> round
  std::vector<std::size_t> order(r.size());
  for (std::size_t i = 0; i < r.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return r[a].start < r[b].start; });
  int const rounds = int((r.size() + slots - 1) / slots);
  std::printf("   round: blocks, start us [p0 p50 p100], duration us [p10 p50 p90 max], end us [p50 p100]\n");
  for (int k = 0; k < rounds && k < 70; ++k) {
    if (rounds > 8 && k > 2 && k < rounds - 3) continue;
    std::vector<double> st, du, en;
    for (std::size_t j = std::size_t(k) * slots; j < std::min(r.size(), std::size_t(k + 1) * slots); ++j) {
      Rec const& x = r[order[j]];
      st.push_back(double(x.start - t0) / 1e3);
      du.push_back(double(x.end - x.start) / 1e3);
      en.push_back(double(x.end - t0) / 1e3);
    }
    std::printf("   %3d: %5zu  [%7.2f %7.2f %7.2f]  [%6.2f %6.2f %6.2f %6.2f]  [%7.2f %7.2f]\n", k, st.size(), pct(st, 0),
                pct(st, 0.5), pct(st, 1), pct(du, 0.1), pct(du, 0.5), pct(du, 0.9), pct(du, 1), pct(en, 0.5),
                pct(en, 1));
  }
  std::printf("   running at 5%% steps of the span:");
  for (int s = 0; s <= 20; ++s) {
    unsigned long long const t = t0 + (t1 - t0) * s / 20;
    int c = 0;
    for (auto const& x : r) c += x.start <= t && t < x.end;
    std::printf(" %d", c);
  }
  std::printf("\n");
  // gaps between a worker's consecutive blocks (ports: same CTA; original: same SM slot unknown -> per SM)
  std::vector<std::vector<std::size_t>> by_worker;
  unsigned maxw = 0;
  for (auto const& x : r) maxw = std::max(maxw, x.worker);
  by_worker.resize(maxw + 1);
  for (std::size_t i : order) by_worker[r[i].worker].push_back(i);
  std::vector<double> gaps;
  std::vector<double> per_worker_blocks;
  for (auto const& w : by_worker) {
    if (w.empty()) continue;
    per_worker_blocks.push_back(double(w.size()));
    for (std::size_t j = 1; j < w.size(); ++j) gaps.push_back(double(static_cast<long long>(r[w[j]].start - r[w[j - 1]].end)) / 1e3);
  }
  if (!gaps.empty())
    std::printf("   worker gaps us [p10 p50 p90 max] [%.3f %.3f %.3f %.3f]; blocks per worker [min p50 max] [%.0f %.0f %.0f]\n",
                pct(gaps, 0.1), pct(gaps, 0.5), pct(gaps, 0.9), pct(gaps, 1), pct(per_worker_blocks, 0),
                pct(per_worker_blocks, 0.5), pct(per_worker_blocks, 1));
  std::vector<int> per_sm(256, 0);
  for (auto const& x : r) per_sm[x.sm % 256]++;
  std::vector<double> sms;
  for (int c : per_sm)
    if (c) sms.push_back(c);
  std::printf("   blocks per SM [min p50 max] [%.0f %.0f %.0f] over %zu SMs\n", pct(sms, 0), pct(sms, 0.5), pct(sms, 1),
              sms.size());
  // the last blocks to end
  std::vector<std::size_t> by_end = order;
  std::sort(by_end.begin(), by_end.end(), [&](std::size_t a, std::size_t b) { return r[a].end > r[b].end; });
  std::printf("   last to end (block: start end dur sm worker [its previous block's end]):\n");
  for (int j = 0; j < 12 && j < int(by_end.size()); ++j) {
    Rec const& x = r[by_end[j]];
    auto const& w = by_worker[x.worker];
    double prev = -1;
    for (std::size_t q = 1; q < w.size(); ++q)
      if (w[q] == by_end[j]) prev = double(r[w[q - 1]].end - t0) / 1e3;
    std::printf("     %6zu: %7.2f %7.2f %6.2f sm%3u w%5u [%7.2f]\n", by_end[j], double(x.start - t0) / 1e3,
                double(x.end - t0) / 1e3, double(x.end - x.start) / 1e3, x.sm, x.worker, prev);
  }
}

static void run_case(char const* title, std::size_t blocks, int slots, std::vector<Variant> const& variants,
                     std::function<void(cudaStream_t)> reset, int launches, bool longest = false) {
  std::printf("\n==== %s\n", title);
  Rec* d_rec = nullptr;
  CK(cudaMalloc(&d_rec, blocks * sizeof(Rec)));
  CK(cudaMemcpyToSymbol(g_rec, &d_rec, sizeof d_rec));
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (auto const& v : variants) {
    std::vector<std::pair<double, std::vector<Rec>>> runs;
    std::vector<float> ev;
    for (int i = 0; i < launches + 2; ++i) {
      if (reset) reset(s);
      CK(cudaMemsetAsync(d_rec, 0, blocks * sizeof(Rec), s));
      CK(cudaEventRecord(e0, s));
      v.run(s);
      CK(cudaEventRecord(e1, s));
      CK(cudaStreamSynchronize(s));
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      if (i < 2) continue;  // warm-up
      std::vector<Rec> h(blocks);
      CK(cudaMemcpy(h.data(), d_rec, blocks * sizeof(Rec), cudaMemcpyDeviceToHost));
      unsigned long long a = ~0ull, b = 0;
      std::size_t missing = 0;
      for (auto const& x : h) {
        if (x.end == 0) ++missing;
        a = std::min(a, x.start);
        b = std::max(b, x.end);
      }
      if (missing) {
        std::printf("%s: %zu blocks without a record\n", v.name.c_str(), missing);
        std::exit(1);
      }
      ev.push_back(ms);
      runs.emplace_back(double(b - a), std::move(h));
    }
    if (longest) {
      // Per launch, in launch order: the block that ran longest (the histogram's merging block), its SM,
      // start and duration, so that a slow merge can be told from a late one and from an SM's own speed.
      std::printf("\n%s: longest block per launch (sm start+dur us):", v.name.c_str());
      std::vector<double> durs;
      for (auto const& run : runs) {
        auto const& h = run.second;
        unsigned long long a = ~0ull;
        for (auto const& x : h) a = std::min(a, x.start);
        std::size_t j = 0;
        for (std::size_t q = 1; q < h.size(); ++q)
          if (h[q].end - h[q].start > h[j].end - h[j].start) j = q;
        double const d = double(h[j].end - h[j].start) / 1e3;
        durs.push_back(d);
        std::printf(" sm%u %.1f+%.1f", h[j].sm, double(h[j].start - a) / 1e3, d);
      }
      std::printf("\n%s: longest block dur us [min p50 max] [%.2f %.2f %.2f]", v.name.c_str(), pct(durs, 0),
                  pct(durs, 0.5), pct(durs, 1));
    }
    std::sort(runs.begin(), runs.end(), [](auto const& x, auto const& y) { return x.first < y.first; });
    std::vector<double> evd(ev.begin(), ev.end());
    std::printf("\n%s: spans us [min med max] [%.2f %.2f %.2f], event ms median %.4f", v.name.c_str(),
                runs.front().first / 1e3, runs[runs.size() / 2].first / 1e3, runs.back().first / 1e3, pct(evd, 0.5));
    analyse(v.name, runs[runs.size() / 2].second, slots, float(pct(evd, 0.5)));
  }
  CK(cudaFree(d_rec));
  CK(cudaStreamDestroy(s));
}

//! The examples' own (uninstrumented) kernels timed three ways, in rounds with the order rotated:
//! "gated" as clc-bench port does (a 1-SM gate kernel of 300 us on the stream, then one launch between
//! two events: the median of 11), "gated x10" (the gate, then 10 launches back to back between the
//! events, per launch) and "back to back" (10 launches between events, no gate, per launch). Does the
//! bench's method (a launch that starts right after the gate) cost the ports more than the original?
using Launch = std::pair<std::string, std::function<void(cudaStream_t)>>;

static Launch port_launch(clc_examples::PortCase const& pc, std::string name, clc::SourceKind k, int workers) {
  return {std::move(name), [&pc, k, workers](cudaStream_t s) {
            clc::ScheduleOptions o;
            o.source = k;
            o.max_workers = workers;
            clc::Error const e = pc.ported(o, 0, s);
            if (!e.ok()) {
              std::printf("port launch: %s\n", e.message.c_str());
              std::exit(1);
            }
          }};
}

//! With `persist` set, the stream's L2 access policy keeps [persist, persist + persist_bytes) resident
//! (the histogram's partials: is the merge's time its L2 misses?).
static void timing_modes(char const* title, std::vector<Launch> const& vs, void* persist = nullptr,
                         std::size_t persist_bytes = 0) {
  std::printf("\n\n==== timing modes: %s\n", title);
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  if (persist != nullptr) {
    CK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, persist_bytes));
    cudaStreamAttrValue a{};
    a.accessPolicyWindow.base_ptr = persist;
    a.accessPolicyWindow.num_bytes = persist_bytes;
    a.accessPolicyWindow.hitRatio = 1.0f;
    a.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    a.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    CK(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &a));
    std::printf("(the stream keeps %zu bytes at %p persisting in L2)\n", persist_bytes, persist);
  }
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  auto gate = [&] {
    clc::Error const e = clc::tools::hold_sms(1, clc_examples::CaseRunner::kGateUs * 1e-3, s);
    if (!e.ok()) {
      std::printf("hold_sms: %s\n", e.message.c_str());
      std::exit(1);
    }
  };
  auto timed = [&](Launch const& v, bool gated, int n) {
    if (gated) gate();
    CK(cudaEventRecord(e0, s));
    for (int i = 0; i < n; ++i) v.second(s);
    CK(cudaEventRecord(e1, s));
    CK(cudaStreamSynchronize(s));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    return double(ms) / n;
  };
  std::vector<std::vector<double>> g(vs.size()), g10(vs.size()), b2b(vs.size());
  int const rounds = 7;
  for (int r = 0; r < rounds; ++r)
    for (std::size_t q = 0; q < vs.size(); ++q) {
      std::size_t const i = (q + std::size_t(r)) % vs.size();
      for (int w = 0; w < 3; ++w) timed(vs[i], false, 1);  // warm-up
      std::vector<double> one;
      for (int k = 0; k < 11; ++k) one.push_back(timed(vs[i], true, 1));
      g[i].push_back(pct(one, 0.5));
      g10[i].push_back(timed(vs[i], true, 10));
      b2b[i].push_back(timed(vs[i], false, 10));
    }
  std::printf("%-26s gated ms [min med max] (vs first)  gated x10 ms (vs first)  back to back ms (vs first)\n", "variant");
  for (std::size_t i = 0; i < vs.size(); ++i)
    std::printf("%-26s [%.4f %.4f %.4f] (%.3f)   %.4f (%.3f)   %.4f (%.3f)\n", vs[i].first.c_str(), pct(g[i], 0),
                pct(g[i], 0.5), pct(g[i], 1), pct(g[i], 0.5) / pct(g[0], 0.5), pct(g10[i], 0.5),
                pct(g10[i], 0.5) / pct(g10[0], 0.5), pct(b2b[i], 0.5), pct(b2b[i], 0.5) / pct(b2b[0], 0.5));
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  CK(cudaStreamDestroy(s));
  if (persist != nullptr) {
    CK(cudaCtxResetPersistingL2Cache());
    CK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0));
  }
}

int main() {
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  int const slots = prop.multiProcessorCount * 8;  // 8 CTAs of 256 threads per SM (both originals and ports)
  auto port_opts = [](clc::SourceKind k, int workers, cudaStream_t s) {
    clc::ScheduleOptions o;
    o.source = k;
    o.max_workers = workers;
    return clc::port::options(0, s).with_schedule(o).with_blocks_per_tile(1);
  };
  {
    histogram::Case c;
    dim3 const grid = histogram::grid_for(c.n), block = histogram::block();
    std::vector<Variant> v;
    v.push_back({"original", [&](cudaStream_t s) {
                   hprobe::original<<<grid, block, 0, s>>>(c.data, c.n, c.partials, c.hist, c.blocks_done);
                   CK(cudaGetLastError());
                 }});
    for (auto k : {std::make_pair(clc::SourceKind::Ticket, "Ticket"), std::make_pair(clc::SourceKind::Static, "Static"),
                   std::make_pair(clc::SourceKind::Single, "Single")})
      v.push_back({std::string("port/") + k.second, [&, k](cudaStream_t s) {
                     clc::Error e = clc::port::launch<hprobe::ported, clc::port::LaunchBounds<256, 8>>(
                         grid, block, port_opts(k.first, 0, s), c.data, c.n, c.partials, c.hist, c.blocks_done);
                     if (!e.ok()) {
                       std::printf("port launch: %s\n", e.message.c_str());
                       std::exit(1);
                     }
                   }});
    run_case("histogram (grid 3201, block 256)", grid.x, slots, v,
             [&](cudaStream_t s) { CK(cudaMemsetAsync(c.blocks_done, 0, sizeof(unsigned), s)); }, 25, true);
    merge_sweep(c.partials, grid.x, prop.multiProcessorCount);
    clc_examples::PortCase const pc = c.port_case();
    std::vector<Launch> const hv = {{"original", pc.original},
                                    port_launch(pc, "port/Ticket", clc::SourceKind::Ticket, 0),
                                    port_launch(pc, "port/Single", clc::SourceKind::Single, 0)};
    timing_modes("histogram", hv);
    timing_modes("histogram, partials persisting in L2", hv, c.partials,
                 std::size_t(grid.x) * histogram::kBins * sizeof(unsigned));
  }
  {
    transpose::Case c;
    dim3 const grid = transpose::grid_for(c.rows, c.cols), block = transpose::block();
    std::vector<Variant> v;
    v.push_back({"original", [&](cudaStream_t s) {
                   tprobe::original<<<grid, block, 0, s>>>(c.in, c.out, c.rows, c.cols);
                   CK(cudaGetLastError());
                 }});
    for (auto k : {std::make_tuple(clc::SourceKind::Ticket, "Ticket", 0), std::make_tuple(clc::SourceKind::Ticket, "Ticket/workers=792", 792),
                   std::make_tuple(clc::SourceKind::Single, "Single", 0)})
      v.push_back({std::string("port/") + std::get<1>(k), [&, k](cudaStream_t s) {
                     clc::Error e = clc::port::launch<tprobe::ported, clc::port::LaunchBounds<256, 8>>(
                         grid, block, port_opts(std::get<0>(k), std::get<2>(k), s), c.in, c.out, c.rows, c.cols);
                     if (!e.ok()) {
                       std::printf("port launch: %s\n", e.message.c_str());
                       std::exit(1);
                     }
                   }});
    dim3 const swapped(grid.y, grid.x);
    v.push_back({"original/by-fastest", [&](cudaStream_t s) {
                   tprobe::original_by_fastest<<<swapped, block, 0, s>>>(c.in, c.out, c.rows, c.cols);
                   CK(cudaGetLastError());
                 }});
    for (auto k : {std::make_pair(clc::SourceKind::Ticket, "Ticket"), std::make_pair(clc::SourceKind::Single, "Single")})
      v.push_back({std::string("port/") + k.second + "/by-fastest", [&, k](cudaStream_t s) {
                     clc::Error e = clc::port::launch<tprobe::ported_by_fastest, clc::port::LaunchBounds<256, 8>>(
                         swapped, block, port_opts(k.first, 0, s), c.in, c.out, c.rows, c.cols);
                     if (!e.ok()) {
                       std::printf("port launch: %s\n", e.message.c_str());
                       std::exit(1);
                     }
                   }});
    run_case("transpose (grid 257x256, block 32x8)", std::size_t(grid.x) * grid.y, slots, v, nullptr, 7);
    clc_examples::PortCase const pc = c.port_case();
    // The original with its occupancy capped by dynamic shared memory it does not use (34 and 41 KB a
    // CTA with the static 4.2 KB: 6 and 5 CTAs per SM of 228 KB), against the port's worker caps.
    auto capped = [&](std::size_t dyn) -> Launch {
      int per_sm = 0;
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose::original::transpose32, 256, dyn));
      return {"original/" + std::to_string(per_sm) + "perSM", [&c, grid, block, dyn](cudaStream_t s) {
                transpose::original::transpose32<<<grid, block, dyn, s>>>(c.in, c.out, c.rows, c.cols);
                CK(cudaGetLastError());
              }};
    };
    int const sms = prop.multiProcessorCount;
    timing_modes("transpose", {{"original", pc.original}, capped(30 * 1024), capped(37 * 1024),
                               port_launch(pc, "port/Ticket", clc::SourceKind::Ticket, 0),
                               port_launch(pc, "port/Ticket/6perSM", clc::SourceKind::Ticket, 6 * sms),
                               port_launch(pc, "port/Ticket/5perSM", clc::SourceKind::Ticket, 5 * sms),
                               port_launch(pc, "port/Ticket/4perSM", clc::SourceKind::Ticket, 4 * sms),
                               port_launch(pc, "port/Single", clc::SourceKind::Single, 0)});
  }
  return 0;
}
