// Host API argument checks, source resolution and grid sizing (no GPU needed).
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "clc/launch.hpp"

using clc::DeviceFacts;
using clc::GridMode;
using clc::GridPlan;
using clc::SourceKind;
using clc::Status;
using clc::TileSpace;

namespace {

void expect_error(clc::Error const& e, Status s, std::string const& needle) {
  EXPECT_EQ(e.status, s) << e.what();
  EXPECT_NE(e.message.find(needle), std::string::npos) << "message '" << e.message << "' lacks '" << needle << "'";
}

DeviceFacts hopper() {
  DeviceFacts d;
  d.cc_major = 9;
  d.cc_minor = 0;
  d.binary_version = 90;
  return d;
}

DeviceFacts blackwell() {
  DeviceFacts d;
  d.cc_major = 10;
  d.binary_version = 100;
  d.binary_has_multicast = true;
  return d;
}

}  // namespace

TEST(ValidateTiles, RejectsEachBadField) {
  expect_error(clc::validate(TileSpace(0)), Status::InvalidArgument, "tiles.x must be >= 1 (got 0)");
  expect_error(clc::validate(TileSpace(4, -3)), Status::InvalidArgument, "tiles.y must be >= 1 (got -3)");
  expect_error(clc::validate(TileSpace(4, 1, 0)), Status::InvalidArgument, "tiles.z");
  expect_error(clc::validate(TileSpace(4).with_cluster(3, 1)), Status::InvalidArgument, "tiles.cluster_x");
  expect_error(clc::validate(TileSpace(4).with_cluster(1, 0)), Status::InvalidArgument, "tiles.cluster_y");
  expect_error(clc::validate(TileSpace(4).with_cluster(8, 4)), Status::InvalidArgument, "at most 16");
  expect_error(clc::validate(TileSpace(4).with_swizzle(0)), Status::InvalidArgument, "tiles.swizzle");
  expect_error(clc::validate(TileSpace(65536, 65536)), Status::InvalidArgument, "exceeds 2^31-1 tiles");
  expect_error(clc::validate(TileSpace(2147483647).with_cluster(2, 1)), Status::InvalidArgument, "launch slots");
  EXPECT_TRUE(clc::validate(TileSpace(2147483647)).ok());
  EXPECT_TRUE(clc::validate(TileSpace(7, 9, 2).with_cluster(2, 2)).ok());
}

TEST(ValidateOptions, RejectsEachBadField) {
  clc::LaunchOptions o;
  o.block_threads = 100;
  expect_error(clc::validate(o), Status::InvalidArgument, "options.block_threads");
  o.block_threads = 2048;
  expect_error(clc::validate(o), Status::InvalidArgument, "options.block_threads");
  o = {};
  o.inject_failure_rate = 1.0;
  expect_error(clc::validate(o), Status::InvalidArgument, "options.inject_failure_rate");
  o = {};
  o.max_workers = -1;
  expect_error(clc::validate(o), Status::InvalidArgument, "options.max_workers");
  o = {};
  clc::Workspace null_ws;
  o.workspace = &null_ws;
  expect_error(clc::validate(o), Status::InvalidArgument, "null workspace");
  o = {};
  o.source = static_cast<SourceKind>(42);
  expect_error(clc::validate(o), Status::InvalidArgument, "options.source");
  EXPECT_TRUE(clc::validate(clc::LaunchOptions{}).ok());
}

// A borrowed workspace checks the memory it is given (pointer, alignment, size, device) and keeps it
// across a move. The address is never dereferenced on the host, so host memory stands in for device memory.
TEST(Workspace, BorrowChecksTheMemory) {
  alignas(16) static unsigned char memory[64];
  EXPECT_GE(clc::Workspace::bytes(), 12u);
  clc::Workspace ws;
  expect_error(ws.borrow(nullptr, 64, 0), Status::InvalidArgument, "null pointer");
  expect_error(ws.borrow(memory + 4, 60, 0), Status::InvalidArgument, "aligned");
  expect_error(ws.borrow(memory, clc::Workspace::bytes() - 1, 0), Status::InvalidArgument, "bytes");
  expect_error(ws.borrow(memory, 64, -1), Status::InvalidArgument, "device");
  EXPECT_FALSE(ws.valid());
  ASSERT_TRUE(ws.borrow(memory, 64, 3).ok());
  EXPECT_TRUE(ws.valid());
  EXPECT_EQ(static_cast<void*>(ws.get()), static_cast<void*>(memory));
  EXPECT_EQ(ws.device(), 3);
  clc::LaunchOptions o;
  o.workspace = &ws;
  EXPECT_TRUE(clc::validate(o).ok());
  clc::Workspace moved(std::move(ws));
  EXPECT_EQ(static_cast<void*>(moved.get()), static_cast<void*>(memory));
  EXPECT_FALSE(ws.valid());
}

TEST(ResolveSource, AutoPicksTicketOnHopperHardwareOnBlackwell) {
  SourceKind s = SourceKind::Auto;
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, TileSpace(10), hopper(), &s).ok());
  EXPECT_EQ(s, SourceKind::Ticket);
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, TileSpace(10).with_cluster(2, 1), blackwell(), &s).ok());
  EXPECT_EQ(s, SourceKind::Hardware);
  DeviceFacts bw_old_binary = blackwell();
  bw_old_binary.binary_version = 90;
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, TileSpace(10), bw_old_binary, &s).ok());
  EXPECT_EQ(s, SourceKind::Ticket);
}

TEST(ResolveSource, RefusesWhatTheTargetCannotRun) {
  SourceKind s = SourceKind::Auto;
  expect_error(clc::resolve_source(SourceKind::Hardware, TileSpace(10), hopper(), &s), Status::NotSupported,
               "source Hardware needs cluster launch control");
  DeviceFacts bw = blackwell();
  bw.binary_version = 90;
  expect_error(clc::resolve_source(SourceKind::Hardware, TileSpace(10), bw, &s), Status::NotSupported, "100a");
  bw = blackwell();
  bw.binary_has_multicast = false;
  expect_error(clc::resolve_source(SourceKind::Hardware, TileSpace(10).with_cluster(2, 1), bw, &s),
               Status::NotSupported, "multicast");
  DeviceFacts ampere = hopper();
  ampere.cc_major = 8;
  expect_error(clc::resolve_source(SourceKind::Ticket, TileSpace(10), ampere, &s), Status::NotSupported, "sm_90");
  DeviceFacts no_clusters = hopper();
  no_clusters.cluster_launch = false;
  expect_error(clc::resolve_source(SourceKind::Static, TileSpace(10), no_clusters, &s), Status::NotSupported,
               "cluster launch");
}

TEST(PlanGrid, DefaultModesPerSource) {
  TileSpace t(1000, 3);
  GridPlan p;
  ASSERT_TRUE(clc::plan_grid(t, SourceKind::Ticket, GridMode::Default, 264, 0, &p).ok());
  EXPECT_EQ(p.grid, GridMode::ResidentCapacity);
  EXPECT_EQ(p.workers, 264);
  EXPECT_EQ(p.grid_dim.x, 264u);
  ASSERT_TRUE(clc::plan_grid(t, SourceKind::Static, GridMode::Default, 264, 100, &p).ok());
  EXPECT_EQ(p.workers, 100);
  ASSERT_TRUE(clc::plan_grid(t, SourceKind::Single, GridMode::Default, 264, 0, &p).ok());
  EXPECT_EQ(p.grid, GridMode::EveryTile);
  EXPECT_EQ(p.grid_dim.x, 1000u);
  EXPECT_EQ(p.grid_dim.y, 3u);
  EXPECT_EQ(p.workers, 3000);
  ASSERT_TRUE(clc::plan_grid(t, SourceKind::Hardware, GridMode::Default, 264, 0, &p).ok());
  EXPECT_EQ(p.grid, GridMode::EveryTile);
  ASSERT_TRUE(clc::plan_grid(t, SourceKind::Ticket, GridMode::EveryTile, 264, 0, &p).ok());
  EXPECT_EQ(p.workers, 3000);
}

TEST(PlanGrid, ClustersAndSmallSpaces) {
  TileSpace t(7, 5);
  t.with_cluster(2, 2);  // 4 x 3 clusters
  GridPlan p;
  ASSERT_TRUE(clc::plan_grid(t, SourceKind::Ticket, GridMode::EveryTile, 33, 0, &p).ok());
  EXPECT_EQ(p.grid_dim.x, 8u);
  EXPECT_EQ(p.grid_dim.y, 6u);
  EXPECT_EQ(p.cluster_dim.x, 2u);
  EXPECT_EQ(p.cluster_dim.y, 2u);
  ASSERT_TRUE(clc::plan_grid(t, SourceKind::Ticket, GridMode::ResidentCapacity, 33, 0, &p).ok());
  EXPECT_EQ(p.workers, 12);  // fewer clusters than capacity: never launch idle workers
  EXPECT_EQ(p.grid_dim.x, 24u);
  EXPECT_EQ(p.grid_dim.y, 2u);
  TileSpace lin(2, 100000);
  ASSERT_TRUE(clc::plan_grid(lin, SourceKind::Single, GridMode::EveryTile, 1, 0, &p).ok());
  EXPECT_EQ(p.grid_dim.x, 200000u);
  EXPECT_EQ(p.grid_dim.y, 1u);
}

TEST(PlanGrid, RefusesImpossibleCombinations) {
  GridPlan p;
  expect_error(clc::plan_grid(TileSpace(9), SourceKind::Hardware, GridMode::ResidentCapacity, 10, 0, &p),
               Status::InvalidArgument, "ResidentCapacity is not valid for source Hardware");
  expect_error(clc::plan_grid(TileSpace(9), SourceKind::Single, GridMode::ResidentCapacity, 10, 0, &p),
               Status::InvalidArgument, "Single");
  expect_error(clc::plan_grid(TileSpace(9), SourceKind::Ticket, GridMode::ResidentCapacity, 0, 0, &p),
               Status::OutOfResources, "resident");
}

TEST(Status, ToStringAndWhat) {
  clc::Error e = clc::invalid_argument("tiles.x must be >= 1 (got 0)");
  EXPECT_FALSE(e.ok());
  EXPECT_TRUE(static_cast<bool>(e));
  EXPECT_EQ(e.what(), "invalid argument: tiles.x must be >= 1 (got 0)");
  EXPECT_STREQ(clc::to_string(Status::NotSupported), "not supported");
  EXPECT_TRUE(clc::success().ok());
}
