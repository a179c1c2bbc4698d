//! @file sm90_kernel.cuh
//! @brief The Hopper GEMM kernel (sm_90a): TMA into a 4-stage shared-memory ring on mbarriers, two
//! consumer warpgroups running wgmma (cooperative: each owns 64 of the tile's 128 rows), one producer
//! warp, one scheduler warp. Work tiles come from `clc::Scheduler<Source>`.
//!
//! CTA layout (384 threads, 3 warpgroups):
//!   warpgroup 0 (56 registers): warp 0 = producer (TMA loads, `Role::Producer`, feeds the throttle),
//!                               warp 1 = scheduler warp, warps 2-3 idle;
//!   warpgroups 1-2 (224 registers): consumers (wgmma + epilogue), `Role::Consumer`.
//! Clusters are 1x1 or 2x1 along M. In a 2x1 cluster both CTAs work on the same N tile, so each loads
//! its own A and half of B, multicasting that half into both CTAs. M tiles are padded to the cluster
//! size: a CTA whose tile lies past M still loads (TMA fills zeros), multiplies and releases stages,
//! so its peer's multicast always has a partner, and it simply stores nothing.
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
  SchedulerParams sched;
  EpilogueParams epi;
  int k_tiles;
  int a_kmajor, b_kmajor;
  int stages;      // ring stages in use (<= Sm90Geometry::kStages)
  int diag_flags;  // see Options::diag_flags
};

struct Sm90Geometry {
  static constexpr int kStages = 4;
  static constexpr int kThreads = 384;
  static constexpr int kABytes = kSm90TileM * kSm90TileK * 2;  // 16 KiB
  static constexpr int kBBytes = kSm90TileN * kSm90TileK * 2;  // 32 KiB
  static constexpr int kStageBytes = kABytes + kBBytes;
  static constexpr int kChunkBytes = 64 * kSm90TileK * 2;     // one 64-wide M/N chunk of an MN-major tile
  static constexpr int kDynamicSmem = kStages * kStageBytes + 1024;  // + slack for 1024-byte alignment
  static constexpr int kConsumerWarps = 8;
  static constexpr int kIteratingWarps = kConsumerWarps + 1;  // + the producer warp
};

#if defined(__CUDACC__)

//! Epilogue of one consumer warpgroup straight from the wgmma accumulator layout: thread (warp w, lane l)
//! holds rows 16w + l/4 (+8) and column pairs 8j + 2(l%4), j = 0..31.
template <class T>
CLC_GEMM_DEVICE void sm90_epilogue(Sm90Params const& p, float (&acc)[128], WorkTile const& t, int cw) {
  int const lane = threadIdx.x & 31;
  int const wi = (threadIdx.x >> 5) & 3;
  int const row0 = t.x * kSm90TileM + cw * 64 + wi * 16 + (lane >> 2);
  int const col0 = t.y * kSm90TileN + 2 * (lane & 3);
  EpilogueParams const& e = p.epi;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    int const row = row0 + 8 * h;
    if (row < e.m) {
      T* const d_row = d_row_ptr<T>(e, t.z, row);
      T const* const c_row = c_row_ptr<T>(e, t.z, row);
#pragma unroll
      for (int j = 0; j < 32; ++j) store_pair(e, d_row, c_row, col0 + 8 * j, acc[4 * j + 2 * h], acc[4 * j + 2 * h + 1]);
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

//! The four wgmma (K = 64) of one stage. `First`: the tile's first stage overwrites the accumulators,
//! so they are dead between tiles (no register pressure while the next tile is fetched).
template <DType AB, int TransA, int TransB, bool First>
CLC_GEMM_DEVICE void sm90_stage_mma(float (&acc)[128], std::uint32_t a_base, std::uint32_t b_base) {
  using G = Sm90Geometry;
  constexpr std::uint32_t kStepA = TransA ? 2048u : 32u;  // bytes per K step of 16
  constexpr std::uint32_t kStepB = TransB ? 2048u : 32u;
#pragma unroll
  for (int kk = 0; kk < 4; ++kk) {
    std::uint64_t const da = make_desc_sw128(a_base + kk * kStepA, G::kChunkBytes, 1024);
    std::uint64_t const db = make_desc_sw128(b_base + kk * kStepB, G::kChunkBytes, 1024);
    if constexpr (AB == DType::BF16) {
      if (First && kk == 0)
        wgmma_m64n256k16_bf16_overwrite<TransA, TransB>(acc, da, db, 0);
      else
        wgmma_m64n256k16_bf16<TransA, TransB>(acc, da, db, 1);
    } else {
      if (First && kk == 0)
        wgmma_m64n256k16_f16_overwrite<TransA, TransB>(acc, da, db, 0);
      else
        wgmma_m64n256k16_f16<TransA, TransB>(acc, da, db, 1);
    }
  }
}

//! The consumer mainloop of one tile. `TransA`/`TransB`: 1 when the operand tile is MN-major.
template <DType AB, int TransA, int TransB>
CLC_GEMM_DEVICE void sm90_mainloop(Sm90Params const& p, float (&acc)[128], unsigned char* smem, std::uint64_t* full_bar,
                                   std::uint64_t* empty_bar, int& stage, std::uint32_t& phase, int cw,
                                   unsigned cluster_size) {
  using G = Sm90Geometry;
  int prev = -1;
  for (int kt = 0; kt < p.k_tiles; ++kt) {
    bar_wait(&full_bar[stage], phase);  // TMA bytes of this stage (from both CTAs of a cluster) landed
    std::uint32_t const a_base = smem_u32(smem + stage * G::kStageBytes) + std::uint32_t(cw) * 8192u;
    std::uint32_t const b_base = smem_u32(smem + stage * G::kStageBytes + G::kABytes);
    wgmma_fence();
    if (kt == 0)
      sm90_stage_mma<AB, TransA, TransB, true>(acc, a_base, b_base);
    else
      sm90_stage_mma<AB, TransA, TransB, false>(acc, a_base, b_base);
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
  for (int i = 0; i < 128; ++i) fence_operand(acc[i]);
  release_stage(&empty_bar[prev], cluster_size);
}

template <DType AB, class Source>
__global__ void __launch_bounds__(Sm90Geometry::kThreads, 1) sm90_gemm_kernel(__grid_constant__ Sm90Params const p) {
#if CLC_GEMM_HAS_WGMMA
  using G = Sm90Geometry;
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
  }
  sched.init();  // cluster barrier: our barrier inits are visible to peers before any multicast/arrive

  if (wg == 0) {
    regs_decrease<56>();
    if (warp == 0) {
      // ---- producer: one TMA issue thread; the whole warp iterates tiles (warp-collective) ----
      int stage = 0;
      std::uint32_t phase = 0;
      std::uint16_t const mask = std::uint16_t((1u << csize) - 1u);
      for (WorkTile t : sched.tiles(Role::Producer)) {
        if (lane == 0) {
          int const m0 = t.x * kSm90TileM;
          int const n0 = t.y * kSm90TileN;
          int const z = t.z;
          for (int kt = 0; kt < p.k_tiles; ++kt) {
            // Phase parity starts at 1 for the producer: a fresh barrier counts as released.
            bar_wait(&empty_bar[stage], phase ^ 1u);
            unsigned char* const sa = smem + stage * G::kStageBytes;
            unsigned char* const sb = sa + G::kABytes;
            std::uint64_t* const fb = &full_bar[stage];
            bar_arrive_expect_tx(fb, G::kStageBytes);  // A (own) + all of B (own half + peer's half)
            int const k0 = kt * kSm90TileK;
            if (p.a_kmajor) {
              tma_load(sa, &p.tmap_a, k0, m0, z, fb);
            } else {
              tma_load(sa, &p.tmap_a, m0, k0, z, fb);
              tma_load(sa + G::kChunkBytes, &p.tmap_a, m0 + 64, k0, z, fb);
            }
            if (csize == 1) {
              if (p.b_kmajor) {
                tma_load(sb, &p.tmap_b, k0, n0, z, fb);
                tma_load(sb + G::kBBytes / 2, &p.tmap_b, k0, n0 + 128, z, fb);
              } else {
#pragma unroll
                for (int ch = 0; ch < 4; ++ch) tma_load(sb + ch * G::kChunkBytes, &p.tmap_b, n0 + 64 * ch, k0, z, fb);
              }
            } else {
              if (p.b_kmajor) {
                tma_load_multicast(sb + rank * (G::kBBytes / 2), &p.tmap_b, k0, n0 + 128 * int(rank), z, fb, mask);
              } else {
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                  int const ch = 2 * int(rank) + h;
                  tma_load_multicast(sb + ch * G::kChunkBytes, &p.tmap_b, n0 + 64 * ch, k0, z, fb, mask);
                }
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
    for (WorkTile t : sched.tiles(Role::Consumer)) {
      float acc[128];
      if (p.a_kmajor) {
        if (p.b_kmajor)
          sm90_mainloop<AB, 0, 0>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
        else
          sm90_mainloop<AB, 0, 1>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
      } else {
        if (p.b_kmajor)
          sm90_mainloop<AB, 1, 0>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
        else
          sm90_mainloop<AB, 1, 1>(p, acc, smem, full_bar, empty_bar, stage, phase, cw, csize);
      }
      if (p.diag_flags & 1) continue;
      if (p.epi.cd_type == int(DType::BF16))
        sm90_epilogue<__nv_bfloat16>(p, acc, t, cw);
      else if (p.epi.cd_type == int(DType::F16))
        sm90_epilogue<__half>(p, acc, t, cw);
      else
        sm90_epilogue<float>(p, acc, t, cw);
    }
  }
  sched.finish();
#else
  (void)p;
#endif
}

//! Host: build the parameters and launch (the kernel's stream, workspace and grid mode are in `plan`).
template <DType AB, class Source>
Error sm90_launch(Problem const& pr, Plan const& plan, RunInfo* info) {
  using G = Sm90Geometry;
  Sm90Params p{};
  std::uint64_t const es = 2;
  auto batch_stride = [&](std::uint64_t row_stride_bytes, std::uint64_t rows, std::int64_t bs) -> std::uint64_t {
    if (pr.batch > 1) return std::uint64_t(bs) * es;
    std::uint64_t const s = row_stride_bytes * rows;  // unused with one batch; any legal value
    return s < (std::uint64_t(1) << 40) ? s : row_stride_bytes;
  };
  if (pr.a_kmajor) {
    CLC_TRY(encode_tile_map(&p.tmap_a, AB, pr.a, std::uint64_t(pr.k), std::uint64_t(pr.m), std::uint64_t(pr.batch),
                            std::uint64_t(pr.lda) * es, batch_stride(std::uint64_t(pr.lda) * es, pr.m, pr.bsa), 64,
                            kSm90TileM, "A"));
  } else {
    CLC_TRY(encode_tile_map(&p.tmap_a, AB, pr.a, std::uint64_t(pr.m), std::uint64_t(pr.k), std::uint64_t(pr.batch),
                            std::uint64_t(pr.lda) * es, batch_stride(std::uint64_t(pr.lda) * es, pr.k, pr.bsa), 64, 64,
                            "A"));
  }
  if (pr.b_kmajor) {
    CLC_TRY(encode_tile_map(&p.tmap_b, AB, pr.b, std::uint64_t(pr.k), std::uint64_t(pr.n), std::uint64_t(pr.batch),
                            std::uint64_t(pr.ldb) * es, batch_stride(std::uint64_t(pr.ldb) * es, pr.n, pr.bsb), 64, 128,
                            "B"));
  } else {
    CLC_TRY(encode_tile_map(&p.tmap_b, AB, pr.b, std::uint64_t(pr.n), std::uint64_t(pr.k), std::uint64_t(pr.batch),
                            std::uint64_t(pr.ldb) * es, batch_stride(std::uint64_t(pr.ldb) * es, pr.k, pr.bsb), 64, 64,
                            "B"));
  }
  int const m_tiles = (pr.m + kSm90TileM - 1) / kSm90TileM;
  int const n_tiles = (pr.n + kSm90TileN - 1) / kSm90TileN;
  int const cm = plan.cluster_m;
  TileSpace tiles((m_tiles + cm - 1) / cm * cm, n_tiles, pr.batch);
  tiles.with_cluster(cm, 1).with_raster(Raster::AlongX).with_swizzle(plan.swizzle);

  LaunchOptions opts = plan.launch;
  opts.source = Source::kind;
  opts.block_threads = G::kThreads;
  opts.dynamic_smem_bytes = G::kDynamicSmem;
  auto kernel = &sm90_gemm_kernel<AB, Source>;
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
    info->tile_n = kSm90TileN;
    info->cluster_m = cm;
    info->swizzle = plan.swizzle;
    info->launch = pl.info;
  }
  return success();
}

#endif  // __CUDACC__

}  // namespace clc::gemm::detail
