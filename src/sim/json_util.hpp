//! @file json_util.hpp
//! @brief Internal: the two things every JSON writer here needs, string escaping and numbers.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace clc::sim::detail {

//! A JSON string literal, quotes included. Control characters become \u00XX; bytes >= 0x80 pass
//! through (UTF-8 stays UTF-8).
inline std::string json_string(std::string const& text) {
  std::string out = "\"";
  for (unsigned char ch : text) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (ch < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", ch);
          out += buf;
        } else {
          out += static_cast<char>(ch);
        }
    }
  }
  out += "\"";
  return out;
}

//! A JSON number; JSON has no inf/nan, so those become null.
inline std::string json_number(double v, char const* format = "%.17g") {
  if (!std::isfinite(v)) return "null";
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace clc::sim::detail
