//! @file source/single.cuh
//! @brief `source::Single`: the classic non-persistent grid. Each CTA runs the tile of its own launch
//! slot and exits; the hardware's block scheduler is the only load balancer.
#pragma once

#include "kind.hpp"

namespace clc::source {

struct Single {
  static constexpr SourceKind kind = SourceKind::Single;
  static constexpr bool fetches = false;
  static constexpr bool first_from_launch_slot = true;
};

}  // namespace clc::source
