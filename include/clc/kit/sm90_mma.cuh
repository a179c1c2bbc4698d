//! @file kit/sm90_mma.cuh
//! @brief The Hopper (sm_90a) GEMM-shaped kernel, written once for every workload whose tile is a
//! 128 x BN output block accumulated over k-steps of 64 (the GEMM, the implicit-GEMM convolution):
//! the operand ring, the producer's stage loop and 2x1-cluster multicast split, the consumers' wgmma
//! mainloop and the hand-off to the epilogue. What differs between workloads -- how a stage's A and B
//! are loaded, how many k-steps a tile has, what the epilogue writes -- comes from an `Ops` policy:
//!
//! @code
//! struct MyOps {
//!   struct Params { CUtensorMap ...; clc::SchedulerParams sched; int k_tiles; ... };
//!   static void prefetch(Params const&);                    // prefetch_tensormap of every map
//!   static bool a_kmajor(Params const&), b_kmajor(Params const&);  // the operand tiles' order in smem
//!   static bool tma_store(Params const&);                    // the epilogue issues TMA stores (drain at exit)
//!   // The k-steps [*begin, *end) of tile t (never empty): all of K, or one split of it.
//!   static void k_range(Params const&, WorkTile const& t, int* begin, int* end);
//!   // Build a per-tile loader once and hand it to `f`: `f(loader)`, where `loader(dst, kt, bar)`
//!   // issues every load of k-step kt (the 128 x 64 A tile into dst, this CTA's part of the BN x 64 B
//!   // tile -- B rows or MN-major columns first .. first + rows - 1 -- into dst + kABytes + its offset,
//!   // multicast into `mask`'s CTAs, mask 0: this CTA only), completing on `bar`. The producer calls it
//!   // for kt = begin, begin + 1, ... in order, so it may carry state from one k-step to the next. One
//!   // thread issues every TMA of the CTA: computing the tile's coordinates once, and dispatching on
//!   // runtime layout flags outside the k-loop, keeps that loop short -- with 128-wide tiles its
//!   // length, not memory, set the mainloop's speed (docs/gemm.md).
//!   template <class F> static void with_loader(Params const&, WorkTile const& t, int begin, int first, int rows,
//!                                              std::uint16_t mask, F&& f);
//!   // (A loader may have `std::uint32_t stage_bytes() const`: the bytes its loads bring to the stage's
//!   // full barrier when that is not the whole 128 x 64 A tile plus the BN x 64 B tile, e.g. a short A box.)
//!   // Optional: the tile the hooks below see for scheduled tile t, computed once per tile by each
//!   // role (default: t itself). Lets a workload schedule units that are not plain tiles, e.g. the
//!   // GEMM's split tail (a tile's k-steps cut into pieces, the pieces listed after the whole tiles).
//!   static WorkTile decode(Params const&, WorkTile const& t);
//!   // Optional, with decode: a decoded unit may be several tiles ("segments"), run one after the other
//!   // by the same worker, each with its own k-range and epilogue (the GEMM's stream-K units: an equal
//!   // share of the k-steps of several tiles). `segments` is their number (>= 1), `segment(t, i)` the
//!   // i-th as the hooks below see it. Both roles call them (the whole producer warp, each consumer
//!   // warpgroup); the cooperative layout only.
//!   static int segments(Params const&, WorkTile const& t);
//!   static WorkTile segment(Params const&, WorkTile const& t, int i);
//!   // Consumer warpgroup cw's 64 x BN accumulators (rows 64 cw.. of the tile) to memory.
//!   template <int BN> static void epilogue(Params const&, WorkTile const& t, int cw, float (&acc)[BN / 2],
//!                                          unsigned char* store_bufs, unsigned bar_id);
//!   // Optional: run by each consumer warpgroup as its tile starts (before the mainloop's first wait);
//!   // what it returns is held through the mainloop and passed to the epilogue as a last argument
//!   // (`epilogue(p, t, cw, acc, store_bufs, bar_id, pro)`): e.g. epilogue operands loaded here, so that
//!   // their latency passes under the tile's MMAs instead of after them (the convolution's bias).
//!   template <int BN> static Prologue tile_prologue(Params const&, WorkTile const& t);
//! };
//! @endcode
//! All hooks are `CLC_KIT_DEVICE`. The loader's loads are called by lane 0 of the producer
//! warp, with_loader / k_range / decode by the whole warp, the epilogue by one warpgroup.
//!
//! CTA layout (384 threads, kit/warp_specialized.cuh): warpgroup 0 (56 registers) = producer warp (TMA
//! loads) + scheduler warp; warpgroups 1-2 (224 registers) = consumers, each owning 64 of the tile's
//! 128 rows. Clusters are 1x1 or 2x1 along M; in a 2x1 cluster both CTAs work on the same N tile, so
//! each loads its own A and half of B, multicasting that half into both CTAs, and every stage is
//! released to the producers of both CTAs. The tile space pads M tiles to the cluster size: a CTA whose
//! tile lies past M still loads (TMA fills zeros), multiplies and releases stages, so its peer's
//! multicast always has a partner; its epilogue writes nothing (the stores are clipped).
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "../clc.cuh"
#include "arch.cuh"
#include "epilogue.cuh"
#include "tma.cuh"
#include "tma_ring.cuh"
#include "warp_specialized.cuh"
#include "wgmma.cuh"

namespace clc::kit {

inline constexpr int kMmaTileM = 128;  //!< rows of an output tile (two consumer warpgroups of 64)
inline constexpr int kMmaTileK = 64;   //!< k per stage: one 128-byte swizzle row of 16-bit elements

//! Shared-memory layout of one tile width; `Stages` != 0 overrides the ring depth (diagnostics).
//! `TileM`: rows of a tile, 128 (the default) or 64 (ping-pong only: one 64-row block per warpgroup).
template <int BN, int Stages = 0, int TileM = kMmaTileM>
struct Sm90MmaGeometry {
  static_assert(BN == 64 || BN == 128 || BN == 192 || BN == 208 || BN == 224 || BN == 256,
                "tile N is 64, 128, 192, 208, 224 or 256");
  static_assert(TileM == 64 || TileM == 128, "tile M is 64 or 128");
  static constexpr int kTileM = TileM;
  static constexpr int kStages = Stages != 0 ? Stages : (BN >= 192 ? 4 : BN == 128 ? 6 : 7);
  static constexpr int kABytes = TileM * kMmaTileK * 2;  // 16 KiB (8 KiB for 64-row tiles)
  static constexpr int kBBytes = BN * kMmaTileK * 2;         // 32, 28, 26, 24, 16 or 8 KiB
  static constexpr int kStageBytes = kABytes + kBBytes;
  static constexpr int kChunkBytes = 64 * kMmaTileK * 2;      // one 64-wide M/N chunk of an MN-major tile
  static constexpr int kEpiWgBytes = store_buffer_bytes(BN);  // a consumer warpgroup's store buffers
  static constexpr int kEpiBytes = 2 * kEpiWgBytes;
  static constexpr int kDynamicSmem = kStages * kStageBytes + kEpiBytes + 1024;  // + slack for 1024-byte alignment
  // sm_90's opt-in limit is 227 KiB per block, static shared memory (the barriers, ~1.3 KiB) included.
  static_assert(kDynamicSmem + 2048 <= 227 * 1024, "the ring and the store buffers exceed shared memory");
};

//! Kernel variants for diagnostics (clc-bench gemm --diag); workloads run kMmaNormal.
enum Sm90MmaVariant : int { kMmaNormal = 0, kMmaSkipEpilogue = 1, kMmaSerialMma = 2 };

#if defined(__CUDACC__)

namespace detail {
template <class Ops, class = void>
struct HasDecode : std::false_type {};
template <class Ops>
struct HasDecode<Ops, std::void_t<decltype(Ops::decode(std::declval<typename Ops::Params const&>(),
                                                       std::declval<WorkTile const&>()))>> : std::true_type {};

template <class Ops, class = void>
struct HasSegments : std::false_type {};
template <class Ops>
struct HasSegments<Ops, std::void_t<decltype(Ops::segments(std::declval<typename Ops::Params const&>(),
                                                           std::declval<WorkTile const&>())),
                                    decltype(Ops::segment(std::declval<typename Ops::Params const&>(),
                                                          std::declval<WorkTile const&>(), 0))>>
    : std::true_type {};

//! Whether Ops has a tile prologue: `Ops::template tile_prologue<BN>(p, t)` runs in each consumer
//! warpgroup as its tile starts (before the mainloop's first wait; ping-pong: before the wait for its
//! turn), and what it returns is passed to `epilogue` as a last argument: e.g. epilogue operands whose
//! loads are issued there, so that their latency passes under the tile's MMAs.
template <class Ops, int BN, class = void>
struct HasTilePrologue : std::false_type {};
template <class Ops, int BN>
struct HasTilePrologue<Ops, BN,
                       std::void_t<decltype(Ops::template tile_prologue<BN>(
                           std::declval<typename Ops::Params const&>(), std::declval<WorkTile const&>()))>>
    : std::true_type {};
//! What consume_tile holds for Ops without a tile prologue.
struct NoTilePrologue {};

//! Whether Ops can say that a consumer warpgroup has nothing to compute in a tile:
//! `Ops::consumer_idle(p, t, cw)` true when all 64 rows of warpgroup cw's block of tile t lie outside the
//! output (cooperative layout: e.g. a GEMM with M <= 64 in 128-row tiles). Such a warpgroup issues no MMA
//! and runs no epilogue for that tile; it still waits for and releases every stage, as the ring's
//! barrier counts expect. The answer must be the same for every piece of a tile (a split tail's or
//! stream-K's), so that both sides of an in-kernel sum skip it together.
template <class Ops, class = void>
struct HasConsumerIdle : std::false_type {};
template <class Ops>
struct HasConsumerIdle<Ops, std::void_t<decltype(Ops::consumer_idle(std::declval<typename Ops::Params const&>(),
                                                                    std::declval<WorkTile const&>(), 0))>>
    : std::true_type {};

//! Whether a loader has stage_bytes(): the bytes a stage's full barrier expects (else G::kStageBytes).
template <class L, class = void>
struct HasStageBytes : std::false_type {};
template <class L>
struct HasStageBytes<L, std::void_t<decltype(std::declval<L const&>().stage_bytes())>> : std::true_type {};

}  // namespace detail

//! `PingPong`: each consumer warpgroup takes every other tile whole (TileM x BN: two 64-row halves of
//! accumulators with BN <= 128, or with 64-row tiles one block of up to 256 columns), and the two take
//! turns issuing their mainloops (named barriers 3 and 4): one warpgroup's epilogue and pipeline drain
//! run under the other's MMAs. Without it (the default, "cooperative") both warpgroups work on one
//! tile, 64 rows each, and the tensor cores idle while they store it -- fine when a tile has many
//! k-steps, costly when it has few (a convolution's). `TileM` 64 (ping-pong only): tiles of 64 rows,
//! each k-step one m64nBNk16 wgmma per 16 of k -- the widest wgmma reads the fewest shared-memory bytes
//! per multiply (the convolution's filter-row kernel: 64 filters x 256 pixels).
template <class Ops, class ElemT, class Src, int BN, int Variant = kMmaNormal, int Stages = 0, bool PingPong = false,
          int TileM = kMmaTileM>
struct Sm90Mma {
  using Source = Src;
  using Params = typename Ops::Params;
  using G = Sm90MmaGeometry<BN, Stages, TileM>;
  using Ring = TmaRing<G::kStages>;
  using Elem = ElemT;
  static constexpr int kConsumerWarpgroups = 2;
  static constexpr int kProducerRegs = 56;
  static constexpr int kConsumerRegs = 224;
  static_assert(!PingPong || TileM / 64 * BN <= 256,
                "a ping-pong warpgroup holds a whole TileM x BN tile: at most 128 accumulators per thread");
  static_assert(PingPong || TileM == 128, "64-row tiles: ping-pong layout only");
  static_assert(!PingPong || !detail::HasSegments<Ops>::value, "units of several segments: cooperative layout only");
  static constexpr int kHalves = PingPong ? TileM / 64 : 1;  // 64-row accumulator blocks per warpgroup
  static constexpr unsigned kOrderBar = 3;           // named barriers 3 and 4: whose turn to issue MMAs

  struct SharedStorage {
    TmaRingStorage<G::kStages> ring;
  };
  struct ProducerState {
    typename Ring::State st;
  };
  struct ConsumerState {
    typename Ring::State st;
    int cw;                   // consumer warpgroup: cooperative, rows 64 cw .. 64 cw + 63 of each tile;
                              // ping-pong, tiles cw, cw + 2, ... of the worker's sequence
    unsigned tiles;           // ping-pong: tiles of the sequence seen so far (own and the other's)
    unsigned char* epi_bufs;  // its TMA-store buffers
    float acc[kHalves][BN / 2];  // its 64-row blocks of accumulators (wgmma layout)
  };

  Params const& p;
  Ring ring;
  unsigned char* smem;  // the stages, then the epilogue buffers (1024-byte aligned)
  // smem's shared-window address, converted once: the mainloop's descriptors start from it (a
  // conversion per k-step made ptxas redo the generic-to-shared arithmetic and the alignment there).
  std::uint32_t smem_s;
  unsigned csize;
  unsigned rank;

  CLC_KIT_DEVICE Sm90Mma(Params const& params, SharedStorage& s, unsigned char* dyn, unsigned cluster_size,
                         unsigned cluster_rank)
      : p(params), ring(s.ring), smem(dyn), smem_s(smem_u32(dyn)), csize(cluster_size), rank(cluster_rank) {}

  //! Every consumer warpgroup that reads a stage (both, or the ping-pong owner) of every CTA of the
  //! cluster releases it (B is multicast into both): one arrival per warpgroup (consumer_release_wg).
  CLC_KIT_DEVICE void init() { ring.init((PingPong ? 1u : unsigned(kConsumerWarpgroups)) * csize); }

  CLC_KIT_DEVICE void prefetch() { Ops::prefetch(p); }

  // -- producer: the producer warp walks the ring, lane 0 issues every TMA of the tile -------------
  CLC_KIT_DEVICE ProducerState producer_start() { return {Ring::producer_start()}; }

  //! The tile the Ops hooks see for scheduled tile t (Ops::decode, when the Ops have one).
  CLC_KIT_DEVICE WorkTile decode(WorkTile const& t) const {
    if constexpr (detail::HasDecode<Ops>::value) {
      return Ops::decode(p, t);
    } else {
      return t;
    }
  }

  //! The whole producer warp walks the ring, so the tile, the k-steps and the ring position stay
  //! warp-uniform (ptxas keeps the TMA coordinates in uniform registers); lane 0 arms each stage and
  //! issues its loads. `next()` moves the producer on to its next tile: with a planned source
  //! (Static, Single) before the wait for the tile's last stage, under that wait (the ring is usually
  //! full there); with a fetching source after the tile's last load. The early move measured faster
  //! with Static (8192x8192x256: 0.0661 against 0.0686 ms) and slower with Ticket (0.0704-0.0718 against
  //! 0.0687-0.0694 ms with the late move, and the convolution's layers about 1.5% slower), also when
  //! taken only once the response had landed (bench/results/h200-kit-next-tile.txt).
  template <class Next>
  CLC_KIT_DEVICE void produce(WorkTile const& scheduled, ProducerState& ps, Next&& next) {
    WorkTile const unit = decode(scheduled);
    if (threadIdx.x == 0) CLC_KIT_PROBE_ONCE(11);
    if constexpr (detail::HasSegments<Ops>::value) {
      int const n = warp_uniform(Ops::segments(p, unit));
      for (int i = 0; i < n; ++i) produce_tile(Ops::segment(p, unit, i), ps, next, i == n - 1);
    } else {
      produce_tile(unit, ps, next, true);
    }
    if (!next.advanced) next();  // a fetching source: after the unit's last load
  }

  //! One tile (or segment) of the producer; `last`: the unit's last, where a planned source moves on.
  template <class Next>
  CLC_KIT_DEVICE void produce_tile(WorkTile t, ProducerState& ps, Next& next, bool last) {
    if (threadIdx.x == 0) CLC_KIT_PROBE_ONCE(12);
    t.x = warp_uniform(t.x);
    t.y = warp_uniform(t.y);
    t.z = warp_uniform(t.z);
    bool const leader = (threadIdx.x & 31) == 0;
    std::uint16_t const mask = csize == 1 ? std::uint16_t(0) : std::uint16_t((1u << csize) - 1u);
    // B rows (k-major) or columns (MN-major) this CTA loads: all of B, or its half in a 2x1 cluster.
    int const b_rows = BN / int(csize);
    int const nb = int(rank) * b_rows;  // first B row / column of this CTA's part
    int kb, ke;
    Ops::k_range(p, t, &kb, &ke);
    if (threadIdx.x == 0) CLC_KIT_PROBE_ONCE(13);
    kb = warp_uniform(kb);
    ke = warp_uniform(ke);
    ps.st.index = warp_uniform(ps.st.index);
    ps.st.phase = std::uint32_t(warp_uniform(int(ps.st.phase)));
    auto loop = [&](auto& load) {
      std::uint32_t bytes = G::kStageBytes;
      if constexpr (detail::HasStageBytes<std::decay_t<decltype(load)>>::value) bytes = load.stage_bytes();
      if (threadIdx.x == 0) CLC_KIT_PROBE_ONCE(14);
      for (int kt = kb; kt < ke; ++kt) {
        if constexpr (!Src::fetches) {
          if (last && kt == ke - 1) next();  // a planned source's next tile is computed, never waited for
        }
        ring.producer_wait(ps.st);
        if (threadIdx.x == 0) CLC_KIT_PROBE_ONCE(15);
        if (leader) {
          // A (own) + all of B (own part + the peer's multicast part) land on this CTA's full barrier.
          std::uint64_t* const fb = ring.producer_arm(ps.st, bytes);
          load(smem + ps.st.index * G::kStageBytes, kt, fb);
          CLC_KIT_PROBE_ONCE(4);
        }
        __syncwarp();
        ++ps.st;
      }
    };
    Ops::with_loader(p, t, kb, nb, b_rows, mask, loop);
  }

  // -- consumers: one warpgroup, 64 rows of the tile ---------------------------------------------
  CLC_KIT_DEVICE ConsumerState consumer_start(int cw) {
    ConsumerState cs;
    cs.st = Ring::consumer_start();
    // Warp-uniform (kit::warp_uniform): the A operand's stage address and its wgmma descriptor are
    // then computed in uniform registers, not per lane and moved over (R2UR) before every wgmma.
    cs.cw = warp_uniform(cw);
    cs.tiles = 0;
    cs.epi_bufs = smem + G::kStages * G::kStageBytes + cw * G::kEpiWgBytes;
#pragma unroll
    for (int h = 0; h < kHalves; ++h) {
#pragma unroll
      for (int i = 0; i < BN / 2; ++i) cs.acc[h][i] = 0.0f;
      // Pin the zeros here: left free, ptxas may schedule them inside the first tile's wgmma stage
      // (between warpgroup.arrive and the wait), which serialises every wgmma of the kernel (C7515).
      fence_operands(cs.acc[h]);
    }
    // Ping-pong: warpgroup 0 issues first; warpgroup 1 hands it the first turn.
    if (PingPong && cw == 1) named_barrier_arrive(kOrderBar + 0, 256);
    return cs;
  }

  //! One unit (tile) of one consumer warpgroup. `next()` (run_warp_specialized: the consumers' move to
  //! their next unit -- the wait for the scheduler's response and its decoding) is called while the
  //! unit's last MMAs run, so that none of it stands between this unit's epilogue and the next unit's
  //! mainloop; the unit itself is a copy taken before.
  template <class Next>
  CLC_KIT_DEVICE void consume(WorkTile const& scheduled, ConsumerState& cs, Next&& next) {
    WorkTile const unit = decode(scheduled);
    if constexpr (detail::HasSegments<Ops>::value) {
      int const n = Ops::segments(p, unit);
      for (int i = 0; i < n; ++i) consume_tile(Ops::segment(p, unit, i), cs, next, i == n - 1);
    } else {
      consume_tile(unit, cs, next, true);
    }
  }

  //! One tile (or segment) of one consumer warpgroup; `last`: the unit's last, under whose final MMAs
  //! the consumers move on.
  template <class Next>
  CLC_KIT_DEVICE void consume_tile(WorkTile const& t, ConsumerState& cs, Next& next, bool last) {
    int kb, ke;
    Ops::k_range(p, t, &kb, &ke);
    if constexpr (PingPong) {
      bool const mine = (cs.tiles & 1u) == unsigned(cs.cw);
      ++cs.tiles;
      if (!mine) {  // the other warpgroup's tile: its stages are not ours to wait for or release
        for (int kt = kb; kt < ke; ++kt) ++cs.st;
        next();
        return;
      }
      auto const pro = tile_prologue(t);
      // Our turn: the other warpgroup has issued its whole previous tile, so every stage before ours
      // has completed (the parity waits below cannot see a stale phase).
      named_barrier_sync(kOrderBar + unsigned(cs.cw), 256);
      typename Ring::State last_stage;
      if (Ops::a_kmajor(p)) {
        if (Ops::b_kmajor(p))
          last_stage = mainloop_pingpong<0, 0>(cs, kb, ke);
        else
          last_stage = mainloop_pingpong<0, 1>(cs, kb, ke);
      } else {
        if (Ops::b_kmajor(p))
          last_stage = mainloop_pingpong<1, 0>(cs, kb, ke);
        else
          last_stage = mainloop_pingpong<1, 1>(cs, kb, ke);
      }
      named_barrier_arrive(kOrderBar + unsigned(cs.cw ^ 1), 256);  // the other's MMAs queue behind ours
      next();
      wgmma_wait<0>();
#pragma unroll
      for (int h = 0; h < kHalves; ++h) fence_operands(cs.acc[h]);
      ring.consumer_release_wg(last_stage, csize);
      if constexpr (Variant == kMmaSkipEpilogue) return;
      unsigned const bar = 1u + unsigned(cs.cw);
#pragma unroll
      for (int h = 0; h < kHalves; ++h) epilogue(t, h, cs.acc[h], cs.epi_bufs, bar, pro);
      return;
    }
    if constexpr (detail::HasConsumerIdle<Ops>::value) {
      if (Ops::consumer_idle(p, t, cs.cw)) {  // nothing of this warpgroup's rows is in the output
        mainloop_idle(cs, kb, ke, next, last);
        return;
      }
    }
    auto const pro = tile_prologue(t);
    if (Ops::a_kmajor(p)) {
      if (Ops::b_kmajor(p))
        mainloop<0, 0>(cs, kb, ke, next, last);
      else
        mainloop<0, 1>(cs, kb, ke, next, last);
    } else {
      if (Ops::b_kmajor(p))
        mainloop<1, 0>(cs, kb, ke, next, last);
      else
        mainloop<1, 1>(cs, kb, ke, next, last);
    }
    if constexpr (Variant == kMmaSkipEpilogue) return;
    epilogue(t, cs.cw, cs.acc[0], cs.epi_bufs, 1u + unsigned(cs.cw), pro);
  }

  //! Ops' tile prologue, or nothing (detail::HasTilePrologue).
  CLC_KIT_DEVICE auto tile_prologue(WorkTile const& t) const {
    if constexpr (detail::HasTilePrologue<Ops, BN>::value) {
      return Ops::template tile_prologue<BN>(p, t);
    } else {
      (void)t;
      return detail::NoTilePrologue{};
    }
  }
  template <class Pro>
  CLC_KIT_DEVICE void epilogue(WorkTile const& t, int cw, float (&acc)[BN / 2], unsigned char* bufs, unsigned bar,
                               Pro const& pro) {
    if constexpr (std::is_same_v<Pro, detail::NoTilePrologue>) {
      Ops::template epilogue<BN>(p, t, cw, acc, bufs, bar);
    } else {
      Ops::template epilogue<BN>(p, t, cw, acc, bufs, bar, pro);
    }
  }

  //! The last boxes must be read out of shared memory (and written) before the CTA may exit.
  CLC_KIT_DEVICE void consumer_finish(ConsumerState& cs) {
    if (Ops::tma_store(p)) store_tile_tma_drain();
    if constexpr (PingPong) {
      // Every turn handed over is taken: with an even number of tiles warpgroup 1's last hand-over
      // (or, with none, its first) is pending on barrier 3, with an odd number warpgroup 0's on 4.
      if ((cs.tiles & 1u) == 0u && cs.cw == 0) named_barrier_sync(kOrderBar + 0, 256);
      if ((cs.tiles & 1u) == 1u && cs.cw == 1) named_barrier_sync(kOrderBar + 1, 256);
    }
  }

  //! The four wgmma (K = 64) of one stage. `scale_first == 0` on a tile's first stage: its first wgmma
  //! ignores the accumulators' old values (one code path for every stage, so ptxas never copies them).
  template <int TransA, int TransB>
  CLC_KIT_DEVICE void stage_mma(float (&acc)[BN / 2], std::uint32_t a_base, std::uint32_t b_base, int scale_first) {
    constexpr std::uint32_t kStepA = TransA ? 2048u : 32u;  // bytes per K step of 16
    constexpr std::uint32_t kStepB = TransB ? 2048u : 32u;
    SmemDesc const da = smem_desc(a_base, G::kChunkBytes, 1024);
    SmemDesc const db = smem_desc(b_base, G::kChunkBytes, 1024);
#pragma unroll
    for (int kk = 0; kk < 4; ++kk)
      wgmma_ss<Elem, TransA, TransB>(acc, da.at(kk * kStepA), db.at(kk * kStepB), kk == 0 ? scale_first : 1);
  }

  //! The mainloop of one tile over k-steps [kb, ke). `TransA`/`TransB`: 1 when the operand tile is MN-major.
  //! `next()` runs while the last stage's MMAs do (on a unit's last segment).
  template <int TransA, int TransB, class Next>
  CLC_KIT_DEVICE void mainloop(ConsumerState& cs, int kb, int ke, Next& next, bool last) {
    typename Ring::State prev = cs.st;
    for (int kt = kb; kt < ke; ++kt) {
      ring.consumer_wait(cs.st);  // the stage's TMA bytes (from both CTAs of a cluster) have landed
      if (threadIdx.x == 128) CLC_KIT_PROBE_ONCE(6);
      std::uint32_t const stage = smem_s + std::uint32_t(cs.st.index) * std::uint32_t(G::kStageBytes);
      std::uint32_t const a_base = stage + std::uint32_t(cs.cw) * 8192u;
      std::uint32_t const b_base = stage + std::uint32_t(G::kABytes);
      wgmma_fence();
      stage_mma<TransA, TransB>(cs.acc[0], a_base, b_base, kt == kb ? 0 : 1);
      wgmma_commit();
      if constexpr (Variant == kMmaSerialMma) wgmma_wait<0>();
      wgmma_wait<1>();  // the previous stage's group is complete: its shared memory may be refilled
      if (kt > kb) ring.consumer_release_wg(prev, csize);
      prev = cs.st;
      ++cs.st;
    }
    if (last) next();
    wgmma_wait<0>();
    fence_operands(cs.acc[0]);
    if (threadIdx.x == 128) CLC_KIT_PROBE_ONCE(7);
    ring.consumer_release_wg(prev, csize);
  }

  //! The mainloop of a warpgroup with nothing to compute (Ops::consumer_idle): each stage waited for
  //! (so that this warpgroup's release stays in the stage's phase) and released at once, no MMA.
  //! The release is warp 0's alone (consumer_release_wg), and with no wgmma to tie the four warps
  //! together, the warpgroup's named barrier (its epilogue's, 1 + cw, free here) makes every warp pass
  //! its wait before warp 0 releases the stage: a warp left behind could otherwise find the stage
  //! refilled, wait on a phase a lap off and hang at the launch's end.
  template <class Next>
  CLC_KIT_DEVICE void mainloop_idle(ConsumerState& cs, int kb, int ke, Next& next, bool last) {
    for (int kt = kb; kt < ke; ++kt) {
      ring.consumer_wait(cs.st);
      named_barrier_sync(1u + unsigned(cs.cw), 128);
      ring.consumer_release_wg(cs.st, csize);
      ++cs.st;
    }
    if (last) next();
  }

  //! Ping-pong: issue the whole tile's MMAs, every 64-row block per k step; returns the last stage,
  //! still to be released once its wgmma group has completed. `TransA`/`TransB`: 1 when the operand
  //! tile is MN-major (as in `stage_mma`; a 64-row block of an MN-major A is its 64-wide chunk, 8 KiB on).
  template <int TransA, int TransB>
  CLC_KIT_DEVICE typename Ring::State mainloop_pingpong(ConsumerState& cs, int kb, int ke) {
    constexpr std::uint32_t kStepA = TransA ? 2048u : 32u;  // bytes per K step of 16
    constexpr std::uint32_t kStepB = TransB ? 2048u : 32u;
    typename Ring::State prev = cs.st;
    for (int kt = kb; kt < ke; ++kt) {
      ring.consumer_wait(cs.st);
      std::uint32_t const a_base = smem_s + std::uint32_t(cs.st.index) * std::uint32_t(G::kStageBytes);
      std::uint32_t const b_base = a_base + std::uint32_t(G::kABytes);
      int const scale_first = kt == kb ? 0 : 1;
      SmemDesc const da = smem_desc(a_base, G::kChunkBytes, 1024);
      SmemDesc const db = smem_desc(b_base, G::kChunkBytes, 1024);
      wgmma_fence();
#pragma unroll
      for (int kk = 0; kk < 4; ++kk) {
#pragma unroll
        for (int h = 0; h < kHalves; ++h)
          wgmma_ss<Elem, TransA, TransB>(cs.acc[h], da.at(std::uint32_t(h) * 8192u + kk * kStepA), db.at(kk * kStepB),
                                         kk == 0 ? scale_first : 1);
      }
      wgmma_commit();
      wgmma_wait<1>();  // the previous stage's group is complete: its shared memory may be refilled
      if (kt > kb) ring.consumer_release_wg(prev, csize);
      prev = cs.st;
      ++cs.st;
    }
    return prev;
  }
};

//! The kernel of every Sm90Mma instantiation: `K::Params` is the `__grid_constant__` parameter block
//! (with the scheduler's parameters in `sched`).
template <class K>
__global__ void __launch_bounds__(threads_of<K>(), 1) sm90_mma_kernel(__grid_constant__ typename K::Params const p) {
#if CLC_KIT_SM90A
  run_warp_specialized<K>(p, p.sched);
#else
  (void)p;
#endif
}

#endif  // __CUDACC__

}  // namespace clc::kit
