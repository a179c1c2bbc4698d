//! @file scheduler.cuh
//! @brief `clc::Scheduler<Source, Stages>`: the fetch protocol, written once. Kernel authors place its
//! `SharedStorage` in shared memory; each warp role iterates its tiles with
//! `for (WorkTile t : sched.tiles(role))`; one scheduler warp runs `run_scheduler_warp()`; everyone
//! ends with `finish()`. The block-level loop of `clc::launch` (worker.cuh) uses the same handshake.
//!
//! Protocol (docs/protocol.md), per cluster:
//!  - rank 0's issuing thread waits for an empty slot, then the source starts a fetch into it (and
//!    finishes it: delivers the response into every CTA's slot, completing its full barrier);
//!  - every consumer warp of every CTA waits on its own full barrier, reads the 16-byte response
//!    with one load, decodes it, and releases the slot on rank 0's empty barrier (`receive`);
//!  - a failed response ends every role's loop; the issuer never fetches after that, drains every
//!    slot (clusters of several CTAs), and all CTAs meet at a cluster barrier before exiting (`finish`).
#pragma once

#include <cstdint>
#include <type_traits>

#include "config.cuh"
#include "pipeline/fetch_pipeline.cuh"
#include "pipeline/pipeline_state.cuh"
#include "scheduler_params.hpp"
#include "source/auto.cuh"
#include "source/concept.cuh"
#include "source/handback.cuh"
#include "tile_map.cuh"
#include "tile_space.cuh"
#include "work_tile.cuh"

#if defined(__CUDACC__)
#  include <new>

#  include "detail/ptx.cuh"
#endif

//! Debug builds check on the device that the Scheduler's consumer-warp count matches the warps
//! that iterate tiles (an assert in `finish`). Define CLC_CHECK_ROLES to 0 or 1 to override.
#if !defined(CLC_CHECK_ROLES)
#  if defined(NDEBUG)
#    define CLC_CHECK_ROLES 0
#  else
#    define CLC_CHECK_ROLES 1
#  endif
#endif

//! Development probe (never defined in a library build; bench/probes/sched_gap_probe.cu defines it
//! before including clc): a hook at points of a warp role's way from one tile to the next, in
//! `advance_role` and `receive`. `i`: 1 entry, 2 before the next response is waited for, 3 after
//! its wait and load, 4 after its release, 5 the tile known, 6 the exit (after the throttle's credit);
//! in the scheduler warp (`run_scheduler_warp`, `run_handback`): 8 a credit received, 9 the next
//! response delivered (claiming ahead) or held (the handback).
#if !defined(CLC_SCHED_PROBE)
#  define CLC_SCHED_PROBE(i) ((void)0)
#endif

namespace clc {

//! Which role iterates. Exactly one warp per CTA iterates as `Producer` (the warp that starts tiles,
//! e.g. a GEMM's load warp): in cluster rank 0 it feeds the throttle. Every other iterating warp is a
//! `Consumer`.
enum class Role : int { Producer = 0, Consumer = 1 };

#if defined(__CUDACC__)

template <class Source, int Stages = 2>
class Scheduler;

namespace detail {
template <class Source, int Stages, class Body>
CLC_DEVICE void run_block(Scheduler<Source, Stages>& sched, Body& body);
}  // namespace detail

template <class Source, int Stages>
class Scheduler {
  static_assert(source::check<Source>());
  static_assert(Stages >= 1 && Stages <= 8, "Stages must be between 1 and 8");

 public:
  using Pipeline = FetchPipeline<Stages>;
  using State = PipelineState<Stages>;
  struct SharedStorage {
    FetchStorage<Stages> pipe;
    //! Fetching sources: the issuing thread's state (e.g. Ticket's grain estimate), in shared memory
    //! because registers are allocated to every thread of the kernel and only one thread uses it.
    //! Raw bytes (a __shared__ object cannot have a constructor): `init()` constructs it.
    alignas(Source) unsigned char source[sizeof(Source)];
  };

  //! @param params must outlive the scheduler: normally the kernel's `__grid_constant__` parameter,
  //!        read in place (a copy would cost registers in every thread).
  //! @param consumer_warps_per_cta number of warps in each CTA that iterate `tiles()`, whatever
  //!        their role (the producer warp included; the scheduler warp only if it also iterates):
  //!        every such warp releases each response slot once. Checked on the device in debug builds.
  CLC_DEVICE Scheduler(SharedStorage& storage, SchedulerParams const& params, unsigned consumer_warps_per_cta)
      : pipe_(storage.pipe),
        params_(params),
        consumer_warps_(consumer_warps_per_cta),
        source_(*reinterpret_cast<Source*>(storage.source)) {
    rank_ = detail::cluster_rank();
    cluster_size_ = detail::cluster_num_ctas();
    rank_x_ = int(detail::cluster_rank_x());  // never %cluster_ctaid: wrong past 2^24 blocks (detail/ptx.cuh)
    rank_y_ = int(detail::cluster_rank_y());
  }

  //! Collective over all threads of all CTAs of the cluster: barrier init, then a cluster barrier so
  //! that every CTA exists and is initialised before any remote arrive or st.async targets it.
  //! Sources with `admit` (Cancel): rank 0 first claims the cluster's own launch slot; a cluster
  //! whose slot a worker has cancelled takes no tile and issues no fetch (it only meets the others
  //! at `finish`).
  CLC_DEVICE void init() {
    if constexpr (Source::fetches) {
      if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
        pipe_.init(consumer_warps_ * cluster_size_);
        new (&source_) Source();  // the issuing thread's state, in shared memory
        if constexpr (source::detail::HasAdmit<Source>::value) {
          if (rank_ == 0) pipe_.set_admitted(Source::admit(context(0), own_cluster_index()));
        }
      }
    }
    sync_cluster_or_cta();
    if constexpr (source::detail::HasAdmit<Source>::value) {
      if (cluster_size_ > 1) {  // every CTA keeps a copy of rank 0's decision (read after the barrier)
        if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) pipe_.copy_admitted_from_rank0();
        __syncthreads();
      }
    }
  }

  //! The scheduler warp (call from one warp per CTA; only lane 0 of cluster rank 0 works). Returns
  //! when the work is exhausted and every issued response has been released by every consumer.
  //! `AllowHandback = false` compiles ClaimTiming::Handback out (the kit's bundled kernels, whose
  //! host side refuses it).
  template <bool AllowHandback = true>
  CLC_DEVICE void run_scheduler_warp() {
    if constexpr (Source::fetches) {
      if (rank_ != 0 || detail::lane_id() != 0) return;
      if (!admitted()) return;  // a cancelled cluster never fetches
      if constexpr (AllowHandback && handback_capable()) {
        if (params_.claim == ClaimTiming::Handback) {
          run_handback();
          return;
        }
      }
      State prod = make_producer_start_state<Stages>();
      std::uint32_t step = 0;
      std::uint32_t credit_phase = 0;
      if constexpr (!Source::first_from_launch_slot) {
        fetch(prod, step++);  // the first claim needs no credit: the CTA has no tile yet
        ++prod;
      }
      while (!pipe_.throttle_wait(credit_phase)) {  // one fetch per response started; stop at the end
        CLC_SCHED_PROBE(8);
        fetch(prod, step++);
        CLC_SCHED_PROBE(9);
        ++prod;
      }
      // Until every slot is released: no peer may still arrive on or write into this CTA once it has
      // left finish(). A 1-CTA cluster has no peer, and its own warps release their slots before they
      // meet at finish()'s CTA barrier, which therefore implies the drain.
      if (cluster_size_ > 1) pipe_.producer_tail(prod);
    }
  }

  //! Whether this scheduler can run ClaimTiming::Handback (a fetching source with `claim_now`,
  //! Stages >= 2: one slot holds the running response while the next is delivered).
  static constexpr bool handback_capable() {
    if constexpr (Source::fetches) {
      return Stages > 1 && source::detail::HasClaimNow<Source>::value;
    } else {
      return false;
    }
  }

  // -- range-for: for (WorkTile t : sched.tiles(Role::Consumer)) { ... } -------------------------
  class TileRange {
   public:
    struct End {};
    class Iterator {
     public:
      CLC_DEVICE Iterator(Scheduler* s, Role role) : s_(s), role_(role) {
        bool fresh = false;
        cur_ = s_->start_cursor(fresh);
        tile_ = s_->advance_role(cur_, role_, fresh, /*after_tile=*/false);
      }
      CLC_DEVICE WorkTile const& operator*() const { return tile_; }
      CLC_DEVICE Iterator& operator++() {
        tile_ = s_->advance_role(cur_, role_, /*fresh=*/false, /*after_tile=*/true);
        return *this;
      }
      CLC_DEVICE bool operator!=(End) const { return tile_.valid; }

     private:
      Scheduler* s_;
      Role role_;
      typename Scheduler::Cursor cur_;
      WorkTile tile_;
    };
    CLC_DEVICE TileRange(Scheduler* s, Role role) : s_(s), role_(role) {}
    CLC_DEVICE Iterator begin() { return Iterator(s_, role_); }
    CLC_DEVICE End end() { return {}; }

   private:
    Scheduler* s_;
    Role role_;
  };
  //! The tiles of one warp role (warp-collective). A role must iterate to the end: every response
  //! must be released or the teardown waits forever.
  CLC_DEVICE TileRange tiles(Role role) { return TileRange(this, role); }

  //! Collective over all threads of all CTAs: the cluster barrier that keeps every CTA alive until no
  //! peer can still write into it or arrive on it, then the source's own teardown (Ticket: the last
  //! cluster to retire resets the workspace).
  CLC_DEVICE void finish() {
    sync_cluster_or_cta();
#  if CLC_CHECK_ROLES
    // The empty barriers count one arrival per iterating warp of every CTA: fewer iterating warps
    // than declared hang the teardown (unless no slot was ever reused), more are caught as they start.
    if constexpr (Source::fetches) {
      if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0 && pipe_.iterating_warps() != consumer_warps_)
        detail::check_failed(
            "clc::Scheduler: consumer_warps_per_cta must be the number of warps per CTA that iterate tiles()", __FILE__,
            __LINE__);
    }
#  endif
    if constexpr (Source::fetches) {
      if constexpr (source::detail::HasTeardown<Source>::value) {
        // One thread of rank 0 (the issuer's state is in rank 0's shared memory, complete after the barrier).
        if (rank_ == 0 && threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) source_.teardown(context(0));
      }
    }
  }

  CLC_DEVICE unsigned rank() const { return rank_; }
  CLC_DEVICE unsigned cluster_size() const { return cluster_size_; }

 private:
  template <class S, int N, class Body>
  friend CLC_DEVICE void detail::run_block(Scheduler<S, N>& sched, Body& body);

  //! Where a role (or the block loop) is in its tile sequence.
  struct Cursor {
    State cons = make_consumer_start_state<Stages>();  // fetching sources: the next response slot
    int cluster = 0;  // next cluster index (planned sources: -1 when the plan is done)
    int left = 0;     // fetching sources: clusters of the current response not yet started
  };

  //! A CTA's first position. `fresh` is set when its first tile starts a response's worth of work
  //! (the launch slot of a source that takes it as the first tile).
  CLC_DEVICE Cursor start_cursor(bool& fresh) const {
    Cursor c;
#  if CLC_CHECK_ROLES
    // One more warp iterates than the empty barriers count: its arrivals would complete a slot's
    // phase while another warp still reads it. Caught here, before this warp waits on anything.
    if constexpr (Source::fetches) {
      if (detail::lane_id() == 0 && pipe_.count_iterating_warp() > consumer_warps_)
        detail::check_failed("clc::Scheduler: more warps iterate tiles() than consumer_warps_per_cta says",
                             __FILE__, __LINE__);
    }
#  endif
    if constexpr (Source::fetches) {
      if (!admitted()) {  // a cancelled cluster: no tile (advance ends at once)
        c.cluster = -1;
        return c;
      }
      if constexpr (Source::first_from_launch_slot) {
        c.cluster = own_cluster_index();
        c.left = 1;
        fresh = true;
      }
    } else {
      c.cluster = Source::first_cluster(params_.map);
    }
    return c;
  }

  //! The consumer half of the handshake, the only copy: wait for the next response, read it with one
  //! load, decode it, release the slot to rank 0 (with the proxy fence unless the source wrote it
  //! with a generic store), advance. Returns the clusters claimed (0 = no more work) and the first.
  CLC_DEVICE unsigned receive(State& cons, int* first_cluster) {
    uint4 const r = pipe_.consumer_wait(cons);
    CLC_SCHED_PROBE(3);
    ClusterCoord first{};
    unsigned const count = Source::decode(r, &first);
    pipe_.consumer_release(cons, detail::lane_id(), rank_, source::async_delivery<Source>(cluster_size_));
    CLC_SCHED_PROBE(4);
    ++cons;
    if (count != 0u) *first_cluster = params_.map.cluster_index_of_slot(first.x, first.y, first.z);
    return count;
  }

  //! This CTA's next in-space tile (`valid == false`: no more work). `fresh` is set when the tile is
  //! the first of a new response. Out-of-space tiles (a cluster overhanging the tile grid) are
  //! skipped; rank 0's tiles are always in space, so rank 0 never skips a response's first tile.
  CLC_DEVICE WorkTile advance(Cursor& c, bool& fresh) {
    if constexpr (Source::fetches) {
      while (true) {
        if (c.left == 0) {
          if constexpr (source::detail::HasAdmit<Source>::value) {
            if (c.cluster < 0) return WorkTile{};  // cancelled: nothing was fetched for this cluster
          }
          unsigned const count = receive(c.cons, &c.cluster);
          if (count == 0u) return WorkTile{};
          c.left = int(count);
          fresh = true;
        }
        WorkTile const t = params_.map.tile_of(c.cluster, rank_x_, rank_y_);
        ++c.cluster;
        --c.left;
        if (t.valid) return t;
      }
    } else {
      std::int64_t const clusters = params_.map.clusters();
      std::int64_t const stride = Source::stride(params_.map);
      while (c.cluster >= 0 && c.cluster < clusters) {
        int const L = c.cluster;
        std::int64_t const nxt = std::int64_t(L) + stride;
        c.cluster = nxt < clusters ? int(nxt) : -1;
        WorkTile const t = params_.map.tile_of(L, rank_x_, rank_y_);
        if (t.valid) return t;
      }
      c.cluster = -1;
      return WorkTile{};
    }
  }

  //! `advance` for a warp role: the Producer role of rank 0 feeds the throttle one credit per
  //! response, and tells the scheduler warp when its work has ended. Claiming ahead, the credit
  //! comes as a response's first tile starts (the next fetch overlaps its tiles); claiming on
  //! demand, as its last tile has ended (`after_tile`: the role has run a tile since the last call).
  //! With the handback the credit comes ahead, and the end of a response's last tile is a demand:
  //! the held response is delivered then, not before (by the producer itself, FetchPipeline::demand,
  //! unless the scheduler warp has withdrawn it).
  CLC_DEVICE WorkTile advance_role(Cursor& c, Role role, bool fresh, bool after_tile) {
    CLC_SCHED_PROBE(1);
    if constexpr (Source::fetches) {
      bool const feeder = role == Role::Producer && rank_ == 0 && detail::lane_id() == 0;
      if (feeder && after_tile && c.left == 0) {
        if (!claim_ahead()) {
          pipe_.throttle_feed(false);
        } else if (handback_capable() && params_.claim == ClaimTiming::Handback) {
          pipe_.demand(cluster_size_);  // takes the held response itself when there is one
        }
      }
      CLC_SCHED_PROBE(2);
      WorkTile const t = advance(c, fresh);
      CLC_SCHED_PROBE(5);
      if (feeder && ((claim_ahead() && fresh) || !t.valid)) pipe_.throttle_feed(!t.valid);
      CLC_SCHED_PROBE(6);
      return t;
    } else {
      (void)role, (void)after_tile;
      WorkTile const t = advance(c, fresh);
      CLC_SCHED_PROBE(5);
      return t;
    }
  }

  //! ClaimTiming::Handback: before a worker has completed a response it knows no typical time; it
  //! hands its held response back once the running one has lasted this long (per tile). Handing
  //! back costs the owner one CAS at its demand, so a guess that is too short costs little, while
  //! without one a long first tile would keep its held tile (possibly long too) until the end.
  static constexpr std::uint64_t kHandbackColdNs = 20000;

  //! ClaimTiming::Handback, lane 0 of the scheduler warp of rank 0. Per response the producer
  //! starts (a credit): take an offered response from the pool if there is one, else claim the
  //! next one from the source, at once, but keep it until the producer has ended the running
  //! response (a demand); while waiting, watch the clock: once the running response has lasted
  //! twice this worker's typical time for as many tiles, offer the held response in the pool, and
  //! at the demand take it back with a CAS, or, when another worker took it, claim again. A worker
  //! whose claim fails takes offered responses until no worker holds or offers one.
  //! docs/protocol.md ("The handback") has the protocol, docs/scheduling.md section 7b the
  //! measurements. The producer role takes a held response itself (FetchPipeline::demand): no wake-up of this warp
  //! on the way from one tile to the next.
  CLC_DEVICE void run_handback() {
    std::uint32_t step = 0, credit_phase = 0, demand_phase = 0;
    source::HandbackMailbox box(params_.handback_states, params_.handback_responses, params_.handback_slots);
    bool drained = false;         // the source failed once: never claim from it again
    uint4 failed{0u, 0u, 0u, 0u};  // the source's failed response (delivered when nothing is left)
    auto const count_of = [](uint4 v) {
      ClusterCoord first{};
      return Source::decode(v, &first);
    };
    auto const claim = [&]() -> uint4 {
      if (drained) return failed;
      uint4 const v = source_.claim_now(context(step++), pipe_, pipe_.ring_position());
      if (count_of(v) == 0u) {
        drained = true;
        failed = v;
      }
      return v;
    };
    unsigned const hint = detail::cluster_linear_id();  // where this worker looks first in the pool
    auto const steal = [&]() -> uint4 {  // idle: wait for offers until nobody holds a claimed response
      uint4 v = failed;
      return box.take(&v, /*wait=*/true, hint) ? v : failed;
    };
    // The typical time of one tile of this worker: the mean over its responses, each sample at most
    // four times the mean so far (one very long tile does not hide the next).
    std::uint64_t typical_sum = 0;
    std::uint32_t typical_n = 0;
    unsigned running = 1;  // tiles of the running response (the launch slot: one)
    if constexpr (!Source::first_from_launch_slot) {
      uint4 v = claim();  // the CTA has no tile yet: deliver at once
      if (drained) v = steal();
      running = count_of(v);
      pipe_.deliver_next(v, cluster_size_);
    }
    while (!pipe_.throttle_wait(credit_phase)) {  // the producer started a response
      CLC_SCHED_PROBE(8);
      std::uint64_t const t0 = detail::globaltimer_ns();
      // Offered responses first (claimed long ago, held behind a long tile), then the source; but
      // not while a worker is idle: it starts an offered response sooner than this worker would.
      uint4 next{};
      bool const adopted =
          !drained && box.offers() && !box.idle_workers() && box.take(&next, /*wait=*/false, hint);
      if (!adopted) next = claim();
      bool taken_by_producer = false, handed = false, boxed = false, ended_early = false;
      if (!drained) {
        // Hold it: the producer role takes it itself at its demand (pipe_.demand), unless it is
        // withdrawn first: when the running response outlasts twice the typical, or a worker is idle.
        boxed = box.hold(hint);
        pipe_.hold(next);
        CLC_SCHED_PROBE(9);
        std::uint64_t const limit = typical_n != 0u ? 2u * std::uint64_t(running) * (typical_sum / typical_n)
                                                    : kHandbackColdNs * running;
        std::uint64_t next_idle_check = t0 + 1000u;
        while (true) {
          if (pipe_.held_state() == FetchPipeline<Stages>::kHeldTaken) {
            taken_by_producer = true;
            break;
          }
          std::uint64_t const now = detail::globaltimer_ns();
          bool withdraw = pipe_.demand_test(demand_phase);  // demanded before the response was held
          bool offer = false;
          if (!withdraw && boxed) {
            offer = now - t0 > limit;
            // While a worker is idle, hand back once the running response has outlasted its typical
            // time (not earlier: a response about to end starts the held one sooner than the pool).
            if (!offer && now >= next_idle_check && now - t0 > limit / 2u) {
              offer = box.idle_workers();
              next_idle_check = now + 1000u;
            }
          }
          if ((withdraw || offer) && !pipe_.withdraw()) {  // the producer took it first (only when offering:
            taken_by_producer = true;                      // its demand follows a failed take only)
            break;
          }
          if (withdraw) break;  // the producer waits: deliver below
          if (offer) {
            box.offer(next);
            handed = true;
            pipe_.demand_wait(demand_phase);
            break;
          }
#  if CLC_HANG_TIMEOUT_NS
          if (now - t0 > CLC_HANG_TIMEOUT_NS) detail::hang_trap();
#  endif
          __nanosleep(64);  // a watch, not a race: leave the issue slots to the tile's warps
        }
      } else {
        // Drained: nothing more comes from the source. While the running response runs, watch the
        // pool: once no worker holds or offers a response, nothing can come from there either, so the
        // end is delivered now, under the running tiles, and the producer finds it at its demand
        // instead of after a round trip to the pool (the last worker's way out). A worker that is
        // still busy never takes an offer here: that is for idle workers (steal, below).
        while (!pipe_.demand_test(demand_phase)) {
          if (box.quiet()) {
            ended_early = true;
            break;
          }
#  if CLC_HANG_TIMEOUT_NS
          if (detail::globaltimer_ns() - t0 > CLC_HANG_TIMEOUT_NS) detail::hang_trap();
#  endif
          __nanosleep(1024);
        }
      }
      std::uint64_t const took = detail::globaltimer_ns() - t0;  // the running response's time
      unsigned const ran = running;
      if (ended_early) {
        pipe_.deliver_next(failed, cluster_size_);  // the producer ends at its demand (unwaited for)
        running = 0u;
      } else if (taken_by_producer) {
        running = count_of(next);
      } else {
        if (handed) {
          if (!box.reclaim()) {  // another worker runs it: claim again, or take from the pool
            next = claim();
            if (drained) next = steal();
          }
        } else if (drained) {
          next = steal();
        }
        running = count_of(next);
        pipe_.deliver_next(next, cluster_size_);  // the producer waits for it
      }
      pipe_.clear_held();
      if (boxed && !handed) box.unhold();
      if (ran != 0u) {
        std::uint64_t per_tile = took / ran;
        if (typical_n != 0u && per_tile > 4u * (typical_sum / typical_n)) per_tile = 4u * (typical_sum / typical_n);
        typical_sum += per_tile;
        ++typical_n;
      }
    }
    box.release();
    pipe_.producer_tail(pipe_.ring_position());
  }

  //! Whether the next claim is issued ahead (as a response's first tile starts) or on demand.
  CLC_DEVICE bool claim_ahead() const { return Stages > 1 && params_.claim != ClaimTiming::OnDemand; }

  //! The producer half: acquire the empty slot, let the source start the fetch; `fetch_finish`
  //! lets it deliver. The block loop runs a tile's body in between; the scheduler warp does both.
  using Claim = typename source::detail::ClaimOf<Source, Stages>::type;
  CLC_DEVICE Claim fetch_start(State prod, std::uint32_t step) {
    pipe_.producer_acquire(prod);
    if constexpr (std::is_void_v<decltype(source_.start(context(step), pipe_, prod))>) {
      source_.start(context(step), pipe_, prod);
      return Claim{};
    } else {
      return source_.start(context(step), pipe_, prod);
    }
  }
  CLC_DEVICE void fetch_finish(State prod, std::uint32_t step, Claim const& c) {
    if constexpr (source::detail::HasFinish<Source>::value) {
      source_.finish(context(step), pipe_, prod, c);
    } else {
      (void)prod, (void)step, (void)c;
    }
  }
  CLC_DEVICE void fetch(State prod, std::uint32_t step) { fetch_finish(prod, step, fetch_start(prod, step)); }

  CLC_DEVICE source::FetchContext context(std::uint32_t step) const {
    source::FetchContext ctx;
    ctx.map = &params_.map;
    ctx.workspace = params_.workspace;
    ctx.cluster_size = cluster_size_;
    ctx.workers = detail::num_clusters();
    ctx.max_grain = params_.max_grain;
#  if CLC_FAULT_INJECTION
    ctx.faults = params_.faults;
    ctx.worker = detail::cluster_linear_id();
    ctx.step = step;
#  else
    (void)step;
#  endif
    return ctx;
  }

  //! A cluster barrier where CTAs share barriers or slots; a CTA barrier for 1-CTA clusters (the
  //! launch then carries no cluster attribute and nothing crosses CTAs: a cluster barrier per CTA
  //! would only slow a non-persistent grid of many short CTAs).
  CLC_DEVICE void sync_cluster_or_cta() const {
    if (cluster_size_ > 1) {
      detail::cluster_sync();
    } else {
      __syncthreads();
    }
  }

  //! Whether this cluster runs: false only for a source with `admit` whose launch slot a worker has
  //! cancelled (rank 0's record, written before the init barrier).
  CLC_DEVICE bool admitted() const {
    if constexpr (source::detail::HasAdmit<Source>::value) {
      return pipe_.admitted();
    } else {
      return true;
    }
  }

  CLC_DEVICE int own_cluster_index() const {
    return params_.map.cluster_index_of_slot(int(blockIdx.x), int(blockIdx.y), int(blockIdx.z));
  }

  Pipeline pipe_;
  SchedulerParams const& params_;  // lives in kernel-parameter space (__grid_constant__): read on use
  unsigned consumer_warps_;
  unsigned rank_ = 0;
  unsigned cluster_size_ = 1;
  int rank_x_ = 0;
  int rank_y_ = 0;
  Source& source_;  // SharedStorage::source: used by the issuing thread only (and by finish())
};

#endif  // __CUDACC__

}  // namespace clc
