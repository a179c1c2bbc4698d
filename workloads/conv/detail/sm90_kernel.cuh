//! @file sm90_kernel.cuh
//! @brief The Hopper convolution (sm_90a): the convolution's own part of kit::Sm90Mma (kit/sm90_mma.cuh,
//! the kernel shared with the GEMM). A tile is 128 output pixels (consecutive in N*P*Q order, so it may
//! span output rows and images) x BN filters; k-step kt is 64 channels (block cb) of filter tap (r, s),
//! kt = (r * S + s) * c_blocks + cb. Per k-step the producer issues one im2col TMA for A (128 pixels x
//! 64 channels, the tap's offset applied by the instruction, padding zero-filled by TMA) and tiled TMA
//! for B (64 channels of tap (r, s) of BN filters from the {C, R*S, K} view of the KRSC filter; channels
//! past C are zeros in both operands). The epilogue applies alpha, the residual, the bias and ReLU, and
//! stores through TMA when y is one packed [N*P*Q, K] matrix TMA can write, else directly.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/clc.cuh"
#include "clc/kit/epilogue.cuh"
#include "clc/kit/sm90_mma.cuh"
#include "clc/kit/tma.cuh"
#include "epilogue.cuh"
#include "problem.hpp"
#include "splitk.hpp"

namespace clc::conv::detail {

struct Sm90Params {
  CUtensorMap tmap_x;  // im2col map of x: {C, W, H, N}, 64 channels x 128 pixels per load
  CUtensorMap tmap_f;  // tiled map of the filter: {C, R*S, K}
  CUtensorMap tmap_y;  // tiled map of y as [N*P*Q, K] (valid when tma_store != 0)
  SchedulerParams sched;
  EpilogueParams epi;
  int k_tiles;   // R * S * c_blocks
  int c_blocks;  // ceil(C / 64)
  int s;         // filter width S
  int pq, q;     // output pixel index -> (n, p, q)
  int stride_h, stride_w, pad_top, pad_left, dil_h, dil_w;
  int tma_store;  // 1: TMA-store epilogue
  int splits;     // split-K: tile z covers k-steps [z * k_tiles / splits, (z + 1) * k_tiles / splits)
  float* partials;  // splits > 1: fp32 partial sums [splits][M][K], reduced by splitk_reduce
};

#if defined(__CUDACC__)

struct Sm90ConvOps {
  using Params = Sm90Params;

  CLC_KIT_DEVICE static void prefetch(Params const& p) {
    kit::prefetch_tensormap(&p.tmap_x);
    kit::prefetch_tensormap(&p.tmap_f);
    if (p.tma_store) kit::prefetch_tensormap(&p.tmap_y);
  }
  CLC_KIT_DEVICE static constexpr bool a_kmajor(Params const&) { return true; }
  CLC_KIT_DEVICE static constexpr bool b_kmajor(Params const&) { return true; }
  CLC_KIT_DEVICE static bool tma_store(Params const& p) { return p.tma_store != 0 && p.splits == 1; }
  CLC_KIT_DEVICE static void k_range(Params const& p, WorkTile const& t, int* begin, int* end) {
    *begin = int(std::int64_t(t.z) * p.k_tiles / p.splits);
    *end = int(std::int64_t(t.z + 1) * p.k_tiles / p.splits);
  }

  //! k-step kt -> (channel block, filter row, filter column).
  CLC_KIT_DEVICE static void tap_of(Params const& p, int kt, int* cb, int* r, int* s) {
    int const tap = kt / p.c_blocks;
    *cb = kt - tap * p.c_blocks;
    *r = tap / p.s;
    *s = tap - *r * p.s;
  }

  template <int BN>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN / 2],
                                      unsigned char* bufs, unsigned bar_id) {
    if (p.epi.y_type == int(DType::BF16))
      epilogue_typed<__nv_bfloat16, BN>(p, t, cw, acc, bufs, bar_id);
    else if (p.epi.y_type == int(DType::F16))
      epilogue_typed<__half, BN>(p, t, cw, acc, bufs, bar_id);
    else
      epilogue_typed<float, BN>(p, t, cw, acc, bufs, bar_id);
  }

  //! Whether the bias is read as one 32-bit pair per thread and column group (the common case: a 4-byte
  //! aligned 16-bit bias of an even channel count: each thread's column pair is one load).
  template <class T>
  CLC_KIT_DEVICE static bool bias_pairs_apply(EpilogueParams const& e) {
    return sizeof(T) == 2 && e.bias != nullptr && (reinterpret_cast<std::uintptr_t>(e.bias) & 3u) == 0 &&
           (e.k & 1) == 0;
  }
  //! acc = alpha * acc + bias, the bias as the thread's BN / 8 column pairs (bias_pairs_apply).
  template <class T, int BN>
  CLC_KIT_DEVICE static void apply_bias_pairs(float alpha, std::uint32_t const (&pair)[BN / 8], float (&acc)[BN / 2]) {
    static_assert(sizeof(T) == 2, "bias pairs are of 16-bit elements");
#pragma unroll
    for (int j = 0; j < BN / 8; ++j) {
      T b2[2];
      std::memcpy(b2, &pair[j], sizeof pair[j]);
      float const b0 = float(b2[0]), b1 = float(b2[1]);
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        acc[4 * j + 2 * h] = acc[4 * j + 2 * h] * alpha + b0;
        acc[4 * j + 2 * h + 1] = acc[4 * j + 2 * h + 1] * alpha + b1;
      }
    }
  }

  //! acc = alpha * acc + bias[column] for the warpgroup's 64 x BN accumulators of tile column col0.
  template <class T, int BN>
  CLC_KIT_DEVICE static void alpha_bias(EpilogueParams const& e, int col0, float (&acc)[BN / 2]) {
    int const colt = col0 + 2 * (threadIdx.x & 3);
    T const* const bias = static_cast<T const*>(e.bias);
    float const alpha = e.alpha;
    constexpr int kJ = BN / 8;               // column pairs per thread
    constexpr int kG = kJ < 8 ? kJ : 8;      // loaded together, then applied: their latencies overlap
    if (bias == nullptr) {
#pragma unroll
      for (int i = 0; i < BN / 2; ++i) acc[i] *= alpha;
      return;
    }
    // The common case, a 4-byte aligned bias of an even channel count: each thread's column pair is
    // one 32-bit load, all of them issued before the first is used (one memory latency per tile,
    // not one per group: on a 1x1 layer of one k-step per tile the latencies were the fused
    // epilogue's cost).
    if constexpr (sizeof(T) == 2) {
      if (bias_pairs_apply<T>(e)) {
        std::uint32_t pair[kJ];
#pragma unroll
        for (int j = 0; j < kJ; ++j) {
          int const c = colt + 8 * j;  // even, so c < k implies c + 1 < k
          pair[j] = c < e.k ? __ldg(reinterpret_cast<unsigned int const*>(bias + c)) : 0u;
        }
        apply_bias_pairs<T, BN>(alpha, pair, acc);
        return;
      }
    }
#pragma unroll
    for (int j0 = 0; j0 < kJ; j0 += kG) {
      float b[kG][2];
#pragma unroll
      for (int jj = 0; jj < kG; ++jj) {
        int const c = colt + 8 * (j0 + jj);
        b[jj][0] = c < e.k ? float(__ldg(bias + c)) : 0.0f;
        b[jj][1] = c + 1 < e.k ? float(__ldg(bias + c + 1)) : 0.0f;
      }
#pragma unroll
      for (int jj = 0; jj < kG; ++jj) {
        int const j = j0 + jj;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          acc[4 * j + 2 * h] = acc[4 * j + 2 * h] * alpha + b[jj][0];
          acc[4 * j + 2 * h + 1] = acc[4 * j + 2 * h + 1] * alpha + b[jj][1];
        }
      }
    }
  }

  template <class T, int BN>
  CLC_KIT_DEVICE static void epilogue_typed(Params const& p, WorkTile const& t, int cw, float (&acc)[BN / 2],
                                            unsigned char* bufs, unsigned bar_id) {
    EpilogueParams const& e = p.epi;
    int const row0 = t.x * kit::kMmaTileM + cw * 64;
    int const col0 = t.y * BN;
    if (p.splits > 1) {  // split-K: the fp32 partial sums to partials[z][m][c], reduced by splitk_reduce
      kit::store_tile_f32(acc, p.partials, t.z, e.m, e.k, row0, col0);
      return;
    }
    bool const plain = e.residual == nullptr && e.bias == nullptr && !e.relu;
    if (p.tma_store && plain) {
      std::int32_t const corner[2] = {col0, row0};
      float const alpha = e.alpha;
      auto const scale = [alpha](float v0, float v1, int, int) { return make_float2(v0 * alpha, v1 * alpha); };
      kit::store_tile_tma<T>(acc, scale, &p.tmap_y, corner, bufs, bar_id);
      return;
    }
    // Fused: alpha and the bias go into the accumulators first (one bias pair per thread and column
    // group, not one load per element), so the per-element work left is the residual and ReLU.
    alpha_bias<T, BN>(e, col0, acc);
    EpilogueParams f = e;
    f.alpha = 1.0f;
    f.bias = nullptr;
    if (p.tma_store) {
      std::int32_t const corner[2] = {col0, row0};
      if (f.residual == nullptr) {
        bool const relu = f.relu != 0;
        auto const act = [relu](float v0, float v1, int, int) {
          return relu ? make_float2(v0 > 0.0f ? v0 : 0.0f, v1 > 0.0f ? v1 : 0.0f) : make_float2(v0, v1);
        };
        kit::store_tile_tma<T>(acc, act, &p.tmap_y, corner, bufs, bar_id);
      } else {
        // y is packed here (row stride K): the residual of pixel m, channel c is at m * K + c.
        auto const fused = [&f, row0, col0](float v0, float v1, int row, int col) {
          int const m = row0 + row;
          int const c = col0 + col;
          if (m >= f.m || c >= f.k) return make_float2(0.0f, 0.0f);  // clipped by the TMA store
          return fuse_pair<T>(f, std::int64_t(m) * f.k, c, c + 1 < f.k, v0, v1);
        };
        kit::store_tile_tma<T>(acc, fused, &p.tmap_y, corner, bufs, bar_id);
      }
    } else {
      // Direct: thread (warp w, lane l) of the warpgroup holds rows 16w + l/4 (+8) and column pairs
      // 8j + 2(l%4), j = 0..BN/8-1 (kit/wgmma.cuh).
      int const lane = threadIdx.x & 31;
      int const wi = (threadIdx.x >> 5) & 3;
      int const rowt = row0 + wi * 16 + (lane >> 2);
      int const colt = col0 + 2 * (lane & 3);
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        int const m = rowt + 8 * h;
        if (m < e.m) {
          std::int64_t const off = y_pixel_offset(f, m);
#pragma unroll
          for (int j = 0; j < BN / 8; ++j) store_pair<T>(f, off, colt + 8 * j, acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]);
        }
      }
    }
  }
};

//! The (channel block, filter row, filter column) of a loader's k-steps: found by division for the first
//! k-step, then advanced by one per call (the producer calls its k-steps in order).
struct Sm90TapWalk {
  int next = -1;  // the k-step (cb, r, s) describe
  int cb = 0, r = 0, s = 0;
  CLC_KIT_DEVICE void seek(Sm90Params const& p, int kt) {
    if (kt != next) Sm90ConvOps::tap_of(p, kt, &cb, &r, &s);
  }
  CLC_KIT_DEVICE void advance(Sm90Params const& p, int kt) {
    next = kt + 1;
    if (++cb == p.c_blocks) {
      cb = 0;
      if (++s == p.s) {
        s = 0;
        ++r;
      }
    }
  }
};

//! The im2col corner of output pixel m0 (the first of an im2col box; the walk continues along q, then
//! p, then n): image, first input row and column.
CLC_KIT_DEVICE void sm90_im2col_corner(Sm90Params const& p, int m0, std::int32_t* w0, std::int32_t* h0,
                                       std::int32_t* n_img) {
  int const n = m0 / p.pq;
  int const rem = m0 - n * p.pq;
  int const p0 = rem / p.q;
  int const q0 = rem - p0 * p.q;
  *w0 = q0 * p.stride_w - p.pad_left;
  *h0 = p0 * p.stride_h - p.pad_top;
  *n_img = n;
}

//! The loads of one k-step of one tile (kit::Sm90Mma's per-tile loader): the im2col A box of the
//! tile's 128 pixels at tap (r, s), channel block cb, and this CTA's part of the filter tile (`kMc`:
//! half of it, multicast into both CTAs of a 2x1 cluster) in boxes of <= 128 filters. The tile's
//! pixel corner is computed once; (cb, r, s) advance by one k-step per call (the producer calls
//! k-steps in order), with the divisions only for the first.
template <int BN, bool kMc>
struct Sm90ConvLoader {
  static constexpr int kBRows = kMc ? BN / 2 : BN;
  static constexpr int kBoxRows = kBRows < 128 ? kBRows : 128;
  static constexpr int kBLoads = kBRows / kBoxRows;
  Sm90Params const& p;
  std::int32_t w0, h0, n_img;  // the im2col corner of the tile's first pixel
  int n0;                      // first filter of this CTA's part
  std::uint32_t b_dst;         // offset of this CTA's part in a stage
  Sm90TapWalk tw{};

  CLC_KIT_DEVICE void operator()(unsigned char* sa, int kt, std::uint64_t* fb) {
    tw.seek(p, kt);
    int const r = tw.r, s = tw.s;
    std::int32_t const c = tw.cb * kit::kMmaTileK;
    std::int32_t const coords[4] = {c, w0, h0, n_img};
    std::uint16_t const offsets[2] = {std::uint16_t(s * p.dil_w), std::uint16_t(r * p.dil_h)};
    kit::tma_load_im2col(sa, &p.tmap_x, coords, offsets, fb);
    std::int32_t const tap = r * p.s + s;
#pragma unroll
    for (int i = 0; i < kBLoads; ++i) {
      unsigned char* const dst = sa + b_dst + i * kBoxRows * 128;
      std::int32_t const fc[3] = {c, tap, n0 + i * kBoxRows};
      if constexpr (kMc)
        kit::tma_load_multicast(dst, &p.tmap_f, fc, fb, std::uint16_t(0x3));
      else
        kit::tma_load(dst, &p.tmap_f, fc, fb);
    }
    tw.advance(p, kt);
  }
};

template <int BN>
struct Sm90ConvOpsN : Sm90ConvOps {
  //! kit::Sm90Mma's per-tile loader hook; `nb`: this CTA's first filter row of the tile's B (its half
  //! in a 2x1 cluster, `mask` != 0).
  template <class F>
  CLC_KIT_DEVICE static void with_loader(Params const& p, WorkTile const& t, int, int nb, int, std::uint16_t mask,
                                         F&& f) {
    std::int32_t w0, h0, n_img;  // the im2col corner of the tile's first output pixel
    sm90_im2col_corner(p, t.x * kit::kMmaTileM, &w0, &h0, &n_img);
    int const n0 = t.y * BN + nb;
    std::uint32_t const b_dst = std::uint32_t(kit::Sm90MmaGeometry<BN>::kABytes + nb * 128);
    if (mask != 0) {  // clusters are 1x1 or 2x1
      Sm90ConvLoader<BN, true> ld{p, w0, h0, n_img, n0, b_dst};
      f(ld);
      return;
    }
    Sm90ConvLoader<BN, false> ld{p, w0, h0, n_img, n0, b_dst};
    f(ld);
  }
};

//! Tiles up to 128 wide run ping-pong (each consumer warpgroup a whole tile, one's epilogue under the
//! other's MMAs: a convolution tile has few k-steps, so its epilogue is a large share); 256-wide tiles
//! (too many accumulators for one warpgroup) run cooperatively.
template <DType X, class Source, int BN>
using Sm90Conv = kit::Sm90Mma<Sm90ConvOpsN<BN>, std::conditional_t<X == DType::BF16, __nv_bfloat16, __half>, Source,
                              BN, kit::kMmaNormal, 0, (BN <= 128)>;

//! The common cases' Ops (branch wip/conv-fast): y of x's type stored with TMA (one packed [N*P*Q, K]
//! matrix), no split-K, no residual; `Fused`: alpha, the bias (when there is one) and ReLU (when asked),
//! else alpha only. The same loads and epilogue as Sm90ConvOpsN's for those cases with the output type and
//! the epilogue fixed at compile time, so the kernel holds one epilogue instead of every type's and
//! path's (the general kernels are 242-403 KB of SASS; a GEMM kernel compiled for one case ran 3-7% faster
//! on small problems: bench/results/h200-gemm-lean-kernel.txt, h200-gemm-fast-path.txt).
template <int BN, class T, bool Fused>
struct Sm90ConvFastOpsN : Sm90ConvOpsN<BN> {
  using Params = Sm90Params;
  CLC_KIT_DEVICE static constexpr bool tma_store(Params const&) { return true; }
  CLC_KIT_DEVICE static void k_range(Params const& p, WorkTile const&, int* begin, int* end) {
    *begin = 0;
    *end = p.k_tiles;
  }
  template <int BN_>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN_ / 2],
                                      unsigned char* bufs, unsigned bar_id) {
    int const row0 = t.x * kit::kMmaTileM + cw * 64;
    int const col0 = t.y * BN_;
    std::int32_t const corner[2] = {col0, row0};
    if constexpr (!Fused) {
      float const alpha = p.epi.alpha;
      auto const scale = [alpha](float v0, float v1, int, int) { return make_float2(v0 * alpha, v1 * alpha); };
      kit::store_tile_tma<T>(acc, scale, &p.tmap_y, corner, bufs, bar_id);
    } else {
      Sm90ConvOps::template alpha_bias<T, BN_>(p.epi, col0, acc);
      store_fused<T, BN_>(p, acc, corner, bufs, bar_id);
    }
  }

  //! Fused: the tile's bias pairs, loaded as the tile starts (kit::Sm90Mma's tile prologue), so that
  //! their latency -- a DRAM access on a layer of one tile per worker -- passes under the mainloop; then
  //! held in BN / 8 registers per thread until the epilogue.
  template <int BN_>
  struct BiasPrologue {
    std::uint32_t pair[BN_ / 8];
    bool loaded;  // bias_pairs_apply: else the epilogue reads the bias itself (alpha_bias)
  };
  template <int BN_, bool F = Fused, std::enable_if_t<F, int> = 0>
  CLC_KIT_DEVICE static BiasPrologue<BN_> tile_prologue(Params const& p, WorkTile const& t) {
    BiasPrologue<BN_> b;
    b.loaded = Sm90ConvOps::template bias_pairs_apply<T>(p.epi);
    int const colt = t.y * BN_ + 2 * (threadIdx.x & 3);
    auto const* const bias = static_cast<unsigned char const*>(p.epi.bias);
#pragma unroll
    for (int j = 0; j < BN_ / 8; ++j) {
      int const c = colt + 8 * j;  // even, so c < k implies c + 1 < k
      b.pair[j] = 0u;
      if (b.loaded && c < p.epi.k) b.pair[j] = kit::load_nc_u32_here(bias + std::size_t(c) * sizeof(T));
    }
    return b;
  }
  template <int BN_>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN_ / 2],
                                      unsigned char* bufs, unsigned bar_id, BiasPrologue<BN_> const& pro) {
    int const row0 = t.x * kit::kMmaTileM + cw * 64;
    int const col0 = t.y * BN_;
    std::int32_t const corner[2] = {col0, row0};
    if (pro.loaded)
      Sm90ConvOps::template apply_bias_pairs<T, BN_>(p.epi.alpha, pro.pair, acc);
    else
      Sm90ConvOps::template alpha_bias<T, BN_>(p.epi, col0, acc);
    store_fused<T, BN_>(p, acc, corner, bufs, bar_id);
  }

 private:
  template <class T_, int BN_>
  CLC_KIT_DEVICE static void store_fused(Params const& p, float (&acc)[BN_ / 2], std::int32_t const (&corner)[2],
                                         unsigned char* bufs, unsigned bar_id) {
    bool const relu = p.epi.relu != 0;
    auto const act = [relu](float v0, float v1, int, int) {
      return relu ? make_float2(v0 > 0.0f ? v0 : 0.0f, v1 > 0.0f ? v1 : 0.0f) : make_float2(v0, v1);
    };
    kit::store_tile_tma<T_>(acc, act, &p.tmap_y, corner, bufs, bar_id);
  }
};

//! The loads of one k-step of one filter-row tile: the filter box (TileM filters x 64 channels of tap (r, s))
//! as the wgmma's A, and the tile's 256 pixels as two im2col boxes of 128 (each with its own corner: the
//! second box's first pixel may start a new output row or image) as its K-major B.
template <int TileM>
struct Sm90ConvSwapLoader {
  Sm90Params const& p;
  std::int32_t w0[2], h0[2], n_img[2];  // the im2col corners of the tile's pixels 0 and 128
  int k0;                               // the tile's first filter
  Sm90TapWalk tw{};

  CLC_KIT_DEVICE void operator()(unsigned char* sa, int kt, std::uint64_t* fb) {
    tw.seek(p, kt);
    int const r = tw.r, s = tw.s;
    std::int32_t const c = tw.cb * kit::kMmaTileK;
    std::int32_t const tap = r * p.s + s;
    std::int32_t const fc[3] = {c, tap, k0};
    kit::tma_load(sa, &p.tmap_f, fc, fb);
    std::uint16_t const offsets[2] = {std::uint16_t(s * p.dil_w), std::uint16_t(r * p.dil_h)};
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      std::int32_t const coords[4] = {c, w0[i], h0[i], n_img[i]};
      kit::tma_load_im2col(sa + TileM * 128 + i * (kSm90TileM * 128), &p.tmap_x, coords, offsets, fb);
    }
    tw.advance(p, kt);
  }
};

//! The filter-row kernel's Ops (a common case: y of x's type stored with TMA as one packed [N*P*Q, K]
//! matrix, no split-K, no residual, 1x1 clusters; `Fused`: alpha, the bias and ReLU, else alpha only).
//! Tile (x, y) covers pixels 256 x .. 256 x + 255 and filters TileM y .. TileM y + TileM - 1; the
//! accumulators' rows are filters, their columns pixels. TileM 64 (K <= 64): ping-pong, each consumer
//! warpgroup a whole tile; 128 (K <= 128): cooperative, warpgroup cw the filters 64 cw .. 64 cw + 63.
template <class T, bool Fused, int TileM>
struct Sm90ConvSwapOps : Sm90ConvOps {
  using Params = Sm90Params;
  CLC_KIT_DEVICE static constexpr bool tma_store(Params const&) { return true; }
  CLC_KIT_DEVICE static void k_range(Params const& p, WorkTile const&, int* begin, int* end) {
    *begin = 0;
    *end = p.k_tiles;
  }
  template <class F>
  CLC_KIT_DEVICE static void with_loader(Params const& p, WorkTile const& t, int, int, int, std::uint16_t, F&& f) {
    Sm90ConvSwapLoader<TileM> ld{p};
#pragma unroll
    for (int i = 0; i < 2; ++i)
      sm90_im2col_corner(p, t.x * kSwapTilePixels + i * kSm90TileM, &ld.w0[i], &ld.h0[i], &ld.n_img[i]);
    ld.k0 = t.y * TileM;
    f(ld);
  }
  //! 64 filters x 256 pixels (rows 64 `cw` .. of the tile: the cooperative warpgroup's, or the ping-pong
  //! warpgroup's only block, cw 0), transposed into y.
  template <int BN_>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN_ / 2],
                                      unsigned char* bufs, unsigned bar_id) {
    int const k0 = t.y * TileM + cw * 64;
    std::int32_t const corner[2] = {k0, t.x * kSwapTilePixels};
    float const alpha = p.epi.alpha;
    if constexpr (!Fused) {
      auto const scale = [alpha](float v0, float v1, int, int) { return make_float2(v0 * alpha, v1 * alpha); };
      kit::store_tile_tma_transposed<T>(acc, scale, &p.tmap_y, corner, bufs, bar_id);
    } else {
      // The thread's two accumulator rows (filters) are r0 and r0 + 8, r0 = 16 w + l / 4 (kit/wgmma.cuh):
      // their bias values, loaded once per tile; row bit 3 tells them apart.
      int const lane = threadIdx.x & 31;
      int const r0 = ((threadIdx.x >> 5) & 3) * 16 + (lane >> 2);
      T const* const bias = static_cast<T const*>(p.epi.bias);
      float b[2] = {0.0f, 0.0f};
      if (bias != nullptr) {
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          int const k = k0 + r0 + 8 * h;
          b[h] = k < p.epi.k ? float(__ldg(bias + k)) : 0.0f;
        }
      }
      bool const relu = p.epi.relu != 0;
      auto const act = [alpha, relu, b](float v0, float v1, int row, int) {
        float const bb = (row & 8) ? b[1] : b[0];
        float const y0 = v0 * alpha + bb, y1 = v1 * alpha + bb;
        return relu ? make_float2(y0 > 0.0f ? y0 : 0.0f, y1 > 0.0f ? y1 : 0.0f) : make_float2(y0, y1);
      };
      kit::store_tile_tma_transposed<T>(acc, act, &p.tmap_y, corner, bufs, bar_id);
    }
  }
};

template <DType X, class Source, bool Fused, int TileM>
using Sm90ConvSwap =
    kit::Sm90Mma<Sm90ConvSwapOps<std::conditional_t<X == DType::BF16, __nv_bfloat16, __half>, Fused, TileM>,
                 std::conditional_t<X == DType::BF16, __nv_bfloat16, __half>, Source, kSwapTilePixels, kit::kMmaNormal,
                 0, TileM == 64, TileM>;

//! The split-K common case's Ops: each tile's k-range (split z of its k-steps) to the fp32 partial sums only,
//! whatever y, the residual or the epilogue (splitk_reduce applies them): the kernel holds no other epilogue.
template <int BN>
struct Sm90ConvFastSplitOpsN : Sm90ConvOpsN<BN> {
  using Params = Sm90Params;
  CLC_KIT_DEVICE static constexpr bool tma_store(Params const&) { return false; }
  template <int BN_>
  CLC_KIT_DEVICE static void epilogue(Params const& p, WorkTile const& t, int cw, float (&acc)[BN_ / 2],
                                      unsigned char*, unsigned) {
    kit::store_tile_f32(acc, p.partials, t.z, p.epi.m, p.epi.k, t.x * kit::kMmaTileM + cw * 64, t.y * BN_);
  }
};

//! Kernel choice: 0 the general kernel, 1 the fast plain one, 2 the fast fused one, 3 the fast split-K one.
template <DType X, int BN, int Fast>
struct Sm90ConvFastOpsOf {
  using T = std::conditional_t<X == DType::BF16, __nv_bfloat16, __half>;
  using type = std::conditional_t<Fast == 3, Sm90ConvFastSplitOpsN<BN>, Sm90ConvFastOpsN<BN, T, Fast == 2>>;
};
template <DType X, class Source, int BN, int Fast>
using Sm90ConvK =
    std::conditional_t<Fast == 0, Sm90Conv<X, Source, BN>,
                       kit::Sm90Mma<typename Sm90ConvFastOpsOf<X, BN, Fast>::type,
                                    std::conditional_t<X == DType::BF16, __nv_bfloat16, __half>, Source, BN,
                                    kit::kMmaNormal, 0, (BN <= 128)>>;

//! Host: the parameters every Sm90 convolution kernel takes from the problem and the maps (the launchers
//! set the store, split-K and scheduler fields).
inline Sm90Params sm90_params(Problem const& pr, Sm90Maps const& maps) {
  Sm90Params p{};
  p.tmap_x = maps.x;
  p.tmap_f = maps.filter;
  p.tmap_y = maps.y;
  p.epi = make_epilogue_params(pr);
  p.c_blocks = int((std::int64_t(pr.c) + kSm90TileK - 1) / kSm90TileK);
  p.k_tiles = pr.r * pr.s * p.c_blocks;
  p.s = pr.s;
  p.pq = pr.p * pr.q;
  p.q = pr.q;
  p.stride_h = pr.stride_h;
  p.stride_w = pr.stride_w;
  p.pad_top = pr.pad_top;
  p.pad_left = pr.pad_left;
  p.dil_h = pr.dil_h;
  p.dil_w = pr.dil_w;
  p.splits = 1;
  return p;
}

//! Host: build the parameters and launch (stream, workspace and grid mode are in `plan`).
template <DType X, class Source, int BN, int Fast = 0>
Error sm90_launch(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  using K = Sm90ConvK<X, Source, BN, Fast>;
  Sm90Params p = sm90_params(pr, maps);
  p.tma_store = maps.tma_store ? 1 : 0;
  p.splits = plan.splits;
  p.partials = plan.partials;
  if (p.splits > 1) p.tma_store = 0;
  int const cm = plan.cluster_m;
  int const m_tiles = int((std::int64_t(pr.m()) + kSm90TileM - 1) / kSm90TileM);
  int const n_tiles = int((std::int64_t(pr.k) + BN - 1) / BN);
  TileSpace tiles((m_tiles + cm - 1) / cm * cm, n_tiles, plan.splits);
  tiles.with_cluster(cm, 1).with_raster(Raster::AlongX).with_swizzle(plan.swizzle);
  LaunchInfo li;
  CLC_TRY(kit::launch_warp_specialized<K>(&kit::sm90_mma_kernel<K>, tiles, plan.launch, K::G::kDynamicSmem, p, &li));
  if (info) {
    info->kernel = Kernel::Sm90;
    info->source = Source::kind;
    info->tile_m = kSm90TileM;
    info->tile_n = BN;
    info->cluster_m = cm;
    info->swizzle = plan.swizzle;
    info->tma_store = p.tma_store != 0;
    info->fast = Fast != 0;
    info->splits = plan.splits;
    info->launch = li;
  }
  if (plan.splits > 1) return splitk_reduce(pr, plan);
  return success();
}

//! Host: the filter-row kernel (plan.swap; plan.tile_n (64 or 128) filters x kSwapTilePixels pixels per
//! tile, 1x1 clusters).
template <DType X, class Source, bool Fused, int TileM>
Error sm90_launch_swap_m(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  using K = Sm90ConvSwap<X, Source, Fused, TileM>;
  Sm90Params p = sm90_params(pr, maps);
  p.tma_store = 1;
  TileSpace tiles(int((std::int64_t(pr.m()) + kSwapTilePixels - 1) / kSwapTilePixels),
                  int((std::int64_t(pr.k) + TileM - 1) / TileM), 1);
  tiles.with_raster(Raster::AlongX);
  LaunchInfo li;
  CLC_TRY(kit::launch_warp_specialized<K>(&kit::sm90_mma_kernel<K>, tiles, plan.launch, K::G::kDynamicSmem, p, &li));
  if (info) {
    info->kernel = Kernel::Sm90;
    info->source = Source::kind;
    info->tile_m = kSwapTilePixels;
    info->tile_n = TileM;
    info->cluster_m = 1;
    info->swizzle = 1;
    info->tma_store = true;
    info->fast = true;
    info->swapped = true;
    info->splits = 1;
    info->launch = li;
  }
  return success();
}
template <DType X, class Source, bool Fused>
Error sm90_launch_swap(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  if (plan.tile_n == 64) return sm90_launch_swap_m<X, Source, Fused, 64>(pr, plan, maps, info);
  return sm90_launch_swap_m<X, Source, Fused, 128>(pr, plan, maps, info);
}

//! Host: the launcher of tile width `plan.tile_n` (64, 128 or 256).
template <DType X, class Source, int Fast = 0>
Error sm90_launch_tile(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  switch (plan.tile_n) {
    case 64: return sm90_launch<X, Source, 64, Fast>(pr, plan, maps, info);
    case 128: return sm90_launch<X, Source, 128, Fast>(pr, plan, maps, info);
    default: return sm90_launch<X, Source, 256, Fast>(pr, plan, maps, info);
  }
}

#endif  // __CUDACC__

}  // namespace clc::conv::detail
