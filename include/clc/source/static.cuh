//! @file source/static.cuh
//! @brief `source::Static`: persistent workers with a fixed plan (worker w of W runs clusters w,
//! w+W, w+2W, ...). No fetch at all: the floor that dynamic sources are measured against, and the
//! schedule whose tail under interference CLC exists to remove.
#pragma once

#include "kind.hpp"

namespace clc::source {

struct Static {
  static constexpr SourceKind kind = SourceKind::Static;
  static constexpr bool fetches = false;
  static constexpr bool first_from_launch_slot = false;
};

}  // namespace clc::source
