//! @file bench/probes/startup_probe.cu
//! @brief Diagnostics, not part of the build: where a short persistent warp-role launch spends the time
//! that `Ticket` costs more than `Static` (clc-bench gemm at 1024^3, one 128 x 128 tile per worker: Ticket
//! 0.0136 ms, Static 0.0115, Single 0.0117 with 1x1 clusters; bench/results/h200-kit-next-tile.txt). A
//! kernel shaped like the kit's (warp 0 the producer role, warp 1 the scheduler warp, warps 4..11 eight
//! consumer warps; 384 threads, one CTA per SM) in which consumer warp 4's lane 0 spins for each tile's
//! cost and every other iterating warp only follows the tiles, stamps %globaltimer per CTA at: kernel
//! entry, after `init()`, the producer's and the consumers' first tile, the consumers' loop exit, and
//! after `finish()`. Printed per source: medians over the CTAs relative to the launch's first entry,
//! the last CTA's exit, and the event-timed launch (median of 21 after 3 warm-ups).
//!   nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a -Iinclude \
//!        bench/probes/startup_probe.cu build/release/src/libclc_host.a -o startup_probe -lcuda && ./startup_probe
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "clc/clc.cuh"

#include "probe_check.cuh"
#define CT(x)                                                                          \
  do {                                                                                 \
    clc::Error e_ = (x);                                                               \
    if (!e_.ok()) {                                                                    \
      std::printf("clc error %s at %s:%d\n", e_.what().c_str(), __FILE__, __LINE__); \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

namespace {

constexpr int kStamps = 7;  // entry, init done, producer first, consumer first, consumer exit, finish done, tiles
struct Params {
  clc::SchedulerParams sched;
  unsigned long long* stamps;  // [cta][kStamps]
  unsigned long long tile_ns;
};

__device__ unsigned long long now() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

template <class Source>
__global__ void __launch_bounds__(384, 1) probe_kernel(__grid_constant__ Params const p) {
  unsigned long long const t_entry = now();
  using Sched = clc::Scheduler<Source, 2>;
  __shared__ typename Sched::SharedStorage storage;
  int const warp = int(threadIdx.x >> 5);
  Sched sched(storage, p.sched, 9u);  // the producer warp and eight consumer warps iterate
  sched.init();
  unsigned long long* s = p.stamps + std::size_t(blockIdx.x) * kStamps;
  if (threadIdx.x == 0) {
    s[0] = t_entry;
    s[1] = now();
  }
  if (warp == 0) {
    bool first = true;
    for (clc::WorkTile t : sched.tiles(clc::Role::Producer)) {
      (void)t;
      if (first && threadIdx.x == 0) s[2] = now();
      first = false;
      __syncwarp();
    }
  } else if (warp == 1) {
    sched.run_scheduler_warp();
  } else if (warp >= 4) {
    bool first = true;
    unsigned tiles = 0;
    for (clc::WorkTile t : sched.tiles(clc::Role::Consumer)) {
      (void)t;
      if (warp == 4 && (threadIdx.x & 31) == 0) {
        if (first) s[3] = now();
        unsigned long long const t0 = now();
        while (now() - t0 < p.tile_ns) {
        }
      }
      first = false;
      ++tiles;
      __syncwarp();
    }
    if (warp == 4 && (threadIdx.x & 31) == 0) {
      s[4] = now();
      s[6] = tiles;
    }
  }
  sched.finish();
  if (threadIdx.x == 0) s[5] = now();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

template <class Source>
void run(char const* name, int tiles, unsigned long long tile_ns, int max_grain) {
  clc::TileSpace ts(tiles);
  clc::LaunchOptions o;
  o.source = Source::kind;
  o.block_threads = 384;
  o.dynamic_smem_bytes = 200 * 1024;  // one CTA per SM, as the kit's kernels
  o.max_grain = max_grain;
  auto kernel = &probe_kernel<Source>;
  clc::PreparedLaunch pl;
  CT(clc::prepare_launch<Source>(kernel, ts, o, &pl));
  Params p{};
  p.sched = pl.sched;
  p.tile_ns = tile_ns;
  std::size_t const ctas = std::size_t(pl.config()->gridDim.x) * pl.config()->gridDim.y * pl.config()->gridDim.z;
  CK(cudaMalloc(&p.stamps, ctas * kStamps * sizeof(unsigned long long)));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<double> ev;
  std::vector<std::vector<double>> cols(8);
  for (int rep = 0; rep < 24; ++rep) {
    CK(cudaMemset(p.stamps, 0, ctas * kStamps * sizeof(unsigned long long)));
    CK(cudaEventRecord(e0));
    CK(cudaLaunchKernelEx(pl.config(), kernel, p));
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms = 0.f;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (rep < 3) continue;
    ev.push_back(ms * 1000.0);
    std::vector<unsigned long long> h(ctas * kStamps);
    CK(cudaMemcpy(h.data(), p.stamps, h.size() * sizeof(h[0]), cudaMemcpyDeviceToHost));
    unsigned long long t0 = ~0ull, tend = 0, tlast_entry = 0;
    for (std::size_t c = 0; c < ctas; ++c) {
      t0 = std::min(t0, h[c * kStamps]);
      tlast_entry = std::max(tlast_entry, h[c * kStamps]);
      tend = std::max(tend, h[c * kStamps + 5]);
    }
    std::vector<double> d[5];
    for (std::size_t c = 0; c < ctas; ++c) {
      unsigned long long const* r = &h[c * kStamps];
      if (r[6] == 0) continue;  // a CTA that ran no tile (Ticket workers past the tiles)
      d[0].push_back(double(r[1] - t0));
      d[1].push_back(double(r[2] - t0));
      d[2].push_back(double(r[3] - t0));
      d[3].push_back(double(r[4] - t0));
      d[4].push_back(double(r[5] - t0));
    }
    for (int i = 0; i < 5; ++i) cols[std::size_t(i)].push_back(median(d[i]));
    cols[5].push_back(double(tlast_entry - t0));
    cols[6].push_back(double(tend - t0));
  }
  std::printf("%-14s %6d %5.1f %7.0f %7.0f %7.0f %7.0f %7.0f %7.0f %8.0f %8.2f\n", name, tiles, tile_ns / 1000.0,
              median(cols[5]), median(cols[0]), median(cols[1]), median(cols[2]), median(cols[3]), median(cols[4]),
              median(cols[6]), median(ev));
  CK(cudaFree(p.stamps));
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
}

}  // namespace

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::printf("medians over the CTAs that ran a tile, ns from the launch's first CTA entry (event: us)\n");
  std::printf("%-14s %6s %5s %7s %7s %7s %7s %7s %7s %8s %8s\n", "source", "tiles", "us", "lastin", "init",
              "prod1st", "cons1st", "consend", "finish", "lastout", "event");
  for (int per : {1, 2, 8}) {
    for (unsigned long long ns : {5000ull}) {
      int const tiles = sms * per;
      run<clc::source::Static>("Static", tiles, ns, 0);
      run<clc::source::Ticket>("Ticket", tiles, ns, 0);
      run<clc::source::Ticket>("Ticket g1", tiles, ns, 1);
      run<clc::source::Single>("Single", tiles, ns, 0);
    }
  }
  run<clc::source::Static>("Static", sms / 2, 5000ull, 0);
  run<clc::source::Ticket>("Ticket", sms / 2, 5000ull, 0);
  return 0;
}
