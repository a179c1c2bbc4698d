/*! @file c_api.h
 *  @brief A C ABI over clc::attention::run for foreign callers (the Python benchmark loads it with
 *  ctypes; the seed of a PyTorch extension). Device pointers in; the return value is 0 on success,
 *  else the clc::Status code, with the message (naming the bad argument) copied into `msg`.
 */
#ifndef CLC_ATTENTION_C_API_H
#define CLC_ATTENTION_C_API_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#  define CLC_ATTENTION_C_EXPORT __attribute__((visibility("default")))
#else
#  define CLC_ATTENTION_C_EXPORT
#endif

/*! One call's arguments, a flat mirror of clc::attention::Arguments and Options (see attention.hpp).
 *  Strides are in elements, ordered {batch, seq, head, dim}; the LSE's {batch, head, seq}. */
typedef struct clc_attention_args {
  int32_t dtype; /* 0 = bf16, 1 = fp16 */
  int32_t batch, seqlen_q, seqlen_k, heads_q, heads_kv, head_dim;
  const void* q;
  int64_t q_stride[4];
  const void* k;
  int64_t k_stride[4];
  const void* v;
  int64_t v_stride[4];
  void* o;
  int64_t o_stride[4];
  float* lse;
  int64_t lse_stride[3];
  float scale; /* 0 = 1/sqrt(head_dim) */
  int32_t causal;
  const int32_t* cu_seqlens_q;
  const int32_t* cu_seqlens_k;
  int32_t max_seqlen_q, max_seqlen_k, total_q, total_k;
  /* options */
  int32_t source;            /* clc::SourceKind: 0 Hardware, 1 Ticket, 2 Static, 3 Single, 4 Auto */
  int32_t kernel;            /* 0 Auto, 1 Sm90, 2 Portable */
  int32_t order;             /* 0 Auto, 1 LongestFirst, 2 Forward */
  int32_t heads_per_section; /* 0 = heuristic */
  int32_t max_workers;       /* 0 = occupancy */
} clc_attention_args;

/*! What ran (filled on success when non-null). */
typedef struct clc_attention_info {
  int32_t kernel, source, order, tile_m, tile_n, heads_per_section, tma_store;
  int64_t tiles, workers;
} clc_attention_info;

/*! Runs attention on `stream` (a cudaStream_t; 0 = the legacy default stream). */
CLC_ATTENTION_C_EXPORT int clc_attention_run(const clc_attention_args* args, void* stream, clc_attention_info* info,
                                             char* msg, int msg_len);

#ifdef __cplusplus
}
#endif

#endif /* CLC_ATTENTION_C_API_H */
