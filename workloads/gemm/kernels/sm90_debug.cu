//! @file sm90_debug.cu
//! @brief clc::gemm_debug: `run_debug` and the Sm90 kernel variants behind clc-bench's diagnostics
//! (bf16 A/B, source Ticket, both tile widths). Not part of clc::gemm: the library's kernels have no
//! diagnostic branches.
#include <string>

#include "../debug.hpp"
#include "../detail/sm90_kernel.cuh"

namespace clc::gemm::detail {
namespace {

Error launch_sm90_debug(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  Debug const& d = plan.debug;
  bool const variant = d.stages != 0 || d.skip_epilogue || d.serial_mma || d.pingpong;
  if (!variant) return launch_sm90(p, plan, maps, info);
  if (p.ab != DType::BF16 || plan.source != SourceKind::Ticket)
    return not_supported(std::string("the debug kernel variants exist for bf16 A/B and source Ticket (got ") +
                         to_string(p.ab) + ", " + clc::to_string(plan.source) + ")");
  using Src = source::Ticket;
  if (d.pingpong) {
    if (!fast_kernel(p, plan, maps) || p.d_transposed)
      return not_supported("debug.pingpong: the plan is not the common case's (A and B row-major, D of their type "
                           "through the TMA store, whole tiles, not swapped)");
    if (plan.tile_n == 64) return sm90_launch<DType::BF16, Src, 64, kSm90FastPingPong>(p, plan, maps, info);
    if (plan.tile_n == 128) return sm90_launch<DType::BF16, Src, 128, kSm90FastPingPong>(p, plan, maps, info);
    return not_supported("debug.pingpong: 64- and 128-wide tiles only (the plan's are " + std::to_string(plan.tile_n) +
                         " wide)");
  }
  if (d.skip_epilogue) return sm90_launch_tile<DType::BF16, Src, kSm90SkipEpilogue>(p, plan, maps, info);
  if (d.serial_mma) return sm90_launch_tile<DType::BF16, Src, kSm90SerialMma>(p, plan, maps, info);
  if (d.stages == 2) return sm90_launch_tile<DType::BF16, Src, kSm90Normal, 2>(p, plan, maps, info);
  return sm90_launch_tile<DType::BF16, Src, kSm90Normal, 3>(p, plan, maps, info);
}

}  // namespace

Error run_debug(Arguments const& args, cudaStream_t stream, Options const& opts, Debug const& debug, RunInfo* info) {
  if (debug.stages != 0 && debug.stages != 2 && debug.stages != 3)
    return invalid_argument("debug.stages must be 0 (the kernel's own), 2 or 3 (got " + std::to_string(debug.stages) +
                            ")");
  if (int(debug.stages != 0) + int(debug.skip_epilogue) + int(debug.serial_mma) + int(debug.pingpong) > 1)
    return invalid_argument("debug: at most one of stages, skip_epilogue, serial_mma and pingpong at a time");
  return run(args, stream, opts, debug, &launch_sm90_debug, info);
}

}  // namespace clc::gemm::detail
