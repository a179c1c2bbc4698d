//! @file sm90_kernel.cuh
//! @brief The Hopper GEMM (sm_90a) on the kernel kit: what is the GEMM's own, i.e. the tile's loads,
//! mainloop and epilogue; the kit's warp-specialised skeleton runs it (kit/warp_specialized.cuh).
//! Tiles are 128 x BN x 64, BN = 256 (4 stages) or 128 (6 stages, for problems too small to fill the
//! GPU with 256-wide tiles); work tiles come from `clc::Scheduler<Source>`.
//!
//! CTA layout (384 threads): warpgroup 0 (56 registers) = producer warp (TMA loads) + scheduler warp;
//! warpgroups 1-2 (224 registers) = consumers, each owning 64 of the tile's 128 rows (wgmma, epilogue).
//! Clusters are 1x1 or 2x1 along M. In a 2x1 cluster both CTAs work on the same N tile, so each loads
//! its own A and half of B, multicasting that half into both CTAs; a stage is therefore released to
//! the producers of both CTAs. M tiles are padded to the cluster size: a CTA whose tile lies past M
//! still loads (TMA fills zeros), multiplies and releases stages, so its peer's multicast always has
//! a partner, and it simply stores nothing.
//!
//! Epilogue: with beta == 0 and a D that TMA can write, kit::store_tile_tma (shared memory + TMA
//! stores that drain under the next tile's mainloop); otherwise the accumulators go to global memory
//! directly, reading C.
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/clc.cuh"
#include "clc/kit/epilogue.cuh"
#include "clc/kit/tma.cuh"
#include "clc/kit/tma_ring.cuh"
#include "clc/kit/warp_specialized.cuh"
#include "clc/kit/wgmma.cuh"
#include "epilogue.cuh"
#include "problem.hpp"

namespace clc::gemm::detail {

struct Sm90Params {
  CUtensorMap tmap_a;  // 64-byte aligned inside the __grid_constant__ parameter block
  CUtensorMap tmap_b;
  CUtensorMap tmap_d;  // valid when tma_store != 0
  SchedulerParams sched;
  EpilogueParams epi;
  int k_tiles;
  int a_kmajor, b_kmajor;
  int tma_store;  // 1: TMA-store epilogue (beta == 0, D writable by TMA)
};

//! Kernel variants for clc-bench's diagnostics (debug.hpp); the library's kernels are kSm90Normal.
enum Sm90Variant : int { kSm90Normal = 0, kSm90SkipEpilogue = 1, kSm90SerialMma = 2 };

//! Shared-memory layout of one tile width; `Stages` != 0 overrides the ring depth (diagnostics).
template <int BN, int Stages = 0>
struct Sm90Geometry {
  static_assert(BN == 128 || BN == 256, "tile N is 128 or 256");
  static constexpr int kStages = Stages != 0 ? Stages : (BN == 256 ? 4 : 6);
  static constexpr int kABytes = kSm90TileM * kSm90TileK * 2;  // 16 KiB
  static constexpr int kBBytes = BN * kSm90TileK * 2;          // 32 or 16 KiB
  static constexpr int kStageBytes = kABytes + kBBytes;
  static constexpr int kChunkBytes = 64 * kSm90TileK * 2;      // one 64-wide M/N chunk of an MN-major tile
  static constexpr int kEpiBytes = 2 * kit::kStoreBufferBytes;  // one store buffer pair per consumer warpgroup
  static constexpr int kDynamicSmem = kStages * kStageBytes + kEpiBytes + 1024;  // + slack for 1024-byte alignment
};

#if defined(__CUDACC__)

template <DType AB, class Src, int BN, int Variant = kSm90Normal, int Stages = 0>
struct Sm90Gemm {
  using Source = Src;
  using Params = Sm90Params;
  using G = Sm90Geometry<BN, Stages>;
  using Ring = kit::TmaRing<G::kStages>;
  using Elem = std::conditional_t<AB == DType::BF16, __nv_bfloat16, __half>;
  static constexpr int kConsumerWarpgroups = 2;
  static constexpr int kProducerRegs = 56;
  static constexpr int kConsumerRegs = 224;

  struct SharedStorage {
    kit::TmaRingStorage<G::kStages> ring;
  };
  struct ProducerState {
    typename Ring::State st;
  };
  struct ConsumerState {
    typename Ring::State st;
    int cw;                   // consumer warpgroup: rows 64 cw .. 64 cw + 63 of the tile
    unsigned char* epi_bufs;  // its TMA-store buffers
    float acc[BN / 2];        // its 64 x BN accumulators (wgmma layout)
  };

  Params const& p;
  Ring ring;
  unsigned char* smem;  // the stages, then the epilogue buffers (1024-byte aligned)
  unsigned csize;
  unsigned rank;

  CLC_KIT_DEVICE Sm90Gemm(Params const& params, SharedStorage& s, unsigned char* dyn, unsigned cluster_size,
                          unsigned cluster_rank)
      : p(params), ring(s.ring), smem(dyn), csize(cluster_size), rank(cluster_rank) {}

  //! Every consumer warp of every CTA of the cluster releases each stage (B is multicast into both).
  CLC_KIT_DEVICE void init() { ring.init(4u * kConsumerWarpgroups * csize); }

  CLC_KIT_DEVICE void prefetch() {
    kit::prefetch_tensormap(&p.tmap_a);
    kit::prefetch_tensormap(&p.tmap_b);
    if (p.tma_store) kit::prefetch_tensormap(&p.tmap_d);
  }

  // -- producer: lane 0 issues every TMA of the tile ---------------------------------------------
  CLC_KIT_DEVICE ProducerState producer_start() { return {Ring::producer_start()}; }

  CLC_KIT_DEVICE void produce(WorkTile const& t, ProducerState& ps) {
    if ((threadIdx.x & 31) != 0) return;
    std::uint16_t const mask = std::uint16_t((1u << csize) - 1u);
    // B rows (k-major) or 64-wide chunks (MN-major) this CTA loads: all of B, or its half in a 2x1 cluster.
    int const b_rows = BN / int(csize);
    int const b_box_rows = b_rows < 128 ? b_rows : 128;
    int const nb = int(rank) * b_rows;  // first B row / column of this CTA's part
    int const m0 = t.x * kSm90TileM;
    int const n0 = t.y * BN;
    int const z = t.z;
    for (int kt = 0; kt < p.k_tiles; ++kt) {
      // A (own) + all of B (own part + the peer's multicast part) land on this CTA's full barrier.
      std::uint64_t* const fb = ring.producer_acquire(ps.st, G::kStageBytes);
      unsigned char* const sa = smem + ps.st.index * G::kStageBytes;
      unsigned char* const sb = sa + G::kABytes;
      int const k0 = kt * kSm90TileK;
      if (p.a_kmajor) {
        kit::tma_load(sa, &p.tmap_a, {k0, m0, z}, fb);
      } else {
        kit::tma_load(sa, &p.tmap_a, {m0, k0, z}, fb);
        kit::tma_load(sa + G::kChunkBytes, &p.tmap_a, {m0 + 64, k0, z}, fb);
      }
      if (p.b_kmajor) {
        for (int r = 0; r < b_rows; r += b_box_rows) {
          unsigned char* const dst = sb + (nb + r) * 128;
          if (csize == 1)
            kit::tma_load(dst, &p.tmap_b, {k0, n0 + nb + r, z}, fb);
          else
            kit::tma_load_multicast(dst, &p.tmap_b, {k0, n0 + nb + r, z}, fb, mask);
        }
      } else {
        for (int c = 0; c < b_rows; c += 64) {
          unsigned char* const dst = sb + ((nb + c) / 64) * G::kChunkBytes;
          if (csize == 1)
            kit::tma_load(dst, &p.tmap_b, {n0 + nb + c, k0, z}, fb);
          else
            kit::tma_load_multicast(dst, &p.tmap_b, {n0 + nb + c, k0, z}, fb, mask);
        }
      }
      ++ps.st;
    }
  }

  // -- consumers: one warpgroup, 64 rows of the tile ---------------------------------------------
  CLC_KIT_DEVICE ConsumerState consumer_start(int cw) {
    ConsumerState cs;
    cs.st = Ring::consumer_start();
    cs.cw = cw;
    cs.epi_bufs = smem + G::kStages * G::kStageBytes + cw * kit::kStoreBufferBytes;
#pragma unroll
    for (int i = 0; i < BN / 2; ++i) cs.acc[i] = 0.0f;
    // Pin the zeros here: left free, ptxas may schedule them inside the first tile's wgmma stage
    // (between warpgroup.arrive and the wait), which serialises every wgmma of the kernel (C7515).
    kit::fence_operands(cs.acc);
    return cs;
  }

  CLC_KIT_DEVICE void consume(WorkTile const& t, ConsumerState& cs) {
    if (p.a_kmajor) {
      if (p.b_kmajor)
        mainloop<0, 0>(cs);
      else
        mainloop<0, 1>(cs);
    } else {
      if (p.b_kmajor)
        mainloop<1, 0>(cs);
      else
        mainloop<1, 1>(cs);
    }
    if constexpr (Variant == kSm90SkipEpilogue) return;
    if (p.epi.cd_type == int(DType::BF16))
      epilogue<__nv_bfloat16>(t, cs);
    else if (p.epi.cd_type == int(DType::F16))
      epilogue<__half>(t, cs);
    else
      epilogue<float>(t, cs);
  }

  //! The last boxes must be read out of shared memory (and written) before the CTA may exit.
  CLC_KIT_DEVICE void consumer_finish(ConsumerState&) {
    if (p.tma_store) kit::store_tile_tma_drain();
  }

  //! The four wgmma (K = 64) of one stage. `scale_first == 0` on a tile's first stage: its first wgmma
  //! ignores the accumulators' old values (one code path for every stage, so ptxas never copies them).
  template <int TransA, int TransB>
  CLC_KIT_DEVICE void stage_mma(float (&acc)[BN / 2], std::uint32_t a_base, std::uint32_t b_base, int scale_first) {
    constexpr std::uint32_t kStepA = TransA ? 2048u : 32u;  // bytes per K step of 16
    constexpr std::uint32_t kStepB = TransB ? 2048u : 32u;
#pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      std::uint64_t const da = kit::make_smem_desc(a_base + kk * kStepA, G::kChunkBytes, 1024);
      std::uint64_t const db = kit::make_smem_desc(b_base + kk * kStepB, G::kChunkBytes, 1024);
      kit::wgmma_ss<Elem, TransA, TransB>(acc, da, db, kk == 0 ? scale_first : 1);
    }
  }

  //! The mainloop of one tile. `TransA`/`TransB`: 1 when the operand tile is MN-major.
  template <int TransA, int TransB>
  CLC_KIT_DEVICE void mainloop(ConsumerState& cs) {
    typename Ring::State prev = cs.st;
    for (int kt = 0; kt < p.k_tiles; ++kt) {
      ring.consumer_wait(cs.st);  // the stage's TMA bytes (from both CTAs of a cluster) have landed
      std::uint32_t const a_base = kit::smem_u32(smem + cs.st.index * G::kStageBytes) + std::uint32_t(cs.cw) * 8192u;
      std::uint32_t const b_base = kit::smem_u32(smem + cs.st.index * G::kStageBytes + G::kABytes);
      kit::wgmma_fence();
      stage_mma<TransA, TransB>(cs.acc, a_base, b_base, kt == 0 ? 0 : 1);
      kit::wgmma_commit();
      if constexpr (Variant == kSm90SerialMma) kit::wgmma_wait<0>();
      kit::wgmma_wait<1>();  // the previous stage's group is complete: its shared memory may be refilled
      if (kt > 0) ring.consumer_release(prev, csize);
      prev = cs.st;
      ++cs.st;
    }
    kit::wgmma_wait<0>();
    kit::fence_operands(cs.acc);
    ring.consumer_release(prev, csize);
  }

  template <class T>
  CLC_KIT_DEVICE void epilogue(WorkTile const& t, ConsumerState& cs) {
    if (p.tma_store) {
      float const alpha = p.epi.alpha;
      auto const scale = [alpha](float v0, float v1, int, int) { return make_float2(v0 * alpha, v1 * alpha); };
      std::int32_t const corner[3] = {t.y * BN, t.x * kSm90TileM + cs.cw * 64, t.z};
      kit::store_tile_tma<T>(cs.acc, scale, &p.tmap_d, corner, cs.epi_bufs, 1u + unsigned(cs.cw));
    } else {
      epilogue_direct<T>(t, cs);
    }
  }

  //! Direct epilogue from the wgmma accumulator layout (reads C when beta != 0): thread (warp w, lane l)
  //! of the warpgroup holds rows 16w + l/4 (+8) and column pairs 8j + 2(l%4), j = 0..BN/8-1.
  template <class T>
  CLC_KIT_DEVICE void epilogue_direct(WorkTile const& t, ConsumerState& cs) {
    int const lane = threadIdx.x & 31;
    int const wi = (threadIdx.x >> 5) & 3;
    int const row0 = t.x * kSm90TileM + cs.cw * 64 + wi * 16 + (lane >> 2);
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
          store_pair(e, d_row, c_row, col0 + 8 * j, cs.acc[4 * j + 2 * h], cs.acc[4 * j + 2 * h + 1]);
      }
    }
  }
};

template <DType AB, class Source, int BN, int Variant, int Stages>
__global__ void __launch_bounds__(kit::threads_of<Sm90Gemm<AB, Source, BN, Variant, Stages>>(), 1)
    sm90_gemm_kernel(__grid_constant__ Sm90Params const p) {
#if CLC_KIT_SM90A
  kit::run_warp_specialized<Sm90Gemm<AB, Source, BN, Variant, Stages>>(p, p.sched);
#else
  (void)p;
#endif
}

//! Host: build the parameters and launch (the kernel's stream, workspace and grid mode are in `plan`).
template <DType AB, class Source, int BN, int Variant = kSm90Normal, int Stages = 0>
Error sm90_launch(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  using K = Sm90Gemm<AB, Source, BN, Variant, Stages>;
  Sm90Params p{};
  p.tmap_a = maps.a;
  p.tmap_b = maps.b;
  p.tmap_d = maps.d;
  p.tma_store = maps.tma_store ? 1 : 0;
  int const cm = plan.cluster_m;
  int const m_tiles = (pr.m + kSm90TileM - 1) / kSm90TileM;
  int const n_tiles = (pr.n + BN - 1) / BN;
  TileSpace tiles((m_tiles + cm - 1) / cm * cm, n_tiles, pr.batch);
  tiles.with_cluster(cm, 1).with_raster(Raster::AlongX).with_swizzle(plan.swizzle);

  p.epi = make_epilogue_params(pr);
  p.k_tiles = (pr.k + kSm90TileK - 1) / kSm90TileK;
  p.a_kmajor = pr.a_kmajor ? 1 : 0;
  p.b_kmajor = pr.b_kmajor ? 1 : 0;
  LaunchInfo li;
  CLC_TRY(kit::launch_warp_specialized<K>(&sm90_gemm_kernel<AB, Source, BN, Variant, Stages>, tiles, plan.launch,
                                          K::G::kDynamicSmem, p, &li));
  if (info) {
    info->kernel = Kernel::Sm90;
    info->source = Source::kind;
    info->tile_m = kSm90TileM;
    info->tile_n = BN;
    info->cluster_m = cm;
    info->swizzle = plan.swizzle;
    info->tma_store = p.tma_store != 0;
    info->launch = li;
  }
  return success();
}

//! Host: the launcher of tile width `plan.tile_n` (128 or 256).
template <DType AB, class Source, int Variant = kSm90Normal, int Stages = 0>
Error sm90_launch_tile(Problem const& pr, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  return plan.tile_n == 128 ? sm90_launch<AB, Source, 128, Variant, Stages>(pr, plan, maps, info)
                            : sm90_launch<AB, Source, 256, Variant, Stages>(pr, plan, maps, info);
}

#endif  // __CUDACC__

}  // namespace clc::gemm::detail
