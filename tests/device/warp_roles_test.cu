// The warp-role API (level 2): a scheduler warp, one producer warp that feeds the throttle and two
// consumer warps each see every tile exactly once, for every source, cluster shape and Stages,
// also when the consumers are slower than the producer.
#include <string>
#include <vector>

#include "clc/tools/spin.cuh"
#include "device_common.cuh"

namespace {

struct RolesParams {
  clc::SchedulerParams sched;
  unsigned* counts;  // [3][tiles]: producer, consumer A, consumer B
  unsigned consumer_delay_ns;
};


template <class Source, int Stages>
__global__ void roles_kernel(__grid_constant__ RolesParams const p) {
  using Sched = clc::Scheduler<Source, Stages>;
  __shared__ typename Sched::SharedStorage storage;
  Sched sched(storage, p.sched, /*consumer_warps_per_cta=*/3);
  sched.init();
  int const warp = int(threadIdx.x / 32);
  clc::TileSpace const& ts = p.sched.tiles;
  if (warp == 0) {
    sched.run_scheduler_warp();
  } else {
    clc::Role const role = warp == 1 ? clc::Role::Producer : clc::Role::Consumer;
    for (clc::WorkTile t : sched.tiles(role)) {
      std::int64_t const id = t.x + std::int64_t(ts.x) * (t.y + std::int64_t(ts.y) * t.z);
      if ((threadIdx.x & 31) == 0) atomicAdd(&p.counts[std::int64_t(warp - 1) * ts.tiles() + id], 1u);
      if (role == clc::Role::Consumer) clc::tools::spin_ns(p.consumer_delay_ns * unsigned(warp - 1));
    }
  }
  sched.finish();
}

template <class Source, int Stages>
clc::Error run_roles(clc::TileSpace const& t, clc::GridMode grid, unsigned* counts, unsigned delay) {
  auto kernel = &roles_kernel<Source, Stages>;
  clc::LaunchOptions o;
  o.grid = grid;
  o.block_threads = 128;
  clc::PreparedLaunch pl;
  CLC_TRY(clc::prepare_launch<Source>(kernel, t, o, &pl));
  RolesParams params{pl.sched, counts, delay};
  CLC_CUDA_TRY(cudaLaunchKernelEx(pl.config(), kernel, params));
  return clc::detail::cuda_error(cudaGetLastError(), "roles_kernel launch");
}

template <class Source>
clc::Error run_stages(int stages, clc::TileSpace const& t, clc::GridMode grid, unsigned* counts, unsigned delay) {
  switch (stages) {
    case 1: return run_roles<Source, 1>(t, grid, counts, delay);
    case 2: return run_roles<Source, 2>(t, grid, counts, delay);
    default: return run_roles<Source, 4>(t, grid, counts, delay);
  }
}

struct Shape {
  int x, y;
};

void check_all_roles(clc::SourceKind src, clc::GridMode grid,
                     std::vector<std::pair<int, int>> const& clusters = {{1, 1}, {2, 1}, {2, 2}, {1, 4}},
                     std::vector<Shape> const& shapes = {{1, 1}, {13, 11}, {509, 257}}) {
  for (auto [cx, cy] : clusters) {
    for (int stages : {1, 2, 4}) {
      if (src != clc::SourceKind::Ticket && src != clc::SourceKind::Cancel && stages != 2) continue;
      for (Shape s : shapes) {
        for (unsigned delay : {0u, 2000u}) {
          if (delay && s.x * s.y > 10000) continue;
          clc::TileSpace t(s.x, s.y);
          t.with_cluster(cx, cy).with_swizzle(2);
          SCOPED_TRACE(::testing::Message() << clc::to_string(src) << " " << clc::to_string(grid) << " cluster " << cx
                                            << "x" << cy << " stages " << stages << " tiles " << s.x << "x" << s.y
                                            << " delay " << delay);
          clc_test::Counters counts(3 * t.tiles());
          clc::Error const e =
              src == clc::SourceKind::Ticket   ? run_stages<clc::source::Ticket>(stages, t, grid, counts.d, delay)
              : src == clc::SourceKind::Static ? run_stages<clc::source::Static>(stages, t, grid, counts.d, delay)
              : src == clc::SourceKind::Cancel ? run_stages<clc::source::Cancel>(stages, t, grid, counts.d, delay)
                                               : run_stages<clc::source::Single>(stages, t, grid, counts.d, delay);
          CLC_OK(e);
          CUDA_OK(cudaDeviceSynchronize());
          std::vector<unsigned> const all = counts.counts();
          for (int role = 0; role < 3; ++role) {
            std::vector<unsigned> one(all.begin() + role * t.tiles(), all.begin() + (role + 1) * t.tiles());
            EXPECT_TRUE(clc_test::all_equal(one, 1u, t)) << "role warp " << role;
          }
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
}

TEST(WarpRoles, TicketResidentCapacity) {
  CLC_REQUIRE_GPU();
  check_all_roles(clc::SourceKind::Ticket, clc::GridMode::ResidentCapacity);
}
TEST(WarpRoles, TicketEveryTile) {
  CLC_REQUIRE_GPU();
  check_all_roles(clc::SourceKind::Ticket, clc::GridMode::EveryTile);
}
TEST(WarpRoles, Cancel) {
  CLC_REQUIRE_GPU();
  check_all_roles(clc::SourceKind::Cancel, clc::GridMode::EveryTile);
}
TEST(WarpRoles, Static) {
  CLC_REQUIRE_GPU();
  check_all_roles(clc::SourceKind::Static, clc::GridMode::ResidentCapacity);
}
// For compute-sanitizer (see SanitizerSubset in exactly_once_test.cu for why clusters are split).
TEST(SanitizerSubset, WarpRolesClustered) {
  CLC_REQUIRE_GPU();
  for (clc::GridMode g : {clc::GridMode::ResidentCapacity, clc::GridMode::EveryTile})
    check_all_roles(clc::SourceKind::Ticket, g, {{2, 1}, {2, 2}}, {{13, 11}});
  check_all_roles(clc::SourceKind::Cancel, clc::GridMode::EveryTile, {{2, 1}, {2, 2}}, {{13, 11}});
  check_all_roles(clc::SourceKind::Static, clc::GridMode::ResidentCapacity, {{2, 1}}, {{13, 11}});
}

TEST(SanitizerSubset, WarpRolesOneCta) {
  CLC_REQUIRE_GPU();
  for (clc::GridMode g : {clc::GridMode::ResidentCapacity, clc::GridMode::EveryTile})
    check_all_roles(clc::SourceKind::Ticket, g, {{1, 1}}, {{13, 11}});
  check_all_roles(clc::SourceKind::Cancel, clc::GridMode::EveryTile, {{1, 1}}, {{13, 11}});
}

TEST(WarpRoles, Single) {
  CLC_REQUIRE_GPU();
  check_all_roles(clc::SourceKind::Single, clc::GridMode::EveryTile);
}

}  // namespace
