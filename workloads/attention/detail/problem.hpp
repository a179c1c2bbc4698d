//! @file problem.hpp
//! @brief Internal: the checked problem every kernel sees, the tile order (host), the decode of a tile
//! into (sequence, query block, key range) shared by host tests and both kernels, and the launchers.
#pragma once

#include <cstdint>

#include "../attention.hpp"
#include "clc/config.cuh"
#include "clc/launch.hpp"
#include "clc/tile_space.cuh"

namespace clc::attention::detail {

//! Device-facing description of one problem, built once on the host by `run()` (trivially copyable).
struct Problem {
  int dtype = 0;  // DType
  int batch = 1, seqlen_q = 0, seqlen_k = 0, heads_q = 1, heads_kv = 1, head_dim = 64;
  int group = 1;  // heads_q / heads_kv
  void const* q = nullptr;
  void const* k = nullptr;
  void const* v = nullptr;
  void* o = nullptr;
  float* lse = nullptr;
  Strides qs, ks, vs, os;
  LseStrides ls;
  float scale = 1.0f;       // softmax scale (> 0)
  float scale_log2 = 1.0f;  // scale * log2(e): p = exp2(s * scale_log2 - max * scale_log2)
  int causal = 0;
  // Variable lengths (cu_q == nullptr: fixed lengths).
  int const* cu_q = nullptr;
  int const* cu_k = nullptr;
  int max_q = 0, max_k = 0, total_q = 0, total_k = 0;

  CLC_HOST_DEVICE bool varlen() const { return cu_q != nullptr; }
};

//! Where one tile's rows live: sequence `b`, query block `m_block` (rows m0 = m_block * tile_m ..
//! of the sequence), the sequence's first row in the seq dimension (0 unless varlen) and lengths.
struct SeqBlock {
  int b = 0;
  int m_block = 0;
  std::int64_t q_row0 = 0;
  std::int64_t k_row0 = 0;
  int len_q = 0;
  int len_k = 0;
  bool valid = false;  //!< false: a varlen slot with no query rows (nothing to compute or write)
};

//! Entry `i` of a cu_seqlens array, clamped into [0, total] (the kernels never trust it further).
CLC_HOST_DEVICE inline int clamped_entry(int const* cu, int i, int total) {
  int const v = cu[i];
  return v < 0 ? 0 : (v > total ? total : v);
}

//! First slot of sequence b in the packed list of query blocks: floor(cu_q[b] / tile_m) + b. For a
//! non-decreasing cu_q this is non-decreasing in b and leaves every sequence at least
//! ceil(len / tile_m) slots (floor(end/T) - floor(start/T) + 1 >= ceil((end - start)/T)); the list
//! has floor(total_q / tile_m) + batch slots.
CLC_HOST_DEVICE inline std::int64_t first_slot(Problem const& p, int b, int tile_m) {
  return std::int64_t(clamped_entry(p.cu_q, b, p.total_q) / tile_m) + b;
}

//! Slots of the packed varlen list.
CLC_HOST_DEVICE inline std::int64_t varlen_slots(Problem const& p, int tile_m) {
  return std::int64_t(p.total_q / tile_m) + p.batch;
}

//! Decode tile (x, z) of the tile space: fixed lengths, x = query block and z = batch; varlen, x = a
//! slot of the packed list (the sequence is found by binary search over cu_seqlens_q) and z = 0.
//! Every offset and length is clamped (see the cu_seqlens contract in attention.hpp).
CLC_HOST_DEVICE inline SeqBlock locate(Problem const& p, int x, int z, int tile_m) {
  SeqBlock s;
  if (!p.varlen()) {
    s.b = z;
    s.m_block = x;
    s.len_q = p.seqlen_q;
    s.len_k = p.seqlen_k;
    s.valid = std::int64_t(x) * tile_m < p.seqlen_q;
    return s;
  }
  // Largest b in [0, batch) whose first slot is <= x (exact for non-decreasing cu_q; some in-range b
  // otherwise, which the clamps below keep inside the tensors).
  int lo = 0, hi = p.batch - 1;
  while (lo < hi) {
    int const mid = (lo + hi + 1) >> 1;
    if (first_slot(p, mid, tile_m) <= x) lo = mid; else hi = mid - 1;
  }
  s.b = lo;
  std::int64_t const m = std::int64_t(x) - first_slot(p, lo, tile_m);
  int const q0 = clamped_entry(p.cu_q, lo, p.total_q);
  int q1 = clamped_entry(p.cu_q, lo + 1, p.total_q);
  int const k0 = clamped_entry(p.cu_k, lo, p.total_k);
  int k1 = clamped_entry(p.cu_k, lo + 1, p.total_k);
  q1 = q1 < q0 ? q0 : q1;
  k1 = k1 < k0 ? k0 : k1;
  s.q_row0 = q0;
  s.k_row0 = k0;
  s.len_q = q1 - q0 < p.max_q ? q1 - q0 : p.max_q;
  s.len_k = k1 - k0 < p.max_k ? k1 - k0 : p.max_k;
  s.m_block = m < 0 ? 0 : int(m);
  s.valid = m >= 0 && m * tile_m < s.len_q;
  return s;
}

//! The key range of query block m0 .. m0 + tile_m - 1 and which of its key blocks need a mask.
//! Causal is bottom-right aligned: row i sees key j iff j <= i + len_k - len_q.
struct KeyRange {
  int n_blocks = 0;  //!< key blocks 0 .. n_blocks - 1 are visited (0: every row gets O = 0, LSE = -inf)
  int n_masked = 0;  //!< blocks n >= n_blocks - n_masked need the mask (key past len_k or causal)
};

CLC_HOST_DEVICE inline KeyRange key_range(int m0, int tile_m, int len_q, int len_k, bool causal, int tile_n) {
  KeyRange r;
  int end = len_k;
  int const off = len_k - len_q;
  if (causal) {
    std::int64_t const e = std::int64_t(m0) + tile_m + off;  // keys <= m0 + tile_m - 1 + off
    end = e < end ? int(e < 0 ? 0 : e) : end;
  }
  r.n_blocks = (end + tile_n - 1) / tile_n;
  int first_masked = r.n_blocks;
  if (causal) {
    // Block n has a key past row m0's last visible key (m0 + off) iff n * tile_n + tile_n - 1 > m0 + off,
    // i.e. n >= floor((m0 + off + 1) / tile_n).
    std::int64_t const a = std::int64_t(m0) + off + 1;
    int const fm = a <= 0 ? 0 : int(a / tile_n);
    first_masked = fm < first_masked ? fm : first_masked;
  }
  if (end % tile_n != 0 && r.n_blocks > 0 && r.n_blocks - 1 < first_masked) first_masked = r.n_blocks - 1;
  r.n_masked = r.n_blocks - first_masked;
  return r;
}

// -- host: tile order ---------------------------------------------------------------------------------

//! Query heads per L2 section by default: the K and V of the section's KV heads fit in 32 MB (a power
//! of two number of KV heads, as FlashAttention-3), times the GQA group so that a group's query heads
//! stay together; at most heads_q.
int default_heads_per_section(Problem const& p);

//! The tile space: x = query blocks (varlen: slots of the packed list), y = query heads, z = batch
//! (varlen: 1). Consecutive tiles walk the heads of one section (band of `section` heads, a multiple
//! of the group) first, then the query blocks, reversed when `longest_first`; then the next section,
//! then the next batch. So the tiles of one section share K/V in L2, a GQA group's heads run together,
//! and causal tiles start with the longest.
TileSpace make_tile_space(Problem const& p, int tile_m, bool longest_first, int section);

// -- launchers ------------------------------------------------------------------------------------------

struct Plan {
  SourceKind source = SourceKind::Auto;
  TileSpace tiles;
  LaunchOptions launch;  //!< stream, workspace, grid mode, max_workers
};

//! Portable kernel geometry (mma.sync): 64 query rows x 64 keys per step, 4 warps.
inline constexpr int kPortableTileM = 64;
inline constexpr int kPortableTileN = 64;
//! Sm90 kernel geometry: 128 query rows (two consumer warpgroups of 64).
inline constexpr int kSm90TileM = 128;
//! Sm90 key block per head_dim.
constexpr int sm90_tile_n(int head_dim) { return head_dim == 256 ? 64 : 128; }

Error launch_portable(Problem const& p, Plan const& plan, RunInfo* info);
Error launch_sm90(Problem const& p, Plan const& plan, RunInfo* info);
//! Whether this build has the sm_90a kernels (CLC_ATTENTION_SM90 was compiled).
bool sm90_built();

template <DType T, int D>
Error launch_portable_typed(Problem const& p, Plan const& plan, RunInfo* info);
template <DType T, int D>
Error launch_sm90_typed(Problem const& p, Plan const& plan, RunInfo* info);

#define CLC_ATTENTION_DECLARE(FN, T, D) \
  template <>                          \
  Error FN<T, D>(Problem const& p, Plan const& plan, RunInfo* info);
CLC_ATTENTION_DECLARE(launch_portable_typed, DType::BF16, 64)
CLC_ATTENTION_DECLARE(launch_portable_typed, DType::BF16, 128)
CLC_ATTENTION_DECLARE(launch_portable_typed, DType::BF16, 256)
CLC_ATTENTION_DECLARE(launch_portable_typed, DType::F16, 64)
CLC_ATTENTION_DECLARE(launch_portable_typed, DType::F16, 128)
CLC_ATTENTION_DECLARE(launch_portable_typed, DType::F16, 256)
CLC_ATTENTION_DECLARE(launch_sm90_typed, DType::BF16, 64)
CLC_ATTENTION_DECLARE(launch_sm90_typed, DType::BF16, 128)
CLC_ATTENTION_DECLARE(launch_sm90_typed, DType::BF16, 256)
CLC_ATTENTION_DECLARE(launch_sm90_typed, DType::F16, 64)
CLC_ATTENTION_DECLARE(launch_sm90_typed, DType::F16, 128)
CLC_ATTENTION_DECLARE(launch_sm90_typed, DType::F16, 256)
#undef CLC_ATTENTION_DECLARE

}  // namespace clc::attention::detail
