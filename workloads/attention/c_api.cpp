//! @file c_api.cpp
//! @brief The C ABI of c_api.h: copies the flat arguments into clc::attention's and forwards.
#include "c_api.h"

#include <cstring>
#include <string>

#include "attention.hpp"

namespace {

clc::attention::Strides strides(int64_t const (&s)[4]) {
  clc::attention::Strides r;
  r.batch = s[0];
  r.seq = s[1];
  r.head = s[2];
  r.dim = s[3];
  return r;
}

void copy_message(std::string const& m, char* msg, int msg_len) {
  if (msg == nullptr || msg_len <= 0) return;
  std::size_t const n = m.size() < std::size_t(msg_len - 1) ? m.size() : std::size_t(msg_len - 1);
  std::memcpy(msg, m.data(), n);
  msg[n] = '\0';
}

}  // namespace

extern "C" int clc_attention_run(const clc_attention_args* a, void* stream, clc_attention_info* info, char* msg,
                                 int msg_len) {
  if (a == nullptr) {
    copy_message("args is a null pointer", msg, msg_len);
    return int(clc::Status::InvalidArgument);
  }
  clc::attention::Arguments x;
  x.dtype = clc::attention::DType(a->dtype);
  x.batch = a->batch;
  x.seqlen_q = a->seqlen_q;
  x.seqlen_k = a->seqlen_k;
  x.heads_q = a->heads_q;
  x.heads_kv = a->heads_kv;
  x.head_dim = a->head_dim;
  x.q = a->q;
  x.q_stride = strides(a->q_stride);
  x.k = a->k;
  x.k_stride = strides(a->k_stride);
  x.v = a->v;
  x.v_stride = strides(a->v_stride);
  x.o = a->o;
  x.o_stride = strides(a->o_stride);
  x.lse = a->lse;
  x.lse_stride.batch = a->lse_stride[0];
  x.lse_stride.head = a->lse_stride[1];
  x.lse_stride.seq = a->lse_stride[2];
  x.scale = a->scale;
  x.causal = a->causal != 0;
  x.cu_seqlens_q = a->cu_seqlens_q;
  x.cu_seqlens_k = a->cu_seqlens_k;
  x.max_seqlen_q = a->max_seqlen_q;
  x.max_seqlen_k = a->max_seqlen_k;
  x.total_q = a->total_q;
  x.total_k = a->total_k;
  clc::attention::Options o;
  o.source = clc::SourceKind(a->source);
  o.kernel = clc::attention::Kernel(a->kernel);
  o.order = clc::attention::TileOrder(a->order);
  o.heads_per_section = a->heads_per_section;
  o.max_workers = a->max_workers;
  clc::attention::RunInfo ri;
  clc::Error const e = clc::attention::run(x, static_cast<cudaStream_t>(stream), o, &ri);
  copy_message(e.ok() ? std::string() : e.what(), msg, msg_len);
  if (!e.ok()) return int(e.status);
  if (info != nullptr) {
    info->kernel = int32_t(ri.kernel);
    info->source = int32_t(ri.source);
    info->order = int32_t(ri.order);
    info->tile_m = ri.tile_m;
    info->tile_n = ri.tile_n;
    info->heads_per_section = ri.heads_per_section;
    info->tma_store = ri.tma_store ? 1 : 0;
    info->tiles = ri.tiles;
    info->workers = ri.launch.workers;
  }
  return 0;
}
