//! @file source/hardware.cuh
//! @brief `source::Hardware`: Blackwell Cluster Launch Control. One elected thread of cluster rank 0
//! asks the hardware to cancel a not-yet-launched cluster; the 16-byte response lands in every CTA's
//! slot (multicast) and completes 16 transaction bytes on each CTA's full barrier. A running CTA's
//! own launch slot is its first tile. The interface is described in source/concept.cuh.
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "../tile_space.cuh"
#include "fetch_context.cuh"
#include "kind.hpp"

#if defined(__CUDACC__)
#  include <cuda/ptx>

#  include "../detail/ptx.cuh"
#  include "../pipeline/fetch_pipeline.cuh"
#endif

namespace clc::source {

struct Hardware {
  static constexpr SourceKind kind = SourceKind::Hardware;
  static constexpr bool fetches = true;                 // responses travel through the fetch pipeline
  static constexpr bool first_from_launch_slot = true;  // so the grid must list every tile
  static constexpr GridMode default_grid = GridMode::EveryTile;

#if defined(__CUDACC__)
  //! Issue one try_cancel into slot `st` of every CTA of the cluster (the empty slot was acquired).
  //! Everything happens here: the instruction is asynchronous, its completion is the full barrier.
  template <int Stages>
  CLC_DEVICE void start(FetchContext const& ctx, FetchPipeline<Stages>& pipe, PipelineState<Stages> st) {
    pipe.producer_arm(st, ctx.cluster_size);  // every CTA's full barrier expects the 16 bytes
#  if CLC_HAS_HARDWARE_CLC
    if (ctx.cluster_size == 1) {
      cuda::ptx::clusterlaunchcontrol_try_cancel(pipe.slot(st), pipe.full_barrier(st));
    } else {
#    if CLC_HAS_MULTICAST
      cuda::ptx::clusterlaunchcontrol_try_cancel_multicast(pipe.slot(st), pipe.full_barrier(st));
#    else
      __trap();  // unreachable: the host refuses clusters > 1 for targets without multicast
#    endif
    }
#  else
    __trap();  // unreachable: the host refuses Hardware on devices / binaries below sm_100
#  endif
  }

  //! ClaimTiming::Handback (the scheduler warp of rank 0): cancel a cluster now and return the
  //! response without delivering it (the scheduler delivers it, or hands it back, later). The
  //! response lands in a private slot of this object (rank 0's shared memory, completing a private
  //! barrier), not in the ring; the scheduler never fetches again after a failure, as PTX requires.
  template <int Stages>
  CLC_DEVICE uint4 claim_now(FetchContext const&, FetchPipeline<Stages>&, PipelineState<Stages>) {
#  if CLC_HAS_HARDWARE_CLC
    if (!ready_) {
      ::clc::detail::mbarrier_init(&held_full_, 1);
      ::clc::detail::fence_barrier_init();
      ready_ = true;
    } else {
      ::clc::detail::fence_generic_to_async_shared();  // the last response was read with a generic load
    }
    ::clc::detail::mbarrier_arrive_expect_tx_local(&held_full_, 16u);
    cuda::ptx::clusterlaunchcontrol_try_cancel(&held_, &held_full_);
    ::clc::detail::mbarrier_wait(&held_full_, held_phase_);
    held_phase_ ^= 1u;
    return ::clc::detail::load_response(&held_);
#  else
    __trap();  // unreachable: the host refuses Hardware on devices / binaries below sm_100
    return uint4{0u, 0u, 0u, 0u};
#  endif
  }

  //! Clusters claimed (1 on success, 0 on failure) and, only on success, the first CTA of the
  //! cancelled cluster (reading a failed response's coordinate is undefined).
  CLC_DEVICE static unsigned decode(uint4 r, ClusterCoord* first) {
#  if CLC_HAS_HARDWARE_CLC
    if (!cuda::ptx::clusterlaunchcontrol_query_cancel_is_canceled(r)) return 0u;
    first->x = int(cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_x<std::uint32_t>(r));
    first->y = int(cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_y<std::uint32_t>(r));
    first->z = int(cuda::ptx::clusterlaunchcontrol_query_cancel_get_first_ctaid_z<std::uint32_t>(r));
    return 1u;
#  else
    (void)r, (void)first;
    return 0u;
#  endif
  }

 private:
  alignas(16) uint4 held_{};        // claim_now's private response slot
  std::uint64_t held_full_ = 0;     // ... and its barrier (16 transaction bytes per claim)
  std::uint32_t held_phase_ = 0;
  bool ready_ = false;
#endif
};

}  // namespace clc::source
