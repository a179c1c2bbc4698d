//! @file portable_kernel.cuh
//! @brief The portable GEMM (sm_80 and later, built for sm_90a and sm_100a): a block-level tile functor
//! run by `clc::launch`, so every work source (Hardware on Blackwell) drives it. 256 threads, 128x128x32
//! tiles, double-buffered shared memory filled by 16-byte cp.async (zero-filled at the edges) where the
//! operand is K-major and 16-byte aligned, element by element otherwise (any layout, any alignment);
//! mma.sync m16n8k16 with fp32 accumulators; 8 warps of 64x32 each.
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

namespace clc::gemm::detail {

//! One operand as the portable kernel reads it: `rows` x K, K-major (row r, k at r * ld + k) or
//! MN-major (at k * ld + r).
struct PortableOperand {
  std::uint16_t const* ptr;
  std::int64_t ld;
  std::int64_t batch_stride;
  int rows;
  int kmajor;
  int vec;  // K-major and 16-byte aligned rows: cp.async of 8 elements
};

struct PortableParams {
  PortableOperand a;
  PortableOperand b;
  EpilogueParams epi;
  int k;
};

struct PortableGeometry {
  static constexpr int kThreads = 256;
  static constexpr int kPad = 8;  // row padding (elements): conflict-free 32-bit fragment loads
  static constexpr int kRow = kPortableTileK + kPad;
};

#if defined(__CUDACC__)

//! Fills smem[r][0..31] (r < 128) with rows row0.. and k0..k0+31 of `op`, zeros outside the matrix.
CLC_KIT_DEVICE void portable_load_tile(std::uint16_t* smem, PortableOperand const& op, int z, int row0, int k0, int K) {
  using G = PortableGeometry;
  std::uint16_t const* const base = op.ptr + std::int64_t(z) * op.batch_stride;
  int const tid = int(threadIdx.x);
  if (op.vec) {
    // 128 rows x 4 chunks of 8 elements: two chunks per thread.
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      int const c = tid + i * G::kThreads;
      int const r = c >> 2;
      int const kc = (c & 3) * 8;
      int const gr = row0 + r;
      int const gk = k0 + kc;
      int bytes = 0;
      std::uint16_t const* src = op.ptr;
      if (gr < op.rows && gk < K) {
        bytes = (K - gk) >= 8 ? 16 : 2 * (K - gk);
        src = base + std::int64_t(gr) * op.ld + gk;
      }
      kit::cp_async_16(smem + r * G::kRow + kc, src, bytes);
    }
  } else {
    // 4096 elements, 16 per thread, coalesced along whichever dimension is contiguous.
#pragma unroll 4
    for (int i = 0; i < 16; ++i) {
      int const e = tid + i * G::kThreads;
      int r, kk;
      if (op.kmajor) {
        r = e >> 5;
        kk = e & 31;
      } else {
        r = e & 127;
        kk = e >> 7;
      }
      int const gr = row0 + r;
      int const gk = k0 + kk;
      std::uint16_t v = 0;
      if (gr < op.rows && gk < K)
        v = op.kmajor ? base[std::int64_t(gr) * op.ld + gk] : base[std::int64_t(gk) * op.ld + gr];
      smem[r * G::kRow + kk] = v;
    }
  }
}

template <DType AB>
struct PortableTile {
  using Elem = std::conditional_t<AB == DType::BF16, __nv_bfloat16, __half>;
  PortableParams p;

  __device__ void operator()(WorkTile const& t) const {
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800)
    using G = PortableGeometry;
    __shared__ alignas(16) std::uint16_t sa[2][kPortableTileM * G::kRow];
    __shared__ alignas(16) std::uint16_t sb[2][kPortableTileN * G::kRow];
    int const warp = int(threadIdx.x >> 5);
    int const lane = int(threadIdx.x & 31);
    int const wm = warp >> 2;  // 0..1: 64 rows each
    int const wn = warp & 3;   // 0..3: 32 columns each
    int const g = lane >> 2;
    int const q = lane & 3;
    int const m0 = t.x * kPortableTileM;
    int const n0 = t.y * kPortableTileN;
    int const K = p.k;
    int const k_tiles = (K + kPortableTileK - 1) / kPortableTileK;

    float acc[4][4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
#pragma unroll
        for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.0f;

    portable_load_tile(sa[0], p.a, t.z, m0, 0, K);
    portable_load_tile(sb[0], p.b, t.z, n0, 0, K);
    kit::cp_async_commit();
    for (int kt = 0; kt < k_tiles; ++kt) {
      int const buf = kt & 1;
      if (kt + 1 < k_tiles) {
        // The other buffer was last read before the __syncthreads that ended the previous step.
        portable_load_tile(sa[buf ^ 1], p.a, t.z, m0, (kt + 1) * kPortableTileK, K);
        portable_load_tile(sb[buf ^ 1], p.b, t.z, n0, (kt + 1) * kPortableTileK, K);
        kit::cp_async_commit();
        kit::cp_async_wait<1>();
      } else {
        kit::cp_async_wait<0>();
      }
      __syncthreads();  // this step's tile (cp.async and plain stores of every thread) is visible
      kit::warp_mma_64x32<Elem, G::kRow, kPortableTileK>(acc, sa[buf], sb[buf], wm * 64, wn * 32, g, q);
      __syncthreads();  // everyone is done reading `buf` before it is refilled
    }

    EpilogueParams const& e = p.epi;
    if (e.cd_type == int(DType::BF16))
      store<__nv_bfloat16>(acc, t, m0 + wm * 64 + g, n0 + wn * 32 + 2 * q);
    else if (e.cd_type == int(DType::F16))
      store<__half>(acc, t, m0 + wm * 64 + g, n0 + wn * 32 + 2 * q);
    else
      store<float>(acc, t, m0 + wm * 64 + g, n0 + wn * 32 + 2 * q);
#else
    (void)t;
#endif
  }

  template <class T>
  __device__ void store(float (&acc)[4][4][4], WorkTile const& t, int row_base, int col_base) const {
    EpilogueParams const& e = p.epi;
    kit::store_pairs_64x32(acc, row_base, col_base, e.m, [&](int row) {
      T* const d_row = d_row_ptr<T>(e, t.z, row);
      T const* const c_row = c_row_ptr<T>(e, t.z, row);
      return [&e, d_row, c_row](int col, float v0, float v1) { store_pair(e, d_row, c_row, col, v0, v1); };
    });
  }
};

//! Host: build the functor and run it under `plan.source` through `clc::launch`.
template <DType AB>
Error portable_launch(Problem const& pr, Plan const& plan, RunInfo* info) {
  auto operand = [&](void const* ptr, std::int64_t ld, std::int64_t bs, int rows, bool kmajor) {
    PortableOperand o{};
    o.ptr = static_cast<std::uint16_t const*>(ptr);
    o.ld = ld;
    o.batch_stride = bs;
    o.rows = rows;
    o.kmajor = kmajor ? 1 : 0;
    o.vec = kmajor && reinterpret_cast<std::uintptr_t>(ptr) % 16 == 0 && ld % 8 == 0 && (pr.batch == 1 || bs % 8 == 0);
    return o;
  };
  PortableTile<AB> f{};
  f.p.a = operand(pr.a, pr.lda, pr.bsa, pr.m, pr.a_kmajor);
  f.p.b = operand(pr.b, pr.ldb, pr.bsb, pr.n, pr.b_kmajor);
  f.p.epi = make_epilogue_params(pr);
  f.p.k = pr.k;
  int const m_tiles = int((std::int64_t(pr.m) + kPortableTileM - 1) / kPortableTileM);
  int const n_tiles = int((std::int64_t(pr.n) + kPortableTileN - 1) / kPortableTileN);
  TileSpace tiles(m_tiles, n_tiles, pr.batch);
  tiles.with_raster(Raster::AlongX).with_swizzle(plan.swizzle);
  LaunchOptions opts = plan.launch;
  opts.source = plan.source;
  opts.block_threads = PortableGeometry::kThreads;
  opts.dynamic_smem_bytes = 0;
  LaunchInfo li;
  CLC_TRY(clc::launch<2>(f, tiles, opts, &li));
  if (info) {
    info->kernel = Kernel::Portable;
    info->source = li.source;
    info->tile_m = kPortableTileM;
    info->tile_n = kPortableTileN;
    info->cluster_m = 1;
    info->swizzle = plan.swizzle;
    info->launch = li;
  }
  return success();
}

#endif  // __CUDACC__

}  // namespace clc::gemm::detail
