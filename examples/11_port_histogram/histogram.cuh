//! @file histogram.cuh
//! @brief A 256-bin byte histogram with the "last block done" pattern: every block counts its chunk
//! in shared memory and writes a partial histogram; the block that finishes last (a global counter)
//! adds the partials in block order. The original grid kernel and its port, side by side.
#pragma once

#include <cstddef>

#include "clc/port.cuh"

namespace histogram {

inline constexpr int kBins = 256;
inline constexpr int kThreads = 256;                    //!< 1-D blocks of 256 threads
inline constexpr int kItemsPerBlock = kThreads * 128;   //!< bytes counted by one block

namespace original {

//! partials[b][bin] = counts of block b's chunk; hist[bin] = sum over blocks. `blocks_done` must be 0
//! before the first launch; the last block wraps it back to 0 (atomicInc), so launches need no memset.
//! Launch: grid ((n + kItemsPerBlock - 1) / kItemsPerBlock), block (kThreads).
__global__ void histogram256(unsigned char const* data, std::size_t n, unsigned* partials, unsigned* hist,
                             unsigned* blocks_done) {
  __shared__ unsigned bins[kBins];
  __shared__ bool is_last;
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) bins[b] = 0;
  __syncthreads();  // every bin is zero before any thread counts
  std::size_t const begin = std::size_t(blockIdx.x) * kItemsPerBlock;
  std::size_t const end = begin + kItemsPerBlock < n ? begin + kItemsPerBlock : n;
  for (std::size_t i = begin + threadIdx.x; i < end; i += blockDim.x) atomicAdd(&bins[data[i]], 1u);
  __syncthreads();  // every count of this block is in
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) partials[std::size_t(blockIdx.x) * kBins + b] = bins[b];
  __threadfence();  // this thread's partials are visible device-wide before the block reports done
  __syncthreads();  // ... for every thread of the block
  if (threadIdx.x == 0) is_last = atomicInc(blocks_done, gridDim.x - 1) == gridDim.x - 1;
  __syncthreads();  // is_last is visible to the whole block
  if (is_last) {
    __threadfence();  // acquire: the other blocks' partials, published before their count
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
      unsigned sum = 0;
      for (unsigned k = 0; k < gridDim.x; ++k) sum += __ldcg(&partials[std::size_t(k) * kBins + b]);
      hist[b] = sum;
    }
  }
}

}  // namespace original

namespace ported {

//! The same kernel under work stealing. `vb.dim.x` is the number of *tiles* (original blocks), not of
//! launched CTAs: the "last block" is the last tile to finish.
__device__ void histogram256(clc::VirtualBlock const& vb, unsigned char const* data, std::size_t n, unsigned* partials,
                             unsigned* hist, unsigned* blocks_done) {
  __shared__ unsigned bins[kBins];
  __shared__ bool is_last;
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) bins[b] = 0;
  __syncthreads();  // every bin is zero before any thread counts
  std::size_t const begin = std::size_t(vb.idx.x) * kItemsPerBlock;
  std::size_t const end = begin + kItemsPerBlock < n ? begin + kItemsPerBlock : n;
  for (std::size_t i = begin + threadIdx.x; i < end; i += blockDim.x) atomicAdd(&bins[data[i]], 1u);
  __syncthreads();  // every count of this block is in
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) partials[std::size_t(vb.idx.x) * kBins + b] = bins[b];
  __threadfence();  // this thread's partials are visible device-wide before the block reports done
  __syncthreads();  // ... for every thread of the block
  if (threadIdx.x == 0) is_last = atomicInc(blocks_done, vb.dim.x - 1) == vb.dim.x - 1;
  __syncthreads();  // is_last is visible to the whole block
  if (is_last) {
    __threadfence();  // acquire: the other blocks' partials, published before their count
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
      unsigned sum = 0;
      for (unsigned k = 0; k < vb.dim.x; ++k) sum += __ldcg(&partials[std::size_t(k) * kBins + b]);
      hist[b] = sum;
    }
  }
}

}  // namespace ported

inline dim3 grid_for(std::size_t n) { return dim3(unsigned((n + kItemsPerBlock - 1) / kItemsPerBlock)); }
inline dim3 block() { return dim3(kThreads); }

}  // namespace histogram
