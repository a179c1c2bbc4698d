//! @file sm90_kernel.cuh
//! @brief The Hopper attention kernel (sm_90a), FlashAttention-3's structure on the kernel kit: what
//! is attention's own (the tile's loads, the two products with the online softmax between them, the
//! epilogue); the kit's warp-specialised skeleton runs it and `clc::Scheduler` hands every role the
//! same tile sequence, so it runs under Ticket on Hopper (Hardware on Blackwell) from this source.
//!
//! One tile = 128 query rows of one (head, sequence). CTA (384 threads): warpgroup 0 (40 registers)
//! = the producer warp (one thread issues every TMA) + the scheduler warp; warpgroups 1-2 (232
//! registers) = consumers, each owning 64 of the tile's rows.
//!
//! Producer, per tile: K of the last key block, then Q (once per tile, after the consumers released
//! the previous Q), then K[n] and V[n + 1] for n going down, then V[0]: V lags K by one block so the
//! consumers can overlap S = Q K^T of block n with O += P V of block n + 1. K and V each go through a
//! 2-stage TMA ring (kit::TmaRing); the key blocks run right to left, so causal masking is needed
//! only on the first ones visited (`key_range`).
//!
//! Consumer warpgroup, per key block n (FlashAttention-3's intra-warpgroup overlap): issue S_n = Q K_n^T
//! (wgmma, both operands in shared memory) and O += P_{n+1} V_{n+1} (wgmma, P from registers), wait for
//! S_n only, mask if needed, online softmax in fp32 with exp2 (row max and sum per thread, the sum
//! reduced over the row's 4 lanes only at the end), wait for the P V product, rescale O, convert S_n to
//! P_n in registers. For head_dim <= 128 the two warpgroups also take turns issuing their products
//! (named barriers, "ping-pong"): one warpgroup's softmax runs under the other's tensor-core work.
//!
//! Epilogue: O / rowsum through shared memory with TMA stores (kit::store_tile_tma; rows past the
//! sequence are clipped by TMA), or, for packed varlen sequences (a TMA box would spill into the next
//! sequence) and for an O that TMA cannot write, predicated stores from registers. LSE from registers.
//! A tile whose key range is empty (causal with seqlen_q > seqlen_k, zero-length keys) writes O = 0
//! and LSE = -inf.
//!
//! Named barriers: 1-2 the warpgroups' epilogue, 3-4 the ping-pong turns. The runtime uses none.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/clc.cuh"
#include "clc/kit/barrier.cuh"
#include "clc/kit/epilogue.cuh"
#include "clc/kit/tma.cuh"
#include "clc/kit/tma_desc.hpp"
#include "clc/kit/tma_ring.cuh"
#include "clc/kit/warp_specialized.cuh"
#include "clc/kit/wgmma.cuh"
#include "problem.hpp"

namespace clc::attention::detail {

struct Sm90Params {
  CUtensorMap q;  // 64-byte aligned inside the __grid_constant__ parameter block
  CUtensorMap k;
  CUtensorMap v;
  CUtensorMap o;  // valid when tma_store != 0
  SchedulerParams sched;
  Problem p;
  int tma_store;  // 1: O through shared memory and TMA stores
  int o_pairs;    // direct epilogue: O takes 4-byte stores of two adjacent head_dim elements
};

template <int D>
struct Sm90Geometry {
  static constexpr int kTileM = kSm90TileM;
  static constexpr int kTileN = sm90_tile_n(D);
  static constexpr int kStages = 2;
  static constexpr int kChunks = D / 64;                      // 128-byte boxes along head_dim
  static constexpr int kQChunkBytes = kTileM * 128;           // one box of Q: 128 rows x 64 elements
  static constexpr int kKVChunkBytes = kTileN * 128;          // one box of K or V: kTileN rows x 64
  static constexpr int kQBytes = kChunks * kQChunkBytes;
  static constexpr int kKVBytes = kChunks * kKVChunkBytes;    // one stage of K or V
  static constexpr int kOffK = kQBytes;
  static constexpr int kOffV = kOffK + kStages * kKVBytes;
  static constexpr int kOffEpi = kOffV + kStages * kKVBytes;  // two store buffers per consumer warpgroup
  static constexpr int kDynamicSmem = kOffEpi + 2 * kit::kStoreBufferBytes + 1024;  // + 1024-byte alignment slack
  static constexpr bool kPingPong = D <= 128;  // at 256 the registers go to O (as FlashAttention-3)
  static_assert(kQChunkBytes % 1024 == 0 && kKVChunkBytes % 1024 == 0, "128-byte swizzle atoms are 1024-byte aligned");
};

#if defined(__CUDACC__)

template <DType T, int D, class Src>
struct Sm90Attention {
  using Source = Src;
  using Params = Sm90Params;
  using G = Sm90Geometry<D>;
  using Ring = kit::TmaRing<G::kStages>;
  using State = typename Ring::State;
  using Elem = std::conditional_t<T == DType::BF16, __nv_bfloat16, __half>;
  static constexpr int kConsumerWarpgroups = 2;
  static constexpr int kProducerRegs = 40;
  static constexpr int kConsumerRegs = 232;  // 40 * 128 + 232 * 256 <= 65536
  static constexpr int kBN = G::kTileN;
  static constexpr int kConsumerWarps = 4 * kConsumerWarpgroups;
  static constexpr unsigned kEpilogueBarrier = 1;  // + warpgroup
  static constexpr unsigned kTurnBarrier = 3;      // + warpgroup: "this warpgroup may issue its products"

  struct SharedStorage {
    kit::TmaRingStorage<G::kStages> k;
    kit::TmaRingStorage<G::kStages> v;
    std::uint64_t q_full;   // Q's TMA bytes landed (1 arrival: the producer's arm)
    std::uint64_t q_empty;  // every consumer warp is done with Q (one arrival per warp)
  };
  struct ProducerState {
    State k, v;
    std::uint32_t q_loads;  // Q loads issued so far (its parity is the phase)
  };
  struct ConsumerState {
    State k, v;
    std::uint32_t q_loads;  // Q loads consumed so far
    int cw;                 // consumer warpgroup: rows 64 cw .. 64 cw + 63 of the tile
    unsigned char* epi_bufs;
  };

  Params const& p;
  SharedStorage& s;
  Ring kring;
  Ring vring;
  unsigned char* smem;  // Q, the K stages, the V stages, the store buffers (1024-byte aligned)

  CLC_KIT_DEVICE Sm90Attention(Params const& params, SharedStorage& ss, unsigned char* dyn, unsigned, unsigned)
      : p(params), s(ss), kring(ss.k), vring(ss.v), smem(dyn) {}

  //! Both consumer warpgroups read every K and V stage: 8 warps release each (1-CTA clusters).
  CLC_KIT_DEVICE void init() {
    kring.init(kConsumerWarps);
    vring.init(kConsumerWarps);
    kit::mbarrier_init(&s.q_full, 1);
    kit::mbarrier_init(&s.q_empty, kConsumerWarps);
    kit::fence_barrier_init();
  }

  CLC_KIT_DEVICE void prefetch() {
    kit::prefetch_tensormap(&p.q);
    kit::prefetch_tensormap(&p.k);
    kit::prefetch_tensormap(&p.v);
    if (p.tma_store) kit::prefetch_tensormap(&p.o);
  }

  // -- producer: lane 0 issues every TMA of the tile ---------------------------------------------------
  CLC_KIT_DEVICE ProducerState producer_start() { return {Ring::producer_start(), Ring::producer_start(), 0u}; }

  //! One K or V block (rows row0 .. row0 + kBN - 1 of KV head `kvh`) into the next stage of `ring`.
  CLC_KIT_DEVICE void load_kv(Ring& ring, State& st, CUtensorMap const* map, int off, int row0, int kvh, int b) {
    std::uint64_t* const full = ring.producer_acquire(st, G::kKVBytes);
    unsigned char* const dst = smem + off + st.index * G::kKVBytes;
#pragma unroll
    for (int c = 0; c < G::kChunks; ++c) kit::tma_load(dst + c * G::kKVChunkBytes, map, {c * 64, row0, kvh, b}, full);
    ++st;
  }

  CLC_KIT_DEVICE void produce(WorkTile const& t, ProducerState& ps) {
    if ((threadIdx.x & 31) != 0) return;
    Problem const& pr = p.p;
    SeqBlock const sb = locate(pr, t.x, t.z, G::kTileM);
    if (!sb.valid) return;
    int const m0 = sb.m_block * G::kTileM;
    KeyRange const kr = key_range(m0, G::kTileM, sb.len_q, sb.len_k, pr.causal != 0, kBN);
    if (kr.n_blocks == 0) return;  // the consumers write O = 0 without reading anything
    int const head = t.y;
    int const kvh = head / pr.group;
    int const b = pr.varlen() ? 0 : sb.b;  // packed sequences: rows are offsets into one tensor
    int const krow = int(sb.k_row0);
    int const last = kr.n_blocks - 1;
    load_kv(kring, ps.k, &p.k, G::kOffK, krow + last * kBN, kvh, b);
    // Q: the consumers released the previous tile's Q (phase q_loads - 1 of q_empty; a fresh barrier
    // passes parity 1, so the first load does not wait).
    kit::mbarrier_wait(&s.q_empty, (ps.q_loads & 1u) ^ 1u);
    kit::mbarrier_arrive_expect_tx_local(&s.q_full, G::kQBytes);
#pragma unroll
    for (int c = 0; c < G::kChunks; ++c)
      kit::tma_load(smem + c * G::kQChunkBytes, &p.q, {c * 64, int(sb.q_row0) + m0, head, b}, &s.q_full);
    ++ps.q_loads;
    for (int n = last - 1; n >= 0; --n) {
      load_kv(kring, ps.k, &p.k, G::kOffK, krow + n * kBN, kvh, b);
      load_kv(vring, ps.v, &p.v, G::kOffV, krow + (n + 1) * kBN, kvh, b);
    }
    load_kv(vring, ps.v, &p.v, G::kOffV, krow, kvh, b);
  }

  // -- consumers: one warpgroup, 64 rows of the tile -------------------------------------------------------
  CLC_KIT_DEVICE ConsumerState consumer_start(int cw) {
    ConsumerState cs;
    cs.k = Ring::consumer_start();
    cs.v = Ring::consumer_start();
    cs.q_loads = 0;
    cs.cw = cw;
    cs.epi_bufs = smem + G::kOffEpi + cw * kit::kStoreBufferBytes;
    // Warpgroup 0 takes the first turn: warpgroup 1 hands it over before anyone issues.
    if constexpr (G::kPingPong)
      if (cw == 1) kit::named_barrier_arrive(kTurnBarrier + 0, 256);
    return cs;
  }

  //! Warpgroup 0 takes the turn warpgroup 1 handed over after its last product (every turn handed over
  //! is taken, so the named barriers end balanced); then the last TMA stores finish reading shared memory.
  CLC_KIT_DEVICE void consumer_finish(ConsumerState& cs) {
    if constexpr (G::kPingPong)
      if (cs.cw == 0) kit::named_barrier_sync(kTurnBarrier + 0, 256);
    if (p.tma_store) kit::store_tile_tma_drain();
  }

  //! S (64 x kBN) = Q (this warpgroup's 64 rows) K^T: both K-major, head_dim in 64-wide boxes.
  CLC_KIT_DEVICE void qk(float (&sacc)[kBN / 2], std::uint32_t q_base, std::uint32_t k_base) {
    kit::SmemDesc const da = kit::smem_desc(q_base, G::kQChunkBytes, 1024);
    kit::SmemDesc const db = kit::smem_desc(k_base, G::kKVChunkBytes, 1024);
#pragma unroll
    for (int kk = 0; kk < D / 16; ++kk) {
      std::uint32_t const step = std::uint32_t(kk & 3) * 32u;  // 16 elements inside the 128-byte row
      kit::wgmma_ss<Elem, 0, 0>(sacc, da.at((kk >> 2) * G::kQChunkBytes + step), db.at((kk >> 2) * G::kKVChunkBytes + step),
                                kk == 0 ? 0 : 1);
    }
  }

  //! O (64 x D) += P (registers, 64 x kBN) V (kBN x D, MN-major: 64-wide head_dim boxes LBO apart).
  CLC_KIT_DEVICE void pv(float (&o)[D / 2], std::uint32_t const (&pf)[kBN / 16][4], std::uint32_t v_base) {
    kit::SmemDesc const db = kit::smem_desc(v_base, G::kKVChunkBytes, 1024);
#pragma unroll
    for (int kk = 0; kk < kBN / 16; ++kk) kit::wgmma_rs<Elem, 1>(o, pf[kk], db.at(std::uint32_t(kk) * 2048u), 1);
  }

  //! Rows this thread holds: tile rows 16 w + l/4 (+ 8) of its warpgroup's 64.
  struct Rows {
    int lo;   // sequence row of h = 0 (h = 1 is lo + 8)
    int off;  // len_k - len_q (causal: row i sees keys <= i + off)
    int len_k;
    int causal;
  };

  //! -inf on every key of block n that a row must not see.
  CLC_KIT_DEVICE static void mask(float (&sacc)[kBN / 2], int n, Rows const& r) {
    int const q4 = int(threadIdx.x & 3);
#pragma unroll
    for (int j = 0; j < kBN / 8; ++j) {
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        int const key = n * kBN + 8 * j + 2 * q4 + (e & 1);
        int const row = r.lo + 8 * (e >> 1);
        bool const visible = key < r.len_k && (!r.causal || key <= row + r.off);
        if (!visible) sacc[4 * j + e] = -INFINITY;
      }
    }
  }

  //! 2^x with the MUFU.EX2 unit, flushing subnormal results to 0 (exp2f adds a rescale around it
  //! for results below 2^-126; P is rounded to 16 bits right after, so those do not matter).
  CLC_KIT_DEVICE static float exp2_ftz(float x) {
    float y;
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
  }

  //! Online softmax of one block: new row max (over the row's 4 lanes), the factor the old O and sum
  //! are scaled by, P = exp2(S * scale_log2 - max * scale_log2) in place, the per-lane row sum.
  CLC_KIT_DEVICE static void softmax(float (&sacc)[kBN / 2], float (&row_max)[2], float (&row_sum)[2],
                                     float (&factor)[2], float scale_log2) {
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float mx = row_max[h];
#pragma unroll
      for (int j = 0; j < kBN / 8; ++j) mx = fmaxf(mx, fmaxf(sacc[4 * j + 2 * h], sacc[4 * j + 2 * h + 1]));
      mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
      mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
      // A row that has seen only masked keys keeps max -inf: subtract 0 then, never -inf - (-inf).
      float const base = mx == -INFINITY ? 0.0f : mx * scale_log2;
      factor[h] = exp2_ftz(row_max[h] * scale_log2 - base);  // 0 while the old max was -inf
      row_max[h] = mx;
      float sum = 0.0f;
#pragma unroll
      for (int j = 0; j < kBN / 8; ++j) {
        float const p0 = exp2_ftz(sacc[4 * j + 2 * h] * scale_log2 - base);
        float const p1 = exp2_ftz(sacc[4 * j + 2 * h + 1] * scale_log2 - base);
        sacc[4 * j + 2 * h] = p0;
        sacc[4 * j + 2 * h + 1] = p1;
        sum += p0 + p1;
      }
      row_sum[h] = row_sum[h] * factor[h] + sum;
    }
  }

  CLC_KIT_DEVICE static void rescale(float (&o)[D / 2], float const (&factor)[2]) {
#pragma unroll
    for (int j = 0; j < D / 8; ++j) {
      o[4 * j + 0] *= factor[0];
      o[4 * j + 1] *= factor[0];
      o[4 * j + 2] *= factor[1];
      o[4 * j + 3] *= factor[1];
    }
  }

  CLC_KIT_DEVICE static void to_p(float const (&sacc)[kBN / 2], std::uint32_t (&pf)[kBN / 16][4]) {
#pragma unroll
    for (int k = 0; k < kBN / 16; ++k) kit::rs_fragment<Elem>(sacc, k, pf[k]);
  }

  CLC_KIT_DEVICE std::uint32_t k_stage(State st) const { return kit::smem_u32(smem + G::kOffK + st.index * G::kKVBytes); }
  CLC_KIT_DEVICE std::uint32_t v_stage(State st) const { return kit::smem_u32(smem + G::kOffV + st.index * G::kKVBytes); }

  //! One key block n after the first: S_n and P_{n+1} V_{n+1} in flight together, softmax of S_n
  //! under the P V product (and, ping-pong, under the other warpgroup's products).
  template <bool Masked>
  CLC_KIT_DEVICE void step(int n, ConsumerState& cs, std::uint32_t q_base, float (&sacc)[kBN / 2],
                           float (&o)[D / 2], std::uint32_t (&pf)[kBN / 16][4], float (&row_max)[2],
                           float (&row_sum)[2], Rows const& r) {
    kring.consumer_wait(cs.k);
    if constexpr (G::kPingPong) kit::named_barrier_sync(kTurnBarrier + unsigned(cs.cw), 256);
    // The rescale of O and the conversion to P (plain register writes) are complete before the fence,
    // which orders them before the wgmma that read them.
    kit::fence_operands(o);
    kit::fence_operands(sacc);
    kit::fence_operands(pf);
    kit::wgmma_fence();
    qk(sacc, q_base, k_stage(cs.k));
    kit::wgmma_commit();
    vring.consumer_wait(cs.v);
    kit::wgmma_fence();  // again after the wait's control flow, so ptxas sees P and O ready for this batch
    pv(o, pf, v_stage(cs.v));
    kit::wgmma_commit();
    kit::fence_operands(sacc);
    kit::fence_operands(o);
    if constexpr (G::kPingPong) kit::named_barrier_arrive(kTurnBarrier + unsigned(1 - cs.cw), 256);
    kit::wgmma_wait<1>();  // S_n is complete (groups complete in order); P V may still run
    kit::fence_operands(sacc);
    kring.consumer_release(cs.k, 1);
    ++cs.k;
    if constexpr (Masked) mask(sacc, n, r);
    float factor[2];
    softmax(sacc, row_max, row_sum, factor, p.p.scale_log2);
    kit::wgmma_wait<0>();  // P_{n+1} V_{n+1} is complete: V's stage is free, O and P may be rewritten
    kit::fence_operands(o);
    vring.consumer_release(cs.v, 1);
    ++cs.v;
    rescale(o, factor);
    to_p(sacc, pf);
  }

  //! The key blocks of one tile, right to left. O and the row statistics come back unnormalised.
  CLC_KIT_DEVICE void mainloop(ConsumerState& cs, KeyRange const& kr, Rows const& r, float (&o)[D / 2],
                               float (&row_max)[2], float (&row_sum)[2]) {
    std::uint32_t const q_base = kit::smem_u32(smem) + std::uint32_t(cs.cw) * 64u * 128u;
    float sacc[kBN / 2];
    std::uint32_t pf[kBN / 16][4];
    kit::mbarrier_wait(&s.q_full, cs.q_loads & 1u);  // this tile's Q has landed
    ++cs.q_loads;
    int n = kr.n_blocks - 1;
    // The first block: S alone (nothing to overlap it with yet).
    kring.consumer_wait(cs.k);
    kit::fence_operands(sacc);
    kit::wgmma_fence();
    qk(sacc, q_base, k_stage(cs.k));
    kit::wgmma_commit();
    kit::wgmma_wait<0>();
    kit::fence_operands(sacc);
    kring.consumer_release(cs.k, 1);
    ++cs.k;
    if (kr.n_masked > 0) mask(sacc, n, r);
    float factor[2];
    softmax(sacc, row_max, row_sum, factor, p.p.scale_log2);  // O is still zero: no rescale needed
    to_p(sacc, pf);
    int const first_unmasked = kr.n_blocks - kr.n_masked;
    for (--n; n >= first_unmasked; --n) step<true>(n, cs, q_base, sacc, o, pf, row_max, row_sum, r);
    for (; n >= 0; --n) step<false>(n, cs, q_base, sacc, o, pf, row_max, row_sum, r);
    // Every S product of the tile is complete: this warp is done with Q, the next tile's may load.
    __syncwarp();
    if ((threadIdx.x & 31) == 0) kit::mbarrier_arrive_local(&s.q_empty);
    // The last P V.
    vring.consumer_wait(cs.v);
    kit::fence_operands(o);
    kit::fence_operands(pf);
    kit::wgmma_fence();
    pv(o, pf, v_stage(cs.v));
    kit::wgmma_commit();
    kit::wgmma_wait<0>();
    kit::fence_operands(o);
    vring.consumer_release(cs.v, 1);
    ++cs.v;
  }

  CLC_KIT_DEVICE void consume(WorkTile const& t, ConsumerState& cs) {
    Problem const& pr = p.p;
    SeqBlock const sb = locate(pr, t.x, t.z, G::kTileM);
    if (!sb.valid) return;  // a varlen slot with no query rows: nothing to write
    int const m0 = sb.m_block * G::kTileM;
    KeyRange const kr = key_range(m0, G::kTileM, sb.len_q, sb.len_k, pr.causal != 0, kBN);
    int const tid = int(threadIdx.x & 127);
    Rows r;
    r.lo = m0 + cs.cw * 64 + (tid >> 5) * 16 + ((tid & 31) >> 2);
    r.off = sb.len_k - sb.len_q;
    r.len_k = sb.len_k;
    r.causal = pr.causal;
    float o[D / 2];
#pragma unroll
    for (int i = 0; i < D / 2; ++i) o[i] = 0.0f;
    float row_max[2] = {-INFINITY, -INFINITY};
    float row_sum[2] = {0.0f, 0.0f};
    if (kr.n_blocks > 0) mainloop(cs, kr, r, o, row_max, row_sum);

    // Finalise: the row sums were kept per lane; reduce over the row's 4 lanes. Sum 0: no key seen.
    float inv[2], lse[2];
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float sum = row_sum[h];
      sum += __shfl_xor_sync(0xffffffffu, sum, 1);
      sum += __shfl_xor_sync(0xffffffffu, sum, 2);
      inv[h] = sum > 0.0f ? 1.0f / sum : 0.0f;
      lse[h] = sum > 0.0f ? row_max[h] * pr.scale + logf(sum) : -INFINITY;
    }
    if (pr.lse != nullptr && (tid & 3) == 0) {
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        int const row = r.lo + 8 * h;
        if (row < sb.len_q)
          pr.lse[std::int64_t(sb.b) * pr.ls.batch + std::int64_t(t.y) * pr.ls.head + (sb.q_row0 + row) * pr.ls.seq] = lse[h];
      }
    }
    if (p.tma_store) {
      auto const normalise = [&inv](float v0, float v1, int row, int) {
        float const f = (row & 8) ? inv[1] : inv[0];  // tile row 16 w + l/4 + 8 h
        return make_float2(v0 * f, v1 * f);
      };
      std::int32_t const corner[4] = {0, m0 + cs.cw * 64, t.y, sb.b};
      kit::store_tile_tma<Elem>(o, normalise, &p.o, corner, cs.epi_bufs, kEpilogueBarrier + unsigned(cs.cw));
    } else {
      store_direct(o, inv, sb, r, t.y);
    }
  }

  //! Predicated stores from registers: rows past the sequence are never written (packed varlen).
  CLC_KIT_DEVICE void store_direct(float const (&o)[D / 2], float const (&inv)[2], SeqBlock const& sb, Rows const& r,
                                   int head) const {
    Problem const& pr = p.p;
    int const q4 = int(threadIdx.x & 3);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int const row = r.lo + 8 * h;
      if (row >= sb.len_q) continue;
      Elem* const out = static_cast<Elem*>(pr.o) + std::int64_t(sb.b) * pr.os.batch + (sb.q_row0 + row) * pr.os.seq +
                        std::int64_t(head) * pr.os.head;
#pragma unroll
      for (int j = 0; j < D / 8; ++j) {
        int const d = 8 * j + 2 * q4;
        float const v0 = o[4 * j + 2 * h] * inv[h];
        float const v1 = o[4 * j + 2 * h + 1] * inv[h];
        if (p.o_pairs) {
          if constexpr (T == DType::BF16)
            *reinterpret_cast<__nv_bfloat162*>(out + d) = __floats2bfloat162_rn(v0, v1);
          else
            *reinterpret_cast<__half2*>(out + d) = __floats2half2_rn(v0, v1);
        } else {
          out[std::int64_t(d) * pr.os.dim] = Elem(v0);
          out[std::int64_t(d + 1) * pr.os.dim] = Elem(v1);
        }
      }
    }
  }
};

template <DType T, int D, class Source>
__global__ void __launch_bounds__(kit::threads_of<Sm90Attention<T, D, Source>>(), 1)
    sm90_attention_kernel(__grid_constant__ Sm90Params const p) {
#if CLC_KIT_SM90A
  kit::run_warp_specialized<Sm90Attention<T, D, Source>>(p, p.sched);
#else
  (void)p;
#endif
}

//! Host: the tensor map of a [batch, rows, heads, head_dim] tensor, 4-D {head_dim, rows, heads, batch},
//! boxes of 64 x `box_rows` with 128-byte swizzle. A dimension of extent 1 gets a harmless stride (its
//! coordinate is always 0), so a caller's 0 there is fine.
inline Error sm90_tensor_map(CUtensorMap* map, DType t, void const* base, Strides const& s, int rows, int heads,
                             int batch, int head_dim, std::uint32_t box_rows, char const* what) {
  std::uint64_t const es = 2;
  auto stride = [&](std::int64_t st, int extent) {
    return extent == 1 ? std::uint64_t(head_dim) * es : std::uint64_t(st) * es;
  };
  std::uint64_t const dims[4] = {std::uint64_t(head_dim), std::uint64_t(rows < 1 ? 1 : rows), std::uint64_t(heads),
                                 std::uint64_t(batch)};
  std::uint64_t const strides[3] = {stride(s.seq, rows), stride(s.head, heads), stride(s.batch, batch)};
  std::uint32_t const box[4] = {64, box_rows, 1, 1};
  CUtensorMapDataType const dt = t == DType::BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  return kit::encode_tiled(map, dt, base, 4, dims, strides, box, CU_TENSOR_MAP_SWIZZLE_128B, what);
}

//! Host: whether TMA can write O (16-byte aligned base, contiguous head_dim, 16-byte strides).
inline bool sm90_o_tma_ok(Problem const& pr) {
  Strides const& s = pr.os;
  bool const strides_ok = s.seq % 8 == 0 && s.head % 8 == 0 && s.batch % 8 == 0 && s.seq > 0 &&
                          (pr.heads_q == 1 || s.head > 0) && (pr.batch == 1 || s.batch > 0);
  return !pr.varlen() && reinterpret_cast<std::uintptr_t>(pr.o) % 16 == 0 && s.dim == 1 && strides_ok;
}

template <DType T, int D, class Source>
Error sm90_launch(Problem const& pr, Plan const& plan, RunInfo* info) {
  using K = Sm90Attention<T, D, Source>;
  using G = Sm90Geometry<D>;
  Sm90Params prm{};
  int const rows_q = pr.varlen() ? pr.total_q : pr.seqlen_q;
  int const rows_k = pr.varlen() ? pr.total_k : pr.seqlen_k;
  int const batch = pr.varlen() ? 1 : pr.batch;
  CLC_TRY(sm90_tensor_map(&prm.q, T, pr.q, pr.qs, rows_q, pr.heads_q, batch, D, G::kTileM, "Q"));
  CLC_TRY(sm90_tensor_map(&prm.k, T, pr.k, pr.ks, rows_k, pr.heads_kv, batch, D, G::kTileN, "K"));
  CLC_TRY(sm90_tensor_map(&prm.v, T, pr.v, pr.vs, rows_k, pr.heads_kv, batch, D, G::kTileN, "V"));
  prm.tma_store = 0;
  if (sm90_o_tma_ok(pr)) {
    // A map the driver still refuses falls back to the direct epilogue, not to an error.
    prm.tma_store = sm90_tensor_map(&prm.o, T, pr.o, pr.os, rows_q, pr.heads_q, batch, D, 64, "O").ok() ? 1 : 0;
  }
  prm.o_pairs = reinterpret_cast<std::uintptr_t>(pr.o) % 4 == 0 && pr.os.dim == 1 && pr.os.seq % 2 == 0 &&
                pr.os.head % 2 == 0 && pr.os.batch % 2 == 0;
  prm.p = pr;
  LaunchInfo li;
  CLC_TRY(kit::launch_warp_specialized<K>(&sm90_attention_kernel<T, D, Source>, plan.tiles, plan.launch,
                                          G::kDynamicSmem, prm, &li));
  if (info) {
    info->kernel = Kernel::Sm90;
    info->source = Source::kind;
    info->tile_m = G::kTileM;
    info->tile_n = G::kTileN;
    info->tma_store = prm.tma_store != 0;
    info->launch = li;
  }
  return success();
}

//! Host: the launcher of `plan.source` (Ticket, Static or Single: Hopper has no hardware CLC).
template <DType T, int D>
Error sm90_launch_any_source(Problem const& pr, Plan const& plan, RunInfo* info) {
  switch (plan.source) {
    case SourceKind::Ticket: return sm90_launch<T, D, source::Ticket>(pr, plan, info);
    case SourceKind::Static: return sm90_launch<T, D, source::Static>(pr, plan, info);
    case SourceKind::Single: return sm90_launch<T, D, source::Single>(pr, plan, info);
    default: break;
  }
  return not_supported(std::string("source ") + clc::to_string(plan.source) +
                       " is not available to the Sm90 kernel (Ticket, Static or Single)");
}

#endif  // __CUDACC__

}  // namespace clc::attention::detail
