//! @file sm90_maps.cpp
//! @brief Host: the Sm90 kernel's tensor maps (kit::encode_tiled), one 3-D map (contiguous dimension,
//! rows, batch) per operand with 128-byte swizzle; boxes as the kernel's loads and stores expect.
#include <cstdint>

#include "clc/kit/tma_desc.hpp"
#include "detail/problem.hpp"

namespace clc::gemm::detail {
namespace {

CUtensorMapDataType tma_type(DType t) {
  return t == DType::BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
         : t == DType::F16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
                           : CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
}

//! `rows` rows of `cols` contiguous elements per batch; `ld` and `bs` in elements.
Error encode(CUtensorMap* map, DType type, void const* base, std::int64_t cols, std::int64_t rows, int batch,
             std::int64_t ld, std::int64_t bs, std::uint32_t box_cols, std::uint32_t box_rows, char const* what,
             bool load = true) {
  std::uint64_t const es = size_of(type);
  std::uint64_t const row_bytes = std::uint64_t(ld) * es;
  // With one batch the batch stride is never used: any legal value.
  std::uint64_t batch_bytes = std::uint64_t(bs) * es;
  if (batch == 1) {
    batch_bytes = row_bytes * std::uint64_t(rows);
    if (batch_bytes >= (std::uint64_t(1) << 40)) batch_bytes = row_bytes;
  }
  std::uint64_t const dims[3] = {std::uint64_t(cols), std::uint64_t(rows), std::uint64_t(batch)};
  std::uint64_t const strides[2] = {row_bytes, batch_bytes};
  std::uint32_t const box[3] = {box_cols, box_rows, 1};
  // L2 promotion of the operands' loads: 256 bytes where rows are whole 128-byte lines (the kit's default,
  // measured with it; D's store map keeps it), 128 bytes otherwise. With rows that start inside a 32-byte
  // sector (e.g. 1000 or 3000 bf16 elements) 256-byte promotion cost the most: at 3000^3 clc's kernel read 24.8 M L2 sectors in 14.4 M requests against 16.1 M
  // and 4.0 M at 3072^3 (Nsight Compute), and the whole GEMM took 0.1327 ms with 256-byte promotion against
  // 0.1155 with 128 (0.1168 with none, 0.1161 with 64); 4000x1000x1000 0.0248 against 0.0220 ms; aligned
  // shapes (3072^3, 1024^3) the same with every promotion (bench/results/h200-gemm-misaligned-dev.txt).
  CUtensorMapL2promotion const l2 =
      !load || row_bytes % 128 == 0 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B : CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  return kit::encode_tiled(map, tma_type(type), base, 3, dims, strides, box, CU_TENSOR_MAP_SWIZZLE_128B, what, l2);
}

}  // namespace

Error encode_sm90_maps(Problem const& p, Plan const& plan, Sm90Maps* maps) {
  // A: K-major tiles are 128 rows x 64 k; MN-major ones two 64-wide chunks of 64 k rows (in a 1x2 cluster
  // each CTA loads one of the chunks, the same box).
  if (p.a_kmajor) {
    // M within one tile: a box of M rows (rounded up to 8, the swizzle atom) instead of 128. Measured
    // on the H200 with bench/probes/mainloop_probe.cu's ring (bench/results/h200-gemm-dev-e521204.txt,
    // section 8): TMA's zero fill of the rows past M cost 1.19x at M = 16 and 1.07x at M = 64.
    // A 1x2 cluster (plan.cluster_n 2): each CTA loads one 64-row half of the tile's A and multicasts it.
    maps->a_rows = plan.cluster_n == 2 ? kSm90TileM / 2 : p.m < kSm90TileM ? (p.m + 7) / 8 * 8 : kSm90TileM;
    CLC_TRY(encode(&maps->a, p.ab, p.a, p.k, p.m, p.batch, p.lda, p.bsa, 64, std::uint32_t(maps->a_rows), "A"));
  } else {
    CLC_TRY(encode(&maps->a, p.ab, p.a, p.m, p.k, p.batch, p.lda, p.bsa, 64, 64, "A"));
  }
  // B: each CTA of a 2x1 cluster loads (and multicasts) tile_n / cluster_m rows, in boxes of
  // sm90_b_box_rows of them (K-major) or 64-wide chunks (MN-major).
  int const b_rows = plan.tile_n / plan.cluster_m;
  if (p.b_kmajor) {
    CLC_TRY(encode(&maps->b, p.ab, p.b, p.k, p.n, p.batch, p.ldb, p.bsb, 64, std::uint32_t(sm90_b_box_rows(b_rows)),
                   "B"));
  } else {
    CLC_TRY(encode(&maps->b, p.ab, p.b, p.n, p.k, p.batch, p.ldb, p.bsb, 64, 64, "B"));
  }
  // D: boxes of 64 rows x 128 bytes (the TMA-store epilogue); a map the driver refuses (e.g. a batch
  // stride past 2^40 bytes) means the direct epilogue, not an error.
  // Transposed (Problem::d_transposed): d's rows run along the kernel's M; a box is 128 bytes of one row
  // by kit::transposed_box_rows(tile_n) rows (kit::store_tile_tma_transposed).
  maps->tma_store = plan.tma_store &&
                    (p.d_transposed ? encode(&maps->d, p.cd, p.d, p.m, p.n, p.batch, p.ldd, p.bsd,
                                             std::uint32_t(128 / size_of(p.cd)),
                                             std::uint32_t(kit::transposed_box_rows(plan.tile_n)), "D", false)
                                    : encode(&maps->d, p.cd, p.d, p.n, p.m, p.batch, p.ldd, p.bsd,
                                             std::uint32_t(128 / size_of(p.cd)), 64, "D", false))
                        .ok();
  return success();
}

}  // namespace clc::gemm::detail
