//! @file kit_instantiate.cu
//! @brief Every instruction wrapper of the kit instantiated once for sm_90a, so that ptxas checks the
//! PTX of each form the workloads have not used yet (wgmma SS and RS for every N and both input
//! types, im2col loads of rank 3..5 plain and multicast, multicast tiled loads, named barriers).
//! Compile-only (an object library): what these forms compute is tested where they are used. Also
//! static checks that the skeleton detects `Sm90Mma`'s three-argument hooks (namespace kit_detect).
#include <cstdint>
#include <utility>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "clc/kit/kit.cuh"
#include "clc/kit/sm90_mma.cuh"

namespace kit_detect {

// The skeleton passes `next` to the hooks that take it (kit/warp_specialized.cuh). Sm90Mma's hooks must
// be detected as such: with the 2-argument fallback the kernels would still be correct but take their
// next tile after the epilogue again (docs/kernels.md), which no functional test would notice.
struct DetectOps {
  struct Params {
    clc::SchedulerParams sched;
  };
};
template <class Src>
using DetectMma = clc::kit::Sm90Mma<DetectOps, __nv_bfloat16, Src, 128>;
template <class Src>
using DetectPingPong = clc::kit::Sm90Mma<DetectOps, __nv_bfloat16, Src, 128, clc::kit::kMmaNormal, 0, true>;
static_assert(clc::kit::detail::ConsumesWithNext<DetectMma<clc::source::Ticket>>::value);
static_assert(clc::kit::detail::ProducesWithNext<DetectMma<clc::source::Ticket>>::value);
static_assert(clc::kit::detail::ConsumesWithNext<DetectPingPong<clc::source::Static>>::value);
static_assert(clc::kit::detail::ProducesWithNext<DetectPingPong<clc::source::Static>>::value);
struct TwoArgumentHooks {  // a workload's kernel with the plain hooks keeps the plain loop
  struct ProducerState {};
  struct ConsumerState {};
  __device__ void produce(clc::WorkTile const&, ProducerState&) {}
  __device__ void consume(clc::WorkTile const&, ConsumerState&) {}
};
static_assert(!clc::kit::detail::ConsumesWithNext<TwoArgumentHooks>::value);
static_assert(!clc::kit::detail::ProducesWithNext<TwoArgumentHooks>::value);

}  // namespace kit_detect

namespace {

namespace kit = clc::kit;

template <class T, int R>
__device__ void every_wgmma(std::uint64_t da, std::uint64_t db, std::uint32_t const (&a)[4], float* out) {
  float acc[R];
  for (int i = 0; i < R; ++i) acc[i] = 0.0f;
  kit::wgmma_fence();
  kit::wgmma_ss<T, 0, 0>(acc, da, db, 0);
  kit::wgmma_ss<T, 1, 1>(acc, da, db, 1);
  kit::wgmma_rs<T, 0>(acc, a, db, 1);
  kit::wgmma_rs<T, 1>(acc, a, db, 1);
  kit::wgmma_commit();
  kit::wgmma_wait<0>();
  kit::fence_operands(acc);
  std::uint32_t frag[4];
  kit::rs_fragment<T>(acc, 0, frag);
  out[threadIdx.x] = acc[R - 1] + float(frag[0] + frag[3]);
}

template <class T, int... Rs>
__device__ void all_widths(std::integer_sequence<int, Rs...>, std::uint64_t da, std::uint64_t db,
                           std::uint32_t const (&a)[4], float* out) {
  (every_wgmma<T, 8 * (Rs + 1)>(da, db, a, out), ...);  // N = 16, 32, ..., 256
}

__global__ void instantiate(CUtensorMap const* map, float* out, std::uint64_t da, std::uint64_t db) {
#if CLC_KIT_SM90A
  __shared__ alignas(1024) unsigned char buf[4096];
  __shared__ kit::TmaRingStorage<2> ring_storage;
  std::uint32_t const a[4] = {threadIdx.x, 1u, 2u, 3u};
  all_widths<__nv_bfloat16>(std::make_integer_sequence<int, 16>{}, da, db, a, out);
  all_widths<__half>(std::make_integer_sequence<int, 16>{}, da, db, a, out);

  kit::TmaRing<2> ring(ring_storage);
  if (threadIdx.x == 0) ring.init(1);
  __syncthreads();
  std::uint64_t* full = ring.producer_acquire(kit::TmaRing<2>::producer_start(), 4096);
  kit::tma_load(buf, map, {1, 2, 3}, full);
  kit::tma_load_multicast(buf, map, {1, 2}, full, 3);
  kit::tma_load_im2col(buf, map, {1, 2, 3}, {1}, full);
  kit::tma_load_im2col(buf, map, {1, 2, 3, 4}, {1, 2}, full);
  kit::tma_load_im2col(buf, map, {1, 2, 3, 4, 5}, {1, 2, 3}, full);
  kit::tma_load_im2col_multicast(buf, map, {1, 2, 3}, {1}, full, 3);
  kit::tma_load_im2col_multicast(buf, map, {1, 2, 3, 4}, {1, 2}, full, 3);
  kit::tma_load_im2col_multicast(buf, map, {1, 2, 3, 4, 5}, {1, 2, 3}, full, 3);
  ring.consumer_wait(kit::TmaRing<2>::consumer_start());
  ring.consumer_release(kit::TmaRing<2>::consumer_start(), 2);
  kit::named_barrier_arrive(1, 64);
  kit::named_barrier_sync(1, 64);
  kit::tma_store(map, {4, 5}, buf);
  kit::bulk_commit();
  kit::bulk_wait_read<0>();
  kit::regs_decrease<40>();
  kit::regs_increase<232>();
#else
  (void)map, (void)out, (void)da, (void)db;
#endif
}

}  // namespace

//! Referenced so the kernel is emitted.
void clc_kit_instantiate_anchor(CUtensorMap const* map, float* out) { instantiate<<<1, 128>>>(map, out, 0, 0); }
