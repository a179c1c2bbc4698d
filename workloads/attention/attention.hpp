//! @file attention.hpp
//! @brief `clc::attention`: fused attention forward, O = softmax(scale * Q K^T + mask) V, on the clc
//! work-stealing runtime.
//!
//! Q is [batch, seqlen_q, heads_q, head_dim]; K and V are [batch, seqlen_k, heads_kv, head_dim]; O is
//! like Q. Every dimension has an explicit element stride, so BSHD, BHSD and views of larger tensors
//! work without copies. bf16 or fp16 in and out (all four the same type), fp32 accumulation and
//! softmax. head_dim 64, 128 or 256. GQA / MQA: query head h reads KV head h / (heads_q / heads_kv).
//! Causal masking is aligned bottom-right, as FlashAttention: query row i sees key j iff
//! j <= i + seqlen_k - seqlen_q; a row that sees no key gets O = 0 and LSE = -inf.
//! Optional LSE output (fp32, natural log): lse[b, h, i] = log(sum_j exp(scale * q_i . k_j)).
//!
//! Variable lengths (FlashAttention's varlen convention): with `cu_seqlens_q` and `cu_seqlens_k`
//! (device int32 arrays of batch + 1 entries) Q/O are packed [total_q, heads_q, head_dim], K/V
//! [total_k, heads_kv, head_dim], and sequence b occupies rows [cu_seqlens[b], cu_seqlens[b+1]); the
//! LSE is [heads_q, total_q]. The batch strides are not used.
//!
//! `cu_seqlens` contract: well-formed arrays are non-decreasing, start at 0 and end at most at
//! total_q / total_k, and no sequence is longer than max_seqlen_q / max_seqlen_k. They live on the
//! device, so the host cannot check them; the kernels clamp every entry into [0, total] and every
//! length to [0, max_seqlen] (a decreasing entry gives an empty sequence, an oversized one is cut at
//! total), so malformed arrays give unspecified values in O and LSE but never a read or write outside
//! Q, K, V, O or the LSE. Rows of a sequence past max_seqlen_q are not written.
//!
//! @code
//! clc::attention::Arguments a;
//! a.batch = B; a.seqlen_q = a.seqlen_k = S; a.heads_q = a.heads_kv = H; a.head_dim = 128;
//! a.q = dQ; a.q_stride = clc::attention::bshd_strides(S, H, 128);   // likewise k, v, o
//! a.causal = true;
//! clc::Error e = clc::attention::run(a, stream);   // e.what() names the bad argument
//! @endcode
#pragma once

#include <cstdint>
#include <string>

#include <cuda_runtime_api.h>

#include "clc/kernel_choice.hpp"
#include "clc/launch.hpp"
#include "clc/status.hpp"

namespace clc::attention {

enum class DType : int { BF16 = 0, F16 = 1 };

//! Which kernel runs. `Auto`: `Sm90` on an sm_90 device when TMA can read Q, K, V (and the build
//! has sm_90a code), else `Portable`.
//! The kernel to run (clc::KernelChoice, shared by every workload).
using Kernel = KernelChoice;
using clc::to_string;

//! Order in which query blocks are handed out. `LongestFirst` reverses the query-block axis, so the
//! most expensive causal tiles start first; `Forward` keeps it. `Auto`: LongestFirst when causal.
enum class TileOrder : int { Auto = 0, LongestFirst = 1, Forward = 2 };

char const* to_string(DType t);
char const* to_string(TileOrder o);

//! Element strides of a [batch, seq, heads, head_dim] tensor (any values >= 0).
struct Strides {
  std::int64_t batch = 0;
  std::int64_t seq = 0;
  std::int64_t head = 0;
  std::int64_t dim = 1;
};

//! Element strides of the LSE, [batch, heads, seq] (varlen: [heads, total_q], batch unused).
struct LseStrides {
  std::int64_t batch = 0;
  std::int64_t head = 0;
  std::int64_t seq = 1;
};

//! Contiguous [batch, seq, heads, head_dim] (the layout of FlashAttention and of packed varlen).
Strides bshd_strides(int seqlen, int heads, int head_dim);
//! Contiguous [batch, heads, seq, head_dim] (PyTorch's scaled_dot_product_attention layout).
Strides bhsd_strides(int seqlen, int heads, int head_dim);
//! Contiguous [batch, heads, seq] LSE.
LseStrides lse_strides(int heads, int seqlen);

//! One attention problem. Pointers are device pointers; strides are in elements.
struct Arguments {
  DType dtype = DType::BF16;  //!< type of Q, K, V and O
  int batch = 1;              //!< number of sequences (varlen: entries of cu_seqlens minus one)
  int seqlen_q = 0;           //!< fixed lengths (>= 0; not used with cu_seqlens)
  int seqlen_k = 0;
  int heads_q = 0;            //!< a multiple of heads_kv
  int heads_kv = 0;
  int head_dim = 0;           //!< 64, 128 or 256

  void const* q = nullptr;
  Strides q_stride;
  void const* k = nullptr;
  Strides k_stride;
  void const* v = nullptr;
  Strides v_stride;
  void* o = nullptr;  //!< must not overlap Q, K, V or itself
  Strides o_stride;
  float* lse = nullptr;  //!< optional
  LseStrides lse_stride;

  float scale = 0.0f;   //!< softmax scale; 0 = 1 / sqrt(head_dim)
  bool causal = false;  //!< bottom-right aligned causal mask

  // Variable lengths: both cu_seqlens set, or neither.
  int const* cu_seqlens_q = nullptr;  //!< device, batch + 1 entries
  int const* cu_seqlens_k = nullptr;
  int max_seqlen_q = 0;  //!< longest query / key sequence
  int max_seqlen_k = 0;
  int total_q = 0;       //!< rows of the packed Q / O
  int total_k = 0;       //!< rows of the packed K / V
};

//! How to run it. Zero / Auto fields are chosen per problem.
//! The schedule (source, grid mode, workspace, worker cap, grain, claim timing, trace: clc::ScheduleOptions,
//! shared with clc::launch and clc::port) plus what is the workload's own.
struct Options : ScheduleOptions {
  Kernel kernel = Kernel::Auto;
  TileOrder order = TileOrder::Auto;
  //! Query heads walked together before the next query block (an L2 section: their K/V stay in L2).
  //! 0 = heuristic (the K/V of a section fit in 32 MB); rounded up to a multiple of heads_q / heads_kv.
  int heads_per_section = 0;
};

//! What `run` did.
struct RunInfo {
  Kernel kernel = Kernel::Auto;
  SourceKind source = SourceKind::Auto;
  TileOrder order = TileOrder::Auto;  //!< resolved
  int tile_m = 0;                     //!< query rows per tile
  int tile_n = 0;                     //!< key rows per block of the inner loop
  int heads_per_section = 1;
  std::int64_t tiles = 0;             //!< tiles in the tile space (varlen: slots of the packed list)
  bool tma_store = false;             //!< Sm90: O left through shared memory with a TMA store
  LaunchInfo launch;
  std::string why_portable;           //!< when Auto took the portable kernel: why
};

//! Checks `args` and `opts`. The argument checks need no device and come first; then the device is
//! asked whether the requested kernel and source can run. Touches no memory, launches nothing.
Error can_implement(Arguments const& args, Options const& opts = {});

//! Runs attention asynchronously on `stream`. Writes nothing when it returns an error.
Error run(Arguments const& args, cudaStream_t stream = nullptr, Options const& opts = {}, RunInfo* info = nullptr);

}  // namespace clc::attention
