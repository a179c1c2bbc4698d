//! @file json.hpp
//! @brief `clc::json`: the project's one JSON writer and reader (benchmarks, simulator, traces,
//! tests, clc-trace-align). Strict RFC 8259 both ways: the reader rejects what a real consumer such
//! as Perfetto would (bad escapes, raw control characters, trailing commas, leading zeros, trailing
//! garbage); the writer writes integers as integers and doubles with the shortest text that reads
//! back to the same double (1048576.0 -> 1048576, 0.1 -> 0.1), non-finite doubles as null.
//!
//! Vocabulary of every document the project writes (docs/json.md): a top-level object that starts
//! with "schema_version" (kSchemaVersion) and "tool"; then, where they apply, "date" (UTC, ISO 8601),
//! "commit", "gpu" {"name", "sm_count", "compute_capability", "cuda_runtime", "cuda_driver"}; times
//! carry their unit in the key (`_ms`, `_us`, `_ns`), ratios say what they compare (`_vs_static`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace clc::json {

//! Version of the layout of the documents the project writes; raise it when a key changes meaning.
inline constexpr int kSchemaVersion = 1;

//! A streaming writer. Containers nested deeper than `pretty_depth` are written on one line (a trace's
//! million events stay one line each); shallower ones get one member per line, indented by two.
class Writer {
 public:
  explicit Writer(int pretty_depth = 64) : pretty_depth_(pretty_depth) {}

  Writer& begin_object() { return open('{'); }
  Writer& end_object() { return close('}'); }
  Writer& begin_array() { return open('['); }
  Writer& end_array() { return close(']'); }
  Writer& begin_object(std::string_view k) { return key(k).begin_object(); }
  Writer& begin_array(std::string_view k) { return key(k).begin_array(); }

  //! The member name of the next value (inside an object).
  Writer& key(std::string_view k);

  Writer& value(std::string_view s);
  Writer& value(char const* s) { return value(std::string_view(s)); }
  Writer& value(std::string const& s) { return value(std::string_view(s)); }
  Writer& value(bool b);
  Writer& value(std::nullptr_t);
  Writer& value(double d);
  Writer& value(float f) { return value(double(f)); }
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  Writer& value(T v) {
    if constexpr (std::is_signed_v<T>) {
      return raw(std::to_string(static_cast<long long>(v)));
    } else {
      return raw(std::to_string(static_cast<unsigned long long>(v)));
    }
  }

  //! A number already formatted (`text` must be a JSON number): for values no double holds exactly,
  //! e.g. nanosecond timestamps as microseconds with three decimals.
  Writer& number_text(std::string_view text) { return raw(std::string(text)); }

  template <class T>
  Writer& field(std::string_view k, T const& v) {
    return key(k).value(v);
  }

  //! "schema_version" and "tool": the first two members of every document (call after begin_object).
  Writer& header(std::string_view tool) { return field("schema_version", kSchemaVersion).field("tool", tool); }

  //! The document so far (complete once every container is closed).
  std::string const& str() const { return out_; }

  //! A JSON string literal of `s`, quotes included.
  static std::string quote(std::string_view s);
  //! The shortest decimal text that reads back to `d` ("null" for inf / nan).
  static std::string number(double d);

 private:
  Writer& open(char c);
  Writer& close(char c);
  Writer& raw(std::string const& text);
  void before_value();
  void newline(std::size_t depth);

  struct Level {
    bool first = true;
    bool pretty = true;
  };
  std::string out_;
  std::vector<Level> stack_;
  bool after_key_ = false;
  int pretty_depth_;
};

//! A parsed JSON value. Numbers keep their double value and, when written as an integer literal that
//! fits 64 bits, the exact integer (`integral`, `integer`): 19-digit nanosecond timestamps survive.
struct Value {
  enum class Type { Null, Bool, Number, String, Array, Object };
  Type type = Type::Null;
  bool boolean = false;
  double number = 0.0;
  bool integral = false;
  std::int64_t integer = 0;
  std::string text;  //!< a number's literal text, for exact decimal reads
  std::string string;
  std::vector<Value> array;
  std::vector<std::pair<std::string, Value>> object;  // in document order; duplicates kept

  bool is(Type t) const { return type == t; }
  //! The first member named `key`, or nullptr (also when this is not an object).
  Value const* find(std::string_view key) const;
  //! How many members are named `key`.
  int count(std::string_view key) const;
};

//! Parses the whole of `text` into `out`; on failure returns false and `*error` (if given) says what
//! and at which byte offset.
bool parse(std::string_view text, Value* out, std::string* error = nullptr);

}  // namespace clc::json
