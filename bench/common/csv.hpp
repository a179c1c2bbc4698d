//! @file csv.hpp
//! @brief A CSV file beside the table and the JSON: one header row, then one row per result.
#pragma once

#include <string>
#include <vector>

namespace clc::bench {

class Csv {
 public:
  explicit Csv(std::vector<std::string> header) { row(header); }
  void row(std::vector<std::string> const& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i) text_ += ',';
      text_ += quote(cells[i]);
    }
    text_ += '\n';
  }
  std::string const& str() const { return text_; }

 private:
  static std::string quote(std::string const& c) {
    if (c.find_first_of(",\"\n") == std::string::npos) return c;
    std::string q = "\"";
    for (char ch : c) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  }
  std::string text_;
};

}  // namespace clc::bench
