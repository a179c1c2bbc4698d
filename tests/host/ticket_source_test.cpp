// Ticket response encoding and failure injection (host side of the emulation).
#include <gtest/gtest.h>

#include "clc/source/ticket.cuh"
#include "clc/testing/fault_injection.hpp"
#include "clc/tile_map.cuh"

using clc::ClusterCoord;
using clc::source::Ticket;

TEST(TicketSource, EncodeDecodeRoundTrip) {
  clc::TileSpace t(37, 11, 3);
  t.with_cluster(2, 1);
  clc::TileMap const m(t);
  for (int L = 0; L < t.clusters(); ++L) {
    ClusterCoord const f = m.first_slot_of_cluster(L);
    uint4 const r = Ticket::encode(1u, f);
    ClusterCoord got{-1, -1, -1};
    ASSERT_EQ(Ticket::decode(r, &got), 1u);
    EXPECT_EQ(got.x, f.x);
    EXPECT_EQ(got.y, f.y);
    EXPECT_EQ(got.z, f.z);
    EXPECT_EQ(m.cluster_index_of_slot(got.x, got.y, got.z), L);
  }
}

TEST(TicketSource, FailedResponseLeavesCoordinateUntouched) {
  uint4 const r = Ticket::encode(0u, ClusterCoord{5, 6, 7});
  ClusterCoord got{-1, -2, -3};
  EXPECT_EQ(Ticket::decode(r, &got), 0u);
  EXPECT_EQ(got.x, -1);
  EXPECT_EQ(got.y, -2);
  EXPECT_EQ(got.z, -3);
}

TEST(TicketSource, FirstClaimNeverInjectedAndRateRoughlyHonoured) {
  clc::testing::FaultParams f{0x40000000u, 99};  // 25 %
  int fails = 0;
  int const n = 20000;
  for (unsigned w = 0; w < 100; ++w) {
    EXPECT_FALSE(clc::testing::inject_failure(f, w, 0)) << "worker " << w;
    for (unsigned s = 1; s <= n / 100; ++s) fails += clc::testing::inject_failure(f, w, s) ? 1 : 0;
  }
  EXPECT_GT(fails, n / 5);
  EXPECT_LT(fails, n * 3 / 10);
  f.threshold = 0;
  EXPECT_FALSE(clc::testing::inject_failure(f, 3, 5));
}

TEST(TicketSource, RangeResponsesCarryTheirCount) {
  ClusterCoord got{};
  EXPECT_EQ(Ticket::decode(Ticket::encode(13u, ClusterCoord{4, 2, 1}), &got), 13u);
  EXPECT_EQ(got.x, 4);
  EXPECT_EQ(got.y, 2);
  EXPECT_EQ(got.z, 1);
}

TEST(TicketSource, GuidedGrainShrinksToOneAtTheTail) {
  // max_grain 1: always one cluster, like hardware CLC.
  EXPECT_EQ(Ticket::grain(1000000, 132, 1), 1u);
  // Plenty left: capped at max_grain.
  EXPECT_EQ(Ticket::grain(1000000, 132, 16), 16u);
  // A quarter share of what remains: 4000 / (4 * 132) = 7.
  EXPECT_EQ(Ticket::grain(4000, 132, 16), 7u);
  // Tail: never below one, also when the racy estimate overshoots.
  EXPECT_EQ(Ticket::grain(100, 132, 16), 1u);
  EXPECT_EQ(Ticket::grain(0, 132, 16), 1u);
  EXPECT_EQ(Ticket::grain(-50, 132, 16), 1u);
  EXPECT_EQ(Ticket::grain(5000, 0, 16), 16u);  // zero workers is treated as one
  EXPECT_EQ(Ticket::grain(2147483647, 2147483647, 64), 1u);  // no overflow at the limits
  // Monotone in what remains.
  unsigned prev = 0;
  for (std::int64_t r = 0; r < 10000; r += 37) {
    unsigned const g = Ticket::grain(r, 64, 32);
    EXPECT_GE(g, prev);
    prev = g;
  }
}
