//! @file port_harness.cuh
//! @brief The measuring harness of the porting examples: run the original kernel and its port under
//! Ticket, Static and Single, check that every output is bit-identical (random inputs, outputs
//! poisoned before each run), and time each launch (median of repeated runs after warm-up, CUDA
//! events), with and without a hog kernel holding a quarter of the SMs. Prints a table; the caller
//! returns `run_port_case`'s value from main (0 only when every output matched). `clc-bench port`
//! (bench/port_bench.cu) runs the same cases (each example's case.cuh) through the same `CaseRunner`,
//! interleaved over rounds.
#pragma once

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "clc/device_presence.hpp"
#include "clc/port.cuh"
#include "clc/tools/interference.hpp"

//! Examples are programs: a failed CUDA call prints where and exits non-zero.
#define EX_CUDA(call)                                                                                 \
  do {                                                                                                \
    cudaError_t const ex_e_ = (call);                                                                 \
    if (ex_e_ != cudaSuccess) {                                                                       \
      std::fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #call, cudaGetErrorName(ex_e_), \
                   cudaGetErrorString(ex_e_));                                                        \
      std::exit(1);                                                                                   \
    }                                                                                                 \
  } while (0)

//! Same for a clc call that returns a clc::Error.
#define EX_CLC(call)                                                                   \
  do {                                                                                 \
    clc::Error const ex_e_ = (call);                                                   \
    if (!ex_e_.ok()) {                                                                 \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, ex_e_.what().c_str()); \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

namespace clc_examples {

//! True when a CUDA device of compute capability 9.0 or newer is present; otherwise prints why the
//! example skips (the caller then returns 0).
inline bool have_gpu() {
  clc::GpuPresence p;
  clc::Error const e = clc::detect_gpus(&p);
  if (!e.ok()) {  // a GPU or driver is there but unusable: fail, naming the CUDA error
    std::fprintf(stderr, "%s\n", e.what().c_str());
    std::exit(1);
  }
  if (p.devices == 0) {
    std::printf("%s: skipping\n", p.why_none.c_str());
    return false;
  }
  int major = 0;
  EX_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major < 9) {
    std::printf("no CUDA device of compute capability 9.0 or newer: skipping\n");
    return false;
  }
  return true;
}

//! Deterministic fast pseudo-random numbers (splitmix64) for inputs.
class Random {
 public:
  explicit Random(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  //! Uniform in [-1, 1).
  float uniform() { return float(next() >> 40) * (2.0f / 16777216.0f) - 1.0f; }
  //! Every element of `v` uniform in [-1, 1), in order.
  void fill_uniform(std::vector<float>& v) {
    for (float& x : v) x = uniform();
  }

 private:
  std::uint64_t s_;
};

//! printf into a std::string (a case's title).
inline std::string format(char const* fmt, ...) {
  char buf[256];
  std::va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

//! Device memory owned by a case: allocated (and uploaded) here, a failure ending the program; freed
//! with the owner.
class DeviceMemory {
 public:
  DeviceMemory() = default;
  DeviceMemory(DeviceMemory const&) = delete;
  DeviceMemory& operator=(DeviceMemory const&) = delete;
  ~DeviceMemory() {
    for (void* p : ptrs_) cudaFree(p);
  }
  template <class T>
  T* alloc(std::size_t count) {
    void* p = nullptr;
    EX_CUDA(cudaMalloc(&p, count * sizeof(T)));
    ptrs_.push_back(p);
    return static_cast<T*>(p);
  }
  template <class T>
  T* upload(std::vector<T> const& host) {
    T* const d = alloc<T>(host.size());
    EX_CUDA(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
  }

 private:
  std::vector<void*> ptrs_;
};

//! A device buffer the kernel writes: poisoned (0xFF bytes) before each checked run, then compared.
struct Output {
  void* ptr = nullptr;
  std::size_t bytes = 0;
  char const* name = "";
};

//! What an example plugs into the harness (each example's case.cuh builds one; `clc-bench port` runs
//! the same four).
struct PortCase {
  std::string title;                 //!< one line: kernel, size, shapes
  dim3 grid, block;                  //!< the original launch's shape (for reports)
  std::vector<Output> outputs;       //!< compared bit for bit against the original's
  //! Optional: restore state the kernel expects before a checked run (e.g. zero a counter).
  std::function<void(cudaStream_t)> reset;
  //! Optional: a check after each checked run; returns an empty string when fine, else the problem.
  std::function<std::string()> after;
  std::function<void(cudaStream_t)> original;                         //!< the original launch
  //! The ported launch under a schedule (source, grid mode, claim timing, ...) and blocks per tile
  //! (0: automatic); the case passes both through `clc::port::Options`.
  std::function<clc::Error(clc::ScheduleOptions const&, int, cudaStream_t)> ported;
};

//! The original launch (`source` Auto) or the port under one work source, optionally with a claim
//! timing, grid mode, blocks per tile, grain or worker cap other than the defaults (`clc-bench port --sources`).
struct Variant {
  std::string name;
  clc::SourceKind source = clc::SourceKind::Auto;
  clc::ClaimTiming claim = clc::ClaimTiming::Auto;
  clc::GridMode grid = clc::GridMode::Default;
  int blocks_per_tile = 0;  //!< 0: automatic
  int max_grain = 0;        //!< ScheduleOptions::max_grain (0: automatic)
  int max_workers = 0;      //!< ScheduleOptions::max_workers (0: occupancy)
  bool is_original() const { return source == clc::SourceKind::Auto; }
  clc::ScheduleOptions schedule() const {
    clc::ScheduleOptions o;
    o.source = source;
    o.claim = claim;
    o.grid = grid;
    o.max_grain = max_grain;
    o.max_workers = max_workers;
    return o;
  }
};

//! The original, then the port under Ticket, Static and Single with the defaults.
inline std::vector<Variant> const& default_variants() {
  static std::vector<Variant> const v = {{"original", clc::SourceKind::Auto},
                                         {"port/Ticket", clc::SourceKind::Ticket},
                                         {"port/Static", clc::SourceKind::Static},
                                         {"port/Single", clc::SourceKind::Single}};
  return v;
}

using Bytes = std::vector<unsigned char>;

//! Runs a case's variants on a stream of its own, each launch behind a gate kernel (one SM held for
//! kGateUs, longer than the host side of any launch) so the launch's own host cost is not timed. With
//! `hog_ms > 0`, a hog holding `hog_sms` SMs is launched on a high-priority stream before the gate,
//! on an idle GPU: it owns its SMs before the timed launch starts and holds them for `hog_ms` after
//! the gate. (Released together with the launch, as it used to be, the hog lost the race for its SMs
//! to a persistent grid in some rounds, which then ran undisturbed.) Errors end the program.
class CaseRunner {
 public:
  static constexpr double kGateUs = 300.0;

  CaseRunner(PortCase const& c, int hog_sms) : c_(c), hog_sms_(hog_sms) {
    EX_CUDA(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    EX_CLC(clc::tools::greatest_priority_stream(&hog_stream_));
    EX_CUDA(cudaEventCreate(&start_));
    EX_CUDA(cudaEventCreate(&stop_));
  }
  CaseRunner(CaseRunner const&) = delete;
  CaseRunner& operator=(CaseRunner const&) = delete;
  ~CaseRunner() {
    EX_CUDA(cudaEventDestroy(start_));
    EX_CUDA(cudaEventDestroy(stop_));
    EX_CUDA(cudaStreamDestroy(stream_));
    EX_CUDA(cudaStreamDestroy(hog_stream_));
  }

  int hog_sms() const { return hog_sms_; }

  //! One launch of `v` (outputs poisoned and state reset first), then waits for it.
  void checked_run(Variant const& v, double hog_ms) {
    for (Output const& o : c_.outputs) EX_CUDA(cudaMemsetAsync(o.ptr, 0xFF, o.bytes, stream_));
    if (c_.reset) c_.reset(stream_);
    gate(hog_ms);
    launch(v);
    EX_CUDA(cudaDeviceSynchronize());
  }

  //! One launch of `v` between two CUDA events: its time in milliseconds.
  float timed_run(Variant const& v, double hog_ms) {
    gate(hog_ms);
    EX_CUDA(cudaEventRecord(start_, stream_));
    launch(v);
    EX_CUDA(cudaEventRecord(stop_, stream_));
    EX_CUDA(cudaDeviceSynchronize());
    float ms = 0.0f;
    EX_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
    return ms;
  }

  //! Runs the original (checked) and returns its outputs; what the case's `after` check reports goes
  //! to `*problems` ("original: ...").
  std::vector<Bytes> reference(std::vector<std::string>* problems) {
    checked_run(default_variants()[0], 0.0);
    std::vector<Bytes> ref;
    for (Output const& o : c_.outputs) ref.push_back(read_back(o));
    after(default_variants()[0], 0.0, problems);
    return ref;
  }

  //! Runs `v` (checked) and appends to `*problems` each output that differs from `ref` and what the
  //! case's `after` check reports. True when there was nothing to report.
  bool matches(Variant const& v, double hog_ms, std::vector<Bytes> const& ref, std::vector<std::string>* problems) {
    std::size_t const before = problems->size();
    checked_run(v, hog_ms);
    for (std::size_t i = 0; i < c_.outputs.size(); ++i) {
      Bytes const got = read_back(c_.outputs[i]);
      if (std::memcmp(got.data(), ref[i].data(), got.size()) != 0) {
        std::size_t first = 0;
        while (first < got.size() && got[first] == ref[i][first]) ++first;
        problems->push_back(label(v, hog_ms) + ": output '" + c_.outputs[i].name +
                            "' differs from the original's (first differing byte " + std::to_string(first) + " of " +
                            std::to_string(got.size()) + ")");
      }
    }
    after(v, hog_ms, problems);
    return problems->size() == before;
  }

 private:
  static std::string label(Variant const& v, double hog_ms) {
    return v.name + (hog_ms > 0.0 ? " (hog)" : "");
  }

  static Bytes read_back(Output const& o) {
    Bytes h(o.bytes);
    EX_CUDA(cudaMemcpy(h.data(), o.ptr, o.bytes, cudaMemcpyDeviceToHost));
    return h;
  }

  void after(Variant const& v, double hog_ms, std::vector<std::string>* problems) const {
    if (!c_.after) return;
    std::string const problem = c_.after();
    if (!problem.empty()) problems->push_back(label(v, hog_ms) + ": " + problem);
  }

  //! The gate on the timed stream; with `hog_ms > 0`, the hog first, on the high-priority stream, for
  //! the gate's time plus `hog_ms`.
  void gate(double hog_ms) {
    if (hog_ms > 0.0) EX_CLC(clc::tools::hold_sms(hog_sms_, kGateUs * 1e-3 + hog_ms, hog_stream_));
    EX_CLC(clc::tools::hold_sms(1, kGateUs * 1e-3, stream_));
  }

  //! One launch of a variant on the timed stream (an error of the ported launch API ends the program).
  void launch(Variant const& v) {
    if (v.is_original()) {
      c_.original(stream_);
      return;
    }
    clc::Error const e = c_.ported(v.schedule(), v.blocks_per_tile, stream_);
    if (!e.ok()) {
      std::fprintf(stderr, "%s: clc::port::launch failed: %s\n", v.name.c_str(), e.what().c_str());
      std::exit(1);
    }
  }

  PortCase const& c_;
  int hog_sms_;
  cudaStream_t stream_ = nullptr, hog_stream_ = nullptr;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

//! Run the whole comparison; returns the process exit code (0 only when every output matched).
inline int run_port_case(PortCase const& c) {
  constexpr int kWarmup = 3;
  constexpr int kReps = 21;

  int device = 0;
  EX_CUDA(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  EX_CUDA(cudaGetDeviceProperties(&prop, device));
  CaseRunner run(c, prop.multiProcessorCount / 4);
  auto median_ms = [&](Variant const& v, double hog_ms) {
    std::vector<float> t;
    for (int i = 0; i < kWarmup + kReps; ++i) {
      float const ms = run.timed_run(v, hog_ms);
      if (i >= kWarmup) t.push_back(ms);
    }
    std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
    return double(t[t.size() / 2]);
  };

  std::printf("== %s ==\n", c.title.c_str());

  // Reference: the original kernel.
  std::vector<std::string> problems;
  std::vector<Bytes> const ref = run.reference(&problems);
  for (std::string const& p : problems) std::printf("%s\n", p.c_str());
  bool failed = !problems.empty();
  double const base_ms = median_ms(default_variants()[0], 0.0);
  double const hog_ms = std::max(0.5, 2.0 * base_ms);  // the hog outlasts an undisturbed launch

  std::printf("hog: %d of %d SMs for %.2f ms (%zu bytes of shared memory per CTA), high-priority stream\n",
              run.hog_sms(), prop.multiProcessorCount, hog_ms, prop.sharedMemPerBlockOptin);
  std::printf("%-12s %-10s %12s %18s\n", "variant", "outputs", "median ms", "median ms (hog)");
  for (Variant const& v : default_variants()) {
    std::string verdict = "reference";
    if (!v.is_original()) {
      verdict = "identical";
      for (double hog : {0.0, hog_ms}) {
        problems.clear();
        if (!run.matches(v, hog, ref, &problems)) verdict = "MISMATCH";
        for (std::string const& p : problems) std::printf("%s\n", p.c_str());
      }
      failed = failed || verdict != "identical";
    }
    double const t0 = v.is_original() ? base_ms : median_ms(v, 0.0);
    double const t1 = median_ms(v, hog_ms);
    std::printf("%-12s %-10s %12.4f %18.4f\n", v.name.c_str(), verdict.c_str(), t0, t1);
  }
  std::printf("result: %s\n", failed ? "FAILED (outputs differ)" : "every ported output is bit-identical to the original's");
  return failed ? 1 : 0;
}

}  // namespace clc_examples
