//! @file pipeline/fetch_pipeline.cuh
//! @brief The response ring shared by `Hardware` and `Ticket`: `Stages` 16-byte slots, each with a
//! full barrier (in every CTA: 1 arrival + 16 transaction bytes) and an empty barrier (in cluster
//! rank 0 only matters: one arrival per consumer warp of every CTA of the cluster), plus the
//! throttle barrier that grants the scheduler one fetch per tile started.
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "pipeline_state.cuh"

#if defined(__CUDACC__)
#  include <cuda/atomic>

#  include "../detail/ptx.cuh"
#endif

namespace clc {

template <int Stages>
struct FetchStorage {
  alignas(16) uint4 slot[Stages];  // same offset in every CTA: the multicast response needs that
  std::uint64_t full[Stages];
  std::uint64_t empty[Stages];
  std::uint64_t throttle;          // rank 0: the producer role arrives once per tile it starts
  std::uint64_t demand;            // rank 0, ClaimTiming::Handback: ... and once per response it has ended
  alignas(16) uint4 held;          // rank 0, ClaimTiming::Handback: the response the scheduler holds
  int held_state;                  // ... kHeld* below: who delivers it
  std::uint32_t ring_position;     // ... the ring's producer position (index | phase << 16), shared by the
                                   //     scheduler warp and the producer role, whichever delivers
  int end_seen;                    // rank 0: set by the producer role before its last throttle arrive
  int admitted;                    // rank 0, sources with admit(): this cluster's launch slot was not cancelled
  unsigned iterating_warps;        // debug builds (CLC_CHECK_ROLES): warps of this CTA that iterate tiles
};

#if defined(__CUDACC__)

template <int Stages>
class FetchPipeline {
 public:
  using State = PipelineState<Stages>;
  static constexpr std::uint32_t kResponseBytes = 16;

  CLC_DEVICE explicit FetchPipeline(FetchStorage<Stages>& s) : s_(s) {}

  //! One thread per CTA. Must be followed by a cluster barrier before any CTA touches a peer.
  CLC_DEVICE void init(unsigned consumer_arrivals) {
    for (int i = 0; i < Stages; ++i) {
      detail::mbarrier_init(&s_.full[i], 1);                   // the scheduler's arm (arrive.expect_tx)
      detail::mbarrier_init(&s_.empty[i], consumer_arrivals);  // every consumer warp of the cluster
    }
    detail::mbarrier_init(&s_.throttle, 1);
    detail::mbarrier_init(&s_.demand, 1);
    s_.held_state = kHeldNone;
    s_.ring_position = pack(make_producer_start_state<Stages>());
    s_.end_seen = 0;
    s_.iterating_warps = 0;
    detail::fence_barrier_init();  // make the inits visible to peers' remote arrives (cluster scope)
  }

  // -- producer side: one elected thread of cluster rank 0 -------------------------------------
  //! Wait until every consumer of the cluster has released slot `st.index`.
  CLC_DEVICE void producer_acquire(State st) { detail::mbarrier_wait(&s_.empty[st.index], st.phase); }

  //! Arm slot `st.index`'s full barrier in *every* CTA (1 arrival + 16 expected bytes). Arming only
  //! rank 0 would leave the other CTAs waiting forever.
  CLC_DEVICE void producer_arm(State st, unsigned cluster_size) {
    detail::mbarrier_arrive_expect_tx_local(&s_.full[st.index], kResponseBytes);  // the producer is rank 0
    for (unsigned r = 1; r < cluster_size; ++r)
      detail::mbarrier_arrive_expect_tx_remote(&s_.full[st.index], r, kResponseBytes);
  }

  //! 1-CTA clusters have no peer to deliver to: store the response with one 128-bit store and
  //! complete the slot's phase with this thread's release arrive (the barrier's single expected
  //! arrival) instead of arm + st.async + complete_tx. Consumers wait and read exactly as before.
  CLC_DEVICE void producer_publish_local(State st, uint4 v) {
    detail::store_response(&s_.slot[st.index], v);
    detail::mbarrier_arrive_local(&s_.full[st.index]);
  }

  //! Deliver response `v` into slot `st.index` of every CTA of the cluster, as the hardware's
  //! (multicast) response lands: arm every CTA's full barrier, then `st.async` with complete_tx into
  //! each CTA, own CTA included through mapa. 1-CTA clusters: `producer_publish_local`.
  CLC_DEVICE void producer_deliver(State st, uint4 v, unsigned cluster_size) {
    if (cluster_size == 1) {
      producer_publish_local(st, v);  // st.async targets shared::cluster: no peer to write to
    } else {
      producer_arm(st, cluster_size);
      for (unsigned r = 0; r < cluster_size; ++r) detail::st_async_16(slot(st), full_barrier(st), r, v);
    }
  }

  //! Sources with admit(): rank 0 records whether its cluster runs (before the init barrier); after
  //! that barrier (release/acquire: the store is visible cluster-wide) one thread of every other CTA
  //! copies rank 0's record (a CTA barrier follows); then every thread reads its own CTA's copy.
  CLC_DEVICE void set_admitted(bool a) { s_.admitted = a ? 1 : 0; }
  CLC_DEVICE void copy_admitted_from_rank0() {
    int const r0 = *reinterpret_cast<int const volatile*>(detail::map_to_rank(&s_.admitted, 0u));
    if (detail::cluster_rank() != 0) s_.admitted = r0;
  }
  CLC_DEVICE bool admitted() const { return *reinterpret_cast<int const volatile*>(&s_.admitted) != 0; }

  //! Debug check of the empty barriers' arrival count (lane 0 of each iterating warp, once).
  CLC_DEVICE unsigned count_iterating_warp() const { return atomicAdd(&s_.iterating_warps, 1u) + 1u; }
  CLC_DEVICE unsigned iterating_warps() const { return *reinterpret_cast<unsigned const volatile*>(&s_.iterating_warps); }

  CLC_DEVICE uint4* slot(State st) { return &s_.slot[st.index]; }
  CLC_DEVICE std::uint64_t* full_barrier(State st) { return &s_.full[st.index]; }

  //! Teardown: wait until every slot has been released, so no remote arrive can still target this
  //! CTA and no response is still being read when the cluster exits.
  CLC_DEVICE void producer_tail(State st) {
    for (int i = 0; i < Stages; ++i) {
      producer_acquire(st);
      ++st;
    }
  }

  // -- consumer side: every lane of each consumer warp -----------------------------------------
  CLC_DEVICE uint4 consumer_wait(State st) {
    detail::mbarrier_wait(&s_.full[st.index], st.phase);
    return detail::load_response(&s_.slot[st.index]);
  }

  //! Release slot `st.index` to the producer: every lane orders its generic read before the next
  //! async write into the slot, the warp converges, and lane 0 arrives on rank 0's empty barrier
  //! (a plain CTA-local arrive when this CTA is rank 0: same ordering, and compute-sanitizer's
  //! racecheck recognises it as synchronisation).
  //! `async_written = false` (the response was stored with a generic shared store, the 1-CTA
  //! `Ticket` delivery): no proxy fence is needed, the arrive's release orders the read.
  CLC_DEVICE void consumer_release(State st, unsigned lane, unsigned my_rank, bool async_written = true) {
    if (async_written) detail::fence_generic_to_async_shared();
    __syncwarp();
    if (lane == 0) {
      if (my_rank == 0) {
        detail::mbarrier_arrive_local(&s_.empty[st.index]);
      } else {
        detail::mbarrier_arrive_remote(&s_.empty[st.index], 0);
      }
    }
  }

  CLC_DEVICE static std::uint32_t pack(State st) { return std::uint32_t(st.index) | st.phase << 16; }
  CLC_DEVICE static State unpack(std::uint32_t w) {
    State st;
    st.index = int(w & 0xffffu);
    st.phase = w >> 16;
    return st;
  }

  // -- throttle (rank 0) ------------------------------------------------------------------------
  //! Producer role, lane 0 of rank 0: one credit per tile started, or the end of its work.
  CLC_DEVICE void throttle_feed(bool end) {
    if (end) s_.end_seen = 1;  // published by the arrive (release) below
    detail::mbarrier_arrive_local(&s_.throttle);
  }
  // -- ClaimTiming::Handback (rank 0): the held response and the shared ring position --------------
  //! The held response's state: none held; held (in `held`, either party may take it with a CAS);
  //! taken by the producer role (which delivered it); withdrawn by the scheduler (which offers it to
  //! other workers or delivers it itself).
  static constexpr int kHeldNone = 0, kHeld = 1, kHeldTaken = 2, kHeldWithdrawn = 3;
  using HeldRef = cuda::atomic_ref<int, cuda::thread_scope_block>;
  //! The held response and the ring position are shared by two threads whose turns are ordered by
  //! the held state's CAS and the credits, which compute-sanitizer's racecheck does not see as
  //! synchronisation: as plain (or relaxed load/store) accesses it reported each turn's read of the
  //! other thread's write as a hazard. Read-modify-write atomics (exchange, fetch_add of 0) it leaves
  //! alone; they cost the handback a few shared-memory atomics per response.
  using WordRef = cuda::atomic_ref<std::uint32_t, cuda::thread_scope_block>;
  CLC_DEVICE std::uint32_t& held_word(int i) { return reinterpret_cast<std::uint32_t*>(&s_.held)[i]; }

  //! Scheduler: hold `v` (the producer may take it from now on).
  CLC_DEVICE void hold(uint4 v) {
    WordRef(held_word(0)).exchange(v.x, cuda::memory_order_relaxed);
    WordRef(held_word(1)).exchange(v.y, cuda::memory_order_relaxed);
    WordRef(held_word(2)).exchange(v.z, cuda::memory_order_relaxed);
    WordRef(held_word(3)).exchange(v.w, cuda::memory_order_relaxed);
    HeldRef(s_.held_state).store(kHeld, cuda::memory_order_release);
  }
  //! Producer, after taking it with the CAS (acquire): the held response.
  CLC_DEVICE uint4 held_response() {
    return uint4{WordRef(held_word(0)).fetch_add(0u, cuda::memory_order_relaxed),
                 WordRef(held_word(1)).fetch_add(0u, cuda::memory_order_relaxed),
                 WordRef(held_word(2)).fetch_add(0u, cuda::memory_order_relaxed),
                 WordRef(held_word(3)).fetch_add(0u, cuda::memory_order_relaxed)};
  }
  CLC_DEVICE int held_state() { return HeldRef(s_.held_state).load(cuda::memory_order_acquire); }
  //! Scheduler: take the held response back (false: the producer took it first).
  CLC_DEVICE bool withdraw() {
    int expected = kHeld;
    return HeldRef(s_.held_state)
        .compare_exchange_strong(expected, kHeldWithdrawn, cuda::memory_order_acq_rel, cuda::memory_order_acquire);
  }
  //! Scheduler, after the response was delivered by either party: nothing is held.
  CLC_DEVICE void clear_held() { HeldRef(s_.held_state).store(kHeldNone, cuda::memory_order_relaxed); }

  //! Deliver `v` at the shared ring position and advance it (the scheduler, or the producer role
  //! after taking the held response: the held state's CAS, or the credit that follows a delivery,
  //! orders their turns).
  //! The position: read-modify-write atomics, as the held response (WordRef).
  CLC_DEVICE void deliver_next(uint4 v, unsigned cluster_size) {
    State st = ring_position();
    producer_acquire(st);
    producer_deliver(st, v, cluster_size);
    ++st;
    WordRef(s_.ring_position).exchange(pack(st), cuda::memory_order_relaxed);
  }
  CLC_DEVICE State ring_position() const {
    return unpack(WordRef(s_.ring_position).fetch_add(0u, cuda::memory_order_relaxed));
  }

  //! Producer role (lane 0 of rank 0): the response's last tile has ended and the next response is
  //! wanted now. Takes the held response and delivers it itself when the scheduler holds one (no
  //! wake-up of the scheduler warp on the way); else tells the scheduler, which delivers.
  CLC_DEVICE void demand(unsigned cluster_size) {
    int expected = kHeld;
    if (HeldRef(s_.held_state)
            .compare_exchange_strong(expected, kHeldTaken, cuda::memory_order_acq_rel, cuda::memory_order_relaxed)) {
      deliver_next(held_response(), cluster_size);
    } else {
      detail::mbarrier_arrive_local(&s_.demand);
    }
  }
  //! Scheduler: whether the next demand has come (`phase` flips when it has). A test that never
  //! blocks: `try_wait` may suspend the thread up to a system-dependent limit (about ten
  //! microseconds were seen on the H200), which would make the scheduler's watch that coarse.
  CLC_DEVICE bool demand_test(std::uint32_t& phase) {
    if (!cuda::ptx::mbarrier_test_wait_parity(&s_.demand, phase)) return false;
    phase ^= 1u;
    return true;
  }
  CLC_DEVICE void demand_wait(std::uint32_t& phase) {
    detail::mbarrier_wait(&s_.demand, phase);
    phase ^= 1u;
  }
  //! Scheduler: wait for the next credit; true when the producer has seen the end of the work.
  CLC_DEVICE bool throttle_wait(std::uint32_t& phase) {
    detail::mbarrier_wait(&s_.throttle, phase);
    phase ^= 1u;
    return *reinterpret_cast<int volatile*>(&s_.end_seen) != 0;
  }

 private:
  FetchStorage<Stages>& s_;
};

#endif  // __CUDACC__

}  // namespace clc
