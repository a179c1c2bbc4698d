//! @file launch_plan.cpp
//! @brief Argument checks, source resolution and grid sizing: pure functions, host-tested.
#include <string>

#include "clc/launch.hpp"
#include "clc/source/auto.cuh"

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
  // x * y < 2^62 always; times z only once x * y is known to be small enough (no int64 overflow).
  if (std::int64_t(t.x) * t.y > kMaxGridX || t.tiles() > kMaxGridX)
    return invalid_argument("tiles.x * tiles.y * tiles.z = " + num(t.x) + " * " + num(t.y) + " * " + num(t.z) +
                            " exceeds 2^31-1 tiles");
  if (t.slots() > kMaxGridX)
    return invalid_argument("the tile space rounded up to whole " + num(t.cluster_x) + "x" + num(t.cluster_y) +
                            " clusters has " + num(t.slots()) + " launch slots, more than 2^31-1");
  return success();
}

Error validate(LaunchOptions const& o) {
  if (o.block_threads < 32 || o.block_threads > 1024 || o.block_threads % 32 != 0)
    return invalid_argument("options.block_threads must be a multiple of 32 in [32, 1024] (got " +
                            num(o.block_threads) + ")");
  if (int(o.source) < 0 || int(o.source) > int(kLastSourceKind))
    return invalid_argument("options.source is not a SourceKind value (got " + num(int(o.source)) + ")");
  if (int(o.grid) < 0 || int(o.grid) > int(GridMode::ResidentCapacity))
    return invalid_argument("options.grid is not a GridMode value (got " + num(int(o.grid)) + ")");
  if (o.max_grain < 0 || o.max_grain > 65536)
    return invalid_argument("options.max_grain must be in [0, 65536] (got " + num(o.max_grain) + ")");
  if (o.max_workers < 0) return invalid_argument("options.max_workers must be >= 0 (got " + num(o.max_workers) + ")");
  if (std::uint32_t(o.claim) > std::uint32_t(ClaimTiming::Handback))
    return invalid_argument("options.claim is not a ClaimTiming value (got " + num(std::int64_t(o.claim)) + ")");
  if (o.workspace != nullptr && !o.workspace->valid())
    return invalid_argument("options.workspace is a null workspace: call Workspace::create() first, or pass nullptr "
                            "to use the library's per-stream workspace");
  return success();
}

Error resolve_source(SourceKind requested, GridMode grid, TileSpace const& tiles, DeviceFacts const& dev,
                     KernelFacts const& kernel, SourceKind* resolved) {
  std::string const where = "device " + num(dev.device) + " (sm_" + num(dev.cc_major) + num(dev.cc_minor) + ")";
  if (dev.cc_major < 9)
    return not_supported("clc needs clusters, mbarrier transaction counts and st.async (sm_90 or later); " + where);
  if (!dev.cluster_launch) return not_supported(where + " does not support cluster launch");
  bool const hw_device = dev.cc_major >= 10;
  // The code the device runs must come from sm_100+ code with CLC in it: a build whose Blackwell
  // code is JIT-compiled from compute_90 PTX reports the device's architecture as binaryVersion.
  bool const hw_code = kernel.binary_version >= 100 && kernel.ptx_version >= 100 && kernel.hardware_clc;
  bool const hw_cluster_ok = tiles.cluster_size() == 1 || kernel.multicast;
  bool const hw_grid_ok = grid != GridMode::ResidentCapacity;
  switch (requested) {
    case SourceKind::Auto:
      *resolved = (hw_device && hw_code && hw_cluster_ok && hw_grid_ok) ? SourceKind::Hardware : SourceKind::Ticket;
      return success();
    case SourceKind::Hardware:
      if (!hw_device)
        return not_supported("source Hardware needs cluster launch control (sm_100 or later); " + where +
                             " has none: use Ticket (the exact emulation) or Auto");
      if (!hw_code)
        return not_supported("source Hardware: the kernel's code for " + where + " (binary sm_" +
                             num(kernel.binary_version) + ", from compute_" + num(kernel.ptx_version) +
                             " PTX) has no cluster launch control; build it for an sm_100+ target (e.g. add 100a to "
                             "CLC_CUDA_ARCHITECTURES)");
      if (!hw_cluster_ok)
        return not_supported("source Hardware with " + num(tiles.cluster_x) + "x" + num(tiles.cluster_y) +
                             " clusters needs the multicast try_cancel, which this kernel's code lacks (clc emits it "
                             "only for sm_100a); use 1-CTA clusters, source Ticket, or build for 100a");
      *resolved = requested;
      return success();
    default:
      if (source::traits_of(requested).kind == requested) {
        *resolved = requested;
        return success();
      }
  }
  return invalid_argument("options.source is not a SourceKind value (got " + num(int(requested)) + ")");
}

Error plan_grid(TileSpace const& tiles, SourceKind source, GridMode mode, int max_active_clusters, int max_workers,
                GridPlan* plan) {
  SourceTraits const traits = source::traits_of(source);
  if (traits.kind != source || source == SourceKind::Auto)
    return Error{Status::InternalError, "plan_grid needs a resolved source"};
  GridMode const m = mode == GridMode::Default ? traits.default_grid : mode;
  if (m == GridMode::ResidentCapacity && traits.first_from_launch_slot)
    return invalid_argument(std::string("options.grid ResidentCapacity is not valid for source ") + to_string(source) +
                            ": its first tile is the CTA's own launch slot, so it needs one slot per tile (EveryTile)");
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

}  // namespace clc
