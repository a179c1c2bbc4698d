//! @file device_common.cuh
//! @brief Shared pieces of the GPU tests: a counting functor that proves every tile ran exactly
//! once with its right coordinates, a kernel that holds SMs (interference), and result checks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include "clc/clc.cuh"
#include "clc/tools/interference.hpp"
#include "clc_test.hpp"

namespace clc_test {

//! Every thread of the CTA adds 1 to the tile's counter (so a count of blockDim proves that the
//! whole CTA saw the same tile, once); thread 0 records which worker ran it.
struct CountTiles {
  unsigned* counts;
  int* workers;
  clc::TileSpace tiles;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (t.x < 0 || t.x >= tiles.x || t.y < 0 || t.y >= tiles.y || t.z < 0 || t.z >= tiles.z) {
      __trap();  // a coordinate outside the space: fail the launch loudly
    }
    std::int64_t const id = t.x + std::int64_t(tiles.x) * (t.y + std::int64_t(tiles.y) * t.z);
    atomicAdd(&counts[id], 1u);
    if (workers && threadIdx.x == 0) {
      workers[id] = int(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z));
    }
  }
};

//! Device buffer of `n` counters, zeroed.
struct Counters {
  unsigned* d = nullptr;
  int* w = nullptr;
  std::int64_t n = 0;
  explicit Counters(std::int64_t count, bool with_workers = false) : n(count) {
    EXPECT_EQ(cudaMalloc(&d, std::size_t(n) * sizeof(unsigned)), cudaSuccess);
    EXPECT_EQ(cudaMemset(d, 0, std::size_t(n) * sizeof(unsigned)), cudaSuccess);
    if (with_workers) {
      EXPECT_EQ(cudaMalloc(&w, std::size_t(n) * sizeof(int)), cudaSuccess);
      EXPECT_EQ(cudaMemset(w, 0xff, std::size_t(n) * sizeof(int)), cudaSuccess);  // poison: -1
    }
    // cudaMemset runs on the legacy default stream, asynchronously: a launch on a non-blocking stream
    // does not wait for it. Without this wait, Interference.QuarterOfSmsHeldStillEveryTileOnce saw the
    // zeroing run after the first tiles had counted themselves (the held SMs delayed it), on the H200
    // at 1424c1e: tiles (0,0,0).. counted 0 times. Only the legacy stream: a kernel holding SMs on a
    // non-blocking stream keeps running.
    EXPECT_EQ(cudaStreamSynchronize(cudaStreamLegacy), cudaSuccess);
  }
  ~Counters() {
    cudaFree(d);
    cudaFree(w);
  }
  std::vector<unsigned> counts() const {
    std::vector<unsigned> h(static_cast<std::size_t>(n));
    EXPECT_EQ(cudaMemcpy(h.data(), d, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost), cudaSuccess);
    return h;
  }
  std::vector<int> workers() const {
    std::vector<int> h(static_cast<std::size_t>(n));
    EXPECT_EQ(cudaMemcpy(h.data(), w, h.size() * sizeof(int), cudaMemcpyDeviceToHost), cudaSuccess);
    return h;
  }
};

//! Every counter equals `expected`; reports the first few offenders with their coordinates.
inline ::testing::AssertionResult all_equal(std::vector<unsigned> const& c, unsigned expected, clc::TileSpace const& t) {
  std::int64_t bad = 0;
  std::string first;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i] != expected) {
      if (bad < 5) {
        std::int64_t const x = std::int64_t(i) % t.x, y = (std::int64_t(i) / t.x) % t.y, z = std::int64_t(i) / (std::int64_t(t.x) * t.y);
        first += " (" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + ")=" + std::to_string(c[i]);
      }
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << bad << " of " << c.size() << " tiles ran a wrong number of times (want "
                                       << expected << "):" << first;
}

}  // namespace clc_test
