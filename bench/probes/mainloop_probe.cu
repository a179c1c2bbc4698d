//! @file bench/probes/mainloop_probe.cu
//! @brief Diagnostics, not part of the build: the Sm90 GEMM's 128 x 128 x 64 operand ring (kit::TmaRing,
//! kit TMA loads) and wgmma loop in isolation -- one tile per CTA, no scheduler, no epilogue -- with a
//! producer whose coordinates come from blockIdx (warp-uniform), against cublasGemmStridedBatchedEx on
//! the same shape. Variants: MMA on / loads only / MMA only, ring depth 4 / 6 / 7, L2 promotion, A in
//! two 64-row boxes, B K-major, and 2-CTA clusters (c2: B multicast, pair along M; c3: A multicast,
//! pair along N; c4: cluster release protocol without multicast). With `--short-a`: B K-major (as a
//! Linear layer's weight; cuBLAS then takes B transposed) and A's TMA box cut to 128, 64 or 16 rows, for
//! problems whose M fits one tile: what TMA's zero fill of the rows past M costs. Times are single
//! launches between two events after an L2 scrub (they include launch latency), median of 7.
//!   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Iinclude bench/probes/mainloop_probe.cu \
//!        -o mainloop_probe -lcublas -lcuda && ./mainloop_probe 512x512x4096x8
//!   ./mainloop_probe 16x8192x4096x2 --short-a
//!   ./mainloop_probe 3000x3000x3000x1 --promo   (TMA L2 promotion; rows that are not 32-byte multiples)
//! Results and what they showed: bench/results/h200-gemm-dev-e521204.txt (section 8: --short-a, run as
//! the separate file bench/probes/short_a_probe.cu of 185c7d4, since merged here).
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "clc/kit/arch.cuh"
#include "clc/kit/barrier.cuh"
#include "clc/kit/tma.cuh"
#include "clc/kit/tma_desc.hpp"
#include "clc/kit/tma_ring.cuh"
#include "clc/kit/wgmma.cuh"

using namespace clc::kit;

#include "probe_check.cuh"

struct P {
  CUtensorMap a, b;
  int k_tiles, m_tiles, n_tiles;
  int a_split;  // 1: A as two 64-row boxes
  int a_rows;   // rows of A's box (128, or fewer for a short M: the rest of the tile left stale)
  int b_kmajor;
  float* out;
};

enum Mode { kMma = 0, kLoadOnly = 1, kMmaOnly = 2 };

template <int S, int M, int BK, int CL = 1>
__global__ void __launch_bounds__(384, 1) probe(__grid_constant__ P const p) {
#if CLC_KIT_SM90A
  __shared__ TmaRingStorage<S> rs;
  extern __shared__ unsigned char raw[];
  unsigned char* smem = align_smem<1024>(raw);
  TmaRing<S> ring(rs);
  if (threadIdx.x == 0) {
    ring.init(8 * (CL == 1 ? 1 : 2));
    prefetch_tensormap(&p.a);
    prefetch_tensormap(&p.b);
  }
  __syncthreads();
  unsigned const rank = CL == 1 ? 0u : clc::detail::cluster_rank();
  if (CL > 1) clc::detail::cluster_sync();
  int const bid = blockIdx.x;
  int mt = bid % p.m_tiles;
  int nt = (bid / p.m_tiles) % p.n_tiles;
  if (CL == 3) {  // pairs share the M tile: consecutive bids take consecutive N tiles
    nt = bid % p.n_tiles;
    mt = (bid / p.n_tiles) % p.m_tiles;
  }
  int const z = bid / (p.m_tiles * p.n_tiles);
  int const wg = threadIdx.x / 128;
  constexpr int kStage = 32768;
  if (wg == 0) {
    regs_decrease<56>();
    if (threadIdx.x == 0) {
      auto st = TmaRing<S>::producer_start();
      for (int kt = 0; kt < p.k_tiles; ++kt) {
        std::uint64_t* fb = ring.producer_acquire(st, M == kMmaOnly ? 0u : std::uint32_t(p.a_rows * 128 + 16384));
        unsigned char* sa = smem + st.index * kStage;
        if (M != kMmaOnly) {
          if (CL == 3) {
            tma_load_multicast(sa + rank * 8192, &p.a, {kt * 64, mt * 128 + int(rank) * 64, z}, fb, std::uint16_t(3));
          } else if (p.a_split) {
            tma_load(sa, &p.a, {kt * 64, mt * 128, z}, fb);
            tma_load(sa + 8192, &p.a, {kt * 64, mt * 128 + 64, z}, fb);
          } else {
            tma_load(sa, &p.a, {kt * 64, mt * 128, z}, fb);
          }
          if (BK && CL == 2) {
            tma_load_multicast(sa + 16384 + rank * 8192, &p.b, {kt * 64, nt * 128 + int(rank) * 64, z}, fb, std::uint16_t(3));
          } else if (BK) {
            tma_load(sa + 16384, &p.b, {kt * 64, nt * 128, z}, fb);
          } else if (CL == 2 && !BK) {
            tma_load_multicast(sa + 16384 + rank * 8192, &p.b, {nt * 128 + int(rank) * 64, kt * 64, z}, fb, std::uint16_t(3));
          } else {
            tma_load(sa + 16384, &p.b, {nt * 128, kt * 64, z}, fb);
            tma_load(sa + 16384 + 8192, &p.b, {nt * 128 + 64, kt * 64, z}, fb);
          }
        }
        ++st;
      }
    }
  } else {
    regs_increase<224>();
    int const cw = wg - 1;
    float acc[64];
#pragma unroll
    for (int i = 0; i < 64; ++i) acc[i] = 0.f;
    fence_operands(acc);
    auto st = TmaRing<S>::consumer_start();
    auto prev = st;
    for (int kt = 0; kt < p.k_tiles; ++kt) {
      ring.consumer_wait(st);
      if (M != kLoadOnly) {
        std::uint32_t const a_base = smem_u32(smem + st.index * kStage) + std::uint32_t(cw) * 8192u;
        std::uint32_t const b_base = smem_u32(smem + st.index * kStage + 16384);
        wgmma_fence();
        if constexpr (BK != 0) {
#pragma unroll
          for (int kk = 0; kk < 4; ++kk)
            wgmma_ss<__nv_bfloat16, 0, 0>(acc, make_smem_desc(a_base + kk * 32u, 8192, 1024),
                                          make_smem_desc(b_base + kk * 32u, 8192, 1024), (kk == 0 && kt == 0) ? 0 : 1);
        } else {
#pragma unroll
          for (int kk = 0; kk < 4; ++kk)
            wgmma_ss<__nv_bfloat16, 0, 1>(acc, make_smem_desc(a_base + kk * 32u, 8192, 1024),
                                          make_smem_desc(b_base + kk * 2048u, 8192, 1024), (kk == 0 && kt == 0) ? 0 : 1);
        }
        wgmma_commit();
        wgmma_wait<1>();
        if (kt > 0) ring.consumer_release(prev, CL == 1 ? 1 : 2);
      } else {
        ring.consumer_release(st, CL == 1 ? 1 : 2);
      }
      prev = st;
      ++st;
    }
    if (M != kLoadOnly) {
      wgmma_wait<0>();
      fence_operands(acc);
      ring.consumer_release(prev, CL == 1 ? 1 : 2);
    }
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < 64; ++i) s += acc[i];
    p.out[blockIdx.x * 256 + threadIdx.x - 128] = s;
  }
  if (CL > 1) clc::detail::cluster_sync();
#endif
}

template <int S, int M, int BK, int CL = 1>
void launch(P const& p, int grid, cudaStream_t s) {
  int const smem = S * 32768 + 1024;
  CK(cudaFuncSetAttribute(probe<S, M, BK, CL>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  if (CL == 1) {
    probe<S, M, BK, CL><<<grid, 384, smem, s>>>(p);
  } else {
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(grid);
    cfg.blockDim = dim3(384);
    cfg.dynamicSmemBytes = smem;
    cfg.stream = s;
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = CL == 1 ? 1 : 2;
    at[0].val.clusterDim.y = 1;
    at[0].val.clusterDim.z = 1;
    cfg.attrs = at;
    cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, probe<S, M, BK, CL>, p));
  }
  CK(cudaGetLastError());
}

using LaunchFn = void (*)(P const&, int, cudaStream_t);

LaunchFn pick(int stages, int mode, int bk, int cl = 1) {
  if (cl == 2) {
    if (stages == 6 && mode == 0) return bk ? launch<6, 0, 1, 2> : launch<6, 0, 0, 2>;
    if (stages == 6 && mode == 1) return bk ? launch<6, 1, 1, 2> : launch<6, 1, 0, 2>;
    return nullptr;
  }
  if (cl == 4) {
    if (stages == 6 && mode == 0 && bk == 0) return launch<6, 0, 0, 4>;
    if (stages == 6 && mode == 1 && bk == 0) return launch<6, 1, 0, 4>;
    return nullptr;
  }
  if (cl == 3) {
    if (stages == 6 && mode == 0 && bk == 0) return launch<6, 0, 0, 3>;
    if (stages == 6 && mode == 1 && bk == 0) return launch<6, 1, 0, 3>;
    return nullptr;
  }
#define PICK(S)                                               \
  if (stages == S) {                                          \
    if (mode == 0) return bk ? launch<S, 0, 1> : launch<S, 0, 0>; \
    if (mode == 1) return bk ? launch<S, 1, 1> : launch<S, 1, 0>; \
    if (mode == 2) return bk ? launch<S, 2, 1> : launch<S, 2, 0>; \
  }
  PICK(4) PICK(6) PICK(7)
#undef PICK
  return nullptr;
}

int main(int argc, char** argv) {
  int M = 512, N = 512, K = 4096, B = 8;
  if (argc > 1) std::sscanf(argv[1], "%dx%dx%dx%d", &M, &N, &K, &B);
  bool const short_a = argc > 2 && std::strcmp(argv[2], "--short-a") == 0;
  int rounds = 7;
  std::printf("# shape %dx%dx%dx%d (row-major A [M,K]; B [K,N] row-major unless bk)\n", M, N, K, B);
  size_t const na = size_t(M) * K * B, nb = size_t(K) * N * B, nc = size_t(M) * N * B;
  __nv_bfloat16 *a, *b, *c;
  float* out;
  CK(cudaMalloc(&a, na * 2));
  CK(cudaMalloc(&b, nb * 2));
  CK(cudaMalloc(&c, nc * 2));
  CK(cudaMemset(a, 0x3c, na * 2));
  CK(cudaMemset(b, 0x3c, nb * 2));
  int const mt = (M + 127) / 128, nt = N / 128, grid = mt * nt * B;
  CK(cudaMalloc(&out, size_t(grid) * 256 * 4));
  char* scrub;
  size_t const scrub_bytes = size_t(256) << 20;
  CK(cudaMalloc(&scrub, scrub_bytes));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  cublasHandle_t h;
  cublasCreate(&h);
  cublasSetStream(h, s);
  void* ws;
  CK(cudaMalloc(&ws, 64 << 20));
  cublasSetWorkspace(h, ws, 64 << 20);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));

  auto time_it = [&](auto&& fn) {
    std::vector<float> t;
    for (int r = 0; r < rounds + 1; ++r) {
      CK(cudaMemsetAsync(scrub, r & 0xff, scrub_bytes, s));
      CK(cudaEventRecord(e0, s));
      fn();
      CK(cudaEventRecord(e1, s));
      CK(cudaEventSynchronize(e1));
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      if (r > 0) t.push_back(ms * 1000.f);
    }
    std::sort(t.begin(), t.end());
    return std::make_pair(t[t.size() / 2], t.back() - t.front());
  };
  double const flop = 2.0 * M * N * double(K) * B;
  auto report = [&](char const* name, std::pair<float, float> r) {
    std::printf("%-44s %8.2f us  spread %6.2f  %7.1f TFLOP/s  %.3f us/kstep\n", name, r.first, r.second,
                flop / (r.first * 1e-6) / 1e12, r.first / (K / 64));
  };
  float const one = 1.f, zero = 0.f;
  auto cublas = [&] {
    cublasStatus_t st = cublasGemmStridedBatchedEx(h, short_a ? CUBLAS_OP_T : CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, b,
                                                   CUDA_R_16BF, short_a ? K : N,
                                                   (long long)K * N, a, CUDA_R_16BF, K, (long long)M * K, &zero, c,
                                                   CUDA_R_16BF, N, (long long)M * N, B, CUBLAS_COMPUTE_32F,
                                                   CUBLAS_GEMM_DEFAULT);
    if (st != CUBLAS_STATUS_SUCCESS) {
      std::printf("cublas error %d\n", int(st));
      std::exit(1);
    }
  };
  report("cublas", time_it(cublas));

  CUtensorMapL2promotion const promos[3] = {CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                            CU_TENSOR_MAP_L2_PROMOTION_L2_256B};
  char const* promo_name[3] = {"none", "128", "256"};
  int cur_rows = 128;
  auto make = [&](int promo, int a_split, int b_kmajor, int bhalf) {
    P p{};
    p.k_tiles = K / 64;
    p.m_tiles = mt;
    p.n_tiles = nt;
    p.a_split = a_split;
    p.a_rows = a_split ? 128 : cur_rows;
    p.b_kmajor = b_kmajor;
    p.out = out;
    std::uint64_t da[3] = {std::uint64_t(K), std::uint64_t(M), std::uint64_t(B)};
    std::uint64_t sa[2] = {std::uint64_t(K) * 2, std::uint64_t(K) * M * 2};
    std::uint32_t ba[3] = {64, std::uint32_t(a_split ? 64 : cur_rows), 1};
    auto e = encode_tiled(&p.a, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, a, 3, da, sa, ba, CU_TENSOR_MAP_SWIZZLE_128B, "A",
                          promos[promo]);
    if (!e.ok()) std::printf("map A failed\n"), std::exit(1);
    if (b_kmajor) {
      std::uint64_t db[3] = {std::uint64_t(K), std::uint64_t(N), std::uint64_t(B)};
      std::uint64_t sb[2] = {std::uint64_t(K) * 2, std::uint64_t(K) * N * 2};
      std::uint32_t bb[3] = {64, std::uint32_t(bhalf ? 64 : 128), 1};
      e = encode_tiled(&p.b, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, b, 3, db, sb, bb, CU_TENSOR_MAP_SWIZZLE_128B, "B",
                       promos[promo]);
    } else {
      std::uint64_t db[3] = {std::uint64_t(N), std::uint64_t(K), std::uint64_t(B)};
      std::uint64_t sb[2] = {std::uint64_t(N) * 2, std::uint64_t(K) * N * 2};
      std::uint32_t bb[3] = {64, 64, 1};
      e = encode_tiled(&p.b, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, b, 3, db, sb, bb, CU_TENSOR_MAP_SWIZZLE_128B, "B",
                       promos[promo]);
    }
    if (!e.ok()) std::printf("map B failed\n"), std::exit(1);
    return p;
  };
  struct V {
    int stages, mode, promo, a_split, b_kmajor, cl;
  };
  std::vector<V> vs = {
      {6, 0, 2, 0, 0, 1}, {6, 0, 2, 0, 0, 2}, {6, 0, 2, 1, 0, 3}, {6, 0, 2, 0, 1, 1}, {6, 0, 2, 0, 1, 2},
      {6, 1, 2, 0, 0, 1}, {6, 1, 2, 0, 0, 2}, {6, 1, 2, 1, 0, 3}, {6, 1, 2, 0, 1, 2}, {6, 0, 2, 0, 0, 4}, {6, 1, 2, 0, 0, 4},
  };
  if (argc > 2 && std::strcmp(argv[2], "--promo") == 0)  // L2 promotion none/128/256: MMA and loads only, 1x1 and c2
    vs = {{6, 0, 0, 0, 0, 1}, {6, 0, 1, 0, 0, 1}, {6, 0, 2, 0, 0, 1}, {6, 1, 0, 0, 0, 1},
          {6, 1, 1, 0, 0, 1}, {6, 1, 2, 0, 0, 1}, {6, 0, 2, 0, 0, 2}, {6, 1, 2, 0, 0, 2}};
  if (short_a) vs = {{6, 0, 2, 0, 1, 1}, {6, 1, 2, 0, 1, 1}};  // B K-major, 1x1: MMA, loads only
  std::vector<int> const row_set = short_a ? std::vector<int>{128, 64, 16} : std::vector<int>{128};
  char const* mode_name[3] = {"mma", "load-only", "mma-only"};
  for (int round = 0; round < 2; ++round) {
    for (int rows : row_set) {
    cur_rows = rows;
    for (V const& v : vs) {
      P const p = make(v.promo, v.a_split, v.b_kmajor, v.cl == 2);
      LaunchFn fn = pick(v.stages, v.mode, v.b_kmajor, v.cl);
      char name[128];
      std::snprintf(name, sizeof name, "clc s%d %s promo%s%s%s c%d", v.stages, mode_name[v.mode], promo_name[v.promo],
                    v.a_split ? " a2x64" : "", v.b_kmajor ? " bk" : "", v.cl);
      if (short_a) std::snprintf(name + std::strlen(name), sizeof name - std::strlen(name), " a%d", rows);
      report(name, time_it([&] { fn(p, grid, s); }));
    }
    }
    report("cublas", time_it(cublas));
  }
  CK(cudaDeviceSynchronize());
  std::printf("# done\n");
  return 0;
}
