//! @file portable_kernel.cuh
//! @brief The portable attention kernel (sm_80 and later; built for sm_90a and sm_100a): a block-level
//! tile functor run by `clc::launch`, so every work source drives it (`Hardware` on Blackwell). It is
//! the path for tensors TMA cannot read (any strides, any 2-byte alignment) and for non-Hopper
//! targets; simple before fast.
//!
//! One tile = 64 query rows of one (head, sequence). 128 threads, 4 warps of 16 rows. Per block of 64
//! keys: K and V (V transposed) are staged in shared memory (16-byte loads where the tensor allows
//! them, element loads otherwise; rows past the sequence are zeros), S = Q K^T and O += P V with
//! mma.sync m16n8k16 (fp32 accumulators), online softmax in fp32 with exp2, the mask applied only on
//! the blocks that need it.
#pragma once

#include <cmath>
#include <cstdint>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/clc.cuh"
#include "clc/kit/mma_sync.cuh"
#include "problem.hpp"

namespace clc::attention::detail {

template <int D>
struct PortableGeometry {
  static constexpr int kThreads = 128;
  static constexpr int kRowQK = D + 8;                 // Q and K rows (elements): conflict-free fragment loads
  static constexpr int kRowVt = kPortableTileN + 8;    // rows of V^T (one per head_dim column)
  static constexpr int kQElems = kPortableTileM * kRowQK;
  static constexpr int kKElems = kPortableTileN * kRowQK;
  static constexpr int kVtElems = D * kRowVt;
  static constexpr int kSmemBytes = 2 * (kQElems + kKElems + kVtElems);
};

//! How one tensor is addressed: 16-byte vector loads need a 16-byte aligned base, a contiguous
//! head_dim and every other stride a multiple of 8 elements.
struct PortableTensor {
  std::uint16_t const* ptr;
  Strides s;
  int vec;
};

struct PortableParams {
  Problem p;
  PortableTensor q, k, v;
  int o_pairs;  // O allows 4-byte stores of two adjacent head_dim elements
};

#if defined(__CUDACC__)

#define CLC_ATTN_DEVICE __device__ __forceinline__

template <bool Bf16>
CLC_ATTN_DEVICE std::uint32_t pack2(float a, float b) {
  if constexpr (Bf16) {
    __nv_bfloat162 const h = __floats2bfloat162_rn(a, b);
    return *reinterpret_cast<std::uint32_t const*>(&h);
  } else {
    __half2 const h = __floats2half2_rn(a, b);
    return *reinterpret_cast<std::uint32_t const*>(&h);
  }
}

//! Stage rows row0 .. row0 + 63 of one (sequence, head) of `t` into shared memory, zeros past
//! `rows`. `transpose`: store element (r, d) at dst[d * ld + r] (V^T), else at dst[r * ld + d].
template <int D>
CLC_ATTN_DEVICE void portable_stage(std::uint16_t* dst, int ld, bool transpose, PortableTensor const& t,
                                    std::int64_t base, int row0, int rows) {
  constexpr int kRows = 64;
  int const tid = int(threadIdx.x);
  if (t.vec) {
    constexpr int kChunks = D / 8;  // 16-byte chunks per row
#pragma unroll 4
    for (int c = tid; c < kRows * kChunks; c += 128) {
      int const r = c / kChunks;
      int const d = (c - r * kChunks) * 8;
      uint4 val = make_uint4(0u, 0u, 0u, 0u);
      if (row0 + r < rows) val = *reinterpret_cast<uint4 const*>(t.ptr + base + std::int64_t(row0 + r) * t.s.seq + d);
      if (transpose) {
        std::uint16_t const* e = reinterpret_cast<std::uint16_t const*>(&val);
#pragma unroll
        for (int i = 0; i < 8; ++i) dst[(d + i) * ld + r] = e[i];
      } else {
        *reinterpret_cast<uint4*>(dst + r * ld + d) = val;
      }
    }
  } else {
#pragma unroll 4
    for (int e = tid; e < kRows * D; e += 128) {
      int const r = e / D;
      int const d = e - r * D;
      std::uint16_t val = 0;
      if (row0 + r < rows) val = t.ptr[base + std::int64_t(row0 + r) * t.s.seq + std::int64_t(d) * t.s.dim];
      dst[transpose ? d * ld + r : r * ld + d] = val;
    }
  }
}

template <DType T, int D>
struct PortableTile {
  using G = PortableGeometry<D>;
  static constexpr bool kBf16 = T == DType::BF16;
  using Elem = std::conditional_t<kBf16, __nv_bfloat16, __half>;
  PortableParams pp;

  __device__ void operator()(WorkTile const& t) const {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
    Problem const& p = pp.p;
    SeqBlock const sb = locate(p, t.x, t.z, kPortableTileM);
    if (!sb.valid) return;  // uniform over the CTA
    extern __shared__ __align__(16) std::uint16_t smem[];
    std::uint16_t* const sq = smem;
    std::uint16_t* const sk = sq + G::kQElems;
    std::uint16_t* const svt = sk + G::kKElems;

    int const head = t.y;
    int const kv_head = head / p.group;
    int const warp = int(threadIdx.x >> 5);
    int const lane = int(threadIdx.x & 31);
    int const g = lane >> 2;
    int const q4 = lane & 3;
    int const m0 = sb.m_block * kPortableTileM;
    std::int64_t const q_base = std::int64_t(sb.b) * p.qs.batch + sb.q_row0 * p.qs.seq + std::int64_t(head) * p.qs.head;
    std::int64_t const k_base = std::int64_t(sb.b) * p.ks.batch + sb.k_row0 * p.ks.seq + std::int64_t(kv_head) * p.ks.head;
    std::int64_t const v_base = std::int64_t(sb.b) * p.vs.batch + sb.k_row0 * p.vs.seq + std::int64_t(kv_head) * p.vs.head;
    KeyRange const kr = key_range(m0, kPortableTileM, sb.len_q, sb.len_k, p.causal != 0, kPortableTileN);
    int const off = sb.len_k - sb.len_q;

    portable_stage<D>(sq, G::kRowQK, false, pp.q, q_base, m0, sb.len_q);

    float o[D / 8][4];
#pragma unroll
    for (int j = 0; j < D / 8; ++j) o[j][0] = o[j][1] = o[j][2] = o[j][3] = 0.0f;
    float row_max[2] = {-INFINITY, -INFINITY};
    float row_sum[2] = {0.0f, 0.0f};
    int const r_lo = warp * 16 + g;  // this thread's rows in the tile: r_lo and r_lo + 8

    for (int nb = 0; nb < kr.n_blocks; ++nb) {
      int const n0 = nb * kPortableTileN;
      portable_stage<D>(sk, G::kRowQK, false, pp.k, k_base, n0, sb.len_k);
      portable_stage<D>(svt, G::kRowVt, true, pp.v, v_base, n0, sb.len_k);
      __syncthreads();  // Q (first block), K and V^T are in shared memory

      float s[8][4];
#pragma unroll
      for (int j = 0; j < 8; ++j) s[j][0] = s[j][1] = s[j][2] = s[j][3] = 0.0f;
#pragma unroll
      for (int kk = 0; kk < D; kk += 16) {
        std::uint16_t const* qa = sq + r_lo * G::kRowQK + kk + 2 * q4;
        std::uint32_t const a[4] = {*reinterpret_cast<std::uint32_t const*>(qa),
                                    *reinterpret_cast<std::uint32_t const*>(qa + 8 * G::kRowQK),
                                    *reinterpret_cast<std::uint32_t const*>(qa + 8),
                                    *reinterpret_cast<std::uint32_t const*>(qa + 8 * G::kRowQK + 8)};
#pragma unroll
        for (int j = 0; j < 8; ++j) {
          std::uint16_t const* kb = sk + (8 * j + g) * G::kRowQK + kk + 2 * q4;
          std::uint32_t const b[2] = {*reinterpret_cast<std::uint32_t const*>(kb),
                                      *reinterpret_cast<std::uint32_t const*>(kb + 8)};
          kit::mma_m16n8k16<Elem>(s[j], a, b);
        }
      }
      if (nb >= kr.n_blocks - kr.n_masked) {  // keys past the sequence, or causal
#pragma unroll
        for (int j = 0; j < 8; ++j) {
#pragma unroll
          for (int e = 0; e < 4; ++e) {
            int const key = n0 + 8 * j + 2 * q4 + (e & 1);
            int const row = m0 + r_lo + 8 * (e >> 1);
            bool const visible = key < sb.len_k && (!p.causal || key <= row + off);
            if (!visible) s[j][e] = -INFINITY;
          }
        }
      }
      // Online softmax for rows r_lo (h = 0) and r_lo + 8 (h = 1); a row is spread over 4 lanes.
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        float mx = row_max[h];
#pragma unroll
        for (int j = 0; j < 8; ++j) mx = fmaxf(mx, fmaxf(s[j][2 * h], s[j][2 * h + 1]));
        mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
        mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
        // A row that has seen only masked keys keeps max -inf: use 0 so that -inf - (-inf) never occurs.
        float const base = mx == -INFINITY ? 0.0f : mx * p.scale_log2;
        float const corr = exp2f(row_max[h] * p.scale_log2 - base);  // 0 when the old max was -inf
        row_max[h] = mx;
        float sum = 0.0f;
#pragma unroll
        for (int j = 0; j < 8; ++j) {
          s[j][2 * h] = exp2f(s[j][2 * h] * p.scale_log2 - base);
          s[j][2 * h + 1] = exp2f(s[j][2 * h + 1] * p.scale_log2 - base);
          sum += s[j][2 * h] + s[j][2 * h + 1];
        }
        row_sum[h] = row_sum[h] * corr + sum;
#pragma unroll
        for (int j = 0; j < D / 8; ++j) {
          o[j][2 * h] *= corr;
          o[j][2 * h + 1] *= corr;
        }
      }
      // O += P V: the S accumulators of key columns 16c .. 16c + 15 are the A fragment of step c.
#pragma unroll
      for (int c = 0; c < kPortableTileN / 16; ++c) {
        std::uint32_t const a[4] = {pack2<kBf16>(s[2 * c][0], s[2 * c][1]), pack2<kBf16>(s[2 * c][2], s[2 * c][3]),
                                    pack2<kBf16>(s[2 * c + 1][0], s[2 * c + 1][1]),
                                    pack2<kBf16>(s[2 * c + 1][2], s[2 * c + 1][3])};
#pragma unroll
        for (int j = 0; j < D / 8; ++j) {
          std::uint16_t const* vb = svt + (8 * j + g) * G::kRowVt + 16 * c + 2 * q4;
          std::uint32_t const b[2] = {*reinterpret_cast<std::uint32_t const*>(vb),
                                      *reinterpret_cast<std::uint32_t const*>(vb + 8)};
          kit::mma_m16n8k16<Elem>(o[j], a, b);
        }
      }
      __syncthreads();  // every warp is done with K and V^T before the next block overwrites them
    }

    // Finalize: the row sums were kept per lane; reduce them over the row's 4 lanes.
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      float sum = row_sum[h];
      sum += __shfl_xor_sync(0xffffffffu, sum, 1);
      sum += __shfl_xor_sync(0xffffffffu, sum, 2);
      float const inv = sum > 0.0f ? 1.0f / sum : 0.0f;  // sum 0: the row saw no key, O = 0
      int const row = m0 + r_lo + 8 * h;
      if (row >= sb.len_q) continue;
      std::int64_t const o_row = std::int64_t(sb.b) * p.os.batch + (sb.q_row0 + row) * p.os.seq + std::int64_t(head) * p.os.head;
      Elem* const out = static_cast<Elem*>(p.o) + o_row;
#pragma unroll
      for (int j = 0; j < D / 8; ++j) {
        int const d = 8 * j + 2 * q4;
        float const v0 = o[j][2 * h] * inv;
        float const v1 = o[j][2 * h + 1] * inv;
        if (pp.o_pairs) {
          *reinterpret_cast<std::uint32_t*>(out + d) = pack2<kBf16>(v0, v1);
        } else {
          out[std::int64_t(d) * p.os.dim] = Elem(v0);
          out[std::int64_t(d + 1) * p.os.dim] = Elem(v1);
        }
      }
      if (p.lse != nullptr && q4 == 0) {
        float const lse = sum > 0.0f ? row_max[h] * p.scale + logf(sum) : -INFINITY;
        p.lse[std::int64_t(sb.b) * p.ls.batch + std::int64_t(head) * p.ls.head + (sb.q_row0 + row) * p.ls.seq] = lse;
      }
    }
#else
    (void)t;
#endif
  }
};

//! Host: build the functor and run it under `plan.source` through `clc::launch`.
template <DType T, int D>
Error portable_launch(Problem const& p, Plan const& plan, RunInfo* info) {
  auto tensor = [&](void const* ptr, Strides const& s) {
    PortableTensor t{};
    t.ptr = static_cast<std::uint16_t const*>(ptr);
    t.s = s;
    t.vec = reinterpret_cast<std::uintptr_t>(ptr) % 16 == 0 && s.dim == 1 && s.seq % 8 == 0 && s.head % 8 == 0 &&
            s.batch % 8 == 0;
    return t;
  };
  PortableTile<T, D> f{};
  f.pp.p = p;
  f.pp.q = tensor(p.q, p.qs);
  f.pp.k = tensor(p.k, p.ks);
  f.pp.v = tensor(p.v, p.vs);
  f.pp.o_pairs = reinterpret_cast<std::uintptr_t>(p.o) % 4 == 0 && p.os.dim == 1 && p.os.seq % 2 == 0 &&
                 p.os.head % 2 == 0 && p.os.batch % 2 == 0;
  LaunchOptions opts = plan.launch;
  opts.source = plan.source;
  opts.block_threads = PortableGeometry<D>::kThreads;
  opts.dynamic_smem_bytes = PortableGeometry<D>::kSmemBytes;
  LaunchInfo li;
  CLC_TRY(clc::launch<2>(f, plan.tiles, opts, &li));
  if (info) {
    info->kernel = Kernel::Portable;
    info->source = li.source;
    info->tile_m = kPortableTileM;
    info->tile_n = kPortableTileN;
    info->launch = li;
  }
  return success();
}

#endif  // __CUDACC__

}  // namespace clc::attention::detail
