//! @file stats.hpp
//! @brief Median and geometric mean for benchmark reports.
#pragma once

#include <algorithm>
#include <cmath>
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

}  // namespace clc::bench
