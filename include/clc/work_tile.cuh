//! @file work_tile.cuh
//! @brief The value a tile functor receives.
#pragma once

#include "config.cuh"

namespace clc {

//! One unit of user work. `valid` is false only for the end-of-work marker a role loop stops on.
struct WorkTile {
  int x = 0;
  int y = 0;
  int z = 0;
  bool valid = false;

  CLC_HOST_DEVICE constexpr bool is_valid() const { return valid; }
};

}  // namespace clc
