//! @file testing/fault_injection.hpp
//! @brief Test-only spurious fetch failures for `Ticket` (a worker stops stealing while work
//! remains, as hardware CLC allows), to prove that the rest of the grid still runs every tile
//! exactly once. Active only where the program defines `CLC_FAULT_INJECTION=1` (the test suites do);
//! otherwise no code reads it: `SchedulerParams::faults` stays an unused field (kept so that every
//! translation unit agrees on the struct's layout) and a claim pays nothing.
//!
//! @code
//! clc::testing::ScopedFaultInjection faults(0.3, /*seed=*/1234);  // this thread's launches
//! clc::launch(f, tiles, opts);  // Ticket, EveryTile grid: about 30% of the later fetches fail
//! @endcode
#pragma once

#include <cstdint>

#include "../config.cuh"

namespace clc::testing {

//! What the device reads: a fetch fails when its hash is below `threshold` (of 2^32).
struct FaultParams {
  std::uint32_t threshold = 0;
  std::uint32_t seed = 0;
};

//! The failure decision for fetch number `step` of worker `worker` (splitmix-style hash). A worker's
//! first fetch never fails: on hardware a CTA's own launch slot is always its first tile, so every
//! launched cluster claims once and all tickets are still taken.
CLC_HOST_DEVICE constexpr bool inject_failure(FaultParams f, unsigned worker, std::uint32_t step) {
  if (f.threshold == 0 || step == 0) return false;
  std::uint64_t h = (std::uint64_t(f.seed) << 32) ^ (std::uint64_t(worker) * 0x9E3779B97F4A7C15ull) ^ step;
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  h ^= h >> 31;
  return std::uint32_t(h) < f.threshold;
}

#if CLC_FAULT_INJECTION
//! Host: the failure rate in [0, 1) and seed applied to the launches this thread prepares.
struct FaultInjection {
  double rate = 0.0;
  std::uint32_t seed = 0;
};

inline FaultInjection& current_fault_injection() {
  static thread_local FaultInjection f;
  return f;
}

//! Sets this thread's fault injection for its lifetime and restores the previous one after.
class ScopedFaultInjection {
 public:
  ScopedFaultInjection(double rate, std::uint32_t seed) : saved_(current_fault_injection()) {
    current_fault_injection() = FaultInjection{rate, seed};
  }
  ~ScopedFaultInjection() { current_fault_injection() = saved_; }
  ScopedFaultInjection(ScopedFaultInjection const&) = delete;
  ScopedFaultInjection& operator=(ScopedFaultInjection const&) = delete;

 private:
  FaultInjection saved_;
};
#endif

}  // namespace clc::testing
