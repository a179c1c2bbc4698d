//! @file attention.cpp
//! @brief Host API of clc::attention: argument checks (every message names the argument; none needs
//! the device), kernel / source / tile-order choice, the tile space, dispatch to the launchers.
#include "attention.hpp"

#include <cmath>
#include <cstdint>
#include <string>

#include "clc/detail/cuda_check.hpp"
#include "detail/problem.hpp"

#ifndef CLC_ATTENTION_SM90
#  define CLC_ATTENTION_SM90 0  // set by CMake when the build has sm_90a code
#endif

namespace clc::attention {

char const* to_string(DType t) { return t == DType::BF16 ? "BF16" : t == DType::F16 ? "F16" : "?"; }
char const* to_string(TileOrder o) {
  switch (o) {
    case TileOrder::Auto: return "Auto";
    case TileOrder::LongestFirst: return "LongestFirst";
    case TileOrder::Forward: return "Forward";
  }
  return "?";
}

Strides bshd_strides(int seqlen, int heads, int head_dim) {
  Strides s;
  s.dim = 1;
  s.head = head_dim;
  s.seq = std::int64_t(heads) * head_dim;
  s.batch = std::int64_t(seqlen) * heads * head_dim;
  return s;
}
Strides bhsd_strides(int seqlen, int heads, int head_dim) {
  Strides s;
  s.dim = 1;
  s.seq = head_dim;
  s.head = std::int64_t(seqlen) * head_dim;
  s.batch = std::int64_t(heads) * seqlen * head_dim;
  return s;
}
LseStrides lse_strides(int heads, int seqlen) {
  LseStrides s;
  s.seq = 1;
  s.head = seqlen;
  s.batch = std::int64_t(heads) * seqlen;
  return s;
}

namespace {

std::string num(std::int64_t v) { return std::to_string(v); }

bool valid_dtype(DType t) { return t == DType::BF16 || t == DType::F16; }

//! Strides of one tensor: each >= 0, and the largest element offset inside int64 with room to spare.
Error check_strides(char const* name, Strides const& s, std::int64_t batch, std::int64_t seq, std::int64_t heads,
                    std::int64_t dim) {
  struct Field {
    char const* n;
    std::int64_t stride;
    std::int64_t extent;
  } const f[4] = {{"batch", s.batch, batch}, {"seq", s.seq, seq}, {"head", s.head, heads}, {"dim", s.dim, dim}};
  unsigned __int128 max_off = 0;
  for (Field const& x : f) {
    if (x.stride < 0)
      return invalid_argument(std::string(name) + "_stride." + x.n + " (" + num(x.stride) + ") must be >= 0");
    if (x.extent > 0) max_off += static_cast<unsigned __int128>(x.extent - 1) * static_cast<unsigned __int128>(x.stride);
  }
  if (max_off >= (static_cast<unsigned __int128>(1) << 62))
    return invalid_argument(std::string("the strides of ") + name + " address elements past 2^62");
  return success();
}

Error check_pointer(char const* name, void const* p, std::size_t align) {
  if (p == nullptr) return invalid_argument(std::string(name) + " is a null pointer");
  if (reinterpret_cast<std::uintptr_t>(p) % align != 0)
    return invalid_argument(std::string(name) + " is not aligned to its element size (" + num(std::int64_t(align)) +
                            " bytes)");
  return success();
}

//! Empty when TMA can read the tensor (16-byte aligned base, contiguous head_dim, the seq / head /
//! batch strides of dimensions longer than 1 positive multiples of 8 elements below 2^39), else the
//! reason, naming the field.
std::string tma_reason(char const* name, void const* p, Strides const& s, std::int64_t rows, std::int64_t heads,
                       std::int64_t batch) {
  if (reinterpret_cast<std::uintptr_t>(p) % 16 != 0) return std::string(name) + "'s base address is not 16-byte aligned";
  if (s.dim != 1) return std::string(name) + "_stride.dim (" + num(s.dim) + ") is not 1";
  struct Field {
    char const* n;
    std::int64_t stride, extent;
  } const f[3] = {{"seq", s.seq, rows}, {"head", s.head, heads}, {"batch", s.batch, batch}};
  for (Field const& x : f) {
    if (x.extent <= 1) continue;  // never stepped along: any stride
    std::string const field = std::string(name) + "_stride." + x.n + " (" + num(x.stride) + ")";
    if (x.stride % 8 != 0) return field + " is not a multiple of 8 elements (16 bytes)";
    if (x.stride == 0) return field + " is 0 (TMA needs a positive stride)";
    if (x.stride >= (std::int64_t(1) << 39)) return field + " is 2^40 bytes or more";
  }
  return {};
}

std::string sm90_reason(Arguments const& a) {
  bool const varlen = a.cu_seqlens_q != nullptr;
  std::int64_t const rq = varlen ? a.total_q : a.seqlen_q, rk = varlen ? a.total_k : a.seqlen_k;
  std::int64_t const b = varlen ? 1 : a.batch;
  std::string r = tma_reason("q", a.q, a.q_stride, rq, a.heads_q, b);
  if (r.empty()) r = tma_reason("k", a.k, a.k_stride, rk, a.heads_kv, b);
  if (r.empty()) r = tma_reason("v", a.v, a.v_stride, rk, a.heads_kv, b);
  return r;
}

//! Every check that needs no device.
Error check_arguments(Arguments const& a, Options const& o) {
  if (!valid_dtype(a.dtype)) return invalid_argument("dtype must be BF16 or F16 (got " + num(int(a.dtype)) + ")");
  if (a.batch < 1) return invalid_argument("batch must be >= 1 (got " + num(a.batch) + ")");
  if (a.heads_q < 1) return invalid_argument("heads_q must be >= 1 (got " + num(a.heads_q) + ")");
  if (a.heads_kv < 1) return invalid_argument("heads_kv must be >= 1 (got " + num(a.heads_kv) + ")");
  if (a.heads_q % a.heads_kv != 0)
    return invalid_argument("heads_q (" + num(a.heads_q) + ") must be a multiple of heads_kv (" + num(a.heads_kv) +
                            ") (GQA / MQA)");
  if (a.head_dim != 64 && a.head_dim != 128 && a.head_dim != 256)
    return not_supported("head_dim " + num(a.head_dim) + " is not supported (supported: 64, 128, 256)");
  if (!std::isfinite(a.scale) || a.scale < 0.0f)
    return invalid_argument("scale (" + std::to_string(a.scale) + ") must be > 0, or 0 for 1/sqrt(head_dim)");
  bool const varlen = a.cu_seqlens_q != nullptr || a.cu_seqlens_k != nullptr;
  std::int64_t rows_q = a.seqlen_q, rows_k = a.seqlen_k, batch = a.batch;
  if (varlen) {
    if (a.cu_seqlens_q == nullptr) return invalid_argument("cu_seqlens_q is a null pointer but cu_seqlens_k is set");
    if (a.cu_seqlens_k == nullptr) return invalid_argument("cu_seqlens_k is a null pointer but cu_seqlens_q is set");
    CLC_TRY(check_pointer("cu_seqlens_q", a.cu_seqlens_q, 4));
    CLC_TRY(check_pointer("cu_seqlens_k", a.cu_seqlens_k, 4));
    if (a.max_seqlen_q < 0) return invalid_argument("max_seqlen_q must be >= 0 (got " + num(a.max_seqlen_q) + ")");
    if (a.max_seqlen_k < 0) return invalid_argument("max_seqlen_k must be >= 0 (got " + num(a.max_seqlen_k) + ")");
    if (a.total_q < 0) return invalid_argument("total_q must be >= 0 (got " + num(a.total_q) + ")");
    if (a.total_k < 0) return invalid_argument("total_k must be >= 0 (got " + num(a.total_k) + ")");
    rows_q = a.total_q;
    rows_k = a.total_k;
    batch = 1;
  } else {
    if (a.seqlen_q < 0) return invalid_argument("seqlen_q must be >= 0 (got " + num(a.seqlen_q) + ")");
    if (a.seqlen_k < 0) return invalid_argument("seqlen_k must be >= 0 (got " + num(a.seqlen_k) + ")");
  }
  CLC_TRY(check_pointer("q", a.q, 2));
  CLC_TRY(check_pointer("k", a.k, 2));
  CLC_TRY(check_pointer("v", a.v, 2));
  CLC_TRY(check_pointer("o", a.o, 2));
  if (a.lse != nullptr) CLC_TRY(check_pointer("lse", a.lse, 4));
  CLC_TRY(check_strides("q", a.q_stride, batch, rows_q, a.heads_q, a.head_dim));
  CLC_TRY(check_strides("k", a.k_stride, batch, rows_k, a.heads_kv, a.head_dim));
  CLC_TRY(check_strides("v", a.v_stride, batch, rows_k, a.heads_kv, a.head_dim));
  CLC_TRY(check_strides("o", a.o_stride, batch, rows_q, a.heads_q, a.head_dim));
  if (a.lse != nullptr) {
    Strides const ls{a.lse_stride.batch, a.lse_stride.seq, a.lse_stride.head, 0};
    CLC_TRY(check_strides("lse", ls, batch, rows_q, a.heads_q, 1));
  }
  if (int(o.source) < 0 || int(o.source) > int(SourceKind::Auto))
    return invalid_argument("options.source is not a SourceKind value (got " + num(int(o.source)) + ")");
  if (o.kernel != Kernel::Auto && o.kernel != Kernel::Sm90 && o.kernel != Kernel::Portable)
    return invalid_argument("options.kernel is not a Kernel value (got " + num(int(o.kernel)) + ")");
  if (o.order != TileOrder::Auto && o.order != TileOrder::LongestFirst && o.order != TileOrder::Forward)
    return invalid_argument("options.order is not a TileOrder value (got " + num(int(o.order)) + ")");
  if (o.heads_per_section < 0)
    return invalid_argument("options.heads_per_section must be >= 0 (got " + num(o.heads_per_section) + ")");
  if (o.max_workers < 0) return invalid_argument("options.max_workers must be >= 0 (got " + num(o.max_workers) + ")");
  if (int(o.grid) < 0 || int(o.grid) > int(GridMode::ResidentCapacity))
    return invalid_argument("options.grid is not a GridMode value (got " + num(int(o.grid)) + ")");
  if (o.kernel == Kernel::Sm90) {
    std::string const r = sm90_reason(a);
    if (!r.empty()) return not_supported("kernel Sm90 reads Q, K and V with TMA, but " + r);
  }
  return success();
}

struct Choice {
  Kernel kernel = Kernel::Portable;
  std::string why_portable;
};

//! The device-dependent part: which kernel, and whether the source can run it.
Error choose(Arguments const& a, Options const& o, Choice* out) {
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  DeviceFacts dev;
  CLC_TRY(query_device(device, &dev));
  bool const hopper = dev.cc_major == 9 && dev.cc_minor == 0;
  std::string const reason = sm90_reason(a);
  if (o.kernel == Kernel::Sm90) {
    if (!hopper)
      return not_supported("kernel Sm90 needs an sm_90 device (device " + num(dev.device) + " is sm_" +
                           num(dev.cc_major * 10 + dev.cc_minor) + ")");
    if (!detail::sm90_built()) return not_supported("kernel Sm90: this build has no sm_90a code (CLC_CUDA_ARCHITECTURES)");
    out->kernel = Kernel::Sm90;
  } else if (o.kernel == Kernel::Portable) {
    out->kernel = Kernel::Portable;
  } else if (hopper && detail::sm90_built() && reason.empty()) {
    out->kernel = Kernel::Sm90;
  } else {
    out->kernel = Kernel::Portable;
    out->why_portable = !hopper ? "the device is not sm_90"
                        : !detail::sm90_built() ? "this build has no sm_90a code"
                                                : reason;
  }
  if (o.source == SourceKind::Hardware && (out->kernel == Kernel::Sm90 || dev.cc_major < 10))
    return not_supported("source Hardware needs sm_100 (cluster launch control); device " + num(dev.device) +
                         " is sm_" + num(dev.cc_major * 10 + dev.cc_minor) + " (use Ticket, Static or Single)");
  return success();
}

detail::Problem make_problem(Arguments const& a) {
  detail::Problem p;
  p.dtype = int(a.dtype);
  p.batch = a.batch;
  p.heads_q = a.heads_q;
  p.heads_kv = a.heads_kv;
  p.head_dim = a.head_dim;
  p.group = a.heads_q / a.heads_kv;
  p.q = a.q;
  p.k = a.k;
  p.v = a.v;
  p.o = a.o;
  p.lse = a.lse;
  p.qs = a.q_stride;
  p.ks = a.k_stride;
  p.vs = a.v_stride;
  p.os = a.o_stride;
  p.ls = a.lse_stride;
  p.scale = a.scale != 0.0f ? a.scale : float(1.0 / std::sqrt(double(a.head_dim)));
  p.scale_log2 = float(double(p.scale) * 1.4426950408889634);
  p.causal = a.causal ? 1 : 0;
  if (a.cu_seqlens_q != nullptr) {
    p.cu_q = a.cu_seqlens_q;
    p.cu_k = a.cu_seqlens_k;
    p.max_q = a.max_seqlen_q;
    p.max_k = a.max_seqlen_k;
    p.total_q = a.total_q;
    p.total_k = a.total_k;
    p.seqlen_q = a.max_seqlen_q;
    p.seqlen_k = a.max_seqlen_k;
    // The batch stride is not used with packed sequences.
    p.qs.batch = p.ks.batch = p.vs.batch = p.os.batch = 0;
    p.ls.batch = 0;
  } else {
    p.seqlen_q = a.seqlen_q;
    p.seqlen_k = a.seqlen_k;
  }
  return p;
}

}  // namespace

namespace detail {

bool sm90_built() { return CLC_ATTENTION_SM90 != 0; }

int default_heads_per_section(Problem const& p) {
  std::int64_t const kv_bytes = std::int64_t(p.seqlen_k) * 2 * p.head_dim * 2;  // K + V of one KV head
  std::int64_t const budget = std::int64_t(32) << 20;
  std::int64_t kv_heads = 1;
  while (kv_bytes > 0 && kv_heads * 2 * kv_bytes <= budget && kv_heads * 2 <= p.heads_kv) kv_heads *= 2;
  if (kv_bytes == 0) kv_heads = p.heads_kv;
  std::int64_t const s = kv_heads * p.group;
  return int(s < p.heads_q ? s : p.heads_q);
}

TileSpace make_tile_space(Problem const& p, int tile_m, bool longest_first, int section) {
  std::int64_t const x = p.varlen() ? varlen_slots(p, tile_m) : (std::int64_t(p.seqlen_q) + tile_m - 1) / tile_m;
  // Extents past int range are caught by validate(TileSpace) at launch (the message names the tiles).
  TileSpace t(int(x > kMaxGridX ? kMaxGridX : x), p.heads_q, p.varlen() ? 1 : p.batch);
  t.with_raster(Raster::AlongX).with_swizzle(section < 1 ? 1 : section);
  if (longest_first) t.with_longest_first(Reverse::X);
  return t;
}

Error launch_portable(Problem const& p, Plan const& plan, RunInfo* info) {
  bool const bf = p.dtype == int(DType::BF16);
  switch (p.head_dim) {
    case 64: return bf ? launch_portable_typed<DType::BF16, 64>(p, plan, info) : launch_portable_typed<DType::F16, 64>(p, plan, info);
    case 128: return bf ? launch_portable_typed<DType::BF16, 128>(p, plan, info) : launch_portable_typed<DType::F16, 128>(p, plan, info);
    case 256: return bf ? launch_portable_typed<DType::BF16, 256>(p, plan, info) : launch_portable_typed<DType::F16, 256>(p, plan, info);
    default: break;
  }
  return not_supported("head_dim " + num(p.head_dim) + " is not supported (supported: 64, 128, 256)");
}

Error launch_sm90(Problem const& p, Plan const& plan, RunInfo* info) {
  bool const bf = p.dtype == int(DType::BF16);
  switch (p.head_dim) {
    case 64: return bf ? launch_sm90_typed<DType::BF16, 64>(p, plan, info) : launch_sm90_typed<DType::F16, 64>(p, plan, info);
    case 128: return bf ? launch_sm90_typed<DType::BF16, 128>(p, plan, info) : launch_sm90_typed<DType::F16, 128>(p, plan, info);
    case 256: return bf ? launch_sm90_typed<DType::BF16, 256>(p, plan, info) : launch_sm90_typed<DType::F16, 256>(p, plan, info);
    default: break;
  }
  return not_supported("head_dim " + num(p.head_dim) + " is not supported (supported: 64, 128, 256)");
}

}  // namespace detail

Error can_implement(Arguments const& a, Options const& o) {
  CLC_TRY(check_arguments(a, o));
  Choice ch;
  return choose(a, o, &ch);
}

Error run(Arguments const& a, cudaStream_t stream, Options const& o, RunInfo* info) {
  CLC_TRY(check_arguments(a, o));
  Choice ch;
  CLC_TRY(choose(a, o, &ch));
  detail::Problem const p = make_problem(a);

  RunInfo local;
  RunInfo* ri = info ? info : &local;
  *ri = RunInfo{};
  ri->kernel = ch.kernel;
  ri->why_portable = ch.why_portable;
  bool const longest_first = o.order == TileOrder::LongestFirst || (o.order == TileOrder::Auto && a.causal);
  ri->order = longest_first ? TileOrder::LongestFirst : TileOrder::Forward;
  int section = o.heads_per_section != 0 ? o.heads_per_section : detail::default_heads_per_section(p);
  section = (section + p.group - 1) / p.group * p.group;  // whole GQA groups per section
  ri->heads_per_section = section;
  bool const nothing = p.varlen() ? (p.total_q == 0 || p.max_q == 0) : p.seqlen_q == 0;
  if (nothing) return success();  // no query row: nothing to compute or write

  detail::Plan plan;
  plan.source = o.source;
  static_cast<ScheduleOptions&>(plan.launch) = o;  // the schedule as the caller set it
  plan.launch.stream = stream;
  int const tile_m = ch.kernel == Kernel::Sm90 ? detail::kSm90TileM : detail::kPortableTileM;
  plan.tiles = detail::make_tile_space(p, tile_m, longest_first, section);
  ri->tiles = plan.tiles.tiles();
  if (ch.kernel == Kernel::Sm90) {
    if (plan.source == SourceKind::Auto) plan.source = SourceKind::Ticket;  // Hopper has no hardware CLC
    return detail::launch_sm90(p, plan, ri);
  }
  return detail::launch_portable(p, plan, ri);
}

}  // namespace clc::attention
