//! @file source/hardware.cuh
//! @brief `source::Hardware`: Blackwell Cluster Launch Control. One elected thread of cluster rank 0
//! asks the hardware to cancel a not-yet-launched cluster; the 16-byte response lands in every CTA's
//! slot (multicast) and completes 16 transaction bytes on each CTA's full barrier.
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "../tile_space.cuh"
#include "fetch_context.cuh"
#include "kind.hpp"

#if defined(__CUDACC__)
#  include <cuda/ptx>
#endif

namespace clc::source {

struct Hardware {
  static constexpr SourceKind kind = SourceKind::Hardware;
  static constexpr bool fetches = true;                 // responses travel through the fetch pipeline
  static constexpr bool first_from_launch_slot = true;  // a running CTA's own slot is its first tile

#if defined(__CUDACC__)
  //! Issue one try_cancel whose response goes to `slot` / `full` of every CTA of the cluster.
  //! Precondition: every CTA's `full` barrier has been armed with expect_tx(16).
  CLC_DEVICE static void issue(FetchContext const& ctx, uint4* slot, std::uint64_t* full) {
#  if CLC_HAS_HARDWARE_CLC
    if (ctx.cluster_size == 1) {
      cuda::ptx::clusterlaunchcontrol_try_cancel(slot, full);
    } else {
#    if CLC_HAS_MULTICAST
      cuda::ptx::clusterlaunchcontrol_try_cancel_multicast(slot, full);
#    else
      __trap();  // the host refuses clusters > 1 for Hardware on targets without multicast
#    endif
    }
#  else
    (void)ctx, (void)slot, (void)full;
    __trap();  // the host refuses Hardware on devices / binaries below sm_100
#  endif
  }

  //! Clusters claimed (1 on success, 0 on failure) and, only on success, the first CTA of the
  //! cancelled cluster.
  CLC_DEVICE static unsigned decode(uint4 r, ClusterCoord* first) {
#  if CLC_HAS_HARDWARE_CLC
    if (!cuda::ptx::clusterlaunchcontrol_query_cancel_is_canceled(r)) return 0u;  // never read a failed coord
    first->x = int(cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_x<std::uint32_t>(r));
    first->y = int(cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_y<std::uint32_t>(r));
    first->z = int(cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_z<std::uint32_t>(r));
    return 1u;
#  else
    (void)r, (void)first;
    return 0u;
#  endif
  }
#endif
};

}  // namespace clc::source
