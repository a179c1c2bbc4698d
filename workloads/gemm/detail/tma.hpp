//! @file tma.hpp
//! @brief Host: encoding TMA tensor maps through the driver's cuTensorMapEncodeTiled, obtained with
//! cudaGetDriverEntryPointByVersion (no link against libcuda).
#pragma once

#include <cstdint>

#include <cuda.h>

#include "../gemm.hpp"

namespace clc::gemm::detail {

//! A 3-D (dim0 contiguous, dim1, batch) tiled map with 128-byte swizzle and zero fill out of bounds.
//! `what` names the operand in the error message ("A", "B").
Error encode_tile_map(CUtensorMap* map, DType type, void const* base, std::uint64_t dim0, std::uint64_t dim1,
                      std::uint64_t dim2, std::uint64_t stride1_bytes, std::uint64_t stride2_bytes,
                      std::uint32_t box0, std::uint32_t box1, char const* what);

}  // namespace clc::gemm::detail
