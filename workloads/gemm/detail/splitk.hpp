//! @file splitk.hpp
//! @brief Split-K: the reduction of the fp32 partial sums [batch * splits][M][N] into D with alpha and
//! beta * C, in a fixed order (split 0 first): bit-identical run to run.
#pragma once

#include "clc/tile_map.cuh"
#include "problem.hpp"

namespace clc::gemm::detail {

//! Launch the reduction of plan.partials on plan.launch.stream (kernels/splitk_reduce.cu).
Error splitk_reduce(Problem const& p, Plan const& plan);

//! Split tail: D of the last plan.tail_clusters clusters of `real_map` (tiles 128 x bn) = alpha * the
//! sum of their plan.tail_split pieces (piece 0 first) + beta * C, on plan.launch.stream.
Error tail_reduce(Problem const& p, Plan const& plan, TileMap const& real_map, int bn);

}  // namespace clc::gemm::detail
