//! @file launch_plan.cpp
//! @brief Argument checks, source resolution and grid sizing (pure, host-tested), device facts.
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <unordered_map>

#include <cuda_runtime_api.h>

#include "clc/detail/cuda_check.hpp"
#include "clc/launch.hpp"

namespace clc {
namespace {

std::string num(std::int64_t v) { return std::to_string(v); }

bool is_cluster_extent(int v) { return v == 1 || v == 2 || v == 4 || v == 8 || v == 16; }

}  // namespace

Error validate(TileSpace const& t) {
  if (t.x < 1) return invalid_argument("tiles.x must be >= 1 (got " + num(t.x) + ")");
  if (t.y < 1) return invalid_argument("tiles.y must be >= 1 (got " + num(t.y) + ")");
  if (t.z < 1) return invalid_argument("tiles.z must be >= 1 (got " + num(t.z) + ")");
  if (!is_cluster_extent(t.cluster_x))
    return invalid_argument("tiles.cluster_x must be 1, 2, 4, 8 or 16 (got " + num(t.cluster_x) + ")");
  if (!is_cluster_extent(t.cluster_y))
    return invalid_argument("tiles.cluster_y must be 1, 2, 4, 8 or 16 (got " + num(t.cluster_y) + ")");
  if (t.cluster_size() > 16)
    return invalid_argument("tiles cluster shape " + num(t.cluster_x) + "x" + num(t.cluster_y) + " has " +
                            num(t.cluster_size()) + " CTAs; at most 16 are supported (8 portably)");
  if (t.swizzle < 1) return invalid_argument("tiles.swizzle must be >= 1 (got " + num(t.swizzle) + ")");
  if (t.raster != Raster::AlongX && t.raster != Raster::AlongY)
    return invalid_argument("tiles.raster is not a Raster value (got " + num(int(t.raster)) + ")");
  if (t.reverse != Reverse::None && t.reverse != Reverse::X && t.reverse != Reverse::Y)
    return invalid_argument("tiles.reverse is not a Reverse value (got " + num(int(t.reverse)) + ")");
  if (t.tiles() > kMaxGridX)
    return invalid_argument("tiles.x * tiles.y * tiles.z = " + num(t.tiles()) + " exceeds 2^31-1 tiles");
  if (t.slots() > kMaxGridX)
    return invalid_argument("the tile space rounded up to whole " + num(t.cluster_x) + "x" + num(t.cluster_y) +
                            " clusters has " + num(t.slots()) + " launch slots, more than 2^31-1");
  return success();
}

Error validate(LaunchOptions const& o) {
  if (o.block_threads < 32 || o.block_threads > 1024 || o.block_threads % 32 != 0)
    return invalid_argument("options.block_threads must be a multiple of 32 in [32, 1024] (got " +
                            num(o.block_threads) + ")");
  if (int(o.source) < 0 || int(o.source) > int(SourceKind::Auto))
    return invalid_argument("options.source is not a SourceKind value (got " + num(int(o.source)) + ")");
  if (int(o.grid) < 0 || int(o.grid) > int(GridMode::ResidentCapacity))
    return invalid_argument("options.grid is not a GridMode value (got " + num(int(o.grid)) + ")");
  if (o.max_grain < 0 || o.max_grain > 65536)
    return invalid_argument("options.max_grain must be in [0, 65536] (got " + num(o.max_grain) + ")");
  if (o.max_workers < 0) return invalid_argument("options.max_workers must be >= 0 (got " + num(o.max_workers) + ")");
  if (!(o.inject_failure_rate >= 0.0 && o.inject_failure_rate < 1.0))
    return invalid_argument("options.inject_failure_rate must be in [0, 1) (got " + std::to_string(o.inject_failure_rate) + ")");
  if (o.workspace != nullptr && !o.workspace->valid())
    return invalid_argument("options.workspace is a null workspace: call Workspace::create() first, or pass nullptr "
                            "to use the library's per-stream workspace");
  return success();
}

Error resolve_source(SourceKind requested, TileSpace const& tiles, DeviceFacts const& dev, SourceKind* resolved) {
  std::string const where = "device " + num(dev.device) + " (sm_" + num(dev.cc_major) + num(dev.cc_minor) + ")";
  if (dev.cc_major < 9)
    return not_supported("clc needs clusters, mbarrier transaction counts and st.async (sm_90 or later); " + where);
  if (!dev.cluster_launch) return not_supported(where + " does not support cluster launch");
  bool const hw_device = dev.cc_major >= 10;
  bool const hw_binary = dev.binary_version >= 100;
  bool const hw_cluster_ok = tiles.cluster_size() == 1 || dev.binary_has_multicast;
  switch (requested) {
    case SourceKind::Auto:
      *resolved = (hw_device && hw_binary && hw_cluster_ok) ? SourceKind::Hardware : SourceKind::Ticket;
      return success();
    case SourceKind::Hardware:
      if (!hw_device)
        return not_supported("source Hardware needs cluster launch control (sm_100 or later); " + where +
                             " has none: use Ticket (the exact emulation) or Auto");
      if (!hw_binary)
        return not_supported("source Hardware: the kernel binary was built for sm_" + num(dev.binary_version) +
                             ", without CLC; add 100a to CLC_CUDA_ARCHITECTURES");
      if (!hw_cluster_ok)
        return not_supported("source Hardware with clusters needs the multicast try_cancel of an a/f target (sm_100a)");
      *resolved = requested;
      return success();
    case SourceKind::Ticket:
    case SourceKind::Static:
    case SourceKind::Single:
      *resolved = requested;
      return success();
  }
  return invalid_argument("options.source is not a SourceKind value (got " + num(int(requested)) + ")");
}

Error plan_grid(TileSpace const& tiles, SourceKind source, GridMode mode, int max_active_clusters, int max_workers,
                GridPlan* plan) {
  if (source == SourceKind::Auto) return Error{Status::InternalError, "plan_grid needs a resolved source"};
  GridMode m = mode;
  if (m == GridMode::Default)
    m = (source == SourceKind::Ticket || source == SourceKind::Static) ? GridMode::ResidentCapacity : GridMode::EveryTile;
  if (m == GridMode::ResidentCapacity && (source == SourceKind::Hardware || source == SourceKind::Single))
    return invalid_argument(std::string("options.grid ResidentCapacity is not valid for source ") + to_string(source) +
                            ": it needs one launch slot per tile (EveryTile)");
  plan->source = source;
  plan->grid = m;
  plan->cluster_dim = dim3(unsigned(tiles.cluster_x), unsigned(tiles.cluster_y), 1);
  if (m == GridMode::EveryTile) {
    ClusterCoord const g = tiles.grid_clusters();
    plan->grid_dim = dim3(unsigned(g.x) * unsigned(tiles.cluster_x), unsigned(g.y) * unsigned(tiles.cluster_y),
                          unsigned(g.z));
    plan->workers = tiles.clusters();
    return success();
  }
  if (max_active_clusters <= 0)
    return out_of_resources("no cluster of this kernel can be resident (occupancy " + num(max_active_clusters) + ")");
  std::int64_t w = tiles.clusters();
  if (w > max_active_clusters) w = max_active_clusters;
  if (max_workers > 0 && w > max_workers) w = max_workers;
  plan->grid_dim = dim3(unsigned(w) * unsigned(tiles.cluster_x), unsigned(tiles.cluster_y), 1);
  plan->workers = w;
  return success();
}

Error query_device(int device, DeviceFacts* facts) {
  static std::mutex mu;
  static std::unordered_map<int, DeviceFacts> cache;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(device);
    if (it != cache.end()) {
      *facts = it->second;
      return success();
    }
  }
  DeviceFacts f;
  f.device = device;
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&f.cc_major, cudaDevAttrComputeCapabilityMajor, device));
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&f.cc_minor, cudaDevAttrComputeCapabilityMinor, device));
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&f.sm_count, cudaDevAttrMultiProcessorCount, device));
  int cl = 0;
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&cl, cudaDevAttrClusterLaunch, device));
  f.cluster_launch = cl != 0;
  int smem = 0;
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  f.max_smem_optin = std::size_t(smem);
  CLC_CUDA_TRY(cudaDeviceGetAttribute(&f.max_threads_per_block, cudaDevAttrMaxThreadsPerBlock, device));
  std::lock_guard<std::mutex> lock(mu);
  cache[device] = f;
  *facts = f;
  return success();
}

namespace detail {

Error kernel_attributes(void const* kernel, int device, cudaFuncAttributes* attr) {
  static std::mutex mu;
  static std::map<std::pair<void const*, int>, cudaFuncAttributes> cache;
  auto const key = std::make_pair(kernel, device);
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(key);
    if (it != cache.end()) {
      *attr = it->second;
      return success();
    }
  }
  cudaFuncAttributes a{};
  CLC_CUDA_TRY(cudaFuncGetAttributes(&a, kernel));
  std::lock_guard<std::mutex> lock(mu);
  cache[key] = a;
  *attr = a;
  return success();
}

Error kernel_occupancy(void const* kernel, int device, int sm_count, int block_threads, std::size_t dynamic_smem,
                       int cluster_x, int cluster_y, int* max_clusters, cudaError_t* occupancy_error) {
  using Key = std::tuple<void const*, int, int, std::size_t, int, int>;
  struct Value {
    int max_clusters;
    cudaError_t error;
  };
  static std::mutex mu;
  static std::map<Key, Value> cache;
  Key const key{kernel, device, block_threads, dynamic_smem, cluster_x, cluster_y};
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(key);
    if (it != cache.end()) {
      *max_clusters = it->second.max_clusters;
      *occupancy_error = it->second.error;
      return success();
    }
  }
  CLC_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(dynamic_smem)));
  int const cluster_size = cluster_x * cluster_y;
  if (cluster_size > 8) CLC_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  int clusters = 0;
  cudaError_t oe = cudaSuccess;
  if (cluster_size > 1) {
    cudaLaunchConfig_t cfg{};
    cudaLaunchAttribute attr{};
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = static_cast<unsigned>(cluster_x);
    attr.val.clusterDim.y = static_cast<unsigned>(cluster_y);
    attr.val.clusterDim.z = 1;
    cfg.gridDim = dim3(static_cast<unsigned>(cluster_x), static_cast<unsigned>(cluster_y), 1);
    cfg.blockDim = dim3(static_cast<unsigned>(block_threads), 1, 1);
    cfg.dynamicSmemBytes = dynamic_smem;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    oe = cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg);
  } else {
    int per_sm = 0;
    oe = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block_threads, dynamic_smem);
    clusters = per_sm * sm_count;
  }
  if (oe != cudaSuccess) {
    (void)cudaGetLastError();
    clusters = 0;
  }
  std::lock_guard<std::mutex> lock(mu);
  cache[key] = Value{clusters, oe};
  *max_clusters = clusters;
  *occupancy_error = oe;
  return success();
}

}  // namespace detail
}  // namespace clc
