//! @file timing.cuh
//! @brief What the clc-bench subcommands that time clc against a vendor library share (gemm, conv):
//! a device buffer, the L2 scrub (cold L2 before every timed launch), the gate kernel (the timed launch
//! is queued behind it, so neither library's host time is timed), and interleaved rounds (the median of
//! each round's launches; reported: the median of the round medians and their min and max).
//! For .cu files only (it defines kernels).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <cuda_runtime.h>

#include "clc/status.hpp"
#include "clc/tools/interference.hpp"
#include "stats.hpp"

namespace clc::bench {
// Internal to each translation unit that includes it (the header defines kernels).
namespace {

constexpr double kGateUs = 300.0;                               //!< gate kernel before every timed launch
constexpr std::size_t kMinScrubBytes = std::size_t(256) << 20;  //!< L2 scrub: at least this, and 2x L2

//! A device allocation freed with its owner.
struct DeviceBuffer {
  void* p = nullptr;
  std::size_t bytes = 0;
  DeviceBuffer() = default;
  DeviceBuffer(DeviceBuffer const&) = delete;
  DeviceBuffer& operator=(DeviceBuffer const&) = delete;
  ~DeviceBuffer() { reset(); }
  void reset() {
    if (p != nullptr) cudaFree(p);
    p = nullptr;
    bytes = 0;
  }
  cudaError_t allocate(std::size_t n) {
    reset();
    if (n == 0) return cudaSuccess;
    cudaError_t const e = cudaMalloc(&p, n);
    if (e == cudaSuccess) bytes = n;
    else p = nullptr;
    return e;
  }
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
};

//! Reads every 16 bytes of `p` (zeros): L2 then holds clean lines of this buffer only.
__global__ void scrub_l2_kernel(uint4 const* p, std::size_t n, unsigned* sink) {
  unsigned acc = 0;
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x) {
    uint4 const v = __ldcg(p + i);
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x9E3779B9u) *sink = acc;  // never (the buffer is zero); keeps the loads
}

//! The L2 scrub: a zeroed buffer of max(kMinScrubBytes, 2 x L2) that a kernel reads whole. After it,
//! L2 holds clean lines of this buffer only, so neither a launch's inputs nor dirty lines of the
//! previous output remain, and no write-back falls into the timed region.
class L2Scrub {
 public:
  cudaError_t allocate(std::size_t l2_bytes) {
    std::size_t const bytes = (std::max(kMinScrubBytes, 2 * l2_bytes) + 15) / 16 * 16;
    if (cudaError_t e = buf_.allocate(bytes); e != cudaSuccess) return e;
    if (cudaError_t e = sink_.allocate(sizeof(unsigned)); e != cudaSuccess) return e;
    return cudaMemset(buf_.p, 0, bytes);
  }
  bool enabled() const { return buf_.p != nullptr; }
  std::size_t bytes() const { return buf_.bytes; }
  //! Enqueues the scrub on `stream` (nothing when not allocated); returns the launch's error.
  cudaError_t launch(cudaStream_t stream, int sm_count) const {
    if (!enabled()) return cudaSuccess;
    scrub_l2_kernel<<<4 * std::max(1, sm_count), 512, 0, stream>>>(buf_.as<uint4 const>(), buf_.bytes / 16,
                                                                    sink_.as<unsigned>());
    return cudaGetLastError();
  }

 private:
  DeviceBuffer buf_, sink_;
};

//! The gate before a timed launch. With hog_ms > 0, first `hog_sms` SMs held on `hog_stream` (a
//! greatest-priority stream, on an idle GPU: it owns its SMs before anything else starts) for the gate
//! plus hog_ms; then one SM held on `stream` for `gate_us`, longer than the host side of either
//! library's call, so the launch enqueued after it is queued before the gate ends and host overhead is
//! not timed.
inline Error launch_gate(cudaStream_t stream, int hog_sms = 0, double hog_ms = 0.0, cudaStream_t hog_stream = nullptr,
                         double gate_us = kGateUs) {
  if (hog_ms > 0.0 && hog_sms > 0) {
    if (Error e = tools::hold_sms(hog_sms, gate_us * 1e-3 + hog_ms, hog_stream)) return e;
  }
  return tools::hold_sms(1, gate_us * 1e-3, stream);
}

//! One variant in one setting (alone or held) over the rounds: each round's median, and every sample.
struct RoundTiming {
  std::vector<double> round_medians;
  std::vector<double> all_ms;  //!< every timed launch, round after round
  int samples = 0;
  double median = 0.0, min = 0.0, max = 0.0;
  double noise = 0.0;  //!< (p90 - p10) / median of every sample
  bool timed() const { return !round_medians.empty(); }
  void add_round(std::vector<double> const& ms) {
    if (ms.empty()) return;
    round_medians.push_back(bench::median(ms));
    all_ms.insert(all_ms.end(), ms.begin(), ms.end());
    samples += int(ms.size());
  }
  void finish() {
    if (round_medians.empty()) return;
    median = bench::median(round_medians);
    min = *std::min_element(round_medians.begin(), round_medians.end());
    max = *std::max_element(round_medians.begin(), round_medians.end());
    noise = summarize(all_ms).noise;
  }
  //! (max - min) / median of the round medians.
  double spread() const { return median > 0.0 ? (max - min) / median : 0.0; }
  //! The least and the greatest sample (0 when untimed).
  double sample_min() const { return all_ms.empty() ? 0.0 : *std::min_element(all_ms.begin(), all_ms.end()); }
  double sample_max() const { return all_ms.empty() ? 0.0 : *std::max_element(all_ms.begin(), all_ms.end()); }
};

//! `rounds` rounds over `order`, the order reversed in odd rounds (the first variant first in even
//! rounds, the last first in odd ones). Per round and variant: `warm(v)` (its untimed launches), then
//! `iters` calls of `timed(v, &ms)`, whose median joins `timing_of(v)`. `on_round(round)` before each
//! round. Returns false as soon as a callback does; else finishes every timing and returns true.
template <class OnRound, class Warm, class Timed, class TimingOf>
bool interleaved_rounds(std::vector<int> const& order, int rounds, int iters, OnRound&& on_round, Warm&& warm,
                        Timed&& timed, TimingOf&& timing_of) {
  for (int round = 0; round < rounds; ++round) {
    on_round(round);
    std::vector<int> seq = order;
    if (round % 2 == 1) std::reverse(seq.begin(), seq.end());
    for (int v : seq) {
      if (!warm(v)) return false;
      std::vector<double> ms;
      for (int i = 0; i < iters; ++i) {
        double t = 0.0;
        if (!timed(v, &t)) return false;
        ms.push_back(t);
      }
      RoundTiming& rt = timing_of(v);
      rt.add_round(ms);
    }
  }
  for (int v : order) timing_of(v).finish();
  return true;
}

}  // namespace
}  // namespace clc::bench
