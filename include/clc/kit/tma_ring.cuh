//! @file kit/tma_ring.cuh
//! @brief A ring of `Stages` shared-memory stages that one producer thread fills with TMA and
//! consumer warps drain: per stage a *full* barrier (1 arrival: the producer's arm, plus the TMA
//! transaction bytes) and an *empty* barrier (one arrival per consumer warp, or per consumer warpgroup
//! with consumer_release_wg, of every CTA whose stage the producer's loads reach). Positions are `clc::PipelineState<Stages>`: `++state` moves to the
//! next stage and flips the phase after the last one; nobody computes a phase by hand.
//!
//! @code
//! // producer (one thread)                        // consumer (every thread of a consumer warp)
//! auto st = Ring::producer_start();               auto st = Ring::consumer_start();
//! for (each k) {                                  for (each k) {
//!   std::uint64_t* full = ring.producer_acquire(st, bytes);   ring.consumer_wait(st);
//!   tma_load(dst(st.index), map, coords, full);    ...read stage st.index (e.g. wgmma, then wait)...
//!   ++st;                                           ring.consumer_release(st, cluster_size); ++st;
//! }                                               }
//! @endcode
#pragma once

#include <cstdint>

#include "../pipeline/pipeline_state.cuh"
#include "arch.cuh"
#include "barrier.cuh"

namespace clc::kit {

template <int Stages>
struct TmaRingStorage {
  std::uint64_t full[Stages];
  std::uint64_t empty[Stages];
};

#if defined(__CUDACC__)

template <int Stages>
class TmaRing {
 public:
  static_assert(Stages >= 1, "a ring needs at least one stage");
  using State = PipelineState<Stages>;
  static constexpr int kStages = Stages;

  CLC_KIT_DEVICE explicit TmaRing(TmaRingStorage<Stages>& s) : s_(s) {}

  //! One thread per CTA. `consumer_arrivals`: consumer warps per CTA times the CTAs that release
  //! into this CTA (the cluster size when loads multicast, else 1). A cluster barrier (e.g. the
  //! scheduler's `init()`) must follow before any peer arrives or multicasts into these barriers.
  CLC_KIT_DEVICE void init(unsigned consumer_arrivals) {
    for (int i = 0; i < Stages; ++i) {
      mbarrier_init(&s_.full[i], 1);                   // the producer's arm (arrive.expect_tx)
      mbarrier_init(&s_.empty[i], consumer_arrivals);  // every consumer warp that reads the stage
    }
    fence_barrier_init();  // the inits are visible to peers' remote arrives and multicast complete_tx
  }

  //! A producer starts at phase 1: a fresh empty barrier counts as released, so every stage starts free.
  CLC_KIT_DEVICE static constexpr State producer_start() { return make_producer_start_state<Stages>(); }
  //! A consumer starts at phase 0: it waits for the first completion of each full barrier.
  CLC_KIT_DEVICE static constexpr State consumer_start() { return make_consumer_start_state<Stages>(); }

  //! Producer (one thread): wait until every consumer has released stage `st` (their reads of its
  //! previous contents are complete), then arm this CTA's full barrier for `bytes` of TMA traffic
  //! (its own loads plus what peers multicast into it). Returns the barrier the loads complete on.
  CLC_KIT_DEVICE std::uint64_t* producer_acquire(State st, std::uint32_t bytes) {
    producer_wait(st);
    return producer_arm(st, bytes);
  }
  //! The two halves of producer_acquire, for a producer whose whole warp walks the ring (so that
  //! the ring position stays warp-uniform) and one lane arms and loads: every lane may wait, exactly
  //! one lane arms each stage.
  CLC_KIT_DEVICE void producer_wait(State st) { wait(&s_.empty[st.index], st.phase); }
  CLC_KIT_DEVICE std::uint64_t* producer_arm(State st, std::uint32_t bytes) {
    mbarrier_arrive_expect_tx_local(&s_.full[st.index], bytes);
    return &s_.full[st.index];
  }

  //! Consumer: wait until stage `st`'s bytes have landed (acquire: they are visible to this thread).
  CLC_KIT_DEVICE void consumer_wait(State st) { wait(&s_.full[st.index], st.phase); }

  //! Consumer warpgroup, called by all 128 threads after the `wgmma_wait` that retires the warpgroup's
  //! MMAs on stage `st` (a warpgroup's wgmma reads the stage as one operation): one arrival per
  //! warpgroup and per CTA whose producer writes into this CTA's stage (ranks 0..cluster_size-1 when
  //! loads multicast, pass 1 otherwise), made by warp 0 of the warpgroup, lane r arriving on rank r's
  //! barrier, all in one instruction. `init`'s consumer_arrivals then count warpgroups, not warps.
  //! Against one arrival per warp (consumer_release): a quarter of the arrivals, remote ones in
  //! parallel lanes instead of one lane's sequence, and no per-warp branch (CUTLASS's sm90 pipeline
  //! also signals once per warpgroup and destination CTA).
  CLC_KIT_DEVICE void consumer_release_wg(State st, unsigned cluster_size) {
    if ((threadIdx.x & 96u) != 0u) return;  // warps 1-3 of the warpgroup (warpgroups start at multiples of 128)
    unsigned const lane = threadIdx.x & 31u;
    if (cluster_size == 1) {
      if (lane == 0) mbarrier_arrive_local(&s_.empty[st.index]);
    } else if (lane < cluster_size) {
      mbarrier_arrive_remote(&s_.empty[st.index], lane);
    }
  }

  //! Consumer, warp-collective: release stage `st` once this warp's reads of it are complete (for
  //! wgmma: after the wgmma_wait that retires them). Lane 0 arrives once per CTA whose producer
  //! writes into this CTA's stage: ranks 0..cluster_size-1 when loads multicast (pass 1 otherwise).
  //! The arrive releases at CTA scope, which is enough: it publishes only "read", no data.
  CLC_KIT_DEVICE void consumer_release(State st, unsigned cluster_size) {
    __syncwarp();
    if ((threadIdx.x & 31) == 0) {
      if (cluster_size == 1) {
        mbarrier_arrive_local(&s_.empty[st.index]);
      } else if (cluster_size == 2) {  // the common multicast pair: two straight-line arrives
        mbarrier_arrive_remote(&s_.empty[st.index], 0);
        mbarrier_arrive_remote(&s_.empty[st.index], 1);
      } else {
#pragma unroll 1
        for (unsigned r = 0; r < cluster_size; ++r) mbarrier_arrive_remote(&s_.empty[st.index], r);
      }
    }
  }

 private:
  //! A stage is usually ready when it is first tested: one try, and the timed wait only if not.
  CLC_KIT_DEVICE static void wait(std::uint64_t* bar, std::uint32_t parity) {
    if (!mbarrier_try_wait(bar, parity)) mbarrier_wait(bar, parity);
  }

  TmaRingStorage<Stages>& s_;
};

#endif  // __CUDACC__

}  // namespace clc::kit
