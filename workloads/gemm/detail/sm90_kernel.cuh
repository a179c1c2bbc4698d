//! @file sm90_kernel.cuh
//! @brief The Hopper GEMM kernel (sm_90a): TMA into a multi-stage shared-memory ring on mbarriers, two
//! consumer warpgroups running wgmma (cooperative: each owns 64 of the tile's 128 rows), one producer
//! warp, one scheduler warp. Work tiles come from `clc::Scheduler<Source>`. Tiles are 128 x BN x 64,
//! BN = 256 (4 stages) or 128 (6 stages, for problems too small to fill the GPU with 256-wide tiles).
//!
//! CTA layout (384 threads, 3 warpgroups):
//!   warpgroup 0 (56 registers): warp 0 = producer (TMA loads, `Role::Producer`, feeds the throttle),
//!                               warp 1 = scheduler warp, warps 2-3 idle;
//!   warpgroups 1-2 (224 registers): consumers (wgmma + epilogue), `Role::Consumer`.
//! Clusters are 1x1 or 2x1 along M. In a 2x1 cluster both CTAs work on the same N tile, so each loads
//! its own A and half of B, multicasting that half into both CTAs. M tiles are padded to the cluster
//! size: a CTA whose tile lies past M still loads (TMA fills zeros), multiplies and releases stages,
//! so its peer's multicast always has a partner, and it simply stores nothing.
//!
//! Epilogue: with beta == 0 and a D that TMA can write (16-byte aligned base and strides, rows of a
//! multiple of 16 bytes), each
//! consumer warpgroup writes its 64 x BN accumulators as bf16/f16/f32 into two 8 KiB shared-memory
//! boxes in turn (128-byte swizzle, conflict-free) and one thread stores each box with a TMA bulk
//! store; the warpgroup goes on to the next tile's wgmma while the stores drain (they are waited for
//! only before the box is reused). Otherwise (beta != 0, or D unaligned) the accumulators go to global
//! memory directly, reading C.
#pragma once

#include <cstdint>

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/clc.cuh"
#include "problem.hpp"
#include "epilogue.cuh"
#include "ptx.cuh"
#include "tma.hpp"

namespace clc::gemm::detail {

struct Sm90Params {
  CUtensorMap tmap_a;  // 64-byte aligned inside the __grid_constant__ parameter block
  CUtensorMap tmap_b;
  CUtensorMap tmap_d;  // valid when tma_store != 0
  SchedulerParams sched;
  EpilogueParams epi;
  int k_tiles;
  int a_kmajor, b_kmajor;
  int stages;      // ring stages in use (<= Sm90Geometry<BN>::kStages)
  int tma_store;   // 1: TMA-store epilogue (beta == 0, D writable by TMA)
  int diag_flags;  // see Options::diag_flags
};

template <int BN>
struct Sm90Geometry {
  static_assert(BN == 128 || BN == 256, "tile N is 128 or 256");
  static constexpr int kTileN = BN;
  static constexpr int kStages = BN == 256 ? 4 : 6;
  static constexpr int kThreads = 384;
  static constexpr int kAcc = BN / 2;                          // fp32 accumulators per consumer thread
  static constexpr int kABytes = kSm90TileM * kSm90TileK * 2;  // 16 KiB
  static constexpr int kBBytes = BN * kSm90TileK * 2;          // 32 or 16 KiB
  static constexpr int kStageBytes = kABytes + kBBytes;
  static constexpr int kChunkBytes = 64 * kSm90TileK * 2;     // one 64-wide M/N chunk of an MN-major tile
  static constexpr int kEpiBoxBytes = 64 * 128;               // 64 rows of 128 bytes
  static constexpr int kEpiBytes = 2 * 2 * kEpiBoxBytes;      // 2 consumer warpgroups x 2 boxes
  static constexpr int kDynamicSmem = kStages * kStageBytes + kEpiBytes + 1024;  // + slack for 1024-byte alignment
  static constexpr int kConsumerWarps = 8;
  static constexpr int kIteratingWarps = kConsumerWarps + 1;  // + the producer warp
};

#if defined(__CUDACC__)

//! Direct epilogue of one consumer warpgroup from the wgmma accumulator layout (reads C when beta != 0):
//! thread (warp w, lane l) holds rows 16w + l/4 (+8) and column pairs 8j + 2(l%4), j = 0..BN/8-1.
template <class T, int BN>
CLC_GEMM_DEVICE void sm90_epilogue_direct(Sm90Params const& p, float (&acc)[BN / 2], WorkTile const& t, int cw) {
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
      for (int j = 0; j < BN / 8; ++j) store_pair(e, d_row, c_row, col0 + 8 * j, acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]);
    }
  }
}

//! TMA-store epilogue of one consumer warpgroup (beta == 0). The warpgroup's 64 x BN block goes out in
//! boxes of 64 rows x 128 bytes through two alternating 8 KiB shared buffers: a box is written
//! (128-byte swizzle: the 16-byte unit u of row r sits at u ^ (r % 8), so the 8 rows one store
//! instruction touches hit 8 different bank groups), fenced to the async proxy, and stored by thread 0
//! of the warpgroup, which before each box waits until the store that last used the buffer has read
//! it. Stores of the last boxes drain while the next tile's mainloop runs.
template <class T, int BN>
CLC_GEMM_DEVICE void sm90_epilogue_tma(Sm90Params const& p, float (&acc)[BN / 2], WorkTile const& t, int cw,
                                       unsigned char* bufs) {
  constexpr int kEs = int(sizeof(T));
  constexpr int kBoxCols = 128 / kEs;       // 64 (16-bit) or 32 (fp32) columns per box
  constexpr int kBoxes = BN / kBoxCols;
  constexpr int kJPerBox = kBoxCols / 8;    // accumulator column groups per box
  int const tid = int(threadIdx.x & 127);
  int const lane = tid & 31;
  int const r0 = (tid >> 5) * 16 + (lane >> 2);
  bool const issuer = tid == 0;
  unsigned const bar_id = 1u + unsigned(cw);
  float const alpha = p.epi.alpha;
  int const m0 = t.x * kSm90TileM + cw * 64;
  int const n0 = t.y * BN;
#pragma unroll
  for (int b = 0; b < kBoxes; ++b) {
    unsigned char* const buf = bufs + (b & 1) * Sm90Geometry<BN>::kEpiBoxBytes;
    if (issuer) bulk_wait_read<1>();  // the store that last used `buf` (two boxes ago) has read it
    named_bar_sync(bar_id, 128);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int const row = r0 + 8 * h;
      unsigned char* const rowp = buf + row * 128;
#pragma unroll
      for (int jj = 0; jj < kJPerBox; ++jj) {
        int const j = b * kJPerBox + jj;
        int const byte = (8 * jj + 2 * (lane & 3)) * kEs;
        int const off = (((byte >> 4) ^ (row & 7)) << 4) | (byte & 15);
        float const v0 = acc[4 * j + 2 * h] * alpha;
        float const v1 = acc[4 * j + 2 * h + 1] * alpha;
        if constexpr (std::is_same_v<T, float>) {
          *reinterpret_cast<float2*>(rowp + off) = make_float2(v0, v1);
        } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
          *reinterpret_cast<__nv_bfloat162*>(rowp + off) = __floats2bfloat162_rn(v0, v1);
        } else {
          *reinterpret_cast<__half2*>(rowp + off) = __floats2half2_rn(v0, v1);
        }
      }
    }
    fence_proxy_async_smem();
    named_bar_sync(bar_id, 128);
    if (issuer) {
      tma_store(&p.tmap_d, n0 + b * kBoxCols, m0, t.z, buf);
      bulk_commit();
    }
  }
}

//! Release stage `s` in every CTA of the cluster (1 or 2 CTAs): each consumer warp arrives once per CTA, after its
//! wgmma reads of the stage have completed (wgmma.wait_group).
CLC_GEMM_DEVICE void release_stage(std::uint64_t* empty_bar, unsigned cluster_size) {
  __syncwarp();
  if ((threadIdx.x & 31) == 0) {
    if (cluster_size == 1) {
      bar_arrive_local(empty_bar);
    } else {
      bar_arrive_cluster(empty_bar, 0);
      bar_arrive_cluster(empty_bar, 1);
    }
  }
}

//! One m64 x BN x k16 wgmma of this warpgroup.
template <DType AB, int BN, int TransA, int TransB>
CLC_GEMM_DEVICE void sm90_wgmma(float (&acc)[BN / 2], std::uint64_t da, std::uint64_t db, int scale_d) {
  if constexpr (BN == 256) {
    if constexpr (AB == DType::BF16)
      wgmma_m64n256k16_bf16<TransA, TransB>(acc, da, db, scale_d);
    else
      wgmma_m64n256k16_f16<TransA, TransB>(acc, da, db, scale_d);
  } else {
    if constexpr (AB == DType::BF16)
      wgmma_m64n128k16_bf16<TransA, TransB>(acc, da, db, scale_d);
    else
      wgmma_m64n128k16_f16<TransA, TransB>(acc, da, db, scale_d);
  }
}

//! The four wgmma (K = 64) of one stage. `scale_first == 0` on a tile's first stage: its first wgmma
//! ignores the accumulators' old values (one code path for every stage, so ptxas never copies them).
template <DType AB, int BN, int TransA, int TransB>
CLC_GEMM_DEVICE void sm90_stage_mma(float (&acc)[BN / 2], std::uint32_t a_base, std::uint32_t b_base, int scale_first) {
  using G = Sm90Geometry<BN>;
  constexpr std::uint32_t kStepA = TransA ? 2048u : 32u;  // bytes per K step of 16
  constexpr std::uint32_t kStepB = TransB ? 2048u : 32u;
#pragma unroll
  for (int kk = 0; kk < 4; ++kk) {
    std::uint64_t const da = make_desc_sw128(a_base + kk * kStepA, G::kChunkBytes, 1024);
    std::uint64_t const db = make_desc_sw128(b_base + kk * kStepB, G::kChunkBytes, 1024);
    sm90_wgmma<AB, BN, TransA, TransB>(acc, da, db, kk == 0 ? scale_first : 1);
  }
}

//! The consumer mainloop of one tile. `TransA`/`TransB`: 1 when the operand tile is MN-major.
template <DType AB, int BN, int TransA, int TransB>
CLC_GEMM_DEVICE void sm90_mainloop(Sm90Params const& p, float (&acc)[BN / 2], unsigned char* smem,
                                   std::uint64_t* full_bar, std::uint64_t* empty_bar, int& stage,
                                   std::uint32_t& phase, int cw, unsigned cluster_size) {
  using G = Sm90Geometry<BN>;
  int prev = -1;
  for (int kt = 0; kt < p.k_tiles; ++kt) {
    bar_wait(&full_bar[stage], phase);  // TMA bytes of this stage (from both CTAs of a cluster) landed
    std::uint32_t const a_base = smem_u32(smem + stage * G::kStageBytes) + std::uint32_t(cw) * 8192u;
    std::uint32_t const b_base = smem_u32(smem + stage * G::kStageBytes + G::kABytes);
    wgmma_fence();
    sm90_stage_mma<AB, BN, TransA, TransB>(acc, a_base, b_base, kt == 0 ? 0 : 1);
    wgmma_commit();
    if (p.diag_flags & 2) wgmma_wait<0>();
    wgmma_wait<1>();  // the previous stage's group is complete: its shared memory may be refilled
    if (prev >= 0) release_stage(&empty_bar[prev], cluster_size);
    prev = stage;
    if (++stage == p.stages) {
      stage = 0;
      phase ^= 1u;
    }
  }
  wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) fence_operand(acc[i]);
  release_stage(&empty_bar[prev], cluster_size);
}

template <DType AB, int BN>
CLC_GEMM_DEVICE void sm90_mainloop_any(Sm90Params const& p, float (&acc)[BN / 2], unsigned char* smem,
                                       std::uint64_t* full_bar, std::uint64_t* empty_bar, int& stage,
                                       std::uint32_t& phase, int cw, unsigned csize) {
  if (p.a_kmajor) {
    if (p.b_kmajor)
      sm90_mainloop<AB, BN, 0, 0>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
    else
      sm90_mainloop<AB, BN, 0, 1>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
  } else {
    if (p.b_kmajor)
      sm90_mainloop<AB, BN, 1, 0>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
    else
      sm90_mainloop<AB, BN, 1, 1>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
  }
}

template <DType AB, class Source, int BN>
__global__ void __launch_bounds__(Sm90Geometry<BN>::kThreads, 1) sm90_gemm_kernel(__grid_constant__ Sm90Params const p) {
#if CLC_GEMM_HAS_WGMMA
  using G = Sm90Geometry<BN>;
  using Sched = clc::Scheduler<Source, 2>;
  extern __shared__ unsigned char smem_raw[];
  __shared__ typename Sched::SharedStorage sched_storage;
  __shared__ alignas(8) std::uint64_t full_bar[G::kStages];
  __shared__ alignas(8) std::uint64_t empty_bar[G::kStages];
  // SW128 tiles need 1024-byte aligned atoms; every CTA computes the same offset, so multicast
  // destinations coincide across the cluster.
  unsigned char* const smem =
      smem_raw + ((1024u - (smem_u32(smem_raw) & 1023u)) & 1023u);

  int const warp = int(threadIdx.x >> 5);
  int const lane = int(threadIdx.x & 31);
  int const wg = warp >> 2;

  Sched sched(sched_storage, p.sched, G::kIteratingWarps);
  unsigned const csize = sched.cluster_size();
  unsigned const rank = sched.rank();
  if (threadIdx.x == 0) {
    for (int s = 0; s < G::kStages; ++s) {
      bar_init(&full_bar[s], 1);                                  // the producer's arrive.expect_tx
      bar_init(&empty_bar[s], G::kConsumerWarps * csize);         // every consumer warp of the cluster
    }
    fence_barrier_init();
  }
  if (warp == 0 && lane == 0) {
    prefetch_tensormap(&p.tmap_a);
    prefetch_tensormap(&p.tmap_b);
    if (p.tma_store) prefetch_tensormap(&p.tmap_d);
  }
  sched.init();  // cluster barrier: our barrier inits are visible to peers before any multicast/arrive

  if (wg == 0) {
    regs_decrease<56>();
    if (warp == 0) {
      // ---- producer: one TMA issue thread; the whole warp iterates tiles (warp-collective) ----
      int stage = 0;
      std::uint32_t phase = 0;
      std::uint16_t const mask = std::uint16_t((1u << csize) - 1u);
      // B rows (k-major) or 64-wide chunks (MN-major) this CTA loads: all of B, or its half in a 2x1 cluster.
      int const b_rows = BN / int(csize);
      int const b_box_rows = b_rows < 128 ? b_rows : 128;
      for (WorkTile t : sched.tiles(Role::Producer)) {
        if (lane == 0) {
          int const m0 = t.x * kSm90TileM;
          int const n0 = t.y * BN;
          int const z = t.z;
          for (int kt = 0; kt < p.k_tiles; ++kt) {
            // Phase parity starts at 1 for the producer: a fresh barrier counts as released.
            bar_wait(&empty_bar[stage], phase ^ 1u);
            unsigned char* const sa = smem + stage * G::kStageBytes;
            unsigned char* const sb = sa + G::kABytes;
            std::uint64_t* const fb = &full_bar[stage];
            bar_arrive_expect_tx(fb, G::kStageBytes);  // A (own) + all of B (own part + the peer's)
            int const k0 = kt * kSm90TileK;
            if (p.a_kmajor) {
              tma_load(sa, &p.tmap_a, k0, m0, z, fb);
            } else {
              tma_load(sa, &p.tmap_a, m0, k0, z, fb);
              tma_load(sa + G::kChunkBytes, &p.tmap_a, m0 + 64, k0, z, fb);
            }
            int const nb = int(rank) * b_rows;  // first B row / column of this CTA's part
            if (p.b_kmajor) {
              for (int r = 0; r < b_rows; r += b_box_rows) {
                unsigned char* const dst = sb + (nb + r) * 128;
                if (csize == 1)
                  tma_load(dst, &p.tmap_b, k0, n0 + nb + r, z, fb);
                else
                  tma_load_multicast(dst, &p.tmap_b, k0, n0 + nb + r, z, fb, mask);
              }
            } else {
              for (int c = 0; c < b_rows; c += 64) {
                unsigned char* const dst = sb + ((nb + c) / 64) * G::kChunkBytes;
                if (csize == 1)
                  tma_load(dst, &p.tmap_b, n0 + nb + c, k0, z, fb);
                else
                  tma_load_multicast(dst, &p.tmap_b, n0 + nb + c, k0, z, fb, mask);
              }
            }
            if (++stage == p.stages) {
              stage = 0;
              phase ^= 1u;
            }
          }
        }
        __syncwarp();
      }
    } else if (warp == 1) {
      sched.run_scheduler_warp();
    }
  } else {
    regs_increase<224>();
    int const cw = wg - 1;
    int stage = 0;
    std::uint32_t phase = 0;
    unsigned char* const epi_bufs = smem + G::kStages * G::kStageBytes + cw * 2 * G::kEpiBoxBytes;
    float acc[BN / 2];
#pragma unroll
    for (int i = 0; i < BN / 2; ++i) acc[i] = 0.0f;
    for (WorkTile t : sched.tiles(Role::Consumer)) {
      sm90_mainloop_any<AB, BN>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
      if (p.diag_flags & 1) continue;
      if (p.tma_store) {
        if (p.epi.cd_type == int(DType::BF16))
          sm90_epilogue_tma<__nv_bfloat16, BN>(p, acc, t, cw, epi_bufs);
        else if (p.epi.cd_type == int(DType::F16))
          sm90_epilogue_tma<__half, BN>(p, acc, t, cw, epi_bufs);
        else
          sm90_epilogue_tma<float, BN>(p, acc, t, cw, epi_bufs);
      } else {
        if (p.epi.cd_type == int(DType::BF16))
          sm90_epilogue_direct<__nv_bfloat16, BN>(p, acc, t, cw);
        else if (p.epi.cd_type == int(DType::F16))
          sm90_epilogue_direct<__half, BN>(p, acc, t, cw);
        else
          sm90_epilogue_direct<float, BN>(p, acc, t, cw);
      }
    }
    // The last boxes must be read out of shared memory (and written) before the CTA may exit.
    if (p.tma_store && (threadIdx.x & 127) == 0) bulk_wait_all();
  }
  sched.finish();
#else
  (void)p;
#endif
}

//! Host: build the parameters and launch (the kernel's stream, workspace and grid mode are in `plan`).
template <DType AB, class Source, int BN>
Error sm90_launch(Problem const& pr, Plan const& plan, RunInfo* info) {
  using G = Sm90Geometry<BN>;
  Sm90Params p{};
  std::uint64_t const es = 2;
  int const cm = plan.cluster_m;
  auto batch_stride = [&](std::uint64_t row_stride_bytes, std::uint64_t rows, std::int64_t bs,
                          std::uint64_t elem) -> std::uint64_t {
    if (pr.batch > 1) return std::uint64_t(bs) * elem;
    std::uint64_t const s = row_stride_bytes * rows;  // unused with one batch; any legal value
    return s < (std::uint64_t(1) << 40) ? s : row_stride_bytes;
  };
  if (pr.a_kmajor) {
    CLC_TRY(encode_tile_map(&p.tmap_a, AB, pr.a, std::uint64_t(pr.k), std::uint64_t(pr.m), std::uint64_t(pr.batch),
                            std::uint64_t(pr.lda) * es, batch_stride(std::uint64_t(pr.lda) * es, pr.m, pr.bsa, es), 64,
                            kSm90TileM, "A"));
  } else {
    CLC_TRY(encode_tile_map(&p.tmap_a, AB, pr.a, std::uint64_t(pr.m), std::uint64_t(pr.k), std::uint64_t(pr.batch),
                            std::uint64_t(pr.lda) * es, batch_stride(std::uint64_t(pr.lda) * es, pr.k, pr.bsa, es), 64,
                            64, "A"));
  }
  int const b_rows = BN / cm;
  if (pr.b_kmajor) {
    CLC_TRY(encode_tile_map(&p.tmap_b, AB, pr.b, std::uint64_t(pr.k), std::uint64_t(pr.n), std::uint64_t(pr.batch),
                            std::uint64_t(pr.ldb) * es, batch_stride(std::uint64_t(pr.ldb) * es, pr.n, pr.bsb, es), 64,
                            std::uint32_t(b_rows < 128 ? b_rows : 128), "B"));
  } else {
    CLC_TRY(encode_tile_map(&p.tmap_b, AB, pr.b, std::uint64_t(pr.n), std::uint64_t(pr.k), std::uint64_t(pr.batch),
                            std::uint64_t(pr.ldb) * es, batch_stride(std::uint64_t(pr.ldb) * es, pr.k, pr.bsb, es), 64,
                            64, "B"));
  }
  // The TMA-store epilogue where run() chose it (plan.tma_store); a map the driver still refuses
  // (e.g. a stride past 2^40 bytes) falls back to the direct epilogue, not to an error.
  p.tma_store = 0;
  if (plan.tma_store) {
    std::uint64_t const ds = size_of(pr.cd);
    Error const e = encode_tile_map(&p.tmap_d, pr.cd, pr.d, std::uint64_t(pr.n), std::uint64_t(pr.m),
                                    std::uint64_t(pr.batch), std::uint64_t(pr.ldd) * ds,
                                    batch_stride(std::uint64_t(pr.ldd) * ds, pr.m, pr.bsd, ds), std::uint32_t(128 / ds),
                                    64, "D");
    p.tma_store = e.ok() ? 1 : 0;
  }
  int const m_tiles = (pr.m + kSm90TileM - 1) / kSm90TileM;
  int const n_tiles = (pr.n + BN - 1) / BN;
  TileSpace tiles((m_tiles + cm - 1) / cm * cm, n_tiles, pr.batch);
  tiles.with_cluster(cm, 1).with_raster(Raster::AlongX).with_swizzle(plan.swizzle);

  LaunchOptions opts = plan.launch;
  opts.source = Source::kind;
  opts.block_threads = G::kThreads;
  opts.dynamic_smem_bytes = G::kDynamicSmem;
  auto kernel = &sm90_gemm_kernel<AB, Source, BN>;
  PreparedLaunch pl;
  CLC_TRY(prepare_launch<Source>(kernel, tiles, opts, &pl));

  p.sched = pl.sched;
  p.epi = make_epilogue_params(pr);
  p.k_tiles = (pr.k + kSm90TileK - 1) / kSm90TileK;
  p.a_kmajor = pr.a_kmajor ? 1 : 0;
  p.b_kmajor = pr.b_kmajor ? 1 : 0;
  p.stages = plan.stages >= 2 && plan.stages <= G::kStages ? plan.stages : G::kStages;
  p.diag_flags = plan.diag_flags;
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, p));
  CLC_CUDA_TRY(cudaGetLastError());
  if (info) {
    info->kernel = Kernel::Sm90;
    info->source = Source::kind;
    info->tile_m = kSm90TileM;
    info->tile_n = BN;
    info->cluster_m = cm;
    info->swizzle = plan.swizzle;
    info->tma_store = p.tma_store != 0;
    info->launch = pl.info;
  }
  return success();
}

//! Host: the launcher of tile width `plan.tile_n` (128 or 256).
template <DType AB, class Source>
Error sm90_launch_tile(Problem const& pr, Plan const& plan, RunInfo* info) {
  return plan.tile_n == 128 ? sm90_launch<AB, Source, 128>(pr, plan, info) : sm90_launch<AB, Source, 256>(pr, plan, info);
}

#endif  // __CUDACC__

}  // namespace clc::gemm::detail
