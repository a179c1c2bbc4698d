//! @file kernel_choice.hpp
//! @brief Which kernel a workload (clc::gemm, clc::attention) runs: one enum for every workload.
#pragma once

namespace clc {

//! `Auto`: the workload picks (Sm90 on Hopper when TMA can read the operands, else Portable);
//! `Sm90`: TMA + wgmma, warp-specialised (sm_90a); `Portable`: cp.async + mma.sync, any alignment the
//! API accepts (also the sm_100a path under `Hardware`).
enum class KernelChoice : int { Auto = 0, Sm90 = 1, Portable = 2 };

inline char const* to_string(KernelChoice k) {
  switch (k) {
    case KernelChoice::Auto: return "Auto";
    case KernelChoice::Sm90: return "Sm90";
    case KernelChoice::Portable: return "Portable";
  }
  return "?";
}

}  // namespace clc
