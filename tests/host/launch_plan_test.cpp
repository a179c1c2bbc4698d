// Host API argument checks, source resolution and grid sizing (no GPU needed).
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "clc/launch.hpp"
#include "clc/source/auto.cuh"
#include "clc/source/ticket.cuh"
#include "clc_test.hpp"

using clc::DeviceFacts;
using clc::GridMode;
using clc::GridPlan;
using clc::KernelFacts;
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
  d.device = 0;
  d.cc_major = 9;
  d.cc_minor = 0;
  d.sm_count = 132;
  d.cluster_launch = true;
  return d;
}

DeviceFacts blackwell() {
  DeviceFacts d = hopper();
  d.cc_major = 10;
  return d;
}

KernelFacts sm90_code() {
  KernelFacts k;
  k.binary_version = 90;
  k.ptx_version = 90;
  return k;
}

// sm_100a code: try_cancel and its multicast form.
KernelFacts sm100a_code() {
  KernelFacts k;
  k.binary_version = 100;
  k.ptx_version = 100;
  k.hardware_clc = true;
  k.multicast = true;
  return k;
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
  // x * y * z past 2^63 (each extent < 2^31): refused, no int64 overflow (the sanitizer build checks it)
  expect_error(clc::validate(TileSpace(2147483647, 2147483647, 2147483647)), Status::InvalidArgument,
               "2147483647 * 2147483647 * 2147483647 exceeds 2^31-1 tiles");
  expect_error(clc::validate(TileSpace(1 << 20, 1 << 20, 1 << 30)), Status::InvalidArgument, "exceeds 2^31-1 tiles");
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
  o.max_grain = -2;
  expect_error(clc::validate(o), Status::InvalidArgument, "options.max_grain");
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
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, GridMode::Default, TileSpace(10), hopper(), sm90_code(), &s).ok());
  EXPECT_EQ(s, SourceKind::Ticket);
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, GridMode::Default, TileSpace(10).with_cluster(2, 1), blackwell(),
                                  sm100a_code(), &s)
                  .ok());
  EXPECT_EQ(s, SourceKind::Hardware);
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, GridMode::EveryTile, TileSpace(10), blackwell(), sm100a_code(), &s)
                  .ok());
  EXPECT_EQ(s, SourceKind::Hardware);
  // Code without CLC on a Blackwell device (an sm_90 build JIT-compiled from compute_90 PTX reports
  // the device's architecture as its binary version): Ticket.
  KernelFacts jit = sm90_code();
  jit.binary_version = 100;
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, GridMode::Default, TileSpace(10), blackwell(), jit, &s).ok());
  EXPECT_EQ(s, SourceKind::Ticket);
}

TEST(ResolveSource, AutoMeansTheSameOnHopperAndBlackwell) {
  // A resident-capacity grid is a Ticket grid on every device: Auto never picks a source that the
  // grid mode would then refuse.
  SourceKind s = SourceKind::Auto;
  for (DeviceFacts const& d : {hopper(), blackwell()}) {
    ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, GridMode::ResidentCapacity, TileSpace(10), d, sm100a_code(), &s)
                    .ok());
    EXPECT_EQ(s, SourceKind::Ticket) << "sm_" << d.cc_major << d.cc_minor;
    GridPlan p;
    EXPECT_TRUE(clc::plan_grid(TileSpace(10), s, GridMode::ResidentCapacity, 264, 0, &p).ok());
  }
  // Clusters without the multicast form: Ticket, on Blackwell as on Hopper.
  KernelFacts no_mc = sm100a_code();
  no_mc.multicast = false;
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, GridMode::Default, TileSpace(10).with_cluster(2, 1), blackwell(),
                                  no_mc, &s)
                  .ok());
  EXPECT_EQ(s, SourceKind::Ticket);
  ASSERT_TRUE(clc::resolve_source(SourceKind::Auto, GridMode::Default, TileSpace(10), blackwell(), no_mc, &s).ok());
  EXPECT_EQ(s, SourceKind::Hardware);  // 1-CTA clusters need no multicast
}

TEST(ResolveSource, RefusesWhatTheTargetCannotRun) {
  SourceKind s = SourceKind::Auto;
  expect_error(clc::resolve_source(SourceKind::Hardware, GridMode::Default, TileSpace(10), hopper(), sm100a_code(), &s),
               Status::NotSupported, "source Hardware needs cluster launch control");
  // Binary, PTX and the code's own features are each checked.
  KernelFacts k = sm100a_code();
  k.binary_version = 90;
  expect_error(clc::resolve_source(SourceKind::Hardware, GridMode::Default, TileSpace(10), blackwell(), k, &s),
               Status::NotSupported, "100a");
  k = sm100a_code();
  k.ptx_version = 90;  // JIT-compiled from compute_90 PTX: binaryVersion says 100
  expect_error(clc::resolve_source(SourceKind::Hardware, GridMode::Default, TileSpace(10), blackwell(), k, &s),
               Status::NotSupported, "compute_90");
  k = sm100a_code();
  k.hardware_clc = false;
  expect_error(clc::resolve_source(SourceKind::Hardware, GridMode::Default, TileSpace(10), blackwell(), k, &s),
               Status::NotSupported, "no cluster launch control");
  // Plain sm_100 / sm_120 (or 100f, 103a, ...) code with clusters > 1: refused, not a trap later.
  k = sm100a_code();
  k.multicast = false;
  expect_error(clc::resolve_source(SourceKind::Hardware, GridMode::Default, TileSpace(10).with_cluster(2, 1),
                                   blackwell(), k, &s),
               Status::NotSupported, "multicast");
  DeviceFacts ampere = hopper();
  ampere.cc_major = 8;
  expect_error(clc::resolve_source(SourceKind::Ticket, GridMode::Default, TileSpace(10), ampere, sm90_code(), &s),
               Status::NotSupported, "sm_90");
  DeviceFacts no_clusters = hopper();
  no_clusters.cluster_launch = false;
  expect_error(clc::resolve_source(SourceKind::Static, GridMode::Default, TileSpace(10), no_clusters, sm90_code(), &s),
               Status::NotSupported, "cluster launch");
  expect_error(clc::resolve_source(static_cast<SourceKind>(42), GridMode::Default, TileSpace(10), hopper(), sm90_code(),
                                   &s),
               Status::InvalidArgument, "options.source");
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

// Issue 9: the cancellation emulation, the claim timing and per-launch workspace sizes.
TEST(CancelSource, TraitsGridAndResolution) {
  clc::SourceTraits const t = clc::source::traits_of(SourceKind::Cancel);
  EXPECT_EQ(t.kind, SourceKind::Cancel);
  EXPECT_TRUE(t.fetches);
  EXPECT_TRUE(t.first_from_launch_slot);
  EXPECT_TRUE(t.uses_workspace);
  EXPECT_TRUE(t.slot_states);
  EXPECT_TRUE(t.fault_injectable);
  EXPECT_FALSE(t.claims_ranges);  // one cluster per response, as hardware CLC
  EXPECT_STREQ(clc::to_string(SourceKind::Cancel), "Cancel");
  SourceKind r = SourceKind::Auto;
  CLC_OK(clc::resolve_source(SourceKind::Cancel, GridMode::Default, TileSpace(100), hopper(), sm90_code(), &r));
  EXPECT_EQ(r, SourceKind::Cancel);
  CLC_OK(clc::resolve_source(SourceKind::Auto, GridMode::EveryTile, TileSpace(100), hopper(), sm90_code(), &r));
  EXPECT_EQ(r, SourceKind::Ticket);  // Auto never picks the emulation
  GridPlan p;
  CLC_OK(clc::plan_grid(TileSpace(1000).with_cluster(2, 1), SourceKind::Cancel, GridMode::Default, 132, 0, &p));
  EXPECT_EQ(p.grid, GridMode::EveryTile);
  EXPECT_EQ(p.workers, 500);
  expect_error(clc::plan_grid(TileSpace(1000), SourceKind::Cancel, GridMode::ResidentCapacity, 132, 0, &p),
               Status::InvalidArgument, "EveryTile");
}

TEST(Workspace, BytesPerSource) {
  EXPECT_EQ(clc::Workspace::bytes(), sizeof(clc::TicketWorkspace));
  EXPECT_EQ(clc::Workspace::bytes_for(SourceKind::Ticket, TileSpace(1 << 20)), sizeof(clc::TicketWorkspace));
  TileSpace t(1000, 3);
  t.with_cluster(4, 1);  // 250 x 3 clusters
  EXPECT_EQ(clc::Workspace::bytes_for(SourceKind::Cancel, t), sizeof(clc::TicketWorkspace) + 4u * 750u);
  clc::Workspace ws;
  EXPECT_EQ(ws.size(), 0u);
  alignas(16) static unsigned char memory[64];
  CLC_OK(ws.borrow(memory, sizeof(memory), 0));
  EXPECT_EQ(ws.size(), sizeof(memory));
  expect_error(ws.create(8), Status::InvalidArgument, "header");
}

TEST(ValidateOptions, ClaimTiming) {
  clc::LaunchOptions o;
  for (clc::ClaimTiming c : {clc::ClaimTiming::Auto, clc::ClaimTiming::Ahead, clc::ClaimTiming::OnDemand,
                             clc::ClaimTiming::Handback}) {
    o.claim = c;
    CLC_OK(clc::validate(o));
  }
  o.claim = static_cast<clc::ClaimTiming>(7);
  expect_error(clc::validate(o), Status::InvalidArgument, "options.claim");
  o = clc::LaunchOptions{};
  o.source = static_cast<SourceKind>(int(SourceKind::Cancel) + 1);
  expect_error(clc::validate(o), Status::InvalidArgument, "options.source");
  o.source = SourceKind::Cancel;
  CLC_OK(clc::validate(o));
}
