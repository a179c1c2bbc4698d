//! @file gemm.cpp
//! @brief Host API of clc::gemm: argument checks (every message names the argument), normalisation to
//! a row-major D, kernel / source / cluster / swizzle choice, dispatch to the per-type launchers.
#include "gemm.hpp"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "clc/detail/cuda_check.hpp"
#include "clc/detail/split_k.hpp"
#include "clc/detail/stream_scratch.hpp"
#include "detail/problem.hpp"
#include "detail/stream_k.hpp"

namespace clc::gemm {

char const* to_string(DType t) {
  switch (t) {
    case DType::BF16: return "BF16";
    case DType::F16: return "F16";
    case DType::F32: return "F32";
  }
  return "?";
}
char const* to_string(Layout l) { return l == Layout::RowMajor ? "RowMajor" : "ColMajor"; }
std::size_t size_of(DType t) { return t == DType::F32 ? 4 : 2; }

namespace {

std::string num(std::int64_t v) { return std::to_string(v); }

//! Extents in elements or bytes: sums and products of non-negative values saturated at kSpanLimit (2^62).
constexpr std::int64_t kSpanLimit = std::int64_t(1) << 62;
std::int64_t span_mul(std::int64_t a, std::int64_t b) {
  if (a <= 0 || b <= 0) return 0;
  return a >= kSpanLimit / b ? kSpanLimit : a * b;
}
std::int64_t span_add(std::int64_t a, std::int64_t b) { return a >= kSpanLimit - b ? kSpanLimit : a + b; }

//! ceil(a / b) for a >= 0, b > 0 in 64-bit arithmetic (m, n and k may be as large as INT_MAX).
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

bool valid_dtype(DType t) { return t == DType::BF16 || t == DType::F16 || t == DType::F32; }

//! Checks of one matrix operand: pointer, element alignment, leading dimension, batch stride.
Error check_operand(char const* name, void const* ptr, DType type, Layout layout, std::int64_t ld, std::int64_t bs,
                    int rows, int cols, int batch, char const* ld_name, char const* bs_name) {
  if (ptr == nullptr) return invalid_argument(std::string(name) + " is a null pointer");
  std::size_t const es = size_of(type);
  if (reinterpret_cast<std::uintptr_t>(ptr) % es != 0)
    return invalid_argument(std::string(name) + " (" + std::to_string(reinterpret_cast<std::uintptr_t>(ptr)) +
                            ") is not aligned to its element size (" + num(std::int64_t(es)) + " bytes, " +
                            to_string(type) + ")");
  std::int64_t const min_ld = layout == Layout::RowMajor ? cols : rows;
  if (ld < min_ld)
    return invalid_argument(std::string(ld_name) + " (" + num(ld) + ") must be >= " + num(min_ld) + " for " +
                            (layout == Layout::RowMajor ? "row-major " : "column-major ") + name + " of " +
                            num(rows) + " x " + num(cols));
  if (batch > 1 && bs < 0)
    return invalid_argument(std::string(bs_name) + " (" + num(bs) + ") must be >= 0");
  // The operand's extent (its last element's offset + 1) in bytes, saturated: below 2^62, so that no
  // offset the kernels compute in 64-bit arithmetic overflows.
  std::int64_t const major = layout == Layout::RowMajor ? rows : cols, minor = layout == Layout::RowMajor ? cols : rows;
  std::int64_t const extent =
      span_add(span_add(span_mul(batch > 1 ? bs : 0, batch - 1), span_mul(ld, major - 1)), minor);
  if (span_mul(extent, std::int64_t(es)) >= kSpanLimit)
    return invalid_argument(std::string(name) + " spans 2^62 bytes or more (" + ld_name + " " + num(ld) +
                            (batch > 1 ? std::string(", ") + bs_name + " " + num(bs) : std::string()) +
                            "); at most 2^62 - 1 are supported");
  return success();
}

//! Whether two elements of a strided batch of matrices share an address: element (b, i, j) at
//! b * bs + i * ld + j for i < major, j < minor, b < batch, with ld >= minor (checked before). Exact:
//! for each batch distance db the offsets db * bs + di * ld (|di| < major) step by ld >= minor, so only
//! the two di nearest -db * bs / ld can come within minor of 0. O(batch); extents below 2^62 (checked).
bool batches_overlap(int batch, std::int64_t bs, std::int64_t ld, std::int64_t major, std::int64_t minor) {
  for (std::int64_t db = 1; db < batch; ++db) {
    std::int64_t const base = db * bs;  // >= 0
    std::int64_t const d0 = base / ld;  // base - d0 * ld in [0, ld)
    for (std::int64_t di : {d0, d0 + 1}) {
      if (di > major - 1) continue;  // (di >= 0 here; |di| < major)
      std::int64_t const r = base - di * ld;  // the column distance this row distance leaves
      if (r > -minor && r < minor) return true;
    }
  }
  return false;
}

//! Empty when TMA can address the operand (16-byte aligned base, leading dimension and batch stride);
//! `es` is its element size in bytes.
std::string tma_reason(char const* name, void const* ptr, std::int64_t ld, std::int64_t bs, int batch,
                       char const* ld_name, char const* bs_name, std::int64_t es = 2) {
  std::string const unit = " is not a multiple of " + num(16 / es) + " elements (16 bytes)";
  if (reinterpret_cast<std::uintptr_t>(ptr) % 16 != 0)
    return std::string(name) + "'s base address is not 16-byte aligned";
  // (16 / es elements: no product that could overflow for any int64 ld or bs)
  if (ld % (16 / es) != 0) return std::string(ld_name) + " (" + num(ld) + ")" + unit;
  if (batch > 1 && bs % (16 / es) != 0) return std::string(bs_name) + " (" + num(bs) + ")" + unit;
  return {};
}

//! Sm90: whether the epilogue stores D with TMA. Needs beta == 0 (C is not read), a D that TMA can
//! address (checked here, so the driver is never asked for a map it refuses: compute-sanitizer counts
//! every failed API call) and rows that end on a 16-byte boundary (TMA was seen writing whole 16-byte
//! units past N otherwise). `Debug::no_tma_store` turns it off.
bool use_tma_store(detail::Problem const& p, bool no_tma_store) {
  std::int64_t const es = std::int64_t(size_of(p.cd));
  std::int64_t const row = p.d_transposed ? p.m : p.n;  // d's row length (transposed: along the kernel's M)
  return p.beta == 0.0f && !no_tma_store && (row * es) % 16 == 0 &&
         tma_reason("D", p.d, p.ldd, p.bsd, p.batch, "ldd", "batch_stride_d", es).empty();
}

std::string sm90_reason(Arguments const& a) {
  std::string r = tma_reason("A", a.a, a.lda, a.batch_stride_a, a.batch, "lda", "batch_stride_a");
  if (r.empty()) r = tma_reason("B", a.b, a.ldb, a.batch_stride_b, a.batch, "ldb", "batch_stride_b");
  return r;
}

//! D row-major: as given. D column-major: D^T (n x m, row-major) = B^T A^T, where the transpose of a
//! row-major operand is the same memory read column-major and vice versa. `swap` (row-major D only,
//! Debug::swap_ab): the operands swapped as for a column-major D, and the result stored transposed.
detail::Problem normalise(Arguments const& a, bool swap = false) {
  detail::Problem p;
  p.batch = a.batch;
  p.ab = a.a_type;
  p.cd = a.d_type;
  p.c = a.c;
  p.ldc = a.ldc;
  p.bsc = a.batch_stride_c;
  p.d = a.d;
  p.ldd = a.ldd;
  p.bsd = a.batch_stride_d;
  p.alpha = a.alpha;
  p.beta = a.beta;
  bool const a_row = a.layout_a == Layout::RowMajor;  // A (m x k) row-major: k contiguous
  bool const b_col = a.layout_b == Layout::ColMajor;  // B (k x n) column-major: k contiguous
  if (a.layout_d == Layout::RowMajor && !swap) {
    p.m = a.m;
    p.n = a.n;
    p.k = a.k;
    p.a = a.a;
    p.a_kmajor = a_row;
    p.lda = a.lda;
    p.bsa = a.batch_stride_a;
    p.b = a.b;
    p.b_kmajor = b_col;
    p.ldb = a.ldb;
    p.bsb = a.batch_stride_b;
  } else {
    p.m = a.n;
    p.n = a.m;
    p.k = a.k;
    p.a = a.b;  // B^T (n x k): k contiguous iff B is column-major
    p.a_kmajor = b_col;
    p.lda = a.ldb;
    p.bsa = a.batch_stride_b;
    p.b = a.a;  // A^T (k x m): k contiguous iff A is row-major
    p.b_kmajor = a_row;
    p.ldb = a.lda;
    p.bsb = a.batch_stride_a;
    p.d_transposed = a.layout_d == Layout::RowMajor;  // (swap)
  }
  return p;
}

//! Why Debug::swap_ab cannot run `a` with `o` (empty: it can).
std::string swap_ab_reason(Arguments const& a, Options const& o) {
  if (a.layout_d != Layout::RowMajor) return "D is column-major (already computed as B^T A^T)";
  if (a.d_type != DType::BF16 && a.d_type != DType::F16) return "D is not a 16-bit type";
  if (a.beta != 0.0f) return "beta is not 0";
  if (a.layout_a != Layout::RowMajor) return "A is column-major (B^T A^T would need 64-wide MN-major tiles of A^T)";
  if (o.cluster_m == 2) return "options.cluster_m is 2 (swapped tiles run 1x1 clusters)";
  if (o.cluster_n == 2) return "options.cluster_n is 2 (swapped tiles run 1x1 clusters)";
  if (o.split_k > 1) return "options.split_k > 1";
  if (o.kernel == Kernel::Portable) return "options.kernel is Portable";
  return {};
}

//! Whether run() swaps the operands of `a` by itself (Debug::swap_ab forces it, Debug::no_swap forbids
//! it): where the swapped problem's tiles along the caller's M are 208 or 224 wide (its width heuristic,
//! default_tile_n: M fits them better than 128, 192 or 256, e.g. 777 rows in 4 tiles of 208, 3333 in 15 of
//! 224), they fill at least one wave, and the unswapped problem has fewer than 6 waves of 256-wide tiles
//! (more run in 2x1 clusters, which the swapped problem does not). Nothing forced that the swapped
//! problem would change (tile width, split-K, split tail, stream-K, a 2x1 cluster). Measured on the
//! H200, the suite of clc-bench gemm with and without --swap-ab in one session
//! (bench/results/h200-gemm-swap-ab.txt): 777x8192x1536 0.756x -> 0.908x cuBLAS (208), 3333x2048x4096
//! 0.810x -> 0.909x (224), 2304x4608x3072 0.837x -> 0.915x (224); the shapes this rule leaves alone were
//! within the spread or slower swapped (8192^3 0.998x -> 0.981x in a 1x1 cluster, 16x8192x8192 with B
//! column-major 0.830x -> 0.589x). A second rule (swap_whole_tiles, below) swaps where the caller's problem
//! runs whole tiles in 1x1 clusters and the swapped one's whole tiles are estimated at least 10% faster.
int default_tile_n(detail::Problem const& p, int sms, bool cluster_forced_2, bool pieces_forced,
                   bool stream_k_ok = false);
void plan_sm90(detail::Problem const& p, Options const& o, DeviceFacts const& dev, bool no_tma_store,
               detail::Plan* plan);

//! The tile-width rule's estimate of a tile's time relative to a 128 x 256 tile's (default_tile_n: 208
//! and 224 in proportion to their MMA work plus 2%, 192 0.78, 128 0.72; 0 for the widths it has no
//! estimate for: 64).
double width_cost(int bn) {
  switch (bn) {
    case 256: return 1.0;
    case 224: return 224.0 / 256 * 1.02;
    case 208: return 208.0 / 256 * 1.02;
    case 192: return 0.78;
    case 128: return 0.72;
    default: return 0.0;
  }
}

//! A Hopper of `sms` SMs, as the host-side plans assume it (plan_sm90_for, swap_whole_tiles).
DeviceFacts hopper_facts(int sms) {
  DeviceFacts dev;
  dev.cc_major = 9;
  dev.cc_minor = 0;
  dev.sm_count = sms;
  dev.cluster_launch = true;
  return dev;
}

//! The tile-width rule's estimate of a whole-tile plan's makespan (default_tile_n): whole waves of tiles
//! over the SMs times width_cost (0 for the widths without one).
double whole_tiles_estimate(detail::Problem const& p, int bn, int sms) {
  double const cost = width_cost(bn);
  if (cost == 0.0) return 0.0;
  std::int64_t const s = sms < 1 ? 1 : sms;
  std::int64_t const tiles = ceil_div(p.m, detail::kSm90TileM) * ceil_div(p.n, bn) * p.batch;
  return double((tiles + s - 1) / s) * cost;
}

//! The second swap rule: where the caller's problem runs whole tiles in 1x1 clusters (no split, no
//! stream-K; 128-, 192- or 256-wide), at least 16 k-steps, and the swapped problem's whole tiles are
//! estimated (whole_tiles_estimate) at least 10% faster. It takes the problems whose N leaves few tiles or
//! a poorly filled last one along N (6000x504x6000: 94 tiles of 128 x 256, a third of the SMs idle;
//! swapped, 128 tiles of 128 x 192 in one wave).
bool swap_whole_tiles(Arguments const& a, Options const& o, detail::Debug const& debug, int sms,
                      detail::Problem const& ps, int w) {
  detail::Problem const pu = normalise(a, false);
  if (ceil_div(pu.k, detail::kSm90TileK) < 16) return false;
  detail::Plan plan;
  plan.source = o.source;
  plan.debug = debug;
  plan_sm90(pu, o, hopper_facts(sms), debug.no_tma_store, &plan);
  if (plan.splits != 1 || plan.tail_split != 1 || plan.sk_units != 0 || plan.cluster_m != 1 || plan.cluster_n != 1)
    return false;
  double const unswapped = whole_tiles_estimate(pu, plan.tile_n, sms);
  double const swapped = whole_tiles_estimate(ps, w, sms);
  return unswapped > 0.0 && swapped > 0.0 && swapped < 0.9 * unswapped;
}

bool auto_swap(Arguments const& a, Options const& o, detail::Debug const& debug, int sms) {
  if (debug.swap_ab || debug.no_swap) return debug.swap_ab;
  if (o.tile_n != 0 || o.split_k > 1 || o.tail_split > 1 || o.stream_k == 2 || o.kernel == Kernel::Portable)
    return false;
  if (!swap_ab_reason(a, o).empty()) return false;
  detail::Problem const ps = normalise(a, true);
  if (!use_tma_store(ps, debug.no_tma_store)) return false;
  int const w = default_tile_n(ps, sms, false, false);
  std::int64_t const s = sms < 1 ? 1 : sms;
  std::int64_t const swapped_tiles =
      ceil_div(ps.m, detail::kSm90TileM) * ceil_div(ps.n, w) * ps.batch;
  std::int64_t const tiles_256 =
      ceil_div(a.m, detail::kSm90TileM) * ceil_div(a.n, 256) * a.batch;
  if (tiles_256 >= 6 * s) return false;
  if ((w == 208 || w == 224) && swapped_tiles >= s) return true;
  return swap_whole_tiles(a, o, debug, sms, ps, w);
}

struct Choice {
  Kernel kernel = Kernel::Portable;
  std::string why_portable;
};

Error choose_kernel(Arguments const& a, Options const& o, DeviceFacts const& dev, Choice* out) {
  bool const hopper = dev.cc_major == 9 && dev.cc_minor == 0;
  std::string const reason = sm90_reason(a);
  if (o.kernel == Kernel::Sm90) {
    if (!hopper)
      return not_supported("kernel Sm90 needs an sm_90 device (device " + num(dev.device) + " is sm_" +
                           num(dev.cc_major * 10 + dev.cc_minor) + ")");
    if (!reason.empty()) return not_supported("kernel Sm90 reads A and B with TMA, but " + reason);
    out->kernel = Kernel::Sm90;
    return success();
  }
  if (o.kernel == Kernel::Portable) {
    out->kernel = Kernel::Portable;
    return success();
  }
  if (hopper && reason.empty()) {
    out->kernel = Kernel::Sm90;
  } else {
    out->kernel = Kernel::Portable;
    out->why_portable = hopper ? reason : "the device is not sm_90";
  }
  return success();
}

//! The current device's facts and the kernel `a` and `o` get there.
Error choose_on_current_device(Arguments const& a, Options const& o, DeviceFacts* dev, Choice* ch) {
  int device = 0;
  CLC_CUDA_TRY(cudaGetDevice(&device));
  CLC_TRY(query_device(device, dev));
  return choose_kernel(a, o, *dev, ch);
}

//! The split-K heuristic's largest factor for `tiles` output tiles: 16, or up to (sms / 2) / tiles (at
//! most 64) when fewer than 9 tiles leave 16 splits far short of the SMs. Half the SMs, not all: the
//! second kernel's reduction is latency-bound on so few outputs (each thread adds one partial after
//! another), and on the H200 (bench/results/h200-gemm-plans-dev.txt) 128x128x70000 in 64-wide tiles
//! took 0.0236 ms with 32 splits, 0.0299 with 64 and 0.0269 with 16; 64x64x131072 0.0287 with 64
//! splits, 0.0411 with 128 and 0.0370 with 16; 256x256x65536 (8 tiles) was fastest with 16.
int max_splits(std::int64_t tiles, int sms) {
  std::int64_t const half = std::max(1, sms / 2) / std::max<std::int64_t>(1, tiles);
  return int(std::clamp<std::int64_t>(half, 16, std::min(64, kMaxSplitK)));
}

int detail_split(std::int64_t tiles, int kt, int tile_n, std::int64_t out_elems, int sms) {
  return clc::detail::split_k_estimate(tiles, kt, tile_n, out_elems, sms, max_splits(tiles, sms));
}

int default_swizzle(int n_tiles) {
  int s = 1;
  while (s < 8 && s * 2 <= n_tiles) s *= 2;
  return s;
}

//! Whether the rows of both A and B start inside 32-byte sectors (leading dimensions whose bytes are odd
//! multiples of 16, e.g. 1000 or 3000 bf16 elements). Every 128-byte row of a TMA box then touches five
//! sectors instead of four, and the loads are bound by the L2's sector throughput: at 3000^3 under Nsight
//! Compute clc's 128 x 192 tiles read 24.8 M sectors in 129.6 us (256-byte L2 promotion), cuBLAS's 192 x 192
//! tiles in 1x2 clusters 14.1 M in 77.9 us, both about 190 G sectors/s. Such problems take the tiles and
//! clusters that move the fewest bytes through the L2 (default_tile_n, plan_sm90): measured on the H200
//! with the 128-byte promotion of sm90_maps.cpp (bench/results/h200-gemm-misaligned-dev.txt), 3000^3 took
//! 0.0982 ms with 256-wide tiles in 2x1 clusters against 0.1152 with the heuristic's 128 x 192 in 1x1,
//! 4000x1000x1000 0.0192 against 0.0221 (256-wide, 1x1), 1000^3 0.0115 with 64-wide tiles in 1x2 clusters
//! against 0.0132 (128 x 128, 1x1).
bool rows_off_sectors(detail::Problem const& p) {
  std::int64_t const es = std::int64_t(size_of(p.ab));
  return !p.d_transposed && (p.lda * es) % 32 != 0 && (p.ldb * es) % 32 != 0;
}

//! The tile width for rows inside sectors (rows_off_sectors), 0 where the rule does not apply: one wave of
//! 64-wide tiles in 1x2 clusters (A multicast) where 128-wide ones would fill less than half of the SMs
//! and 64-wide ones at least half (fewer tiles, e.g. 512x512x8192, keep the split heuristics); 256-wide
//! tiles in 2x1 clusters (B multicast) where there are two M tiles to pair, enough of them to fill half
//! of the SMs and 16 to 96 k-steps (the measured shapes had 128 to 288 such tiles and 16 to 79 k-steps;
//! 2x1 clusters on short K lost on aligned rows, plan_sm90; few or deep tiles keep the split heuristics
//! and stream-K, not measured with such rows). plan_sm90 gives the rule's widths their clusters.
int off_sectors_width(detail::Problem const& p, int sms) {
  if (!rows_off_sectors(p)) return 0;
  std::int64_t const mt = ceil_div(p.m, detail::kSm90TileM) * p.batch;
  std::int64_t const t64 = mt * ceil_div(p.n, 64), t128 = mt * ceil_div(p.n, 128), t256 = mt * ceil_div(p.n, 256);
  int const kt = int(ceil_div(p.k, detail::kSm90TileK));
  // (1000^3, 16 k-steps, and 1000x1000x3000, 47, were measured; 3x5000x7000, 110 k-steps, took 0.0476 ms
  // so against 0.0267 with 128-wide tiles in 3 splits, bench/results/h200-gemm-plans-dev.txt.)
  if (t64 <= sms && 2 * t128 < sms && 2 * t64 >= sms && ceil_div(p.n, 64) >= 2 && kt <= 64) return 64;
  if (ceil_div(p.m, detail::kSm90TileM) >= 2 && 2 * t256 >= sms && kt >= 16 && kt <= 96) return 256;
  return 0;
}

//! Deep K over one wave of 128 x 256 tiles and at most a third more (1x1 clusters, one CTA per SM): every
//! tile in stream-K units instead of two waves of whole tiles (the tile-width rule's 192-wide ones, or
//! split-K). Measured on the H200 (bench/results/h200-gemm-deep-stream-k-dev.txt; each plan its own
//! process, ratio to cuBLAS): 2304x2304x12288 (162 tiles, 192 k-steps) 0.1867 ms in 132 units (1.023x)
//! against 0.1980 in 192-wide tiles (0.964x), 2304x2304x8192 0.1324 (0.992x) against 0.1372 (0.957x),
//! 3072x1536x12288 (144 tiles) 0.1620 (0.923x) against 0.1912 (0.786x, 192-wide in 2 splits); it lost
//! with 64 k-steps (2304x2304x4096: 0.0738 against 0.0714) and over more of a second wave (2816x2816x8192,
//! 1.83 waves: 0.2310 against 0.1779; 4096x2048x12288, 1.94: 0.2952 against 0.2601), where the whole
//! tiles' last wave is fuller. The units run under the in-kernel sum, so the rule needs what it needs
//! (`stream_k_ok`: a resident persistent source, the TMA-store epilogue, nothing forced, no worker cap).
constexpr int kDeepStreamKSteps = 128;
bool deep_k_stream_k(detail::Problem const& p, int sms) {
  if (p.d_transposed || sms < 1) return false;
  std::int64_t const t256 = ceil_div(p.m, detail::kSm90TileM) * ceil_div(p.n, 256) *
                            p.batch;
  int const kt = int(ceil_div(p.k, detail::kSm90TileK));
  return kt >= kDeepStreamKSteps && t256 > sms && 3 * t256 <= 4 * std::int64_t(sms);
}

//! Sm90 tile width: the one with the shorter estimated makespan, counting whole waves of tiles over
//! the SMs. 0.72 is an estimate of a 128-wide tile's time relative to a 256-wide one's, from
//! development timings at 5120^3 that no committed results file records (docs/gemm.md,
//! "Heuristics"), so 256 wins unless 128-wide tiles fill the GPU where 256-wide ones leave SMs idle
//! (small problems).
int default_tile_n(detail::Problem const& p, int sms, bool cluster_forced_2, bool pieces_forced, bool stream_k_ok) {
  auto waves = [&](int bn) {
    std::int64_t const tiles = ceil_div(p.m, detail::kSm90TileM) *
                               ceil_div(p.n, bn) * p.batch;
    return double((tiles + sms - 1) / (sms < 1 ? 1 : sms));
  };
  // The swapped problem (Debug::swap_ab): its N is the caller's M, where a width that fits M pays most
  // (777 rows: 4 tiles of 208; 3333: 15 of 224). Whole waves times the width's estimated time relative to
  // a 256-wide tile's (208 and 224 in proportion to their MMA work, plus 2%; 192 and 128 as below); the
  // smallest estimate wins, 256 on ties. Not measured yet (branch wip/swap-ab).
  if (p.d_transposed && !cluster_forced_2) {
    int best = 256;
    double best_t = waves(256);
    for (int const bn : {256, 224, 208, 192, 128}) {
      if (pieces_forced && bn != 256 && bn != 128) continue;  // (192, 208, 224: whole tiles only)
      double const t = waves(bn) * width_cost(bn);
      if (t < best_t - 1e-9) best = bn, best_t = t;
    }
    return best;
  }
  // 64-wide tiles where 128-wide ones would fill less than half of the SMs and 64-wide ones fit in one
  // wave (twice the CTAs, each with half the work), when the rows of A and B are multiples of 32 bytes,
  // and no 2x1 cluster is forced (64-wide tiles run 1x1 only). Measured on the H200 in one session,
  // heuristic (128-wide) against --tile-n 64, interleaved twice (bench/results/h200-gemm-widths-dev.txt):
  // decode-sized M, B row-major: 16x8192x8192 0.0370-0.0372 ms against 0.0414, 1x8192x8192 0.0368
  // against 0.0407-0.0408, 64x8192x8192 0.0370-0.0373 against 0.0412-0.0414, 64x4096x14336 (in two
  // pieces, t2x64f) 0.0369-0.0372 against 0.0388-0.0389; B column-major: 16x8192x8192 0.0394-0.0396
  // against 0.0404-0.0408, 64x4096x14336 0.0378-0.0379 against 0.0389-0.0392, 1x8192x8192 0.0390-0.0392
  // against 0.0405-0.0406, 64x8192x8192 0.0395-0.0396 against 0.0415-0.0417; small squares: 1024^3
  // 0.0100-0.0103 against 0.0110-0.0113, 1008^3 0.0103-0.0105 against 0.0110, 768^3 0.0087-0.0088
  // against 0.0095. They lost
  // at 1000^3 (0.0144-0.0145 against 0.0130-0.0131; its rows are 2000 bytes: loads of rows that start
  // inside a 32-byte sector), and where 64-wide tiles take two waves (32x11008x4096 with split-K 2:
  // 0.0417-0.0426 against 0.0342-0.0353 with both layouts; 512^3 x 8: 0.0127-0.0129 against 0.0092).
  // (Until this rule 64-wide tiles went only to 96 < M <= 128 with B row-major: 128x8192x8192.)
  if (!cluster_forced_2) {
    std::int64_t const mt = ceil_div(p.m, detail::kSm90TileM) * p.batch;
    std::int64_t const t64 = mt * ceil_div(p.n, 64);
    std::int64_t const t128 = mt * ceil_div(p.n, 128);
    std::int64_t const es = std::int64_t(size_of(p.ab));
    bool const rows_32 = (p.lda * es) % 32 == 0 && (p.ldb * es) % 32 == 0;
    // Deep K (more than 256 k-steps; the widths above were measured up to 224) where 128-wide tiles
    // in at most 16 splits fill the SMs: 128-wide tiles, split (bench/results/h200-gemm-plans-dev.txt):
    // 512x512x32768 took 0.0340 ms in 8 splits against 0.0586 in 64-wide tiles (stream-K), and
    // 1024x1024x32768 0.1018 in 2 splits against 0.1302 (64-wide, unsplit). With fewer tiles
    // (128x128x70000, 256x256x65536) the 64-wide tiles in more splits stayed faster. Not for one row of
    // tiles (decode-sized M): there B's stream is the cost and 64-wide tiles spread it over more SMs
    // (4x8192x28672, B column-major, 64-wide unsplit: 0.961x cuBLAS in bench/results/h200-gemm-sweep-f8b5c91.txt).
    int const kt = int(ceil_div(p.k, detail::kSm90TileK));
    bool const deep_k = kt > 256 && 16 * t128 >= sms && p.m > detail::kSm90TileM;
    if (t64 <= sms && 2 * t128 < sms && rows_32 && !deep_k) return 64;
    if (!pieces_forced) {
      int const w = off_sectors_width(p, sms);
      if (w != 0) return w;
    }
  }
  // 192-wide tiles where 256-wide ones leave a poor last wave after at least one whole one (3072^3 takes
  // 3 waves of 256-wide tiles for 2.18 waves of work, 2.91 waves of 192-wide ones; 2304x2304x3072 2 waves
  // for 1.23, 1.64): their time is estimated at 0.78 of a 256-wide tile's (a quarter less MMA work per
  // tile, the same A per stage, an odd number of epilogue boxes), and they must win by 10% (a guess: the
  // margin keeps the shapes where the two are close on the measured 256-wide tiles). Measured on the H200
  // against the split tail those shapes took before (bench/results/h200-gemm-tile-widths.txt): 3072^3
  // 0.0829 ms against 0.0959 (t4x24, run of 8faf1f4), 2304x2304x3072 0.0541 against 0.0641 ms (t4x30).
  // With no whole wave the split tail and stream-K (256-wide tiles) take the partial wave, as before.
  // One wave of 256-wide tiles where 192-wide ones also fit one wave and 128-wide ones do not: the
  // 192-wide tiles put less work on each SM (k <= 64 steps of 64; deeper K keeps 256-wide tiles for
  // stream-K: 1536x1536x12288 took 0.0982 ms so against 0.1118 in 192-wide tiles). Measured on the
  // H200 (bench/results/h200-gemm-plans-dev.txt), 192 against 256: 1536^3 0.0174 against 0.0208 ms,
  // 2048x1536x1536 0.0181 against 0.0214, 1536x1536x2560 0.0245 against 0.0305, 1536x1536x768 0.0119
  // against 0.0137, 1280x2048x1024 0.0140 against 0.0163.
  if (stream_k_ok && !cluster_forced_2 && !pieces_forced && deep_k_stream_k(p, sms)) return 256;
  double const t256 = waves(256), t192 = waves(192) * 0.78;
  int const kt = int(ceil_div(p.k, detail::kSm90TileK));
  bool const one_wave_192 = t256 == 1 && waves(192) == 1 && waves(128) >= 2 && kt <= 64;
  if (!cluster_forced_2 && !pieces_forced && (t256 >= 2 || one_wave_192) && t192 < 0.9 * t256 &&
      t192 < waves(128) * 0.72)
    return 192;
  return waves(128) * 0.72 < waves(256) ? 128 : 256;
}

//! Whether a split tail's pieces can be summed inside the kernel (Plan::fixup): a waiting piece only
//! waits for pieces of lower unit index, which is safe when every worker is resident and takes its
//! units in increasing order (Ticket, Static on a resident-capacity grid); Single (a CTA per unit, no
//! residency) and the every-tile grid keep the second kernel.
bool fixup_possible(Options const& o, detail::Debug const& debug) {
  bool const persistent = o.source == SourceKind::Auto || o.source == SourceKind::Ticket || o.source == SourceKind::Static;
  bool const resident = o.grid == GridMode::Default || o.grid == GridMode::ResidentCapacity;
  return persistent && resident && !debug.no_fixup;
}

//! The estimate's extra time of a split tail whose pieces are summed in the kernel, in the units of
//! split_k.hpp's constants (whose k-step is about 1.4x the H200's at 256-wide tiles): per piece before
//! the last, 1 us plus the bytes of its partial sums (the rows below M of a 128 x BN fp32 tile, stored
//! by that piece and loaded by the last one, latency-bound at a few boxes in flight per thread) at
//! 10 GB/s. Fitted by hand to development runs on the H200 (bench/results/h200-gemm-dev-fixup.txt,
//! section 1: 1536x1536x12288 in 3, 5, 7 and 11 pieces took about 9.5-9.7 us per 256-wide partial
//! over the pieces' own time; 1024^3 in 2 pieces was 1.9 us slower than unsplit), not derived.
double fixup_seconds(int tile_n, int s, int rows) {
  return double(s - 1) * (1e-6 + double(std::min(rows, detail::kSm90TileM)) * tile_n * 4.0 / 10e9);
}

//! Stream-K over `tc` tail clusters of `kt` k-steps on `slots` cluster slots: one unit per slot (fewer
//! when there are fewer k-steps). False when no tile would be cut (the units fall on whole tiles) or
//! the partial-sum slots would not fit the decoded tile's bits; else the units and the most pieces
//! of any tile.
bool stream_k_shape(std::int64_t tc, int kt, std::int64_t slots, int cm, int* units, int* pieces) {
  if (tc <= 0 || kt < 1 || slots < 1) return false;
  std::int64_t const total = tc * kt;
  detail::StreamK const sk{total, int(std::min(slots, total)), kt};
  int most = 1;
  for (std::int64_t c = 0; c < tc; ++c) most = std::max(most, sk.pieces(int(c)));
  if (most < 2) return false;
  if (tc * cm * most + 1 >= (std::int64_t(1) << (31 - detail::kTailSlotShift))) return false;
  *units = sk.units;
  *pieces = most;
  return true;
}

//! A plan whose last `tail_clusters` of its clusters run as `units` stream-K units (at most `pieces`
//! pieces per tile), summed in the kernel; the `dp_clusters` before them run whole.
void set_stream_k(detail::Plan* plan, std::int64_t dp_clusters, std::int64_t tail_clusters, int units, int pieces) {
  plan->splits = 1;
  plan->tail_split = pieces;
  plan->dp_clusters = int(dp_clusters);
  plan->tail_clusters = int(tail_clusters);
  plan->fixup = true;
  plan->sk_units = units;
}

//! Options::stream_k == 2: the clusters past all whole waves but one (all of them with no whole wave;
//! Debug::tail_whole_waves keeps that many) as stream-K units, one per cluster slot (the SMs', or
//! `max_workers`'), where the fixup can run (run() refuses it otherwise).
void plan_stream_k_forced(detail::Problem const& p, Options const& o, DeviceFacts const& dev, int kt,
                          std::int64_t tiles, detail::Plan* plan) {
  if (!(fixup_possible(o, plan->debug) && plan->tma_store)) return;
  int const m_tiles = int(ceil_div(p.m, detail::kSm90TileM));
  if (m_tiles >= (1 << detail::kTailSlotShift)) return;
  int const cm = plan->cluster_m;
  std::int64_t slots = std::max(1, dev.sm_count / cm);
  if (o.max_workers > 0) slots = std::min<std::int64_t>(slots, o.max_workers);
  std::int64_t const clusters = tiles / cm;
  std::int64_t const full = clusters / slots;
  std::int64_t dp = std::max<std::int64_t>(0, full - 1);
  int const keep = plan->debug.tail_whole_waves;
  if (keep >= 0 && keep < full) dp = keep;
  int units = 0, pieces = 0;
  if (!stream_k_shape(clusters - dp * slots, kt, slots, cm, &units, &pieces)) return;
  set_stream_k(plan, dp * slots, clusters - dp * slots, units, pieces);
}

//! Sm90 split tail: with W whole waves of clusters and a partial one of r clusters, run the last
//! clusters' tiles (the r of the partial wave, and with the in-kernel fixup possibly the last whole
//! wave's too) in S k-pieces each, listed after the whole tiles, when the estimate (split_k.hpp's
//! constants: a 128 x BN k-step 0.5 us * BN / 128, a unit 1.5 us more; with the fixup,
//! fixup_seconds; without it, the second kernel's reduction) beats W + 1 waves by 3%. The pieces may
//! take several rounds of the cluster slots. Forced (o.tail_split >= 2): the partial wave's clusters
//! (all of them when there is no full wave, the last wave's when the waves are whole; with
//! Debug::tail_whole_waves, all but that many whole waves) in o.tail_split pieces.
void plan_tail_split(detail::Problem const& p, Options const& o, DeviceFacts const& dev, int kt, std::int64_t tiles,
                     detail::Plan* plan) {
  plan->tail_split = 1;
  plan->dp_clusters = 0;
  plan->tail_clusters = 0;
  plan->fixup = false;
  plan->sk_units = 0;
  if (o.stream_k == 2) {
    plan_stream_k_forced(p, o, dev, kt, tiles, plan);
    return;
  }
  if (o.tail_split == 1 || o.split_k > 1) return;
  if (o.tail_split == 0 && o.max_workers > 0) return;  // the waves are not the SMs': no estimate
  int const m_tiles = int(ceil_div(p.m, detail::kSm90TileM));
  if (m_tiles >= (1 << detail::kTailSlotShift)) return;  // the decoded tile keeps M tiles in 16 bits
  // The in-kernel sum's last piece stores with the TMA-store epilogue (beta == 0, a D TMA can write).
  bool const fixup = fixup_possible(o, plan->debug) && plan->tma_store;
  int const split_k = plan->splits;  // the split-K heuristic's factor (o.split_k is 0 here)
  if (split_k > 1 && !fixup) return;
  int const cm = plan->cluster_m;
  std::int64_t const slots = std::max(1, dev.sm_count / cm);  // clusters in one wave (one CTA per SM)
  std::int64_t const clusters = tiles / cm;
  std::int64_t const full = clusters / slots;
  std::int64_t const r = clusters - full * slots;
  std::int64_t const slot_limit = std::int64_t(1) << (31 - detail::kTailSlotShift);
  // Deep K over one wave and at most a third more of 256-wide tiles (deep_k_stream_k, measured there):
  // every tile in stream-K units, one per SM, instead of the split-K heuristic's choice.
  if (o.tail_split == 0 && o.stream_k == 0 && o.split_k == 0 && fixup && cm == 1 && plan->tile_n == 256 &&
      deep_k_stream_k(p, dev.sm_count)) {
    int units = 0, pieces = 0;
    if (stream_k_shape(clusters, kt, slots, cm, &units, &pieces)) {
      set_stream_k(plan, 0, clusters, units, pieces);
      return;
    }
  }
  int s = o.tail_split;
  std::int64_t tail = 0;
  if (s >= 2) {
    s = std::min(s, kt);
    tail = r == 0 ? std::min(slots, clusters) : r;
    int const keep = plan->debug.tail_whole_waves;
    if (keep >= 0 && keep < full) tail = clusters - std::int64_t(keep) * slots;
  } else {
    if (full == 0 && !fixup) return;  // no whole wave: split-K's business (its own reduction)
    if (r == 0 || (full > 0 && split_k > 1)) return;
    double const t_k = clc::detail::k_step_seconds(plan->tile_n);
    double const t_unit = 1.5e-6;
    double const t_tile = double(kt) * t_k + t_unit;
    double best = double(full + 1) * t_tile * 0.97;  // unsplit, less the 3% a split must win by
    // The split-K heuristic's choice (no whole wave), kept unless pieces beat it. Its estimate leaves
    // out the partial sums' stores and the second launch: on the H200 split-K was the slower of the two
    // where these estimates (unweighted) favoured it (1536x1536x12288 k3 0.1185 ms against 3 pieces
    // 0.1120 ms, 64x4096x14336 k4 0.0399 ms against 4 pieces 0.0390 ms;
    // bench/results/h200-gemm-dev-fixup.txt, section 1), hence the weight 1.2.
    if (split_k > 1)
      best = std::min(best, 1.2 * clc::detail::split_k_seconds(tiles, kt, plan->tile_n,
                                                               std::int64_t(p.m) * p.n * p.batch, dev.sm_count, split_k));
    s = 1;
    bool best_fixup = false;
    // Both ways of summing the pieces: in the kernel (any number of rounds of pieces; each piece
    // before the last costs its partial sums' round trip on the critical path, fixup_seconds) or by the
    // second kernel (the pieces in one round, at least 3 of them: 2304x4608x3072 on the H200 ran 0.768x
    // cuBLAS in 2 pieces, 0.803x unsplit; its reduction is spread over the GPU, so a small tail in many
    // pieces sums faster there: 5120^3 t16x8 0.957x against t10x8 in the kernel 0.914x).
    for (std::int64_t dp = full; dp >= std::max<std::int64_t>(0, full - 1); --dp) {
      std::int64_t const tc = clusters - dp * slots;  // tail clusters
      for (int ss = 2; ss <= 16 && kt / ss >= 4; ++ss) {
        if (tc * cm * ss >= slot_limit) break;
        std::int64_t const rounds = (tc * ss + slots - 1) / slots;
        double const t = double(dp) * t_tile + double(rounds) * (double((kt + ss - 1) / ss) * t_k + t_unit);
        if (fixup) {
          double const tf = t + fixup_seconds(plan->tile_n, ss, p.m);
          if (tf < best) best = tf, s = ss, tail = tc, best_fixup = true;
        }
        if (ss >= 3 && rounds == 1 && dp == full && full > 0) {
          double const tr = t + clc::detail::split_reduce_seconds(double(tc) * cm * detail::kSm90TileM * plan->tile_n, ss);
          if (tr < best) best = tr, s = ss, tail = tc, best_fixup = false;
        }
      }
    }
    // Stream-K (summed in the kernel), where it measured faster on the H200: no whole wave (every tile
    // in the units) and units of at least 64 k-steps. Each unit is charged two segments and two
    // partial sums (fixup_seconds of 2 pieces, twice: one stored, one loaded). Measured
    // (bench/results/h200-gemm-stream-k-dev.txt): 1536x1536x12288, 132 units over 72 tiles, 0.0969-0.0970 ms
    // against 0.1135 ms in 3 pieces; with whole waves before the units (3072^3, 3333x2048x4096,
    // 2304x4608x3072, 5120^3), units shorter than 64 k-steps (1024x1024x4096, 16x8192x8192,
    // 64x4096x14336) or units over all of many waves' tiles (5120^3: workers spread over the whole
    // output, 0.4368 against 0.3419 ms) it was slower: each unit cost about 15-24 us more than its
    // k-steps, like a split tail's piece.
    int sk_units = 0, sk_pieces = 0;
    if (fixup && o.stream_k != 1 && full == 0) {
      int units = 0, pieces = 0;
      if (stream_k_shape(clusters, kt, slots, cm, &units, &pieces) && clusters * kt >= 64 * std::int64_t(units)) {
        std::int64_t const per_unit = (clusters * kt + units - 1) / units;
        double const t = double(per_unit) * t_k + 2 * t_unit + 2 * fixup_seconds(plan->tile_n, 2, p.m);
        if (t < best) best = t, sk_units = units, sk_pieces = pieces;
      }
    }
    if (sk_units > 0) {  // (only with no whole wave: every cluster in the units)
      set_stream_k(plan, 0, clusters, sk_units, sk_pieces);
      return;
    }
    if (s >= 2) {
      if (tail * cm * s >= slot_limit) return;
      plan->splits = 1;  // pieces instead of split-K
      plan->tail_split = s;
      plan->dp_clusters = int(clusters - tail);
      plan->tail_clusters = int(tail);
      plan->fixup = best_fixup;
    }
    return;
  }
  if (s < 2 || tail * cm * s >= slot_limit) return;
  plan->tail_split = s;
  plan->dp_clusters = int(clusters - tail);
  plan->tail_clusters = int(tail);
  plan->fixup = fixup;
}

//! Sm90: tile width, TMA store, cluster, swizzle and split-K of `p` (the rest of `plan` as set).
void plan_sm90(detail::Problem const& p, Options const& o, DeviceFacts const& dev, bool no_tma_store,
               detail::Plan* plan) {
  // The deep-K stream-K rule (deep_k_stream_k) only where plan_tail_split will take it.
  bool const stream_k_ok = o.split_k == 0 && o.tail_split == 0 && o.stream_k == 0 && o.max_workers == 0 &&
                           o.cluster_m != 2 && fixup_possible(o, plan->debug) && use_tma_store(p, no_tma_store);
  plan->tile_n = o.tile_n != 0 ? o.tile_n
                 : default_tile_n(p, dev.sm_count, o.cluster_m == 2, o.tail_split > 1 || o.stream_k == 2,
                                  stream_k_ok);
  // A forced 1x2 cluster takes 64- or 128-wide tiles (the widths whose A it halves); 128 where the width
  // rule gave a wider one.
  if (o.cluster_n == 2 && !detail::sm90_width_pairs_n(plan->tile_n)) plan->tile_n = 128;
  plan->tma_store = use_tma_store(p, no_tma_store);
  // 208- and 224-wide tiles store with TMA only transposed (their width is not whole 128-byte boxes).
  if (plan->tile_n % 64 != 0 && !p.d_transposed) plan->tma_store = false;
  int const m_tiles = int(ceil_div(p.m, detail::kSm90TileM));
  int const n_tiles = int(ceil_div(p.n, plan->tile_n));
  // 2x1 clusters when there are two M tiles to pair (B is loaded once per pair, multicast) and each
  // worker runs enough k-steps for the cluster to pay (the rule below; 64-wide tiles run 1x1).
  plan->cluster_m = o.cluster_m != 0 ? o.cluster_m
                    : (m_tiles >= 2 && detail::sm90_width_pairs(plan->tile_n) && !p.d_transposed ? 2 : 1);
  plan->cluster_n = o.cluster_n == 2 ? 2 : 1;
  // Rows inside sectors, widths of the rule's (default_tile_n): 64-wide tiles in 1x2 clusters.
  int const off_sectors = o.tile_n == 0 && o.cluster_m == 0 && o.cluster_n == 0 && o.split_k <= 1 &&
                                  o.tail_split <= 1 && o.stream_k != 2 && plan->tile_n == off_sectors_width(p, dev.sm_count)
                              ? plan->tile_n
                              : 0;
  if (off_sectors == 64) plan->cluster_n = 2;
  if (plan->cluster_n == 2) plan->cluster_m = 1;
  plan->swizzle = o.swizzle != 0 ? o.swizzle : default_swizzle(n_tiles);
  int const kt = int(ceil_div(p.k, detail::kSm90TileK));
  std::int64_t tiles = 0;
  auto choose_splits = [&] {
    tiles = std::int64_t((m_tiles + plan->cluster_m - 1) / plan->cluster_m * plan->cluster_m) *
            ((n_tiles + plan->cluster_n - 1) / plan->cluster_n * plan->cluster_n) * p.batch;
    // With the in-kernel fixup the split tail (no whole wave: every tile in pieces) may do split-K's
    // work without its second kernel: plan_tail_split weighs the two and may set splits back to 1.
    int splits = o.split_k != 0 ? std::min(o.split_k, kt)
                 : o.tail_split > 1 || o.stream_k == 2 ? 1
                                    : detail_split(tiles, kt, plan->tile_n, std::int64_t(p.m) * p.n * p.batch, dev.sm_count);
    if (std::int64_t(p.batch) * splits > 65535 * 64) splits = 1;
    if (p.d_transposed) splits = 1;  // (split-K's partial sums and reduction are not transposed)
    if (plan->cluster_n == 2) splits = 1;  // (1x2 clusters run whole tiles)
    plan->splits = splits < 1 ? 1 : splits;
  };
  choose_splits();
  // A 2x1 cluster couples its two CTAs: each stage is refilled only when the consumers of both have
  // released it (remote arrives), which lengthens the ring's round trip; it pays back through the
  // multicast of B (less L2 traffic) only on problems of many waves. Measured on the H200 (both with
  // the suite of clc-bench gemm, bench/results/h200-gemm-dev-e521204.txt): 2x1 against 1x1 was 1.10x
  // at 16256x16256x4096 (62 waves), 1.02x at 6144^3 (8.7), 1.01x at 5120^3 (6.1), 0.99x and 1.00x at
  // 8192^3 and 4096^3 (within the spread), 0.97-0.98x on the one- to three-wave shapes (2048^3,
  // 3072^3, 777x8192x1536) and at 8192x8192x256 (4 k-steps per tile). A probe of the bare ring (bench/probes/mainloop_probe.cu)
  // shows the coupling alone, without multicast, costing 1.2x at 512x512x4096x8. Heuristic: 2x1
  // only with >= 6 waves of tiles and >= 16 k-steps per tile.
  if (o.cluster_m == 0 && plan->cluster_m == 2 && off_sectors != 256) {
    std::int64_t const sms = dev.sm_count < 1 ? 1 : dev.sm_count;
    std::int64_t const waves = (tiles * plan->splits + sms - 1) / sms;
    if (waves < 6 || (kt + plan->splits - 1) / plan->splits < 16) {
      plan->cluster_m = 1;
      choose_splits();
    }
  }
  if (plan->tile_n == 192 || plan->tile_n == 208 || plan->tile_n == 224 ||
      plan->cluster_n == 2) {  // whole tiles only (run() refuses a forced split tail or stream-K)
    plan->tail_split = 1;
    plan->dp_clusters = 0;
    plan->tail_clusters = 0;
    plan->fixup = false;
    plan->sk_units = 0;
  } else {
    plan_tail_split(p, o, dev, kt, tiles, plan);
  }
  std::int64_t const units =
      plan->sk_units > 0 ? (std::int64_t(plan->dp_clusters) + plan->sk_units) * plan->cluster_m
      : plan->tail_split > 1
          ? (std::int64_t(plan->dp_clusters) + std::int64_t(plan->tail_clusters) * plan->tail_split) * plan->cluster_m
          : tiles * plan->splits;
  // Source Auto: Static when every (tile, split) unit has a CTA of its own in one wave (one CTA per
  // SM; `max_workers` caps it). Each worker then runs exactly one unit, so claiming buys no balance
  // the hardware's block scheduler does not already give a one-wave grid (SMs held by another
  // kernel delay the same CTAs either way), and a Ticket claim costs the first tile a round trip to
  // L2 before its first load, plus the workspace's retirement at exit. Measured on the H200
  // (bench/results/h200-gemm-small-diag.txt): Static 1.13x Ticket's speed at 1024^3, 1.13x at
  // 512^3 x 8 and 1.14x at 64x4096x14336 (k4), all one-wave. Several waves: Ticket.
  if (o.source == SourceKind::Auto) {
    std::int64_t cap = dev.sm_count;
    if (o.max_workers > 0)
      cap = std::min<std::int64_t>(cap, std::int64_t(o.max_workers) * plan->cluster_m * plan->cluster_n);
    plan->source = units <= cap ? SourceKind::Static : SourceKind::Ticket;
  }
}

//! Bytes of partial sums a plan needs.
std::size_t split_bytes(detail::Problem const& p, detail::Plan const& plan) {
  if (plan.tail_split > 1)
    return std::size_t(plan.tail_clusters) * std::size_t(plan.cluster_m) * std::size_t(plan.tail_split) *
           std::size_t(detail::kSm90TileM) * std::size_t(plan.tile_n) * 4;
  return plan.splits > 1 ? std::size_t(plan.splits) * std::size_t(p.batch) * std::size_t(p.m) * std::size_t(p.n) * 4
                         : 0;
}

}  // namespace

Error split_workspace_bytes(Arguments const& a, Options const& o, std::size_t* bytes) {
  if (bytes == nullptr) return invalid_argument("bytes is a null pointer");
  *bytes = 0;
  CLC_TRY(can_implement(a, o));
  DeviceFacts dev;
  Choice ch;
  CLC_TRY(choose_on_current_device(a, o, &dev, &ch));
  if (ch.kernel != Kernel::Sm90) return success();
  detail::Problem const p = normalise(a);
  detail::Plan plan;
  plan_sm90(p, o, dev, false, &plan);
  *bytes = split_bytes(p, plan);
  return success();
}

namespace detail {
//! can_implement's checks of the arguments and options alone (no device is queried).
Error check_arguments(Arguments const& a, Options const& o) {
  if (a.m < 1) return invalid_argument("m must be >= 1 (got " + num(a.m) + ")");
  if (a.n < 1) return invalid_argument("n must be >= 1 (got " + num(a.n) + ")");
  if (a.k < 1) return invalid_argument("k must be >= 1 (got " + num(a.k) + ")");
  if (a.batch < 1) return invalid_argument("batch must be >= 1 (got " + num(a.batch) + ")");
  if (a.batch > 65535 * 64) return invalid_argument("batch (" + num(a.batch) + ") is too large");
  if (!valid_dtype(a.a_type) || !valid_dtype(a.b_type) || !valid_dtype(a.c_type) || !valid_dtype(a.d_type))
    return invalid_argument("a_type, b_type, c_type and d_type must be BF16, F16 or F32");
  if (a.a_type == DType::F32 || a.b_type == DType::F32)
    return not_supported(std::string("A and B must be BF16 or F16 (got a_type ") + to_string(a.a_type) + ", b_type " +
                         to_string(a.b_type) + ")");
  if (a.a_type != a.b_type)
    return not_supported(std::string("a_type (") + to_string(a.a_type) + ") and b_type (" + to_string(a.b_type) +
                         ") must be the same");
  if (a.beta != 0.0f && a.c_type != a.d_type)
    return not_supported(std::string("c_type (") + to_string(a.c_type) + ") must equal d_type (" +
                         to_string(a.d_type) + ")");
  CLC_TRY(check_operand("A", a.a, a.a_type, a.layout_a, a.lda, a.batch_stride_a, a.m, a.k, a.batch, "lda",
                        "batch_stride_a"));
  CLC_TRY(check_operand("B", a.b, a.b_type, a.layout_b, a.ldb, a.batch_stride_b, a.k, a.n, a.batch, "ldb",
                        "batch_stride_b"));
  CLC_TRY(check_operand("D", a.d, a.d_type, a.layout_d, a.ldd, a.batch_stride_d, a.m, a.n, a.batch, "ldd",
                        "batch_stride_d"));
  if (a.batch > 1) {
    bool const d_row = a.layout_d == Layout::RowMajor;
    if (batches_overlap(a.batch, a.batch_stride_d, a.ldd, d_row ? a.m : a.n, d_row ? a.n : a.m))
      return invalid_argument("batch_stride_d (" + num(a.batch_stride_d) + ") with ldd (" + num(a.ldd) +
                              ") puts elements of different batches of D (" + num(a.m) + " x " + num(a.n) +
                              ", " + num(a.batch) + " batches) at the same address");
  }
  if (a.beta != 0.0f) {
    if (a.c == nullptr) return invalid_argument("C is a null pointer but beta is " + std::to_string(a.beta));
    CLC_TRY(check_operand("C", a.c, a.c_type, a.layout_d, a.ldc, a.batch_stride_c, a.m, a.n, a.batch, "ldc",
                          "batch_stride_c"));
  }
  if (o.cluster_m < 0 || o.cluster_m > 2)
    return invalid_argument("options.cluster_m must be 0 (auto), 1 or 2 (got " + num(o.cluster_m) + ")");
  if (o.tile_n != 0 && o.tile_n != 64 && o.tile_n != 128 && o.tile_n != 192 && o.tile_n != 208 && o.tile_n != 224 &&
      o.tile_n != 256)
    return invalid_argument("options.tile_n must be 0 (auto), 64, 128, 192, 208, 224 or 256 (got " + num(o.tile_n) + ")");
  if (o.tile_n != 0 && !detail::sm90_width_pairs(o.tile_n) && o.cluster_m == 2)
    return invalid_argument("options.tile_n " + num(o.tile_n) + " does not run 2x1 clusters (options.cluster_m is 2)");
  if (o.cluster_n < 0 || o.cluster_n > 2)
    return invalid_argument("options.cluster_n must be 0 (auto), 1 or 2 (got " + num(o.cluster_n) + ")");
  if (o.cluster_n == 2) {
    if (o.cluster_m == 2) return invalid_argument("options.cluster_m and options.cluster_n cannot both be 2");
    if (o.tile_n != 0 && !detail::sm90_width_pairs_n(o.tile_n))
      return invalid_argument("options.tile_n " + num(o.tile_n) +
                              " does not run 1x2 clusters (options.cluster_n is 2: tiles 64 or 128 wide)");
    if (o.split_k > 1 || o.tail_split > 1 || o.stream_k == 2)
      return invalid_argument("options.cluster_n 2 runs whole tiles only (options.split_k is " + num(o.split_k) +
                              ", options.tail_split " + num(o.tail_split) + ", options.stream_k " + num(o.stream_k) +
                              ")");
    if (o.kernel == Kernel::Portable)
      return invalid_argument("options.cluster_n 2 needs the Sm90 kernel (the portable kernel runs 1x1 clusters)");
  }
  if ((o.tile_n == 192 || o.tile_n == 208 || o.tile_n == 224) && (o.tail_split > 1 || o.stream_k == 2))
    return invalid_argument("options.tile_n " + num(o.tile_n) + " runs whole tiles only (options.tail_split is " +
                            num(o.tail_split) + ", options.stream_k " + num(o.stream_k) + ")");
  if (o.swizzle < 0) return invalid_argument("options.swizzle must be >= 0 (got " + num(o.swizzle) + ")");
  if (o.max_workers < 0) return invalid_argument("options.max_workers must be >= 0 (got " + num(o.max_workers) + ")");
  if (o.kernel != Kernel::Auto && o.kernel != Kernel::Sm90 && o.kernel != Kernel::Portable)
    return invalid_argument("options.kernel is not a Kernel value");
  if (o.kernel == Kernel::Portable && o.cluster_m == 2)
    return invalid_argument("options.cluster_m 2 needs the Sm90 kernel (the portable kernel runs 1x1 clusters)");
  if (o.split_k < 0 || o.split_k > kMaxSplitK)
    return invalid_argument("options.split_k must be 0 (auto), 1 (off) or 2.." + num(kMaxSplitK) + " (got " +
                            num(o.split_k) + ")");
  if (o.kernel == Kernel::Portable && o.split_k > 1)
    return invalid_argument("options.split_k > 1 needs the Sm90 kernel");
  if (o.split_k > 1 && std::int64_t(a.batch) * o.split_k > 65535 * 64)
    return invalid_argument("options.split_k (" + num(o.split_k) + ") times batch (" + num(a.batch) + ") is too large");
  if (o.tail_split < 0 || o.tail_split > 16)
    return invalid_argument("options.tail_split must be 0 (auto), 1 (off) or 2..16 (got " + num(o.tail_split) + ")");
  if (o.tail_split > 1 && o.split_k > 1)
    return invalid_argument("options.tail_split (" + num(o.tail_split) + ") and options.split_k (" + num(o.split_k) +
                            ") cannot both be > 1");
  if (o.kernel == Kernel::Portable && o.tail_split > 1)
    return invalid_argument("options.tail_split > 1 needs the Sm90 kernel");
  if (o.stream_k < 0 || o.stream_k > 2)
    return invalid_argument("options.stream_k must be 0 (auto), 1 (off) or 2 (on) (got " + num(o.stream_k) + ")");
  if (o.stream_k == 2 && (o.split_k > 1 || o.tail_split > 1))
    return invalid_argument("options.stream_k 2 cannot be combined with options.split_k > 1 or options.tail_split > 1");
  if (o.stream_k == 2 && o.kernel == Kernel::Portable)
    return invalid_argument("options.stream_k 2 needs the Sm90 kernel");
  if (o.split_workspace != nullptr && reinterpret_cast<std::uintptr_t>(o.split_workspace) % 16 != 0)
    return invalid_argument("options.split_workspace is not 16-byte aligned");
  return success();
}
}  // namespace detail

Error can_implement(Arguments const& a, Options const& o) {
  CLC_TRY(detail::check_arguments(a, o));
  DeviceFacts dev;
  Choice ch;
  CLC_TRY(choose_on_current_device(a, o, &dev, &ch));
  if (ch.kernel == Kernel::Sm90 && (o.source == SourceKind::Hardware))
    return not_supported("source Hardware needs sm_100 (cluster launch control); the Sm90 kernel runs Ticket, "
                         "Static or Single");
  return success();
}

namespace detail {
Error plan_sm90_for(Arguments const& a, Options const& o, int sm_count, PlanSummary* out) {
  if (out == nullptr) return invalid_argument("out is a null pointer");
  if (sm_count < 1) return invalid_argument("sm_count must be >= 1 (got " + num(sm_count) + ")");
  CLC_TRY(check_arguments(a, o));
  std::string const why = sm90_reason(a);
  if (!why.empty()) return not_supported("the Sm90 kernel reads A and B with TMA, but " + why);
  if (o.kernel == Kernel::Portable) return invalid_argument("options.kernel is Portable: no Sm90 plan");
  DeviceFacts const dev = hopper_facts(sm_count);
  bool const swap = auto_swap(a, o, Debug{}, sm_count);
  Problem const p = normalise(a, swap);
  Plan plan;
  plan.source = o.source;
  plan_sm90(p, o, dev, false, &plan);
  *out = PlanSummary{};
  out->swapped = swap;
  out->tile_n = plan.tile_n;
  out->cluster_m = plan.cluster_m;
  out->cluster_n = plan.cluster_n;
  out->splits = plan.splits;
  out->tail_split = plan.tail_split;
  out->tail_tiles = plan.tail_split > 1 ? plan.tail_clusters * plan.cluster_m : 0;
  out->fixup = plan.fixup;
  out->stream_k_units = plan.sk_units;
  out->tma_store = plan.tma_store;
  out->source = plan.source;
  return success();
}
}  // namespace detail

Error run(Arguments const& a, cudaStream_t stream, Options const& o, RunInfo* info) {
  return detail::run(a, stream, o, detail::Debug{}, &detail::launch_sm90, info);
}

namespace detail {

Error run(Arguments const& a, cudaStream_t stream, Options const& o, Debug const& debug, Sm90Launcher sm90,
          RunInfo* info) {
  CLC_TRY(can_implement(a, o));
  DeviceFacts dev;
  Choice ch;
  CLC_TRY(choose_on_current_device(a, o, &dev, &ch));
  if (debug.swap_ab) {
    std::string const why = swap_ab_reason(a, o);
    if (!why.empty()) return invalid_argument("debug.swap_ab: " + why);
    if (ch.kernel != Kernel::Sm90) return not_supported("debug.swap_ab needs the Sm90 kernel (" + ch.why_portable + ")");
  }
  bool const swap = ch.kernel == Kernel::Sm90 && auto_swap(a, o, debug, dev.sm_count);
  Problem const p = normalise(a, swap);
  if ((o.tile_n == 208 || o.tile_n == 224) && ch.kernel == Kernel::Sm90 && !p.b_kmajor)
    return invalid_argument("options.tile_n " + num(o.tile_n) + " loads B K-major only: it needs " +
                            (p.d_transposed ? std::string("A row-major (the swapped problem's B is A^T)")
                                            : std::string("B column-major (or D column-major with A row-major)")));

  Plan plan;
  static_cast<ScheduleOptions&>(plan.launch) = o;  // the schedule as the caller set it
  plan.launch.stream = stream;
  plan.source = o.source;
  plan.debug = debug;
  RunInfo local;
  RunInfo* ri = info ? info : &local;
  *ri = RunInfo{};

  if (ch.kernel == Kernel::Sm90) {
    plan_sm90(p, o, dev, debug.no_tma_store, &plan);  // Auto: Static or Ticket (Hopper has no hardware CLC)
    if (p.d_transposed) {  // the transposed store is the TMA one; a split tail only summed in the kernel
      if (!plan.tma_store)
        return invalid_argument("debug.swap_ab needs a D that TMA can write (16-byte aligned rows and leading "
                                "dimension) and the TMA-store epilogue");
      if (plan.tail_split > 1 && !plan.fixup) {
        if (o.tail_split > 1)
          return invalid_argument("debug.swap_ab: options.tail_split " + num(o.tail_split) +
                                  " would sum the pieces in a second kernel, which does not transpose");
        plan.tail_split = 1, plan.dp_clusters = plan.tail_clusters = 0, plan.sk_units = 0;
      }
    }
    if (o.stream_k == 2 && !(fixup_possible(o, plan.debug) && plan.tma_store))
      return invalid_argument(
          "options.stream_k 2 needs the kernel to sum the pieces itself: source Ticket, Static or Auto on the "
          "default or resident-capacity grid, beta == 0 and a D whose rows TMA can write (16-byte aligned rows)");
    if (plan.splits > 1 || plan.tail_split > 1) {
      std::size_t const need = split_bytes(p, plan);
      std::string const what = plan.splits > 1     ? "split_k " + num(plan.splits)
                               : plan.sk_units > 0 ? "stream_k (" + num(plan.sk_units) + " units)"
                                                   : "tail_split " + num(plan.tail_split);
      if (o.split_workspace != nullptr) {
        if (o.split_workspace_size < need)
          return invalid_argument("options.split_workspace_size (" + num(std::int64_t(o.split_workspace_size)) +
                                  ") is below the " + num(std::int64_t(need)) + " bytes " + what +
                                  " needs (split_workspace_bytes)");
        plan.partials = static_cast<float*>(o.split_workspace);
      } else {
        void* buf = nullptr;
        CLC_TRY(clc::detail::stream_scratch(stream, need, &buf));
        if (buf == nullptr && (o.split_k > 1 || o.tail_split > 1 || o.stream_k == 2))
          return invalid_argument("options." + what +
                                  ": the stream is being captured and the library's split-K buffer cannot grow during "
                                  "capture; pass options.split_workspace or run once on this stream before capturing");
        if (buf == nullptr) plan.splits = plan.tail_split = 1, plan.sk_units = 0;  // heuristic split during capture: unsplit
        plan.partials = static_cast<float*>(buf);
      }
      if (plan.tail_split > 1 && plan.fixup) {  // the fixup's counters: library-owned, zeroed, left zero
        void* flags = nullptr;
        std::size_t const flag_bytes = std::size_t(plan.tail_clusters) * std::size_t(plan.cluster_m) * 2 * sizeof(int);
        CLC_TRY(clc::detail::stream_flags(stream, flag_bytes, &flags));
        if (flags == nullptr && (o.tail_split > 1 || o.stream_k == 2))
          return invalid_argument(std::string(o.stream_k == 2 ? "options.stream_k" : "options.tail_split") +
                                  ": the stream is being captured and the library's split-tail "
                                  "counters cannot grow during capture; run once on this stream before capturing");
        if (flags == nullptr) plan.tail_split = 1, plan.sk_units = 0;  // heuristic split during capture: unsplit
        plan.tail_flags = static_cast<int*>(flags);
      }
    }
    Sm90Maps maps;
    Error const e = encode_sm90_maps(p, plan, &maps);
    if (e.ok()) return sm90(p, plan, maps, ri);
    // Auto: an operand TMA cannot describe after all (e.g. a batch stride past 2^40 bytes) takes the
    // portable path; nothing was launched. (Not the swapped problem: the portable kernel stores D as is.)
    if (o.kernel != Kernel::Auto || e.status != Status::NotSupported || p.d_transposed) return e;
    ch.why_portable = e.message;
    plan.cluster_m = 1;
    plan.cluster_n = 1;
    plan.splits = 1;
    plan.tail_split = 1;
    plan.source = o.source;
  }
  int const n_tiles = int(ceil_div(p.n, kPortableTileN));
  plan.swizzle = o.swizzle != 0 ? o.swizzle : default_swizzle(n_tiles);
  CLC_TRY(launch_portable(p, plan, ri));
  ri->why_portable = ch.why_portable;
  return success();
}

//! Whether the common case's kernels run plan `plan` of `p`: A and B row-major (kSm90Fast: A K-major and B
//! MN-major; swapped, kSm90FastSwap: the kernel's A MN-major and B K-major, D stored transposed), D of the
//! operands' type stored with TMA, whole tiles (no split-K, split tail or stream-K), and not turned off
//! (Debug::no_fast).
bool fast_kernel(Problem const& p, Plan const& plan, Sm90Maps const& maps) {
  if (plan.debug.no_fast || !plan.tma_store || !maps.tma_store || p.cd != p.ab || plan.splits != 1 ||
      plan.tail_split > 1 || plan.sk_units != 0)
    return false;
  if (p.d_transposed)  // the swapped problem of row-major A and B (kSm90FastSwap): 1x1 clusters, any width
    return !p.a_kmajor && p.b_kmajor && plan.cluster_m == 1;
  return p.a_kmajor && !p.b_kmajor &&
         (plan.tile_n == 64 || plan.tile_n == 128 || plan.tile_n == 192 || plan.tile_n == 256);
}

Error launch_sm90(Problem const& p, Plan const& plan, Sm90Maps const& maps, RunInfo* info) {
  bool const bf = p.ab == DType::BF16;
  if (fast_kernel(p, plan, maps)) {
    switch (plan.source) {
      case SourceKind::Ticket:
        return bf ? launch_sm90_fast_typed<DType::BF16, SourceKind::Ticket>(p, plan, maps, info)
                  : launch_sm90_fast_typed<DType::F16, SourceKind::Ticket>(p, plan, maps, info);
      case SourceKind::Static:
        return bf ? launch_sm90_fast_typed<DType::BF16, SourceKind::Static>(p, plan, maps, info)
                  : launch_sm90_fast_typed<DType::F16, SourceKind::Static>(p, plan, maps, info);
      case SourceKind::Single:
        return bf ? launch_sm90_fast_typed<DType::BF16, SourceKind::Single>(p, plan, maps, info)
                  : launch_sm90_fast_typed<DType::F16, SourceKind::Single>(p, plan, maps, info);
      default:
        break;  // (the general kernels refuse the other sources by name below)
    }
  }
  if (plan.tail_split > 1 && plan.fixup) {  // (plan_tail_split sets fixup only for Ticket and Static)
    if (plan.source == SourceKind::Ticket)
      return bf ? launch_sm90_fixup_typed<DType::BF16, SourceKind::Ticket>(p, plan, maps, info)
                : launch_sm90_fixup_typed<DType::F16, SourceKind::Ticket>(p, plan, maps, info);
    if (plan.source == SourceKind::Static)
      return bf ? launch_sm90_fixup_typed<DType::BF16, SourceKind::Static>(p, plan, maps, info)
                : launch_sm90_fixup_typed<DType::F16, SourceKind::Static>(p, plan, maps, info);
  }
  switch (plan.source) {
    case SourceKind::Ticket:
      return bf ? launch_sm90_typed<DType::BF16, SourceKind::Ticket>(p, plan, maps, info)
                : launch_sm90_typed<DType::F16, SourceKind::Ticket>(p, plan, maps, info);
    case SourceKind::Static:
      return bf ? launch_sm90_typed<DType::BF16, SourceKind::Static>(p, plan, maps, info)
                : launch_sm90_typed<DType::F16, SourceKind::Static>(p, plan, maps, info);
    case SourceKind::Single:
      return bf ? launch_sm90_typed<DType::BF16, SourceKind::Single>(p, plan, maps, info)
                : launch_sm90_typed<DType::F16, SourceKind::Single>(p, plan, maps, info);
    default: break;
  }
  return not_supported(std::string("source ") + clc::to_string(plan.source) +
                       " is not available to the Sm90 kernel (Ticket, Static or Single)");
}

Error launch_portable(Problem const& p, Plan const& plan, RunInfo* info) {
  return p.ab == DType::BF16 ? launch_portable_typed<DType::BF16>(p, plan, info)
                             : launch_portable_typed<DType::F16>(p, plan, info);
}

}  // namespace detail
}  // namespace clc::gemm
