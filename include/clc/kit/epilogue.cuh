//! @file kit/epilogue.cuh
//! @brief The TMA-store epilogue of one consumer warpgroup: its 64 x N fp32 accumulators (wgmma
//! layout, kit/wgmma.cuh) go to global memory as T through shared memory, in boxes of 64 rows x 128
//! bytes and two alternating 8 KiB buffers. A box is written with 128-byte swizzle (16-byte unit u of
//! row r at u ^ (r % 8): the 8 rows one store instruction touches hit 8 different bank groups), handed
//! to the async proxy, and stored by the warpgroup's first thread with one TMA store; the stores drain
//! while the warpgroup goes on (the next tile's mainloop) and are waited for only before a buffer is
//! reused. The tensor map's box is {128 / sizeof(T), 64, 1...} with CU_TENSOR_MAP_SWIZZLE_128B.
//! Beside it, the direct fp32 store of the same accumulators (split-K partial sums).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "arch.cuh"
#include "barrier.cuh"
#include "tma.cuh"
#include "tma_desc.hpp"  // transposed_box_rows

namespace clc::kit {

//! Shared memory one warpgroup's epilogue needs: two boxes of 64 rows x 128 bytes (1024-byte aligned).
inline constexpr int kStoreBoxBytes = 64 * 128;
inline constexpr int kStoreBufferBytes = 2 * kStoreBoxBytes;

#if defined(__CUDACC__)

//! No addend: store_tile_tma stores op(acc) as it is.
struct NoTileAddend {
  static constexpr bool kNone = true;
  template <int J>
  CLC_KIT_DEVICE void operator()(int, float (&)[J][4]) const {}
};

//! Store the warpgroup's 64 x N tile (all 128 threads call it). `op(v0, v1, row, col)` maps two
//! horizontally adjacent accumulators (tile row 0..63, even column col) to the float2 that is stored
//! (e.g. alpha scaling, a bias, a row normaliser). `coords` is the tile's top-left corner in the map
//! (coords[0] the column, coords[1] the row); box b goes to column coords[0] + b * 128 / sizeof(T).
//! `bufs`: kStoreBufferBytes of 1024-byte aligned shared memory owned by this warpgroup; `bar_id`: a
//! named barrier (1..15) owned by this warpgroup.
//! `add` (optional): values added to the accumulators before `op` without rewriting them (a rewrite
//! of wgmma accumulators between tiles makes ptxas serialise every wgmma, C7515): before every box (every
//! second box when N <= 128), `add(j0, s)` fills s[jj][0..3] with the addends of
//! acc[4 (j0 + jj) .. 4 (j0 + jj) + 3], jj < those boxes' column groups (e.g. the GEMM's split-tail
//! partial sums).
template <class T, int R, int Rank, class Op, class Add = NoTileAddend>
CLC_KIT_DEVICE void store_tile_tma(float const (&acc)[R], Op const& op, void const* map,
                                   std::int32_t const (&coords)[Rank], unsigned char* bufs, unsigned bar_id,
                                   Add const& add = {}) {
  constexpr int kN = 2 * R;
  constexpr int kEs = int(sizeof(T));
  constexpr int kBoxCols = 128 / kEs;  // 64 (16-bit) or 32 (fp32) columns per box
  static_assert(kN % kBoxCols == 0, "the tile width must be a whole number of 128-byte boxes");
  constexpr int kBoxes = kN / kBoxCols;
  constexpr int kJPerBox = kBoxCols / 8;  // accumulator column groups per box
  int const tid = int(threadIdx.x & 127);
  int const lane = tid & 31;
  int const r0 = (tid >> 5) * 16 + (lane >> 2);
  bool const issuer = tid == 0;
  // The addends of two boxes at once where the registers allow (N <= 128; one box when there is
  // one): twice the loads in flight. At N = 256 the second box's 32 registers spill.
  constexpr int kAddBoxes = kBoxes % 2 == 0 && kN <= 128 ? 2 : 1;
  [[maybe_unused]] float ex2[kAddBoxes == 2 ? 2 * kJPerBox : 1][4];  // two boxes' addends
#pragma unroll
  for (int b = 0; b < kBoxes; ++b) {
    unsigned char* const buf = bufs + (b & 1) * kStoreBoxBytes;
    [[maybe_unused]] float ex1[kJPerBox][4];  // one box's addends
    if constexpr (!Add::kNone) {  // loads in flight across the buffer wait below
      if constexpr (kAddBoxes == 2) {
        if (b % 2 == 0) add(b * kJPerBox, ex2);
      } else {
        add(b * kJPerBox, ex1);
      }
    }
    // The store that last read `buf` (two boxes ago, maybe in the previous tile) has finished reading
    // it; the barrier then tells every thread of the warpgroup that `buf` may be overwritten. With an
    // odd number of boxes per call the buffers do not alternate across calls (box 0 of the next call,
    // e.g. the next tile's, is `buf` again, one store later), so then every earlier store must be done.
    if (issuer) {
      if constexpr (kBoxes % 2 == 1)
        bulk_wait_read<0>();
      else
        bulk_wait_read<1>();
    }
    named_barrier_sync(bar_id, 128);
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int const row = r0 + 8 * h;
      unsigned char* const rowp = buf + row * 128;
#pragma unroll
      for (int jj = 0; jj < kJPerBox; ++jj) {
        int const j = b * kJPerBox + jj;
        int const col = 8 * j + 2 * (lane & 3);
        int const byte = (8 * jj + 2 * (lane & 3)) * kEs;
        int const off = (((byte >> 4) ^ (row & 7)) << 4) | (byte & 15);
        float a0 = acc[4 * j + 2 * h], a1 = acc[4 * j + 2 * h + 1];
        if constexpr (!Add::kNone && kAddBoxes == 2) {
          a0 += ex2[(b % 2) * kJPerBox + jj][2 * h];
          a1 += ex2[(b % 2) * kJPerBox + jj][2 * h + 1];
        } else if constexpr (!Add::kNone) {
          a0 += ex1[jj][2 * h];
          a1 += ex1[jj][2 * h + 1];
        }
        float2 const v = op(a0, a1, row, col);
        if constexpr (std::is_same_v<T, float>) {
          *reinterpret_cast<float2*>(rowp + off) = v;
        } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
          *reinterpret_cast<__nv_bfloat162*>(rowp + off) = __floats2bfloat162_rn(v.x, v.y);
        } else {
          static_assert(std::is_same_v<T, __half>, "the TMA-store epilogue writes float, __nv_bfloat16 or __half");
          *reinterpret_cast<__half2*>(rowp + off) = __floats2half2_rn(v.x, v.y);
        }
      }
    }
    fence_generic_to_async_shared();  // this thread's box writes are visible to the TMA store...
    named_barrier_sync(bar_id, 128);  // ...and every thread's are done before the issuer stores
    if (issuer) {
      std::int32_t c[Rank];
#pragma unroll
      for (int i = 0; i < Rank; ++i) c[i] = coords[i];
      c[0] += b * kBoxCols;
      tma_store(map, c, buf);
      bulk_commit();
    }
  }
}

//! stmatrix .x4 .trans: four 8 x 8 16-bit matrices in the mma fragment layout (thread t: row t / 4,
//! columns 2 (t % 4) and + 1, packed in r[q] for matrix q), each stored transposed: lane 8 q + i names the
//! 16-byte destination of row i of the transpose (column i of matrix q). The CCCL of CUDA 13.0 has no
//! wrapper for it (later CCCL has cuda::ptx::stmatrix_m8n8_trans).
CLC_KIT_DEVICE void stmatrix_x4_trans(std::uint32_t smem_addr, std::uint32_t const (&r)[4]) {
#if CLC_KIT_SM90A
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};"
               :: "r"(smem_addr), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
#else
  (void)smem_addr;
  (void)r;
#endif
}

//! The transposed form of store_tile_tma (16-bit T): the warpgroup's 64 x N accumulators (tile rows i,
//! columns j; wgmma layout) go to a map whose first dimension runs along i, so that D^T is written where
//! the kernel computed D (a row-major result of the swapped problem B^T A^T). Each box holds
//! transposed_box_rows(N) columns j of the tile as its rows, each row the warpgroup's 64 values of i (128
//! bytes, 128-byte swizzle), written with stmatrix .trans (an 8 x 8 block of accumulators per matrix:
//! warp w's rows 16 w + 8 h .. + 7 and columns 8 jj .. + 7 become box rows 8 jj .. + 7, 16-byte unit
//! 2 w + h). coords[0] is the tile's first i (the map's first dimension), coords[1] its first j; box b
//! goes to j = coords[1] + b * rows. `op`, `bufs`, `bar_id` and `add` as in store_tile_tma (op's row is
//! the warpgroup-local i, its column j; the two values it maps are columns j and j + 1 of one row i).
template <class T, int R, int Rank, class Op, class Add = NoTileAddend>
CLC_KIT_DEVICE void store_tile_tma_transposed(float const (&acc)[R], Op const& op, void const* map,
                                              std::int32_t const (&coords)[Rank], unsigned char* bufs,
                                              unsigned bar_id, Add const& add = {}) {
  static_assert(sizeof(T) == 2, "the transposed TMA-store epilogue writes __nv_bfloat16 or __half");
  constexpr int kN = 2 * R;
  static_assert(kN % 16 == 0, "the tile width must be a multiple of 16 (stmatrix .x4 takes two column groups)");
  constexpr int kRows = transposed_box_rows(kN);
  constexpr int kBoxes = kN / kRows;
  constexpr int kJPerBox = kRows / 8;  // accumulator column groups per box (even)
  constexpr int kBoxBytes = kRows * 128;
  constexpr int kBufs = store_buffer_bytes(kN) / kBoxBytes;  // 2 (alternating) or 1
  static_assert(kJPerBox % 2 == 0 && kBufs >= 1, "a box is whole column-group pairs and fits the buffers");
  int const tid = int(threadIdx.x & 127);
  int const lane = tid & 31;
  int const w = tid >> 5;
  int const r0 = w * 16 + (lane >> 2);
  bool const issuer = tid == 0;
  // This lane's destination row in stmatrix: matrix q = lane / 8 (h = q & 1, column group + q / 2), row lane % 8.
  int const q = lane >> 3;
  int const unit = 2 * w + (q & 1);  // the 16-byte unit along i of rows 16 w + 8 h .. + 7
#pragma unroll
  for (int b = 0; b < kBoxes; ++b) {
    unsigned char* const buf = bufs + (b % kBufs) * kBoxBytes;
    [[maybe_unused]] float ex[kJPerBox][4];  // this box's addends
    if constexpr (!Add::kNone) add(b * kJPerBox, ex);
    if (issuer) {  // the store that last read `buf` has read it (every earlier one when buffers do not alternate)
      if constexpr (kBufs == 1 || kBoxes % 2 == 1)
        bulk_wait_read<0>();
      else
        bulk_wait_read<1>();
    }
    named_barrier_sync(bar_id, 128);
    std::uint32_t const base = smem_u32(buf);
#pragma unroll
    for (int jp = 0; jp < kJPerBox; jp += 2) {
      std::uint32_t regs[4];
#pragma unroll
      for (int m = 0; m < 4; ++m) {
        int const h = m & 1;
        int const jl = jp + (m >> 1);  // column group inside the box
        int const j = b * kJPerBox + jl;
        float a0 = acc[4 * j + 2 * h], a1 = acc[4 * j + 2 * h + 1];
        if constexpr (!Add::kNone) {
          a0 += ex[jl][2 * h];
          a1 += ex[jl][2 * h + 1];
        }
        float2 const v = op(a0, a1, r0 + 8 * h, 8 * j + 2 * (lane & 3));
        if constexpr (std::is_same_v<T, __nv_bfloat16>) {
          __nv_bfloat162 const p = __floats2bfloat162_rn(v.x, v.y);
          regs[m] = *reinterpret_cast<std::uint32_t const*>(&p);
        } else {
          static_assert(std::is_same_v<T, __half>, "16-bit T: __nv_bfloat16 or __half");
          __half2 const p = __floats2half2_rn(v.x, v.y);
          regs[m] = *reinterpret_cast<std::uint32_t const*>(&p);
        }
      }
      int const row = 8 * (jp + (q >> 1)) + (lane & 7);  // box row (column j) this lane addresses
      stmatrix_x4_trans(base + std::uint32_t(row * 128 + ((unit ^ (row & 7)) << 4)), regs);
    }
    fence_generic_to_async_shared();
    named_barrier_sync(bar_id, 128);
    if (issuer) {
      std::int32_t c[Rank];
#pragma unroll
      for (int i = 0; i < Rank; ++i) c[i] = coords[i];
      c[1] += b * kRows;
      tma_store(map, c, buf);
      bulk_commit();
    }
  }
}

//! Before the CTA exits (the warpgroup's first thread): every store has read its buffer. Their global
//! writes need not be waited for: they are performed before the grid completes, so the next kernel
//! in the stream (or the host after a synchronisation) sees them; waiting here would add the write
//! latency to every worker's exit.
CLC_KIT_DEVICE void store_tile_tma_drain() {
  if ((threadIdx.x & 127) == 0) bulk_wait_read<0>();
}

//! Store the warpgroup's 64 x N fp32 accumulators (all 128 threads call it) as they are into matrix
//! `z` of the row-major fp32 array out[z][rows][cols], at tile corner (row0, col0); elements past
//! `rows` or `cols` are not written. Thread (warp w, lane l) holds rows 16w + l/4 (+8) and column
//! pairs 8j + 2(l%4) (kit/wgmma.cuh); a pair is one 8-byte store where `cols` is even.
template <int R>
CLC_KIT_DEVICE void store_tile_f32(float const (&acc)[R], float* out, int z, int rows, int cols, int row0, int col0) {
  int const lane = threadIdx.x & 31;
  int const wi = (threadIdx.x >> 5) & 3;
  int const rowt = row0 + wi * 16 + (lane >> 2);
  int const colt = col0 + 2 * (lane & 3);
  bool const even = (cols & 1) == 0;
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    int const m = rowt + 8 * h;
    if (m >= rows) continue;
    float* const row = out + (std::int64_t(z) * rows + m) * cols;
#pragma unroll
    for (int j = 0; j < R / 4; ++j) {
      int const c = colt + 8 * j;
      float const v0 = acc[4 * j + 2 * h], v1 = acc[4 * j + 2 * h + 1];
      if (c + 1 < cols && even) {
        *reinterpret_cast<float2*>(row + c) = make_float2(v0, v1);
      } else if (c < cols) {
        row[c] = v0;
        if (c + 1 < cols) row[c + 1] = v1;
      }
    }
  }
}

#endif  // __CUDACC__

}  // namespace clc::kit
