//! @file status.hpp
//! @brief Host error model: every host entry point returns an `Error` whose message names the
//! argument or resource at fault. Library code never prints and never exits.
#pragma once

#include <string>
#include <utility>

namespace clc {

enum class Status {
  Success = 0,
  InvalidArgument,   //!< a caller-supplied value is out of range or inconsistent
  NotSupported,      //!< valid request, but this device / build target cannot run it
  OutOfResources,    //!< shared memory, registers or clusters exceed what the device offers
  CudaError,         //!< a CUDA runtime call failed; the message names the call and the CUDA error
  InternalError,
};

//! Short stable name of a status ("invalid argument", ...).
inline char const* to_string(Status s) {
  switch (s) {
    case Status::Success: return "success";
    case Status::InvalidArgument: return "invalid argument";
    case Status::NotSupported: return "not supported";
    case Status::OutOfResources: return "out of resources";
    case Status::CudaError: return "CUDA error";
    case Status::InternalError: return "internal error";
  }
  return "unknown status";
}

//! A status with a human-readable message. `ok()` on success.
struct [[nodiscard]] Error {
  Status status = Status::Success;
  std::string message;

  Error() = default;
  Error(Status s, std::string m) : status(s), message(std::move(m)) {}
  Error(Error const&) = default;
  Error(Error&&) noexcept = default;
  //! Assignment returns nothing: a reference to a [[nodiscard]] type would make every ordinary
  //! `e = f();` a discarded-result warning under nvcc (#2810-D), while the type keeps its
  //! [[nodiscard]] for calls whose result is dropped.
  void operator=(Error const& o) {
    status = o.status;
    message = o.message;
  }
  void operator=(Error&& o) noexcept {
    status = o.status;
    message = std::move(o.message);
  }

  bool ok() const { return status == Status::Success; }
  explicit operator bool() const { return !ok(); }  //!< true when there is an error
  //! "invalid argument: tiles.x must be >= 1 (got 0)"
  std::string what() const { return ok() ? "success" : std::string(to_string(status)) + ": " + message; }
};

inline Error success() { return {}; }
inline Error invalid_argument(std::string m) { return {Status::InvalidArgument, std::move(m)}; }
inline Error not_supported(std::string m) { return {Status::NotSupported, std::move(m)}; }
inline Error out_of_resources(std::string m) { return {Status::OutOfResources, std::move(m)}; }

}  // namespace clc
