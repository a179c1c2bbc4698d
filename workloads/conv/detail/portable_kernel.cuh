//! @file portable_kernel.cuh
//! @brief The portable convolution (sm_80 and later, built for sm_90a and sm_100a): an implicit GEMM
//! tile functor run by `clc::launch`, so every work source drives it (Hardware on Blackwell).
//!
//! GEMM view: A = im2col(x), M = N*P*Q output pixels by K_gemm = R*S*C (row m = (n*P + p)*Q + q,
//! column kg = (r*S + s)*C + c); B = the KRSC filter, a K-major [K, R*S*C] matrix. 256 threads,
//! 128 pixels x 128 filters x 32 k per step, two shared-memory stages, mma.sync m16n8k16 with fp32
//! accumulators, 8 warps of 64 x 32 (the portable GEMM's fragment layout).
//!
//! Filling A, two paths (template parameter `Vec`):
//!  - Vec (C % 8 == 0, x 16-byte aligned, x strides multiples of 8 elements; the filter 16-byte
//!    aligned): each thread copies 8 channels of one tap for two pixels per step with 16-byte
//!    cp.async; a tap outside the input (padding) or past K_gemm is zero-filled by the copy itself
//!    (source size 0). B is copied the same way.
//!  - General (any C, any 2-byte alignment, e.g. the C = 3 stem): the tile's 128 pixels are decoded
//!    once per tile into a shared table (address of the window's corner, first input row and
//!    column); lane l of every warp owns GEMM column k0 + l and gathers it for 16 pixels with element
//!    loads, issued before the current step's MMAs and stored to shared memory after them (the
//!    register stage hides the gather's latency). Zero outside the input and past K_gemm. B: 16-byte
//!    cp.async where the filter allows it, element loads otherwise.
//! In both, a thread's (r, s, c) advances by the 32 columns of a step with two carries (the step's
//! decomposition 32 = dr*S*C + ds*C + dc is computed on the host): no division in the k loop. A tap is
//! inside the input iff unsigned(hi0 + r*dil_h) < H and unsigned(wi0 + s*dil_w) < W; a pixel past M
//! gets hi0 = H (never inside) and a column past K_gemm (r >= R) gets the limit 0 instead of H.
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/clc.cuh"
#include "clc/kit/cp_async.cuh"
#include "clc/kit/mma_sync.cuh"
#include "epilogue.cuh"
#include "problem.hpp"

namespace clc::conv::detail {

inline constexpr int kPortableTileK = 32;

struct PortableGeometry {
  static constexpr int kThreads = 256;
  static constexpr int kPad = 8;  // row padding (elements): conflict-free 32-bit fragment loads
  static constexpr int kRow = kPortableTileK + kPad;
};

struct PortableParams {
  std::uint16_t const* x;
  std::uint16_t const* w;                   // packed KRSC: [K, kg]
  std::int64_t xsn_b, xsh_b, xsw_b;         // x strides in bytes
  int in_h, in_w, c, r, s;                  // input H, W, C; filter R, S
  int p, q, pq, m, k, kg;                   // output P, Q, P*Q, GEMM M (pixels), K (filters), K_gemm
  int stride_h, stride_w, pad_top, pad_left, dil_h, dil_w;
  int step_c, step_s, step_r;               // kPortableTileK = step_r*S*C + step_s*C + step_c
  int w_vec;                                // filter 16-byte aligned and kg % 8 == 0: 16-byte cp.async of B
  EpilogueParams epi;
};

#if defined(__CUDACC__)

//! One output pixel's input window: the byte address of its corner (x + n*xsn + hi0*xsh + wi0*xsw, an
//! integer: the corner can lie outside x) and the corner's row and column (hi0 = H: the pixel is past M).
struct alignas(16) PortablePixel {
  std::uint64_t addr;
  int hi0;
  int wi0;
};

CLC_KIT_DEVICE PortablePixel portable_pixel(PortableParams const& p, int m) {
  PortablePixel px;
  if (m < p.m) {
    int const n = m / p.pq;
    int const rem = m - n * p.pq;
    int const oh = rem / p.q;
    int const ow = rem - oh * p.q;
    px.hi0 = oh * p.stride_h - p.pad_top;
    px.wi0 = ow * p.stride_w - p.pad_left;
    px.addr = reinterpret_cast<std::uint64_t>(p.x) +
              static_cast<std::uint64_t>(std::int64_t(n) * p.xsn_b + std::int64_t(px.hi0) * p.xsh_b +
                                         std::int64_t(px.wi0) * p.xsw_b);
  } else {
    px.hi0 = p.in_h;  // unsigned(H + dh) >= H for every dh: never inside
    px.wi0 = 0;
    px.addr = reinterpret_cast<std::uint64_t>(p.x);
  }
  return px;
}

//! A GEMM column's filter tap (r, s) and channel c, advanced by kPortableTileK per step.
struct PortableTapCursor {
  int r, s, c;

  CLC_KIT_DEVICE void init(PortableParams const& p, int kg) {
    int const sc = p.s * p.c;
    r = kg / sc;
    int const rem = kg - r * sc;
    s = rem / p.c;
    c = rem - s * p.c;
  }
  CLC_KIT_DEVICE void advance(PortableParams const& p) {
    c += p.step_c;  // step_c < C and c < C: at most one carry
    s += p.step_s;
    r += p.step_r;
    if (c >= p.c) {
      c -= p.c;
      ++s;
    }
    if (s >= p.s) {  // step_s < S: at most one carry
      s -= p.s;
      ++r;
    }
  }
};

//! What a column's tap adds to a pixel's window corner.
struct PortableTap {
  unsigned dh, dw;    // r * dil_h, s * dil_w
  unsigned hlim;      // H, or 0 past K_gemm (r >= R)
  std::uint64_t off;  // bytes: dh * xsh + dw * xsw + c
};

CLC_KIT_DEVICE PortableTap portable_tap(PortableParams const& p, PortableTapCursor const& k) {
  PortableTap t;
  // Unsigned: past K_gemm (r >= R) the products are never used, and must not be signed overflow.
  t.dh = unsigned(k.r) * unsigned(p.dil_h);
  t.dw = unsigned(k.s) * unsigned(p.dil_w);
  t.hlim = k.r < p.r ? unsigned(p.in_h) : 0u;
  t.off = static_cast<std::uint64_t>(std::int64_t(t.dh) * p.xsh_b + std::int64_t(t.dw) * p.xsw_b + 2 * std::int64_t(k.c));
  return t;
}

CLC_KIT_DEVICE bool portable_inside(PortablePixel const& px, PortableTap const& t, unsigned in_w) {
  return unsigned(px.hi0) + t.dh < t.hlim && unsigned(px.wi0) + t.dw < in_w;
}

//! B rows are filled in blocks of 32 (one warp column's filters); a block wholly past K is skipped:
//! the warps that would read it skip their MMAs (`warp_has_cols`), so it is never read.
CLC_KIT_DEVICE bool portable_b_block_used(PortableParams const& p, int n0, int row) {
  return n0 + (row & ~31) < p.k;
}

//! B, 16-byte path: rows n0 + (tid >> 2) and + 64, columns k0 + (tid & 3) * 8 .. + 7 (kg % 8 == 0: a
//! chunk is wholly inside or wholly past K_gemm).
CLC_KIT_DEVICE void portable_load_b_vec(std::uint16_t* smem, PortableParams const& p, int n0, int k0) {
  using G = PortableGeometry;
  int const tid = int(threadIdx.x);
  int const kc = (tid & 3) * 8;
  int const gk = k0 + kc;
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    int const row = (tid >> 2) + i * 64;
    if (!portable_b_block_used(p, n0, row)) continue;
    int const n = n0 + row;
    bool const ok = n < p.k && gk < p.kg;
    std::uint16_t const* src = ok ? p.w + (n * p.kg + gk) : p.w;
    kit::cp_async_16(smem + row * G::kRow + kc, src, ok ? 16 : 0);
  }
}

//! B, element path: warp w fills rows w + 8i, lane l column k0 + l (the filter row is contiguous).
CLC_KIT_DEVICE void portable_load_b_elem(std::uint16_t* smem, PortableParams const& p, int n0, int k0) {
  using G = PortableGeometry;
  int const warp = int(threadIdx.x >> 5);
  int const lane = int(threadIdx.x & 31);
  int const gk = k0 + lane;
  bool const kin = gk < p.kg;
  std::uint16_t v[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) {  // row warp + 8i lies in block i / 4
    int const n = n0 + warp + 8 * i;
    v[i] = 0;
    if (kin && n < p.k) v[i] = __ldg(reinterpret_cast<unsigned short const*>(p.w) + (n * p.kg + gk));
  }
#pragma unroll
  for (int i = 0; i < 16; ++i)
    if (portable_b_block_used(p, n0, 32 * (i / 4))) smem[(warp + 8 * i) * G::kRow + lane] = v[i];
}

template <DType X, bool Vec>
struct PortableTile {
  using Elem = std::conditional_t<X == DType::BF16, __nv_bfloat16, __half>;
  PortableParams p;

  __device__ void operator()(WorkTile const& t) const {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
    using G = PortableGeometry;
    __shared__ alignas(16) std::uint16_t sa[2][kPortableTileM * G::kRow];
    __shared__ alignas(16) std::uint16_t sb[2][kPortableTileN * G::kRow];
    int const tid = int(threadIdx.x);
    int const warp = tid >> 5;
    int const lane = tid & 31;
    // Warp w runs on SM sub-partition w % 4. wm = w & 1 puts the two warps of each 32-filter column
    // block on different sub-partitions, so with K <= 64 (half the warps idle) every sub-partition
    // still has an MMA warp.
    int const wm = warp & 1;   // 0..1: 64 rows each
    int const wn = warp >> 1;  // 0..3: 32 columns each
    int const g = lane >> 2;
    int const q = lane & 3;
    int const m0 = t.x * kPortableTileM;
    int const n0 = t.y * kPortableTileN;
    int const k_tiles = (p.kg + kPortableTileK - 1) / kPortableTileK;
    unsigned const in_w = unsigned(p.in_w);
    // Warps whose 32 filters all lie past K (e.g. K = 64) skip their MMAs: their accumulators stay 0
    // and the epilogue stores nothing there.
    bool const warp_has_cols = n0 + wn * 32 < p.k;

    float acc[4][4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
#pragma unroll
        for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.0f;

    // The tile's pixels. The table was last read before the previous tile's last step barrier, so
    // rewriting it here is safe; the barrier below publishes it.
    __shared__ PortablePixel pix[kPortableTileM];
    if (tid < kPortableTileM) pix[tid] = portable_pixel(p, m0 + tid);
    // Vec: the thread copies channels kc .. kc + 7 of its column's tap for pixels tid / 4 and + 64.
    // General: lane `lane` of warp `warp` gathers column k0 + lane of pixels warp + 8i.
    int const kc = (tid & 3) * 8;
    PortableTapCursor cur;
    cur.init(p, Vec ? kc : lane);
    std::uint16_t v[Vec ? 1 : 16];  // General: the gathered step, stored after the MMAs

    // Starts filling stage `smem_a`/`smem_b` with step k0 (cur's step): cp.async and the gather's loads.
    auto issue = [&](std::uint16_t* smem_a, std::uint16_t* smem_b, int k0) {
      PortableTap const tp = portable_tap(p, cur);
      if constexpr (Vec) {
#pragma unroll
        for (int i = 0; i < 2; ++i) {
          PortablePixel const px = pix[(tid >> 2) + 64 * i];
          bool const ok = portable_inside(px, tp, in_w);
          kit::cp_async_16(smem_a + ((tid >> 2) + 64 * i) * G::kRow + kc,
                           ok ? reinterpret_cast<void const*>(px.addr + tp.off) : p.x, ok ? 16 : 0);
        }
        portable_load_b_vec(smem_b, p, n0, k0);
      } else {
#pragma unroll
        for (int i = 0; i < 16; ++i) {
          PortablePixel const px = pix[warp + 8 * i];
          v[i] = 0;
          if (portable_inside(px, tp, in_w)) v[i] = __ldg(reinterpret_cast<unsigned short const*>(px.addr + tp.off));
        }
        if (p.w_vec)
          portable_load_b_vec(smem_b, p, n0, k0);
        else
          portable_load_b_elem(smem_b, p, n0, k0);
      }
      kit::cp_async_commit();
    };
    // Completes the stage: the gathered values go to shared memory (General).
    auto complete = [&](std::uint16_t* smem_a) {
      if constexpr (!Vec) {
#pragma unroll
        for (int i = 0; i < 16; ++i) smem_a[(warp + 8 * i) * G::kRow + lane] = v[i];
      }
    };

    __syncthreads();  // the table is written; the previous tile's last MMAs are done with both stages
    issue(sa[0], sb[0], 0);
    complete(sa[0]);
    for (int kt = 0; kt < k_tiles; ++kt) {
      int const buf = kt & 1;
      bool const more = kt + 1 < k_tiles;
      kit::cp_async_wait<0>();
      __syncthreads();  // step kt is visible; every warp is done reading the other stage (step kt - 1)
      if (more) {
        cur.advance(p);
        issue(sa[buf ^ 1], sb[buf ^ 1], (kt + 1) * kPortableTileK);  // in flight during the MMAs
      }
      if (warp_has_cols)
        kit::warp_mma_64x32<Elem, PortableGeometry::kRow, kPortableTileK>(acc, sa[buf], sb[buf], wm * 64, wn * 32, g, q);
      if (more) complete(sa[buf ^ 1]);
    }

    EpilogueParams const& e = p.epi;
    int const row_base = m0 + wm * 64 + g;
    int const col_base = n0 + wn * 32 + 2 * q;
    if (warp_has_cols) {
      if (e.y_type == int(DType::BF16))
        store<__nv_bfloat16>(acc, row_base, col_base);
      else if (e.y_type == int(DType::F16))
        store<__half>(acc, row_base, col_base);
      else
        store<float>(acc, row_base, col_base);
    }
#else
    (void)t;
#endif
  }

  template <class T>
  __device__ void store(float (&acc)[4][4][4], int row_base, int col_base) const {
    EpilogueParams const& e = p.epi;
    kit::store_pairs_64x32(acc, row_base, col_base, e.m, [&](int row) {
      std::int64_t const off = y_pixel_offset(e, row);
      return [&e, off](int col, float v0, float v1) { store_pair<T>(e, off, col, v0, v1); };
    });
  }
};

//! Host: the kernel parameters of a normalised problem.
inline PortableParams make_portable_params(Problem const& pr) {
  PortableParams p{};
  p.x = static_cast<std::uint16_t const*>(pr.x);
  p.w = static_cast<std::uint16_t const*>(pr.filter);
  p.xsn_b = 2 * pr.xsn;
  p.xsh_b = 2 * pr.xsh;
  p.xsw_b = 2 * pr.xsw;
  p.in_h = pr.h;
  p.in_w = pr.w;
  p.c = pr.c;
  p.r = pr.r;
  p.s = pr.s;
  p.p = pr.p;
  p.q = pr.q;
  p.pq = pr.p * pr.q;
  p.m = pr.m();
  p.k = pr.k;
  p.kg = pr.kg();
  p.stride_h = pr.stride_h;
  p.stride_w = pr.stride_w;
  p.pad_top = pr.pad_top;
  p.pad_left = pr.pad_left;
  p.dil_h = pr.dil_h;
  p.dil_w = pr.dil_w;
  p.step_c = kPortableTileK % pr.c;
  p.step_s = (kPortableTileK / pr.c) % pr.s;
  p.step_r = kPortableTileK / (pr.s * pr.c);
  p.w_vec = reinterpret_cast<std::uintptr_t>(pr.filter) % 16 == 0 && p.kg % 8 == 0 ? 1 : 0;
  p.epi = make_epilogue_params(pr);
  return p;
}

//! Host: 16-byte copies of 8 channels of one tap apply to x.
inline bool portable_x_vec(Problem const& pr) {
  return pr.c % 8 == 0 && reinterpret_cast<std::uintptr_t>(pr.x) % 16 == 0 && pr.xsn % 8 == 0 && pr.xsh % 8 == 0 &&
         pr.xsw % 8 == 0;
}

//! Host: build the functor and run it under `plan.source` through `clc::launch`.
template <DType X>
Error portable_launch(Problem const& pr, Plan const& plan, RunInfo* info) {
  PortableParams const params = make_portable_params(pr);
  int const m_tiles = int((std::int64_t(params.m) + kPortableTileM - 1) / kPortableTileM);
  int const n_tiles = int((std::int64_t(pr.k) + kPortableTileN - 1) / kPortableTileN);
  TileSpace tiles(m_tiles, n_tiles, 1);
  tiles.with_raster(Raster::AlongX).with_swizzle(plan.swizzle);
  LaunchOptions opts = plan.launch;
  opts.source = plan.source;
  opts.block_threads = PortableGeometry::kThreads;
  opts.dynamic_smem_bytes = 0;
  LaunchInfo li;
  if (portable_x_vec(pr) && params.w_vec) {
    PortableTile<X, true> f{};
    f.p = params;
    CLC_TRY(clc::launch<2>(f, tiles, opts, &li));
  } else {
    PortableTile<X, false> f{};
    f.p = params;
    CLC_TRY(clc::launch<2>(f, tiles, opts, &li));
  }
  if (info) {
    info->kernel = Kernel::Portable;
    info->source = li.source;
    info->tile_m = kPortableTileM;
    info->tile_n = kPortableTileN;
    info->cluster_m = 1;
    info->swizzle = plan.swizzle;
    info->tma_store = false;
    info->launch = li;
  }
  return success();
}

#endif  // __CUDACC__

}  // namespace clc::conv::detail
