//! @file trace_gpu_test.cu
//! @brief A traced launch on the GPU: every tile appears once in the trace, with start <= end, a
//! valid SM id and CTA rank, tiles of one CTA never overlap in time, and the functor saw each tile
//! exactly once. Covers Ticket (1- and 2-CTA clusters), Static and Single.
#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include "clc/tools/spin.cuh"

#include <clc/clc.cuh>
#include <gpu_trace.cuh>

#include "clc_test.hpp"

namespace {

struct CountAndSpin {
  unsigned* counts;
  clc::TileSpace tiles;
  unsigned long long spin_ns;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (threadIdx.x == 0) {
      std::int64_t const id = t.x + std::int64_t(tiles.x) * (t.y + std::int64_t(tiles.y) * t.z);
      atomicAdd(&counts[id], 1u);
      clc::tools::spin_ns(spin_ns);
    }
  }
};

void traced_run(clc::SourceKind source, clc::TileSpace const& tiles) {
  int dev = 0, sms = 0;
  CUDA_OK(cudaGetDevice(&dev));
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  unsigned* counts = nullptr;
  std::size_t const n = static_cast<std::size_t>(tiles.tiles());
  CUDA_OK(cudaMalloc(&counts, n * sizeof(unsigned)));
  CUDA_OK(cudaMemset(counts, 0, n * sizeof(unsigned)));

  clc::LaunchOptions opts;
  opts.source = source;
  clc::TraceBuffer buf;
  std::vector<clc::TileTraceRecord> recs;
  clc::LaunchInfo info;
  CLC_OK(clc::launch_traced(CountAndSpin{counts, tiles, 2000}, tiles, opts, buf, &recs, &info));
  EXPECT_EQ(info.source, source);

  std::vector<unsigned> host(n);
  CUDA_OK(cudaMemcpy(host.data(), counts, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_OK(cudaFree(counts));
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(host[i], 1u) << "tile " << i << " ran " << host[i] << " times";

  CLC_OK(clc::check_tile_trace(recs, tiles, sms));
  std::map<std::pair<int, int>, std::vector<std::pair<std::uint64_t, std::uint64_t>>> by_cta;
  for (auto const& r : recs) {
    EXPECT_EQ(r.source, static_cast<int>(source));
    by_cta[{r.worker, r.cta_rank}].push_back({r.start_ns, r.end_ns});
  }
  for (auto& [cta, spans] : by_cta) {
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 1; i < spans.size(); ++i)
      EXPECT_LE(spans[i - 1].second, spans[i].first) << "worker " << cta.first << " rank " << cta.second;
  }
  // The export takes the real trace as it is.
  auto json = clc::to_chrome_trace_json(recs);
  EXPECT_TRUE(json.ok());
}

TEST(GpuTrace, TicketEveryTileOnceWithValidSm) {
  CLC_REQUIRE_GPU();
  traced_run(clc::SourceKind::Ticket, clc::TileSpace(1000));
}

TEST(GpuTrace, TicketCluster2x1TwoDimensional) {
  CLC_REQUIRE_GPU();
  traced_run(clc::SourceKind::Ticket, clc::TileSpace(37, 11).with_cluster(2, 1));
}

TEST(GpuTrace, StaticAndSingle) {
  CLC_REQUIRE_GPU();
  traced_run(clc::SourceKind::Static, clc::TileSpace(777));
  traced_run(clc::SourceKind::Single, clc::TileSpace(300, 2));
}

TEST(GpuTrace, NullOutputIsAnError) {
  CLC_REQUIRE_GPU();
  clc::TraceBuffer buf;
  clc::Error const e = clc::launch_traced(CountAndSpin{nullptr, clc::TileSpace(1), 0}, clc::TileSpace(1), {}, buf, nullptr);
  EXPECT_FALSE(e.ok());
}

}  // namespace
