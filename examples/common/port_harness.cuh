//! @file port_harness.cuh
//! @brief The measuring harness of the porting examples: run the original kernel and its port under
//! Ticket, Static and Single, check that every output is bit-identical (random inputs, outputs
//! poisoned before each run), and time each launch (median of repeated runs after warm-up, CUDA
//! events), with and without a hog kernel holding a quarter of the SMs. Prints a table; the caller
//! returns `run_port_case`'s value from main (0 only when every output matched).
#pragma once

#include <algorithm>
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

 private:
  std::uint64_t s_;
};

//! A device buffer the kernel writes: poisoned (0xFF bytes) before each checked run, then compared.
struct Output {
  void* ptr = nullptr;
  std::size_t bytes = 0;
  char const* name = "";
};

//! What an example plugs into the harness.
struct PortCase {
  std::string title;                 //!< one line: kernel, size, shapes
  std::vector<Output> outputs;       //!< compared bit for bit against the original's
  //! Optional: restore state the kernel expects before a checked run (e.g. zero a counter).
  std::function<void(cudaStream_t)> reset;
  //! Optional: a check after each checked run; returns an empty string when fine, else the problem.
  std::function<std::string()> after;
  std::function<void(cudaStream_t)> original;                         //!< the original launch
  std::function<clc::Error(clc::SourceKind, cudaStream_t)> ported;    //!< the ported launch
};

namespace detail {

struct Variant {
  char const* name;
  clc::SourceKind source;  // Auto = the original kernel
};

inline std::vector<unsigned char> read_back(Output const& o) {
  std::vector<unsigned char> h(o.bytes);
  EX_CUDA(cudaMemcpy(h.data(), o.ptr, o.bytes, cudaMemcpyDeviceToHost));
  return h;
}

}  // namespace detail

//! Run the whole comparison; returns the process exit code (0 only when every output matched).
inline int run_port_case(PortCase const& c) {
  using detail::Variant;
  constexpr int kWarmup = 3;
  constexpr int kReps = 21;
  constexpr double kGateUs = 300.0;  // longer than the host side of any launch below

  cudaDeviceProp prop{};
  EX_CUDA(cudaGetDeviceProperties(&prop, 0));
  cudaStream_t stream = nullptr, hog_stream = nullptr;
  EX_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  EX_CLC(clc::tools::greatest_priority_stream(&hog_stream));
  int const hog_sms = prop.multiProcessorCount / 4;
  cudaEvent_t start, stop, gate_done;
  EX_CUDA(cudaEventCreate(&start));
  EX_CUDA(cudaEventCreate(&stop));
  EX_CUDA(cudaEventCreateWithFlags(&gate_done, cudaEventDisableTiming));

  Variant const variants[] = {{"original", clc::SourceKind::Auto},
                              {"port/Ticket", clc::SourceKind::Ticket},
                              {"port/Static", clc::SourceKind::Static},
                              {"port/Single", clc::SourceKind::Single}};
  bool failed = false;
  // One launch of a variant on `stream` (errors of the ported launch API end the program).
  auto launch = [&](Variant const& v) {
    if (v.source == clc::SourceKind::Auto) {
      c.original(stream);
    } else {
      clc::Error const e = c.ported(v.source, stream);
      if (!e.ok()) {
        std::fprintf(stderr, "%s: clc::port::launch failed: %s\n", v.name, e.what().c_str());
        std::exit(1);
      }
    }
  };
  // Hog on the high-priority stream, released together with the timed launch by the gate.
  auto start_hog = [&](double ms) {
    EX_CUDA(cudaEventRecord(gate_done, stream));
    EX_CUDA(cudaStreamWaitEvent(hog_stream, gate_done, 0));
    EX_CLC(clc::tools::hold_sms(hog_sms, ms, hog_stream));
  };
  auto checked_run = [&](Variant const& v, bool with_hog, double hog_ms) {
    for (Output const& o : c.outputs) EX_CUDA(cudaMemsetAsync(o.ptr, 0xFF, o.bytes, stream));
    if (c.reset) c.reset(stream);
    EX_CLC(clc::tools::hold_sms(1, kGateUs * 1e-3, stream));  // the gate
    if (with_hog) start_hog(hog_ms);
    launch(v);
    EX_CUDA(cudaDeviceSynchronize());
  };
  auto median_ms = [&](Variant const& v, bool with_hog, double hog_ms) {
    std::vector<float> t;
    for (int i = 0; i < kWarmup + kReps; ++i) {
      EX_CLC(clc::tools::hold_sms(1, kGateUs * 1e-3, stream));  // the gate
      if (with_hog) start_hog(hog_ms);
      EX_CUDA(cudaEventRecord(start, stream));
      launch(v);
      EX_CUDA(cudaEventRecord(stop, stream));
      EX_CUDA(cudaDeviceSynchronize());
      float ms = 0.0f;
      EX_CUDA(cudaEventElapsedTime(&ms, start, stop));
      if (i >= kWarmup) t.push_back(ms);
    }
    std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
    return double(t[t.size() / 2]);
  };

  std::printf("== %s ==\n", c.title.c_str());

  // Reference: the original kernel.
  checked_run(variants[0], false, 0.0);
  std::vector<std::vector<unsigned char>> ref;
  for (Output const& o : c.outputs) ref.push_back(detail::read_back(o));
  if (c.after) {
    std::string const problem = c.after();
    if (!problem.empty()) {
      std::printf("original: %s\n", problem.c_str());
      failed = true;
    }
  }
  double const base_ms = median_ms(variants[0], false, 0.0);
  double const hog_ms = std::max(0.5, 2.0 * base_ms);  // the hog outlasts an undisturbed launch

  std::printf("hog: %d of %d SMs for %.2f ms (%zu bytes of shared memory per CTA), high-priority stream\n",
              hog_sms, prop.multiProcessorCount, hog_ms, prop.sharedMemPerBlockOptin);
  std::printf("%-12s %-10s %12s %18s\n", "variant", "outputs", "median ms", "median ms (hog)");
  for (Variant const& v : variants) {
    std::string verdict = "reference";
    if (v.source != clc::SourceKind::Auto) {
      verdict = "identical";
      for (bool with_hog : {false, true}) {
        checked_run(v, with_hog, hog_ms);
        for (std::size_t i = 0; i < c.outputs.size(); ++i) {
          std::vector<unsigned char> const got = detail::read_back(c.outputs[i]);
          if (std::memcmp(got.data(), ref[i].data(), got.size()) != 0) {
            std::size_t first = 0;
            while (first < got.size() && got[first] == ref[i][first]) ++first;
            std::printf("%s%s: output '%s' differs from the original's (first differing byte %zu of %zu)\n", v.name,
                        with_hog ? " (hog)" : "", c.outputs[i].name, first, got.size());
            verdict = "MISMATCH";
          }
        }
        if (c.after) {
          std::string const problem = c.after();
          if (!problem.empty()) {
            std::printf("%s%s: %s\n", v.name, with_hog ? " (hog)" : "", problem.c_str());
            verdict = "MISMATCH";
          }
        }
      }
      failed = failed || verdict != "identical";
    }
    double const t0 = v.source == clc::SourceKind::Auto ? base_ms : median_ms(v, false, 0.0);
    double const t1 = median_ms(v, true, hog_ms);
    std::printf("%-12s %-10s %12.4f %18.4f\n", v.name, verdict.c_str(), t0, t1);
  }
  std::printf("result: %s\n", failed ? "FAILED (outputs differ)" : "every ported output is bit-identical to the original's");

  EX_CUDA(cudaEventDestroy(start));
  EX_CUDA(cudaEventDestroy(stop));
  EX_CUDA(cudaEventDestroy(gate_done));
  EX_CUDA(cudaStreamDestroy(stream));
  EX_CUDA(cudaStreamDestroy(hog_stream));
  return failed ? 1 : 0;
}

}  // namespace clc_examples
