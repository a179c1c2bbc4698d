// Ticket response encoding and failure injection (host side of the emulation).
#include <gtest/gtest.h>

#include "clc/source/ticket.cuh"

using clc::ClusterCoord;
using clc::source::FetchContext;
using clc::source::Ticket;

TEST(TicketSource, EncodeDecodeRoundTrip) {
  clc::TileSpace t(37, 11, 3);
  t.with_cluster(2, 1);
  for (int L = 0; L < t.clusters(); ++L) {
    ClusterCoord const f = t.first_slot_of_cluster(L);
    uint4 const r = Ticket::encode(true, f);
    ClusterCoord got{-1, -1, -1};
    ASSERT_TRUE(Ticket::decode(r, &got));
    EXPECT_EQ(got.x, f.x);
    EXPECT_EQ(got.y, f.y);
    EXPECT_EQ(got.z, f.z);
    EXPECT_EQ(t.cluster_index_of_slot(got.x, got.y, got.z), L);
  }
}

TEST(TicketSource, FailedResponseLeavesCoordinateUntouched) {
  uint4 const r = Ticket::encode(false, ClusterCoord{5, 6, 7});
  ClusterCoord got{-1, -2, -3};
  EXPECT_FALSE(Ticket::decode(r, &got));
  EXPECT_EQ(got.x, -1);
  EXPECT_EQ(got.y, -2);
  EXPECT_EQ(got.z, -3);
}

TEST(TicketSource, FirstClaimNeverInjectedAndRateRoughlyHonoured) {
  FetchContext c;
  c.fail_threshold = 0x40000000u;  // 25 %
  c.seed = 99;
  int fails = 0;
  int const n = 20000;
  for (unsigned w = 0; w < 100; ++w) {
    c.worker = w;
    c.step = 0;
    EXPECT_FALSE(Ticket::inject_failure(c)) << "worker " << w;
    for (unsigned s = 1; s <= n / 100; ++s) {
      c.step = s;
      fails += Ticket::inject_failure(c) ? 1 : 0;
    }
  }
  EXPECT_GT(fails, n / 5);
  EXPECT_LT(fails, n * 3 / 10);
  c.fail_threshold = 0;
  c.step = 5;
  EXPECT_FALSE(Ticket::inject_failure(c));
}
