//! @file json.hpp
//! @brief A minimal JSON writer (objects, arrays, strings, numbers, booleans) for benchmark results.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace clc::bench {

class JsonWriter {
 public:
  void begin_object(char const* key = nullptr) { open(key, '{'); }
  void end_object() { close('}'); }
  void begin_array(char const* key = nullptr) { open(key, '['); }
  void end_array() { close(']'); }

  void field(char const* key, std::string const& v) { prefix(key); out_ += quote(v); }
  void field(char const* key, char const* v) { field(key, std::string(v)); }
  void field(char const* key, double v) {
    prefix(key);
    if (!std::isfinite(v)) { out_ += "null"; return; }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    out_ += buf;
  }
  void field(char const* key, long long v) { prefix(key); out_ += std::to_string(v); }
  void field(char const* key, int v) { field(key, static_cast<long long>(v)); }
  void field(char const* key, bool v) { prefix(key); out_ += v ? "true" : "false"; }

  std::string const& str() const { return out_; }

  //! Writes the document to `path`; false on failure.
  bool save(std::string const& path) const {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) return false;
    bool const ok = std::fwrite(out_.data(), 1, out_.size(), f) == out_.size() && std::fputc('\n', f) != EOF;
    return std::fclose(f) == 0 && ok;
  }

  static std::string quote(std::string const& s) {
    std::string r = "\"";
    for (char c : s) {
      switch (c) {
        case '"': r += "\\\""; break;
        case '\\': r += "\\\\"; break;
        case '\n': r += "\\n"; break;
        case '\t': r += "\\t"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            r += buf;
          } else {
            r += c;
          }
      }
    }
    return r + "\"";
  }

 private:
  void prefix(char const* key) {
    if (!first_.empty()) {
      if (!first_.back()) out_ += ",";
      first_.back() = false;
      out_ += "\n" + std::string(2 * first_.size(), ' ');
    }
    if (key) out_ += quote(key) + ": ";
  }
  void open(char const* key, char c) {
    prefix(key);
    out_ += c;
    first_.push_back(true);
  }
  void close(char c) {
    bool const empty = first_.back();
    first_.pop_back();
    if (!empty) out_ += "\n" + std::string(2 * first_.size(), ' ');
    out_ += c;
  }

  std::string out_;
  std::vector<bool> first_;
};

}  // namespace clc::bench
