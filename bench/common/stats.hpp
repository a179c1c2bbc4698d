//! @file stats.hpp
//! @brief Order statistics and geometric means for benchmark reports.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace clc::bench {

inline double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  std::size_t const n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

inline double geomean(std::vector<double> const& v) {
  if (v.empty()) return 0.0;
  double s = 0.0;
  for (double x : v) s += std::log(x);
  return std::exp(s / double(v.size()));
}

//! One row's samples: how many, min / median / max, and a noise figure (the 10th-90th percentile
//! range over the median; 0.02 means the middle 80% of the samples lie within 2% of each other).
struct Summary {
  std::size_t n = 0;
  double min = 0, median = 0, max = 0, noise = 0;
};

inline double percentile(std::vector<double> const& sorted, double p) {
  if (sorted.empty()) return 0.0;
  double const x = p * double(sorted.size() - 1);
  std::size_t const i = std::size_t(x);
  double const f = x - double(i);
  return i + 1 < sorted.size() ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[i];
}

inline Summary summarize(std::vector<double> v) {
  Summary s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.n = v.size();
  s.min = v.front();
  s.max = v.back();
  s.median = median(v);
  s.noise = s.median > 0 ? (percentile(v, 0.9) - percentile(v, 0.1)) / s.median : 0.0;
  return s;
}

}  // namespace clc::bench
