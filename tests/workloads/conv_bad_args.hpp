//! @file conv_bad_args.hpp
//! @brief The table of arguments clc::conv must refuse, shared by the host test (can_implement, no GPU)
//! and the GPU test (run() refuses them too and writes nothing to y). Each entry names the word its
//! error message must contain: the argument at fault.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "conv/conv.hpp"

namespace conv_test {

namespace conv = clc::conv;

//! One refused call.
struct BadCase {
  std::string what;        //!< what is wrong (for the failure message)
  conv::Arguments args;
  conv::Options opts;
  clc::Status want;        //!< the status the error must have
  std::vector<std::string> words;  //!< substrings of the message: the argument's name (and the reason)
  bool either_status = false;      //!< InvalidArgument or NotSupported will do (refused past the argument checks)
  bool run_only = false;           //!< refused by run() only: can_implement need not see it
};

//! A valid problem for the bad-argument table: N=2, 8x8x16 input, 32 filters of 3x3, pad 1 (P = Q = 8),
//! bf16 in and out, bias. `x`, `filter`, `y` (2*8*8*32 elements), `residual` (as large as y) and
//! `bias` (32 elements) must be 16-byte aligned buffers that large; no entry of the table reads them.
inline conv::Arguments bad_args_base(void const* x, void const* filter, void* y, void const* residual,
                                     void const* bias) {
  conv::Arguments a;
  a.n = 2;
  a.h = a.w = 8;
  a.c = 16;
  a.k = 32;
  a.r = a.s = 3;
  a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = 1;
  a.x = x;
  a.filter = filter;
  a.y = y;
  a.residual = residual;
  a.bias = bias;
  return a;
}

//! Bytes of y that bad_args_base addresses (the GPU test poisons and re-reads them).
inline std::size_t bad_args_y_bytes() { return std::size_t(2) * 8 * 8 * 32 * 2; }

//! Every refused call, built on `base` (bad_args_base). Without `with_device` only the errors that
//! need no device (can_implement reports them before any device query: the host test checks that);
//! with it also those refused after the device query, and with `hopper` (device 0 is sm_90) the Sm90
//! kernel forced where it cannot run and the Hardware source (cluster launch control needs sm_100).
inline std::vector<BadCase> bad_cases(conv::Arguments const& base, bool with_device, bool hopper) {
  using S = clc::Status;
  std::vector<BadCase> v;
  auto add = [&](std::string what, conv::Arguments a, S want, std::vector<std::string> words, conv::Options o = {}) {
    v.push_back(BadCase{std::move(what), a, o, want, std::move(words)});
  };
  auto bytes = [](void const* p, std::ptrdiff_t off) { return static_cast<char const*>(p) + off; };
  {
    auto a = base;
    a.groups = 2;
    add("groups = 2", a, S::NotSupported, {"groups"});
  }
  {
    auto a = base;
    a.groups = 0;
    add("groups = 0", a, S::NotSupported, {"groups"});
  }
  {
    auto a = base;  // a 9-tall filter on the 8-tall input without vertical padding
    a.r = 9;
    a.pad_top = a.pad_bottom = 0;
    add("filter taller than the padded input (P <= 0)", a, S::InvalidArgument, {"output"});
  }
  {
    auto a = base;  // W + pads = 10, reach (S - 1) * dilation + 1 = 11 with a 6-wide filter dilated by 2
    a.s = 6;
    a.dilation_w = 2;
    add("dilated filter wider than the padded input (Q <= 0)", a, S::InvalidArgument, {"output"});
  }
  {
    auto a = base;  // reach 11 > 10 by one, stride 2: truncating division would give Q = 1
    a.s = 6;
    a.dilation_w = 2;
    a.stride_w = 2;
    add("filter one wider than the padded input, stride 2 (Q <= 0, not 1)", a, S::InvalidArgument, {"output"});
  }
  { auto a = base; a.x = nullptr; add("x null", a, S::InvalidArgument, {"x is a null pointer"}); }
  { auto a = base; a.filter = nullptr; add("filter null", a, S::InvalidArgument, {"filter is a null pointer"}); }
  { auto a = base; a.y = nullptr; add("y null", a, S::InvalidArgument, {"y is a null pointer"}); }
  {
    auto a = base;
    a.residual = nullptr;
    a.beta = 0.5f;
    add("residual null with beta != 0", a, S::InvalidArgument, {"residual is a null pointer"});
  }
  { auto a = base; a.x_stride_w = 15; add("x_stride_w < c", a, S::InvalidArgument, {"x_stride_w"}); }
  { auto a = base; a.y_stride_w = 31; add("y_stride_w < k", a, S::InvalidArgument, {"y_stride_w"}); }
  { auto a = base; a.x_stride_w = -16; add("x_stride_w negative", a, S::InvalidArgument, {"x_stride_w"}); }
  { auto a = base; a.x_stride_h = -128; add("x_stride_h negative", a, S::InvalidArgument, {"x_stride_h"}); }
  { auto a = base; a.y_stride_n = -2048; add("y_stride_n negative", a, S::InvalidArgument, {"y_stride_n"}); }
  {
    auto a = base;  // rows of y overlap: two outputs would land on one element
    a.y_stride_w = 32;
    a.y_stride_h = 8 * 32 - 1;
    add("y_stride_h < Q * y_stride_w (rows of y overlap)", a, S::InvalidArgument, {"y_stride_h"});
  }
  {
    auto a = base;
    a.y_stride_n = 8 * 8 * 32 - 32;
    add("y_stride_n < P * y_stride_h (images of y overlap)", a, S::InvalidArgument, {"y_stride_n"});
  }
  { auto a = base; a.x = bytes(base.x, 1); add("x not aligned to its element size", a, S::InvalidArgument, {"x (", "not aligned to its element size"}); }
  {
    auto a = base;
    a.filter = bytes(base.filter, 1);
    add("filter not aligned to its element size", a, S::InvalidArgument, {"filter (", "not aligned to its element size"});
  }
  {
    auto a = base;
    a.y = const_cast<char*>(bytes(base.y, 1));
    add("y not aligned to its element size", a, S::InvalidArgument, {"y (", "not aligned to its element size"});
  }
  {
    auto a = base;
    a.y_type = conv::DType::F32;
    a.bias = bytes(base.bias, 2);
    add("f32 bias not aligned to 4 bytes", a, S::InvalidArgument, {"bias (", "not aligned to its element size"});
  }
  {
    auto a = base;
    a.beta = 1.0f;
    a.residual = bytes(base.residual, 1);
    add("residual not aligned", a, S::InvalidArgument, {"residual (", "not aligned to its element size"});
  }
  { auto a = base; a.x_type = conv::DType::F32; add("x_type F32", a, S::NotSupported, {"x_type"}); }
  { auto a = base; a.x_type = conv::DType(7); add("x_type out of range", a, S::InvalidArgument, {"x_type"}); }
  { auto a = base; a.y_type = conv::DType(-1); add("y_type out of range", a, S::InvalidArgument, {"y_type"}); }
  { auto a = base; a.activation = conv::Activation(3); add("activation out of range", a, S::InvalidArgument, {"activation"}); }
  { auto a = base; a.n = 0; add("n = 0", a, S::InvalidArgument, {"n must be >= 1"}); }
  { auto a = base; a.h = -1; add("h < 0", a, S::InvalidArgument, {"h must be >= 1"}); }
  { auto a = base; a.c = 0; add("c = 0", a, S::InvalidArgument, {"c must be >= 1"}); }
  { auto a = base; a.k = 0; add("k = 0", a, S::InvalidArgument, {"k must be >= 1"}); }
  { auto a = base; a.s = 0; add("s = 0", a, S::InvalidArgument, {"s must be >= 1"}); }
  { auto a = base; a.stride_h = 0; add("stride_h = 0", a, S::InvalidArgument, {"stride_h"}); }
  { auto a = base; a.dilation_w = 0; add("dilation_w = 0", a, S::InvalidArgument, {"dilation_w"}); }
  { auto a = base; a.pad_left = -1; add("pad_left < 0", a, S::InvalidArgument, {"pad_left"}); }
  {
    auto a = base;  // x: 1 x 8192 x 8192 x 64 = 2^32 elements
    a.n = 1;
    a.h = a.w = 8192;
    a.c = 64;
    add("x past 32-bit indexing", a, S::NotSupported, {"2^31"});
  }
  {
    auto a = base;  // y: 64 x 256 x 256 x 512 = 2^31 elements, x (C = 8) small enough
    a.n = 64;
    a.h = a.w = 256;
    a.c = 8;
    a.k = 512;
    add("y past 32-bit indexing", a, S::NotSupported, {"2^31"});
  }
  {
    auto a = base;  // filter: 65536 x 7 x 7 x 1024 elements
    a.k = 65536;
    a.r = a.s = 7;
    a.c = 1024;
    a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = 3;
    add("filter past 32-bit indexing", a, S::NotSupported, {"2^31"});
  }
  {
    auto a = base;  // every extent at INT_MAX: the element count saturates instead of overflowing
    a.n = a.h = a.w = a.c = 2147483647;
    a.r = a.s = 1;
    a.pad_top = a.pad_bottom = a.pad_left = a.pad_right = 0;
    add("x of (2^31 - 1)^4 elements", a, S::NotSupported, {"x has 2^62 or more elements", "2^31"});
  }
  {
    auto a = base;  // images 2^61 elements apart: two of them span 2^62
    a.x_stride_n = std::int64_t(1) << 61;
    add("x_stride_n spanning 2^62 elements", a, S::InvalidArgument, {"x's strides span", "2^62"});
  }
  {
    auto a = base;  // the largest stride: the packed image stride derived from it saturates
    a.y_stride_h = INT64_MAX;
    add("y_stride_h = INT64_MAX", a, S::InvalidArgument, {"y's strides span", "2^62"});
  }
  { conv::Options o; o.tile_n = 96; add("tile_n 96", base, S::InvalidArgument, {"tile_n"}, o); }
  { conv::Options o; o.cluster_m = 3; add("cluster_m 3", base, S::InvalidArgument, {"cluster_m"}, o); }
  { conv::Options o; o.max_workers = -1; add("max_workers -1", base, S::InvalidArgument, {"max_workers"}, o); }
  { conv::Options o; o.swizzle = -2; add("swizzle -2", base, S::InvalidArgument, {"swizzle"}, o); }
  { conv::Options o; o.kernel = conv::Kernel(9); add("kernel out of range", base, S::InvalidArgument, {"kernel"}, o); }
  {
    conv::Options o;
    o.kernel = conv::Kernel::Portable;
    o.cluster_m = 2;
    add("cluster_m 2 with the portable kernel", base, S::InvalidArgument, {"cluster_m"}, o);
  }
  { conv::Options o; o.split_k = -1; add("split_k -1", base, S::InvalidArgument, {"split_k"}, o); }
  { conv::Options o; o.split_k = 17; add("split_k 17", base, S::InvalidArgument, {"split_k"}, o); }
  {
    conv::Options o;
    o.kernel = conv::Kernel::Portable;
    o.split_k = 2;
    add("split_k 2 with the portable kernel", base, S::InvalidArgument, {"split_k"}, o);
  }
  {
    conv::Options o;
    o.split_workspace = const_cast<char*>(static_cast<char const*>(base.residual) + 8);
    o.split_workspace_size = 1 << 12;
    add("split_workspace not 16-byte aligned", base, S::InvalidArgument, {"split_workspace"}, o);
  }
  if (with_device) {
    // Refused after the device query (can_implement does not range-check these options itself).
    {
      conv::Options o;
      o.source = clc::SourceKind(42);
      add("source out of range", base, S::InvalidArgument, {"source"}, o);
      v.back().either_status = v.back().run_only = true;
    }
    {
      conv::Options o;
      o.grid = clc::GridMode(7);
      add("grid out of range", base, S::InvalidArgument, {"grid"}, o);
      v.back().either_status = v.back().run_only = true;
    }
  }
  if (with_device && hopper) {
    // The Sm90 kernel forced where it cannot run: NotSupported with the reason (sm90_reason).
    {
      auto a = base;
      a.c = 12;
      conv::Options o;
      o.kernel = conv::Kernel::Sm90;
      add("Sm90 forced with C = 12", a, S::NotSupported, {"Sm90", "c (12)"}, o);
    }
    {
      auto a = base;  // x's pixels 2 bytes past a 16-byte boundary
      a.x_stride_w = 17;
      conv::Options o;
      o.kernel = conv::Kernel::Sm90;
      add("Sm90 forced with x_stride_w = 17", a, S::NotSupported, {"Sm90", "x_stride_w"}, o);
    }
    {
      auto a = base;
      a.x = static_cast<char const*>(base.x) + 2;
      conv::Options o;
      o.kernel = conv::Kernel::Sm90;
      add("Sm90 forced with x 2 bytes past 16-byte alignment", a, S::NotSupported, {"Sm90", "x's base address"}, o);
    }
    {
      auto a = base;
      a.stride_h = 9;
      a.h = 40;
      conv::Options o;
      o.kernel = conv::Kernel::Sm90;
      add("Sm90 forced with stride_h = 9", a, S::NotSupported, {"Sm90", "stride (9"}, o);
    }
    {
      conv::Options o;
      o.kernel = conv::Kernel::Sm90;
      o.source = clc::SourceKind::Hardware;
      add("Hardware source with the Sm90 kernel on sm_90", base, S::NotSupported, {"Hardware"}, o);
    }
    {
      conv::Options o;  // split-K's partial sums need 2 * M * K * 4 bytes (M = 128, K = 32): 32 KiB
      o.kernel = conv::Kernel::Sm90;
      o.split_k = 2;
      o.split_workspace = const_cast<void*>(base.residual);
      o.split_workspace_size = 16;
      add("split_workspace_size too small", base, S::InvalidArgument, {"split_workspace_size"}, o);
      v.back().run_only = true;  // the size it needs depends on the device (split_workspace_bytes)
    }
    {
      conv::Options o;  // Auto picks Sm90 here
      o.source = clc::SourceKind::Hardware;
      add("Hardware source, kernel Auto, on sm_90", base, S::NotSupported, {"Hardware"}, o);
    }
  }
  return v;
}

}  // namespace conv_test
