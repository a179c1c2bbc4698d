//! @file detail/target_probe.cuh
//! @brief `detail::target_probe_kernel`: tells the host which CLC features the device code of a
//! translation unit was compiled with *for the device it runs on*, without launching anything. The
//! CUDA runtime reports a kernel's binary and PTX versions but not whether it came from an arch- or
//! family-specific target, and only sm_100a code has the multicast try_cancel (config.cuh). The
//! probe's launch bound encodes the features (bit 0: CLC_HAS_HARDWARE_CLC, bit 1:
//! CLC_HAS_MULTICAST) and `cudaFuncGetAttributes` reads it back as `maxThreadsPerBlock`:
//! 32 * (1 + bits). It is compiled, like every kernel of the TU, for each target of the TU, and
//! the runtime picks the same code version for it as for the user's kernel.
#pragma once

#include "../config.cuh"

namespace clc::detail {

inline constexpr int kProbeHardwareClc = 1;
inline constexpr int kProbeMulticast = 2;

#if defined(__CUDACC__)
template <class = void>
__global__ void __launch_bounds__(32 * (1 + CLC_HAS_HARDWARE_CLC * kProbeHardwareClc + CLC_HAS_MULTICAST * kProbeMulticast))
    target_probe_kernel() {}
#endif

//! The feature bits from the probe's `maxThreadsPerBlock`.
constexpr int probe_features(int max_threads_per_block) { return max_threads_per_block / 32 - 1; }

}  // namespace clc::detail
