//! @file trace_summary.hpp
//! @brief `--trace` of clc-bench conv and gemm: one traced launch's per-tile records (LaunchOptions::trace)
//! summed up in a line (times in us from the launch's earliest tile start) and written as a JSON object.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <cuda_runtime.h>

#include "clc/trace_record.hpp"

namespace clc::bench {

//! The records of `buf` (zeroed before the launch) that were written: end_ns != 0.
inline std::vector<TileTraceRecord> written_records(std::vector<TileTraceRecord> const& buf) {
  std::vector<TileTraceRecord> got;
  for (TileTraceRecord const& t : buf)
    if (t.end_ns != 0) got.push_back(t);
  return got;
}

//! Prints "trace <label> launch .. us, tiles .., workers .. | first start .. | tile us .. | gap .. | last end .. |
//! outside the tiles .. us" for one launch timed at `launch_ms` by events, and returns its JSON object
//! {"label", "launch_us", "records": [[worker, rank, sm, x, y, z, start_ns, end_ns], ...]} (times from the
//! earliest start). Per worker (cluster and rank): its first tile's start, the gaps between its tiles, its last
//! tile's end. "outside the tiles" = the launch minus the tiles' span: launch latency, the first claim, the
//! kernel's prologue and teardown.
inline std::string summarize_trace(std::string const& label, double launch_ms, std::vector<TileTraceRecord> got) {
  if (got.empty()) {
    std::printf("trace %s: no tile recorded\n", label.c_str());
    return "{\"label\": \"" + label + "\", \"records\": []}";
  }
  std::uint64_t t0 = ~0ull, t1 = 0;
  for (auto const& t : got) t0 = std::min(t0, t.start_ns), t1 = std::max(t1, t.end_ns);
  auto const same_worker = [](TileTraceRecord const& a, TileTraceRecord const& b) {
    return a.worker == b.worker && a.cta_rank == b.cta_rank;
  };
  std::sort(got.begin(), got.end(), [](TileTraceRecord const& a, TileTraceRecord const& b) {
    return a.worker != b.worker ? a.worker < b.worker
                                : (a.cta_rank != b.cta_rank ? a.cta_rank < b.cta_rank : a.start_ns < b.start_ns);
  });
  std::vector<double> first, last, dur, gap;
  for (std::size_t i = 0; i < got.size(); ++i) {
    auto const& t = got[i];
    dur.push_back(double(t.end_ns - t.start_ns) * 1e-3);
    if (i == 0 || !same_worker(got[i - 1], t)) first.push_back(double(t.start_ns - t0) * 1e-3);
    else gap.push_back((double(t.start_ns) - double(got[i - 1].end_ns)) * 1e-3);
    if (i + 1 == got.size() || !same_worker(got[i + 1], t)) last.push_back(double(t.end_ns - t0) * 1e-3);
  }
  auto q = [](std::vector<double> x, double f) {
    if (x.empty()) return 0.0;
    std::sort(x.begin(), x.end());
    return x[std::size_t(f * double(x.size() - 1) + 0.5)];
  };
  std::printf("trace %s launch %7.2f us, tiles %zu, workers %zu | first start med %.2f max %.2f | tile us p10 %.2f "
              "med %.2f p90 %.2f max %.2f | gap med %.2f p90 %.2f max %.2f | last end min %.2f med %.2f max %.2f | "
              "outside the tiles %.2f us\n",
              label.c_str(), launch_ms * 1e3, got.size(), first.size(), q(first, 0.5), q(first, 1.0), q(dur, 0.1),
              q(dur, 0.5), q(dur, 0.9), q(dur, 1.0), q(gap, 0.5), q(gap, 0.9), q(gap, 1.0), q(last, 0.0),
              q(last, 0.5), q(last, 1.0), launch_ms * 1e3 - double(t1 - t0) * 1e-3);
  std::string j = "{\"label\": \"" + label + "\", \"launch_us\": " + std::to_string(launch_ms * 1e3) + ", \"records\": [";
  for (std::size_t i = 0; i < got.size(); ++i) {
    auto const& t = got[i];
    j += std::string(i ? "," : "") + "[" + std::to_string(t.worker) + "," + std::to_string(t.cta_rank) + "," +
         std::to_string(t.sm) + "," + std::to_string(t.x) + "," + std::to_string(t.y) + "," + std::to_string(t.z) + "," +
         std::to_string(t.start_ns - t0) + "," + std::to_string(t.end_ns - t0) + "]";
  }
  return j + "]}";
}

//! --trace of one problem: for each (variant, key) three launches through `timed(variant, &ms)` (a cold-L2,
//! event-timed launch whose records land in `dev`, `cap` of them; false: it failed and reported why), `dev`
//! zeroed before each launch and read back after; each launch's summary line printed and its JSON object
//! appended to *json (comma-separated). False when a launch or a CUDA call failed (*error then names the call).
template <class Timed>
bool trace_launches(std::vector<std::pair<int, char const*>> const& variants, std::string const& label,
                    TileTraceRecord* dev, std::size_t cap, cudaStream_t stream, Timed&& timed, std::string* json,
                    std::string* error) {
  std::vector<TileTraceRecord> recs(cap);
  for (auto const& [v, key] : variants) {
    for (int rep = 0; rep < 3; ++rep) {
      if (cudaError_t e = cudaMemsetAsync(dev, 0, cap * sizeof(TileTraceRecord), stream); e != cudaSuccess) {
        *error = std::string("cudaMemsetAsync of the trace: ") + cudaGetErrorString(e);
        return false;
      }
      double ms = 0.0;
      if (!timed(v, &ms)) return false;
      if (cudaError_t e = cudaMemcpy(recs.data(), dev, cap * sizeof(TileTraceRecord), cudaMemcpyDeviceToHost);
          e != cudaSuccess) {
        *error = std::string("cudaMemcpy of the trace: ") + cudaGetErrorString(e);
        return false;
      }
      std::string const name = label + " " + key + " rep " + std::to_string(rep);
#if CLC_KIT_STARTUP_PROBE
      if (recs.size() > 2048) {  // development probe (kit/warp_specialized.cuh): per CTA, ns from its entry
        std::vector<std::vector<double>> pts(18);
        std::vector<double> entries;
        for (std::size_t i = 2048; i + 1 < recs.size(); i += 2) {
          if (recs[i].end_ns != 1) continue;
          entries.push_back(double(recs[i].start_ns));
          std::int32_t const* a = &recs[i].x;
          std::int32_t const* b = &recs[i + 1].x;
          for (int j = 0; j < 8; ++j) if (a[j] >= 0) pts[1 + j].push_back(a[j] * 1e-3);
          for (int j = 0; j < 7; ++j) if (b[j] >= 0) pts[9 + j].push_back(b[j] * 1e-3);
          recs[i] = recs[i + 1] = TileTraceRecord{};
        }
        auto med = [](std::vector<double> v, double f) {
          if (v.empty()) return -1.0;
          std::sort(v.begin(), v.end());
          return v[std::size_t(f * double(v.size() - 1) + 0.5)];
        };
        if (!entries.empty()) {
          double const e0 = *std::min_element(entries.begin(), entries.end());
          for (double& e : entries) e = (e - e0) * 1e-3;
          std::printf("probe %s: %zu CTAs, entry spread med %.2f max %.2f us |", name.c_str(), entries.size(),
                      med(entries, 0.5), med(entries, 1.0));
          char const* names[] = {"",    "init", "prod", "tile", "tma",  "cons", "land", "mma",
                                 "epi", "fin",  "exit", "dec",  "ptile", "krng", "loop", "pwait"};
          for (int j = 1; j <= 15; ++j) std::printf(" %s %.2f/%.2f", names[j], med(pts[j], 0.5), med(pts[j], 0.9));
          std::printf("\n");
        }
      }
#endif
      *json += std::string(json->empty() ? "" : ",\n") + summarize_trace(name, ms, written_records(recs));
    }
  }
  return true;
}

//! The --trace file: {"tool": .., "launches": [objects of summarize_trace]}.
inline std::string trace_document(char const* tool, std::string const& objects) {
  return std::string("{\"tool\": \"") + tool + " --trace\", \"launches\": [" + objects + "]}\n";
}

}  // namespace clc::bench
