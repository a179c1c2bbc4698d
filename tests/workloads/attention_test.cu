//! @file attention_test.cu
//! @brief clc::attention against a float64 reference computed on the GPU. Inputs are random (the
//! elements outside the logical tensors are NaN, so a kernel that reads them fails), outputs are
//! poisoned with NaN before every run, every O element and LSE value of the problem is checked, and
//! every other byte of the O and LSE buffers must still hold the poison afterwards (nothing written
//! outside the tensors). Both kernels; seqlen pairs, causal, head dims, types, GQA/MQA, varlen with
//! zero-length sequences, every source with few workers, strided and unaligned layouts, SMs held by
//! another kernel, argument errors that must write nothing, and the cu_seqlens contract.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "attention/attention.hpp"
#include "clc/tools/interference.hpp"
#include "clc_test.hpp"

namespace {

using clc::SourceKind;
using clc::attention::DType;
using clc::attention::Kernel;
namespace attn = clc::attention;

// ---------------------------------------------------------------------------------------------------
// Device helpers.

__device__ float uniform_pm1(std::uint64_t i, std::uint32_t seed) {
  std::uint64_t x = i * 0x9E3779B97F4A7C15ull + seed * 0xD1B54A32D192ED03ull + 0x632BE59BD9B4E019ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return 2.0f * (float(x >> 40) * (1.0f / 16777216.0f)) - 1.0f;
}

//! Writes random values in [-amp, amp] to every element of a [batch, rows, heads, dim] tensor through
//! its strides (the rest of the buffer keeps what it had: NaN).
__global__ void fill_tensor(std::uint16_t* p, int batch, int rows, int heads, int dim, attn::Strides s, int bf16,
                            float amp, std::uint32_t seed) {
  std::int64_t const total = std::int64_t(batch) * rows * heads * dim;
  for (std::int64_t i = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; i < total;
       i += std::int64_t(gridDim.x) * blockDim.x) {
    std::int64_t r = i;
    int const d = int(r % dim);
    r /= dim;
    int const h = int(r % heads);
    r /= heads;
    int const row = int(r % rows);
    int const b = int(r / rows);
    float const v = amp * uniform_pm1(std::uint64_t(i), seed);
    std::uint16_t bits;
    if (bf16) {
      __nv_bfloat16 const x = __float2bfloat16(v);
      bits = *reinterpret_cast<std::uint16_t const*>(&x);
    } else {
      __half const x = __float2half(v);
      bits = *reinterpret_cast<std::uint16_t const*>(&x);
    }
    p[b * s.batch + row * s.seq + h * s.head + d * s.dim] = bits;
  }
}

__device__ double load16(std::uint16_t const* p, std::int64_t i, int bf16) {
  std::uint16_t const b = p[i];
  if (bf16) return double(__uint_as_float(std::uint32_t(b) << 16));
  __half_raw r;
  r.x = b;
  return double(__half2float(__half(r)));
}

//! Per-sequence facts for the reference (the same for both kernels; the reference trusts them).
struct RefSeq {
  std::int64_t q_row0, k_row0;  // first row in the seq dimension
  int len_q, len_k;
  int batch_index;  // multiplies the batch stride (0 for varlen)
  std::int64_t out_row0;  // first row of this sequence in the dense reference output
};

struct RefArgs {
  std::uint16_t const *q, *k, *v;
  attn::Strides qs, ks, vs;
  RefSeq const* seqs;
  int const* row_seq;  // dense row -> sequence
  int heads_q, group, dim, bf16, causal;
  double scale;
  double* out;  // [rows][heads_q][dim]
  double* lse;  // [rows][heads_q]
};

//! One CTA (128 threads) per (dense row, head): scores in shared memory (doubles), max, sum, P V.
__global__ void reference_kernel(RefArgs a) {
  extern __shared__ double sh[];
  double* const qrow = sh;              // dim
  double* const red = sh + a.dim;       // 4 (one per warp)
  double* const sc = red + 4;           // scores
  int const r = blockIdx.x;
  int const h = blockIdx.y;
  RefSeq const s = a.seqs[a.row_seq[r]];
  int const i = int(r - s.out_row0);
  int const kvh = h / a.group;
  int const tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  std::int64_t const qb = s.batch_index * a.qs.batch + (s.q_row0 + i) * a.qs.seq + std::int64_t(h) * a.qs.head;
  for (int d = tid; d < a.dim; d += blockDim.x) qrow[d] = load16(a.q, qb + d * a.qs.dim, a.bf16);
  __syncthreads();
  int limit = s.len_k;
  if (a.causal) limit = min(s.len_k, i + s.len_k - s.len_q + 1);
  if (limit < 0) limit = 0;
  std::int64_t const kb = s.batch_index * a.ks.batch + s.k_row0 * a.ks.seq + std::int64_t(kvh) * a.ks.head;
  std::int64_t const vb = s.batch_index * a.vs.batch + s.k_row0 * a.vs.seq + std::int64_t(kvh) * a.vs.head;
  for (int j = warp; j < limit; j += 4) {
    double acc = 0.0;
    for (int d = lane; d < a.dim; d += 32) acc += qrow[d] * load16(a.k, kb + j * a.ks.seq + d * a.ks.dim, a.bf16);
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) sc[j] = acc * a.scale;
  }
  __syncthreads();
  double mx = -INFINITY;
  for (int j = tid; j < limit; j += blockDim.x) mx = fmax(mx, sc[j]);
  for (int o = 16; o > 0; o >>= 1) mx = fmax(mx, __shfl_xor_sync(0xffffffffu, mx, o));
  if (lane == 0) red[warp] = mx;
  __syncthreads();
  mx = fmax(fmax(red[0], red[1]), fmax(red[2], red[3]));
  __syncthreads();
  double sum = 0.0;
  for (int j = tid; j < limit; j += blockDim.x) {
    double const p = exp(sc[j] - mx);
    sc[j] = p;
    sum += p;
  }
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
  if (lane == 0) red[warp] = sum;
  __syncthreads();
  sum = red[0] + red[1] + red[2] + red[3];
  std::int64_t const out = (std::int64_t(r) * a.heads_q + h) * a.dim;
  for (int d = tid; d < a.dim; d += blockDim.x) {
    double acc = 0.0;
    for (int j = 0; j < limit; ++j) acc += sc[j] * load16(a.v, vb + j * a.vs.seq + d * a.vs.dim, a.bf16);
    a.out[out + d] = sum > 0.0 ? acc / sum : 0.0;
  }
  if (tid == 0) a.lse[std::int64_t(r) * a.heads_q + h] = sum > 0.0 ? mx + log(sum) : -INFINITY;
}

// ---------------------------------------------------------------------------------------------------
// Host side of one case.

enum class Layout { BSHD, BHSD, Padded, Unaligned, DimStrided };

char const* layout_name(Layout l) {
  switch (l) {
    case Layout::BSHD: return "BSHD";
    case Layout::BHSD: return "BHSD";
    case Layout::Padded: return "Padded";
    case Layout::Unaligned: return "Unaligned";
    case Layout::DimStrided: return "DimStrided";
  }
  return "?";
}

struct Case {
  DType dt = DType::BF16;
  int batch = 1, sq = 128, sk = 128, hq = 2, hkv = 2, d = 128;
  bool causal = false;
  bool lse = true;
  float amp = 1.5f;  // Q and K in [-amp, amp]; V in [-1, 1]
  float scale = 0.0f;  // 0: the default 1/sqrt(d)
  Layout layout = Layout::BSHD;
  std::vector<int> lens_q, lens_k;  // varlen when non-empty (batch = size)
  attn::Options opts;
  Kernel expect = Kernel::Auto;  // Auto = don't care
  int repeats = 1;
  cudaStream_t stream = nullptr;
  bool hold_quarter = false;  // run while a quarter of the SMs are held by another kernel
};

std::string describe(Case const& c) {
  char buf[256];
  std::snprintf(buf, sizeof(buf), "%s b%d sq%d sk%d h%d/%d d%d %s %s %s kernel=%s src=%s workers=%d%s",
                attn::to_string(c.dt), c.batch, c.sq, c.sk, c.hq, c.hkv, c.d, c.causal ? "causal" : "full",
                layout_name(c.layout), c.lens_q.empty() ? "fixed" : "varlen", attn::to_string(c.opts.kernel),
                clc::to_string(c.opts.source), c.opts.max_workers, c.hold_quarter ? " held" : "");
  return buf;
}

struct Buffer {
  void* p = nullptr;
  std::size_t bytes = 0;
  Buffer() = default;
  explicit Buffer(std::size_t b) : bytes(b) {
    if (cudaMalloc(&p, b == 0 ? 16 : b) != cudaSuccess) p = nullptr;
  }
  ~Buffer() {
    if (p) cudaFree(p);
  }
  Buffer(Buffer const&) = delete;
  Buffer& operator=(Buffer const&) = delete;
};

//! Strides of a [batch, rows, heads, dim] tensor in `layout`, the element offset of its base inside
//! the buffer and the buffer's size in elements.
struct TensorLayout {
  attn::Strides s;
  std::int64_t base = 0;
  std::int64_t elems = 0;
};

TensorLayout make_layout(Layout l, int batch, int rows, int heads, int dim) {
  TensorLayout t;
  switch (l) {
    case Layout::BSHD: t.s = attn::bshd_strides(rows, heads, dim); break;
    case Layout::BHSD: t.s = attn::bhsd_strides(rows, heads, dim); break;
    case Layout::Padded:  // BSHD with gaps between heads, rows and batches (TMA can still read it)
      t.s.dim = 1;
      t.s.head = dim + 8;
      t.s.seq = std::int64_t(heads) * (dim + 8) + 16;
      t.s.batch = std::int64_t(rows) * t.s.seq + 40;
      break;
    case Layout::Unaligned:  // odd strides and a base 2 bytes past 16-byte alignment: portable only
      t.s.dim = 1;
      t.s.head = dim + 1;
      t.s.seq = std::int64_t(heads) * (dim + 1) + 3;
      t.s.batch = std::int64_t(rows) * t.s.seq + 5;
      t.base = 1;
      break;
    case Layout::DimStrided:  // head_dim not contiguous: portable only
      t.s.dim = 2;
      t.s.head = 2 * dim;
      t.s.seq = std::int64_t(heads) * 2 * dim;
      t.s.batch = std::int64_t(rows) * t.s.seq;
      break;
  }
  t.elems = t.base + 1 + std::int64_t(batch - 1) * t.s.batch + std::int64_t(rows - 1) * t.s.seq +
            std::int64_t(heads - 1) * t.s.head + std::int64_t(dim - 1) * t.s.dim;
  if (rows == 0) t.elems = t.base + 1;
  return t;
}

bool hopper() {
  int major = 0, minor = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0);
  return major == 9 && minor == 0;
}

float host_half(std::uint16_t b, bool bf16) {
  if (bf16) {
    std::uint32_t w = std::uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &w, 4);
    return f;
  }
  __half_raw r;
  r.x = b;
  return __half2float(__half(r));
}

struct Stats {
  std::int64_t checked = 0, bad = 0, lse_bad = 0, stray = 0;
  double worst = 0.0, worst_lse = 0.0;  // largest error / tolerance
  std::string first;
  attn::RunInfo info;
};

//! Runs the case and checks every element; fails the current test on CUDA errors.
void run_case(Case const& c, Stats* st) {
  bool const varlen = !c.lens_q.empty();
  bool const bf16 = c.dt == DType::BF16;
  int const batch = varlen ? int(c.lens_q.size()) : c.batch;
  // Sequences: rows of Q/K in the seq dimension and the dense reference rows.
  std::vector<RefSeq> seqs(batch);
  std::vector<int> cu_q(batch + 1, 0), cu_k(batch + 1, 0);
  int max_q = 0, max_k = 0;
  for (int b = 0; b < batch; ++b) {
    int const lq = varlen ? c.lens_q[b] : c.sq;
    int const lk = varlen ? c.lens_k[b] : c.sk;
    cu_q[b + 1] = cu_q[b] + lq;
    cu_k[b + 1] = cu_k[b] + lk;
    max_q = std::max(max_q, lq);
    max_k = std::max(max_k, lk);
    seqs[b].q_row0 = varlen ? cu_q[b] : 0;
    seqs[b].k_row0 = varlen ? cu_k[b] : 0;
    seqs[b].len_q = lq;
    seqs[b].len_k = lk;
    seqs[b].batch_index = varlen ? 0 : b;
    seqs[b].out_row0 = cu_q[b];
  }
  int const rows_total = cu_q[batch];
  int const tb = varlen ? 1 : batch;               // tensor batch extent
  int const tq = varlen ? cu_q[batch] : c.sq;       // tensor rows
  int const tk = varlen ? cu_k[batch] : c.sk;
  TensorLayout const lq = make_layout(c.layout, tb, tq, c.hq, c.d);
  TensorLayout const lk = make_layout(c.layout, tb, tk, c.hkv, c.d);
  TensorLayout const lo = make_layout(c.layout, tb, tq, c.hq, c.d);
  Buffer Q(std::size_t(lq.elems) * 2), K(std::size_t(lk.elems) * 2), V(std::size_t(lk.elems) * 2),
      O(std::size_t(lo.elems) * 2);
  // LSE: [batch, heads, rows] (varlen [heads, total]) with a gap between heads.
  attn::LseStrides ls;
  ls.seq = 1;
  ls.head = std::int64_t(tq) + 3;
  ls.batch = std::int64_t(c.hq) * ls.head + 1;
  std::int64_t const lse_elems = std::int64_t(tb) * ls.batch + 1;
  Buffer L(std::size_t(lse_elems) * 4);
  Buffer RO(std::size_t(std::max(rows_total, 1)) * c.hq * c.d * sizeof(double));
  Buffer RL(std::size_t(std::max(rows_total, 1)) * c.hq * sizeof(double));
  Buffer SEQ(seqs.size() * sizeof(RefSeq)), ROWSEQ(std::size_t(std::max(rows_total, 1)) * sizeof(int));
  Buffer CUQ((batch + 1) * sizeof(int)), CUK((batch + 1) * sizeof(int));
  ASSERT_TRUE(Q.p && K.p && V.p && O.p && L.p && RO.p && RL.p && SEQ.p && ROWSEQ.p && CUQ.p && CUK.p)
      << "cudaMalloc failed";
  CUDA_OK(cudaMemset(Q.p, 0xFF, Q.bytes));  // NaN outside the tensors: reading it would show
  CUDA_OK(cudaMemset(K.p, 0xFF, K.bytes));
  CUDA_OK(cudaMemset(V.p, 0xFF, V.bytes));
  static std::uint32_t seed = 7;
  auto* const q16 = static_cast<std::uint16_t*>(Q.p) + lq.base;
  auto* const k16 = static_cast<std::uint16_t*>(K.p) + lk.base;
  auto* const v16 = static_cast<std::uint16_t*>(V.p) + lk.base;
  auto* const o16 = static_cast<std::uint16_t*>(O.p) + lo.base;
  if (tq > 0) fill_tensor<<<512, 256>>>(q16, tb, tq, c.hq, c.d, lq.s, bf16, c.amp, seed++);
  if (tk > 0) fill_tensor<<<512, 256>>>(k16, tb, tk, c.hkv, c.d, lk.s, bf16, c.amp, seed++);
  if (tk > 0) fill_tensor<<<512, 256>>>(v16, tb, tk, c.hkv, c.d, lk.s, bf16, 1.0f, seed++);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemcpy(CUQ.p, cu_q.data(), cu_q.size() * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(CUK.p, cu_k.data(), cu_k.size() * sizeof(int), cudaMemcpyHostToDevice));

  attn::Arguments a;
  a.dtype = c.dt;
  a.batch = batch;
  a.heads_q = c.hq;
  a.heads_kv = c.hkv;
  a.head_dim = c.d;
  a.q = q16;
  a.q_stride = lq.s;
  a.k = k16;
  a.k_stride = lk.s;
  a.v = v16;
  a.v_stride = lk.s;
  a.o = o16;
  a.o_stride = lo.s;
  a.lse = c.lse ? static_cast<float*>(L.p) : nullptr;
  a.lse_stride = ls;
  a.causal = c.causal;
  a.scale = c.scale;
  if (varlen) {
    a.cu_seqlens_q = static_cast<int const*>(CUQ.p);
    a.cu_seqlens_k = static_cast<int const*>(CUK.p);
    a.max_seqlen_q = max_q;
    a.max_seqlen_k = max_k;
    a.total_q = tq;
    a.total_k = tk;
  } else {
    a.seqlen_q = c.sq;
    a.seqlen_k = c.sk;
  }
  int sms = 0;
  CUDA_OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t hog = nullptr;
  if (c.hold_quarter) CUDA_OK(cudaStreamCreateWithFlags(&hog, cudaStreamNonBlocking));
  for (int rep = 0; rep < c.repeats; ++rep) {
    CUDA_OK(cudaMemset(O.p, 0xFF, O.bytes));  // NaN in every element, and the poison checked below
    CUDA_OK(cudaMemset(L.p, 0xFF, L.bytes));
    CUDA_OK(cudaDeviceSynchronize());
    if (c.hold_quarter) CLC_OK(clc::tools::hold_sms(sms / 4, 5.0, hog));
    CLC_OK(attn::run(a, c.stream, c.opts, &st->info));
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
  }
  if (hog) CUDA_OK(cudaStreamDestroy(hog));
  if (c.expect != Kernel::Auto)
    ASSERT_EQ(st->info.kernel, c.expect) << "ran " << attn::to_string(st->info.kernel)
                                         << " (why portable: " << st->info.why_portable << ")";

  // Reference.
  std::vector<int> row_seq(std::max(rows_total, 1), 0);
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < seqs[b].len_q; ++i) row_seq[cu_q[b] + i] = b;
  CUDA_OK(cudaMemcpy(SEQ.p, seqs.data(), seqs.size() * sizeof(RefSeq), cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(ROWSEQ.p, row_seq.data(), row_seq.size() * sizeof(int), cudaMemcpyHostToDevice));
  if (rows_total > 0) {
    RefArgs r{};
    r.q = q16;
    r.k = k16;
    r.v = v16;
    r.qs = lq.s;
    r.ks = lk.s;
    r.vs = lk.s;
    r.seqs = static_cast<RefSeq const*>(SEQ.p);
    r.row_seq = static_cast<int const*>(ROWSEQ.p);
    r.heads_q = c.hq;
    r.group = c.hq / c.hkv;
    r.dim = c.d;
    r.bf16 = bf16;
    r.causal = c.causal;
    r.scale = c.scale != 0.0f ? double(c.scale) : 1.0 / std::sqrt(double(c.d));
    r.out = static_cast<double*>(RO.p);
    r.lse = static_cast<double*>(RL.p);
    std::size_t const smem = (std::size_t(c.d) + 4 + std::size_t(std::max(max_k, 1))) * sizeof(double);
    CUDA_OK(cudaFuncSetAttribute(reference_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
    reference_kernel<<<dim3(unsigned(rows_total), unsigned(c.hq)), 128, smem>>>(r);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
  }

  // Compare every element; everything else in O and the LSE buffers must still be poison.
  std::vector<std::uint16_t> ho(lo.elems);
  std::vector<float> hl(lse_elems);
  std::vector<double> ro(std::size_t(std::max(rows_total, 1)) * c.hq * c.d), rl(std::size_t(std::max(rows_total, 1)) * c.hq);
  CUDA_OK(cudaMemcpy(ho.data(), O.p, ho.size() * 2, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(hl.data(), L.p, hl.size() * 4, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(ro.data(), RO.p, ro.size() * 8, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(rl.data(), RL.p, rl.size() * 8, cudaMemcpyDeviceToHost));
  std::vector<char> o_used(ho.size(), 0), l_used(hl.size(), 0);
  // Tolerances (derivation in docs/attention.md): P rounded to the input type before P V, O rounded.
  double const atol = bf16 ? 2.5e-3 : 1.0e-3;
  double const rtol = bf16 ? 2.5e-3 : 8.0e-4;
  for (int b = 0; b < batch; ++b) {
    for (int i = 0; i < seqs[b].len_q; ++i) {
      int const r = cu_q[b] + i;
      for (int h = 0; h < c.hq; ++h) {
        std::int64_t const ob = lo.base + std::int64_t(seqs[b].batch_index) * lo.s.batch +
                                (seqs[b].q_row0 + i) * lo.s.seq + std::int64_t(h) * lo.s.head;
        for (int d = 0; d < c.d; ++d) {
          std::int64_t const oi = ob + std::int64_t(d) * lo.s.dim;
          o_used[oi] = 1;
          double const got = host_half(ho[oi], bf16);
          double const want = ro[(std::size_t(r) * c.hq + h) * c.d + d];
          double const tol = atol + rtol * std::fabs(want);
          double const err = std::fabs(got - want);
          ++st->checked;
          if (!(err <= tol)) {
            if (st->bad < 5) {
              char buf[200];
              std::snprintf(buf, sizeof(buf), " O[b%d i%d h%d d%d]=%g want %.6g;", b, i, h, d, got, want);
              st->first += buf;
            }
            ++st->bad;
          } else {
            st->worst = std::max(st->worst, err / tol);
          }
        }
        if (c.lse) {
          std::int64_t const li = std::int64_t(seqs[b].batch_index) * ls.batch + std::int64_t(h) * ls.head +
                                  (seqs[b].q_row0 + i) * ls.seq;
          l_used[li] = 1;
          double const got = hl[li];
          double const want = rl[std::size_t(r) * c.hq + h];
          bool ok;
          if (std::isinf(want)) {
            ok = std::isinf(got) && got < 0;
          } else {
            double const tol = 5e-4 + 5e-5 * std::fabs(want);
            ok = std::fabs(got - want) <= tol;
            if (ok) st->worst_lse = std::max(st->worst_lse, std::fabs(got - want) / tol);
          }
          if (!ok) {
            if (st->lse_bad < 5) {
              char buf[200];
              std::snprintf(buf, sizeof(buf), " LSE[b%d i%d h%d]=%g want %.8g;", b, i, h, got, want);
              st->first += buf;
            }
            ++st->lse_bad;
          }
        }
      }
    }
  }
  for (std::size_t i = 0; i < ho.size(); ++i)
    if (!o_used[i] && ho[i] != 0xFFFF) ++st->stray;
  for (std::size_t i = 0; i < hl.size(); ++i) {
    std::uint32_t w;
    std::memcpy(&w, &hl[i], 4);
    if (!l_used[i] && w != 0xFFFFFFFFu) ++st->stray;
  }
}

Stats check(Case const& c) {
  SCOPED_TRACE(describe(c));
  Stats st;
  run_case(c, &st);
  if (::testing::Test::HasFatalFailure()) return st;
  std::printf("  %-90s %s/%s tiles %lld: worst err/tol O %.3f LSE %.3f\n", describe(c).c_str(),
              attn::to_string(st.info.kernel), clc::to_string(st.info.source), (long long)st.info.tiles, st.worst,
              st.worst_lse);
  EXPECT_EQ(st.bad, 0) << st.bad << " of " << st.checked << " O elements wrong:" << st.first;
  EXPECT_EQ(st.lse_bad, 0) << st.lse_bad << " LSE values wrong:" << st.first;
  EXPECT_EQ(st.stray, 0) << st.stray << " elements outside the tensors were written";
  return st;
}

//! The kernels to run on this device: Auto (the fast path: Sm90 on Hopper when built) and Portable.
std::vector<Kernel> kernels() { return {Kernel::Auto, Kernel::Portable}; }

Case base_case(Kernel k) {
  Case c;
  c.opts.kernel = k;
  c.expect = k == Kernel::Portable ? Kernel::Portable : Kernel::Auto;
  return c;
}

// ---------------------------------------------------------------------------------------------------

TEST(Attention, SeqlenPairs) {
  CLC_REQUIRE_GPU();
  std::vector<std::pair<int, int>> const pairs = {{1, 1},     {17, 17},    {127, 127},  {128, 128},  {129, 129},
                                                  {1000, 1000}, {4096, 4096}, {1, 4096}, {4096, 1},  {17, 1000},
                                                  {1000, 17},  {127, 129},  {129, 127},  {128, 4096}, {4096, 1000}};
  for (Kernel k : kernels()) {
    for (auto [sq, sk] : pairs) {
      for (bool causal : {false, true}) {
        Case c = base_case(k);
        c.sq = sq;
        c.sk = sk;
        c.causal = causal;
        c.hq = c.hkv = 2;
        c.batch = sq * sk > 1000000 ? 1 : 2;
        c.amp = 2.5f;  // peaky softmax: a wrong mask shows
        check(c);
      }
    }
  }
}

TEST(Attention, HeadDimsAndTypes) {
  CLC_REQUIRE_GPU();
  for (Kernel k : kernels())
    for (DType dt : {DType::BF16, DType::F16})
      for (int d : {64, 128, 256})
        for (bool causal : {false, true}) {
          Case c = base_case(k);
          c.dt = dt;
          c.d = d;
          c.sq = 300;
          c.sk = 517;
          c.causal = causal;
          c.batch = 2;
          check(c);
        }
  for (Kernel k : kernels()) {  // an explicit scale
    Case c = base_case(k);
    c.scale = 0.3f;
    c.amp = 1.0f;
    c.causal = true;
    c.sq = c.sk = 200;
    check(c);
  }
}

TEST(Attention, GqaMqa) {
  CLC_REQUIRE_GPU();
  struct H {
    int hq, hkv;
  };
  for (Kernel k : kernels())
    for (H h : {H{1, 1}, H{4, 4}, H{8, 8}, H{8, 2}, H{16, 4}, H{8, 1}, H{6, 1}})
      for (bool causal : {false, true}) {
        Case c = base_case(k);
        c.hq = h.hq;
        c.hkv = h.hkv;
        c.sq = 257;
        c.sk = 389;
        c.causal = causal;
        c.batch = 2;
        c.d = 64;
        check(c);
      }
}

TEST(Attention, Varlen) {
  CLC_REQUIRE_GPU();
  struct L {
    std::vector<int> q, k;
  };
  std::vector<L> const sets = {
      {{0, 1, 17, 300, 0, 1000, 129, 5, 0}, {3, 1, 40, 300, 7, 1000, 128, 0, 0}},
      {{128, 256, 1, 2000, 0}, {128, 100, 513, 2000, 64}},
      {{0, 0, 0}, {5, 0, 9}},
  };
  for (Kernel k : kernels())
    for (L const& s : sets)
      for (bool causal : {false, true})
        for (int d : {64, 128}) {
          Case c = base_case(k);
          c.lens_q = s.q;
          c.lens_k = s.k;
          c.causal = causal;
          c.d = d;
          c.hq = 4;
          c.hkv = 2;
          check(c);
        }
}

TEST(Attention, EverySourceFewWorkers) {
  CLC_REQUIRE_GPU();
  for (Kernel k : kernels())
    for (SourceKind src : {SourceKind::Ticket, SourceKind::Static, SourceKind::Single})
      for (int workers : {1, 3, 7})
        for (bool causal : {false, true}) {
          if (src == SourceKind::Single && workers != 1) continue;  // Single launches every tile
          Case c = base_case(k);
          c.opts.source = src;
          c.opts.max_workers = src == SourceKind::Single ? 0 : workers;
          c.sq = 1100;
          c.sk = 1100;
          c.hq = 4;
          c.hkv = 2;
          c.causal = causal;
          Stats const st = check(c);
          EXPECT_EQ(st.info.source, src);
          if (src != SourceKind::Single) EXPECT_LE(st.info.launch.workers, workers);
        }
}

TEST(Attention, VarlenEverySource) {
  CLC_REQUIRE_GPU();
  for (Kernel k : kernels())
    for (SourceKind src : {SourceKind::Ticket, SourceKind::Static, SourceKind::Single}) {
      Case c = base_case(k);
      c.opts.source = src;
      c.opts.max_workers = src == SourceKind::Single ? 0 : 3;
      c.lens_q = {513, 0, 77, 1, 1024};
      c.lens_k = {513, 9, 300, 1, 2000};
      c.causal = true;
      check(c);
    }
}

TEST(Attention, TileOrders) {
  CLC_REQUIRE_GPU();
  for (Kernel k : kernels())
    for (attn::TileOrder order : {attn::TileOrder::LongestFirst, attn::TileOrder::Forward})
      for (int section : {0, 1, 2, 3}) {
        Case c = base_case(k);
        c.opts.order = order;
        c.opts.heads_per_section = section;
        c.hq = 8;
        c.hkv = 2;
        c.sq = c.sk = 700;
        c.causal = true;
        c.opts.max_workers = 5;
        check(c);
      }
}

TEST(Attention, NonContiguousLayouts) {
  CLC_REQUIRE_GPU();
  for (Kernel k : kernels())
    for (Layout l : {Layout::BHSD, Layout::Padded, Layout::Unaligned, Layout::DimStrided})
      for (bool causal : {false, true}) {
        Case c = base_case(k);
        c.layout = l;
        c.causal = causal;
        c.sq = 333;
        c.sk = 300;
        c.batch = 2;
        c.hq = 4;
        c.hkv = 2;
        if (l == Layout::Unaligned || l == Layout::DimStrided) c.expect = Kernel::Portable;
        check(c);
      }
  // Varlen in a padded layout.
  for (Kernel k : kernels()) {
    Case c = base_case(k);
    c.layout = Layout::Padded;
    c.lens_q = {100, 0, 333};
    c.lens_k = {1, 50, 400};
    c.causal = true;
    check(c);
  }
}

TEST(Attention, UnalignedFallsBackToPortableAndSaysWhy) {
  CLC_REQUIRE_GPU();
  if (!hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  Case c = base_case(Kernel::Auto);
  c.layout = Layout::Unaligned;
  c.expect = Kernel::Portable;
  Stats st;
  run_case(c, &st);
  EXPECT_EQ(st.bad, 0);
  EXPECT_FALSE(st.info.why_portable.empty());
}

TEST(Attention, QuarterOfSmsHeld) {
  CLC_REQUIRE_GPU();
  cudaStream_t work;
  CUDA_OK(cudaStreamCreateWithFlags(&work, cudaStreamNonBlocking));
  for (Kernel k : kernels())
    for (SourceKind src : {SourceKind::Ticket, SourceKind::Static}) {
      Case c = base_case(k);
      c.opts.source = src;
      c.hold_quarter = true;
      c.stream = work;
      c.sq = c.sk = 2048;
      c.hq = 8;
      c.hkv = 8;
      c.causal = true;
      check(c);
    }
  CUDA_OK(cudaStreamDestroy(work));
}

TEST(Attention, RepeatedLaunchesAndNoLse) {
  CLC_REQUIRE_GPU();
  for (Kernel k : kernels()) {
    Case c = base_case(k);
    c.repeats = 3;
    c.lse = false;
    c.sq = c.sk = 1024;
    c.hq = 8;
    c.hkv = 1;
    c.causal = true;
    check(c);
  }
}

// ---------------------------------------------------------------------------------------------------
// Argument errors: the status, a message that names the argument, and nothing written.

struct BadArgFixture {
  Buffer Q{64 * 4 * 128 * 2}, K{64 * 4 * 128 * 2}, V{64 * 4 * 128 * 2}, O{64 * 4 * 128 * 2}, L{4 * 64 * 4};
  attn::Arguments a;
  BadArgFixture() {
    a.batch = 1;
    a.seqlen_q = a.seqlen_k = 64;
    a.heads_q = a.heads_kv = 4;
    a.head_dim = 128;
    a.q = Q.p;
    a.k = K.p;
    a.v = V.p;
    a.o = O.p;
    a.lse = static_cast<float*>(L.p);
    a.q_stride = a.k_stride = a.v_stride = a.o_stride = attn::bshd_strides(64, 4, 128);
    a.lse_stride = attn::lse_strides(4, 64);
  }
};

void expect_error(attn::Arguments const& a, clc::Status want, char const* word, BadArgFixture& f,
                  attn::Options const& o = {}) {
  ASSERT_EQ(cudaMemset(f.O.p, 0xFF, f.O.bytes), cudaSuccess);
  ASSERT_EQ(cudaMemset(f.L.p, 0xFF, f.L.bytes), cudaSuccess);
  clc::Error const e = attn::run(a, nullptr, o);
  EXPECT_EQ(e.status, want) << e.what();
  EXPECT_NE(e.message.find(word), std::string::npos) << "message does not name '" << word << "': " << e.message;
  clc::Error const e2 = attn::can_implement(a, o);
  EXPECT_EQ(e2.status, want) << e2.what();
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::vector<unsigned char> h(f.O.bytes), hl(f.L.bytes);
  ASSERT_EQ(cudaMemcpy(h.data(), f.O.p, h.size(), cudaMemcpyDeviceToHost), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(hl.data(), f.L.p, hl.size(), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_TRUE(std::all_of(h.begin(), h.end(), [](unsigned char x) { return x == 0xFF; })) << "O was written";
  EXPECT_TRUE(std::all_of(hl.begin(), hl.end(), [](unsigned char x) { return x == 0xFF; })) << "LSE was written";
}

TEST(Attention, BadArgumentsWriteNothing) {
  CLC_REQUIRE_GPU();
  BadArgFixture f;
  using S = clc::Status;
  { auto a = f.a; a.head_dim = 96; expect_error(a, S::NotSupported, "head_dim", f); }
  { auto a = f.a; a.head_dim = 96; expect_error(a, S::NotSupported, "64, 128, 256", f); }
  { auto a = f.a; a.heads_kv = 3; expect_error(a, S::InvalidArgument, "heads_kv", f); }
  { auto a = f.a; a.heads_q = 0; expect_error(a, S::InvalidArgument, "heads_q", f); }
  { auto a = f.a; a.q = nullptr; expect_error(a, S::InvalidArgument, "q is a null", f); }
  { auto a = f.a; a.k = nullptr; expect_error(a, S::InvalidArgument, "k is a null", f); }
  { auto a = f.a; a.v = nullptr; expect_error(a, S::InvalidArgument, "v is a null", f); }
  { auto a = f.a; a.o = nullptr; expect_error(a, S::InvalidArgument, "o is a null", f); }
  { auto a = f.a; a.seqlen_q = -1; expect_error(a, S::InvalidArgument, "seqlen_q", f); }
  { auto a = f.a; a.seqlen_k = -5; expect_error(a, S::InvalidArgument, "seqlen_k", f); }
  { auto a = f.a; a.batch = 0; expect_error(a, S::InvalidArgument, "batch", f); }
  { auto a = f.a; a.q_stride.seq = -8; expect_error(a, S::InvalidArgument, "q_stride.seq", f); }
  { auto a = f.a; a.o = static_cast<char*>(f.O.p) + 1; expect_error(a, S::InvalidArgument, "o is not aligned", f); }
  { auto a = f.a; a.lse = reinterpret_cast<float*>(static_cast<char*>(f.L.p) + 2); expect_error(a, S::InvalidArgument, "lse", f); }
  { auto a = f.a; a.scale = -1.0f; expect_error(a, S::InvalidArgument, "scale", f); }
  { auto a = f.a; a.scale = NAN; expect_error(a, S::InvalidArgument, "scale", f); }
  { auto a = f.a; a.dtype = DType(7); expect_error(a, S::InvalidArgument, "dtype", f); }
  { auto a = f.a; a.cu_seqlens_q = static_cast<int const*>(f.L.p); expect_error(a, S::InvalidArgument, "cu_seqlens_k", f); }
  { auto a = f.a; a.cu_seqlens_q = a.cu_seqlens_k = static_cast<int const*>(f.L.p); a.total_q = -1;
    expect_error(a, S::InvalidArgument, "total_q", f); }
  { auto a = f.a; a.cu_seqlens_q = a.cu_seqlens_k = static_cast<int const*>(f.L.p); a.max_seqlen_k = -1;
    expect_error(a, S::InvalidArgument, "max_seqlen_k", f); }
  { attn::Options o; o.heads_per_section = -1; expect_error(f.a, S::InvalidArgument, "heads_per_section", f, o); }
  { attn::Options o; o.max_workers = -1; expect_error(f.a, S::InvalidArgument, "max_workers", f, o); }
  { attn::Options o; o.order = attn::TileOrder(9); expect_error(f.a, S::InvalidArgument, "options.order", f, o); }
  if (hopper()) {
    // Strides TMA cannot read, with the Sm90 kernel forced: named, NotSupported.
    { auto a = f.a; a.q_stride.seq = 4 * 128 + 1; attn::Options o; o.kernel = Kernel::Sm90;
      expect_error(a, S::NotSupported, "q_stride.seq", f, o); }
    { auto a = f.a; a.k_stride.dim = 2; a.k_stride.head = 256; a.k_stride.seq = 1024; attn::Options o; o.kernel = Kernel::Sm90;
      expect_error(a, S::NotSupported, "k_stride.dim", f, o); }
    { auto a = f.a; a.v = static_cast<char*>(const_cast<void*>(f.a.v)) + 2; a.seqlen_k = 63; attn::Options o; o.kernel = Kernel::Sm90;
      expect_error(a, S::NotSupported, "v's base address", f, o); }
    { attn::Options o; o.source = SourceKind::Hardware; expect_error(f.a, S::NotSupported, "Hardware", f, o); }
  }
}

//! cu_seqlens live on the device: malformed entries (decreasing, past the total, negative) must not
//! make the kernel touch memory outside the tensors. Guard zones around O and the LSE must survive,
//! and the launch must complete without a CUDA error (compute-sanitizer memcheck runs this test).
TEST(Attention, CuSeqlensContractClamps) {
  CLC_REQUIRE_GPU();
  int const total = 300, heads = 2, d = 64, guard = 4096;
  for (Kernel k : kernels()) {
    for (std::vector<int> const& cu : std::vector<std::vector<int>>{
             {0, 100, 50, 300}, {0, 250, 100000, 300}, {-7, 100, 200, 900}, {300, 0, 300, 0}, {0, 0, 0, 0}}) {
      SCOPED_TRACE(::testing::Message() << attn::to_string(k) << " cu = {" << cu[0] << "," << cu[1] << "," << cu[2]
                                        << "," << cu[3] << "}");
      std::size_t const elems = std::size_t(total) * heads * d;
      Buffer Q(elems * 2), K(elems * 2), V(elems * 2), O(elems * 2 + 2 * guard * 2), L((total * heads + 2 * guard) * 4),
          CU(cu.size() * 4);
      ASSERT_TRUE(Q.p && K.p && V.p && O.p && L.p && CU.p);
      fill_tensor<<<64, 256>>>(static_cast<std::uint16_t*>(Q.p), 1, total, heads, d, attn::bshd_strides(total, heads, d), 1, 1.0f, 1);
      fill_tensor<<<64, 256>>>(static_cast<std::uint16_t*>(K.p), 1, total, heads, d, attn::bshd_strides(total, heads, d), 1, 1.0f, 2);
      fill_tensor<<<64, 256>>>(static_cast<std::uint16_t*>(V.p), 1, total, heads, d, attn::bshd_strides(total, heads, d), 1, 1.0f, 3);
      CUDA_OK(cudaMemset(O.p, 0xFF, O.bytes));
      CUDA_OK(cudaMemset(L.p, 0xFF, L.bytes));
      CUDA_OK(cudaMemcpy(CU.p, cu.data(), cu.size() * 4, cudaMemcpyHostToDevice));
      attn::Arguments a;
      a.batch = 3;
      a.heads_q = a.heads_kv = heads;
      a.head_dim = d;
      a.q = Q.p;
      a.k = K.p;
      a.v = V.p;
      a.o = static_cast<std::uint16_t*>(O.p) + guard;
      a.lse = static_cast<float*>(L.p) + guard;
      a.q_stride = a.k_stride = a.v_stride = a.o_stride = attn::bshd_strides(total, heads, d);
      a.lse_stride.head = total;
      a.lse_stride.seq = 1;
      a.cu_seqlens_q = a.cu_seqlens_k = static_cast<int const*>(CU.p);
      a.max_seqlen_q = a.max_seqlen_k = 200;  // shorter than some clamped lengths: those rows are cut
      a.total_q = a.total_k = total;
      a.causal = true;
      attn::Options o;
      o.kernel = k;
      CLC_OK(attn::run(a, nullptr, o));
      CUDA_OK(cudaDeviceSynchronize());
      std::vector<std::uint16_t> ho(O.bytes / 2);
      std::vector<std::uint32_t> hl(L.bytes / 4);
      CUDA_OK(cudaMemcpy(ho.data(), O.p, O.bytes, cudaMemcpyDeviceToHost));
      CUDA_OK(cudaMemcpy(hl.data(), L.p, L.bytes, cudaMemcpyDeviceToHost));
      std::int64_t stray = 0;
      for (int i = 0; i < guard; ++i) {
        stray += ho[i] != 0xFFFF;
        stray += ho[ho.size() - 1 - i] != 0xFFFF;
        stray += hl[i] != 0xFFFFFFFFu;
        stray += hl[hl.size() - 1 - i] != 0xFFFFFFFFu;
      }
      EXPECT_EQ(stray, 0) << "the guard zones around O / LSE were written";
    }
  }
}

}  // namespace
