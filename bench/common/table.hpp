//! @file table.hpp
//! @brief A plain-text table with aligned columns (right-aligned numbers, left-aligned text).
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>

namespace clc::bench {

class Table {
 public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}

  void add_row(std::vector<std::string> row) {
    row.resize(header_.size());
    rows_.push_back(std::move(row));
  }

  //! Prints with a header rule; `f` is usually stdout.
  void print(std::FILE* f) const {
    std::vector<std::size_t> w(header_.size(), 0);
    for (std::size_t c = 0; c < header_.size(); ++c) w[c] = header_[c].size();
    for (auto const& r : rows_)
      for (std::size_t c = 0; c < r.size(); ++c) w[c] = std::max(w[c], r[c].size());
    auto line = [&](std::vector<std::string> const& r) {
      for (std::size_t c = 0; c < r.size(); ++c) {
        bool const left = c == 0 || !looks_numeric(r[c]);
        std::fprintf(f, c ? "  " : "");
        if (left) std::fprintf(f, "%-*s", int(w[c]), r[c].c_str());
        else std::fprintf(f, "%*s", int(w[c]), r[c].c_str());
      }
      std::fprintf(f, "\n");
    };
    line(header_);
    std::size_t total = 0;
    for (std::size_t c = 0; c < w.size(); ++c) total += w[c] + (c ? 2 : 0);
    std::fprintf(f, "%s\n", std::string(total, '-').c_str());
    for (auto const& r : rows_) line(r);
  }

  static std::string fmt(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
  }

 private:
  static bool looks_numeric(std::string const& s) {
    if (s.empty()) return false;
    for (char ch : s)
      if (!(std::isdigit(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' || ch == 'x' || ch == 'e' ||
            ch == '+' || ch == '%'))
        return false;
    return std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '.';
  }

  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace clc::bench
