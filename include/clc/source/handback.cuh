//! @file source/handback.cuh
//! @brief The handback pool of `ClaimTiming::Handback` (docs/protocol.md "The handback"; measured in
//! docs/scheduling.md section 7b): mailboxes in
//! global memory through which a worker hands a claimed, not yet started response back to idle
//! workers while its running tiles outlast its typical tile.
//!
//! Memory (library-owned, one pool per (device, stream), never shared with a source's workspace or
//! any other buffer): a states array, whose first 384 bytes hold the counters (HandbackCounters)
//! followed by one 32-bit state per mailbox, and a responses array of one 16-byte response per
//! mailbox. Both only grow, so a mailbox's place never moves. A state is `seq << 2 | kind`; kinds:
//! free (no worker owns the mailbox), owned (a worker owns it, nothing offered), offer (the
//! response is in the mailbox: the owner or another worker takes it with one CAS, and the winner's
//! CAS moves the state to owned with seq + 1). Only the owner writes the response and only while
//! nothing is offered, so a taker that reads the response between a load of `offer` and its
//! successful CAS from that same value has read the offered response; the sequence number never
//! goes back (a freed mailbox keeps it), which rules out ABA also when a later worker owns the
//! mailbox. Every launch leaves every state free and the counters `open`, `holding` and `idle` at
//! zero: the pool needs no reset, and a zeroed pool is a valid one. Idle workers poll one 8-byte
//! word (`open`, `holding`) and scan the states only while something is offered; the counters that
//! different parties poll live in different 128-byte lines (with all of them in one line, a hundred
//! idle SMs polling it delayed the holders' reads of `idle` by several microseconds).
#pragma once

#include <cstddef>
#include <cstdint>

#include <vector_types.h>

#include "../config.cuh"

#if defined(__CUDACC__)
#  include <cuda/atomic>

#  include "../detail/ptx.cuh"
#endif

namespace clc::source {

//! Bytes of the states array (padded to whole 16-byte groups: idle workers read four states per
//! load) and of the responses array of a pool of `slots` mailboxes.
CLC_HOST_DEVICE constexpr std::size_t handback_states_bytes(std::uint32_t slots) {
  return 384u + 16u * ((std::size_t(slots) + 3u) / 4u);
}
CLC_HOST_DEVICE constexpr std::size_t handback_responses_bytes(std::uint32_t slots) { return 16u * std::size_t(slots); }

//! The pool's counters, at the start of the states array: `open`, `holding` and `idle` steer the
//! handback and return to 0 after every launch; `handed_back` and `taken_over` are cumulative (tests
//! and benchmarks read them).
struct HandbackCounters {
  // Each group in its own 128-byte line: idle workers poll the first, holders poll the second, and
  // neither waits behind the other's traffic or the statistics' atomics.
  alignas(128) unsigned open;  //!< offers not taken yet        } one 8-byte word, read at once;
  unsigned holding;            //!< workers holding a response  } both 0 at the end of every launch
  alignas(128) unsigned idle;  //!< workers waiting for offers (0 at the end of every launch)
  alignas(128) unsigned handed_back;  //!< responses a worker offered (cumulative)
  unsigned taken_over;                //!< offered responses another worker took (cumulative)
};
static_assert(sizeof(HandbackCounters) == 384, "the states follow 384 bytes of counters");
inline constexpr std::size_t kHandbackStatesOffset = sizeof(HandbackCounters);

#if defined(__CUDACC__)

//! One worker's view of the pool: used by lane 0 of the scheduler warp of cluster rank 0.
class HandbackMailbox {
 public:
  static constexpr unsigned kFree = 0u, kOwned = 1u, kOffer = 3u;

  CLC_DEVICE HandbackMailbox(unsigned* states, void* responses, std::uint32_t slots)
      : states_(states), responses_(static_cast<uint4*>(responses)), slots_(states && responses ? slots : 0u) {}

  //! Count this worker as holding a claimed response (idle workers then wait for it). Takes a free
  //! mailbox at the first call, starting at `hint`; false when none is free (the worker then never
  //! hands back; a launch has as many mailboxes as clusters that can be resident at once).
  CLC_DEVICE bool hold(unsigned hint) {
    if (index_ < 0 && !acquire(hint)) return false;
    Ref(counters()->holding).fetch_add(1u, cuda::memory_order_relaxed);
    return true;
  }
  //! The held response was delivered to this worker's own tiles (only after `hold` returned true).
  CLC_DEVICE void unhold() { Ref(counters()->holding).fetch_sub(1u, cuda::memory_order_relaxed); }
  //! Offer the held response `r` to the others (only after `hold` returned true; it is no longer
  //! held). `open` rises before `holding` falls: an idle worker never sees both at 0 meanwhile.
  CLC_DEVICE void offer(uint4 r) {
    responses_[index_] = r;
    Ref(counters()->open).fetch_add(1u, cuda::memory_order_relaxed);
    state(index_).store(seq_ << 2 | kOffer, cuda::memory_order_release);  // r before the offer
    Ref(counters()->holding).fetch_sub(1u, cuda::memory_order_release);
    Ref(counters()->handed_back).fetch_add(1u, cuda::memory_order_relaxed);
  }
  //! Whether any worker offers a response now (a hint: one relaxed load).
  CLC_DEVICE bool offers() const { return Ref(counters()->open).load(cuda::memory_order_relaxed) != 0u; }
  //! Whether no worker holds or offers a response now (one relaxed load of `open` and `holding`).
  //! Once the source is drained this stays true: responses are held only after a claim succeeds or
  //! an offer is taken. (A claim that succeeded moments ago may not be counted yet; its owner then
  //! runs it itself at its demand, reclaiming it if it had offered it: nothing is lost.)
  CLC_DEVICE bool quiet() const {
    unsigned long long const w = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(
                                     *reinterpret_cast<unsigned long long*>(&counters()->open))
                                     .load(cuda::memory_order_relaxed);
    return slots_ == 0u || w == 0ull;
  }
  //! Whether any worker waits for offers now (a hint: one relaxed load).
  CLC_DEVICE bool idle_workers() const { return Ref(counters()->idle).load(cuda::memory_order_relaxed) != 0u; }
  //! Take the offered response back; false when another worker took it first. Either way the
  //! mailbox is owned and empty afterwards.
  CLC_DEVICE bool reclaim() {
    unsigned expected = seq_ << 2 | kOffer;
    unsigned const next = (seq_ + 1u) << 2 | kOwned;
    seq_ += 1u;
    if (!state(index_).compare_exchange_strong(expected, next, cuda::memory_order_relaxed, cuda::memory_order_relaxed))
      return false;
    Ref(counters()->open).fetch_sub(1u, cuda::memory_order_relaxed);
    return true;
  }
  //! The worker exits: free the mailbox (keeping its sequence number) for workers that start later.
  CLC_DEVICE void release() {
    if (index_ >= 0) state(index_).store(seq_ << 2 | kFree, cuda::memory_order_relaxed);
  }

  //! Take an offered response into `*out` (true). `wait` (an idle worker): wait while any worker
  //! holds or offers one, false once none does (the work is done); else one pass over the pool.
  //! `hint` spreads the takers over the pool (each starts its pass at a different mailbox: a hundred
  //! idle workers racing for the first offer serialised their CASes on one word).
  CLC_DEVICE bool take(uint4* out, bool wait, unsigned hint) const {
#  if CLC_HANG_TIMEOUT_NS
    std::uint64_t const t0 = ::clc::detail::globaltimer_ns();
#  endif
    bool waiting = false;  // counted in `idle` while it waits
    auto const stop_waiting = [&] {
      if (waiting) Ref(counters()->idle).fetch_sub(1u, cuda::memory_order_relaxed);
    };
    while (slots_ != 0u) {
      if (wait && !waiting) {  // holders hand back at once while someone waits
        Ref(counters()->idle).fetch_add(1u, cuda::memory_order_relaxed);
        waiting = true;
      }
      unsigned long long const w = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(
                                       *reinterpret_cast<unsigned long long*>(&counters()->open))
                                       .load(cuda::memory_order_relaxed);
      unsigned const open = unsigned(w), holding = unsigned(w >> 32);
      if (open != 0u && scan(out, hint)) {
        stop_waiting();
        return true;
      }
      if (!wait || (open == 0u && holding == 0u)) {
        stop_waiting();
        return false;
      }
      __nanosleep(512);
#  if CLC_HANG_TIMEOUT_NS
      if (::clc::detail::globaltimer_ns() - t0 > CLC_HANG_TIMEOUT_NS) ::clc::detail::hang_trap();
#  endif
    }
    return false;
  }

 private:
  using Ref = cuda::atomic_ref<unsigned, cuda::thread_scope_device>;

  //! One pass over the states, from group `hint` on (wrapping): take the first offer whose CAS wins.
  CLC_DEVICE bool scan(uint4* out, unsigned hint) const {
    // 32 states per batch in eight independent 16-byte loads (one round trip, not one per state);
    // states past `slots_` in the last group are free.
    uint4 const* groups = reinterpret_cast<uint4 const*>(states_ + kHandbackStatesOffset / 4u);
    std::uint32_t const n_groups = (slots_ + 3u) / 4u;
    std::uint32_t const first = hint % n_groups;
    for (std::uint32_t g0 = 0; g0 < n_groups; g0 += 8u) {
      uint4 w[8];
#  pragma unroll
      for (int j = 0; j < 8; ++j) {
        std::uint32_t g = first + g0 + unsigned(j);
        g = g >= n_groups ? g - n_groups : g;
        w[j] = g0 + unsigned(j) < n_groups ? __ldcv(groups + g) : uint4{0u, 0u, 0u, 0u};
      }
#  pragma unroll
      for (int j = 0; j < 32; ++j) {
        unsigned const word = (j & 3) == 0 ? w[j >> 2].x : (j & 3) == 1 ? w[j >> 2].y : (j & 3) == 2 ? w[j >> 2].z : w[j >> 2].w;
        if ((word & 3u) != kOffer) continue;
        std::uint32_t g = first + g0 + unsigned(j >> 2);
        g = g >= n_groups ? g - n_groups : g;
        std::uint32_t const i = g * 4u + unsigned(j & 3);
        unsigned seen = word;
        // The fence makes the response read below see the owner's offered response (written before
        // its release store of the offer that the scan saw); the CAS from that same value then
        // proves nothing changed in between.
        cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
        uint4 const r = __ldcg(responses_ + i);
        if (state(i).compare_exchange_strong(seen, ((seen >> 2) + 1u) << 2 | kOwned, cuda::memory_order_acq_rel,
                                             cuda::memory_order_relaxed)) {
          Ref(counters()->open).fetch_sub(1u, cuda::memory_order_relaxed);
          Ref(counters()->taken_over).fetch_add(1u, cuda::memory_order_relaxed);
          *out = r;
          return true;
        }
      }
    }
    return false;
  }
  CLC_DEVICE HandbackCounters* counters() const { return reinterpret_cast<HandbackCounters*>(states_); }
  CLC_DEVICE Ref state(std::uint32_t i) const { return Ref(states_[kHandbackStatesOffset / 4u + i]); }
  CLC_DEVICE bool acquire(unsigned hint) {
    for (std::uint32_t k = 0; k < slots_; ++k) {
      std::uint32_t const i = (hint + k) % slots_;
      unsigned s = state(i).load(cuda::memory_order_relaxed);
      if ((s & 3u) != kFree) continue;
      if (state(i).compare_exchange_strong(s, (s >> 2) << 2 | kOwned, cuda::memory_order_relaxed,
                                           cuda::memory_order_relaxed)) {
        index_ = int(i);
        seq_ = s >> 2;
        return true;
      }
    }
    return false;
  }

  unsigned* states_;
  uint4* responses_;
  std::uint32_t slots_;
  int index_ = -1;    // the mailbox this worker owns (-1: none yet)
  unsigned seq_ = 0;  // its sequence number
};

#endif  // __CUDACC__

}  // namespace clc::source
