// 00_hello_tiles: the smallest clc program. A tile functor, a tile space, one launch per work
// source; prints which source ran, how many workers started and how many tiles each one ran.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "clc/clc.cuh"
#include "clc/device_presence.hpp"

// The whole user-side code: what one CTA does with one tile.
struct Hello {
  unsigned* tiles_per_cta;  // indexed by the CTA's launch slot
  unsigned* runs_per_tile;  // indexed by tile
  __device__ void operator()(clc::WorkTile const& t) const {
    if (threadIdx.x == 0) {
      atomicAdd(&tiles_per_cta[blockIdx.x], 1u);
      atomicAdd(&runs_per_tile[t.x], 1u);
    }
  }
};

#define CHECK(call)                                                                              \
  do {                                                                                           \
    cudaError_t e_ = (call);                                                                     \
    if (e_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(e_));                   \
      return 1;                                                                                  \
    }                                                                                            \
  } while (0)

int main() {
  clc::GpuPresence gpus;
  if (clc::Error e = clc::detect_gpus(&gpus)) {  // a GPU is there but unusable: fail, naming the CUDA error
    std::fprintf(stderr, "%s\n", e.what().c_str());
    return 1;
  }
  if (gpus.devices == 0) {
    std::printf("%s: skipping (this example needs an sm_90 or newer GPU)\n", gpus.why_none.c_str());
    return 0;
  }
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (sm_%d%d, %d SMs)\n\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount);

  int const n = 10000;
  clc::TileSpace const tiles(n);
  unsigned *tiles_per_cta = nullptr, *runs = nullptr;
  CHECK(cudaMalloc(&tiles_per_cta, n * sizeof(unsigned)));
  CHECK(cudaMalloc(&runs, n * sizeof(unsigned)));

  std::printf("%-9s %-16s %8s %8s %10s %10s  %s\n", "source", "grid", "launched", "worked", "min tiles", "max tiles",
              "every tile once?");
  bool ok = true;
  for (clc::SourceKind src : {clc::SourceKind::Auto, clc::SourceKind::Ticket, clc::SourceKind::Static,
                              clc::SourceKind::Single, clc::SourceKind::Hardware}) {
    CHECK(cudaMemset(tiles_per_cta, 0, n * sizeof(unsigned)));
    CHECK(cudaMemset(runs, 0, n * sizeof(unsigned)));
    clc::LaunchOptions opts;
    opts.source = src;
    clc::LaunchInfo info;
    clc::Error const err = clc::launch(Hello{tiles_per_cta, runs}, tiles, opts, &info);
    if (!err.ok()) {
      std::printf("%-9s refused: %s\n", clc::to_string(src), err.what().c_str());
      if (src != clc::SourceKind::Hardware) ok = false;  // Hardware needs sm_100; elsewhere a refusal is right
      continue;
    }
    CHECK(cudaDeviceSynchronize());
    std::vector<unsigned> per_cta(n), per_tile(n);
    CHECK(cudaMemcpy(per_cta.data(), tiles_per_cta, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(per_tile.data(), runs, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    unsigned const launched = info.grid_dim.x;
    std::vector<unsigned> worked;
    for (unsigned i = 0; i < launched; ++i)
      if (per_cta[i] > 0) worked.push_back(per_cta[i]);
    bool const once = std::all_of(per_tile.begin(), per_tile.end(), [](unsigned c) { return c == 1; });
    ok = ok && once;
    char label[32];
    std::snprintf(label, sizeof label, "%s", clc::to_string(info.grid));
    std::printf("%-9s %-16s %8u %8zu %10u %10u  %s\n",
                (std::string(clc::to_string(info.source)) + (src == clc::SourceKind::Auto ? "*" : "")).c_str(), label,
                launched, worked.size(), worked.empty() ? 0 : *std::min_element(worked.begin(), worked.end()),
                worked.empty() ? 0 : *std::max_element(worked.begin(), worked.end()), once ? "yes" : "NO");
  }
  std::printf("\n* Auto resolved to this source. 'launched' CTAs started; 'worked' of them ran at least one tile.\n");
  cudaFree(tiles_per_cta);
  cudaFree(runs);
  return ok ? 0 : 1;
}
