//! @file check.hpp
//! @brief What the benchmarks that gate every element before timing (conv, gemm) share: the result of
//! one output's per-element check, one variant's checks and timings, the speed ratio of two timings,
//! the table's gate cell and the JSON of a check.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include <cuda_runtime.h>
#include <json.hpp>

#include "table.hpp"
#include "timing.cuh"

namespace clc::bench {

//! Per-element check of one output against its reference.
struct Check {
  bool ran = false;
  bool ok = false;
  unsigned long long bad = 0;  //!< elements outside the bound (non-finite included)
  unsigned long long nonfinite = 0;
  double max_abs_err = 0.0;
  double worst = 0.0;    //!< max over elements of |v - ref| / bound (<= 1 passes)
  double rel_err = -1.0;  //!< relative Frobenius error against the reference (-1: not computed)
  std::string first_bad;  //!< where and what, when !ok
};

//! One variant (a library or a configuration of one) in one benchmark row: its checks and timings
//! alone and with SMs held, and what the clc variants' run reported (`Info`: the workload's RunInfo).
template <class Info>
struct VariantResult {
  bool used = false;  //!< part of this row's run
  Check check, check_held;
  RoundTiming alone, held;
  bool has_info = false;
  Info info;
};

//! `other`'s median time over `mine` (> 1: mine is faster); 0 unless both were timed.
inline double speed(RoundTiming const& other, RoundTiming const& mine) {
  return other.timed() && mine.timed() && mine.median > 0 ? other.median / mine.median : 0.0;
}

//! The bits of a non-negative double (the check kernels' atomicMax of doubles) back to the double.
inline double bits_to_double(unsigned long long b) {
  double d = 0.0;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

//! "pass 0.43" / "FAIL 2.10" (the worst error over its bound of every check that ran), "-" when none ran.
template <class Variant, int N>
std::string gate_cell(Variant const (&v)[N], std::string const& suffix = "") {
  double worst = 0.0;
  bool ran = false, ok = true;
  for (int i = 0; i < N; ++i) {
    if (!v[i].used) continue;
    for (Check const* c : {&v[i].check, &v[i].check_held}) {
      if (!c->ran) continue;
      ran = true;
      ok = ok && c->ok;
      worst = std::max(worst, c->worst);
    }
  }
  if (!ran) return "-";
  return (ok ? "pass " : "FAIL ") + Table::fmt(worst, 2) + suffix;
}

//! After a row whose API call failed: false when the CUDA context still works (the run goes on), else
//! says so on stderr ("the remaining <rows> are not run") and returns true.
inline bool cuda_context_lost(char const* tool, char const* rows) {
  cudaError_t const e = cudaDeviceSynchronize();
  (void)cudaGetLastError();
  if (e == cudaSuccess) return false;
  std::fprintf(stderr, "%s: the CUDA context is unusable (%s); the remaining %s are not run\n", tool,
               cudaGetErrorString(e), rows);
  return true;
}

inline void write_check(json::Writer& j, std::string const& key, Check const& c) {
  j.begin_object(key);
  j.field("ok", c.ok).field("bad", c.bad).field("nonfinite", c.nonfinite).field("max_abs_err", c.max_abs_err);
  j.field("worst_vs_bound", c.worst);
  if (c.rel_err >= 0.0) j.field("rel_err", c.rel_err);
  if (!c.first_bad.empty()) j.field("first_bad", c.first_bad);
  j.end_object();
}

}  // namespace clc::bench
