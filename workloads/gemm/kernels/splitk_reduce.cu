//! @file splitk_reduce.cu
//! @brief Split-K reduction: D[b, m, n] = alpha * sum_s partials[b * splits + s][m][n] + beta * C[b, m, n]
//! (kit/split_k.cuh: one thread per column pair, the splits added in a fixed order).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/kit/split_k.cuh"
#include "../detail/epilogue.cuh"
#include "../detail/splitk.hpp"

namespace clc::gemm::detail {
namespace {

//! Row `row` of batch `z`: D = alpha * sum + beta * C for columns col, col + 1.
template <class T>
struct ReduceStore {
  EpilogueParams e;
  __host__ __device__ int rows() const { return e.m; }
  __host__ __device__ int cols() const { return e.n; }
  CLC_KIT_DEVICE void operator()(int z, int row, int col, float v0, float v1) const {
    store_pair(e, d_row_ptr<T>(e, z, row), c_row_ptr<T>(e, z, row), col, v0, v1);
  }
};

template <class T>
Error reduce(Problem const& p, Plan const& plan) {
  ReduceStore<T> const store{make_epilogue_params(p)};
  return kit::splitk_reduce<true>(store, p.batch, plan.partials, plan.splits, plan.launch.stream);
}

//! Split tail: z = tail tile (cluster dp_clusters + z / cluster_m of the real tile space, rank z %
//! cluster_m); row, col inside its 128 x bn partial tile.
template <class T>
struct TailStore {
  EpilogueParams e;
  TileMap map;
  int dp_clusters;
  int cluster_m;
  int bn;
  __host__ __device__ int rows() const { return kSm90TileM; }
  __host__ __device__ int cols() const { return bn; }
  CLC_KIT_DEVICE void operator()(int z, int row, int col, float v0, float v1) const {
    int const c = z / cluster_m;
    WorkTile const t = map.tile_of(dp_clusters + c, z - c * cluster_m, 0);
    int const m = t.x * kSm90TileM + row;
    if (m >= e.m) return;
    store_pair(e, d_row_ptr<T>(e, t.z, m), c_row_ptr<T>(e, t.z, m), t.y * bn + col, v0, v1);
  }
};

template <class T>
Error tail(Problem const& p, Plan const& plan, TileMap const& map, int bn) {
  TailStore<T> const store{make_epilogue_params(p), map, plan.dp_clusters, plan.cluster_m, bn};
  return kit::splitk_reduce<true>(store, plan.tail_clusters * plan.cluster_m, plan.partials, plan.tail_split,
                                  plan.launch.stream);
}

}  // namespace

Error tail_reduce(Problem const& p, Plan const& plan, TileMap const& real_map, int bn) {
  if (p.cd == DType::BF16) return tail<__nv_bfloat16>(p, plan, real_map, bn);
  if (p.cd == DType::F16) return tail<__half>(p, plan, real_map, bn);
  return tail<float>(p, plan, real_map, bn);
}

Error splitk_reduce(Problem const& p, Plan const& plan) {
  if (p.cd == DType::BF16) return reduce<__nv_bfloat16>(p, plan);
  if (p.cd == DType::F16) return reduce<__half>(p, plan);
  return reduce<float>(p, plan);
}

}  // namespace clc::gemm::detail
