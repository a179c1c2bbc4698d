//! @file sm90_kernel.cuh
//! @brief The Hopper GEMM (sm_90a): the GEMM's own part of kit::Sm90Mma (kit/sm90_mma.cuh, shared with
//! the convolution), i.e. the tiled TMA loads of A and B and the epilogues. Tiles are 128 x BN x 64,
//! BN = 256 (4 stages), 128 (6 stages, for problems too small to fill the GPU with 256-wide tiles) or
//! 64 (7 stages, 1x1 clusters only; when Options::tile_n asks for it);
//! work tiles come from `clc::Scheduler<Source>`; clusters are 1x1, 2x1 along M with B multicast, or 1x2
//! along N with A multicast (64- and 128-wide whole tiles).
//!
//! Epilogue: with beta == 0 and a D that TMA can write, kit::store_tile_tma (shared memory + TMA
//! stores that drain under the next tile's mainloop); otherwise the accumulators go to global memory
//! directly, reading C.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include <cuda.h>
#include <cuda/atomic>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/clc.cuh"
#include "clc/kit/epilogue.cuh"
#include "clc/kit/sm90_mma.cuh"
#include "clc/kit/tma.cuh"
#include "clc/kit/tma_ring.cuh"
#include "clc/kit/warp_specialized.cuh"
#include "clc/kit/wgmma.cuh"
#include "epilogue.cuh"
#include "problem.hpp"
#include "splitk.hpp"
#include "stream_k.hpp"

namespace clc::gemm::detail {

struct Sm90Params {
  CUtensorMap tmap_a;  // 64-byte aligned inside the __grid_constant__ parameter block
  CUtensorMap tmap_b;
  CUtensorMap tmap_d;  // valid when tma_store != 0
  SchedulerParams sched;
  EpilogueParams epi;
  int k_tiles;
  int a_kmajor, b_kmajor;
  int a_rows;  // rows of A's box (K-major A): 128, or fewer when M fits one tile (Sm90Maps::a_rows)
  int tma_store;  // 1: TMA-store epilogue (beta == 0, D writable by TMA)
  int splits;     // split-K: tile z = batch * splits + split covers k-steps [split k_tiles / splits, ...)
  float* partials;  // splits > 1: fp32 partial sums [batch * splits][M][N], reduced by splitk_reduce;
                    // tail_split > 1: [tail tile * tail_split + piece][128][BN], reduced by tail_reduce
  // Split tail (tail_split > 1): the scheduled space is a list of cluster units, x = unit * cluster_m +
  // rank. Units [0, dp_clusters) are the first clusters of `real_map` (the real tile space: clusters,
  // swizzle), whole; then each of the last `tail_clusters` clusters of `real_map` comes tail_split
  // times, once per piece of its k-steps (piece-major: every tail tile's piece 0, then piece 1, ...).
  int tail_split;
  int dp_clusters;
  int tail_clusters;
  int cluster_m;
  // 1x2 clusters (2): the two CTAs take neighbouring N tiles of one M tile; each loads one half of A (64
  // rows K-major, one 64-wide chunk MN-major) and multicasts it, and all of its own B.
  int cluster_n;
  // Split tail summed in the kernel (Plan::fixup): partials then hold each piece's consumer
  // warpgroups' accumulators in register order ([slot][cw][BN / 8][128 threads] float4), and
  // tail_flags[tail tile * 2 + cw] counts the pieces that have stored theirs; the tile's last piece
  // waits for tail_split - 1, resets the counter, adds the partials (piece 0 first) to its own
  // accumulators and runs the normal epilogue.
  int fixup;
  int* tail_flags;
  TileMap real_map;
  // Stream-K (sk_units > 0, with the fixup only): the tail's `tail_clusters` cluster tiles run as
  // sk_units units of equal k-steps (StreamK, stream_k.hpp), scheduled after the dp_clusters whole
  // ones; a unit's segments are pieces of one or more tiles. tail_split is then the largest number of
  // pieces of a tile (the stride of a tile's partial-sum slots).
  int sk_units;
  // Problem::d_transposed: the TMA-store epilogue writes each tile transposed (tmap_d's first dimension
  // runs along the kernel's M).
  int d_transposed;
  // Debug::mma_all_rows: every consumer warpgroup multiplies, also one whose rows all lie past M.
  int mma_all_rows;
  // The divisions of the producer's and consumers' way into each tile, precomputed (FastDiv: a
  // multiply-high each; a division by a runtime value is a software routine on the GPU): by cluster_m,
  // tail_clusters, tail_split and splits, and stream-K's line (sk, with_fast_divs). k_fast: the k-range
  // numerators (piece x k_tiles, split x k_tiles) stay below 2^31, so that FastDiv is exact for them.
  FastDiv div_cm, div_tail_clusters, div_tail_split, div_splits;
  int k_fast;
  StreamK sk;
};

#if defined(__CUDACC__)
//! The batch of tile z (split-K spreads each batch's splits over consecutive z).
CLC_KIT_DEVICE int batch_of(Sm90Params const& p, int z) {
  return p.splits == 1 ? z : int(p.div_splits.div(unsigned(z)));
}
//! The stream-K line of the tail (sk_units > 0), its divisors precomputed by the host.
CLC_KIT_DEVICE StreamK const& stream_k_of(Sm90Params const& p) { return p.sk; }
//! k-steps [s kt / n, (s + 1) kt / n) of part s of n (a split-K split or a split tail's piece).
CLC_KIT_DEVICE void k_part(Sm90Params const& p, FastDiv const& div_n, int s, int* begin, int* end) {
  if (p.k_fast) {
    *begin = int(div_n.div(unsigned(s) * unsigned(p.k_tiles)));
    *end = int(div_n.div(unsigned(s + 1) * unsigned(p.k_tiles)));
  } else {
    int const n = int(div_n.divisor());
    *begin = int(std::int64_t(s) * p.k_tiles / n);
    *end = int(std::int64_t(s + 1) * p.k_tiles / n);
  }
}
//! The M tile of a (decoded) tile.
CLC_KIT_DEVICE int m_tile_of(Sm90Params const& p, WorkTile const& t) {
  return p.tail_split > 1 ? (t.x & ((1 << kTailSlotShift) - 1)) : t.x;
}
#endif

//! Kernel variants for clc-bench's diagnostics (debug.hpp); the library's kernels are kSm90Normal.
enum Sm90Variant : int {
  kSm90Normal = kit::kMmaNormal,
  kSm90SkipEpilogue = kit::kMmaSkipEpilogue,
  kSm90SerialMma = kit::kMmaSerialMma,
  //! The common case's kernel (Sm90GemmFastOpsN; the library picks it where it applies: launch_sm90).
  kSm90Fast = 32,
  //! The swapped problem's common case (Sm90GemmFastSwapOpsN; launch_sm90 picks it where it applies).
  kSm90FastSwap = 33,
  //! Diagnostics (Debug::pingpong): the common case's Ops with ping-pong consumers (kit::Sm90Mma's
  //! PingPong: each consumer warpgroup a whole 128 x BN tile, BN 64 or 128, its epilogue under the
  //! other's MMAs).
  kSm90FastPingPong = 34,
};

//! Shared-memory layout of one tile width (kit/sm90_mma.cuh).
template <int BN, int Stages = 0>
using Sm90Geometry = kit::Sm90MmaGeometry<BN, Stages>;

#if defined(__CUDACC__)

//! The GEMM's part of the Sm90 kernel (kit::Sm90Mma's Ops): tiled TMA loads of A and B (either order
//! in memory), the alpha-scaled TMA-store epilogue or the direct one that reads C. `Fixup`: the
//! kernel can sum a split tail's pieces itself (Params::fixup). It is a separate instantiation: the
//! fixup's code in the kernel of every launch made the whole-tile path 5-8% slower on short-K and
//! one-wave shapes (8192x8192x256, 128x8192x8192, 1024^3, 512^3 x 8; bench/results/h200-gemm-dev-fixup.txt),
//! although that path's SASS was unchanged.
template <bool Fixup>
struct Sm90GemmOps {
  using Params = Sm90Params;

  CLC_KIT_DEVICE static void prefetch(Params const& p) {
    kit::prefetch_tensormap(&p.tmap_a);
    kit::prefetch_tensormap(&p.tmap_b);
    if (p.tma_store) kit::prefetch_tensormap(&p.tmap_d);
  }
  CLC_KIT_DEVICE static bool a_kmajor(Params const& p) { return p.a_kmajor != 0; }
  CLC_KIT_DEVICE static bool b_kmajor(Params const& p) { return p.b_kmajor != 0; }
  CLC_KIT_DEVICE static bool tma_store(Params const& p) { return p.tma_store != 0; }
  //! Split tail: the real tile of scheduled unit t (see Sm90Params); otherwise t.
  CLC_KIT_DEVICE static WorkTile decode(Params const& p, WorkTile const& t) {
    if (p.tail_split <= 1) return t;
    int const c = int(p.div_cm.div(unsigned(t.x)));
    int const rank = t.x - c * p.cluster_m;
    if (c < p.dp_clusters) return p.real_map.tile_of(c, rank, 0);
    int const j = c - p.dp_clusters;
    if constexpr (Fixup) {
      if (p.sk_units > 0) {  // a stream-K unit: segment() gives its tiles' pieces
        WorkTile u = t;
        u.x = rank;
        u.y = j;
        u.z = -1;
        return u;
      }
    }
    int const piece = int(p.div_tail_clusters.div(unsigned(j)));
    int const tc = j - piece * p.tail_clusters;
    WorkTile u = p.real_map.tile_of(p.dp_clusters + tc, rank, 0);
    int const slot = (tc * p.cluster_m + rank) * p.tail_split + piece;
    u.x += (slot + 1) << kTailSlotShift;
    return u;
  }

  //! Stream-K (the fixup kernels only): the segments of a decoded unit (1 for a whole tile), and
  //! segment i as a piece of its tile (x carries the piece's slot like a split-tail piece).
  template <bool F = Fixup, std::enable_if_t<F, int> = 0>
  CLC_KIT_DEVICE static int segments(Params const& p, WorkTile const& t) {
    if (p.sk_units == 0 || t.z >= 0) return 1;
    return stream_k_of(p).segments(t.y);
  }
  template <bool F = Fixup, std::enable_if_t<F, int> = 0>
  CLC_KIT_DEVICE static WorkTile segment(Params const& p, WorkTile const& t, int i) {
    if (p.sk_units == 0 || t.z >= 0) return t;
    int j = 0;
    int const c = stream_k_of(p).segment_tile(t.y, i, &j);
    int const rank = t.x;
    WorkTile u = p.real_map.tile_of(p.dp_clusters + c, rank, 0);
    u.valid = t.valid;
    int const slot = (c * p.cluster_m + rank) * p.tail_split + j;
    u.x += (slot + 1) << kTailSlotShift;
    return u;
  }

  CLC_KIT_DEVICE static void k_range(Params const& p, WorkTile const& t, int* begin, int* end) {
    if (p.tail_split > 1) {
      int const slot = (t.x >> kTailSlotShift) - 1;
      if (slot < 0) {  // a whole tile
        *begin = 0;
        *end = p.k_tiles;
        return;
      }
      if constexpr (Fixup) {
        if (p.sk_units > 0) {
          int const tail_tile = int(p.div_tail_split.div(unsigned(slot)));
          stream_k_of(p).piece_range(int(p.div_cm.div(unsigned(tail_tile))), slot - tail_tile * p.tail_split,
                                     begin, end);
          return;
        }
      }
      int const piece = slot - int(p.div_tail_split.div(unsigned(slot))) * p.tail_split;
      k_part(p, p.div_tail_split, piece, begin, end);
      return;
    }
    if (p.splits == 1) {
      *begin = 0;
      *end = p.k_tiles;
      return;
    }
    int const split = t.z - int(p.div_splits.div(unsigned(t.z))) * p.splits;
    k_part(p, p.div_splits, split, begin, end);
  }

  template <int BN>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN / 2],
                                      unsigned char* bufs, unsigned bar_id) {
    if (p.splits > 1) {  // split-K: the fp32 partial sums to partials[z][row][col], reduced by splitk_reduce
      kit::store_tile_f32(acc, p.partials, t.z, p.epi.m, p.epi.n, t.x * kSm90TileM + cw * 64, t.y * BN);
      return;
    }
    if (p.tail_split > 1 && (t.x >> kTailSlotShift) != 0) {  // a tail piece
      int const slot = (t.x >> kTailSlotShift) - 1;
      if constexpr (Fixup) {
        if (p.fixup) {
          PieceSums sums;
          if (!fixup<BN>(p, m_tile_of(p, t), slot, cw, acc, bar_id, &sums)) return;  // not the last piece: stored
          WorkTile u = t;
          u.x = m_tile_of(p, t);  // the last piece: the whole tile's sums are acc + sums
          epilogue_dispatch_tma<BN>(p, u, cw, acc, bufs, bar_id, sums);
          return;
        }
      }
      // its 128 x BN partial sums, for tail_reduce
      kit::store_tile_f32(acc, p.partials, slot, kSm90TileM, BN, cw * 64, 0);
      return;
    }
    if (p.d_transposed) {  // (the plan: TMA store, no split-K, no second-kernel tail)
      epilogue_dispatch_tma<BN>(p, t, cw, acc, bufs, bar_id, kit::NoTileAddend{});
      return;
    }
    epilogue_dispatch<BN>(p, t, cw, acc, bufs, bar_id);
  }

  //! The earlier pieces' partial sums of a split-tail tile, summed in piece order (a kit epilogue
  //! addend: added to the last piece's accumulators as they are stored, never written into them --
  //! a rewrite of the accumulators between tiles makes ptxas serialise every wgmma, C7515).
  struct PieceSums {
    static constexpr bool kNone = false;
    float4 const* base = nullptr;  // piece 0's float4s of this warpgroup, this thread's first
    std::size_t stride = 0;        // float4s per piece
    int pieces = 0;                // pieces before the last
    bool live = false;             // the thread has rows below M (else it adds zeros)
    template <int J>
    CLC_KIT_DEVICE void operator()(int j0, float (&s)[J][4]) const {
#pragma unroll
      for (int jj = 0; jj < J; ++jj) s[jj][0] = s[jj][1] = s[jj][2] = s[jj][3] = 0.0f;
      if (!live) return;
#pragma unroll 1
      for (int q = 0; q < pieces; ++q) {
        float4 const* const src = base + std::size_t(q) * stride + std::size_t(j0) * 128;
        float4 w[J];
#pragma unroll
        for (int jj = 0; jj < J; ++jj) w[jj] = __ldcg(src + jj * 128);
#pragma unroll
        for (int jj = 0; jj < J; ++jj) {
          s[jj][0] += w[jj].x;
          s[jj][1] += w[jj].y;
          s[jj][2] += w[jj].z;
          s[jj][3] += w[jj].w;
        }
      }
    }
  };

  //! The last piece's epilogue: the TMA-store one only (Params::fixup implies tma_store), with the
  //! earlier pieces' sums as the addend. Measured with a per-unit trace at 2304x4608x3072
  //! (bench/results/h200-gemm-dev-fixup.txt, section 9): with the direct epilogue's addend variants in
  //! the kernel too, the last piece's epilogue took 10.35 us and the whole tiles' 3.47 us (medians);
  //! without them 7.15 us and 2.86 us.
  template <int BN, class Add>
  CLC_KIT_DEVICE static void epilogue_dispatch_tma(Params const& p, WorkTile const& t, int cw, float (&acc)[BN / 2],
                                                   unsigned char* bufs, unsigned bar_id, Add const& add) {
    float const alpha = p.epi.alpha;
    auto const scale = [alpha](float v0, float v1, int, int) { return make_float2(v0 * alpha, v1 * alpha); };
    if (p.d_transposed) {  // 16-bit D only (the plan)
      std::int32_t const corner_t[3] = {t.x * kSm90TileM + cw * 64, t.y * BN, t.z};
      if (p.epi.cd_type == int(DType::BF16))
        kit::store_tile_tma_transposed<__nv_bfloat16>(acc, scale, &p.tmap_d, corner_t, bufs, bar_id, add);
      else
        kit::store_tile_tma_transposed<__half>(acc, scale, &p.tmap_d, corner_t, bufs, bar_id, add);
      return;
    }
    if constexpr (BN % 64 == 0) {  // (208- and 224-wide tiles store only transposed with TMA: the plan)
      std::int32_t const corner[3] = {t.y * BN, t.x * kSm90TileM + cw * 64, t.z};
      if (p.epi.cd_type == int(DType::BF16))
        kit::store_tile_tma<__nv_bfloat16>(acc, scale, &p.tmap_d, corner, bufs, bar_id, add);
      else if (p.epi.cd_type == int(DType::F16))
        kit::store_tile_tma<__half>(acc, scale, &p.tmap_d, corner, bufs, bar_id, add);
      else
        kit::store_tile_tma<float>(acc, scale, &p.tmap_d, corner, bufs, bar_id, add);
    }
  }
  template <int BN>
  CLC_KIT_DEVICE static void epilogue_dispatch(Params const& p, WorkTile const& t, int cw, float (&acc)[BN / 2],
                                               unsigned char* bufs, unsigned bar_id) {
    if (p.epi.cd_type == int(DType::BF16))
      epilogue_typed<__nv_bfloat16, BN>(p, t, cw, acc, bufs, bar_id);
    else if (p.epi.cd_type == int(DType::F16))
      epilogue_typed<__half, BN>(p, t, cw, acc, bufs, bar_id);
    else
      epilogue_typed<float, BN>(p, t, cw, acc, bufs, bar_id);
  }

  //! The split tail's in-kernel fixup for consumer warpgroup cw (128 threads, named barrier bar_id)
  //! of piece `slot % tail_split` of tail tile `slot / tail_split`: an earlier piece stores its
  //! accumulators (register order: each thread reads back exactly what the same thread of the other
  //! piece wrote) and counts itself in the tile's counter (release); the last piece waits for the
  //! others (acquire), resets the counter for the next launch, and gets their partial sums as the
  //! epilogue's addend, summed piece 0 first (a fixed order: bit-identical results run to run).
  //! Returns true for the last piece. A thread whose rows all lie past M neither stores nor loads
  //! (both sides skip the same threads). The wait cannot deadlock: pieces are listed piece-major
  //! after the whole tiles and every worker (resident: Plan::fixup) takes its units in increasing
  //! order, so the lowest unfinished unit never waits (docs/gemm.md, "Split tail").
  template <int BN>
  CLC_KIT_DEVICE static bool fixup(Params const& p, int m_tile, int slot, int cw, float const (&acc)[BN / 2],
                                   unsigned bar_id, PieceSums* sums) {
    int const tail_tile = int(p.div_tail_split.div(unsigned(slot)));
    int const piece = slot - tail_tile * p.tail_split;
    // The tile's pieces: tail_split, or under stream-K as many as units touch it (>= 1).
    int const pieces =
        p.sk_units > 0 ? stream_k_of(p).pieces(int(p.div_cm.div(unsigned(tail_tile)))) : p.tail_split;
    int const tid = threadIdx.x & 127;
    int const row = m_tile * kSm90TileM + cw * 64 + ((tid >> 5) & 3) * 16 + ((tid & 31) >> 2);
    bool const live = row < p.epi.m;
    std::size_t const per_piece = std::size_t(2) * 64 * BN;  // floats of one piece: two warpgroups' 64 x BN
    cuda::atomic_ref<int, cuda::thread_scope_device> count(p.tail_flags[tail_tile * 2 + cw]);
    if (piece + 1 < pieces) {
      float4* const out = reinterpret_cast<float4*>(p.partials + std::size_t(slot) * per_piece +
                                                    std::size_t(cw) * 64 * BN) + tid;
      if (live) {
#pragma unroll
        for (int j = 0; j < BN / 8; ++j)
          __stcg(out + j * 128, make_float4(acc[4 * j], acc[4 * j + 1], acc[4 * j + 2], acc[4 * j + 3]));
      }
      kit::named_barrier_sync(bar_id, 128);  // every thread's stores, then the release by one
      if (tid == 0) count.fetch_add(1, cuda::memory_order_release);
      return false;
    }
    if (tid == 0) {
#if CLC_HANG_TIMEOUT_NS
      std::uint64_t const t0 = kit::globaltimer_ns();
#endif
      while (count.load(cuda::memory_order_acquire) != pieces - 1) {
        __nanosleep(64);
#if CLC_HANG_TIMEOUT_NS
        if (kit::globaltimer_ns() - t0 > CLC_HANG_TIMEOUT_NS) clc::detail::hang_trap();  // tests: a hang fails
#endif
      }
      count.store(0, cuda::memory_order_relaxed);  // no other piece touches it again in this launch
    }
    kit::named_barrier_sync(bar_id, 128);  // the acquire above, then every thread's loads
    sums->base = reinterpret_cast<float4 const*>(p.partials + std::size_t(slot - piece) * per_piece +
                                                 std::size_t(cw) * 64 * BN) + tid;
    sums->stride = per_piece / 4;
    sums->pieces = piece;
    sums->live = live;
    return true;
  }

  template <class T, int BN>
  CLC_KIT_DEVICE static void epilogue_typed(Params const& p, WorkTile const& t, int cw, float (&acc)[BN / 2],
                                            unsigned char* bufs, unsigned bar_id) {
    if constexpr (BN % 64 == 0) {  // (208 and 224: the direct epilogue, or the transposed TMA store)
      if (p.tma_store) {
        float const alpha = p.epi.alpha;
        auto const scale = [alpha](float v0, float v1, int, int) { return make_float2(v0 * alpha, v1 * alpha); };
        std::int32_t const corner[3] = {t.y * BN, t.x * kSm90TileM + cw * 64, t.z};
        kit::store_tile_tma<T>(acc, scale, &p.tmap_d, corner, bufs, bar_id);
        return;
      }
    }
    {
      epilogue_direct<T, BN>(p, t, cw, acc);
    }
  }

  //! Direct epilogue from the wgmma accumulator layout (reads C when beta != 0): thread (warp w, lane l)
  //! of the warpgroup holds rows 16w + l/4 (+8) and column pairs 8j + 2(l%4), j = 0..BN/8-1.
  template <class T, int BN>
  CLC_KIT_DEVICE static void epilogue_direct(Params const& p, WorkTile const& t, int cw, float (&acc)[BN / 2]) {
    int const lane = threadIdx.x & 31;
    int const wi = (threadIdx.x >> 5) & 3;
    int const row0 = t.x * kSm90TileM + cw * 64 + wi * 16 + (lane >> 2);
    int const col0 = t.y * BN + 2 * (lane & 3);
    EpilogueParams const& e = p.epi;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int const row = row0 + 8 * h;
      if (row < e.m) {
        T* const d_row = d_row_ptr<T>(e, t.z, row);
        T const* const c_row = c_row_ptr<T>(e, t.z, row);
#pragma unroll
        for (int j = 0; j < BN / 8; ++j)
          store_pair(e, d_row, c_row, col0 + 8 * j, acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]);
      }
    }
  }
};

//! The loads of one k-step of one tile (kit::Sm90Mma's per-tile loader), everything but k fixed per
//! tile: A (K-major: one 128 x 64 box; MN-major: two 64-wide chunks) and this CTA's part of B
//! (`kMc`: half of it, multicast into both CTAs of a 2x1 cluster), K-major in boxes of <= 128 rows
//! or MN-major in 64-wide chunks. `kMcA` (1x2 clusters): this CTA's half of A instead (rows or the chunk
//! `a_half` x 64 .. + 63 of the tile, into the same place of both CTAs' stage), multicast, and all of B.
//! Layout and multicast are template parameters, so the producer's k-loop has no branch and keeps the
//! coordinates in uniform registers.
template <int BN, bool kAK, bool kBK, bool kMc, bool kMcA = false>
struct Sm90GemmLoader {
  static_assert(!(kMc && kMcA), "a cluster multicasts A or B, not both");
  static constexpr int kChunk = 64 * kSm90TileK * 2;          // bytes of one 64-wide MN-major chunk
  static constexpr int kBRows = kMc ? BN / 2 : BN;            // B rows / columns this CTA loads
  static constexpr int kBoxRows = sm90_b_box_rows(kBRows);
  static constexpr int kBLoads = kBK ? kBRows / kBoxRows : kBRows / 64;
  static_assert(kBK || kBRows % 64 == 0, "MN-major B parts are whole 64-wide chunks");
  static_assert(!kBK || kBRows % kBoxRows == 0, "K-major B parts are whole boxes");
  CUtensorMap const* a;
  CUtensorMap const* b;
  int m0;              // first A row of the tile
  int n0;              // first B row (K-major) / column (MN-major) of this CTA's part
  int z;               // batch
  std::uint32_t b_dst;  // offset of this CTA's B part in a stage
  std::uint32_t a_bytes;  // bytes of A this CTA loads per stage (fewer than 16 KiB when A's box is short or halved)
  int a_half = 0;         // kMcA: this CTA's half of A (its cluster rank)

  //! The bytes a stage's full barrier expects: this CTA's A (kMcA: both halves, own + the peer's) and all
  //! of B (own part + the peer's).
  CLC_KIT_DEVICE std::uint32_t stage_bytes() const {
    return (kMcA ? 2u : 1u) * a_bytes + std::uint32_t(kit::Sm90MmaGeometry<BN>::kBBytes);
  }

  CLC_KIT_DEVICE void operator()(unsigned char* sa, int kt, std::uint64_t* fb) const {
    int const k0 = kt * kSm90TileK;
    if constexpr (kMcA) {  // one 64-row half (K-major) or 64-wide chunk (MN-major), 8 KiB either way
      if constexpr (kAK)
        kit::tma_load_multicast(sa + a_half * kChunk, a, {k0, m0 + 64 * a_half, z}, fb, std::uint16_t(0x3));
      else
        kit::tma_load_multicast(sa + a_half * kChunk, a, {m0 + 64 * a_half, k0, z}, fb, std::uint16_t(0x3));
    } else if constexpr (kAK) {
      kit::tma_load(sa, a, {k0, m0, z}, fb);
    } else {
      kit::tma_load(sa, a, {m0, k0, z}, fb);
      kit::tma_load(sa + kChunk, a, {m0 + 64, k0, z}, fb);
    }
    unsigned char* const sb = sa + b_dst;
#pragma unroll
    for (int i = 0; i < kBLoads; ++i) {
      unsigned char* const dst = sb + i * (kBK ? kBoxRows * 128 : kChunk);
      std::int32_t const c0 = kBK ? k0 : n0 + i * 64;
      std::int32_t const c1 = kBK ? n0 + i * kBoxRows : k0;
      if constexpr (kMc)
        kit::tma_load_multicast(dst, b, {c0, c1, z}, fb, std::uint16_t(0x3));
      else
        kit::tma_load(dst, b, {c0, c1, z}, fb);
    }
  }
};

//! Sm90GemmOps of one tile width: the loader knows BN (the tile's first column).
template <int BN, bool Fixup = false>
struct Sm90GemmOpsN : Sm90GemmOps<Fixup> {
  using Params = Sm90Params;
  //! kit::Sm90Mma's consumer_idle: warpgroup cw of tile t has no row inside M (M <= 64 in 128-row tiles,
  //! or the padding tile of a 2x1 cluster), so it neither multiplies nor stores. It depends on the M tile
  //! alone, the same for every piece of a tile; not for the pieces that tail_reduce sums (it reads all 128
  //! rows of each piece's partial sums) or under Debug::mma_all_rows. Tiles up to 128 wide only (those the
  //! plan gives problems of M <= 64): in the 256-wide kernel that sums pieces the extra path raised
  //! ptxas's spill stores from 144 to 186 bytes (stack 112 -> 120).
  template <int W = BN, std::enable_if_t<(W <= 128), int> = 0>
  CLC_KIT_DEVICE static bool consumer_idle(Params const& p, WorkTile const& t, int cw) {
    if (p.mma_all_rows) return false;
    if (p.tail_split > 1 && (t.x >> kTailSlotShift) != 0 && !(Fixup && p.fixup)) return false;
    return m_tile_of(p, t) * kSm90TileM + cw * 64 >= p.epi.m;
  }

  //! kit::Sm90Mma's per-tile loader hook; `nb` / `b_rows`: this CTA's part of B (all of it, or its
  //! half in a 2x1 cluster, `mask` != 0). In a 1x2 cluster (p.cluster_n 2, 64- and 128-wide tiles) the CTA
  //! loads all of its own B and half of A instead: the kit's split of B (nb = rank x b_rows) then only
  //! tells the CTA's rank.
  template <class F>
  CLC_KIT_DEVICE static void with_loader(Params const& p, WorkTile const& t, int, int nb, int b_rows,
                                         std::uint16_t mask, F&& f) {
    if constexpr (sm90_width_pairs_n(BN) && !Fixup) {
      if (mask != 0 && p.cluster_n == 2) {
        with_loader_pair_n(p, t, nb != 0 ? 1 : 0, f);
        return;
      }
    }
    int const m0 = m_tile_of(p, t) * kSm90TileM;
    int const n0 = t.y * BN + nb;
    int const z = batch_of(p, t.z);
    std::uint32_t const b_dst_k = std::uint32_t(kit::Sm90MmaGeometry<BN>::kABytes + nb * 128);
    std::uint32_t const b_dst_mn = std::uint32_t(kit::Sm90MmaGeometry<BN>::kABytes + (nb / 64) * (64 * kSm90TileK * 2));
    (void)b_rows;  // BN / cluster size: implied by the multicast mask (clusters are 1x1 or 2x1)
    auto go = [&](auto ak, auto bk, auto mc) {
      constexpr bool kAK = decltype(ak)::value, kBK = decltype(bk)::value, kMc = decltype(mc)::value;
      std::uint32_t const a_bytes = kAK ? std::uint32_t(p.a_rows) * 128u : std::uint32_t(kSm90TileM * kSm90TileK * 2);
      Sm90GemmLoader<BN, kAK, kBK, kMc> ld{&p.tmap_a, &p.tmap_b, m0, n0, z, kBK ? b_dst_k : b_dst_mn, a_bytes};
      f(ld);
    };
    auto by_b = [&](auto ak) {
      using T = std::true_type;
      using F0 = std::false_type;
      if constexpr (sm90_width_pairs(BN)) {  // 64- and 192-wide tiles run in 1x1 clusters only
        if (mask != 0) {
          if (p.b_kmajor) go(ak, T{}, T{}); else go(ak, F0{}, T{});
          return;
        }
      }
      if constexpr (BN % 64 == 0) {
        if (p.b_kmajor) go(ak, T{}, F0{}); else go(ak, F0{}, F0{});
      } else {  // 208- and 224-wide tiles: B K-major only (the swapped problem with A row-major; the plan)
        go(ak, T{}, F0{});
      }
    };
    if (p.a_kmajor) by_b(std::true_type{}); else by_b(std::false_type{});
  }

  //! A 1x2 cluster's loader (whole tiles): this CTA's half `half` of A, multicast, and all of its own B.
  template <class F>
  CLC_KIT_DEVICE static void with_loader_pair_n(Params const& p, WorkTile const& t, int half, F&& f) {
    int const m0 = t.x * kSm90TileM;
    int const n0 = t.y * BN;
    std::uint32_t const b_dst = std::uint32_t(kit::Sm90MmaGeometry<BN>::kABytes);
    std::uint32_t const a_half_bytes = 64u * 128u;
    auto go = [&](auto ak, auto bk) {
      constexpr bool kAK = decltype(ak)::value, kBK = decltype(bk)::value;
      Sm90GemmLoader<BN, kAK, kBK, false, true> ld{&p.tmap_a,     &p.tmap_b,    m0, n0, batch_of(p, t.z),
                                                   b_dst,         a_half_bytes, half};
      f(ld);
    };
    using T = std::true_type;
    using F0 = std::false_type;
    if (p.a_kmajor) {
      if (p.b_kmajor) go(T{}, T{}); else go(T{}, F0{});
    } else {
      if (p.b_kmajor) go(F0{}, T{}); else go(F0{}, F0{});
    }
  }
};

//! What the common case's Ops (kSm90Fast and kSm90FastSwap below) share, fixed at compile time: A
//! K-major and B MN-major (`AKMajor`) or the reverse, the TMA store, whole tiles (every tile's k-steps, no
//! decoding: no split-K, split tail or stream-K), and the epilogue's alpha-only scale.
template <int BN, bool AKMajor>
struct Sm90GemmFastBase : Sm90GemmOpsN<BN, false> {
  using Params = Sm90Params;
  CLC_KIT_DEVICE static constexpr bool a_kmajor(Params const&) { return AKMajor; }
  CLC_KIT_DEVICE static constexpr bool b_kmajor(Params const&) { return !AKMajor; }
  CLC_KIT_DEVICE static constexpr bool tma_store(Params const&) { return true; }
  CLC_KIT_DEVICE static WorkTile decode(Params const&, WorkTile const& t) { return t; }
  CLC_KIT_DEVICE static void k_range(Params const& p, WorkTile const&, int* begin, int* end) {
    *begin = 0;
    *end = p.k_tiles;
  }
  //! The store's per-pair function: the accumulators times alpha.
  CLC_KIT_DEVICE static auto alpha_scale(Params const& p) {
    float const alpha = p.epi.alpha;
    return [alpha](float v0, float v1, int, int) { return make_float2(v0 * alpha, v1 * alpha); };
  }
};

//! The common case's Ops (kSm90Fast): A K-major and B MN-major (both row-major, as torch.matmul gives
//! them), D of the operands' type through the TMA store, whole tiles (no split-K, split tail or
//! stream-K), 1x1, 2x1 or (64- and 128-wide tiles) 1x2 clusters. The same loads and epilogue as Sm90GemmOpsN's for that case, with the
//! layouts and the epilogue fixed at compile time: the kernel holds one mainloop, one loader per
//! cluster shape and one epilogue (a kernel compiled for one case ran 3-5% faster than the general one
//! on small and short-K problems: bench/results/h200-gemm-lean-kernel.txt).
template <int BN, class T>
struct Sm90GemmFastOpsN : Sm90GemmFastBase<BN, true> {
  using Params = Sm90Params;
  template <class F>
  CLC_KIT_DEVICE static void with_loader(Params const& p, WorkTile const& t, int, int nb, int, std::uint16_t mask,
                                         F&& f) {
    int const m0 = t.x * kSm90TileM;
    int const n0 = t.y * BN + nb;
    int const z = t.z;
    std::uint32_t const b_dst = std::uint32_t(kit::Sm90MmaGeometry<BN>::kABytes + (nb / 64) * (64 * kSm90TileK * 2));
    std::uint32_t const a_bytes = std::uint32_t(p.a_rows) * 128u;
    if constexpr (sm90_width_pairs_n(BN)) {  // a 1x2 cluster: half of A each, multicast, all of B
      if (mask != 0 && p.cluster_n == 2) {
        Sm90GemmLoader<BN, true, false, false, true> ld{&p.tmap_a,  &p.tmap_b, m0, t.y * BN, z,
                                                        std::uint32_t(kit::Sm90MmaGeometry<BN>::kABytes),
                                                        64u * 128u, nb != 0 ? 1 : 0};
        f(ld);
        return;
      }
    }
    if constexpr (sm90_width_pairs(BN)) {  // a 2x1 cluster (128- and 256-wide tiles): half of B each
      if (mask != 0) {
        Sm90GemmLoader<BN, true, false, true> ld{&p.tmap_a, &p.tmap_b, m0, n0, z, b_dst, a_bytes};
        f(ld);
        return;
      }
    }
    Sm90GemmLoader<BN, true, false, false> ld{&p.tmap_a, &p.tmap_b, m0, n0, z, b_dst, a_bytes};
    f(ld);
  }
  template <int BN_>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN_ / 2],
                                      unsigned char* bufs, unsigned bar_id) {
    std::int32_t const corner[3] = {t.y * BN_, t.x * kSm90TileM + cw * 64, t.z};
    kit::store_tile_tma<T>(acc, Sm90GemmFastBase<BN, true>::alpha_scale(p), &p.tmap_d, corner, bufs, bar_id);
  }
};

//! The swapped problem's common case (kSm90FastSwap): A and B row-major with the operands swapped
//! (Problem::d_transposed: the kernel's A is B^T, MN-major, its B is A^T, K-major), D of their type stored
//! transposed with TMA, whole tiles, 1x1 clusters; the same loads and epilogue as Sm90GemmOpsN's for that
//! case, fixed at compile time (tile widths 64 to 256, 208 and 224 among them).
template <int BN, class T>
struct Sm90GemmFastSwapOpsN : Sm90GemmFastBase<BN, false> {
  using Params = Sm90Params;
  template <class F>
  CLC_KIT_DEVICE static void with_loader(Params const& p, WorkTile const& t, int, int nb, int, std::uint16_t, F&& f) {
    int const m0 = t.x * kSm90TileM;
    int const n0 = t.y * BN + nb;
    std::uint32_t const b_dst = std::uint32_t(kit::Sm90MmaGeometry<BN>::kABytes + nb * 128);
    Sm90GemmLoader<BN, false, true, false> ld{&p.tmap_a, &p.tmap_b, m0, n0, t.z, b_dst,
                                              std::uint32_t(kSm90TileM * kSm90TileK * 2)};
    f(ld);
  }
  template <int BN_>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN_ / 2],
                                      unsigned char* bufs, unsigned bar_id) {
    std::int32_t const corner_t[3] = {t.x * kSm90TileM + cw * 64, t.y * BN_, t.z};
    kit::store_tile_tma_transposed<T>(acc, Sm90GemmFastBase<BN, false>::alpha_scale(p), &p.tmap_d, corner_t, bufs,
                                      bar_id);
  }
};

template <DType AB>
using Sm90Elem = std::conditional_t<AB == DType::BF16, __nv_bfloat16, __half>;
//! Ring stages of the GEMM's 64-wide tiles: 8 (the kit's default for that width is 7; 8 x 24 KiB of ring and
//! 32 KiB of store boxes fill sm_90's shared memory but for the barriers). Measured on the H200 against 7,
//! interleaved twice (bench/results/h200-gemm-stages-dev.txt): never slower beyond the spread, 1-2% faster
//! on the decode shapes with B column-major (16x8192x8192 0.0392-0.0395 against 0.0400-0.0402 ms,
//! 64x4096x14336 0.0373-0.0375 against 0.0379-0.0381). Development override: -DCLC_GEMM_STAGES64=N
//! (scripts/dev-gemm-startup.sh PART=stages).
#ifndef CLC_GEMM_STAGES64
#  define CLC_GEMM_STAGES64 8
#endif
//! The ring depth of a GEMM kernel: `Stages` when given (diagnostics), else the kit's default for BN
//! (CLC_GEMM_STAGES64 at 64).
constexpr int sm90_gemm_stages(int bn, int stages) { return stages != 0 ? stages : bn == 64 ? CLC_GEMM_STAGES64 : 0; }
template <DType AB, class Source, int BN, int Variant = kSm90Normal, int Stages = 0, bool Fixup = false>
using Sm90Gemm = kit::Sm90Mma<
    std::conditional_t<Variant == kSm90Fast || Variant == kSm90FastPingPong, Sm90GemmFastOpsN<BN, Sm90Elem<AB>>,
                       std::conditional_t<Variant == kSm90FastSwap, Sm90GemmFastSwapOpsN<BN, Sm90Elem<AB>>,
                                          Sm90GemmOpsN<BN, Fixup>>>,
    Sm90Elem<AB>, Source, BN,
    Variant == kSm90Fast || Variant == kSm90FastSwap || Variant == kSm90FastPingPong ? int(kSm90Normal) : Variant,
    sm90_gemm_stages(BN, Stages), /*PingPong=*/Variant == kSm90FastPingPong>;

//! Host: build the parameters and launch (the kernel's stream, workspace and grid mode are in `plan`).
template <DType AB, class Source, int BN, int Variant = kSm90Normal, int Stages = 0, bool Fixup = false>
Error sm90_launch(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  using K = Sm90Gemm<AB, Source, BN, Variant, Stages, Fixup>;
  Sm90Params p{};
  p.tmap_a = maps.a;
  p.tmap_b = maps.b;
  p.tmap_d = maps.d;
  p.tma_store = maps.tma_store ? 1 : 0;
  int const cm = plan.cluster_m;
  int const cn = plan.cluster_n;  // 2: pairs of N tiles (the plan: whole tiles, cluster_m 1, BN 64 or 128)
  int const m_tiles = int((std::int64_t(pr.m) + kSm90TileM - 1) / kSm90TileM);
  int const n_tiles = int((std::int64_t(pr.n) + BN - 1) / BN);
  // Each extent padded to the cluster: a CTA whose tile lies past M or N loads (TMA fills zeros), so that
  // its peer's multicast has its partner, and stores nothing (the stores are clipped).
  TileSpace tiles((m_tiles + cm - 1) / cm * cm, (n_tiles + cn - 1) / cn * cn, pr.batch * plan.splits);
  tiles.with_cluster(cm, cn).with_raster(Raster::AlongX).with_swizzle(plan.swizzle);
  p.cluster_m = cm;
  p.cluster_n = cn;
  p.tail_split = plan.tail_split;
  // The in-kernel sum needs the TMA-store epilogue (its last piece stores with it); else tail_reduce.
  p.fixup = Fixup && plan.tail_split > 1 && plan.fixup && p.tma_store ? 1 : 0;
  p.tail_flags = plan.tail_flags;
  if (plan.tail_split > 1) {  // schedule cluster units: the whole tiles, then the tail's pieces
    p.real_map = TileMap(tiles);
    p.dp_clusters = plan.dp_clusters;
    p.tail_clusters = plan.tail_clusters;
    p.sk_units = p.fixup ? plan.sk_units : 0;  // stream-K runs in the fixup kernels only
    int const units = plan.dp_clusters + (p.sk_units > 0 ? p.sk_units : plan.tail_clusters * plan.tail_split);
    tiles = TileSpace(units * cm);
    tiles.with_cluster(cm, 1);
  }

  p.epi = make_epilogue_params(pr);
  p.k_tiles = int((std::int64_t(pr.k) + kSm90TileK - 1) / kSm90TileK);
  p.a_kmajor = pr.a_kmajor ? 1 : 0;
  p.a_rows = maps.a_rows;
  p.b_kmajor = pr.b_kmajor ? 1 : 0;
  p.d_transposed = pr.d_transposed ? 1 : 0;
  p.mma_all_rows = plan.debug.mma_all_rows ? 1 : 0;
  p.splits = plan.splits;
  p.partials = plan.partials;
  p.div_cm = FastDiv(unsigned(cm));
  p.div_tail_clusters = FastDiv(unsigned(p.tail_clusters > 0 ? p.tail_clusters : 1));
  p.div_tail_split = FastDiv(unsigned(p.tail_split > 0 ? p.tail_split : 1));
  p.div_splits = FastDiv(unsigned(p.splits > 0 ? p.splits : 1));
  // FastDiv is exact below 2^31: the k-range numerators reach (parts) x k_tiles.
  p.k_fast = std::int64_t(p.k_tiles) * std::max(p.tail_split, p.splits) < (std::int64_t(1) << 31) ? 1 : 0;
  p.sk = StreamK{std::int64_t(p.tail_clusters) * p.k_tiles, p.sk_units, p.k_tiles}.with_fast_divs();
  if (p.splits > 1) p.tma_store = 0;
  LaunchInfo li;
  CLC_TRY(kit::launch_warp_specialized<K>(&kit::sm90_mma_kernel<K>, tiles, plan.launch,
                                          K::G::kDynamicSmem, p, &li));
  if (info) {
    info->kernel = Kernel::Sm90;
    info->source = Source::kind;
    info->tile_m = kSm90TileM;
    info->tile_n = BN;
    info->cluster_m = cm;
    info->cluster_n = cn;
    info->swizzle = plan.swizzle;
    info->tma_store = p.tma_store != 0;
    info->splits = plan.splits;
    info->tail_split = plan.tail_split;
    info->tail_tiles = plan.tail_split > 1 ? plan.tail_clusters * cm : 0;
    info->tail_fixup = p.fixup != 0;
    info->stream_k_units = p.sk_units;
    info->swapped = pr.d_transposed;
    info->fast = Variant == kSm90Fast || Variant == kSm90FastSwap || Variant == kSm90FastPingPong;
    info->launch = li;
  }
  if (plan.splits > 1) return splitk_reduce(pr, plan);
  if (plan.tail_split > 1 && !p.fixup) return tail_reduce(pr, plan, p.real_map, BN);
  return success();
}

//! Host: the launcher of tile width `plan.tile_n` (64, 128, 192 or 256; the diagnostic variants 128 or
//! 256; the kernels that sum pieces 64, 128 or 256).
//! `Fixup`: the kernels that sum a split tail in the kernel (launch_sm90_fixup_typed).
template <DType AB, class Source, int Variant = kSm90Normal, int Stages = 0, bool Fixup = false>
Error sm90_launch_tile(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  if constexpr (Variant == kSm90Fast || Variant == kSm90FastSwap) {  // (the plan: whole tiles; launch_sm90)
    if (plan.tile_n == 64) return sm90_launch<AB, Source, 64, Variant>(pr, plan, maps, info);
    if (plan.tile_n == 192) return sm90_launch<AB, Source, 192, Variant>(pr, plan, maps, info);
    if constexpr (Variant == kSm90FastSwap) {
      if (plan.tile_n == 208) return sm90_launch<AB, Source, 208, Variant>(pr, plan, maps, info);
      if (plan.tile_n == 224) return sm90_launch<AB, Source, 224, Variant>(pr, plan, maps, info);
    }
  }
  if constexpr (Variant == kSm90Normal && Stages == 0) {
    if (plan.tile_n == 64) return sm90_launch<AB, Source, 64, Variant, Stages, Fixup>(pr, plan, maps, info);
    // 192-wide tiles: whole tiles only (no split tail or stream-K: the kernels that sum pieces are the
    // slowest to compile, and the plan never gives such tiles pieces).
    if constexpr (!Fixup) {
      if (plan.tile_n == 192) return sm90_launch<AB, Source, 192, Variant, Stages, Fixup>(pr, plan, maps, info);
      // 208 and 224 (the swapped problem's widths along M): whole tiles, B K-major, the transposed TMA
      // store or the direct epilogue.
      if (plan.tile_n == 208) return sm90_launch<AB, Source, 208, Variant, Stages, Fixup>(pr, plan, maps, info);
      if (plan.tile_n == 224) return sm90_launch<AB, Source, 224, Variant, Stages, Fixup>(pr, plan, maps, info);
    }
  }
  if (plan.tile_n == 128) return sm90_launch<AB, Source, 128, Variant, Stages, Fixup>(pr, plan, maps, info);
  if (plan.tile_n == 256) return sm90_launch<AB, Source, 256, Variant, Stages, Fixup>(pr, plan, maps, info);
  return Error{Status::InternalError, "clc::gemm: no Sm90 kernel of tile width " + std::to_string(plan.tile_n) +
                        " for this plan (a bug in plan_sm90)"};
}

#endif  // __CUDACC__

}  // namespace clc::gemm::detail
