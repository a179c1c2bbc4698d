//! @file bench/probes/sched_gap_probe.cu
//! @brief Diagnostics, not part of the build: where a warp-role kernel's time goes between one tile and
//! the next (issue 9 section 2; docs/scheduling.md section 7b: on uniform 10 us tiles `Ticket` claiming
//! ahead takes 1.031x `Static`'s time and the handback 1.046x, and traces put the median gap between
//! tiles at 224 ns under `Static`, 480 ns claiming ahead and 576-672 ns with the handback).
//!
//! The kernel is part 7b's (bench/sched/handback.cu): a scheduler warp and a producer warp whose lane 0
//! spins for the tile's cost, one CTA per SM, one tile per claim, Stages 2. This file defines the
//! runtime's development hook `CLC_SCHED_PROBE(i)` (include/clc/scheduler.cuh) before including clc, so
//! that the producer warp's lane 0 stamps %clock64 at each point of its way from one tile to the next:
//!   7 the tile's body ends      -> 1 advance_role entered       (the loop's step and the call)
//!   1 -> 2 the demand (handback: the CAS and, when taken, the hand-over) or the on-demand credit
//!   2 -> 3 the next response's wait and 16-byte load (fetching sources)
//!   3 -> 4 its decode and the slot's release
//!   4 -> 5 the tile computed (for Static: 1 -> 5, the plan's next tile)
//!   5 -> 6 the throttle's credit (claiming ahead and the handback: the scheduler warp's next claim)
//!   6 -> 0 back in the kernel, the next body starts
//! and the scheduler warp's lane 0 (same SM, same %clock64) stamps 8 when it receives the credit and 9
//! when it has delivered (claiming ahead) or held (handback) the next response, giving per tile:
//!   wake   the producer's credit (its stamp 6) -> 8: how soon the scheduler warp wakes
//!   claim  8 -> 9: the claim and the delivery
//!   slack  9 -> the producer's next stamp 2: how long the response waited for the producer (< 0: the
//!          producer waited for it)
//! Per configuration: the event-timed launch (median of 7 after 2 warm-ups), then each segment's mean
//! cycles per tile, as the median and the 10th/90th percentiles over the CTAs of the median launch, and
//! the body's own cycles (0 -> 7; its 10 us give the SM clock).
//!   cmake ... && ninja clc_host clc_tools   (scripts/dev-sched-gap.sh does this)
//!   nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a -Iinclude \
//!        bench/probes/sched_gap_probe.cu build/src/libclc_tools.a build/src/libclc_host.a -o sched_gap_probe -lcuda
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace gap {
__device__ __forceinline__ long long clk() {
  long long c;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c)::"memory");
  return c;
}
//! The CTA's stamps of the current step (0 = not reached in this step): 0-7 the producer warp's lane
//! 0, 8-9 the scheduler warp's lane 0 (the producer reads them: volatile).
//! At its stamp 2 (before it waits for the next response) the producer copies 8 and 9 into 10 and 11:
//! the scheduler warp's stamps of that response, before its next credit can overwrite them.
__device__ __forceinline__ long long volatile* marks() {
  __shared__ long long m[12];
  return m;
}
__device__ __forceinline__ void mark(int i) {
  long long volatile* m = marks();
  if (i < 8 && threadIdx.x == 32) {
    if (i == 2) {
      m[10] = m[8];
      m[11] = m[9];
    }
    m[i] = clk();
  } else if (i >= 8 && threadIdx.x == 0) {
    m[i] = clk();
  }
}
}  // namespace gap
#define CLC_SCHED_PROBE(i) ::gap::mark(i)

#include <clc/clc.cuh>
#include <clc/tools/spin.cuh>

#include "probe_check.cuh"

namespace {

constexpr int kSegments = 11;  // by the stamp that ends the segment: 1..6, 0 (next body), 7 (the body); 8 wake, 9 claim, 10 slack
struct GapParams {
  clc::SchedulerParams sched;
  unsigned long long tile_ns;
  unsigned long long* sums;  // [grid][kSegments] cycles
  unsigned* counts;          // [grid][kSegments]
  unsigned* late;            // [grid]
};

template <class Source>
__global__ void __launch_bounds__(64) gap_kernel(__grid_constant__ GapParams const p) {
  using Sched = clc::Scheduler<Source, 2>;
  __shared__ typename Sched::SharedStorage storage;
  Sched sched(storage, p.sched, /*consumer_warps_per_cta=*/1);
  if (threadIdx.x == 32)
    for (int i = 0; i < 12; ++i) gap::marks()[i] = 0;
  sched.init();
  unsigned long long sum[kSegments] = {};
  unsigned cnt[kSegments] = {};
  long long credit = 0;   // the producer's last credit (stamp 6)
  double slack_sum = 0.0;  // signed: segment 10
  unsigned late = 0;       // responses not delivered when the producer came to wait
  if (threadIdx.x < 32) {
    sched.run_scheduler_warp();
  } else {
    for (clc::WorkTile t : sched.tiles(clc::Role::Producer)) {
      (void)t;
      if (threadIdx.x == 32) {
        long long volatile* m = gap::marks();
        m[0] = gap::clk();
        // The scheduler warp's stamps of the response that starts here (it claimed it during the last
        // tile, after that tile's credit, stamp 6 of the step before: `credit`).
        long long const s8 = m[10], s9 = m[11];
        if (credit != 0 && m[2] != 0) {
          if (s8 > credit && s9 >= s8) {  // delivered (or held) before the producer came to wait
            sum[8] += (unsigned long long)(s8 - credit);
            ++cnt[8];
            sum[9] += (unsigned long long)(s9 - s8);
            ++cnt[9];
            slack_sum += double(m[2] - s9);
            ++cnt[10];
          } else {
            ++late;  // not yet when the producer came to wait (its wait, 2->3, shows how long)
          }
        }
        if (m[6] != 0) credit = m[6];
        if (m[7] != 0) {  // not the first tile: attribute the way here, stamp by stamp
          int const order[7] = {1, 2, 3, 4, 5, 6, 0};
          long long prev = m[7];
#pragma unroll
          for (int k = 0; k < 7; ++k) {
            int const i = order[k];
            if (m[i] == 0) continue;
            sum[i] += (unsigned long long)(m[i] - prev);
            ++cnt[i];
            prev = m[i];
          }
        }
        for (int i = 1; i < 7; ++i) m[i] = 0;
        long long const b0 = m[0];
        clc::tools::spin_ns(p.tile_ns);
        m[7] = gap::clk();
        sum[7] += (unsigned long long)(m[7] - b0);
        ++cnt[7];
      }
      __syncwarp();
    }
  }
  if (threadIdx.x == 32) {
    sum[10] = (unsigned long long)(long long)slack_sum;  // signed, read back as such
    p.late[blockIdx.x] = late;
    for (int i = 0; i < kSegments; ++i) {
      p.sums[blockIdx.x * kSegments + i] = sum[i];
      p.counts[blockIdx.x * kSegments + i] = cnt[i];
    }
  }
  sched.finish();
}

struct Config {
  clc::SourceKind source;
  clc::ClaimTiming claim;
  char const* label;
};

template <class Source>
void launch(Config const& c, clc::TileSpace const& ts, GapParams p, cudaStream_t s, cudaEvent_t start, int* grid) {
  auto kernel = &gap_kernel<Source>;
  clc::LaunchOptions o;
  o.source = Source::kind;
  o.claim = c.claim;
  o.block_threads = 64;
  o.dynamic_smem_bytes = 120 * 1024;  // one CTA per SM
  o.max_grain = 1;
  o.stream = s;
  clc::PreparedLaunch pl;
  clc::Error const e = clc::prepare_launch<Source>(kernel, ts, o, &pl);
  if (!e.ok()) {
    std::printf("prepare_launch (%s): %s\n", c.label, e.what().c_str());
    std::exit(1);
  }
  p.sched = pl.sched;
  *grid = int(pl.config()->gridDim.x);
  CK(cudaEventRecord(start, s));  // after the host's preparation: the launch alone is timed
  CK(cudaLaunchKernelEx(pl.config(), kernel, p));
  CK(cudaGetLastError());
}

double pct(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))];
}

}  // namespace

int main(int argc, char** argv) {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# sched_gap_probe on %s, %d SMs\n", prop.name, sms);
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  int const max_grid = 101 * sms;  // Cancel launches the every-tile grid (100 tiles per SM)
  unsigned long long* sums = nullptr;
  unsigned* counts = nullptr;
  CK(cudaMalloc(&sums, sizeof(unsigned long long) * kSegments * max_grid));
  CK(cudaMalloc(&counts, sizeof(unsigned) * kSegments * max_grid));
  unsigned* late = nullptr;
  CK(cudaMalloc(&late, sizeof(unsigned) * max_grid));
  std::vector<Config> const configs = {
      {clc::SourceKind::Static, clc::ClaimTiming::Auto, "Static"},
      {clc::SourceKind::Ticket, clc::ClaimTiming::Ahead, "Ticket ahead"},
      {clc::SourceKind::Ticket, clc::ClaimTiming::OnDemand, "Ticket on demand"},
      {clc::SourceKind::Ticket, clc::ClaimTiming::Handback, "Ticket handback"},
      {clc::SourceKind::Cancel, clc::ClaimTiming::Ahead, "Cancel ahead"},
      {clc::SourceKind::Cancel, clc::ClaimTiming::Handback, "Cancel handback"},
  };
  unsigned long long const tile_ns[] = {10000ull, 2000ull};
  char const* names[kSegments] = {"6->0 return", "7->1 step", "1->2 demand", "2->3 wait", "3->4 release",
                                  "4->5 tile", "5->6 credit", "0->7 body", "sched wake", "sched claim",
                                  "slack"};
  for (unsigned long long ns : tile_ns) {
    clc::TileSpace const ts(sms * 100);
    std::printf("\n## %d uniform tiles of %llu ns, one CTA per SM, one tile per claim, Stages 2\n", sms * 100, ns);
    for (Config const& c : configs) {
      GapParams p{};
      p.tile_ns = ns;
      p.sums = sums;
      p.counts = counts;
      p.late = late;
      std::vector<double> ms;
      std::vector<std::vector<double>> per_launch_seg;  // [launch][segment * grid + cta]
      std::vector<double> late_share;                   // [launch] responses late / responses waited for
      int grid = 0;
      for (int r = 0; r < 9; ++r) {
        CK(cudaMemsetAsync(sums, 0, sizeof(unsigned long long) * kSegments * max_grid, s));
        CK(cudaMemsetAsync(counts, 0, sizeof(unsigned) * kSegments * max_grid, s));
        CK(cudaMemsetAsync(late, 0, sizeof(unsigned) * max_grid, s));
        clc::Error const e = clc::with_source(c.source, [&](auto tag) -> clc::Error {
          launch<decltype(tag)>(c, ts, p, s, e0, &grid);
          return clc::success();
        });
        if (!e.ok() || grid > max_grid) {
          std::printf("%s: %s (grid %d)\n", c.label, e.what().c_str(), grid);
          return 1;
        }
        CK(cudaEventRecord(e1, s));
        CK(cudaStreamSynchronize(s));
        float t = 0.f;
        CK(cudaEventElapsedTime(&t, e0, e1));
        if (r < 2) continue;  // warm-ups
        ms.push_back(t);
        std::vector<unsigned long long> hs(std::size_t(kSegments) * grid);
        std::vector<unsigned> hc(std::size_t(kSegments) * grid);
        CK(cudaMemcpy(hs.data(), sums, hs.size() * sizeof(hs[0]), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hc.data(), counts, hc.size() * sizeof(hc[0]), cudaMemcpyDeviceToHost));
        std::vector<unsigned> hl(static_cast<std::size_t>(grid));
        CK(cudaMemcpy(hl.data(), late, hl.size() * sizeof(hl[0]), cudaMemcpyDeviceToHost));
        unsigned long long late_total = 0, waits = 0;
        for (int b = 0; b < grid; ++b) {
          late_total += hl[b];
          waits += hl[b] + hc[b * kSegments + 10];
        }
        late_share.push_back(waits ? double(late_total) / double(waits) : 0.0);
        std::vector<double> seg(std::size_t(kSegments) * grid, std::nan(""));  // NaN: no sample
        for (int b = 0; b < grid; ++b)
          for (int i = 0; i < kSegments; ++i)
            if (hc[b * kSegments + i] != 0u)
              seg[std::size_t(i) * grid + b] =
                  (i == 10 ? double((long long)hs[b * kSegments + i]) : double(hs[b * kSegments + i])) /
                  hc[b * kSegments + i];
        per_launch_seg.push_back(seg);
      }
      std::vector<double> sorted = ms;
      std::sort(sorted.begin(), sorted.end());
      double const med = sorted[sorted.size() / 2];
      std::size_t const which = std::size_t(std::find(ms.begin(), ms.end(), med) - ms.begin());
      std::printf("%-18s launch median %.4f ms (min %.4f, max %.4f), grid %d; cycles per tile, median [p10, p90] over CTAs:\n",
                  c.label, med, sorted.front(), sorted.back(), grid);
      double way = 0.0;
      for (int i : {1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10}) {
        std::vector<double> v;
        for (int b = 0; b < grid; ++b) {
          double const x = per_launch_seg[which][std::size_t(i) * grid + b];
          if (!std::isnan(x)) v.push_back(x);
        }
        if (v.empty()) continue;
        double const m = pct(v, 0.5);
        if (i < 7) way += m;
        std::printf("    %-13s %9.1f [%9.1f, %9.1f]  (%zu CTAs)\n", names[i], m, pct(v, 0.1), pct(v, 0.9), v.size());
      }
      std::printf("    %-13s %9.1f  (sum of the medians, body end to next body start)\n", "way", way);
      std::printf("    %-13s %9.3f  (share of the responses not delivered when the producer came to wait)\n", "late",
                  late_share[which]);
    }
  }
  CK(cudaFree(sums));
  CK(cudaFree(counts));
  CK(cudaFree(late));
  std::printf("\nprobe done\n");
  (void)argc, (void)argv;
  return 0;
}
