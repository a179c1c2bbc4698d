// 16-CTA clusters (non-portable) under the runtime and, without the runtime, the bare delivery
// pattern the Ticket emulation uses (remote expect_tx arm, st.async with complete_tx into every CTA,
// remote arrive on rank 0's empty barrier). The two exist side by side so that a tool or driver
// problem with 16-CTA clusters can be told apart from a runtime bug (docs/protocol.md, issue 9 §6).
#include <cstdint>
#include <string>
#include <vector>

#include "device_common.cuh"

namespace {

using clc::detail::cluster_num_ctas;
using clc::detail::cluster_rank;

//! `rounds` responses from rank 0 to every CTA of the cluster. mode 0: the CTAs meet at a cluster
//! barrier after each read; mode 1: each CTA releases the slot with a remote arrive on rank 0's
//! empty barrier (the runtime's protocol, Stages = 1). out[block * rounds + r] = 1 when CTA `block`
//! read round r's response with its own rank in it.
__global__ void delivery_probe(unsigned* out, int rounds, int mode) {
  __shared__ alignas(16) uint4 slot;
  __shared__ std::uint64_t full;
  __shared__ std::uint64_t empty;
  unsigned const rank = cluster_rank();
  unsigned const n = cluster_num_ctas();
  if (threadIdx.x == 0) {
    clc::detail::mbarrier_init(&full, 1);
    clc::detail::mbarrier_init(&empty, n);
    clc::detail::fence_barrier_init();
  }
  clc::detail::cluster_sync();
  for (int r = 0; r < rounds; ++r) {
    std::uint32_t const phase = std::uint32_t(r) & 1u;
    if (rank == 0 && threadIdx.x == 0) {
      // producer: the slot is free (round 0, or every CTA released the previous round)
      if (mode == 1 && r > 0) clc::detail::mbarrier_wait(&empty, phase ^ 1u);
      clc::detail::mbarrier_arrive_expect_tx_local(&full, 16);
      for (unsigned p = 1; p < n; ++p) clc::detail::mbarrier_arrive_expect_tx_remote(&full, p, 16);
      for (unsigned p = 0; p < n; ++p) clc::detail::st_async_16(&slot, &full, p, uint4{unsigned(r) + 1u, p, 7u, 9u});
    }
    clc::detail::mbarrier_wait(&full, phase);
    uint4 const v = clc::detail::load_response(&slot);
    if (threadIdx.x == 0) {
      out[std::int64_t(blockIdx.x) * rounds + r] = (v.x == unsigned(r) + 1u && v.y == rank && v.z == 7u && v.w == 9u);
    }
    clc::detail::fence_generic_to_async_shared();
    __syncthreads();
    if (mode == 0) {
      clc::detail::cluster_sync();
    } else if (threadIdx.x == 0) {
      if (rank == 0) {
        clc::detail::mbarrier_arrive_local(&empty);
      } else {
        clc::detail::mbarrier_arrive_remote(&empty, 0);
      }
    }
  }
  if (mode == 1 && rank == 0 && threadIdx.x == 0) clc::detail::mbarrier_wait(&empty, std::uint32_t(rounds - 1) & 1u);
  clc::detail::cluster_sync();  // no CTA exits while a peer may still write into it
}

TEST(SixteenCta, BareDeliveryPattern) {
  CLC_REQUIRE_GPU();
  CUDA_OK(cudaFuncSetAttribute(delivery_probe, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  for (int cluster : {2, 8, 16}) {
    for (int mode : {0, 1}) {
      for (int threads : {128, 320}) {
        SCOPED_TRACE(::testing::Message() << "cluster " << cluster << "x1 mode " << mode << " threads " << threads);
        int const rounds = 64, clusters = 12;
        unsigned const blocks = unsigned(cluster * clusters);
        unsigned* out = nullptr;
        CUDA_OK(cudaMalloc(&out, sizeof(unsigned) * blocks * rounds));
        CUDA_OK(cudaMemset(out, 0, sizeof(unsigned) * blocks * rounds));
        cudaLaunchConfig_t cfg{};
        cudaLaunchAttribute attr{};
        attr.id = cudaLaunchAttributeClusterDimension;
        attr.val.clusterDim.x = unsigned(cluster);
        attr.val.clusterDim.y = 1;
        attr.val.clusterDim.z = 1;
        cfg.gridDim = dim3(blocks);
        cfg.blockDim = dim3(unsigned(threads));
        cfg.attrs = &attr;
        cfg.numAttrs = 1;
        CUDA_OK(cudaLaunchKernelEx(&cfg, delivery_probe, out, rounds, mode));
        CUDA_OK(cudaDeviceSynchronize());
        std::vector<unsigned> h(std::size_t(blocks) * rounds);
        CUDA_OK(cudaMemcpy(h.data(), out, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
        std::size_t bad = 0;
        for (unsigned v : h) bad += v != 1u;
        EXPECT_EQ(bad, 0u) << "responses read wrong or not at all";
        cudaFree(out);
      }
    }
  }
}

// The issue's case: Ticket with 16x1 clusters, 32x49 tiles, Stages 2 and 4, 128 and 320 threads;
// Static and Single beside it.
TEST(SixteenCta, RuntimeBlockLevel) {
  CLC_REQUIRE_GPU();
  struct Case {
    clc::SourceKind source;
    int stages;
    int threads;
  };
  std::vector<Case> const cases = {{clc::SourceKind::Ticket, 2, 128}, {clc::SourceKind::Ticket, 4, 320},
                                   {clc::SourceKind::Ticket, 1, 128}, {clc::SourceKind::Static, 2, 128},
                                   {clc::SourceKind::Single, 2, 128}};
  for (Case const& c : cases) {
    for (clc::GridMode g : {clc::GridMode::ResidentCapacity, clc::GridMode::EveryTile}) {
      if (c.source != clc::SourceKind::Ticket && g == clc::GridMode::EveryTile) continue;  // their grid is fixed
      clc::TileSpace t(32, 49);
      t.with_cluster(16, 1);
      SCOPED_TRACE(::testing::Message() << clc::to_string(c.source) << " " << clc::to_string(g) << " stages " << c.stages
                                        << " threads " << c.threads);
      clc_test::Counters counts(t.tiles());
      clc::LaunchOptions o;
      o.source = c.source;
      o.grid = c.source == clc::SourceKind::Ticket ? g : clc::GridMode::Default;
      o.block_threads = c.threads;
      clc::Error const e = c.stages == 1   ? clc::launch<1>(clc_test::CountTiles{counts.d, nullptr, t}, t, o)
                           : c.stages == 2 ? clc::launch<2>(clc_test::CountTiles{counts.d, nullptr, t}, t, o)
                                           : clc::launch<4>(clc_test::CountTiles{counts.d, nullptr, t}, t, o);
      if (e.status == clc::Status::OutOfResources) GTEST_SKIP() << "16-CTA clusters cannot be resident here: " << e.what();
      CLC_OK(e);
      CUDA_OK(cudaDeviceSynchronize());
      EXPECT_TRUE(clc_test::all_equal(counts.counts(), unsigned(c.threads), t));
    }
  }
}

}  // namespace
