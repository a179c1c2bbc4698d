//! @file gemm_test.cu
//! @brief clc::gemm against a float64 reference on the GPU: random inputs (never zeros), outputs
//! poisoned with NaN before every run, every element checked (and the padding between rows left
//! untouched): all layouts, all types, batches, beta 0 and not, edge shapes, every work source,
//! clusters 1x1 and 2x1, both kernels, and argument errors that must touch nothing.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "clc/detail/stream_scratch.hpp"
#include "clc_test.hpp"
#include "gemm/debug.hpp"
#include "gemm/detail/problem.hpp"  // sm90_width_pairs
#include "gemm/gemm.hpp"

namespace {

using clc::GridMode;
using clc::SourceKind;
using clc::gemm::DType;
using clc::gemm::Kernel;
using clc::gemm::Layout;

// ---------------------------------------------------------------------------------------------------
// Device helpers: random fill, float64 reference.

__device__ float uniform_pm1(std::uint64_t i, std::uint32_t seed) {
  std::uint64_t x = i * 0x9E3779B97F4A7C15ull + seed * 0xD1B54A32D192ED03ull + 0x632BE59BD9B4E019ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  float const u = float(x >> 40) * (1.0f / 16777216.0f);  // [0, 1)
  float v = 2.0f * u - 1.0f;
  if (v == 0.0f) v = 0.5f;  // never zero
  return v;
}

__global__ void fill_kernel(void* p, std::size_t n, int type, std::uint32_t seed) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    float const v = uniform_pm1(i, seed);
    if (type == int(DType::BF16)) static_cast<__nv_bfloat16*>(p)[i] = __float2bfloat16(v);
    else if (type == int(DType::F16)) static_cast<__half*>(p)[i] = __float2half(v);
    else static_cast<float*>(p)[i] = v;
  }
}

__device__ double load_elem(void const* p, std::int64_t i, int type) {
  if (type == int(DType::BF16)) return double(__bfloat162float(static_cast<__nv_bfloat16 const*>(p)[i]));
  if (type == int(DType::F16)) return double(__half2float(static_cast<__half const*>(p)[i]));
  return double(static_cast<float const*>(p)[i]);
}

struct RefArgs {
  void const* a; void const* b; void const* c;
  int m, n, k, batch;
  int ab, cd;
  int a_row, b_row, d_row;
  std::int64_t lda, ldb, ldc, bsa, bsb, bsc;
  double alpha, beta;
  double* out;  // batch x m x n, row-major, dense
};

//! Float64 reference, 16 x 16 outputs per block through shared memory (each input element is read
//! once per block, whatever the layouts), so the large multi-tile cases stay cheap.
constexpr int kRefTile = 16;
__global__ void reference_kernel(RefArgs r) {
  __shared__ double sa[kRefTile][kRefTile + 1];
  __shared__ double sb[kRefTile][kRefTile + 1];
  int const z = int(blockIdx.z);
  int const tx = int(threadIdx.x), ty = int(threadIdx.y);
  int const i = int(blockIdx.y) * kRefTile + ty;
  int const j = int(blockIdx.x) * kRefTile + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < r.k; k0 += kRefTile) {
    {  // sa[ty][tx] = A(i0 + ty, k0 + tx); sb[ty][tx] = B(k0 + ty, j0 + tx)
      int const ai_row = int(blockIdx.y) * kRefTile + ty, ak = k0 + tx;
      sa[ty][tx] = ai_row < r.m && ak < r.k
                       ? load_elem(r.a, z * r.bsa + (r.a_row ? std::int64_t(ai_row) * r.lda + ak
                                                             : std::int64_t(ak) * r.lda + ai_row), r.ab)
                       : 0.0;
      int const bk = k0 + ty, bj = int(blockIdx.x) * kRefTile + tx;
      sb[ty][tx] = bk < r.k && bj < r.n
                       ? load_elem(r.b, z * r.bsb + (r.b_row ? std::int64_t(bk) * r.ldb + bj
                                                             : std::int64_t(bj) * r.ldb + bk), r.ab)
                       : 0.0;
    }
    __syncthreads();  // the chunk is complete before anyone reads it
#pragma unroll
    for (int kk = 0; kk < kRefTile; ++kk) acc += sa[ty][kk] * sb[kk][tx];
    __syncthreads();  // everyone has read the chunk before it is overwritten
  }
  if (i >= r.m || j >= r.n) return;
  double v = r.alpha * acc;
  if (r.beta != 0.0) {
    std::int64_t const ci = z * r.bsc + (r.d_row ? std::int64_t(i) * r.ldc + j : std::int64_t(j) * r.ldc + i);
    v += r.beta * load_elem(r.c, ci, r.cd);
  }
  r.out[(std::int64_t(z) * r.m + i) * r.n + j] = v;
}

//! Every element of D's buffer: inside the matrix it must match the reference within
//! eps * |want| + atol (NaN never does); outside (padding between rows and batches) it must still
//! hold the 0xFF poison. Counts go to `counts` [bad, touched padding, lowest bad index].
struct CheckArgs {
  void const* d;
  double const* ref;
  int m, n, batch, cd, d_row;
  std::int64_t ldd, bsd, total;
  double eps, atol;
  unsigned long long* counts;
};

__global__ void check_kernel(CheckArgs a) {
  for (std::int64_t idx = blockIdx.x * std::int64_t(blockDim.x) + threadIdx.x; idx < a.total;
       idx += std::int64_t(gridDim.x) * blockDim.x) {
    std::int64_t const z = idx / a.bsd;
    std::int64_t const rem = idx - z * a.bsd;
    std::int64_t const major = rem / a.ldd, minor = rem - (rem / a.ldd) * a.ldd;
    std::int64_t const i = a.d_row ? major : minor;
    std::int64_t const j = a.d_row ? minor : major;
    if (z < a.batch && i < a.m && j < a.n) {
      double const got = load_elem(a.d, idx, a.cd);
      double const want = a.ref[(z * a.m + i) * a.n + j];
      if (!(fabs(got - want) <= a.eps * fabs(want) + a.atol)) {
        atomicAdd(&a.counts[0], 1ull);
        atomicMin(&a.counts[2], static_cast<unsigned long long>(idx));
      }
    } else {
      bool const poison = a.cd == int(DType::F32)
                              ? static_cast<std::uint32_t const*>(a.d)[idx] == 0xFFFFFFFFu
                              : static_cast<std::uint16_t const*>(a.d)[idx] == 0xFFFFu;
      if (!poison) atomicAdd(&a.counts[1], 1ull);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Host side of one case.

struct Case {
  int m = 64, n = 64, k = 64, batch = 1;
  DType ab = DType::BF16;
  DType cd = DType::BF16;
  Layout la = Layout::RowMajor, lb = Layout::ColMajor, ld = Layout::RowMajor;
  float alpha = 1.0f, beta = 0.0f;
  clc::gemm::Options opts;
  clc::gemm::detail::Debug debug;  // no_tma_store: force the direct epilogue (through run_debug)
  int ld_pad = 8;         // extra elements per row / column beyond the round-up to 8
  bool align_ld = true;   // round leading dimensions up to 8 elements (TMA-readable)
  int a_offset = 0;       // elements added to A's base pointer (misalignment tests)
  std::int64_t batch_gap = 24;  // elements between batches
  int d_ld_extra = 0;     // elements added to D's (and C's) leading dimension only
  Kernel expect_kernel = Kernel::Auto;  // Auto = don't care
  bool corrupt = false;   // checker self-test: overwrite D(0, 0) and the padding after row 0 before checking
};

struct DeviceBuffer {
  void* p = nullptr;
  std::size_t bytes = 0;
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t b) : bytes(b) {
    if (cudaMalloc(&p, b == 0 ? 1 : b) != cudaSuccess) p = nullptr;
  }
  ~DeviceBuffer() { if (p) cudaFree(p); }
  DeviceBuffer(DeviceBuffer const&) = delete;
  DeviceBuffer& operator=(DeviceBuffer const&) = delete;
};

std::size_t esize(DType t) { return clc::gemm::size_of(t); }

std::int64_t round_ld(std::int64_t min_ld, Case const& c) {
  std::int64_t ld = min_ld;
  if (c.align_ld) ld = (ld + 7) / 8 * 8;
  return ld + c.ld_pad;
}

double host_elem(std::vector<unsigned char> const& h, std::int64_t i, DType t) {
  if (t == DType::F32) { float f; std::memcpy(&f, h.data() + 4 * i, 4); return f; }
  std::uint16_t u;
  std::memcpy(&u, h.data() + 2 * i, 2);
  if (t == DType::BF16) { std::uint32_t w = std::uint32_t(u) << 16; float f; std::memcpy(&f, &w, 4); return f; }
  __half_raw r; r.x = u; return double(__half2float(__half(r)));
}

struct Result {
  std::int64_t bad = 0;
  std::int64_t touched_padding = 0;
  std::string first_bad;
  clc::gemm::RunInfo info;
};

//! How a test launches the GEMM into the poisoned D (default: clc::gemm::run on the default stream);
//! it must leave D complete when it returns or after a device synchronisation.
using Launcher = std::function<void(clc::gemm::Arguments const& g, clc::gemm::Options const& opts, clc::gemm::RunInfo* info)>;

//! Runs the case and checks every element. Fails the current test on CUDA errors.
void run_case(Case const& c, Result* res, int repeats = 1, Launcher const& launch = {}) {
  ASSERT_TRUE(c.opts.kernel != Kernel::Sm90 || true);
  bool const a_row = c.la == Layout::RowMajor, b_row = c.lb == Layout::RowMajor, d_row = c.ld == Layout::RowMajor;
  std::int64_t const lda = round_ld(a_row ? c.k : c.m, c);
  std::int64_t const ldb = round_ld(b_row ? c.n : c.k, c);
  std::int64_t const ldd = round_ld(d_row ? c.n : c.m, c) + c.d_ld_extra;
  std::int64_t const a_elems = lda * (a_row ? c.m : c.k);
  std::int64_t const b_elems = ldb * (b_row ? c.k : c.n);
  std::int64_t const d_elems = ldd * (d_row ? c.m : c.n);
  std::int64_t const bsa = (a_elems + c.batch_gap + 7) / 8 * 8;
  std::int64_t const bsb = (b_elems + c.batch_gap + 7) / 8 * 8;
  std::int64_t const bsd = (d_elems + c.batch_gap + 7) / 8 * 8;
  std::int64_t const a_total = bsa * c.batch + c.a_offset;
  std::int64_t const b_total = bsb * c.batch;
  std::int64_t const d_total = bsd * c.batch;

  DeviceBuffer A(std::size_t(a_total) * esize(c.ab)), B(std::size_t(b_total) * esize(c.ab));
  DeviceBuffer C(std::size_t(d_total) * esize(c.cd)), D(std::size_t(d_total) * esize(c.cd));
  DeviceBuffer R(std::size_t(c.batch) * c.m * c.n * sizeof(double));
  ASSERT_TRUE(A.p && B.p && C.p && D.p && R.p) << "cudaMalloc failed";
  static std::uint32_t seed = 1;
  fill_kernel<<<256, 256>>>(A.p, std::size_t(a_total), int(c.ab), seed++);
  fill_kernel<<<256, 256>>>(B.p, std::size_t(b_total), int(c.ab), seed++);
  fill_kernel<<<256, 256>>>(C.p, std::size_t(d_total), int(c.cd), seed++);
  CUDA_OK(cudaGetLastError());

  clc::gemm::Arguments g;
  g.m = c.m; g.n = c.n; g.k = c.k; g.batch = c.batch;
  g.a_type = g.b_type = c.ab;
  g.c_type = g.d_type = c.cd;
  g.a = static_cast<unsigned char const*>(A.p) + std::size_t(c.a_offset) * esize(c.ab);
  g.layout_a = c.la; g.lda = lda; g.batch_stride_a = bsa;
  g.b = B.p; g.layout_b = c.lb; g.ldb = ldb; g.batch_stride_b = bsb;
  g.c = C.p; g.ldc = ldd; g.batch_stride_c = bsd;
  g.d = D.p; g.layout_d = c.ld; g.ldd = ldd; g.batch_stride_d = bsd;
  g.alpha = c.alpha; g.beta = c.beta;

  for (int rep = 0; rep < repeats; ++rep) {
    CUDA_OK(cudaMemset(D.p, 0xFF, D.bytes));  // NaN in every type
    if (launch)
      launch(g, c.opts, &res->info);
    else if (c.debug.no_tma_store || c.debug.no_fixup || c.debug.tail_whole_waves >= 0 || c.debug.swap_ab ||
             c.debug.no_swap || c.debug.no_fast)
      CLC_OK(clc::gemm::detail::run_debug(g, nullptr, c.opts, c.debug, &res->info));
    else
      CLC_OK(clc::gemm::run(g, nullptr, c.opts, &res->info));
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
  }
  if (c.expect_kernel != Kernel::Auto) {
    ASSERT_EQ(res->info.kernel, c.expect_kernel) << "ran " << clc::gemm::to_string(res->info.kernel)
                                                 << " (why portable: " << res->info.why_portable << ")";
  }

  RefArgs r{};
  r.a = g.a; r.b = g.b; r.c = g.c;
  r.m = c.m; r.n = c.n; r.k = c.k; r.batch = c.batch;
  r.ab = int(c.ab); r.cd = int(c.cd);
  r.a_row = a_row; r.b_row = b_row; r.d_row = d_row;
  r.lda = lda; r.ldb = ldb; r.ldc = ldd; r.bsa = bsa; r.bsb = bsb; r.bsc = bsd;
  r.alpha = c.alpha; r.beta = c.beta;
  r.out = static_cast<double*>(R.p);
  if (c.corrupt) {  // a huge value in D(0, 0) and a zero in the first padding element after row 0
    ASSERT_TRUE(d_row && ldd > c.n && c.batch == 1) << "the self-test needs row-major D with padding";
    CUDA_OK(cudaMemset(D.p, 0x7F, esize(c.cd)));
    CUDA_OK(cudaMemset(static_cast<unsigned char*>(D.p) + std::size_t(c.n) * esize(c.cd), 0, esize(c.cd)));
  }
  dim3 const ref_grid(unsigned((c.n + kRefTile - 1) / kRefTile), unsigned((c.m + kRefTile - 1) / kRefTile),
                      unsigned(c.batch));
  reference_kernel<<<ref_grid, dim3(kRefTile, kRefTile)>>>(r);
  CUDA_OK(cudaGetLastError());

  // Output rounding (2 ulps of the output type) plus fp32 accumulation-order slack.
  CheckArgs ck{};
  ck.d = D.p; ck.ref = static_cast<double const*>(R.p);
  ck.m = c.m; ck.n = c.n; ck.batch = c.batch; ck.cd = int(c.cd); ck.d_row = d_row;
  ck.ldd = ldd; ck.bsd = bsd; ck.total = d_total;
  ck.eps = c.cd == DType::BF16 ? 1.0 / 128 : c.cd == DType::F16 ? 1.0 / 1024 : 1e-6;
  ck.atol = 1e-5 * std::sqrt(double(c.k)) + (c.cd == DType::F32 ? 0.0 : ck.eps * 1e-2);
  DeviceBuffer counts(3 * sizeof(unsigned long long));
  ASSERT_TRUE(counts.p) << "cudaMalloc failed";
  unsigned long long const init[3] = {0ull, 0ull, ~0ull};
  CUDA_OK(cudaMemcpy(counts.p, init, sizeof(init), cudaMemcpyHostToDevice));
  ck.counts = static_cast<unsigned long long*>(counts.p);
  check_kernel<<<1024, 256>>>(ck);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  unsigned long long got_counts[3] = {};
  CUDA_OK(cudaMemcpy(got_counts, counts.p, sizeof(got_counts), cudaMemcpyDeviceToHost));
  res->bad = std::int64_t(got_counts[0]);
  res->touched_padding = std::int64_t(got_counts[1]);
  if (res->bad > 0) {  // name the first bad element: its position, its value and the reference's
    std::int64_t const di = std::int64_t(got_counts[2]);
    std::int64_t const z = di / bsd, rem = di - z * bsd;
    std::int64_t const i = d_row ? rem / ldd : rem % ldd, j = d_row ? rem % ldd : rem / ldd;
    std::vector<unsigned char> hd(esize(c.cd));
    double want = 0.0;
    CUDA_OK(cudaMemcpy(hd.data(), static_cast<unsigned char const*>(D.p) + di * esize(c.cd), esize(c.cd),
                       cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(&want, static_cast<double const*>(R.p) + (z * c.m + i) * c.n + j, sizeof(double),
                       cudaMemcpyDeviceToHost));
    res->first_bad = "batch " + std::to_string(z) + " (" + std::to_string(i) + ", " + std::to_string(j) +
                     "): got " + std::to_string(host_elem(hd, 0, c.cd)) + ", want " + std::to_string(want);
  }
}

std::string describe(Case const& c) {
  return std::to_string(c.batch) + "x" + std::to_string(c.m) + "x" + std::to_string(c.n) + "x" + std::to_string(c.k) +
         " A " + clc::gemm::to_string(c.la) + " B " + clc::gemm::to_string(c.lb) + " D " +
         clc::gemm::to_string(c.ld) + " " + clc::gemm::to_string(c.ab) + "->" + clc::gemm::to_string(c.cd) +
         " beta " + std::to_string(c.beta) + " kernel " + clc::gemm::to_string(c.opts.kernel) + " source " +
         clc::to_string(c.opts.source) + " cluster " + std::to_string(c.opts.cluster_m);
}

#define EXPECT_CASE(c)                                                                                 \
  do {                                                                                                \
    Result res_;                                                                                      \
    run_case((c), &res_);                                                                             \
    EXPECT_EQ(res_.bad, 0) << describe(c) << ": first bad element " << res_.first_bad << " (ran "     \
                           << clc::gemm::to_string(res_.info.kernel) << ", source "                   \
                           << clc::to_string(res_.info.source) << ")";                                \
    EXPECT_EQ(res_.touched_padding, 0) << describe(c) << ": wrote outside the matrix";                \
  } while (0)

bool is_hopper() {
  int major = 0, minor = 0;
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0);
  return major == 9 && minor == 0;
}

Kernel fast_kernel() { return is_hopper() ? Kernel::Sm90 : Kernel::Portable; }

//! The current device's SM count (the heuristics' tests are written for the H200's 132).
void current_sm_count(int* sms) {
  int dev = 0;
  CUDA_OK(cudaGetDevice(&dev));
  CUDA_OK(cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, dev));
}

// ---------------------------------------------------------------------------------------------------

TEST(Gemm, CheckerFindsAWrongElementAndAPaddingWrite) {
  CLC_REQUIRE_GPU();
  for (DType cd : {DType::BF16, DType::F32}) {
    Case c;
    c.m = 100; c.n = 90; c.k = 70; c.cd = cd;
    c.corrupt = true;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 1) << "the checker must find exactly the corrupted element: " << res.first_bad;
    EXPECT_NE(res.first_bad.find("(0, 0)"), std::string::npos) << res.first_bad;
    EXPECT_EQ(res.touched_padding, 1) << "the checker must find exactly the corrupted padding element";
  }
}

TEST(Gemm, AllLayouts_Bf16) {
  CLC_REQUIRE_GPU();
  for (Layout la : {Layout::RowMajor, Layout::ColMajor})
    for (Layout lb : {Layout::RowMajor, Layout::ColMajor})
      for (Layout ld : {Layout::RowMajor, Layout::ColMajor}) {
        Case c;
        c.m = 300; c.n = 520; c.k = 200;
        c.la = la; c.lb = lb; c.ld = ld;
        c.expect_kernel = fast_kernel();
        EXPECT_CASE(c);
      }
}

TEST(Gemm, AllTypes_BetaZeroAndNonZero) {
  CLC_REQUIRE_GPU();
  for (DType ab : {DType::BF16, DType::F16})
    for (DType cd : {DType::BF16, DType::F16, DType::F32})
      for (float beta : {0.0f, 0.75f}) {
        Case c;
        c.m = 200; c.n = 300; c.k = 130;
        c.ab = ab; c.cd = cd; c.beta = beta; c.alpha = 1.5f;
        c.lb = Layout::RowMajor;
        c.expect_kernel = fast_kernel();
        EXPECT_CASE(c);
      }
}

TEST(Gemm, Batches) {
  CLC_REQUIRE_GPU();
  for (Layout ld : {Layout::RowMajor, Layout::ColMajor}) {
    Case c;
    c.m = 130; c.n = 260; c.k = 96; c.batch = 3; c.ld = ld; c.beta = -0.5f;
    c.la = Layout::ColMajor;
    EXPECT_CASE(c);
    c.opts.kernel = Kernel::Portable;
    EXPECT_CASE(c);
  }
}

TEST(Gemm, EdgeShapes) {
  CLC_REQUIRE_GPU();
  struct Shape { int m, n, k; };
  Shape const shapes[] = {{1, 1, 1}, {1, 300, 64}, {300, 1, 64}, {7, 13, 1}, {127, 251, 509}, {129, 257, 65},
                          {50, 70, 30}, {128, 256, 64}, {3 * 128 + 1, 2 * 256 + 1, 5 * 64 + 1}, {256, 256, 8192}};
  for (Shape s : shapes) {
    for (Kernel kern : {Kernel::Auto, Kernel::Portable}) {
      Case c;
      c.m = s.m; c.n = s.n; c.k = s.k; c.opts.kernel = kern;
      c.lb = Layout::RowMajor;
      EXPECT_CASE(c);
    }
  }
}

TEST(Gemm, EverySourceAndCluster_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  for (SourceKind src : {SourceKind::Ticket, SourceKind::Static, SourceKind::Single})
    for (int cl : {1, 2})
      for (int m : {3 * 128 - 5, 4 * 128}) {  // odd and even number of M tiles
        Case c;
        c.m = m; c.n = 3 * 256 + 7; c.k = 320;
        c.opts.kernel = Kernel::Sm90; c.opts.source = src; c.opts.cluster_m = cl;
        c.lb = cl == 2 ? Layout::RowMajor : Layout::ColMajor;
        c.expect_kernel = Kernel::Sm90;
        EXPECT_CASE(c);
      }
}

//! Split-K: forced factors (up to one k-step per split), beta != 0 reading C, column-major D,
//! batches, fp16 in / fp32 out, 2x1 clusters, every source; each element against the reference.
TEST(Gemm, SplitK_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct V {
    int splits, batch, cluster;
    SourceKind src;
    DType ab, cd;
    Layout ld;
    float beta;
  };
  V const vs[] = {
      {2, 1, 1, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f},
      {3, 1, 2, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, 0.5f},
      {5, 3, 1, SourceKind::Static, DType::F16, DType::F32, Layout::RowMajor, 0.0f},
      {4, 2, 2, SourceKind::Single, DType::BF16, DType::F16, Layout::ColMajor, -1.0f},
      {16, 1, 1, SourceKind::Ticket, DType::F16, DType::F16, Layout::RowMajor, 0.25f},  // 16 k-steps: one each
  };
  for (V const& v : vs) {
    Case c;
    c.m = 3 * 128 - 9; c.n = 2 * 128 + 5; c.k = 16 * 64 - 3; c.batch = v.batch;
    c.ab = v.ab; c.cd = v.cd; c.ld = v.ld; c.alpha = 0.75f; c.beta = v.beta;
    c.opts.kernel = Kernel::Sm90; c.opts.source = v.src; c.opts.cluster_m = v.cluster; c.opts.split_k = v.splits;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << " split_k " << v.splits << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c) << ": wrote outside the matrix";
    EXPECT_EQ(res.info.splits, v.splits) << describe(c);
    EXPECT_FALSE(res.info.tma_store) << "split-K's reduction writes D directly";
  }
}

//! Split-K past 16: the heuristic's factor for a problem of one output tile and deep K (128x128x70000,
//! 1094 k-steps: more than 16 splits, up to half the SMs' worth), and forced factors up to kMaxSplitK
//! (128 splits of 130 k-steps, with beta != 0, a batch of 2 and every source); each element against the
//! reference.
TEST(Gemm, SplitKDeepFewTiles_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  {
    Case c;
    c.m = 128; c.n = 128; c.k = 70000;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_GT(res.info.splits, 16) << describe(c) << ": the heuristic kept 16 or fewer splits for one tile";
    EXPECT_LE(res.info.splits, clc::gemm::kMaxSplitK) << describe(c);
  }
  struct V {
    int splits;
    SourceKind src;
    float beta;
  };
  for (V const& v : {V{clc::gemm::kMaxSplitK, SourceKind::Ticket, 0.5f}, V{64, SourceKind::Static, 0.0f},
                     V{33, SourceKind::Single, -1.0f}}) {
    Case c;
    c.m = 128 + 7; c.n = 64 + 3; c.k = 130 * 64 - 5; c.batch = 2;
    c.alpha = 0.75f; c.beta = v.beta;
    c.opts.kernel = Kernel::Sm90; c.opts.source = v.src; c.opts.split_k = v.splits;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << " split_k " << v.splits << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c) << ": wrote outside the matrix";
    EXPECT_EQ(res.info.splits, v.splits) << describe(c);
  }
}

// Split tail: the clusters of the last, partial wave run as k-pieces after the whole tiles. Under
// Ticket and Static (resident workers) with the TMA-store epilogue (beta == 0, D rows TMA can store)
// each tile's last piece sums the others' partial sums in the kernel (the fixup); under Single, on the
// every-tile grid, with beta != 0 or a D TMA cannot store, and with Debug::no_fixup a second kernel
// reduces them (most cases below have D widths TMA cannot store and so check the second kernel; the
// in-kernel sum over several rounds is Gemm.TailFixupSmall_Sm90's). Forced on shapes with no full wave
// (every tile split) and with one full wave, with the whole waves split too (Debug::tail_whole_waves 0:
// several rounds of pieces per worker), every source, clusters 1x1 and 2x1, batches, beta != 0,
// column-major D, fp16 -> f32, a worker cap (many units per worker), 16 pieces; every element checked, twice.
TEST(Gemm, TailSplit_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct V {
    int m, n, k, batch, tile_n, cluster, tail, max_workers;
    SourceKind src;
    DType ab, cd;
    Layout ld;
    float beta;
    int whole_waves = -1;  // Debug::tail_whole_waves
    bool no_fixup = false;
    GridMode grid = GridMode::Default;
  };
  V const vs[] = {
      {3 * 128 - 9, 2 * 128 + 5, 16 * 64 - 3, 1, 128, 1, 3, 0, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f},
      {3 * 128 - 9, 2 * 128 + 5, 16 * 64 - 3, 1, 128, 2, 4, 0, SourceKind::Static, DType::BF16, DType::BF16, Layout::RowMajor, 0.5f},
      {2 * 128 + 1, 300, 700, 3, 256, 1, 5, 0, SourceKind::Single, DType::F16, DType::F32, Layout::ColMajor, -1.0f},
      {20 * 128 - 7, 9 * 128 - 20, 1000, 1, 128, 1, 4, 0, SourceKind::Ticket, DType::BF16, DType::F16, Layout::RowMajor, 0.0f},
      {20 * 128 - 7, 9 * 128 - 20, 1000, 1, 128, 2, 3, 0, SourceKind::Ticket, DType::F16, DType::F16, Layout::RowMajor, 0.25f},
      {20 * 128 - 7, 9 * 128 - 20, 1000, 1, 128, 2, 2, 0, SourceKind::Static, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f},
      {5 * 128, 3 * 128, 512, 2, 128, 1, 2, 3, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f},
      {5 * 128, 3 * 128, 512, 2, 128, 2, 8, 3, SourceKind::Static, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f},
      // every tile in pieces, several rounds of pieces per worker (the fixup's waits across rounds)
      {20 * 128 - 7, 9 * 128 - 20, 1000, 1, 128, 1, 3, 0, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f, 0},
      {20 * 128 - 7, 9 * 128 - 20, 1000, 1, 256, 2, 5, 0, SourceKind::Static, DType::F16, DType::F32, Layout::ColMajor, 0.5f, 0},
      {6 * 128 + 3, 4 * 256, 2048, 1, 256, 1, 16, 5, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, -1.0f, 0},
      // the second kernel under Ticket: Debug::no_fixup, and the every-tile grid
      {20 * 128 - 7, 9 * 128 - 20, 1000, 1, 128, 1, 4, 0, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f, -1, true},
      {3 * 128 - 9, 2 * 128 + 5, 16 * 64 - 3, 1, 128, 1, 3, 0, SourceKind::Ticket, DType::BF16, DType::BF16, Layout::RowMajor, 0.0f, -1, false, GridMode::EveryTile},
  };
  for (V const& v : vs) {
    Case c;
    c.m = v.m; c.n = v.n; c.k = v.k; c.batch = v.batch;
    c.ab = v.ab; c.cd = v.cd; c.ld = v.ld; c.alpha = 0.75f; c.beta = v.beta;
    c.opts.kernel = Kernel::Sm90; c.opts.source = v.src; c.opts.cluster_m = v.cluster; c.opts.tile_n = v.tile_n;
    c.opts.tail_split = v.tail; c.opts.max_workers = v.max_workers; c.opts.grid = v.grid;
    c.debug.tail_whole_waves = v.whole_waves;
    c.debug.no_fixup = v.no_fixup;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res, 2);
    std::string const what = describe(c) + " tail_split " + std::to_string(v.tail) + " tile_n " +
                             std::to_string(v.tile_n) + " whole waves " + std::to_string(v.whole_waves);
    EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
    EXPECT_EQ(res.info.tail_split, std::min(v.tail, (v.k + 63) / 64)) << what;
    EXPECT_GT(res.info.tail_tiles, 0) << what;
    EXPECT_EQ(res.info.splits, 1) << what;
    // Summed in the kernel: resident workers (Ticket, Static on the default grid) and the TMA-store
    // epilogue (beta == 0); else the second kernel.
    bool const fixup = v.src != SourceKind::Single && !v.no_fixup && v.grid != GridMode::EveryTile && v.beta == 0.0f &&
                       res.info.tma_store;
    EXPECT_EQ(res.info.tail_fixup, fixup) << what;
    if (v.whole_waves == 0) {  // every tile in pieces
      int const cm = v.cluster;
      int const tiles = ((v.m + 127) / 128 + cm - 1) / cm * cm * ((v.n + v.tile_n - 1) / v.tile_n) * v.batch;
      EXPECT_EQ(res.info.tail_tiles, tiles) << what;
    }
  }
  // Not together with split_k; out of range.
  Case c;
  c.opts.tail_split = 2;
  c.opts.split_k = 2;
  clc::gemm::Arguments g;
  g.m = g.n = g.k = 64;
  DeviceBuffer A(64 * 64 * 2), B(64 * 64 * 2), D(64 * 64 * 2);
  g.a = A.p; g.b = B.p; g.d = D.p; g.lda = g.ldb = g.ldd = 64;
  clc::Error const both = clc::gemm::can_implement(g, c.opts);
  EXPECT_EQ(both.status, clc::Status::InvalidArgument) << both.what();
  EXPECT_NE(both.what().find("tail_split"), std::string::npos) << both.what();
  c.opts.split_k = 0;
  c.opts.tail_split = 17;
  clc::Error const big = clc::gemm::can_implement(g, c.opts);
  EXPECT_NE(big.what().find("options.tail_split"), std::string::npos) << big.what();
}

//! The in-kernel fixup on small shapes (the GEMM subset of compute-sanitizer memcheck and synccheck in
//! scripts/gpu-check.sh): pieces in one and in several rounds, both sources, 1x1 and 2x1 clusters,
//! three workers for many pieces each, and beta != 0, where the second kernel sums them instead (the
//! in-kernel sum needs the TMA-store epilogue); every element checked.
TEST(Gemm, TailFixupSmall_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct V {
    int tile_n, cluster, tail, max_workers;
    SourceKind src;
    float beta;
    int whole_waves;
  };
  V const vs[] = {
      {128, 1, 3, 0, SourceKind::Ticket, 0.0f, -1}, {256, 2, 4, 0, SourceKind::Static, 0.5f, -1},
      {128, 1, 5, 3, SourceKind::Ticket, 0.0f, 0},  {256, 1, 2, 3, SourceKind::Static, -1.0f, 0},
  };
  for (V const& v : vs) {
    Case c;
    c.m = 3 * 128 - 9; c.n = 2 * 256 + 8; c.k = 12 * 64 - 3;  // D's rows 16-byte multiples: TMA can store D
    c.alpha = 0.75f; c.beta = v.beta;
    c.opts.kernel = Kernel::Sm90; c.opts.source = v.src; c.opts.cluster_m = v.cluster; c.opts.tile_n = v.tile_n;
    c.opts.tail_split = v.tail; c.opts.max_workers = v.max_workers;
    c.debug.tail_whole_waves = v.whole_waves;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res, 2);
    std::string const what = describe(c) + " tail_split " + std::to_string(v.tail) + " tile_n " + std::to_string(v.tile_n);
    EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
    EXPECT_EQ(res.info.tail_split, v.tail) << what;
    // beta != 0 (the direct epilogue): the second kernel sums the pieces
    EXPECT_EQ(res.info.tail_fixup, v.beta == 0.0f) << what;
  }
}

//! A second output for the launcher of a run_case: a poisoned buffer of D's size, `launch(g2)` with
//! g2 = g writing into it, then (after a device synchronisation) D's bytes in *first and the second
//! output's in *second, for a bit-for-bit comparison.
template <class F>
void with_second_output(clc::gemm::Arguments const& g, std::vector<unsigned char>* first,
                        std::vector<unsigned char>* second, F&& launch) {
  std::size_t const bytes = std::size_t(g.batch_stride_d) * std::size_t(g.batch) * esize(g.d_type);
  DeviceBuffer D2(bytes);
  ASSERT_TRUE(D2.p) << "cudaMalloc failed";
  CUDA_OK(cudaMemset(D2.p, 0xFF, bytes));
  clc::gemm::Arguments g2 = g;
  g2.d = D2.p;
  launch(g2);
  CUDA_OK(cudaDeviceSynchronize());
  first->resize(bytes);
  second->resize(bytes);
  CUDA_OK(cudaMemcpy(first->data(), g.d, bytes, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(second->data(), D2.p, bytes, cudaMemcpyDeviceToHost));
}

//! The split tail's workspace (its partial sums, the in-kernel sum's counters, the Ticket counters) is
//! reused without a memset or a synchronisation between launches: 1000 back-to-back launches on one
//! stream (the counters checked back at zero after them), 50 replays of a CUDA
//! graph that captured one launch, and 100 launches on each of two streams at once into two outputs
//! (the second compared bit for bit with the first, which is checked element by element).
TEST(Gemm, TailSplitRepeatedGraphTwoStreams_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  Case c;
  c.m = 20 * 128 - 7; c.n = 9 * 128 - 24; c.k = 1000;  // D's rows 16-byte multiples: the TMA store, the in-kernel sum
  c.opts.kernel = Kernel::Sm90; c.opts.source = SourceKind::Ticket; c.opts.cluster_m = 1; c.opts.tile_n = 128;
  c.opts.tail_split = 4;
  c.expect_kernel = Kernel::Sm90;
  auto expect_ok = [&](Result const& res, char const* what) {
    EXPECT_EQ(res.bad, 0) << describe(c) << " " << what << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c) << " " << what << ": wrote outside the matrix";
    EXPECT_EQ(res.info.tail_split, 4) << what;
    EXPECT_GT(res.info.tail_tiles, 0) << what;
  };
  {
    Result res;
    run_case(c, &res, 1, [](clc::gemm::Arguments const& g, clc::gemm::Options const& o, clc::gemm::RunInfo* info) {
      cudaStream_t s = nullptr;
      CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
      for (int i = 0; i < 1000; ++i) CLC_OK(clc::gemm::run(g, s, o, info));
      CUDA_OK(cudaStreamSynchronize(s));
      // At rest: the in-kernel sum's counters (the library's buffer for this stream) are all zero again.
      ASSERT_TRUE(info->tail_fixup) << "Ticket on the resident grid with the TMA-store epilogue sums the pieces in the kernel";
      void* flags = nullptr;
      CLC_OK(clc::detail::stream_flags(s, 1, &flags));
      ASSERT_NE(flags, nullptr);
      std::vector<int> host(std::size_t(info->tail_tiles) * 2, -1);
      CUDA_OK(cudaMemcpy(host.data(), flags, host.size() * sizeof(int), cudaMemcpyDeviceToHost));
      std::size_t nonzero = 0;
      for (int v : host) nonzero += v != 0 ? 1 : 0;
      EXPECT_EQ(nonzero, 0u) << "of " << host.size() << " split-tail counters after 1000 launches";
      CUDA_OK(cudaStreamDestroy(s));
    });
    expect_ok(res, "1000 back-to-back launches");
  }
  {
    Result res;
    run_case(c, &res, 1, [](clc::gemm::Arguments const& g, clc::gemm::Options const& o, clc::gemm::RunInfo* info) {
      cudaStream_t s = nullptr;
      CUDA_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
      CLC_OK(clc::gemm::run(g, s, o, info));  // the stream's workspaces exist before the capture
      CUDA_OK(cudaStreamSynchronize(s));
      cudaGraph_t graph = nullptr;
      cudaGraphExec_t exec = nullptr;
      CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
      CLC_OK(clc::gemm::run(g, s, o, info));
      CUDA_OK(cudaStreamEndCapture(s, &graph));
      CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
      for (int i = 0; i < 50; ++i) CUDA_OK(cudaGraphLaunch(exec, s));
      CUDA_OK(cudaStreamSynchronize(s));
      CUDA_OK(cudaGraphExecDestroy(exec));
      CUDA_OK(cudaGraphDestroy(graph));
      CUDA_OK(cudaStreamDestroy(s));
    });
    expect_ok(res, "50 graph replays");
  }
  {
    Result res;
    std::vector<unsigned char> first, second;
    run_case(c, &res, 1, [&](clc::gemm::Arguments const& g, clc::gemm::Options const& o, clc::gemm::RunInfo* info) {
      cudaStream_t s1 = nullptr, s2 = nullptr;
      CUDA_OK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
      CUDA_OK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
      with_second_output(g, &first, &second, [&](clc::gemm::Arguments const& g2) {
        clc::gemm::RunInfo info2;
        for (int i = 0; i < 100; ++i) {
          CLC_OK(clc::gemm::run(g, s1, o, info));
          CLC_OK(clc::gemm::run(g2, s2, o, &info2));
        }
      });
      CUDA_OK(cudaStreamDestroy(s1));
      CUDA_OK(cudaStreamDestroy(s2));
    });
    expect_ok(res, "two streams");
    ASSERT_EQ(first.size(), second.size());
    EXPECT_EQ(std::memcmp(first.data(), second.data(), first.size()), 0)
        << "the two streams' outputs differ (the fixed-order reduction makes them bit-identical)";
  }
}

//! Stream-K (Options::stream_k 2): the tiles past all whole waves but one (all of them with
//! Debug::tail_whole_waves 0) run as one unit per worker slot of equal k-steps laid across tile
//! boundaries; a tile cut between units is summed in the kernel by its last piece. Ticket and Static,
//! clusters 1x1 and 2x1, tile widths 64, 128 and 256, batches, fp16 -> fp32, K from 1 k-step (the units
//! fall on whole tiles: nothing cut) to 70000, worker caps 1, 3 and 7 (a unit then spans many tiles: many
//! segments per unit and several units per worker through the whole tiles); every element checked, and
//! a second run into another output compared bit for bit (the fixed summing order).
TEST(Gemm, StreamK_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct V {
    int m, n, k, batch, tile_n, cluster, max_workers;
    SourceKind src;
    DType ab, cd;
    int whole_waves;  // Debug::tail_whole_waves (-1: the plan's)
    bool cut;         // some tile is cut between units (else the units fall on whole tiles)
  };
  V const vs[] = {
      {3 * 128 - 9, 2 * 256 + 8, 12 * 64 - 3, 1, 256, 1, 0, SourceKind::Ticket, DType::BF16, DType::BF16, -1, true},
      {3 * 128 - 9, 2 * 256 + 8, 12 * 64 - 3, 1, 256, 2, 0, SourceKind::Static, DType::BF16, DType::BF16, -1, true},
      {20 * 128 - 7, 9 * 128 - 24, 1000, 1, 128, 1, 0, SourceKind::Ticket, DType::F16, DType::F32, 0, true},
      {20 * 128 - 7, 9 * 128 - 24, 1000, 1, 128, 2, 0, SourceKind::Ticket, DType::BF16, DType::BF16, 0, true},
      {20 * 128 - 7, 9 * 128 - 24, 1000, 2, 256, 1, 7, SourceKind::Static, DType::BF16, DType::F16, 0, true},
      {6 * 128 + 3, 4 * 256, 2048, 1, 256, 1, 3, SourceKind::Ticket, DType::BF16, DType::BF16, 0, true},
      {6 * 128 + 3, 4 * 256, 2048, 1, 256, 1, 1, SourceKind::Ticket, DType::BF16, DType::BF16, 0, false},  // one unit: nothing cut
      {5 * 128, 3 * 128 + 64, 4096 + 64, 1, 64, 1, 3, SourceKind::Static, DType::F16, DType::F16, -1, true},
      {100, 4 * 128, 70000, 1, 128, 1, 0, SourceKind::Ticket, DType::BF16, DType::F32, 0, true},
      {2 * 128, 2 * 128, 64, 1, 128, 1, 3, SourceKind::Ticket, DType::BF16, DType::BF16, 0, false},  // one k-step per tile
  };
  for (V const& v : vs) {
    Case c;
    c.m = v.m; c.n = v.n; c.k = v.k; c.batch = v.batch;
    c.ab = v.ab; c.cd = v.cd; c.alpha = 0.75f;
    c.opts.kernel = Kernel::Sm90; c.opts.source = v.src; c.opts.cluster_m = v.cluster; c.opts.tile_n = v.tile_n;
    c.opts.stream_k = 2; c.opts.max_workers = v.max_workers;
    c.debug.tail_whole_waves = v.whole_waves;
    c.expect_kernel = Kernel::Sm90;
    std::vector<unsigned char> first, second;
    Result res;
    run_case(c, &res, 1, [&](clc::gemm::Arguments const& g, clc::gemm::Options const& o, clc::gemm::RunInfo* info) {
      with_second_output(g, &first, &second, [&](clc::gemm::Arguments const& g2) {
        CLC_OK(clc::gemm::detail::run_debug(g2, nullptr, o, c.debug, info));
        CLC_OK(clc::gemm::detail::run_debug(g, nullptr, o, c.debug, info));
      });
    });
    std::string const what = describe(c) + " stream_k, tile_n " + std::to_string(v.tile_n) + " max_workers " +
                             std::to_string(v.max_workers) + " whole waves " + std::to_string(v.whole_waves);
    EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
    ASSERT_EQ(first.size(), second.size());
    EXPECT_EQ(std::memcmp(first.data(), second.data(), first.size()), 0) << what << ": two runs differ";
    EXPECT_EQ(res.info.splits, 1) << what;
    if (v.cut) {
      int const sms_or_cap = v.max_workers > 0 ? v.max_workers : 0;
      EXPECT_GT(res.info.stream_k_units, 0) << what;
      if (sms_or_cap > 0) EXPECT_LE(res.info.stream_k_units, sms_or_cap) << what;
      EXPECT_GE(res.info.tail_split, 2) << what;
      EXPECT_TRUE(res.info.tail_fixup) << what;
      if (v.whole_waves == 0) {  // every tile in the stream-K units
        int const cm = v.cluster;
        int const tiles = ((v.m + 127) / 128 + cm - 1) / cm * cm * ((v.n + v.tile_n - 1) / v.tile_n) * v.batch;
        EXPECT_EQ(res.info.tail_tiles, tiles) << what;
      }
    } else {
      EXPECT_EQ(res.info.stream_k_units, 0) << what << ": the units fall on whole tiles";
    }
  }
}

//! Stream-K on small shapes (the GEMM subset of compute-sanitizer memcheck and synccheck in
//! scripts/gpu-check.sh): Ticket with seven workers (units over several tiles), Static with 2x1 clusters.
TEST(Gemm, StreamKSmall_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct V { int tile_n, cluster, max_workers; SourceKind src; };
  for (V const& v : {V{128, 1, 7, SourceKind::Ticket}, V{256, 2, 0, SourceKind::Static}}) {
    Case c;
    c.m = 3 * 128 - 9; c.n = 2 * 256 + 8; c.k = 12 * 64 - 3;  // D's rows 16-byte multiples: TMA can store D
    c.alpha = 0.75f;
    c.opts.kernel = Kernel::Sm90; c.opts.source = v.src; c.opts.cluster_m = v.cluster; c.opts.tile_n = v.tile_n;
    c.opts.stream_k = 2; c.opts.max_workers = v.max_workers;
    c.debug.tail_whole_waves = 0;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res, 2);
    std::string const what = describe(c) + " stream_k tile_n " + std::to_string(v.tile_n);
    EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
    EXPECT_GT(res.info.stream_k_units, 0) << what;
    EXPECT_TRUE(res.info.tail_fixup) << what;
  }
}

//! What stream-K refuses, naming options.stream_k: out of range, together with split_k or tail_split,
//! and where the kernel cannot sum the pieces itself (Single, the every-tile grid, beta != 0, a D whose
//! rows TMA cannot write). Nothing is written: D keeps its poison.
TEST(Gemm, StreamKRefusals_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int const m = 256, n = 512, k = 1024;
  DeviceBuffer A(std::size_t(m) * k * 2), B(std::size_t(k) * n * 2), C(std::size_t(m) * n * 2), D(std::size_t(m) * (n + 3) * 2);
  ASSERT_TRUE(A.p && B.p && C.p && D.p) << "cudaMalloc failed";
  CUDA_OK(cudaMemset(D.p, 0xFF, D.bytes));
  clc::gemm::Arguments g;
  g.m = m; g.n = n; g.k = k;
  g.a = A.p; g.lda = k; g.b = B.p; g.layout_b = Layout::ColMajor; g.ldb = k; g.d = D.p; g.ldd = n;
  g.c = C.p; g.ldc = n;
  auto expect_refused = [&](clc::gemm::Arguments const& ga, clc::gemm::Options const& o, char const* what) {
    clc::Error const e = clc::gemm::run(ga, nullptr, o);
    EXPECT_EQ(e.status, clc::Status::InvalidArgument) << what << ": " << e.what();
    EXPECT_NE(e.what().find("options.stream_k"), std::string::npos) << what << ": " << e.what();
  };
  clc::gemm::Options o;
  o.kernel = Kernel::Sm90;
  o.stream_k = 3;
  expect_refused(g, o, "stream_k 3");
  o.stream_k = 2;
  o.split_k = 2;
  expect_refused(g, o, "with split_k");
  o.split_k = 0;
  o.tail_split = 3;
  expect_refused(g, o, "with tail_split");
  o.tail_split = 0;
  o.source = SourceKind::Single;
  expect_refused(g, o, "Single");
  o.source = SourceKind::Ticket;
  o.grid = GridMode::EveryTile;
  expect_refused(g, o, "every-tile grid");
  o.grid = GridMode::Default;
  clc::gemm::Arguments gb = g;
  gb.beta = 0.5f;
  expect_refused(gb, o, "beta != 0");
  clc::gemm::Arguments gd = g;
  gd.ldd = n + 3;  // rows of 1030 bytes: TMA cannot write D
  expect_refused(gd, o, "D rows TMA cannot write");
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<unsigned char> h(D.bytes);
  CUDA_OK(cudaMemcpy(h.data(), D.p, D.bytes, cudaMemcpyDeviceToHost));
  std::size_t touched = 0;
  for (unsigned char b : h) touched += b != 0xFF ? 1 : 0;
  EXPECT_EQ(touched, 0u) << "bytes of D written by refused launches";
}

//! Runs the default-option GEMM of m x n x k (bf16, A row-major, B `lb`, random inputs) twice into two
//! outputs and expects them bit for bit equal; `info` gets the second run's RunInfo.
void expect_reruns_bit_identical(int m, int n, int k, Layout lb, std::uint32_t seed, clc::gemm::RunInfo* info,
                                 std::string const& what, int tile_n = 0) {
  DeviceBuffer A(std::size_t(m) * k * 2), B(std::size_t(k) * n * 2), D1(std::size_t(m) * n * 2), D2(std::size_t(m) * n * 2);
  ASSERT_TRUE(A.p && B.p && D1.p && D2.p) << "cudaMalloc failed";
  fill_kernel<<<256, 256>>>(A.p, std::size_t(m) * k, int(DType::BF16), seed);
  fill_kernel<<<256, 256>>>(B.p, std::size_t(k) * n, int(DType::BF16), seed + 1);
  CUDA_OK(cudaGetLastError());
  clc::gemm::Arguments g;
  g.m = m; g.n = n; g.k = k;
  g.a = A.p; g.lda = k; g.b = B.p; g.layout_b = lb; g.ldb = lb == Layout::RowMajor ? n : k; g.d = D1.p; g.ldd = n;
  clc::gemm::Options o;
  o.tile_n = tile_n;
  CLC_OK(clc::gemm::run(g, nullptr, o, info));
  g.d = D2.p;
  CLC_OK(clc::gemm::run(g, nullptr, o, info));
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<unsigned char> h1(D1.bytes), h2(D2.bytes);
  CUDA_OK(cudaMemcpy(h1.data(), D1.p, D1.bytes, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(h2.data(), D2.p, D2.bytes, cudaMemcpyDeviceToHost));
  EXPECT_EQ(std::memcmp(h1.data(), h2.data(), h1.size()), 0) << what << ": results differ between two runs";
}

//! With 256-wide tiles the heuristic cuts the partial last wave of 2304 x 2304 x 3072 (162 tiles of 128 x 256
//! in 1x1 clusters on 132 SMs: one full wave and 30 tiles) into pieces; the result is bit-identical run to run.
TEST(Gemm, TailSplitHeuristicDeterministic_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int sms = 0;
  ASSERT_NO_FATAL_FAILURE(current_sm_count(&sms));
  if (sms != 132) GTEST_SKIP() << "the shape is chosen for 132 SMs (this device has " << sms << ")";
  Case c;
  c.m = 2304; c.n = 2304; c.k = 3072;
  c.opts.tile_n = 256;  // (the tile-width heuristic takes 192-wide tiles here: whole ones, no split tail)
  c.expect_kernel = Kernel::Sm90;
  Result res;
  run_case(c, &res);
  EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
  EXPECT_GT(res.info.tail_split, 1) << "the heuristic did not split the partial wave";
  EXPECT_GT(res.info.tail_tiles, 0);

  clc::gemm::RunInfo info;
  expect_reruns_bit_identical(2304, 2304, 3072, Layout::RowMajor, 91, &info, "the split tail", 256);
  EXPECT_GT(info.tail_split, 1);
}

//! With no whole wave of tiles the heuristic weighs every tile in k-pieces summed in the kernel (the
//! fixup; no second kernel) and stream-K against split-K and no split: the choice on 132 SMs for a
//! deep-K shape of 72 tiles (stream-K), a one-wave shape of 64 tiles (rows inside sectors: no split), decode-sized M with B
//! column-major, a 16-tile deep-K shape (split-K) and 1000^3 (no split); every element checked, and a
//! rerun bit-identical.
TEST(Gemm, TailFixupHeuristic_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int sms = 0;
  ASSERT_NO_FATAL_FAILURE(current_sm_count(&sms));
  if (sms != 132) GTEST_SKIP() << "the shapes are chosen for 132 SMs (this device has " << sms << ")";
  struct V {
    int m, n, k;
    Layout lb;
    char want;  // 'f': pieces summed in the kernel, 's': stream-K, 'k': split-K, 'n': no split
  };
  // (Case's leading dimensions are padded by 8 elements: at 1024x1024x4096 the rows of A and B then start
  // inside 32-byte sectors, and rows_off_sectors gives one wave of 64-wide tiles in 1x2 clusters, whole.)
  // 2304x2304x8192: one wave of 128 x 256 tiles and a fifth more, 128 k-steps (deep_k_stream_k in gemm.cpp).
  // (With 64 k-steps the rule stands back; with Case's padded rows that shape takes the off-sector rule's
  // 256-wide tiles and a split tail, so its boundary is held by the host test GemmPlan.DeepKStreamKOverOneWave.)
  for (V const& v : {V{1536, 1536, 12288, Layout::RowMajor, 's'}, V{1024, 1024, 4096, Layout::RowMajor, 'n'},
                     V{2304, 2304, 8192, Layout::RowMajor, 's'},
                     V{16, 4096, 8192, Layout::ColMajor, 'f'},
                     V{512, 512, 8192, Layout::RowMajor, 'k'}, V{1000, 1000, 1000, Layout::RowMajor, 'n'}}) {
    Case c;
    c.m = v.m; c.n = v.n; c.k = v.k; c.lb = v.lb;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res, 2);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c) << ": wrote outside the matrix";
    char const got = res.info.stream_k_units > 0 ? 's'
                     : res.info.tail_split > 1   ? (res.info.tail_fixup ? 'f' : 't')
                     : res.info.splits > 1       ? 'k'
                                                 : 'n';
    EXPECT_EQ(got, v.want) << describe(c) << ": tail_split " << res.info.tail_split << " splits " << res.info.splits;
    if (v.want == 'f' || v.want == 's')
      EXPECT_EQ(res.info.tail_tiles, ((v.m + 127) / 128) * ((v.n + res.info.tile_n - 1) / res.info.tile_n))
          << describe(c) << ": every tile in pieces";

    clc::gemm::RunInfo info;
    expect_reruns_bit_identical(v.m, v.n, v.k, v.lb, 93, &info, describe(c));
  }
}

//! The heuristic splits a problem of few tiles and long K (one M tile, 32 N tiles, 128 k-steps), and
//! the result is bit-identical run to run and with a caller-owned workspace.
TEST(Gemm, SplitKHeuristicDeterministicOwnWorkspace_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  Case c;
  c.m = 128; c.n = 4096; c.k = 8192;
  c.expect_kernel = Kernel::Sm90;
  Result res;
  run_case(c, &res);
  EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
  EXPECT_TRUE(res.info.splits > 1 || res.info.tail_split > 1)
      << "the heuristic did not split a 32-tile, 128-k-step problem";

  int const m = 128, n = 4096, k = 8192;
  DeviceBuffer A(std::size_t(m) * k * 2), B(std::size_t(k) * n * 2), D1(std::size_t(m) * n * 2), D2(std::size_t(m) * n * 2);
  ASSERT_TRUE(A.p && B.p && D1.p && D2.p) << "cudaMalloc failed";
  fill_kernel<<<256, 256>>>(A.p, std::size_t(m) * k, int(DType::BF16), 77);
  fill_kernel<<<256, 256>>>(B.p, std::size_t(k) * n, int(DType::BF16), 78);
  CUDA_OK(cudaGetLastError());
  clc::gemm::Arguments g;
  g.m = m; g.n = n; g.k = k;
  g.a = A.p; g.lda = k; g.b = B.p; g.ldb = n; g.d = D1.p; g.ldd = n;
  clc::gemm::Options o;
  o.split_k = 4;
  std::size_t bytes = 0;
  CLC_OK(clc::gemm::split_workspace_bytes(g, o, &bytes));
  EXPECT_EQ(bytes, std::size_t(4) * m * n * 4);
  DeviceBuffer W(bytes);
  ASSERT_TRUE(W.p) << "cudaMalloc failed";
  clc::gemm::RunInfo info;
  CLC_OK(clc::gemm::run(g, nullptr, o, &info));  // the library's buffer
  EXPECT_EQ(info.splits, 4);
  o.split_workspace = W.p;
  o.split_workspace_size = bytes - 4;
  g.d = D2.p;
  clc::Error const small = clc::gemm::run(g, nullptr, o, &info);
  EXPECT_EQ(small.status, clc::Status::InvalidArgument) << small.what();
  EXPECT_NE(small.what().find("split_workspace_size"), std::string::npos) << small.what();
  o.split_workspace_size = bytes;
  CLC_OK(clc::gemm::run(g, nullptr, o, &info));  // the caller's buffer
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<unsigned char> h1(D1.bytes), h2(D2.bytes);
  CUDA_OK(cudaMemcpy(h1.data(), D1.p, D1.bytes, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(h2.data(), D2.p, D2.bytes, cudaMemcpyDeviceToHost));
  EXPECT_EQ(std::memcmp(h1.data(), h2.data(), h1.size()), 0) << "split-K results differ between two runs";
}

// Source Auto on Hopper: Static when every (tile, split) unit gets a CTA in one wave, Ticket when
// there are more units than SMs (or than max_workers' CTAs); the output checked in both cases.
TEST(Gemm, AutoSourceOneWaveStaticElseTicket_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct Want {
    int m, n, k, max_workers;
    SourceKind source;
  };
  // 1024^3: 8 x 8 tiles of 128 x 128 (2x1 clusters), unsplit: 64 units. 4096^3: 32 x 16 tiles of 128 x 256.
  for (Want const& w : {Want{1024, 1024, 1024, 0, SourceKind::Static}, Want{4096, 4096, 512, 0, SourceKind::Ticket},
                        Want{1024, 1024, 1024, 8, SourceKind::Ticket}}) {
    Case c;
    c.m = w.m; c.n = w.n; c.k = w.k;
    c.opts.split_k = 1;
    c.opts.max_workers = w.max_workers;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.info.source, w.source) << describe(c) << " max_workers " << w.max_workers << ": Auto resolved to "
                                         << clc::to_string(res.info.source);
  }
}

//! M within one tile (decode-sized): A's TMA box has M rows rounded up to 8, the tile's other rows hold
//! whatever the stage held before; their accumulators must never reach D. M from 1 to 120 with split-K,
//! a forced 2x1 cluster (the padding CTA's box lies wholly past M), a split tail, the direct epilogue,
//! beta != 0, both tile widths and B in either order; every element checked.
//! The swapped problem (Debug::swap_ab, the diagnostic of clc-bench gemm --swap-ab): the kernel computes
//! B^T A^T and stores each tile transposed (kit::store_tile_tma_transposed, stmatrix .trans). Every tile
//! width (64, 128, 192 and 256: boxes of 64 rows), bf16 and fp16 D, M and N off every tile size, batches,
//! B in both layouts, every source with many tiles per worker, a split tail summed in the kernel (its last
//! piece stores transposed with the earlier pieces' sums); every element checked, padding untouched. The
//! refusals name the reason and leave D untouched.
TEST(Gemm, SwapAB_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct V {
    int m, n, k, batch, tile_n;
    DType cd;
    Layout lb;
    SourceKind src;
    int max_workers, tail;
  };
  V const vs[] = {
      {200, 296, 200, 1, 64, DType::BF16, Layout::ColMajor, SourceKind::Ticket, 0, 0},
      {777, 1000, 136, 1, 128, DType::F16, Layout::RowMajor, SourceKind::Static, 3, 0},
      {77, 4104, 520, 2, 192, DType::BF16, Layout::ColMajor, SourceKind::Single, 0, 0},
      {1000, 2056, 200, 1, 256, DType::BF16, Layout::RowMajor, SourceKind::Ticket, 7, 0},
      {16, 8192, 1024, 1, 64, DType::BF16, Layout::ColMajor, SourceKind::Static, 0, 0},
      {600, 2048, 1024, 1, 128, DType::BF16, Layout::RowMajor, SourceKind::Ticket, 0, 3},
      {777, 2048, 328, 1, 208, DType::BF16, Layout::RowMajor, SourceKind::Ticket, 3, 0},
      {3333, 1040, 264, 1, 224, DType::F16, Layout::ColMajor, SourceKind::Static, 7, 0},
      {200, 520, 136, 2, 208, DType::F16, Layout::ColMajor, SourceKind::Single, 0, 0},
  };
  for (V const& v : vs) {
    Case c;
    c.m = v.m; c.n = v.n; c.k = v.k; c.batch = v.batch; c.cd = v.cd; c.lb = v.lb; c.alpha = 1.25f;
    c.opts.kernel = Kernel::Sm90; c.opts.tile_n = v.tile_n; c.opts.source = v.src; c.opts.max_workers = v.max_workers;
    c.opts.tail_split = v.tail;
    c.debug.swap_ab = true;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res, 2);
    std::string const what = describe(c) + " tile_n " + std::to_string(v.tile_n) + " tail " + std::to_string(v.tail);
    EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
    EXPECT_TRUE(res.info.swapped) << what;
    EXPECT_TRUE(res.info.tma_store) << what;
    EXPECT_EQ(res.info.tile_n, v.tile_n) << what;
    if (v.tail > 1) EXPECT_TRUE(res.info.tail_fixup) << what;
  }
  // 208- and 224-wide tiles without the swap: B column-major (K-major), the direct epilogue.
  for (int tile_n : {208, 224}) {
    Case c;
    c.m = 300; c.n = 3 * tile_n + 24; c.k = 200; c.lb = Layout::ColMajor; c.cd = DType::F32; c.alpha = 0.75f;
    c.opts.kernel = Kernel::Sm90; c.opts.tile_n = tile_n; c.opts.source = SourceKind::Ticket; c.opts.max_workers = 2;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << " tile_n " << tile_n << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c);
    EXPECT_FALSE(res.info.tma_store) << describe(c);
    EXPECT_EQ(res.info.tile_n, tile_n);
    // B row-major (MN-major) is refused, D untouched (only the status and the name are checked here).
    clc::gemm::Arguments g;
    g.m = 256; g.n = 256; g.k = 64;
    DeviceBuffer A(256 * 64 * 2), B(64 * 256 * 2), D(256 * 256 * 2);
    ASSERT_TRUE(A.p && B.p && D.p);
    g.a = A.p; g.lda = 64; g.b = B.p; g.ldb = 256; g.d = D.p; g.ldd = 256;
    clc::gemm::Options o;
    o.kernel = Kernel::Sm90; o.tile_n = tile_n;
    clc::Error const e = clc::gemm::run(g, nullptr, o, nullptr);
    EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
    EXPECT_NE(e.message.find("tile_n " + std::to_string(tile_n)), std::string::npos) << e.message;
  }
  // Refusals: D column-major, fp32 D, beta != 0, A column-major, a forced 2x1 cluster or split-K.
  struct R {
    Layout la, ld;
    DType cd;
    float beta;
    int cluster, split;
    char const* what;
  };
  R const rs[] = {{Layout::RowMajor, Layout::ColMajor, DType::BF16, 0.0f, 0, 0, "column-major"},
                  {Layout::RowMajor, Layout::RowMajor, DType::F32, 0.0f, 0, 0, "16-bit"},
                  {Layout::RowMajor, Layout::RowMajor, DType::BF16, 0.5f, 0, 0, "beta"},
                  {Layout::ColMajor, Layout::RowMajor, DType::BF16, 0.0f, 0, 0, "A is column-major"},
                  {Layout::RowMajor, Layout::RowMajor, DType::BF16, 0.0f, 2, 0, "cluster_m"},
                  {Layout::RowMajor, Layout::RowMajor, DType::BF16, 0.0f, 0, 2, "split_k"}};
  for (R const& r : rs) {
    int const m = 256, n = 256, k = 128;
    DeviceBuffer A(std::size_t(m) * k * 2), B(std::size_t(k) * n * 2), C(std::size_t(m) * n * 4), D(std::size_t(m) * n * 4);
    ASSERT_TRUE(A.p && B.p && C.p && D.p);
    CUDA_OK(cudaMemset(A.p, 0, A.bytes));
    CUDA_OK(cudaMemset(B.p, 0, B.bytes));
    CUDA_OK(cudaMemset(D.p, 0x5A, D.bytes));
    clc::gemm::Arguments g;
    g.m = m; g.n = n; g.k = k;
    g.a = A.p; g.layout_a = r.la; g.lda = r.la == Layout::RowMajor ? k : m;
    g.b = B.p; g.ldb = n;
    g.c_type = g.d_type = r.cd;
    g.c = C.p; g.ldc = r.ld == Layout::RowMajor ? n : m;
    g.d = D.p; g.layout_d = r.ld; g.ldd = r.ld == Layout::RowMajor ? n : m;
    g.beta = r.beta;
    clc::gemm::Options o;
    o.cluster_m = r.cluster;
    o.split_k = r.split;
    clc::gemm::detail::Debug d;
    d.swap_ab = true;
    clc::Error const e = clc::gemm::detail::run_debug(g, nullptr, o, d, nullptr);
    EXPECT_EQ(e.status, clc::Status::InvalidArgument) << r.what << ": " << e.what();
    EXPECT_NE(e.message.find("swap_ab"), std::string::npos) << e.message;
    EXPECT_NE(e.message.find(r.what), std::string::npos) << e.message;
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<unsigned char> h(D.bytes);
    CUDA_OK(cudaMemcpy(h.data(), D.p, D.bytes, cudaMemcpyDeviceToHost));
    EXPECT_TRUE(std::all_of(h.begin(), h.end(), [](unsigned char x) { return x == 0x5A; })) << r.what << ": D was written";
  }
}

TEST(Gemm, ShortM_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  struct V {
    int m, n, k, tile_n, cluster, split, tail;
    Layout lb;
    bool direct;
    float beta;
  };
  V const vs[] = {
      {1, 1000, 1000, 128, 1, 1, 0, Layout::ColMajor, false, 0.0f},  {8, 4096, 2048, 128, 1, 2, 0, Layout::ColMajor, false, 0.0f},
      {17, 640, 3000, 256, 2, 1, 0, Layout::RowMajor, false, 0.5f}, {64, 2048, 1024, 128, 1, 4, 0, Layout::RowMajor, false, 0.0f},
      {100, 1500, 700, 128, 1, 1, 0, Layout::ColMajor, true, -1.0f}, {120, 9 * 256, 1024, 256, 1, 1, 3, Layout::ColMajor, false, 0.0f},
      {40, 1000, 1500, 192, 1, 3, 0, Layout::ColMajor, false, 0.0f},  {72, 700, 900, 192, 1, 1, 0, Layout::RowMajor, false, 0.0f},
  };
  for (V const& v : vs) {
    Case c;
    c.m = v.m; c.n = v.n; c.k = v.k; c.lb = v.lb; c.beta = v.beta;
    c.opts.kernel = Kernel::Sm90; c.opts.tile_n = v.tile_n; c.opts.cluster_m = v.cluster;
    c.opts.split_k = v.split; c.opts.tail_split = v.tail;
    c.opts.max_workers = 7;  // several units per worker: the stale rows differ from unit to unit
    c.debug.no_tma_store = v.direct;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res, 2);
    EXPECT_EQ(res.bad, 0) << describe(c) << " tile_n " << v.tile_n << " split " << v.split << ": first bad element "
                          << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c) << ": wrote outside the matrix";
  }
}

//! The tile-width and cluster heuristics of plan_sm90: 64-wide tiles where 128-wide ones fill less than half
//! of the SMs and 64-wide ones one wave, with rows of 32-byte multiples, never under a forced 2x1 cluster
//! (64-wide tiles run 1x1 only); with the rows of A and B inside 32-byte sectors the same in 1x2 clusters,
//! or 256-wide tiles in 2x1 clusters; every result checked element by element.
TEST(Gemm, AutoTileWidthAndCluster_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int sms = 0;
  ASSERT_NO_FATAL_FAILURE(current_sm_count(&sms));
  // 64-wide tiles where 128-wide ones fill less than half of the SMs and 64-wide ones fit in one wave, the
  // rows of A and B 32-byte multiples, no forced 2x1 cluster: `sms_for_64` is the fewest SMs with which
  // the shape gets them (0: never). Tight leading dimensions (`pad` 0, as torch gives them) unless named.
  struct Want {
    int m, n, k;
    Layout lb;
    int force_cluster;
    int sms_for_64;
    int pad;
  };
  for (Want const& w : {Want{100, 4096, 512, Layout::RowMajor, 0, 65, 0}, Want{100, 4096, 512, Layout::RowMajor, 2, 0, 0},
                        Want{100, 4096, 512, Layout::ColMajor, 0, 65, 0}, Want{1024, 1024, 1024, Layout::RowMajor, 0, 129, 0},
                        // rows of 2064 bytes (inside 32-byte sectors): 64-wide in 1x2 clusters
                        Want{1024, 1024, 1024, Layout::RowMajor, 0, 129, 8},
                        // rows of 2000 bytes (A's and B's inside 32-byte sectors): 64-wide in 1x2 clusters
                        Want{1000, 1000, 1000, Layout::RowMajor, 0, 129, 0},
                        Want{1000, 1000, 1000, Layout::RowMajor, 0, 129, 8},  // rows of 2016 bytes
                        Want{100, 16384, 512, Layout::RowMajor, 0, 257, 0}, Want{64, 4096, 512, Layout::RowMajor, 0, 65, 0}}) {
    bool const tile64 = w.sms_for_64 != 0 && sms >= w.sms_for_64;
    Case c;
    c.m = w.m; c.n = w.n; c.k = w.k;
    c.lb = w.lb;
    c.ld_pad = w.pad;
    c.opts.cluster_m = w.force_cluster;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.info.tile_n == 64, tile64) << describe(c) << " cluster " << w.force_cluster << " pad " << w.pad
                                             << ": tile width " << res.info.tile_n << " on " << sms << " SMs";
    if (res.info.tile_n == 64) EXPECT_EQ(res.info.cluster_m, 1) << describe(c);
    // rows_off_sectors (the rows of A and B start inside 32-byte sectors): A multicast in 1x2 clusters
    int const lda = (w.k + 7) / 8 * 8 + w.pad, ldb = w.lb == Layout::RowMajor ? (w.n + 7) / 8 * 8 + w.pad : lda;
    bool const off_sectors = (lda * 2) % 32 != 0 && (ldb * 2) % 32 != 0 && w.force_cluster == 0;
    if (res.info.tile_n == 64) EXPECT_EQ(res.info.cluster_n, off_sectors ? 2 : 1) << describe(c);
  }
  // Rows of A and B inside 32-byte sectors with two M tiles to pair: 256-wide tiles in 2x1 clusters
  // (3000 x 3000 x 1032: 288 such tiles, 17 k-steps); every element checked.
  {
    Case c;
    c.m = 3000; c.n = 3000; c.k = 1032;  // tight: rows of A 2064 bytes, of B 6000; 17 k-steps
    c.ld_pad = 0;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.info.tile_n, 256) << describe(c);
    EXPECT_EQ(res.info.cluster_m, 2) << describe(c);
  }
  // 192-wide tiles where 256-wide ones leave a poor last wave: 3072^3 is 288 tiles of 128 x 256 (3 waves
  // for 2.18 waves of work on 132 SMs), 384 of 128 x 192 (2.91 waves); whole tiles, 1x1 clusters.
  if (sms == 132) {
    Case c;
    c.m = 3072; c.n = 3072; c.k = 256;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.info.tile_n, 192) << describe(c);
    EXPECT_EQ(res.info.cluster_m, 1) << describe(c);
    EXPECT_EQ(res.info.tail_split, 1) << describe(c);
    c.opts.cluster_m = 2;  // a forced 2x1 cluster keeps 256-wide tiles
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.info.tile_n, 256) << describe(c);
  }
  // The operands swapped by the heuristic (auto_swap): every element checked, the padding untouched, the
  // swapped plan's width and 1x1 cluster, then the same with Debug::no_swap unswapped.
  auto expect_swapped = [&](Case c, int tile_n, bool fast) {
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c);
    EXPECT_TRUE(res.info.swapped) << describe(c);
    if (fast) EXPECT_TRUE(res.info.fast) << describe(c);
    EXPECT_EQ(res.info.tile_n, tile_n) << describe(c);
    EXPECT_EQ(res.info.cluster_m, 1) << describe(c);
    c.debug.no_swap = true;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": first bad element " << res.first_bad;
    EXPECT_FALSE(res.info.swapped) << describe(c) << " with Debug::no_swap";
  };
  if (sms == 132) {
    // The first rule: 777 rows are 4 tiles of 208 along the swapped problem's N, and 4224 columns 33
    // tiles of 128 along its M, one wave of 132.
    Case c;
    c.m = 777; c.n = 4224; c.k = 256;
    expect_swapped(c, 208, false);
    // The second rule (swap_whole_tiles in gemm.cpp): whole tiles in one wave against whole tiles with
    // idle SMs or a poor last tile along N. 6000x504x1024: 94 tiles of 128 x 256 unswapped, 128 of 128 x
    // 192 swapped; 6000x640x1024: two waves of 128 x 128 unswapped, 120 tiles of 128 x 256 swapped;
    // 5000x640x1024: 125 tiles of 128 x 208 swapped (under one wave: the first rule's 208 needs a whole
    // one). A and B row-major with tight leading dimensions, as torch.matmul gives them: the common
    // case's swapped kernel.
    struct W { int m, n, tile_n; };
    for (W const w : {W{6000, 504, 192}, W{6000, 640, 256}, W{5000, 640, 208}}) {
      Case d;
      d.m = w.m; d.n = w.n; d.k = 1024;
      d.lb = Layout::RowMajor;
      d.ld_pad = 0;
      expect_swapped(d, w.tile_n, true);
    }
  }
}

//! The common case's kernels (kSm90Fast; branch wip/fast-path): A and B row-major, D of their type through
//! the TMA store, whole tiles. Every tile width (64, 128, 192, 256) in 1x1 and, where it pairs, 2x1 clusters,
//! Ticket, Static and Single with several tiles per worker, bf16 and fp16, a batch of 2 with M off the tile
//! (and M = 40: A's short box), N off the tile: every element checked and the padding untouched, RunInfo::fast
//! set; then the same case with Debug::no_fast (the general kernel, RunInfo::fast clear); the swapped problem
//! of row-major A and B (kSm90FastSwap: 128-, 208- and 224-wide tiles) likewise; and the cases the fast
//! kernels do not take (B column-major, an fp32 D, beta != 0, forced split-K, a forced split tail).
TEST(Gemm, FastKernel_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int i = 0;
  for (int tile_n : {64, 128, 192, 256})
    for (int cl : {1, 2}) {
      if (cl == 2 && !clc::gemm::detail::sm90_width_pairs(tile_n)) continue;
      SourceKind const src = i % 3 == 0 ? SourceKind::Ticket : i % 3 == 1 ? SourceKind::Static : SourceKind::Single;
      Case c;
      c.m = i % 2 == 0 ? 600 : 40;
      c.n = 3 * tile_n + 24;
      c.k = 200;
      c.batch = 2;
      c.ab = c.cd = i % 2 == 0 ? DType::BF16 : DType::F16;
      c.lb = Layout::RowMajor;
      c.alpha = 1.5f;
      c.opts.kernel = Kernel::Sm90;
      c.opts.tile_n = tile_n;
      c.opts.cluster_m = cl;
      c.opts.source = src;
      c.opts.max_workers = 3;
      c.opts.split_k = 1;
      c.opts.tail_split = 1;
      c.opts.stream_k = 1;
      c.expect_kernel = Kernel::Sm90;
      std::string const what = describe(c) + " tile_n " + std::to_string(tile_n) + " cluster " + std::to_string(cl);
      Result res;
      run_case(c, &res);
      EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
      EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
      EXPECT_TRUE(res.info.fast) << what;
      EXPECT_EQ(res.info.tile_n, tile_n) << what;
      c.debug.no_fast = true;
      run_case(c, &res);
      EXPECT_EQ(res.bad, 0) << what << " no_fast: first bad element " << res.first_bad;
      EXPECT_FALSE(res.info.fast) << what << " no_fast";
      ++i;
    }
  // The swapped problem of row-major A and B (Debug::swap_ab; kSm90FastSwap): 1x1 clusters, 128-, 192-, 208-,
  // 224- and 256-wide tiles, several tiles per worker, fp16 and bf16.
  for (int tile_n : {128, 192, 208, 224, 256}) {
    Case c;
    c.m = 777; c.n = 1040; c.k = 264;
    c.ab = c.cd = tile_n == 208 ? DType::F16 : DType::BF16;
    c.lb = Layout::RowMajor;
    c.alpha = 1.25f;
    c.opts.kernel = Kernel::Sm90;
    c.opts.tile_n = tile_n;
    c.opts.source = tile_n == 224 ? SourceKind::Static : SourceKind::Ticket;
    c.opts.max_workers = 3;
    c.debug.swap_ab = true;
    c.expect_kernel = Kernel::Sm90;
    std::string const what = describe(c) + " swapped, tile_n " + std::to_string(tile_n);
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
    EXPECT_TRUE(res.info.swapped) << what;
    EXPECT_TRUE(res.info.fast) << what;
    EXPECT_EQ(res.info.tile_n, tile_n) << what;
    c.debug.no_fast = true;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << what << " no_fast: first bad element " << res.first_bad;
    EXPECT_TRUE(res.info.swapped) << what << " no_fast";
    EXPECT_FALSE(res.info.fast) << what << " no_fast";
  }
  struct N {
    Layout lb;
    DType cd;
    float beta;
    int split, tail;
    char const* what;
  };
  for (N const& x : {N{Layout::ColMajor, DType::BF16, 0.0f, 1, 1, "B column-major"},
                     N{Layout::RowMajor, DType::F32, 0.0f, 1, 1, "fp32 D"},
                     N{Layout::RowMajor, DType::BF16, 0.5f, 1, 1, "beta"},
                     N{Layout::RowMajor, DType::BF16, 0.0f, 2, 1, "split-K"},
                     N{Layout::RowMajor, DType::BF16, 0.0f, 1, 2, "split tail"}}) {
    Case c;
    c.m = 600; c.n = 520; c.k = 512;
    c.lb = x.lb; c.cd = x.cd; c.beta = x.beta;
    c.opts.kernel = Kernel::Sm90;
    c.opts.split_k = x.split;
    c.opts.tail_split = x.tail;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << x.what << ": first bad element " << res.first_bad;
    EXPECT_FALSE(res.info.fast) << x.what;
  }
}

TEST(Gemm, TileWidthsAndEpilogues_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int i = 0;
  for (int tile_n : {64, 128, 192, 256})
    for (int cl : {1, 2})
      for (DType cd : {DType::BF16, DType::F32})
        for (int mode : {0, 1, 2}) {  // 0: TMA store; 1: direct (forced); 2: beta != 0 (direct, reads C)
          if (cl == 2 && !clc::gemm::detail::sm90_width_pairs(tile_n)) continue;  // 64- and 192-wide: 1x1 only
          Case c;
          // M and N multiples of 8 (rows of 16 bytes whichever layout D has: TMA-storable), tiles partial.
          c.m = 3 * 128 - 8; c.n = 2 * tile_n + 40; c.k = 200; c.batch = 1 + (i % 3 == 0 ? 1 : 0);
          c.cd = cd; c.alpha = 1.25f; c.beta = mode == 2 ? -0.5f : 0.0f;
          c.la = (i & 1) ? Layout::ColMajor : Layout::RowMajor;
          c.lb = (i & 2) ? Layout::RowMajor : Layout::ColMajor;
          c.ld = (i % 5 == 4) ? Layout::ColMajor : Layout::RowMajor;
          c.opts.kernel = Kernel::Sm90; c.opts.cluster_m = cl; c.opts.tile_n = tile_n;
          c.debug.no_tma_store = mode == 1;
          c.expect_kernel = Kernel::Sm90;
          ++i;
          Result res;
          run_case(c, &res);
          EXPECT_EQ(res.bad, 0) << describe(c) << " tile_n " << tile_n << " mode " << mode << ": " << res.first_bad;
          EXPECT_EQ(res.touched_padding, 0) << describe(c) << " tile_n " << tile_n << " mode " << mode;
          EXPECT_EQ(res.info.tile_n, tile_n);
          EXPECT_EQ(res.info.tma_store, mode == 0) << describe(c) << " mode " << mode;
        }
  {
    Case c;  // D's leading dimension not a multiple of 16 bytes: the direct epilogue, still on Sm90
    c.m = 200; c.n = 304; c.k = 96; c.d_ld_extra = 1;
    c.opts.kernel = Kernel::Sm90;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0);
    EXPECT_FALSE(res.info.tma_store);
  }
  for (int n : {301, 302, 1}) {
    Case c;  // rows of D not a multiple of 16 bytes (N = 301, 302 bf16): direct epilogue, nothing past N
    c.m = 130; c.n = n; c.k = 64;
    c.opts.kernel = Kernel::Sm90;
    c.expect_kernel = Kernel::Sm90;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << describe(c) << ": " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << describe(c);
    EXPECT_FALSE(res.info.tma_store);
  }
  {
    Case c;  // a small problem takes 64- or 128-wide tiles, a large one 256-wide (the heuristic); 1x1 clusters
    c.m = 1024; c.n = 1024; c.k = 64;  // (one k-step per worker: a 2x1 cluster would not pay)
    c.ld_pad = 0;  // rows of 32-byte multiples (64-wide tiles need them)
    int sms = 0;
    ASSERT_NO_FATAL_FAILURE(current_sm_count(&sms));
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << res.first_bad;
    // 128 tiles of 128 x 64 fit one wave (and 64 of 128 x 128 fill less than half of it) from 129 SMs on
    EXPECT_EQ(res.info.tile_n, sms > 128 ? 64 : 128) << sms << " SMs";
    EXPECT_EQ(res.info.cluster_m, 1);
    EXPECT_TRUE(res.info.tma_store);
  }
}

// ---------------------------------------------------------------------------------------------------
// Many tiles per worker: the persistent path (accumulators reset per tile, ring phases carried from
// tile to tile, epilogue buffers reused) checked element by element. More than 8 x 132 tiles, and
// the launched workers capped at 1, 3 and 7 clusters so that each runs hundreds of tiles; K of three
// k-tiles (the last one partial) so that the ring's stage and phase differ from tile to tile.

struct ManyTilesVariant {
  SourceKind source;
  int max_workers;  // 0: Single (one launch slot per tile; the cap does not apply)
};
constexpr ManyTilesVariant kManyTilesVariants[] = {
    {SourceKind::Ticket, 1}, {SourceKind::Ticket, 3}, {SourceKind::Ticket, 7}, {SourceKind::Static, 1},
    {SourceKind::Static, 3}, {SourceKind::Static, 7}, {SourceKind::Single, 0}};

//! Runs `c` under each source and worker cap and checks that the cap held (so each worker really ran
//! many tiles) besides every element. `single_slots`: the launch slots Single must launch (default: the
//! tiles, with a 2x1 cluster's padding row of every 33 M tiles).
void expect_many_tiles(Case c, std::int64_t tiles, std::string const& what, std::int64_t single_slots = -1) {
  if (single_slots < 0) single_slots = tiles + (c.opts.cluster_m == 2 ? tiles / 33 : 0);
  for (ManyTilesVariant v : kManyTilesVariants) {
    c.opts.source = v.source;
    c.opts.max_workers = v.max_workers;
    Result res;
    run_case(c, &res);
    std::string const label = describe(c) + " " + what + " max_workers " + std::to_string(v.max_workers);
    EXPECT_EQ(res.bad, 0) << label << ": first bad element " << res.first_bad;
    EXPECT_EQ(res.touched_padding, 0) << label << ": wrote outside the matrix";
    EXPECT_EQ(res.info.source, v.source) << label;
    if (v.max_workers > 0)
      EXPECT_EQ(res.info.launch.workers, v.max_workers) << label << ": the worker cap did not hold";
    else
      EXPECT_EQ(res.info.launch.workers * std::max(c.opts.cluster_m, 1) * std::max(c.opts.cluster_n, 1), single_slots)
          << label << ": Single launches one slot per tile";
    if (c.opts.cluster_n == 2) EXPECT_EQ(res.info.cluster_n, 2) << label;
  }
}

TEST(Gemm, ManyTilesPerWorker_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int i = 0;
  for (int tile_n : {64, 128, 192, 256})
    for (int cl : {1, 2})
      for (bool tma_store : {true, false}) {  // false: beta != 0, the direct epilogue (reads C)
        if (cl == 2 && !clc::gemm::detail::sm90_width_pairs(tile_n)) continue;  // 64- and 192-wide: 1x1 only
        Case c;
        c.m = 33 * 128 - 3;  // 33 M tiles, the last partial (with 2x1 clusters one CTA of the last pair idles)
        c.n = 32 * 256 + 8;  // 33 (tile 256) or 65 (tile 128) N tiles, the last of 8 columns
        c.k = 136;           // 3 k-tiles, the last partial
        c.cd = i % 3 == 0 ? DType::F32 : (i % 3 == 1 ? DType::BF16 : DType::F16);
        c.ab = (i & 4) ? DType::F16 : DType::BF16;
        c.alpha = 1.25f;
        c.beta = tma_store ? 0.0f : -0.5f;
        c.la = (i & 1) ? Layout::ColMajor : Layout::RowMajor;
        c.lb = (i & 2) ? Layout::RowMajor : Layout::ColMajor;
        c.opts.kernel = Kernel::Sm90; c.opts.cluster_m = cl; c.opts.tile_n = tile_n;
        c.expect_kernel = Kernel::Sm90;
        ++i;
        std::int64_t const tiles = 33 * std::int64_t((c.n + tile_n - 1) / tile_n);
        ASSERT_GT(tiles, 8 * 132);
        expect_many_tiles(c, tiles, "tile_n " + std::to_string(tile_n) + (tma_store ? " tma-store" : " direct"));
      }
}

// 1x2 clusters (Options::cluster_n 2): two neighbouring N tiles of one M tile, each CTA loading one half of A
// (64 rows K-major, one 64-wide chunk MN-major) and multicasting it into both. Odd N-tile counts (the padding
// CTA past N loads zeros for its peer and stores nothing), M of one partial tile and M of 40 (the second half
// of A wholly past M), every layout of A and B (the common case's kernel for row-major A and B), both
// epilogues, fp32 D, batches, every source; then many tiles per worker.
TEST(Gemm, ClusterPairsAlongN_Sm90) {
  CLC_REQUIRE_GPU();
  if (!is_hopper()) GTEST_SKIP() << "the Sm90 kernel needs an sm_90 device";
  int i = 0;
  for (int tile_n : {64, 128})
    for (int layouts = 0; layouts < 4; ++layouts)
      for (int mode : {0, 1}) {  // 0: TMA store, D of the operands' type; 1: beta != 0 (the direct epilogue)
        SourceKind const src = i % 3 == 0 ? SourceKind::Ticket : i % 3 == 1 ? SourceKind::Static : SourceKind::Single;
        Case c;
        c.m = i % 2 == 0 ? 3 * 128 - 8 : 40;
        c.n = 4 * tile_n + 24;  // 5 N tiles: the third pair's second CTA lies past N
        c.k = 200;
        c.batch = 1 + (i % 3 == 0 ? 1 : 0);
        c.ab = (i & 1) ? DType::F16 : DType::BF16;
        c.cd = mode == 1 && (i & 2) ? DType::F32 : c.ab;
        c.la = (layouts & 1) ? Layout::ColMajor : Layout::RowMajor;
        c.lb = (layouts & 2) ? Layout::ColMajor : Layout::RowMajor;
        c.alpha = 1.25f;
        c.beta = mode == 1 ? -0.5f : 0.0f;
        c.opts.kernel = Kernel::Sm90;
        c.opts.tile_n = tile_n;
        c.opts.cluster_n = 2;
        c.opts.source = src;
        c.opts.max_workers = src == SourceKind::Single ? 0 : 1 + 2 * (i % 2);
        c.expect_kernel = Kernel::Sm90;
        ++i;
        std::string const what = describe(c) + " tile_n " + std::to_string(tile_n) + " cluster 1x2 mode " +
                                 std::to_string(mode);
        Result res;
        run_case(c, &res);
        EXPECT_EQ(res.bad, 0) << what << ": first bad element " << res.first_bad;
        EXPECT_EQ(res.touched_padding, 0) << what << ": wrote outside the matrix";
        EXPECT_EQ(res.info.cluster_n, 2) << what;
        EXPECT_EQ(res.info.cluster_m, 1) << what;
        EXPECT_EQ(res.info.tile_n, tile_n) << what;
        EXPECT_EQ(res.info.source, src) << what;
        EXPECT_EQ(res.info.tma_store, mode == 0) << what;
        EXPECT_EQ(res.info.fast, mode == 0 && c.la == Layout::RowMajor && c.lb == Layout::RowMajor) << what;
      }
  for (int tile_n : {64, 128}) {
    Case c;
    c.m = 33 * 128 - 3;  // 33 M tiles, the last partial
    c.n = 32 * 128 + 8;  // 33 (tile 128) or 65 (tile 64) N tiles: the last pair of each row has one past N
    c.k = 136;           // 3 k-tiles, the last partial
    c.lb = tile_n == 64 ? Layout::RowMajor : Layout::ColMajor;  // the common case's kernel, the general one
    c.ab = tile_n == 64 ? DType::BF16 : DType::F16;
    c.cd = c.ab;
    c.alpha = 1.25f;
    c.opts.kernel = Kernel::Sm90;
    c.opts.tile_n = tile_n;
    c.opts.cluster_n = 2;
    c.expect_kernel = Kernel::Sm90;
    std::int64_t const nt = (c.n + tile_n - 1) / tile_n;
    std::int64_t const tiles = 33 * nt;
    ASSERT_GT(tiles, 8 * 132);
    expect_many_tiles(c, tiles, "tile_n " + std::to_string(tile_n) + " cluster 1x2", 33 * (nt + 1));
  }
}

TEST(Gemm, ManyTilesPerWorker_Portable) {
  CLC_REQUIRE_GPU();
  Case c;
  c.m = 33 * 128 - 3; c.n = 32 * 128 + 8; c.k = 72;  // 33 x 33 tiles of 128 x 128; k-tiles of 32, the last partial
  c.beta = 0.5f;
  c.la = Layout::ColMajor;
  c.opts.kernel = Kernel::Portable;
  c.expect_kernel = Kernel::Portable;
  c.opts.cluster_m = 1;
  expect_many_tiles(c, 33 * 33, "portable");
}

TEST(Gemm, EverySource_Portable) {
  CLC_REQUIRE_GPU();
  for (SourceKind src : {SourceKind::Ticket, SourceKind::Static, SourceKind::Single}) {
    Case c;
    c.m = 300; c.n = 400; c.k = 100;
    c.opts.kernel = Kernel::Portable; c.opts.source = src;
    c.expect_kernel = Kernel::Portable;
    EXPECT_CASE(c);
  }
}

TEST(Gemm, LargeClustered_RepeatedLaunches) {
  CLC_REQUIRE_GPU();
  Case c;
  c.m = 2048; c.n = 2048; c.k = 2048; c.beta = 1.0f;
  c.opts.cluster_m = is_hopper() ? 2 : 0;
  Result res;
  run_case(c, &res, /*repeats=*/3);
  EXPECT_EQ(res.bad, 0) << describe(c) << ": " << res.first_bad;
  EXPECT_EQ(res.touched_padding, 0);
}

TEST(Gemm, UnalignedOperandsTakeTheSlowerPath) {
  CLC_REQUIRE_GPU();
  {
    Case c;  // leading dimensions not multiples of 8 elements
    c.m = 100; c.n = 90; c.k = 77; c.align_ld = false; c.ld_pad = 1;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << res.first_bad;
    EXPECT_EQ(res.info.kernel, Kernel::Portable);
    if (is_hopper()) EXPECT_NE(res.info.why_portable.find("ld"), std::string::npos) << res.info.why_portable;
  }
  for (Layout la : {Layout::RowMajor, Layout::ColMajor}) {
    Case c;  // A's base 2 bytes past a 16-byte boundary
    c.m = 100; c.n = 90; c.k = 80; c.a_offset = 1; c.la = la;
    Result res;
    run_case(c, &res);
    EXPECT_EQ(res.bad, 0) << res.first_bad;
    EXPECT_EQ(res.info.kernel, Kernel::Portable);
    if (is_hopper()) EXPECT_NE(res.info.why_portable.find("A"), std::string::npos) << res.info.why_portable;
  }
}

// ---------------------------------------------------------------------------------------------------
// Argument errors: the right status, a message naming the argument, and nothing touched.

struct BadArgFixture {
  DeviceBuffer A{4096}, B{4096}, D{4096};
  clc::gemm::Arguments g;
  BadArgFixture() {
    g.m = g.n = g.k = 16;
    g.a = A.p; g.lda = 16; g.b = B.p; g.ldb = 16; g.d = D.p; g.ldd = 16;
    cudaMemset(D.p, 0xFF, 4096);
  }
  bool d_untouched() {
    std::vector<unsigned char> h(4096);
    cudaDeviceSynchronize();
    cudaMemcpy(h.data(), D.p, 4096, cudaMemcpyDeviceToHost);
    for (unsigned char v : h) if (v != 0xFF) return false;
    return true;
  }
};

void expect_error(clc::gemm::Arguments const& g, clc::Status st, char const* word, BadArgFixture& f,
                  clc::gemm::Options const& o = {}) {
  clc::Error const e = clc::gemm::run(g, nullptr, o);
  EXPECT_EQ(e.status, st) << e.what();
  EXPECT_NE(e.message.find(word), std::string::npos) << "message does not name '" << word << "': " << e.what();
  EXPECT_TRUE(f.d_untouched()) << "D was written although run() failed: " << e.what();
}

TEST(Gemm, BadArguments) {
  CLC_REQUIRE_GPU();
  BadArgFixture f;
  { auto g = f.g; g.a = nullptr; expect_error(g, clc::Status::InvalidArgument, "A", f); }
  { auto g = f.g; g.b = nullptr; expect_error(g, clc::Status::InvalidArgument, "B", f); }
  { auto g = f.g; g.d = nullptr; expect_error(g, clc::Status::InvalidArgument, "D", f); }
  { auto g = f.g; g.beta = 1.0f; g.c = nullptr; expect_error(g, clc::Status::InvalidArgument, "C", f); }
  { auto g = f.g; g.m = 0; expect_error(g, clc::Status::InvalidArgument, "m", f); }
  { auto g = f.g; g.n = 0; expect_error(g, clc::Status::InvalidArgument, "n", f); }
  { auto g = f.g; g.k = 0; expect_error(g, clc::Status::InvalidArgument, "k", f); }
  { auto g = f.g; g.batch = 0; expect_error(g, clc::Status::InvalidArgument, "batch", f); }
  { auto g = f.g; g.lda = 15; expect_error(g, clc::Status::InvalidArgument, "lda", f); }
  { auto g = f.g; g.layout_b = Layout::RowMajor; g.ldb = 8; expect_error(g, clc::Status::InvalidArgument, "ldb", f); }
  { auto g = f.g; g.ldd = 3; expect_error(g, clc::Status::InvalidArgument, "ldd", f); }
  { auto g = f.g; g.b_type = DType::F16; expect_error(g, clc::Status::NotSupported, "b_type", f); }
  { auto g = f.g; g.lda = INT64_MAX; expect_error(g, clc::Status::InvalidArgument, "A spans 2^62 bytes", f); }
  { auto g = f.g; g.batch = 2; g.batch_stride_a = g.batch_stride_b = 0; g.batch_stride_d = 16;  // batch 1 row 0 = batch 0 row 1
    expect_error(g, clc::Status::InvalidArgument, "batch_stride_d (16)", f); }
  { auto g = f.g; g.a_type = g.b_type = DType::F32; expect_error(g, clc::Status::NotSupported, "F32", f); }
  { auto g = f.g; g.beta = 1.0f; g.c = f.A.p; g.ldc = 16; g.c_type = DType::F32;
    expect_error(g, clc::Status::NotSupported, "c_type", f); }
  { auto g = f.g; g.a = static_cast<unsigned char const*>(f.A.p) + 1;
    expect_error(g, clc::Status::InvalidArgument, "A", f); }
  { auto g = f.g; clc::gemm::Options o; o.cluster_m = 3; expect_error(g, clc::Status::InvalidArgument, "cluster_m", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.tile_n = 96; expect_error(g, clc::Status::InvalidArgument, "tile_n", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.tile_n = 64; o.cluster_m = 2; expect_error(g, clc::Status::InvalidArgument, "tile_n 64", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.tile_n = 192; o.cluster_m = 2; expect_error(g, clc::Status::InvalidArgument, "tile_n 192", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.tile_n = 192; o.tail_split = 2; expect_error(g, clc::Status::InvalidArgument, "tile_n 192", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.tile_n = 192; o.stream_k = 2; expect_error(g, clc::Status::InvalidArgument, "tile_n 192", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.tail_split = 17; expect_error(g, clc::Status::InvalidArgument, "options.tail_split", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.split_k = clc::gemm::kMaxSplitK + 1; expect_error(g, clc::Status::InvalidArgument, "options.split_k", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.split_k = -1; expect_error(g, clc::Status::InvalidArgument, "options.split_k", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.cluster_n = 3; expect_error(g, clc::Status::InvalidArgument, "options.cluster_n", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.cluster_n = 2; o.cluster_m = 2;
    expect_error(g, clc::Status::InvalidArgument, "options.cluster_m and options.cluster_n", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.cluster_n = 2; o.tile_n = 256; expect_error(g, clc::Status::InvalidArgument, "tile_n 256", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.cluster_n = 2; o.split_k = 2; expect_error(g, clc::Status::InvalidArgument, "options.cluster_n 2", f, o); }
  { auto g = f.g; clc::gemm::Options o; o.cluster_n = 2; o.kernel = Kernel::Portable;
    expect_error(g, clc::Status::InvalidArgument, "options.cluster_n 2", f, o); }
  if (is_hopper()) {
    auto g = f.g; g.lda = 17; clc::gemm::Options o; o.kernel = Kernel::Sm90;
    expect_error(g, clc::Status::NotSupported, "lda", f, o);
    clc::gemm::Options o2; o2.source = SourceKind::Hardware;
    expect_error(f.g, clc::Status::NotSupported, "Hardware", f, o2);
  }
}

}  // namespace
