//! @file json.cpp
//! @brief The writer and the strict reader of json.hpp.
#include "json.hpp"

#include <cmath>
#include <cstdio>
#include <cerrno>
#include <cstdlib>

namespace clc::json {

// -- writer ------------------------------------------------------------------------------------------

std::string Writer::quote(std::string_view s) {
  std::string r = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': r += "\\\""; break;
      case '\\': r += "\\\\"; break;
      case '\n': r += "\\n"; break;
      case '\r': r += "\\r"; break;
      case '\t': r += "\\t"; break;
      case '\b': r += "\\b"; break;
      case '\f': r += "\\f"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          r += buf;
        } else {
          r += static_cast<char>(c);  // bytes >= 0x80 pass through: UTF-8 stays UTF-8
        }
    }
  }
  return r + "\"";
}

std::string Writer::number(double d) {
  if (!std::isfinite(d)) return "null";
  char buf[32];
  for (int precision : {15, 16, 17}) {  // 17 significant digits always round-trip a double
    std::snprintf(buf, sizeof buf, "%.*g", precision, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  return buf;
}

void Writer::newline(std::size_t depth) {
  out_ += '\n';
  out_.append(2 * depth, ' ');
}

void Writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (stack_.empty()) return;
  Level& l = stack_.back();
  if (!l.first) out_ += ',';
  l.first = false;
  if (l.pretty) newline(stack_.size());
}

Writer& Writer::key(std::string_view k) {
  before_value();
  out_ += quote(k);
  out_ += stack_.empty() || stack_.back().pretty ? ": " : ":";
  after_key_ = true;
  return *this;
}

Writer& Writer::open(char c) {
  before_value();
  out_ += c;
  bool const pretty = int(stack_.size()) < pretty_depth_ && (stack_.empty() || stack_.back().pretty);
  stack_.push_back(Level{true, pretty});
  return *this;
}

Writer& Writer::close(char c) {
  Level const l = stack_.back();
  stack_.pop_back();
  if (l.pretty && !l.first) newline(stack_.size());
  out_ += c;
  return *this;
}

Writer& Writer::raw(std::string const& text) {
  before_value();
  out_ += text;
  return *this;
}

Writer& Writer::value(std::string_view s) { return raw(quote(s)); }
Writer& Writer::value(bool b) { return raw(b ? "true" : "false"); }
Writer& Writer::value(std::nullptr_t) { return raw("null"); }
Writer& Writer::value(double d) { return raw(number(d)); }

// -- reader ------------------------------------------------------------------------------------------

Value const* Value::find(std::string_view key) const {
  if (type != Type::Object) return nullptr;
  for (auto const& kv : object)
    if (kv.first == key) return &kv.second;
  return nullptr;
}

int Value::count(std::string_view key) const {
  int n = 0;
  for (auto const& kv : object) n += kv.first == key ? 1 : 0;
  return n;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  bool document(Value& out) {
    skip_ws();
    if (!value(out, 0)) return false;
    skip_ws();
    if (pos_ != s_.size()) return fail("trailing characters");
    return true;
  }
  std::string const& error() const { return error_; }

 private:
  bool fail(std::string const& why) {
    if (error_.empty()) error_ = why + " at offset " + std::to_string(pos_);
    return false;
  }
  bool eof() const { return pos_ >= s_.size(); }
  char peek() const { return eof() ? '\0' : s_[pos_]; }
  void skip_ws() {
    while (!eof() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(pos_, word.size()) != word) return fail("bad literal");
    pos_ += word.size();
    return true;
  }

  bool value(Value& v, int depth) {
    if (depth > 200) return fail("nesting too deep");
    switch (peek()) {
      case '{': return object(v, depth);
      case '[': return array(v, depth);
      case '"': v.type = Value::Type::String; return string(v.string);
      case 't': v.type = Value::Type::Bool; v.boolean = true; return literal("true");
      case 'f': v.type = Value::Type::Bool; v.boolean = false; return literal("false");
      case 'n': v.type = Value::Type::Null; return literal("null");
      default: return number(v);
    }
  }

  bool object(Value& v, int depth) {
    v.type = Value::Type::Object;
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
      Value member;
      if (!value(member, depth + 1)) return false;
      v.object.emplace_back(std::move(key), std::move(member));
      skip_ws();
      if (peek() == ',') { ++pos_; continue; }
      if (peek() == '}') { ++pos_; return true; }
      return fail("expected ',' or '}'");
    }
  }

  bool array(Value& v, int depth) {
    v.type = Value::Type::Array;
    ++pos_;
    skip_ws();
    if (peek() == ']') { ++pos_; return true; }
    while (true) {
      skip_ws();
      Value item;
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
    if (pos_ + 4 > s_.size()) return fail("short \\u escape");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      char const c = s_[pos_++];
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
      unsigned char const c = static_cast<unsigned char>(s_[pos_++]);
      if (c == '"') return true;
      if (c < 0x20) return fail("raw control character in string");
      if (c != '\\') { out += static_cast<char>(c); continue; }
      if (eof()) return fail("unterminated escape");
      char const e = s_[pos_++];
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
            if (s_.substr(pos_, 2) != "\\u") return fail("lone high surrogate");
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

  bool number(Value& v) {
    std::size_t const start = pos_;
    auto digit = [&] { return !eof() && peek() >= '0' && peek() <= '9'; };
    bool integral = true;
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
      integral = false;
      ++pos_;
      if (!digit()) return fail("digit expected after '.'");
      while (digit()) ++pos_;
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (!digit()) return fail("digit expected in exponent");
      while (digit()) ++pos_;
    }
    std::string const text(s_.substr(start, pos_ - start));
    v.type = Value::Type::Number;
    v.number = std::strtod(text.c_str(), nullptr);
    v.text = text;
    v.integral = false;
    if (integral) {
      errno = 0;
      char* end = nullptr;
      long long const i = std::strtoll(text.c_str(), &end, 10);
      if (errno == 0 && end == text.c_str() + text.size()) {
        v.integral = true;
        v.integer = i;
      }
    }
    return true;
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

bool parse(std::string_view text, Value* out, std::string* error) {
  Parser p(text);
  Value v;
  if (!p.document(v)) {
    if (error) *error = p.error();
    return false;
  }
  *out = std::move(v);
  return true;
}

}  // namespace clc::json
