//! @file detail/split_k.hpp
//! @brief Host: the split-K heuristic of the GEMM-shaped Hopper kernels (clc::gemm, clc::conv), and its
//! time constants (also clc::gemm's split-tail estimate).
#pragma once

#include <cstdint>

namespace clc::detail {

//! The estimate's time of one 128 x `tile_n` k-step of 64 on one SM (seconds).
inline double k_step_seconds(int tile_n) { return 0.5e-6 * tile_n / 128.0; }

//! The estimate's time of reducing `splits` fp32 partial sums of `out_elems` outputs (seconds): 3 us
//! plus the bytes (each split's partial written and read, the output written) at 3 TB/s.
inline double split_reduce_seconds(double out_elems, int splits) {
  return 3e-6 + out_elems * (8.0 * splits + 2.0) / 3e12;
}

//! The split-K factor (1..16) with the shortest estimated time for `tiles` output tiles of 128 x
//! `tile_n`, each `k_steps` k-steps of 64, writing `out_elems` outputs, on `sms` SMs: whole waves of
//! (tile, split) units, plus the reduction. Estimates, not measurements: a 128 x BN k-step takes
//! 0.5 us * BN / 128 on one SM, a unit 1.5 us more (prologue, epilogue), the reduction 3 us plus its
//! bytes (partials written and read, the output written) at 3 TB/s. Each split keeps >= 4 k-steps.
//! The estimate's time of split-K with `splits` (1: none), the terms of split_k_estimate below.
inline double split_k_seconds(std::int64_t tiles, int k_steps, int tile_n, std::int64_t out_elems, int sms,
                              int splits) {
  if (sms < 1) sms = 1;
  std::int64_t const units = tiles * splits;
  double const waves = double((units + sms - 1) / sms);
  double t = waves * (double((k_steps + splits - 1) / splits) * k_step_seconds(tile_n) + 1.5e-6);
  if (splits > 1) t += split_reduce_seconds(double(out_elems), splits);
  return t;
}

//! `max_splits` (default 16): the largest factor tried.
inline int split_k_estimate(std::int64_t tiles, int k_steps, int tile_n, std::int64_t out_elems, int sms,
                            int max_splits = 16) {
  auto cost = [&](int splits) { return split_k_seconds(tiles, k_steps, tile_n, out_elems, sms, splits); };
  int best = 1;
  double best_t = cost(1);
  for (int splits = 2; splits <= max_splits && k_steps / splits >= 4; ++splits) {
    double const t = cost(splits);
    if (t < best_t) best = splits, best_t = t;
  }
  return best;
}

}  // namespace clc::detail
