//! @file transpose.cuh
//! @brief A shared-memory tiled matrix transpose (32 x 32 tiles, 32 x 8 blocks, padded rows against
//! bank conflicts): the original grid kernel and its port, side by side.
#pragma once

#include <cstddef>

#include "clc/port.cuh"

namespace transpose {

inline constexpr int kTile = 32;  //!< a block moves one 32 x 32 tile
inline constexpr int kRows = 8;   //!< 32 x 8 threads: each moves kTile / kRows elements

namespace original {

//! out (cols x rows) = transpose of in (rows x cols), both row-major.
//! Launch: grid ((cols + 31) / 32, (rows + 31) / 32), block (32, 8).
__global__ void transpose32(float const* in, float* out, int rows, int cols) {
  __shared__ float tile[kTile][kTile + 1];  // +1: a column read hits 32 different banks
  int x = int(blockIdx.x) * kTile + int(threadIdx.x);
  int y = int(blockIdx.y) * kTile + int(threadIdx.y);
  for (int j = 0; j < kTile; j += kRows)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[std::size_t(y + j) * cols + x];
  __syncthreads();  // the whole tile is loaded before it is read across
  x = int(blockIdx.y) * kTile + int(threadIdx.x);
  y = int(blockIdx.x) * kTile + int(threadIdx.y);
  for (int j = 0; j < kTile; j += kRows)
    if (x < rows && y + j < cols) out[std::size_t(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

}  // namespace original

namespace ported {

//! The same kernel under work stealing. Between two tiles of one CTA the runtime's barrier keeps a
//! fast thread from overwriting `tile` while a slow one still reads the previous tile from it.
__device__ void transpose32(clc::VirtualBlock const& vb, float const* in, float* out, int rows, int cols) {
  __shared__ float tile[kTile][kTile + 1];  // +1: a column read hits 32 different banks
  int x = int(vb.idx.x) * kTile + int(vb.thread.x);
  int y = int(vb.idx.y) * kTile + int(vb.thread.y);
  for (int j = 0; j < kTile; j += kRows)
    if (x < cols && y + j < rows) tile[vb.thread.y + j][vb.thread.x] = in[std::size_t(y + j) * cols + x];
  __syncthreads();  // the whole tile is loaded before it is read across
  x = int(vb.idx.y) * kTile + int(vb.thread.x);
  y = int(vb.idx.x) * kTile + int(vb.thread.y);
  for (int j = 0; j < kTile; j += kRows)
    if (x < rows && y + j < cols) out[std::size_t(y + j) * rows + x] = tile[vb.thread.x][vb.thread.y + j];
}

}  // namespace ported

inline dim3 grid_for(int rows, int cols) { return dim3((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile); }
inline dim3 block() { return dim3(kTile, kRows); }

}  // namespace transpose
