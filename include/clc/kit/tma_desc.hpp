//! @file kit/tma_desc.hpp
//! @brief Host: TMA tensor maps, tiled and im2col, encoded by the driver's cuTensorMapEncodeTiled /
//! cuTensorMapEncodeIm2col reached through the runtime's driver entry point (no link against libcuda).
//!
//! The documented requirements (CUDA driver API, cuTensorMapEncode*) are checked first, so the driver
//! is never asked for a map it refuses (compute-sanitizer counts every failed API call) and the error
//! names the operand and the field: 16-byte aligned base, strides multiples of 16 bytes below 2^40,
//! dimensions 1..2^32, box extents 1..256, an inner box row no wider than the swizzle span.
//! Out-of-bounds box elements are filled with zeros (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "../detail/cuda_check.hpp"
#include "../status.hpp"

namespace clc::kit {

namespace detail {

inline std::uint32_t element_bytes(CUtensorMapDataType t) {
  switch (t) {
    case CU_TENSOR_MAP_DATA_TYPE_UINT8: return 1;
    case CU_TENSOR_MAP_DATA_TYPE_UINT16:
    case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
    case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16: return 2;
    case CU_TENSOR_MAP_DATA_TYPE_UINT32:
    case CU_TENSOR_MAP_DATA_TYPE_INT32:
    case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
    case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
    case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
    case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ: return 4;
    case CU_TENSOR_MAP_DATA_TYPE_UINT64:
    case CU_TENSOR_MAP_DATA_TYPE_INT64:
    case CU_TENSOR_MAP_DATA_TYPE_FLOAT64: return 8;
    default: return 0;
  }
}

inline std::uint32_t swizzle_span(CUtensorMapSwizzle s) {
  switch (s) {
    case CU_TENSOR_MAP_SWIZZLE_32B: return 32;
    case CU_TENSOR_MAP_SWIZZLE_64B: return 64;
    case CU_TENSOR_MAP_SWIZZLE_128B: return 128;
    default: return 0;  // no swizzle: no limit from the swizzle
  }
}

//! The driver function `name`, looked up once per process.
template <class Fn>
Error driver_entry(char const* name, Fn* out) {
  struct Entry {
    std::once_flag once;
    void* fn = nullptr;
    cudaError_t err = cudaSuccess;
    cudaDriverEntryPointQueryResult query = cudaDriverEntryPointSuccess;
  };
  static Entry entry;  // one per Fn type: the encoders have different types
  std::call_once(entry.once, [&] {
    entry.err = cudaGetDriverEntryPointByVersion(name, &entry.fn, 12000, cudaEnableDefault, &entry.query);
  });
  if (entry.err != cudaSuccess)
    return {Status::CudaError,
            std::string("cudaGetDriverEntryPointByVersion(") + name + ") failed: " + cudaGetErrorName(entry.err)};
  if (entry.fn == nullptr || entry.query != cudaDriverEntryPointSuccess)
    return not_supported(std::string("the CUDA driver does not provide ") + name + " (TMA needs driver 12.0 or newer)");
  *out = reinterpret_cast<Fn>(entry.fn);
  return success();
}

inline std::string dims_text(int rank, std::uint64_t const* dims, std::uint64_t const* strides) {
  std::string s = "dims ";
  for (int i = 0; i < rank; ++i) s += (i ? "x" : "") + std::to_string(dims[i]);
  s += ", strides ";
  for (int i = 0; i + 1 < rank; ++i) s += (i ? "/" : "") + std::to_string(strides[i]);
  return s + " bytes";
}

//! The shared requirements of both encoders. `inner_box` is the innermost box extent in elements.
inline Error check_map(char const* what, CUtensorMapDataType type, void const* base, int rank, int min_rank,
                       std::uint64_t const* dims, std::uint64_t const* strides, std::uint32_t inner_box,
                       CUtensorMapSwizzle swizzle) {
  std::string const op = std::string("TMA cannot describe ") + what + ": ";
  if (rank < min_rank || rank > 5)
    return invalid_argument(op + "rank must be " + std::to_string(min_rank) + "..5 (got " + std::to_string(rank) + ")");
  std::uint32_t const es = element_bytes(type);
  if (es == 0) return invalid_argument(op + "unsupported element type " + std::to_string(int(type)));
  if (reinterpret_cast<std::uintptr_t>(base) % 16 != 0) return not_supported(op + "base address is not 16-byte aligned");
  for (int i = 0; i < rank; ++i)
    if (dims[i] < 1 || dims[i] > (std::uint64_t(1) << 32))
      return not_supported(op + "dimension " + std::to_string(i) + " (" + std::to_string(dims[i]) +
                           ") must be in 1..2^32");
  for (int i = 0; i + 1 < rank; ++i)
    if (strides[i] % 16 != 0 || strides[i] >= (std::uint64_t(1) << 40))
      return not_supported(op + "stride " + std::to_string(i + 1) + " (" + std::to_string(strides[i]) +
                           " bytes) must be a multiple of 16 below 2^40");
  std::uint32_t const span = swizzle_span(swizzle);
  if (span != 0 && inner_box * es > span)
    return invalid_argument(op + "the inner box row (" + std::to_string(inner_box * es) +
                            " bytes) is wider than the swizzle span (" + std::to_string(span) + " bytes)");
  return success();
}

}  // namespace detail

//! Box rows (columns j of the tile) of kit::store_tile_tma_transposed for a tile N columns wide: 64 where
//! they divide it (8 KiB boxes, two buffers per warpgroup); 208: one box of all 208 rows (26 KiB, one
//! buffer); 224: two boxes of 112 (14 KiB, one buffer); else 32 or 16 (a row is 128 bytes of 16-bit values).
constexpr int transposed_box_rows(int n) {
  return n % 64 == 0 ? 64 : n == 208 ? 208 : n == 224 ? 112 : n % 32 == 0 ? 32 : 16;
}
//! Shared memory of one consumer warpgroup's TMA-store buffers for tiles N columns wide: two 8 KiB boxes,
//! or one transposed box for the 208- and 224-wide tiles (transposed_box_rows).
constexpr int store_buffer_bytes(int n) { return n == 208 || n == 224 ? transposed_box_rows(n) * 128 : 2 * 64 * 128; }

//! Encode a tiled map of a rank-`rank` tensor (1..5): `dims[rank]` in elements, innermost first;
//! `strides[rank - 1]` in bytes of dimensions 1..rank-1; `box[rank]` the shared-memory box in
//! elements (each 1..256). `what` names the operand in error messages ("A", "K", ...).
inline Error encode_tiled(CUtensorMap* map, CUtensorMapDataType type, void const* base, int rank,
                          std::uint64_t const* dims, std::uint64_t const* strides, std::uint32_t const* box,
                          CUtensorMapSwizzle swizzle, char const* what,
                          CUtensorMapL2promotion l2 = CU_TENSOR_MAP_L2_PROMOTION_L2_256B) {
  CLC_TRY(detail::check_map(what, type, base, rank, 1, dims, strides, box[0], swizzle));
  for (int i = 0; i < rank; ++i)
    if (box[i] < 1 || box[i] > 256)
      return invalid_argument(std::string("TMA cannot describe ") + what + ": box extent " + std::to_string(i) + " (" +
                              std::to_string(box[i]) + ") must be in 1..256");
  using Fn = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, cuuint64_t const*, cuuint64_t const*,
                          cuuint32_t const*, cuuint32_t const*, CUtensorMapInterleave, CUtensorMapSwizzle,
                          CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
  Fn fn = nullptr;
  CLC_TRY(detail::driver_entry("cuTensorMapEncodeTiled", &fn));
  cuuint64_t d[5];
  cuuint64_t s[4];
  cuuint32_t b[5];
  cuuint32_t const unit[5] = {1, 1, 1, 1, 1};
  for (int i = 0; i < rank; ++i) d[i] = dims[i], b[i] = box[i];
  for (int i = 0; i + 1 < rank; ++i) s[i] = strides[i];
  CUresult const r = fn(map, type, cuuint32_t(rank), const_cast<void*>(base), d, s, b, unit,
                        CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, l2, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return not_supported(std::string("TMA cannot describe ") + what + " (cuTensorMapEncodeTiled error " +
                         std::to_string(int(r)) + ", " + detail::dims_text(rank, dims, strides) + ")");
  return success();
}

//! Encode an im2col map of a rank-`rank` tensor (3..5, e.g. NHWC as dims {C, W, H, N}).
//! `lower[rank - 2]` / `upper[rank - 2]` are the pixel box corners relative to each output pixel
//! (innermost spatial dimension first: for a 2-D convolution with padding p and filter extent R,
//! lower = -p, upper = p - (R - 1) * dilation), `channels` the channels per pixel loaded (the box's
//! inner extent, 1..256), `pixels` the pixels per column (the box's outer extent, 1..1024).
//! `element_strides[rank]` are the traversal strides (the convolution stride on spatial dims, 1 on
//! the channel dimension and batch). The im2col offsets given to each load must keep the box inside
//! the corners.
inline Error encode_im2col(CUtensorMap* map, CUtensorMapDataType type, void const* base, int rank,
                           std::uint64_t const* dims, std::uint64_t const* strides, int const* lower,
                           int const* upper, std::uint32_t channels, std::uint32_t pixels,
                           std::uint32_t const* element_strides, CUtensorMapSwizzle swizzle, char const* what,
                           CUtensorMapL2promotion l2 = CU_TENSOR_MAP_L2_PROMOTION_L2_256B) {
  CLC_TRY(detail::check_map(what, type, base, rank, 3, dims, strides, channels, swizzle));
  std::string const op = std::string("TMA cannot describe ") + what + ": ";
  if (channels < 1 || channels > 256)
    return invalid_argument(op + "channels per pixel (" + std::to_string(channels) + ") must be in 1..256");
  if (pixels < 1 || pixels > 1024)
    return invalid_argument(op + "pixels per column (" + std::to_string(pixels) + ") must be in 1..1024");
  // Corner ranges (cuTensorMapEncodeIm2col): [-2^15, 2^15) for 3-D, [-2^7, 2^7) for 4-D, [-2^4, 2^4) for 5-D.
  int const lim = rank == 3 ? 1 << 15 : rank == 4 ? 1 << 7 : 1 << 4;
  for (int i = 0; i < rank - 2; ++i)
    if (lower[i] < -lim || lower[i] >= lim || upper[i] < -lim || upper[i] >= lim)
      return not_supported(op + "pixel box corner " + std::to_string(i) + " (" + std::to_string(lower[i]) + ", " +
                           std::to_string(upper[i]) + ") is outside [-" + std::to_string(lim) + ", " +
                           std::to_string(lim) + ") for rank " + std::to_string(rank));
  for (int i = 0; i < rank; ++i)
    if (element_strides[i] < 1 || element_strides[i] > 8)
      return invalid_argument(op + "element stride " + std::to_string(i) + " (" + std::to_string(element_strides[i]) +
                              ") must be in 1..8");
  using Fn = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, cuuint64_t const*, cuuint64_t const*,
                          int const*, int const*, cuuint32_t, cuuint32_t, cuuint32_t const*, CUtensorMapInterleave,
                          CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
  Fn fn = nullptr;
  CLC_TRY(detail::driver_entry("cuTensorMapEncodeIm2col", &fn));
  cuuint64_t d[5];
  cuuint64_t s[4];
  cuuint32_t es[5];
  for (int i = 0; i < rank; ++i) d[i] = dims[i], es[i] = element_strides[i];
  for (int i = 0; i + 1 < rank; ++i) s[i] = strides[i];
  CUresult const r = fn(map, type, cuuint32_t(rank), const_cast<void*>(base), d, s, lower, upper, channels, pixels, es,
                        CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, l2, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return not_supported(op.substr(0, op.size() - 2) + " (cuTensorMapEncodeIm2col error " + std::to_string(int(r)) +
                         ", " + detail::dims_text(rank, dims, strides) + ")");
  return success();
}

}  // namespace clc::kit
