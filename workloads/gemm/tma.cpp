//! @file tma.cpp
//! @brief cuTensorMapEncodeTiled through the runtime's driver entry point.
#include "detail/tma.hpp"

#include <mutex>
#include <string>

#include <cuda_runtime_api.h>

#include "clc/detail/cuda_check.hpp"

namespace clc::gemm::detail {
namespace {

using EncodeTiledFn = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, cuuint64_t const*,
                                   cuuint64_t const*, cuuint32_t const*, cuuint32_t const*, CUtensorMapInterleave,
                                   CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

Error get_encode_fn(EncodeTiledFn* out) {
  static std::once_flag once;
  static EncodeTiledFn fn = nullptr;
  static cudaError_t err = cudaSuccess;
  static cudaDriverEntryPointQueryResult query = cudaDriverEntryPointSuccess;
  std::call_once(once, [] {
    void* p = nullptr;
    err = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &query);
    fn = reinterpret_cast<EncodeTiledFn>(p);
  });
  if (err != cudaSuccess)
    return {Status::CudaError, std::string("cudaGetDriverEntryPointByVersion(cuTensorMapEncodeTiled) failed: ") +
                                   cudaGetErrorName(err)};
  if (fn == nullptr || query != cudaDriverEntryPointSuccess)
    return not_supported("the CUDA driver does not provide cuTensorMapEncodeTiled (TMA needs driver 12.0 or newer)");
  *out = fn;
  return success();
}

}  // namespace

Error encode_tile_map(CUtensorMap* map, DType type, void const* base, std::uint64_t dim0, std::uint64_t dim1,
                      std::uint64_t dim2, std::uint64_t stride1_bytes, std::uint64_t stride2_bytes,
                      std::uint32_t box0, std::uint32_t box1, char const* what) {
  EncodeTiledFn fn = nullptr;
  CLC_TRY(get_encode_fn(&fn));
  CUtensorMapDataType const dt = type == DType::BF16  ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                 : type == DType::F16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
                                                      : CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  cuuint64_t const dims[3] = {dim0, dim1, dim2};
  cuuint64_t const strides[2] = {stride1_bytes, stride2_bytes};
  cuuint32_t const box[3] = {box0, box1, 1};
  cuuint32_t const elem_strides[3] = {1, 1, 1};
  CUresult const r = fn(map, dt, 3, const_cast<void*>(base), dims, strides, box, elem_strides,
                        CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                        CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    return not_supported(std::string("TMA cannot describe operand ") + what + " (cuTensorMapEncodeTiled error " +
                         std::to_string(int(r)) + ", dims " + std::to_string(dim0) + "x" + std::to_string(dim1) + "x" +
                         std::to_string(dim2) + ", strides " + std::to_string(stride1_bytes) + "/" +
                         std::to_string(stride2_bytes) + " bytes)");
  }
  return success();
}

}  // namespace clc::gemm::detail
