// Randomised host test of every public argument check, no GPU needed: clc::gemm, clc::conv and
// clc::attention can_implement (and the device-free planners behind them: gemm::detail::plan_sm90_for,
// conv::detail::sm90_default_plan, split_workspace_bytes) and the runtime's validate / resolve_source /
// plan_grid / TileMap, on arguments drawn near valid problems and at the edges of every field (0, -1,
// INT_MIN, INT_MAX, INT64_MAX strides, misaligned and null pointers, out-of-range enums, NaN scales).
// Each call must return (no crash), and every refusal must carry a message. Its real teeth are the
// sanitizer build (scripts/host-sanitize.sh: AddressSanitizer and UndefinedBehaviorSanitizer with
// halt_on_error), where any signed overflow, out-of-bounds access or invalid shift in those checks
// fails the test; it found integer overflows in conv::output_h/w, conv's extent products and stride
// checks, the GEMM planner's tile counts (m, n or k near INT_MAX), gemm's TMA alignment test and the
// runtime's tile-count check. CLC_FUZZ_ITERS sets the draws per API (default 20000); CLC_FUZZ_SEED
// the seed (default: a fixed one; the seed is printed).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include "attention/attention.hpp"
#include "clc/launch.hpp"
#include "clc/tile_map.cuh"
#include "conv/conv.hpp"
#include "conv/debug.hpp"
#include "gemm/debug.hpp"
#include "gemm/gemm.hpp"

namespace {

long env_long(char const* name, long fallback) {
  char const* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::strtol(v, nullptr, 10) : fallback;
}

struct Draw {
  std::mt19937_64 rng;
  explicit Draw(std::uint64_t seed) : rng(seed) {}
  std::uint64_t u(std::uint64_t n) { return rng() % n; }
  bool one_in(int n) { return u(std::uint64_t(n)) == 0; }
  //! Small positive values most of the time, else an edge.
  int extent(int small) {
    static int const edges[] = {0, 1, 2, 3, 7, 8, 16, 63, 64, 65, 127, 128, 255, 256, 1000, 4095, 65535, 65536,
                                1 << 24, 1 << 30, INT32_MAX, -1, -7, INT32_MIN, 70000};
    return one_in(4) ? edges[u(sizeof edges / sizeof edges[0])] : 1 + int(u(std::uint64_t(small)));
  }
  std::int64_t stride(std::int64_t natural) {
    switch (u(9)) {
      case 0: return 0;
      case 1: return -std::int64_t(u(100));
      case 2: return std::numeric_limits<std::int64_t>::max();
      case 3: return std::int64_t(1) << (40 + u(22));
      case 4: return natural + std::int64_t(u(17));
      case 5: return natural * 3;
      case 6: return std::int64_t(u(100000));
      default: return natural;
    }
  }
  void const* ptr() {
    switch (u(6)) {
      case 0: return nullptr;
      case 1: return reinterpret_cast<void const*>((std::uintptr_t(1) << 31) + 2);
      case 2: return reinterpret_cast<void const*>(std::uintptr_t(0xfffffffffff00000ull));
      default: return reinterpret_cast<void const*>(std::uintptr_t(u(1000) + 1) << 24);
    }
  }
  float scale() {
    float const v[] = {0.f, 1.f, -1.f, 0.5f, std::nanf(""), INFINITY, 1e-30f};
    return v[u(7)];
  }
};

void const* at(int i) { return reinterpret_cast<void const*>(std::uintptr_t(i + 1) << 32); }

//! A refusal must say what is wrong; "passed the host checks" = success, or the device query's CUDA
//! error on a machine without a GPU.
bool passed(clc::Error const& e, char const* api, long i) {
  EXPECT_TRUE(e.ok() || !e.message.empty()) << api << " draw " << i << ": an error without a message";
  return e.ok() || e.status == clc::Status::CudaError;
}

std::uint64_t seed() {
  std::uint64_t const s = std::uint64_t(env_long("CLC_FUZZ_SEED", 20261204));
  std::printf("args fuzz: seed %llu (CLC_FUZZ_SEED), %ld draws per API (CLC_FUZZ_ITERS)\n",
              static_cast<unsigned long long>(s), env_long("CLC_FUZZ_ITERS", 20000));
  return s;
}

TEST(ArgsFuzz, Gemm) {
  namespace gemm = clc::gemm;
  Draw d(seed());
  long const iters = env_long("CLC_FUZZ_ITERS", 20000);
  long ok = 0, planned = 0;
  for (long i = 0; i < iters; ++i) {
    gemm::Arguments g;
    bool const near_valid = d.one_in(2);
    g.m = near_valid ? 1 + int(d.u(20000)) : d.extent(5000);
    g.n = near_valid ? 1 + int(d.u(20000)) : d.extent(5000);
    g.k = near_valid ? 1 + int(d.u(d.one_in(2) ? 100 : 70000)) : d.extent(5000);
    g.batch = d.one_in(4) ? d.extent(16) : 1;
    g.a_type = g.b_type = gemm::DType(d.u(near_valid ? 2 : 4));
    if (d.one_in(8)) g.b_type = gemm::DType(d.u(3));
    g.d_type = g.c_type = gemm::DType(d.u(3));
    g.layout_a = gemm::Layout(d.u(2));
    g.layout_b = gemm::Layout(d.u(2));
    g.layout_d = gemm::Layout(d.u(near_valid ? 2 : 3));
    g.a = near_valid ? at(0) : d.ptr();
    g.b = near_valid ? at(4) : d.ptr();
    g.d = const_cast<void*>(near_valid ? at(8) : d.ptr());
    g.c = d.one_in(2) ? at(12) : nullptr;
    g.beta = g.c != nullptr && d.one_in(2) ? 0.5f : 0.0f;
    g.alpha = d.one_in(8) ? d.scale() : 1.0f;
    std::int64_t const pad = d.one_in(3) ? std::int64_t(d.u(17)) : 0;
    bool const a_row = g.layout_a == gemm::Layout::RowMajor, b_row = g.layout_b == gemm::Layout::RowMajor;
    bool const d_row = g.layout_d == gemm::Layout::RowMajor;
    g.lda = std::int64_t(a_row ? g.k : g.m) + pad;
    g.ldb = std::int64_t(b_row ? g.n : g.k) + pad;
    g.ldd = g.ldc = std::int64_t(d_row ? g.n : g.m) + pad;
    if (g.batch > 1) {
      g.batch_stride_a = g.lda * (a_row ? g.m : g.k);
      g.batch_stride_b = g.ldb * (b_row ? g.k : g.n);
      g.batch_stride_d = g.batch_stride_c = g.ldd * (d_row ? g.m : g.n);
    }
    switch (d.u(10)) {
      case 0: g.lda = d.stride(g.lda); break;
      case 1: g.ldb = d.stride(g.ldb); break;
      case 2: g.ldd = d.stride(g.ldd); break;
      case 3: g.batch_stride_d = d.stride(g.batch_stride_d); break;
      case 4: g.batch_stride_a = d.stride(g.batch_stride_a); break;
      default: break;
    }
    gemm::Options o;
    switch (d.u(12)) {
      case 0: { int const w[] = {64, 128, 192, 208, 224, 256, 100, -64}; o.tile_n = w[d.u(8)]; break; }
      case 1: o.split_k = d.extent(140); break;
      case 2: o.tail_split = d.extent(20); break;
      case 3: o.stream_k = int(d.u(4)) - 1 + (d.one_in(2) ? 1 : 0); break;
      case 4: o.cluster_m = int(d.u(4)); break;
      case 5: o.cluster_n = int(d.u(4)); break;
      case 6: o.max_workers = d.extent(300); break;
      case 7: o.swizzle = d.extent(20); break;
      case 8: o.kernel = gemm::Kernel(d.u(4)); break;
      case 9: o.source = clc::SourceKind(d.u(7)); break;
      default: break;
    }
    clc::Error const e = gemm::can_implement(g, o);
    if (!passed(e, "gemm::can_implement", i)) continue;
    ++ok;
    std::size_t bytes = 0;
    (void)passed(gemm::split_workspace_bytes(g, o, &bytes), "gemm::split_workspace_bytes", i);
    gemm::detail::PlanSummary s;
    if (gemm::detail::plan_sm90_for(g, o, 132, &s).ok()) {
      ++planned;
      EXPECT_GE(s.tile_n, 64) << "draw " << i;
      EXPECT_GE(s.splits, 1) << "draw " << i;
    }
    (void)gemm::detail::plan_sm90_for(g, o, 1 + int(d.u(300)), &s);
  }
  std::printf("gemm: %ld of %ld passed the host checks, %ld planned for Sm90\n", ok, iters, planned);
  EXPECT_GT(ok, iters / 10);
  EXPECT_GT(planned, iters / 100);
}

TEST(ArgsFuzz, Conv) {
  namespace conv = clc::conv;
  Draw d(seed() + 1);
  long const iters = env_long("CLC_FUZZ_ITERS", 20000);
  long ok = 0;
  for (long i = 0; i < iters; ++i) {
    conv::Arguments c;
    bool const near_valid = d.one_in(2);
    if (near_valid) {
      c.n = 1 + int(d.u(64)), c.h = 1 + int(d.u(300)), c.w = 1 + int(d.u(300));
      c.c = 1 + int(d.u(1024)), c.k = 1 + int(d.u(2048));
      c.r = c.s = 1 + 2 * int(d.u(4));
      c.pad_top = c.pad_bottom = c.pad_left = c.pad_right = c.r / 2;
      c.stride_h = c.stride_w = 1 + int(d.u(2));
      c.dilation_h = c.dilation_w = 1 + int(d.one_in(2));
    }
    switch (d.u(near_valid ? 24 : 1)) {  // far from valid: every field at random
      case 0:
        c.n = d.extent(64), c.h = d.extent(300), c.w = d.extent(300), c.c = d.extent(1024), c.k = d.extent(2048);
        c.r = d.extent(8), c.s = d.extent(8), c.pad_top = d.extent(4), c.pad_bottom = int(d.u(3));
        c.pad_left = d.extent(4), c.pad_right = int(d.u(3)), c.stride_h = d.extent(3), c.stride_w = d.extent(3);
        c.dilation_h = d.extent(2), c.dilation_w = d.extent(2), c.groups = d.one_in(5) ? d.extent(4) : 1;
        break;
      case 1: c.n = d.extent(64); break;
      case 2: c.c = d.extent(64); break;
      case 3: c.k = d.extent(64); break;
      case 4: c.r = d.extent(8); break;
      case 5: c.pad_top = d.extent(8); break;
      case 6: c.dilation_w = d.extent(8); break;
      default: break;
    }
    c.x_type = conv::DType(d.u(near_valid ? 2 : 4));
    c.y_type = conv::DType(d.u(near_valid ? 3 : 4));
    c.x = near_valid ? at(0) : d.ptr();
    c.filter = near_valid ? at(4) : d.ptr();
    c.y = const_cast<void*>(near_valid ? at(8) : d.ptr());
    c.bias = d.one_in(2) ? nullptr : at(12);
    c.residual = d.one_in(2) ? nullptr : at(16);
    c.beta = d.one_in(4) ? d.scale() : 0.0f;
    c.alpha = d.one_in(8) ? d.scale() : 1.0f;
    c.activation = conv::Activation(d.u(near_valid ? 2 : 4));
    if (d.one_in(3)) {
      std::int64_t const wc = std::min<std::int64_t>(std::int64_t(std::max(c.w, 0)) * std::max(c.c, 0), 1 << 30);
      c.x_stride_w = d.stride(c.c), c.x_stride_h = d.stride(wc), c.x_stride_n = d.one_in(2) ? 0 : d.stride(wc * 8);
      c.y_stride_w = d.stride(c.k), c.y_stride_h = d.one_in(2) ? 0 : d.stride(c.k);
    }
    conv::Options o;
    switch (d.u(8)) {
      case 0: o.tile_n = d.one_in(4) ? d.extent(300) : 64 << d.u(3); break;
      case 1: o.split_k = d.extent(17); break;
      case 2: o.cluster_m = int(d.u(4)); break;
      case 3: o.max_workers = d.extent(300); break;
      case 4: o.kernel = conv::Kernel(d.u(4)); break;
      default: break;
    }
    (void)conv::output_h(c);
    (void)conv::output_w(c);
    clc::Error const e = conv::can_implement(c, o);
    if (!passed(e, "conv::can_implement", i)) continue;
    ++ok;
    std::size_t bytes = 0;
    (void)passed(conv::split_workspace_bytes(c, o, &bytes), "conv::split_workspace_bytes", i);
    conv::detail::Sm90PlanChoice pc;
    (void)conv::detail::sm90_default_plan(c, o, 1 + int(d.u(300)), &pc);
  }
  std::printf("conv: %ld of %ld passed the host checks\n", ok, iters);
  EXPECT_GT(ok, iters / 10);
}

TEST(ArgsFuzz, Attention) {
  namespace attn = clc::attention;
  Draw d(seed() + 2);
  long const iters = env_long("CLC_FUZZ_ITERS", 20000);
  long ok = 0;
  for (long i = 0; i < iters; ++i) {
    attn::Arguments a;
    bool const near_valid = d.one_in(2);
    a.dtype = attn::DType(d.u(near_valid ? 2 : 3));
    a.batch = near_valid ? 1 + int(d.u(8)) : d.extent(8);
    a.seqlen_q = near_valid ? 1 + int(d.u(5000)) : d.extent(5000);
    a.seqlen_k = near_valid ? 1 + int(d.u(5000)) : d.extent(5000);
    a.heads_kv = near_valid ? 1 + int(d.u(8)) : d.extent(8);
    a.heads_q = near_valid ? a.heads_kv * (1 + int(d.u(8))) : d.extent(64);
    int const dims[] = {64, 128, 256, 0, 32, 96, -64, 512};
    a.head_dim = dims[d.u(near_valid ? 3 : 8)];
    a.q = near_valid ? at(0) : d.ptr();
    a.k = near_valid ? at(6) : d.ptr();
    a.v = near_valid ? at(8) : d.ptr();
    a.o = const_cast<void*>(near_valid ? at(10) : d.ptr());
    auto packed = [&](attn::Strides& s, int seq, int heads) {  // (edge extents: clamped, no overflow here)
      std::int64_t const hd = std::clamp(a.head_dim, 0, 512), h = std::clamp(heads, 0, 1 << 16);
      s.dim = 1;
      s.head = hd;
      s.seq = h * hd;
      s.batch = s.seq * std::clamp(seq, 0, 1 << 24);
    };
    packed(a.q_stride, a.seqlen_q, a.heads_q);
    packed(a.o_stride, a.seqlen_q, a.heads_q);
    packed(a.k_stride, a.seqlen_k, a.heads_kv);
    packed(a.v_stride, a.seqlen_k, a.heads_kv);
    switch (d.u(8)) {
      case 0: a.k_stride.seq = d.stride(a.k_stride.seq); break;
      case 1: a.o_stride.head = d.stride(a.o_stride.head); break;
      case 2: a.q_stride.dim = d.stride(1); break;
      case 3: a.v_stride.batch = d.stride(a.v_stride.batch); break;
      default: break;
    }
    if (d.one_in(4)) {
      a.lse = reinterpret_cast<float*>(const_cast<void*>(d.one_in(2) ? at(14) : d.ptr()));
      a.lse_stride = attn::lse_strides(a.heads_q, a.seqlen_q);
      if (d.one_in(3)) a.lse_stride.seq = d.stride(1);
    }
    a.scale = d.one_in(8) ? d.scale() : 0.0f;
    a.causal = d.one_in(2);
    if (d.one_in(4)) {
      a.cu_seqlens_q = reinterpret_cast<int const*>(d.ptr());
      a.cu_seqlens_k = d.one_in(4) ? nullptr : reinterpret_cast<int const*>(d.ptr());
      a.max_seqlen_q = d.extent(5000), a.max_seqlen_k = d.extent(5000);
      a.total_q = d.extent(20000), a.total_k = d.extent(20000);
    }
    attn::Options o;
    if (d.one_in(3)) o.heads_per_section = d.extent(100);
    if (d.one_in(4)) o.order = attn::TileOrder(d.u(4));
    if (d.one_in(4)) o.kernel = attn::Kernel(d.u(4));
    if (passed(attn::can_implement(a, o), "attention::can_implement", i)) ++ok;
  }
  std::printf("attention: %ld of %ld passed the host checks\n", ok, iters);
  EXPECT_GT(ok, iters / 10);
}

TEST(ArgsFuzz, RuntimeTileSpacesAndPlans) {
  Draw d(seed() + 3);
  long const iters = env_long("CLC_FUZZ_ITERS", 20000) * 5;
  long valid = 0, planned = 0;
  for (long i = 0; i < iters; ++i) {
    clc::TileSpace t(d.extent(3000), d.one_in(2) ? 1 : d.extent(3000), d.one_in(2) ? 1 : d.extent(3000));
    if (d.one_in(2)) t.with_cluster(1 << d.u(5), d.one_in(3) ? 1 << d.u(3) : 1);
    if (d.one_in(8)) t.with_cluster(d.extent(16), d.extent(16));
    t.with_raster(clc::Raster(d.u(3)))
        .with_swizzle(d.one_in(2) ? 1 : d.extent(16))
        .with_longest_first(clc::Reverse(d.u(4)));
    clc::LaunchOptions o;
    o.source = clc::SourceKind(d.u(7));
    o.grid = clc::GridMode(d.u(4));
    o.max_workers = d.one_in(2) ? 0 : d.extent(3000);
    o.max_grain = d.one_in(2) ? 0 : d.extent(100);
    o.block_threads = d.one_in(2) ? 128 : d.extent(1024);
    clc::Error const et = clc::validate(t);
    clc::Error const eo = clc::validate(o);
    EXPECT_TRUE(et.ok() || !et.message.empty());
    EXPECT_TRUE(eo.ok() || !eo.message.empty());
    if (!et.ok()) continue;
    ++valid;
    clc::TileMap const m(t);
    ASSERT_GE(m.clusters(), 1u);
    for (int s = 0; s < 4; ++s) {  // every cluster index maps inside the (cluster-padded) space
      int const L = int(d.u(m.clusters()));
      clc::WorkTile const w = m.tile_of(L, int(d.u(std::uint64_t(t.cluster_x))), int(d.u(std::uint64_t(t.cluster_y))));
      ASSERT_TRUE(w.x >= 0 && w.y >= 0 && w.z >= 0 && w.x < t.clusters_x() * t.cluster_x &&
                  w.y < t.clusters_y() * t.cluster_y && w.z < t.z)
          << "draw " << i << ": cluster " << L << " -> (" << w.x << ", " << w.y << ", " << w.z << ")";
    }
    if (!eo.ok()) continue;
    clc::DeviceFacts dev;
    dev.device = 0;
    dev.cc_major = d.one_in(2) ? 9 : 10;
    dev.sm_count = 1 + int(d.u(200));
    dev.cluster_launch = true;
    dev.max_smem_optin = 232448;
    clc::KernelFacts k;
    k.binary_version = k.ptx_version = d.one_in(2) ? 90 : 100;
    k.hardware_clc = d.one_in(2);
    k.multicast = d.one_in(2);
    clc::SourceKind src;
    clc::Error const er = clc::resolve_source(o.source, o.grid, t, dev, k, &src);
    EXPECT_TRUE(er.ok() || !er.message.empty());
    if (!er.ok()) continue;
    clc::GridPlan gp;
    clc::Error const eg = clc::plan_grid(t, src, o.grid, 1 + int(d.u(3000)), o.max_workers, &gp);
    EXPECT_TRUE(eg.ok() || !eg.message.empty());
    if (eg.ok()) {
      ++planned;
      EXPECT_GE(gp.workers, 1) << "draw " << i;
    }
  }
  std::printf("runtime: %ld of %ld tile spaces valid, %ld planned\n", valid, iters, planned);
  EXPECT_GT(valid, iters / 10);
  EXPECT_GT(planned, iters / 50);
}

}  // namespace
