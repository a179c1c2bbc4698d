//! @file port/virtual_block.hpp
//! @brief `VirtualBlock` (what a ported body reads instead of `blockIdx`/`gridDim`/`threadIdx`/
//! `blockDim`) and the pure mapping between an original launch shape and a tile space. Plain C++:
//! the host tests check it without a GPU.
#pragma once

#include <cstdint>
#include <string>

#include <cuda_runtime_api.h>

#include "../config.cuh"
#include "../status.hpp"
#include "../tile_map.cuh"
#include "../tile_space.cuh"
#include "../work_tile.cuh"

namespace clc {

//! What a ported body sees instead of the built-in launch indices.
struct VirtualBlock {
  uint3 idx{0, 0, 0};     //!< was `blockIdx`: the tile this CTA runs now
  dim3 dim{1, 1, 1};      //!< was `gridDim`: the original grid (tiles, not launched CTAs)
  uint3 thread{0, 0, 0};  //!< was `threadIdx`: this thread's index in the original block shape
  dim3 block{1, 1, 1};    //!< was `blockDim`: the original block shape
};

namespace port {

//! Threads of a block shape.
CLC_HOST_DEVICE constexpr std::int64_t threads_of(dim3 block) {
  return std::int64_t(block.x) * std::int64_t(block.y) * std::int64_t(block.z);
}

//! The 3-D thread index that linear thread `linear` has in a block of shape `block` (x fastest, as
//! CUDA lays a block onto warps).
CLC_HOST_DEVICE constexpr uint3 thread_of(unsigned linear, dim3 block) {
  unsigned const x = linear % block.x;
  unsigned const rest = linear / block.x;
  return uint3{x, rest % block.y, rest / block.y};
}

//! thread_of with the divisions precomputed: `div_x` divides by block.x, `div_xy` by block.x * block.y
//! (what the ported kernel uses per tile; the host tests check it against thread_of).
CLC_HOST_DEVICE constexpr uint3 thread_of(unsigned linear, FastDiv const& div_x, FastDiv const& div_xy) {
  unsigned const z = div_xy.div(linear);
  unsigned const xy = linear - z * div_xy.divisor();
  unsigned const y = div_x.div(xy);
  return uint3{xy - y * div_x.divisor(), y, z};
}

//! Inverse of thread_of.
CLC_HOST_DEVICE constexpr unsigned linear_thread_of(uint3 t, dim3 block) {
  return t.x + block.x * (t.y + block.y * t.z);
}

//! Blocks of an original grid.
CLC_HOST_DEVICE constexpr std::int64_t blocks_of(dim3 grid) {
  return std::int64_t(grid.x) * std::int64_t(grid.y) * std::int64_t(grid.z);
}

//! The tiles of an original grid: tile t runs the original blocks t * blocks_per_tile, ... (their
//! linear numbers in launch order, x fastest; the last tile may run fewer), 1-D, 1-CTA clusters.
//! Tiles are handed out in that order, as a plain launch hands out blocks.
CLC_HOST_DEVICE constexpr TileSpace tile_space_of(dim3 grid, int blocks_per_tile = 1) {
  return TileSpace(int((blocks_of(grid) + blocks_per_tile - 1) / blocks_per_tile), 1, 1);
}

//! The original block whose linear number (launch order, x fastest) is `b`; `div_gx` divides by
//! grid.x, `div_gxy` by grid.x * grid.y.
CLC_HOST_DEVICE constexpr uint3 block_of(unsigned b, FastDiv const& div_gx, FastDiv const& div_gxy) {
  unsigned const z = div_gxy.div(b);
  unsigned const r = b - z * div_gxy.divisor();
  unsigned const y = div_gx.div(r);
  return uint3{r - y * div_gx.divisor(), y, z};
}

//! The next original block in launch order (x fastest).
CLC_HOST_DEVICE constexpr void next_block(uint3& idx, dim3 grid) {
  if (++idx.x == grid.x) {
    idx.x = 0;
    if (++idx.y == grid.y) {
      idx.y = 0;
      ++idx.z;
    }
  }
}

//! The virtual block of original block `idx`.
CLC_HOST_DEVICE constexpr VirtualBlock virtual_block_of(uint3 idx, dim3 grid, dim3 block, uint3 thread) {
  VirtualBlock vb;
  vb.idx = idx;
  vb.dim = grid;
  vb.thread = thread;
  vb.block = block;
  return vb;
}

namespace detail {
inline std::string shape_string(dim3 d) {
  return std::to_string(d.x) + "x" + std::to_string(d.y) + "x" + std::to_string(d.z);
}
}  // namespace detail

//! Checks an original launch shape. `max_threads` is the body's launch bound (0 = none),
//! `required_block` the shape the body was written for (nullptr = any).
inline Error validate_shape(dim3 grid, dim3 block, int max_threads = 0, dim3 const* required_block = nullptr) {
  using detail::shape_string;
  if (grid.x < 1 || grid.y < 1 || grid.z < 1)
    return invalid_argument("original_grid must be at least 1 in every dimension (got " + shape_string(grid) + ")");
  if (grid.y > kMaxGridYZ || grid.z > kMaxGridYZ || grid.x > kMaxGridX)
    return invalid_argument("original_grid " + shape_string(grid) +
                            " exceeds the CUDA grid limits (x <= 2147483647, y and z <= 65535)");
  std::int64_t const tiles = std::int64_t(grid.x) * grid.y * grid.z;
  if (tiles > kMaxGridX)
    return invalid_argument("original_grid " + shape_string(grid) + " has " + std::to_string(tiles) +
                            " blocks; clc::port runs at most 2147483647 tiles per launch (split the launch)");
  if (block.x < 1 || block.y < 1 || block.z < 1)
    return invalid_argument("original_block must be at least 1 in every dimension (got " + shape_string(block) + ")");
  if (block.x > 1024 || block.y > 1024 || block.z > 64)
    return invalid_argument("original_block " + shape_string(block) +
                            " exceeds the CUDA block limits (x, y <= 1024, z <= 64)");
  std::int64_t const threads = threads_of(block);
  if (threads > 1024)
    return invalid_argument("original_block " + shape_string(block) + " has " + std::to_string(threads) +
                            " threads; a CTA has at most 1024");
  if (threads % 32 != 0)
    return invalid_argument("original_block " + shape_string(block) + " has " + std::to_string(threads) +
                            " threads, not a multiple of 32: clc::port runs whole warps (every thread of a partial "
                            "warp would have to take part in the body's barriers); pad the block to a multiple of 32 "
                            "and guard the extra threads inside the body");
  if (max_threads > 0 && threads > max_threads)
    return invalid_argument("original_block " + shape_string(block) + " has " + std::to_string(threads) +
                            " threads but the body's LaunchBounds allow at most " + std::to_string(max_threads) +
                            " (the original launch would have failed too)");
  if (required_block != nullptr &&
      (required_block->x != block.x || required_block->y != block.y || required_block->z != block.z))
    return invalid_argument("original_block is " + shape_string(block) + " but the body requires " +
                            shape_string(*required_block) + " (Body::required_block)");
  return success();
}

}  // namespace port
}  // namespace clc
