//! @file tools/spin.cuh
//! @brief `clc::tools::spin_ns`: busy-wait on the GPU's global timer (tests, benchmarks and the
//! SM-holding kernel use it to make tiles and holds of a known duration).
#pragma once

#include <cstdint>

#include "../config.cuh"

#if defined(__CUDACC__)
#  include "../detail/ptx.cuh"

namespace clc::tools {

//! Returns once `ns` nanoseconds have passed on %globaltimer since the call (the timer's update
//! granularity makes the wait a little longer, never shorter).
CLC_DEVICE inline void spin_ns(std::uint64_t ns) {
  if (ns == 0) return;
  std::uint64_t const t0 = detail::globaltimer_ns();
  while (detail::globaltimer_ns() - t0 < ns) {
  }
}

}  // namespace clc::tools

#endif  // __CUDACC__
