//! @file sim/expected.hpp
//! @brief `Expected<T>`: a value or a `clc::Error`, for host functions that produce something.
//! (C++17 has no std::expected; this is the smallest thing that keeps errors as return values.)
#pragma once

#include <clc/status.hpp>

#include <optional>
#include <utility>

namespace clc::sim {

//! Holds either a value or an error whose message names the bad argument. Never throws on access
//! misuse beyond what std::optional does; callers check `ok()` first.
template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}          // NOLINT: implicit on purpose
  Expected(Error error) : error_(std::move(error)) {}      // NOLINT: implicit on purpose

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  T& value() & { return *value_; }
  T const& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  T const* operator->() const { return &*value_; }
  Error const& error() const { return error_; }

 private:
  std::optional<T> value_;
  Error error_;
};

}  // namespace clc::sim
