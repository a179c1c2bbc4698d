//! @file sm90_maps.cpp
//! @brief Host: the Sm90 convolution's tensor maps (kit/tma_desc.hpp) and the conditions under which
//! the kernel applies: x as an im2col map {C, W, H, N} (64 channels x 128 output pixels per load, the
//! convolution stride as the traversal stride, the padding as the pixel box corners), the filter as a
//! tiled map {C, R*S, K}, y as a tiled [N*P*Q, K] map for the TMA-store epilogue. All 128-byte swizzle.
#include <cstdint>
#include <string>

#include "clc/kit/tma_desc.hpp"
#include "detail/problem.hpp"

namespace clc::conv::detail {
namespace {

CUtensorMapDataType tma_type(DType t) {
  return t == DType::BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
         : t == DType::F16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
                           : CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
}

std::string num(std::int64_t v) { return std::to_string(v); }

// Pixel box corners of one spatial axis (cuTensorMapEncodeIm2col): lower = -pad_lo, upper = pad_hi -
// (filter - 1) * dilation; the rank-4 map takes corners in [-128, 128).
int lower_corner(int pad_lo) { return -pad_lo; }
int upper_corner(int pad_hi, int filter, int dil) { return pad_hi - (filter - 1) * dil; }

}  // namespace

std::string sm90_reason(Problem const& p) {
  if (p.c % 8 != 0) return "c (" + num(p.c) + ") is not a multiple of 8 (TMA im2col reads 16-byte pixel rows)";
  if (reinterpret_cast<std::uintptr_t>(p.x) % 16 != 0) return "x's base address is not 16-byte aligned";
  if (reinterpret_cast<std::uintptr_t>(p.filter) % 16 != 0) return "filter's base address is not 16-byte aligned";
  if (p.xsw % 8 != 0) return "x_stride_w (" + num(p.xsw) + ") is not a multiple of 8 elements (16 bytes)";
  if (p.xsh % 8 != 0) return "x_stride_h (" + num(p.xsh) + ") is not a multiple of 8 elements (16 bytes)";
  if (p.xsn % 8 != 0) return "x_stride_n (" + num(p.xsn) + ") is not a multiple of 8 elements (16 bytes)";
  if (p.stride_h > 8 || p.stride_w > 8)
    return "the stride (" + num(p.stride_h) + ", " + num(p.stride_w) + ") exceeds TMA im2col's traversal stride limit of 8";
  int const corners[4] = {lower_corner(p.pad_left), upper_corner(p.pad_right, p.s, p.dil_w), lower_corner(p.pad_top),
                          upper_corner(p.pad_bottom, p.r, p.dil_h)};
  for (int v : corners)
    if (v < -128 || v >= 128)
      return "the padding and the filter's reach (pad " + num(p.pad_top) + "/" + num(p.pad_bottom) + "/" +
             num(p.pad_left) + "/" + num(p.pad_right) + ", dilated filter " + num((p.r - 1) * p.dil_h + 1) + "x" +
             num((p.s - 1) * p.dil_w + 1) + ") exceed TMA im2col's pixel box corners [-128, 128)";
  return {};
}

Error encode_sm90_maps(Problem const& p, Plan const& plan, Sm90Maps* maps) {
  std::uint64_t const xes = size_of(p.xt);
  {
    std::uint64_t const dims[4] = {std::uint64_t(p.c), std::uint64_t(p.w), std::uint64_t(p.h), std::uint64_t(p.n)};
    std::uint64_t const strides[3] = {std::uint64_t(p.xsw) * xes, std::uint64_t(p.xsh) * xes, std::uint64_t(p.xsn) * xes};
    int const lower[2] = {lower_corner(p.pad_left), lower_corner(p.pad_top)};
    int const upper[2] = {upper_corner(p.pad_right, p.s, p.dil_w), upper_corner(p.pad_bottom, p.r, p.dil_h)};
    std::uint32_t const estr[4] = {1, std::uint32_t(p.stride_w), std::uint32_t(p.stride_h), 1};
    CLC_TRY(kit::encode_im2col(&maps->x, tma_type(p.xt), p.x, 4, dims, strides, lower, upper, kSm90TileK, kSm90TileM,
                               estr, CU_TENSOR_MAP_SWIZZLE_128B, "x"));
  }
  {
    // Each CTA of a 2x1 cluster loads (and multicasts) tile_n / cluster_m filter rows, in boxes of <= 128.
    int const rows = plan.tile_n / plan.cluster_m;
    std::uint64_t const dims[3] = {std::uint64_t(p.c), std::uint64_t(p.r) * std::uint64_t(p.s), std::uint64_t(p.k)};
    std::uint64_t const strides[2] = {std::uint64_t(p.c) * xes, std::uint64_t(p.r) * p.s * p.c * xes};
    std::uint32_t const box[3] = {kSm90TileK, 1, std::uint32_t(rows < 128 ? rows : 128)};
    CLC_TRY(kit::encode_tiled(&maps->filter, tma_type(p.xt), p.filter, 3, dims, strides, box,
                              CU_TENSOR_MAP_SWIZZLE_128B, "filter"));
  }
  // y: boxes of 64 rows x 128 bytes (kit::store_tile_tma); a map the driver refuses means the direct
  // epilogue, not an error.
  maps->tma_store = false;
  if (plan.tma_store) {
    std::uint64_t const yes = size_of(p.yt);
    std::uint64_t const dims[2] = {std::uint64_t(p.k), std::uint64_t(p.m())};
    std::uint64_t const strides[1] = {std::uint64_t(p.k) * yes};
    std::uint32_t const box[2] = {std::uint32_t(128 / yes), 64};
    maps->tma_store =
        kit::encode_tiled(&maps->y, tma_type(p.yt), p.y, 2, dims, strides, box, CU_TENSOR_MAP_SWIZZLE_128B, "y").ok();
  }
  return success();
}

}  // namespace clc::conv::detail
