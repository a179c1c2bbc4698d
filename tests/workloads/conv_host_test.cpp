//! @file conv_host_test.cpp
//! @brief clc::conv on the host, no GPU needed: can_implement (and run) refuse bad arguments and options
//! with a message that names the argument before any device query; valid arguments pass the checks
//! (they fail, if at all, only at the device query); output_h / output_w agree with a brute-force
//! count of the filter positions, including filters that do not fit; the enum names and sizes; the Sm90
//! plan heuristics on the benchmark's ResNet-50 layers for 132 SMs (conv::detail::sm90_default_plan).
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "conv/conv.hpp"
#include "conv/debug.hpp"
#include "conv_bad_args.hpp"

namespace {

namespace conv = clc::conv;

//! Host memory standing in for device buffers: the checks never dereference it.
alignas(256) unsigned char g_x[64 << 10];
alignas(256) unsigned char g_f[64 << 10];
alignas(256) unsigned char g_y[64 << 10];
alignas(256) unsigned char g_r[64 << 10];
alignas(256) unsigned char g_b[1024];

conv::Arguments base() { return conv_test::bad_args_base(g_x, g_f, g_y, g_r, g_b); }

TEST(ConvArgs, RefusedWithTheArgumentNamedWithoutADevice) {
  auto const cases = conv_test::bad_cases(base(), /*with_device=*/false, /*hopper=*/false);
  ASSERT_GE(cases.size(), 40u);
  for (conv_test::BadCase const& bc : cases) {
    SCOPED_TRACE(bc.what);
    clc::Error const e = conv::can_implement(bc.args, bc.opts);
    EXPECT_EQ(e.status, bc.want) << e.what();
    for (std::string const& word : bc.words)
      EXPECT_NE(e.message.find(word), std::string::npos) << "the message does not name '" << word << "': " << e.what();
    // run() and split_workspace_bytes() refuse it the same way (before touching the device).
    clc::Error const r = conv::run(bc.args, nullptr, bc.opts);
    EXPECT_EQ(r.status, e.status) << r.what();
    EXPECT_EQ(r.message, e.message);
    std::size_t bytes = 12345;
    clc::Error const w = conv::split_workspace_bytes(bc.args, bc.opts, &bytes);
    EXPECT_EQ(w.status, e.status) << w.what();
    EXPECT_EQ(w.message, e.message);
    EXPECT_EQ(bytes, 0u) << "split_workspace_bytes must report 0 bytes for a refused call";
  }
  clc::Error const e = conv::split_workspace_bytes(base(), {}, nullptr);
  EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
  EXPECT_NE(e.message.find("bytes"), std::string::npos) << e.what();
}

TEST(ConvArgs, MessagesSayWhatIsWrong) {
  {
    auto a = base();
    a.groups = 2;
    clc::Error const e = conv::can_implement(a);
    EXPECT_NE(e.message.find("groups (2) must be 1"), std::string::npos) << e.what();
  }
  {
    auto a = base();
    a.x_stride_w = 15;
    clc::Error const e = conv::can_implement(a);
    EXPECT_NE(e.message.find("x_stride_w (15)"), std::string::npos) << e.what();
    EXPECT_NE(e.message.find("(16)"), std::string::npos) << "the channel count: " << e.what();
  }
  {
    auto a = base();
    a.r = 11;
    clc::Error const e = conv::can_implement(a);
    EXPECT_NE(e.message.find("output height"), std::string::npos) << e.what();
  }
  {
    conv::Options o;
    o.tile_n = 96;
    clc::Error const e = conv::can_implement(base(), o);
    EXPECT_NE(e.message.find("96"), std::string::npos) << e.what();
  }
}

//! Valid arguments pass every check that needs no device: here (no GPU, or any GPU) can_implement
//! either succeeds or fails at the device query with a CUDA error, never with an argument error.
TEST(ConvArgs, ValidArgumentsPassTheChecks) {
  std::vector<std::pair<std::string, conv::Arguments>> ok;
  ok.emplace_back("base", base());
  {
    auto a = base();
    a.x_stride_w = 24, a.x_stride_h = 8 * 24 + 8, a.x_stride_n = 8 * (8 * 24 + 8) + 16;
    a.y_stride_w = 40, a.y_stride_h = 8 * 40, a.y_stride_n = 8 * 8 * 40 + 3;
    ok.emplace_back("strided views", a);
  }
  {
    auto a = base();
    a.x_stride_w = 16, a.x_stride_h = 128, a.x_stride_n = 1024;  // explicit packed strides
    a.y_stride_w = 32, a.y_stride_h = 256, a.y_stride_n = 2048;
    ok.emplace_back("explicit packed strides", a);
  }
  {
    auto a = base();
    a.c = 3;
    a.x = g_x + 2;  // aligned to its element size, not to 16 bytes
    a.x_stride_w = 3;
    ok.emplace_back("C = 3, x 2 bytes past 16-byte alignment", a);
  }
  {
    auto a = base();
    a.r = a.s = 8;
    a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = 0;  // P = Q = 1
    ok.emplace_back("filter as large as the input", a);
  }
  {
    auto a = base();
    a.x_type = conv::DType::F16;
    a.y_type = conv::DType::F32;
    a.beta = 0.5f;
    a.alpha = -2.0f;
    a.activation = conv::Activation::ReLU;
    ok.emplace_back("f16 -> f32, residual, ReLU", a);
  }
  {
    auto a = base();
    a.dilation_h = 2, a.dilation_w = 3, a.stride_h = 2, a.stride_w = 3;
    a.pad_top = 0, a.pad_bottom = 3, a.pad_left = 2, a.pad_right = 1;
    ok.emplace_back("dilation, stride, asymmetric padding", a);
  }
  {
    auto a = base();
    a.residual = nullptr;  // beta == 0: no residual needed
    a.bias = nullptr;
    ok.emplace_back("no residual, no bias", a);
  }
  {
    auto a = base();  // x: 2^31 - 1 elements would be too many for the buffers, but 2^30 is fine for the checks
    a.n = 1, a.h = a.w = 4096, a.c = 64;
    ok.emplace_back("x of 2^30 elements", a);
  }
  conv::Options opts[6];
  opts[1].kernel = conv::Kernel::Portable;
  opts[1].max_workers = 3;
  opts[2].tile_n = 256;
  opts[2].cluster_m = 2;
  opts[2].swizzle = 4;
  opts[3].source = clc::SourceKind::Static;
  opts[3].tile_n = 64;
  opts[3].cluster_m = 1;
  opts[4].split_k = 16;
  opts[5].kernel = conv::Kernel::Sm90;
  opts[5].split_k = 3;
  opts[5].split_workspace = g_r;  // 16-byte aligned
  opts[5].split_workspace_size = sizeof(g_r);
  for (auto const& [what, a] : ok)
    for (conv::Options const& o : opts) {
      SCOPED_TRACE(what);
      clc::Error const e = conv::can_implement(a, o);
      EXPECT_TRUE(e.ok() || e.status == clc::Status::CudaError || (e.status == clc::Status::NotSupported &&
                                                                   e.message.find("Sm90") != std::string::npos))
          << e.what();
    }
}

//! P and Q: the number of filter positions inside the padded input, counted one by one.
TEST(ConvArgs, OutputSizeMatchesBruteForce) {
  for (int h : {1, 2, 3, 4, 5, 7, 8, 13, 17, 56})
    for (int r : {1, 2, 3, 5, 6, 7})
      for (int pad_lo : {0, 1, 3})
        for (int pad_hi : {0, 2})
          for (int stride : {1, 2, 3, 4, 9})
            for (int dil : {1, 2, 3}) {
              conv::Arguments a;
              a.h = a.w = h;
              a.r = a.s = r;
              a.pad_top = a.pad_left = pad_lo;
              a.pad_bottom = a.pad_right = pad_hi;
              a.stride_h = a.stride_w = stride;
              a.dilation_h = a.dilation_w = dil;
              int want = 0;  // positions p >= 0 whose last tap p * stride + (r - 1) * dil is inside the padded input
              for (int p = 0; p * stride + (r - 1) * dil <= h + pad_lo + pad_hi - 1; ++p) ++want;
              SCOPED_TRACE(::testing::Message() << "h " << h << " r " << r << " pad " << pad_lo << "/" << pad_hi
                                                << " stride " << stride << " dilation " << dil);
              if (want > 0) {
                EXPECT_EQ(conv::output_h(a), want);
                EXPECT_EQ(conv::output_w(a), want);
              } else {
                EXPECT_LE(conv::output_h(a), 0);
                EXPECT_LE(conv::output_w(a), 0);
              }
            }
  {
    conv::Arguments e;  // extreme values are well defined (no int overflow): filters that cannot fit give 0,
    e.h = e.w = 8;      // outputs past INT_MAX saturate there (can_implement refuses them by name)
    e.r = e.s = INT32_MIN;
    EXPECT_EQ(conv::output_h(e), 0);
    EXPECT_EQ(conv::output_w(e), 0);
    e.r = e.s = 3;
    e.dilation_h = e.dilation_w = INT32_MAX;
    EXPECT_EQ(conv::output_h(e), 0);
    e.dilation_h = e.dilation_w = 1;
    e.h = e.w = INT32_MAX;
    e.r = e.s = 1;
    e.pad_top = e.pad_bottom = e.pad_left = e.pad_right = INT32_MAX;
    EXPECT_EQ(conv::output_h(e), INT32_MAX);
    EXPECT_EQ(conv::output_w(e), INT32_MAX);
    e.h = -5;
    EXPECT_EQ(conv::output_h(e), 0);
  }
  conv::Arguments a;  // ResNet-50's stem: 224, 7x7, stride 2, pad 3 -> 112
  a.h = 224, a.w = 224, a.r = a.s = 7, a.stride_h = a.stride_w = 2;
  a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = 3;
  EXPECT_EQ(conv::output_h(a), 112);
  EXPECT_EQ(conv::output_w(a), 112);
}

TEST(ConvArgs, NamesAndSizes) {
  EXPECT_STREQ(conv::to_string(conv::DType::BF16), "BF16");
  EXPECT_STREQ(conv::to_string(conv::DType::F16), "F16");
  EXPECT_STREQ(conv::to_string(conv::DType::F32), "F32");
  EXPECT_STREQ(conv::to_string(conv::Activation::None), "None");
  EXPECT_STREQ(conv::to_string(conv::Activation::ReLU), "ReLU");
  EXPECT_STREQ(conv::to_string(conv::Kernel::Sm90), "Sm90");
  EXPECT_EQ(conv::size_of(conv::DType::BF16), 2u);
  EXPECT_EQ(conv::size_of(conv::DType::F16), 2u);
  EXPECT_EQ(conv::size_of(conv::DType::F32), 4u);
  conv::Options const o;
  EXPECT_EQ(o.kernel, conv::Kernel::Auto);
  EXPECT_EQ(o.source, clc::SourceKind::Auto);
  EXPECT_EQ(o.tile_n, 0);
  EXPECT_EQ(o.cluster_m, 0);
  conv::Arguments const a;
  EXPECT_EQ(a.groups, 1);
  EXPECT_EQ(a.stride_h, 1);
  EXPECT_EQ(a.dilation_w, 1);
  EXPECT_EQ(a.alpha, 1.0f);
  EXPECT_EQ(a.beta, 0.0f);
}

//! The plans the heuristics give the Sm90 kernel on the 3x3 and 1x1 layers of clc-bench conv for the
//! H200's 132 SMs: those the run of 61d4e5b measured (bench/results/h200-conv.txt, its kernel column),
//! chosen from forced plans of every width, cluster and split (bench/results/h200-conv-sweep.txt).
TEST(ConvPlan, ResNetLayersOnTheH200) {
  struct Layer {
    char const* name;
    int n, hw, c, k, rs, stride;
    int tile_n, splits;  //!< expected; cluster_m is 1 for all
  };
  Layer const layers[] = {
      {"3x3_64-64_56", 32, 56, 64, 64, 3, 1, 64, 1},         {"3x3_128-128_28", 32, 28, 128, 128, 3, 1, 128, 1},
      {"3x3_256-256_14", 32, 14, 256, 256, 3, 1, 128, 1},    {"3x3_512-512_7", 32, 7, 512, 512, 3, 1, 128, 2},
      {"3x3s2_128-128_56", 32, 56, 128, 128, 3, 2, 128, 1},  {"3x3s2_256-256_28", 32, 28, 256, 256, 3, 2, 128, 1},
      {"3x3s2_512-512_14", 32, 14, 512, 512, 3, 2, 128, 2},  {"1x1_64-256_56", 32, 56, 64, 256, 1, 1, 256, 1},
      {"1x1_256-64_56", 32, 56, 256, 64, 1, 1, 64, 1},       {"1x1s2_256-128_56", 32, 56, 256, 128, 1, 2, 128, 1},
      {"1x1_512-128_28", 32, 28, 512, 128, 1, 1, 128, 1},    {"1x1_1024-256_14", 32, 14, 1024, 256, 1, 1, 128, 1},
      {"1x1_2048-512_7", 32, 7, 2048, 512, 1, 1, 128, 1},    {"3x3_64-64_56", 128, 56, 64, 64, 3, 1, 64, 1},
      {"3x3_128-128_28", 128, 28, 128, 128, 3, 1, 128, 1},   {"3x3_256-256_14", 128, 14, 256, 256, 3, 1, 128, 1},
      {"3x3_512-512_7", 128, 7, 512, 512, 3, 1, 256, 1},     {"3x3s2_128-128_56", 128, 56, 128, 128, 3, 2, 128, 1},
      {"3x3s2_256-256_28", 128, 28, 256, 256, 3, 2, 128, 1}, {"3x3s2_512-512_14", 128, 14, 512, 512, 3, 2, 256, 1},
      {"1x1_64-256_56", 128, 56, 64, 256, 1, 1, 256, 1},     {"1x1_256-64_56", 128, 56, 256, 64, 1, 1, 64, 1},
      {"1x1s2_256-128_56", 128, 56, 256, 128, 1, 2, 128, 1}, {"1x1_512-128_28", 128, 28, 512, 128, 1, 1, 128, 1},
      {"1x1_1024-256_14", 128, 14, 1024, 256, 1, 1, 128, 1}, {"1x1_2048-512_7", 128, 7, 2048, 512, 1, 1, 256, 1},
  };
  for (Layer const& l : layers) {
    SCOPED_TRACE(std::string(l.name) + " N=" + std::to_string(l.n));
    conv::Arguments a = base();
    a.n = l.n;
    a.h = a.w = l.hw;
    a.c = l.c;
    a.k = l.k;
    a.r = a.s = l.rs;
    a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = l.rs / 2;
    a.stride_h = a.stride_w = l.stride;
    a.residual = nullptr;
    a.bias = nullptr;
    conv::detail::Sm90PlanChoice pc;
    clc::Error const e = conv::detail::sm90_default_plan(a, {}, 132, &pc);
    ASSERT_TRUE(e.ok()) << e.what();
    EXPECT_EQ(pc.tile_n, l.tile_n);
    EXPECT_EQ(pc.cluster_m, 1);
    EXPECT_EQ(pc.splits, l.splits);
    EXPECT_TRUE(pc.tma_store);
    // The filter-row kernel: K <= 128 and half a wave of 256-pixel tiles.
    int const pq = (l.hw / l.stride) * (l.hw / l.stride);
    EXPECT_EQ(pc.swapped, l.k <= 128 && 2 * ((l.n * pq + 255) / 256) >= 132);
  }
  {  // The filter-row kernel: not below half a wave of its tiles, not with a residual or a forced width.
    conv::Arguments s = base();
    s.n = 1, s.h = s.w = 56, s.c = s.k = 64;  // 3136 pixels: 13 tiles of 256
    s.residual = nullptr;
    s.bias = nullptr;
    conv::detail::Sm90PlanChoice sc;
    ASSERT_TRUE(conv::detail::sm90_default_plan(s, {}, 132, &sc).ok());
    EXPECT_FALSE(sc.swapped);
    EXPECT_EQ(sc.tile_n, 64);
    ASSERT_TRUE(conv::detail::sm90_default_plan(s, {}, 26, &sc).ok());
    EXPECT_TRUE(sc.swapped);  // 26 SMs: half a wave
    ASSERT_TRUE(conv::detail::sm90_default_plan(s, {}, 27, &sc).ok());
    EXPECT_FALSE(sc.swapped);
    conv::Options so;
    so.tile_n = 128;
    ASSERT_TRUE(conv::detail::sm90_default_plan(s, so, 12, &sc).ok());
    EXPECT_FALSE(sc.swapped);
    s.residual = base().residual;
    s.beta = 1.0f;
    ASSERT_TRUE(conv::detail::sm90_default_plan(s, {}, 12, &sc).ok());
    EXPECT_FALSE(sc.swapped);
  }
  // Forced choices are kept; a single 128-wide tile of a long K splits; bad input is refused by name.
  conv::Arguments a = base();
  a.n = 1, a.h = a.w = 7, a.c = a.k = 512;  // 1 x 4 tiles of 128, 72 k-steps
  conv::Options o;
  conv::detail::Sm90PlanChoice pc;
  ASSERT_TRUE(conv::detail::sm90_default_plan(a, o, 132, &pc).ok());
  EXPECT_GT(pc.splits, 1);
  o.tile_n = 256, o.cluster_m = 2, o.split_k = 3;
  ASSERT_TRUE(conv::detail::sm90_default_plan(a, o, 132, &pc).ok());
  EXPECT_EQ(pc.tile_n, 256);
  EXPECT_EQ(pc.cluster_m, 2);
  EXPECT_EQ(pc.splits, 3);
  clc::Error e = conv::detail::sm90_default_plan(a, {}, 0, &pc);
  EXPECT_NE(e.message.find("sms"), std::string::npos) << e.what();
  e = conv::detail::sm90_default_plan(a, {}, 132, nullptr);
  EXPECT_NE(e.message.find("out"), std::string::npos) << e.what();
  a.groups = 2;
  e = conv::detail::sm90_default_plan(a, {}, 132, &pc);
  EXPECT_NE(e.message.find("groups"), std::string::npos) << e.what();
}

}  // namespace
