//! @file attention_host_test.cpp
//! @brief clc::attention on the host, no GPU needed: argument checks name the argument before any
//! device call, the key range and mask bounds agree with a brute-force count, the varlen slot list
//! covers every query block exactly once and stays inside the tensors for malformed cu_seqlens, and the
//! tile order keeps GQA groups inside L2 sections and starts causal work with the longest tiles.
#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "clc/tile_map.cuh"

#include "attention/attention.hpp"
#include "attention/detail/problem.hpp"

namespace {

namespace attn = clc::attention;
using attn::detail::key_range;
using attn::detail::locate;
using attn::detail::Problem;

attn::Arguments good_args() {
  static std::uint16_t buf[8];  // never dereferenced: every case below fails before any device work
  attn::Arguments a;
  a.batch = 2;
  a.seqlen_q = a.seqlen_k = 64;
  a.heads_q = 8;
  a.heads_kv = 2;
  a.head_dim = 128;
  a.q = a.k = a.v = buf;
  a.o = buf;
  a.q_stride = a.k_stride = a.v_stride = a.o_stride = attn::bshd_strides(64, 8, 128);
  a.k_stride = a.v_stride = attn::bshd_strides(64, 2, 128);
  return a;
}

void expect_named(attn::Arguments const& a, clc::Status want, char const* word, attn::Options const& o = {}) {
  clc::Error const e = attn::can_implement(a, o);
  EXPECT_EQ(e.status, want) << e.what();
  EXPECT_NE(e.message.find(word), std::string::npos) << "'" << word << "' not named in: " << e.message;
}

TEST(AttentionArgs, ChecksNameTheArgumentWithoutADevice) {
  using S = clc::Status;
  { auto a = good_args(); a.head_dim = 80; expect_named(a, S::NotSupported, "head_dim 80 is not supported (supported: 64, 128, 256)"); }
  { auto a = good_args(); a.heads_kv = 3; expect_named(a, S::InvalidArgument, "heads_q (8) must be a multiple of heads_kv (3)"); }
  { auto a = good_args(); a.heads_kv = 0; expect_named(a, S::InvalidArgument, "heads_kv"); }
  { auto a = good_args(); a.q = nullptr; expect_named(a, S::InvalidArgument, "q is a null pointer"); }
  { auto a = good_args(); a.o = nullptr; expect_named(a, S::InvalidArgument, "o is a null pointer"); }
  { auto a = good_args(); a.seqlen_q = -3; expect_named(a, S::InvalidArgument, "seqlen_q must be >= 0 (got -3)"); }
  { auto a = good_args(); a.seqlen_k = -1; expect_named(a, S::InvalidArgument, "seqlen_k"); }
  { auto a = good_args(); a.v_stride.head = -128; expect_named(a, S::InvalidArgument, "v_stride.head (-128) must be >= 0"); }
  { auto a = good_args(); a.q_stride.batch = std::int64_t(1) << 62; expect_named(a, S::InvalidArgument, "strides of q"); }
  { auto a = good_args(); a.scale = -0.5f; expect_named(a, S::InvalidArgument, "scale"); }
  { auto a = good_args(); a.k = reinterpret_cast<char const*>(a.k) + 1; expect_named(a, S::InvalidArgument, "k is not aligned"); }
  { auto a = good_args(); static int cu[3]; a.cu_seqlens_q = cu; expect_named(a, S::InvalidArgument, "cu_seqlens_k is a null pointer"); }
  { auto a = good_args(); static int cu[3]; a.cu_seqlens_q = a.cu_seqlens_k = cu; a.total_k = -2;
    expect_named(a, S::InvalidArgument, "total_k must be >= 0"); }
  { auto a = good_args(); attn::Options o; o.kernel = attn::Kernel::Sm90; a.q_stride.seq = 1001;
    expect_named(a, S::NotSupported, "q_stride.seq (1001) is not a multiple of 8 elements", o); }
  { auto a = good_args(); attn::Options o; o.kernel = attn::Kernel::Sm90; a.k_stride.dim = 2;
    expect_named(a, S::NotSupported, "k_stride.dim (2) is not 1", o); }
  { auto a = good_args(); attn::Options o; o.order = attn::TileOrder(5); expect_named(a, S::InvalidArgument, "options.order", o); }
  { auto a = good_args(); attn::Options o; o.heads_per_section = -1; expect_named(a, S::InvalidArgument, "options.heads_per_section", o); }
}

//! Brute force: blocks that contain a visible key, and blocks that contain an invisible key among the
//! visited ones, for every row of the query block.
TEST(AttentionTiles, KeyRangeMatchesBruteForce) {
  for (int tile_n : {64, 80, 128})
    for (int len_q : {0, 1, 17, 128, 129, 300})
      for (int len_k : {0, 1, 64, 65, 200, 333})
        for (bool causal : {false, true})
          for (int m0 = 0; m0 < len_q; m0 += 64) {
            auto const r = key_range(m0, 64, len_q, len_k, causal, tile_n);
            int want_blocks = 0;
            for (int n = 0; n * tile_n < len_k + tile_n; ++n) {
              bool any_visible = false;
              for (int j = n * tile_n; j < (n + 1) * tile_n; ++j)
                for (int i = m0; i < m0 + 64; ++i) any_visible |= j < len_k && (!causal || j <= i + len_k - len_q);
              if (any_visible) want_blocks = n + 1;
            }
            SCOPED_TRACE(::testing::Message() << "tile_n " << tile_n << " len_q " << len_q << " len_k " << len_k
                                              << (causal ? " causal" : "") << " m0 " << m0);
            EXPECT_EQ(r.n_blocks, want_blocks);
            // Every visited block that hides a key from some row of the block is masked.
            for (int n = 0; n < r.n_blocks; ++n) {
              bool hides = false;
              for (int j = n * tile_n; j < (n + 1) * tile_n; ++j)
                for (int i = m0; i < m0 + 64; ++i) hides |= !(j < len_k && (!causal || j <= i + len_k - len_q));
              if (hides) EXPECT_GE(n, r.n_blocks - r.n_masked) << "block " << n << " needs the mask";
            }
          }
}

Problem varlen_problem(std::vector<int> const& cu_q, std::vector<int> const& cu_k, int total_q, int total_k,
                       int max_q, int max_k) {
  Problem p;
  p.batch = int(cu_q.size()) - 1;
  p.cu_q = cu_q.data();
  p.cu_k = cu_k.data();
  p.total_q = total_q;
  p.total_k = total_k;
  p.max_q = max_q;
  p.max_k = max_k;
  return p;
}

TEST(AttentionTiles, VarlenSlotsCoverEveryBlockOnce) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    int const batch = 1 + int(rng() % 40);
    std::vector<int> cu_q(batch + 1, 0), cu_k(batch + 1, 0);
    for (int b = 0; b < batch; ++b) {
      int const len = (rng() % 4 == 0) ? 0 : int(rng() % 700);
      cu_q[b + 1] = cu_q[b] + len;
      cu_k[b + 1] = cu_k[b] + int(rng() % 500);
    }
    int max_q = 0;
    for (int b = 0; b < batch; ++b) max_q = std::max(max_q, cu_q[b + 1] - cu_q[b]);
    for (int tile_m : {64, 128}) {
      Problem const p = varlen_problem(cu_q, cu_k, cu_q[batch], cu_k[batch], max_q, 1 << 30);
      std::set<std::pair<int, int>> seen;
      std::int64_t const slots = attn::detail::varlen_slots(p, tile_m);
      for (std::int64_t x = 0; x < slots; ++x) {
        auto const s = locate(p, int(x), 0, tile_m);
        if (!s.valid) continue;
        EXPECT_TRUE(seen.insert({s.b, s.m_block}).second) << "block seen twice";
        EXPECT_EQ(s.q_row0, cu_q[s.b]);
        EXPECT_EQ(s.len_q, cu_q[s.b + 1] - cu_q[s.b]);
        EXPECT_EQ(s.len_k, cu_k[s.b + 1] - cu_k[s.b]);
      }
      std::size_t want = 0;
      for (int b = 0; b < batch; ++b) want += std::size_t((cu_q[b + 1] - cu_q[b] + tile_m - 1) / tile_m);
      EXPECT_EQ(seen.size(), want) << "trial " << trial;
    }
  }
}

TEST(AttentionTiles, MalformedCuSeqlensStayInsideTheTensors) {
  std::mt19937 rng(9);
  for (int trial = 0; trial < 500; ++trial) {
    int const batch = 1 + int(rng() % 8);
    int const total_q = int(rng() % 1000), total_k = int(rng() % 1000);
    std::vector<int> cu_q(batch + 1), cu_k(batch + 1);
    for (int& v : cu_q) v = int(rng() % 3000) - 1000;
    for (int& v : cu_k) v = int(rng() % 3000) - 1000;
    int const max_q = int(rng() % 600), max_k = int(rng() % 600);
    Problem const p = varlen_problem(cu_q, cu_k, total_q, total_k, max_q, max_k);
    for (std::int64_t x = 0; x < attn::detail::varlen_slots(p, 128); ++x) {
      auto const s = locate(p, int(x), 0, 128);
      ASSERT_GE(s.b, 0);
      ASSERT_LT(s.b, batch);
      ASSERT_GE(s.q_row0, 0);
      ASSERT_GE(s.len_q, 0);
      ASSERT_LE(s.q_row0 + s.len_q, total_q);
      ASSERT_LE(s.len_q, max_q);
      ASSERT_GE(s.k_row0, 0);
      ASSERT_GE(s.len_k, 0);
      ASSERT_LE(s.k_row0 + s.len_k, total_k);
      ASSERT_LE(s.len_k, max_k);
      if (s.valid) ASSERT_LT(std::int64_t(s.m_block) * 128, s.len_q);
    }
  }
}

TEST(AttentionTiles, OrderKeepsGroupsInSectionsAndStartsLongest) {
  Problem p;
  p.batch = 2;
  p.seqlen_q = p.seqlen_k = 16384;
  p.heads_q = 32;
  p.heads_kv = 8;
  p.group = 4;
  p.head_dim = 128;
  int const section = attn::detail::default_heads_per_section(p);
  // 16k keys x 128 x 2 (K, V) x 2 bytes = 8 MiB per KV head: 4 KV heads in 32 MB, times the group.
  EXPECT_EQ(section, 16);
  clc::TileSpace const t = attn::detail::make_tile_space(p, 128, true, section);
  EXPECT_EQ(t.x, 128);
  EXPECT_EQ(t.y, 32);
  EXPECT_EQ(t.z, 2);
  // Walk the order: the first tiles are the last query block (longest causal work); a section's
  // heads come before the next query block; heads of one GQA group are never split across sections.
  std::vector<std::tuple<int, int, int>> order;
  clc::TileMap const m(t);
  for (std::int64_t L = 0; L < t.clusters(); ++L) {
    clc::WorkTile const w = m.tile_of(int(L), 0, 0);
    order.emplace_back(w.x, w.y, w.z);
  }
  EXPECT_EQ(std::get<0>(order[0]), 127);
  for (int i = 0; i < section; ++i) {
    EXPECT_EQ(std::get<0>(order[i]), 127) << i;
    EXPECT_EQ(std::get<1>(order[i]), i) << i;
  }
  EXPECT_EQ(std::get<0>(order[section]), 126);
  for (std::size_t i = 0; i + 1 < order.size(); ++i) {
    int const h0 = std::get<1>(order[i]), h1 = std::get<1>(order[i + 1]);
    if (std::get<2>(order[i]) == std::get<2>(order[i + 1]))
      EXPECT_EQ(h0 / section == h1 / section || std::get<0>(order[i]) == 0, true) << "section left mid-walk at " << i;
  }
  // Forward order starts at query block 0.
  clc::TileSpace const f = attn::detail::make_tile_space(p, 128, false, section);
  EXPECT_EQ(clc::TileMap(f).tile_of(0, 0, 0).x, 0);
  // Small problems: every head in one section.
  p.seqlen_k = 512;
  EXPECT_EQ(attn::detail::default_heads_per_section(p), 32);
}

}  // namespace
