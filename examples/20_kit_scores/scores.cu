// 20_kit_scores: a new workload on the kernel kit (docs/kernels.md). S = scale * Q K^T for one
// attention head of dimension 64 (bf16 in and out, fp32 accumulation): 128 x 128 tiles of S, each
// one TMA stage (Q rows and K rows), four wgmma and the TMA-store epilogue, on the kit's
// warp-specialised skeleton under the Ticket source. main() checks every element of S against a
// float64 reference and runs many tiles per worker.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <cuda_bf16.h>

#include "clc/kit/kit.cuh"

namespace kit = clc::kit;

// ---- the workload: everything that is its own ---------------------------------------------------
struct ScoresParams {
  CUtensorMap q, k, s;  // Q [M, 64], K [N, 64] (boxes 64 x 128), S [M, N] (boxes 64 x 64)
  clc::SchedulerParams sched;
  float scale;
};

struct Scores {
  using Source = clc::source::Ticket;
  using Params = ScoresParams;
  using Ring = kit::TmaRing<2>;
  static constexpr int kConsumerWarpgroups = 2, kProducerRegs = 56, kConsumerRegs = 224;
  static constexpr int kTileBytes = 128 * 64 * 2;  // 128 rows of Q or K, head_dim 64 (one 128-byte swizzle row each)
  static constexpr int kSmem = 2 * 2 * kTileBytes + 2 * kit::kStoreBufferBytes + 1024;
  struct SharedStorage { kit::TmaRingStorage<2> ring; };
  struct ProducerState { Ring::State st; };
  struct ConsumerState { Ring::State st; int wg; float acc[64]; };  // 64 rows x 128 columns per warpgroup

  Params const& p;
  Ring ring;
  unsigned char* smem;  // 2 stages of (Q tile, K tile), then the store buffers of the two warpgroups
  __device__ Scores(Params const& params, SharedStorage& s, unsigned char* dyn, unsigned, unsigned)
      : p(params), ring(s.ring), smem(dyn) {}

  __device__ void init() { ring.init(8); }  // the 8 consumer warps release each stage
  __device__ void prefetch() {
    kit::prefetch_tensormap(&p.q);
    kit::prefetch_tensormap(&p.k);
    kit::prefetch_tensormap(&p.s);
  }
  __device__ ProducerState producer_start() { return {Ring::producer_start()}; }
  __device__ void produce(clc::WorkTile const& t, ProducerState& ps) {
    if (threadIdx.x % 32 != 0) return;
    std::uint64_t* full = ring.producer_acquire(ps.st, 2 * kTileBytes);  // both loads complete on it
    unsigned char* stage = smem + ps.st.index * 2 * kTileBytes;
    kit::tma_load(stage, &p.q, {0, t.x * 128}, full);
    kit::tma_load(stage + kTileBytes, &p.k, {0, t.y * 128}, full);
    ++ps.st;
  }
  __device__ ConsumerState consumer_start(int wg) { return {Ring::consumer_start(), wg, {}}; }
  __device__ void consume(clc::WorkTile const& t, ConsumerState& cs) {
    ring.consumer_wait(cs.st);  // Q and K of this tile have landed
    std::uint32_t const q = kit::smem_u32(smem + cs.st.index * 2 * kTileBytes) + cs.wg * 64 * 128;  // my 64 rows
    std::uint32_t const k = kit::smem_u32(smem + cs.st.index * 2 * kTileBytes + kTileBytes);
    kit::wgmma_fence();
    for (int kk = 0; kk < 4; ++kk)  // head_dim 64 = 4 steps of 16, 32 bytes apart inside each swizzled row
      kit::wgmma_ss<__nv_bfloat16, 0, 0>(cs.acc, kit::make_smem_desc(q + 32 * kk, 0, 1024),
                                         kit::make_smem_desc(k + 32 * kk, 0, 1024), kk > 0);
    kit::wgmma_commit();
    kit::wgmma_wait<0>();  // the stage has been read and acc is final
    kit::fence_operands(cs.acc);
    ring.consumer_release(cs.st, 1);
    ++cs.st;
    float const scale = p.scale;
    std::int32_t const corner[2] = {t.y * 128, t.x * 128 + cs.wg * 64};
    kit::store_tile_tma<__nv_bfloat16>(
        cs.acc, [scale](float a, float b, int, int) { return make_float2(a * scale, b * scale); }, &p.s, corner,
        smem + 4 * kTileBytes + cs.wg * kit::kStoreBufferBytes, 1 + cs.wg);
  }
  __device__ void consumer_finish(ConsumerState&) { kit::store_tile_tma_drain(); }
};

__global__ void __launch_bounds__(kit::threads_of<Scores>(), 1) scores_kernel(__grid_constant__ ScoresParams const p) {
#if CLC_KIT_SM90A
  kit::run_warp_specialized<Scores>(p, p.sched);
#endif
}

// ---- host: maps, launch, check ------------------------------------------------------------------
__global__ void fill(__nv_bfloat16* x, std::size_t n, std::uint32_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    std::uint32_t h = std::uint32_t(i) * 2654435761u ^ seed * 0x9E3779B9u;
    h ^= h >> 15, h *= 0x85EBCA6Bu, h ^= h >> 13;
    x[i] = __float2bfloat16(float(h & 0xFFFF) / 32768.0f - 1.0f + 1.0f / 65536.0f);  // never zero
  }
}

// Counts elements of S (ld ldS) that differ from the float64 reference by more than 2 bf16 ulps.
__global__ void check(__nv_bfloat16 const* q, __nv_bfloat16 const* k, __nv_bfloat16 const* s, int m, int n, int lds,
                      float scale, unsigned long long* bad) {
  for (std::int64_t e = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; e < std::int64_t(m) * n;
       e += std::int64_t(gridDim.x) * blockDim.x) {
    int const i = int(e / n), j = int(e % n);
    double acc = 0.0;
    for (int d = 0; d < 64; ++d) acc += double(__bfloat162float(q[i * 64 + d])) * double(__bfloat162float(k[j * 64 + d]));
    double const want = scale * acc, got = __bfloat162float(s[std::int64_t(i) * lds + j]);
    if (!(std::fabs(got - want) <= std::fabs(want) / 128.0 + 1e-4)) atomicAdd(bad, 1ull);
  }
}

// Each failed call is reported by name; main returns 1.
bool failed(cudaError_t e, char const* what) {
  if (e != cudaSuccess) std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(e));
  return e != cudaSuccess;
}
bool failed(clc::Error const& e, char const* what) {
  if (!e.ok()) std::fprintf(stderr, "%s failed: %s\n", what, e.what().c_str());
  return !e.ok();
}
#define CHECK(call) \
  if (failed((call), #call)) return 1

int main() {
  int devices = 0, major = 0, minor = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: skipping (this example needs an sm_90 GPU)\n");
    return 0;
  }
  CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0));
  if (major != 9 || minor != 0) {
    std::printf("device is sm_%d%d: skipping (the kit's wgmma kernel needs sm_90a)\n", major, minor);
    return 0;
  }
  int const m = 4000, n = 3000, lds = 3008;  // 32 x 24 tiles, the last row and column of tiles partial
  float const scale = 0.125f;                // 1 / sqrt(64)
  __nv_bfloat16 *q = nullptr, *k = nullptr, *s = nullptr;
  unsigned long long* bad = nullptr;
  CHECK(cudaMalloc(&q, std::size_t(m) * 64 * 2));
  CHECK(cudaMalloc(&k, std::size_t(n) * 64 * 2));
  CHECK(cudaMalloc(&s, std::size_t(m) * lds * 2));
  CHECK(cudaMalloc(&bad, sizeof(unsigned long long)));
  fill<<<256, 256>>>(q, std::size_t(m) * 64, 1);
  fill<<<256, 256>>>(k, std::size_t(n) * 64, 2);
  CHECK(cudaMemset(s, 0xFF, std::size_t(m) * lds * 2));  // NaN: an element never written fails the check

  ScoresParams p{};
  p.scale = scale;
  std::uint64_t const qd[2] = {64, std::uint64_t(m)}, kd[2] = {64, std::uint64_t(n)}, sd[2] = {std::uint64_t(n), std::uint64_t(m)};
  std::uint64_t const row_qk[1] = {128}, row_s[1] = {std::uint64_t(lds) * 2};
  std::uint32_t const box_qk[2] = {64, 128}, box_s[2] = {64, 64};
  auto const bf16 = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  auto const sw = CU_TENSOR_MAP_SWIZZLE_128B;
  CHECK(kit::encode_tiled(&p.q, bf16, q, 2, qd, row_qk, box_qk, sw, "Q"));
  CHECK(kit::encode_tiled(&p.k, bf16, k, 2, kd, row_qk, box_qk, sw, "K"));
  CHECK(kit::encode_tiled(&p.s, bf16, s, 2, sd, row_s, box_s, sw, "S"));

  clc::TileSpace tiles((m + 127) / 128, (n + 127) / 128);
  clc::LaunchOptions opts;
  opts.max_workers = 7;  // 768 tiles on 7 workers: every worker runs many tiles
  clc::LaunchInfo info;
  CHECK(kit::launch_warp_specialized<Scores>(&scores_kernel, tiles, opts, Scores::kSmem, p, &info));
  CHECK(cudaMemset(bad, 0, sizeof(unsigned long long)));
  check<<<1024, 256>>>(q, k, s, m, n, lds, scale, bad);
  CHECK(cudaGetLastError());
  unsigned long long h_bad = 0;
  CHECK(cudaMemcpy(&h_bad, bad, sizeof h_bad, cudaMemcpyDeviceToHost));
  std::printf("S = scale * Q K^T, %d x %d, head_dim 64: %lld tiles on %lld workers (%s), %llu bad elements\n", m, n,
              (long long)tiles.tiles(), (long long)info.workers, clc::to_string(info.source), h_bad);
  cudaFree(q), cudaFree(k), cudaFree(s), cudaFree(bad);
  return h_bad == 0 ? 0 : 1;
}
