//! @file source/auto.cuh
//! @brief All work sources, and `source::Auto` (resolved on the host: Hardware where the device and
//! the binary have CLC, else Ticket).
#pragma once

#include "hardware.cuh"
#include "single.cuh"
#include "static.cuh"
#include "ticket.cuh"

namespace clc::source {

//! Marker type: the launch API resolves it to Hardware or Ticket at run time.
struct Auto {
  static constexpr SourceKind kind = SourceKind::Auto;
};

}  // namespace clc::source
