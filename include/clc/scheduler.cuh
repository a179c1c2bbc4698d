//! @file scheduler.cuh
//! @brief `clc::Scheduler<Source, Stages>`: the whole fetch protocol, written once. Kernel authors
//! place its `SharedStorage` in shared memory; each warp role iterates its tiles with
//! `for (WorkTile t : sched.tiles(role))`; one scheduler warp runs `run_scheduler_warp()`; everyone
//! ends with `finish()`.
//!
//! Protocol (DESIGN.md section 4), per cluster:
//!  - rank 0's scheduler thread waits for a throttle credit (the Producer role started a tile), waits
//!    for an empty slot, arms the full barrier of every CTA, then issues the source's fetch;
//!  - every consumer warp of every CTA waits on its own full barrier, reads the 16-byte response
//!    with one load, decodes it, and releases the slot on rank 0's empty barrier;
//!  - a failed response ends every role's loop; the scheduler never issues after that, drains every
//!    slot, and all CTAs meet at a cluster barrier before exiting.
#pragma once

#include <cstdint>

#include "config.cuh"
#include "pipeline/fetch_pipeline.cuh"
#include "pipeline/pipeline_state.cuh"
#include "source/auto.cuh"
#include "tile_map.cuh"
#include "tile_space.cuh"
#include "trace_record.hpp"
#include "work_tile.cuh"

#if defined(__CUDACC__)
#  include "detail/ptx.cuh"
#endif

namespace clc {

//! Which role iterates. Exactly one warp per CTA iterates as `Producer` (the warp that starts tiles,
//! e.g. a GEMM's load warp): in cluster rank 0 it feeds the throttle. Every other iterating warp is a
//! `Consumer`.
enum class Role : int { Producer = 0, Consumer = 1 };

//! Everything the device side of a launch needs; built by the host API (`clc::launch`, workloads).
struct SchedulerParams {
  TileSpace tiles;
  TileMap map;  //!< `tiles` with its divisors precomputed (filled by prepare_launch; TileMap(tiles))
  TicketWorkspace* workspace = nullptr;  //!< Ticket only
  std::uint32_t fail_threshold = 0;      //!< Ticket, tests only: injected spurious failures (of 2^32)
  std::uint32_t seed = 0;
  TileTraceRecord* trace = nullptr;      //!< optional per-tile trace, indexed by linear tile id
  //! Ticket: most clusters one fetch may claim. 1 (default) = one per fetch, exactly as hardware CLC;
  //! larger = guided self-scheduling (claims shrink as work runs out), which amortises the fetch
  //! over tiny tiles. Ignored by the other sources.
  std::uint32_t max_grain = 1;
};

#if defined(__CUDACC__)

template <class Source, int Stages = 2>
class Scheduler {
  static_assert(Source::kind != SourceKind::Auto,
                "clc::Scheduler needs a concrete source; Auto is resolved by the host launch API");
  static_assert(Stages >= 1 && Stages <= 8, "Stages must be between 1 and 8");

 public:
  using Pipeline = FetchPipeline<Stages>;
  using State = PipelineState<Stages>;
  struct SharedStorage {
    FetchStorage<Stages> pipe;
  };

  //! Per-warp iteration state.
  struct RoleState {
    Role role = Role::Consumer;
    State cons = make_consumer_start_state<Stages>();
    int next_cluster = 0;  // Static / Single: the next cluster index of this worker's plan
    int range_next = 0;    // fetching sources: the rest of the last response's clusters
    int range_left = 0;
    bool fresh = false;    // the tile just returned is the first of a new response (or the launch slot)
  };

  //! @param params must outlive the scheduler: normally the kernel's `__grid_constant__` parameter,
  //!        read in place (a copy would cost registers in every thread).
  //! @param consumer_warps_per_cta number of warps in each CTA that iterate `tiles()` / `initial()`.
  CLC_DEVICE Scheduler(SharedStorage& storage, SchedulerParams const& params, unsigned consumer_warps_per_cta)
      : pipe_(storage.pipe), params_(params), consumer_warps_(consumer_warps_per_cta) {
    rank_ = detail::cluster_rank();
    cluster_size_ = detail::cluster_num_ctas();
    rank_x_ = int(detail::cluster_rank_x());  // never %cluster_ctaid: wrong past 2^24 blocks (detail/ptx.cuh)
    rank_y_ = int(detail::cluster_rank_y());
  }

  //! Collective over all threads of all CTAs of the cluster: barrier init, then a cluster barrier so
  //! that every CTA exists and is initialised before any remote arrive or st.async targets it.
  CLC_DEVICE void init() {
    if constexpr (Source::fetches) {
      if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) pipe_.init(consumer_warps_ * cluster_size_);
    }
    sync_cluster_or_cta();
  }

  //! The scheduler warp (call from one warp per CTA; only lane 0 of cluster rank 0 works). Returns
  //! when the work is exhausted and every issued response has been released by every consumer.
  CLC_DEVICE void run_scheduler_warp() {
    if constexpr (Source::fetches) {
      if (rank_ != 0 || (threadIdx.x & 31) != 0) return;
      State prod = make_producer_start_state<Stages>();
      std::uint32_t step = 0;
      std::uint32_t credit_phase = 0;
      if constexpr (!Source::first_from_launch_slot) {
        issue(prod, step++);  // Ticket: the first claim needs no credit
        ++prod;
      }
      while (!pipe_.throttle_wait(credit_phase)) {  // one fetch per tile started; stop at the end
        issue(prod, step++);
        ++prod;
      }
      pipe_.producer_tail(prod);
    }
  }

  //! First tile of a warp role (warp-collective). Out-of-space tiles are skipped here.
  CLC_DEVICE WorkTile initial(RoleState& st, Role role) {
    st.role = role;
    if constexpr (Source::fetches) {
      if constexpr (Source::first_from_launch_slot) {
        WorkTile const t = params_.map.tile_of(own_cluster_index(), rank_x_, rank_y_);
        feed_throttle(st, false);
        st.fresh = true;
        if (t.valid) return t;
      }
      return next(st);
    } else if constexpr (Source::kind == SourceKind::Static) {
      st.next_cluster = int(detail::cluster_linear_id());
      return next(st);
    } else {  // Single
      st.next_cluster = own_cluster_index();
      return next(st);
    }
  }

  //! Next tile of a warp role (warp-collective); `valid == false` ends the role's loop. A role must
  //! iterate to the end: every response must be released or the teardown waits forever.
  CLC_DEVICE WorkTile next(RoleState& st) {
    if constexpr (Source::fetches) {
      unsigned const lane = threadIdx.x & 31;
      st.fresh = false;
      while (true) {
        if (st.range_left > 0) {  // clusters left from the last response (Ticket with max_grain > 1)
          int const L = st.range_next++;
          --st.range_left;
          WorkTile const t = params_.map.tile_of(L, rank_x_, rank_y_);
          if (t.valid) return t;
          continue;
        }
        uint4 const r = pipe_.consumer_wait(st.cons);
        ClusterCoord first{};
        unsigned const count = Source::decode(r, &first);
        pipe_.consumer_release(st.cons, lane, rank_);
        ++st.cons;
        if (count == 0u) {
          feed_throttle(st, true);
          return WorkTile{};
        }
        st.range_next = params_.map.cluster_index_of_slot(first.x, first.y, first.z);
        st.range_left = int(count);
        st.fresh = true;
        // One credit per response, as its first tile starts: the next fetch overlaps this response's
        // tiles. Rank 0 is always in space, so its producer never skips a credit.
        feed_throttle(st, false);
      }
    } else {
      std::int64_t const clusters = params_.map.clusters();
      std::int64_t const stride = Source::kind == SourceKind::Static ? std::int64_t(detail::num_clusters()) : clusters;
      while (st.next_cluster >= 0 && st.next_cluster < clusters) {
        int const L = st.next_cluster;
        std::int64_t const nxt = std::int64_t(L) + stride;
        st.next_cluster = nxt < clusters ? int(nxt) : -1;
        WorkTile const t = params_.map.tile_of(L, rank_x_, rank_y_);
        if (t.valid) return t;
      }
      st.next_cluster = -1;
      return WorkTile{};
    }
  }

  // -- range-for sugar: for (WorkTile t : sched.tiles(Role::Consumer)) { ... } --------------------
  class TileRange {
   public:
    struct End {};
    class Iterator {
     public:
      CLC_DEVICE Iterator(Scheduler* s, Role role) : s_(s) { tile_ = s_->initial(st_, role); }
      CLC_DEVICE WorkTile const& operator*() const { return tile_; }
      CLC_DEVICE Iterator& operator++() {
        tile_ = s_->next(st_);
        return *this;
      }
      CLC_DEVICE bool operator!=(End) const { return tile_.valid; }

     private:
      Scheduler* s_;
      RoleState st_;
      WorkTile tile_;
    };
    CLC_DEVICE TileRange(Scheduler* s, Role role) : s_(s), role_(role) {}
    CLC_DEVICE Iterator begin() { return Iterator(s_, role_); }
    CLC_DEVICE End end() { return {}; }

   private:
    Scheduler* s_;
    Role role_;
  };
  CLC_DEVICE TileRange tiles(Role role) { return TileRange(this, role); }

  //! Block-level loop (the `clc::launch` path): the whole CTA runs `body(tile)` per tile and meets at a
  //! `__syncthreads()` after each. Every warp of the CTA is a consumer (construct with
  //! consumer_warps_per_cta = warps per CTA). For fetching sources one thread of rank 0, the leader,
  //! issues the next fetch as the first tile of each response starts, so the fetch overlaps the body.
  template <class Body>
  CLC_DEVICE void run_block(Body&& body) {
    bool const first_thread = threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
    if constexpr (Source::fetches) {
      run_block_fetching(body, first_thread);
    } else {
      RoleState st;
      for (WorkTile t = initial(st, Role::Consumer); t.valid; t = next(st)) {
        std::uint64_t const t0 = params_.trace && first_thread ? detail::globaltimer_ns() : 0;
        body(static_cast<WorkTile const&>(t));
        __syncthreads();  // the body's shared memory is free for the next tile
        if (params_.trace && first_thread) record(t, t0);
      }
    }
  }

  //! Collective over all threads of all CTAs: the cluster barrier that keeps every CTA alive until no
  //! peer can still write into it or arrive on it, then the Ticket workspace's self-reset. Each
  //! cluster's claiming thread retired the cluster when its last claim came back empty (see
  //! `issue_finish`); the thread whose retirement was the launch's last resets the counters here,
  //! reading the retirement atomic's result only now, so its round trip overlapped the last tile.
  CLC_DEVICE void finish() {
    sync_cluster_or_cta();
    if constexpr (Source::kind == SourceKind::Ticket) {
      if (retiring_ && retire_prev_ + 1u == detail::num_clusters()) {  // nobody can claim any more
        atomicExch(&params_.workspace->ticket, 0ull);
        atomicExch(&params_.workspace->retired, 0u);
      }
    }
  }

  CLC_DEVICE unsigned rank() const { return rank_; }
  CLC_DEVICE unsigned cluster_size() const { return cluster_size_; }
  CLC_DEVICE SchedulerParams const& params() const { return params_; }

  //! Record one finished tile into the trace (thread 0 of the CTA that ran it).
  CLC_DEVICE void record(WorkTile const& t, std::uint64_t start_ns) const {
    TileTraceRecord rec;
    rec.x = t.x;
    rec.y = t.y;
    rec.z = t.z;
    rec.worker = int(detail::cluster_linear_id());
    rec.cta_rank = int(rank_);
    rec.sm = int(detail::sm_id());
    rec.source = int(Source::kind);
    rec.reserved = 0;
    rec.start_ns = start_ns;
    rec.end_ns = detail::globaltimer_ns();
    TileSpace const& ts = params_.tiles;
    std::int64_t const id = t.x + std::int64_t(ts.x) * (t.y + std::int64_t(ts.y) * t.z);
    params_.trace[id] = rec;
  }

 private:
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

  CLC_DEVICE int own_cluster_index() const {
    return params_.map.cluster_index_of_slot(int(blockIdx.x), int(blockIdx.y), int(blockIdx.z));
  }

  CLC_DEVICE void feed_throttle(RoleState const& st, bool end) {
    if (st.role == Role::Producer && rank_ == 0 && (threadIdx.x & 31) == 0) pipe_.throttle_feed(end);
  }

  CLC_DEVICE source::FetchContext fetch_context(std::uint32_t step) const {
    source::FetchContext ctx;
    ctx.map = &params_.map;
    ctx.workspace = params_.workspace;
    ctx.cluster_size = cluster_size_;
    ctx.worker = detail::cluster_linear_id();
    ctx.fail_threshold = params_.fail_threshold;
    ctx.seed = params_.seed;
    ctx.step = step;
    ctx.workers = detail::num_clusters();
    ctx.max_grain = params_.max_grain;
    ctx.counter_estimate = counter_estimate_;
    return ctx;
  }

  //! The block-level loop of a fetching source, written flat (the warp-role `initial`/`next` carry
  //! state for the range-for; here it lives in registers of the loop).
  //! - The leader is lane 0 of the CTA's *last* warp in cluster rank 0, not thread 0: its share of a
  //!   fetch (slot wait, claim, encode, publish) then runs beside warp 0, which in many bodies does
  //!   the most (thread 0 often has extra serial work); with a body that loads every warp equally the
  //!   choice makes no difference.
  //! - The leader starts the fetch before the first tile of each response and finishes it after the
  //!   body (a Ticket atomic's round trip overlaps the body): one fetch per response, as the throttle.
  //! - A `Ticket` response to a 1-CTA cluster is written with a plain shared store, so releasing it
  //!   needs no generic-to-async proxy fence (the empty barrier's release/acquire orders the read
  //!   before the next store); every other response is written through the async proxy.
  template <class Body>
  CLC_DEVICE void run_block_fetching(Body& body, bool first_thread) {
    unsigned const threads = blockDim.x * blockDim.y * blockDim.z;
    unsigned const tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    bool const leader = rank_ == 0 && tid == ((threads - 1u) & ~31u);
    unsigned const lane = tid & 31u;
    bool const async_written = !(Source::kind == SourceKind::Ticket && cluster_size_ == 1);
    State prod = make_producer_start_state<Stages>();
    State cons = make_consumer_start_state<Stages>();
    std::uint32_t step = 0;
    int cluster = 0;  // next cluster index of the current response
    int left = 0;     // clusters of the current response not yet started
    bool fresh = false;
    if constexpr (Source::first_from_launch_slot) {
      cluster = own_cluster_index();
      left = 1;
      fresh = true;
    } else {
      if (leader) {  // Ticket: the first claim (a starting CTA cannot know whether its slot was taken)
        issue(prod, step++);
        ++prod;
      }
    }
    while (true) {
      if (left == 0) {
        uint4 const r = pipe_.consumer_wait(cons);
        ClusterCoord first{};
        unsigned const count = Source::decode(r, &first);
        pipe_.consumer_release(cons, lane, rank_, async_written);
        ++cons;
        if (count == 0u) break;
        cluster = params_.map.cluster_index_of_slot(first.x, first.y, first.z);
        left = int(count);
        fresh = true;
      }
      WorkTile const t = params_.map.tile_of(cluster, rank_x_, rank_y_);
      ++cluster;
      --left;
      if (!t.valid) continue;  // rank 0's tiles are always in space: the leader never skips a fetch
      bool const issuing = leader && fresh;
      fresh = false;
      Pending pending;
      if (issuing) pending = issue_start(prod, step);
      std::uint64_t const t0 = params_.trace && first_thread ? detail::globaltimer_ns() : 0;
      body(static_cast<WorkTile const&>(t));
      if (issuing) {
        issue_finish(prod, step++, pending);
        ++prod;
      }
      __syncthreads();  // the body's shared memory is free for the next tile
      if (params_.trace && first_thread) record(t, t0);
    }
    if (leader) pipe_.producer_tail(prod);
  }

  //! A fetch in two halves (single thread of rank 0): `issue_start` waits for the slot and starts the
  //! request; `issue_finish` publishes the response. `Hardware` does everything in the first half
  //! (try_cancel is asynchronous); `Ticket` starts its atomic in the first and delivers in the second,
  //! so the block loop can run the tile's body in between.
  struct Pending {
    unsigned long long ticket = 0;  // not read before issue_finish: the atomic is still in flight
    unsigned grain = 0;
  };
  CLC_DEVICE Pending issue_start(State prod, std::uint32_t step) {
    pipe_.producer_acquire(prod);
    source::FetchContext const ctx = fetch_context(step);
    if constexpr (Source::kind == SourceKind::Ticket) {
      source::Ticket::Claim const c = source::Ticket::claim_start(ctx);
      return Pending{c.ticket, c.grain};
    } else {
      pipe_.producer_arm(prod, cluster_size_);
      Source::issue(ctx, pipe_.slot(prod), pipe_.full_barrier(prod));
      return Pending{};
    }
  }
  CLC_DEVICE void issue_finish(State prod, std::uint32_t step, Pending p) {
    if constexpr (Source::kind == SourceKind::Ticket) {
      source::FetchContext const ctx = fetch_context(step);
      uint4 const v = source::Ticket::claim_finish(ctx, source::Ticket::Claim{p.ticket, p.grain});
      // Guided grain without re-reading the counter: since this worker's claim, the others have
      // probably taken about as much each.
      std::uint64_t const est = p.ticket + std::uint64_t(p.grain) * ctx.workers;
      counter_estimate_ = est > 0xFFFFFFFFull ? 0xFFFFFFFFu : unsigned(est);
      if (cluster_size_ == 1) {
        // st.async targets shared::cluster; a 1-CTA launch has no peer, so publish locally.
        pipe_.producer_publish_local(prod, v);
      } else {
        pipe_.producer_arm(prod, cluster_size_);
        source::Ticket::deliver(ctx, pipe_.slot(prod), pipe_.full_barrier(prod), v);
      }
      if (v.x == 0u) {
        // This cluster's last claim (the scheduler never claims after an empty response): retire it
        // now. acq_rel orders every claim of this thread before the retirement, and makes all the
        // others' claims visible to the last retirer, which resets the workspace in finish(). The
        // result is not read until then.
        retire_prev_ = detail::atomic_fetch_add_acq_rel(&params_.workspace->retired, 1u);
        retiring_ = true;
      }
    } else {
      (void)prod, (void)step, (void)p;
    }
  }
  //! One whole fetch into slot `prod` for the cluster (the scheduler warp's path).
  CLC_DEVICE void issue(State prod, std::uint32_t step) { issue_finish(prod, step, issue_start(prod, step)); }

  Pipeline pipe_;
  SchedulerParams const& params_;  // lives in kernel-parameter space (__grid_constant__): read on use
  unsigned consumer_warps_;
  unsigned rank_ = 0;
  unsigned cluster_size_ = 1;
  int rank_x_ = 0;
  int rank_y_ = 0;
  unsigned counter_estimate_ = 0;  // issuing thread only (Ticket guided grain)
  unsigned retire_prev_ = 0;       // issuing thread only (Ticket): the retirement atomic's result
  bool retiring_ = false;          // issuing thread only (Ticket): this cluster has retired
};

#endif  // __CUDACC__

}  // namespace clc
