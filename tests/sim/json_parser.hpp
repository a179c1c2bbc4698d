//! @file json_parser.hpp
//! @brief A small, strict JSON parser (RFC 8259) for the tests: it rejects what a real consumer
//! such as Perfetto would reject (bad escapes, raw control characters, trailing commas, leading
//! zeros, trailing garbage), so a passing parse means the exporter wrote valid JSON.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace clc::sim::test {

struct JsonValue {
  enum class Type { Null, Bool, Number, String, Array, Object };
  Type type = Type::Null;
  bool boolean = false;
  double number = 0.0;
  std::string string;
  std::vector<JsonValue> array;
  std::vector<std::pair<std::string, JsonValue>> object;  // in file order; duplicates kept

  bool is(Type t) const { return type == t; }
  //! The first member named `key`, or nullptr (also when this is not an object).
  JsonValue const* find(std::string const& key) const {
    if (type != Type::Object) return nullptr;
    for (auto const& kv : object) {
      if (kv.first == key) return &kv.second;
    }
    return nullptr;
  }
  int count(std::string const& key) const {
    int n = 0;
    for (auto const& kv : object) n += kv.first == key ? 1 : 0;
    return n;
  }
};

class JsonParser {
 public:
  //! Parses the whole text; on failure returns false and error() says where.
  bool parse(std::string const& text, JsonValue& out) {
    s_ = &text;
    pos_ = 0;
    error_.clear();
    skip_ws();
    if (!value(out, 0)) return false;
    skip_ws();
    if (pos_ != text.size()) return fail("trailing characters");
    return true;
  }
  std::string const& error() const { return error_; }

 private:
  bool fail(std::string const& why) {
    if (error_.empty()) error_ = why + " at offset " + std::to_string(pos_);
    return false;
  }
  bool eof() const { return pos_ >= s_->size(); }
  char peek() const { return eof() ? '\0' : (*s_)[pos_]; }
  void skip_ws() {
    while (!eof() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
  }
  bool literal(char const* word) {
    std::string const w = word;
    if (s_->compare(pos_, w.size(), w) != 0) return fail("bad literal");
    pos_ += w.size();
    return true;
  }

  bool value(JsonValue& v, int depth) {
    if (depth > 200) return fail("nesting too deep");
    switch (peek()) {
      case '{': return object(v, depth);
      case '[': return array(v, depth);
      case '"': v.type = JsonValue::Type::String; return string(v.string);
      case 't': v.type = JsonValue::Type::Bool; v.boolean = true; return literal("true");
      case 'f': v.type = JsonValue::Type::Bool; v.boolean = false; return literal("false");
      case 'n': v.type = JsonValue::Type::Null; return literal("null");
      default: return number(v);
    }
  }

  bool object(JsonValue& v, int depth) {
    v.type = JsonValue::Type::Object;
    ++pos_;
    skip_ws();
    if (peek() == '}') { ++pos_; return true; }
    while (true) {
      skip_ws();
      if (peek() != '"') return fail("expected a member name");
      std::string key;
      if (!string(key)) return false;
      skip_ws();
      if (peek() != ':') return fail("expected ':'");
      ++pos_;
      skip_ws();
      JsonValue member;
      if (!value(member, depth + 1)) return false;
      v.object.emplace_back(std::move(key), std::move(member));
      skip_ws();
      if (peek() == ',') { ++pos_; continue; }
      if (peek() == '}') { ++pos_; return true; }
      return fail("expected ',' or '}'");
    }
  }

  bool array(JsonValue& v, int depth) {
    v.type = JsonValue::Type::Array;
    ++pos_;
    skip_ws();
    if (peek() == ']') { ++pos_; return true; }
    while (true) {
      skip_ws();
      JsonValue item;
      if (!value(item, depth + 1)) return false;
      v.array.push_back(std::move(item));
      skip_ws();
      if (peek() == ',') { ++pos_; continue; }
      if (peek() == ']') { ++pos_; return true; }
      return fail("expected ',' or ']'");
    }
  }

  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool hex4(std::uint32_t& cp) {
    if (pos_ + 4 > s_->size()) return fail("short \\u escape");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      char const c = (*s_)[pos_++];
      cp <<= 4;
      if (c >= '0' && c <= '9') cp |= static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') cp |= static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') cp |= static_cast<std::uint32_t>(c - 'A' + 10);
      else return fail("bad hex digit in \\u escape");
    }
    return true;
  }

  bool string(std::string& out) {
    ++pos_;  // opening quote
    while (true) {
      if (eof()) return fail("unterminated string");
      unsigned char const c = static_cast<unsigned char>((*s_)[pos_++]);
      if (c == '"') return true;
      if (c < 0x20) return fail("raw control character in string");
      if (c != '\\') { out += static_cast<char>(c); continue; }
      if (eof()) return fail("unterminated escape");
      char const e = (*s_)[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            std::uint32_t lo = 0;
            if (s_->compare(pos_, 2, "\\u") != 0) return fail("lone high surrogate");
            pos_ += 2;
            if (!hex4(lo) || lo < 0xDC00 || lo > 0xDFFF) return fail("bad low surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return fail("lone low surrogate");
          }
          append_utf8(out, cp);
          break;
        }
        default: return fail(std::string("bad escape \\") + e);
      }
    }
  }

  bool number(JsonValue& v) {
    std::size_t const start = pos_;
    auto digit = [&] { return !eof() && peek() >= '0' && peek() <= '9'; };
    if (peek() == '-') ++pos_;
    if (peek() == '0') {
      ++pos_;
      if (digit()) return fail("leading zero");
    } else if (digit()) {
      while (digit()) ++pos_;
    } else {
      return fail("unexpected character");
    }
    if (peek() == '.') {
      ++pos_;
      if (!digit()) return fail("digit expected after '.'");
      while (digit()) ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (!digit()) return fail("digit expected in exponent");
      while (digit()) ++pos_;
    }
    v.type = JsonValue::Type::Number;
    v.number = std::strtod(s_->substr(start, pos_ - start).c_str(), nullptr);
    return true;
  }

  std::string const* s_ = nullptr;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace clc::sim::test
