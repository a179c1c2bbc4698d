// clc::port on the GPU: every ported kernel's output is bit-identical to its original's, for several
// sizes (including sizes that are not a multiple of the block), under Ticket, Static and Single; the
// virtual block reproduces blockIdx / gridDim / threadIdx / blockDim for 1-, 2- and 3-D shapes; the
// check mode passes clean bodies and poisons dynamic shared memory; bad shapes are host errors.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "clc/port.cuh"
#include "clc_test.hpp"
#include "histogram.cuh"
#include "stencil.cuh"
#include "transpose.cuh"

namespace {

using clc::SourceKind;

constexpr SourceKind kSources[] = {SourceKind::Ticket, SourceKind::Static, SourceKind::Single};

//! Device buffer freed on scope exit.
template <class T>
struct DeviceBuffer {
  T* ptr = nullptr;
  std::size_t count = 0;
  explicit DeviceBuffer(std::size_t n) : count(n) {
    if (cudaMalloc(&ptr, n * sizeof(T)) != cudaSuccess) ptr = nullptr;
  }
  ~DeviceBuffer() {
    if (ptr) (void)cudaFree(ptr);
  }
  DeviceBuffer(DeviceBuffer const&) = delete;
  DeviceBuffer& operator=(DeviceBuffer const&) = delete;
  std::size_t bytes() const { return count * sizeof(T); }
  void poison() const { ASSERT_EQ(cudaMemset(ptr, 0xFF, bytes()), cudaSuccess); }
  std::vector<T> read() const {
    std::vector<T> h(count);
    EXPECT_EQ(cudaMemcpy(h.data(), ptr, bytes(), cudaMemcpyDeviceToHost), cudaSuccess);
    return h;
  }
  void write(std::vector<T> const& h) const {
    ASSERT_EQ(cudaMemcpy(ptr, h.data(), bytes(), cudaMemcpyHostToDevice), cudaSuccess);
  }
};

std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::vector<float> random_floats(std::size_t n, std::uint64_t seed) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = float(mix(seed * 0x9E3779B97F4A7C15ull + i) >> 40) * (1.0f / 8388608.0f) - 1.0f;
  return v;
}

template <class T>
bool same_bits(std::vector<T> const& a, std::vector<T> const& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

std::string name_of(SourceKind s, bool check) { return std::string(clc::to_string(s)) + (check ? "+check_body" : ""); }

// -- index mapping ----------------------------------------------------------------------------------

//! Every thread of every block records (block, thread, grid, block shape) in its own 4 words.
__device__ void record_index(uint3 b, dim3 g, uint3 t, dim3 bd, unsigned* out) {
  std::size_t const block_id = b.x + std::size_t(g.x) * (b.y + std::size_t(g.y) * b.z);
  std::size_t const thread_id = t.x + bd.x * (t.y + bd.y * t.z);
  std::size_t const threads = std::size_t(bd.x) * bd.y * bd.z;
  unsigned* const o = out + 4 * (block_id * threads + thread_id);
  o[0] = b.x | (b.y << 16);
  o[1] = b.z | (t.x << 16);
  o[2] = t.y | (t.z << 16);
  o[3] = (g.x * 7u + g.y * 131u + g.z) ^ (bd.x * 1000003u + bd.y * 31u + bd.z);
}

__global__ void index_original(unsigned* out) { record_index(blockIdx, gridDim, threadIdx, blockDim, out); }

__device__ void index_ported(clc::VirtualBlock const& vb, unsigned* out) {
  record_index(vb.idx, vb.dim, vb.thread, vb.block, out);
}

TEST(PortDevice, VirtualBlockMatchesTheOriginalIndices) {
  CLC_REQUIRE_GPU();
  struct Shape {
    dim3 grid, block;
  };
  for (Shape const sh : {Shape{dim3(1000), dim3(32)}, Shape{dim3(7, 5, 3), dim3(8, 4, 2)},
                         Shape{dim3(3, 300, 2), dim3(16, 2, 4)}, Shape{dim3(1), dim3(32, 32)},
                         Shape{dim3(2, 2, 9), dim3(2, 3, 16)}}) {
    std::size_t const words = 4 * std::size_t(sh.grid.x) * sh.grid.y * sh.grid.z * clc::port::threads_of(sh.block);
    DeviceBuffer<unsigned> out(words);
    ASSERT_NE(out.ptr, nullptr);
    out.poison();
    index_original<<<sh.grid, sh.block>>>(out.ptr);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<unsigned> const ref = out.read();
    // Blocks per tile: automatic, 3 (the walk carries into y and z mid-tile) with 3 workers (many
    // tiles per worker), and 64 (tiles larger than some grids).
    for (int per : {0, 3, 64}) {
      for (SourceKind s : kSources) {
        SCOPED_TRACE(std::string(clc::to_string(s)) + " grid " + std::to_string(sh.grid.x) + "x" +
                     std::to_string(sh.grid.y) + "x" + std::to_string(sh.grid.z) + " blocks_per_tile " +
                     std::to_string(per));
        out.poison();
        clc::port::Options o = clc::port::options().with_source(s).with_blocks_per_tile(per);
        if (per == 3) o.max_workers = 3;
        if (clc::port::threads_of(sh.block) == 1024) {
          // The runtime's registers plus the body's exceed 64 per thread: a 1024-thread block needs the
          // bound (docs/porting.md, item 7).
          using Bounds = clc::port::LaunchBounds<1024>;
          CLC_OK((clc::port::launch<index_ported, Bounds>(sh.grid, sh.block, o, out.ptr)));
        } else {
          CLC_OK(clc::port::launch<index_ported>(sh.grid, sh.block, o, out.ptr));
        }
        CUDA_OK(cudaDeviceSynchronize());
        EXPECT_TRUE(same_bits(out.read(), ref));
      }
    }
  }
}

//! Ticket's two loops for a ported body: its own (one tile per claim, claimed ahead: the default)
//! and the scheduler's (any other claim timing or grain; check mode). Every index recorded exactly
//! where the original put it, with many tiles per worker, over back-to-back launches that share
//! the stream's workspace (each loop must leave it reset for the next launch, whichever loop that is).
TEST(PortDevice, TicketLoopsRecordEveryIndexOverBackToBackLaunches) {
  CLC_REQUIRE_GPU();
  dim3 const grid(37, 11, 3), block(16, 4, 2);
  std::size_t const words = 4 * std::size_t(grid.x) * grid.y * grid.z * clc::port::threads_of(block);
  DeviceBuffer<unsigned> out(words);
  ASSERT_NE(out.ptr, nullptr);
  out.poison();
  index_original<<<grid, block>>>(out.ptr);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<unsigned> const ref = out.read();
  struct Variant {
    char const* name;
    clc::ClaimTiming claim;
    int max_grain, max_workers, per_tile;
    clc::GridMode grid;
  };
  Variant const variants[] = {
      {"default (the port's loop)", clc::ClaimTiming::Auto, 0, 0, 0, clc::GridMode::Default},
      {"ahead, 5 workers, 2 blocks per tile", clc::ClaimTiming::Ahead, 1, 5, 2, clc::GridMode::Default},
      {"every-tile grid", clc::ClaimTiming::Auto, 0, 0, 1, clc::GridMode::EveryTile},
      {"on demand (scheduler loop), 3 workers", clc::ClaimTiming::OnDemand, 0, 3, 1, clc::GridMode::Default},
      {"max_grain 4 (scheduler loop), 7 workers", clc::ClaimTiming::Auto, 4, 7, 1, clc::GridMode::Default},
  };
  for (int round = 0; round < 40; ++round) {
    for (Variant const& v : variants) {
      SCOPED_TRACE(std::string(v.name) + ", round " + std::to_string(round));
      out.poison();
      clc::port::Options o = clc::port::options().with_source(SourceKind::Ticket).with_blocks_per_tile(v.per_tile);
      o.claim = v.claim;
      o.max_grain = v.max_grain;
      o.max_workers = v.max_workers;
      o.grid = v.grid;
      CLC_OK(clc::port::launch<index_ported>(grid, block, o, out.ptr));
      CUDA_OK(cudaDeviceSynchronize());
      ASSERT_TRUE(same_bits(out.read(), ref));
    }
  }
}

//! One byte of shared memory that the blocks of a tile would race on without the barrier between
//! them: thread 0 writes the block's byte, every thread reads it after the body's barrier.
__device__ void shared_byte_ported(clc::VirtualBlock const& vb, unsigned* out) {
  __shared__ unsigned char byte;
  if (vb.thread.x == 0) byte = static_cast<unsigned char>(vb.idx.x * 37u + 11u);
  __syncthreads();
  out[std::size_t(vb.idx.x) * vb.block.x + vb.thread.x] = byte;
}

//! The static shared memory of the port's own Ticket loop's kernel for `Fn`.
template <auto Fn>
std::size_t ticket_loop_static_smem() {
  auto const kernel = clc::port::detail::port_kernel_for<clc::port::detail::FunctionBody<Fn>, clc::source::Ticket, 2,
                                                         clc::port::NoLaunchBounds, false, true>();
  cudaFuncAttributes attr{};
  EXPECT_EQ(cudaFuncGetAttributes(&attr, reinterpret_cast<void const*>(kernel)), cudaSuccess);
  return attr.sharedSizeBytes;
}

//! The port's own Ticket loop drops the barrier between the blocks of a tile only for a body without
//! shared memory: the kernel's static shared memory tells (the loop's own 16 bytes and nothing else),
//! and the launch has no dynamic shared memory. A body with a single byte keeps the barrier, and its
//! blocks, 7 per tile on 3 workers, read their own byte every time.
TEST(PortDevice, OnlyBodiesWithoutSharedMemoryRunTheirBlocksWithoutABarrier) {
  CLC_REQUIRE_GPU();
  using clc::port::detail::blocks_share_nothing;
  std::size_t const none = ticket_loop_static_smem<index_ported>();
  std::size_t const one_byte = ticket_loop_static_smem<shared_byte_ported>();
  std::size_t const stencil_tile = ticket_loop_static_smem<stencil::ported::stencil5>();
  EXPECT_EQ(none, clc::port::detail::kTicketLoopSmemBytes);
  EXPECT_TRUE(blocks_share_nothing(none, 0));
  EXPECT_FALSE(blocks_share_nothing(none, 4)) << "dynamic shared memory keeps the barrier";
  EXPECT_GT(one_byte, clc::port::detail::kTicketLoopSmemBytes);
  EXPECT_FALSE(blocks_share_nothing(one_byte, 0));
  EXPECT_FALSE(blocks_share_nothing(stencil_tile, 0));

  dim3 const grid(4001), block(256);
  DeviceBuffer<unsigned> out(std::size_t(grid.x) * block.x);
  ASSERT_NE(out.ptr, nullptr);
  std::vector<unsigned> ref(out.count);
  for (std::size_t i = 0; i < ref.size(); ++i) ref[i] = static_cast<unsigned char>((i / block.x) * 37u + 11u);
  for (int round = 0; round < 20; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    out.poison();
    clc::port::Options o = clc::port::options().with_source(SourceKind::Ticket).with_blocks_per_tile(7);
    o.max_workers = 3;
    CLC_OK(clc::port::launch<shared_byte_ported>(grid, block, o, out.ptr));
    CUDA_OK(cudaDeviceSynchronize());
    ASSERT_TRUE(same_bits(out.read(), ref));
  }
}

// -- the three example kernels -----------------------------------------------------------------------

TEST(PortDevice, StencilBitIdentical) {
  CLC_REQUIRE_GPU();
  struct Size {
    int w, h;
  };
  for (Size const sz : {Size{1, 1}, Size{32, 8}, Size{33, 9}, Size{100, 3}, Size{1000, 777}, Size{2048, 1024}}) {
    std::size_t const n = std::size_t(sz.w) * sz.h;
    DeviceBuffer<float> in(n), out(n);
    ASSERT_NE(in.ptr, nullptr);
    ASSERT_NE(out.ptr, nullptr);
    in.write(random_floats(n, 100 + sz.w));
    dim3 const grid = stencil::grid_for(sz.w, sz.h);
    out.poison();
    stencil::original::stencil5<<<grid, stencil::block()>>>(in.ptr, out.ptr, sz.w, sz.h);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<float> const ref = out.read();
    for (SourceKind s : kSources) {
      for (bool check : {false, true}) {
        for (int per : {1, 5}) {  // 5 blocks per tile: the body's barrier and shared memory across blocks of a tile
          SCOPED_TRACE(name_of(s, check) + " " + std::to_string(sz.w) + "x" + std::to_string(sz.h) +
                       " blocks_per_tile " + std::to_string(per));
          out.poison();
          CLC_OK(clc::port::launch<stencil::ported::stencil5>(
              grid, stencil::block(),
              clc::port::options().with_source(s).with_check_body(check).with_blocks_per_tile(per), in.ptr, out.ptr,
              sz.w, sz.h));
          CUDA_OK(cudaDeviceSynchronize());
          EXPECT_TRUE(same_bits(out.read(), ref));
        }
      }
    }
  }
}

TEST(PortDevice, HistogramLastBlockBitIdentical) {
  CLC_REQUIRE_GPU();
  for (std::size_t const n : {std::size_t(1), std::size_t(histogram::kItemsPerBlock),
                              std::size_t(histogram::kItemsPerBlock) + 1, std::size_t(5'000'001)}) {
    std::vector<unsigned char> host(n);
    for (std::size_t i = 0; i < n; ++i) host[i] = static_cast<unsigned char>(mix(n + i) >> 13);
    dim3 const grid = histogram::grid_for(n);
    DeviceBuffer<unsigned char> data(n);
    DeviceBuffer<unsigned> partials(std::size_t(grid.x) * histogram::kBins), hist(histogram::kBins), done(1);
    ASSERT_NE(data.ptr, nullptr);
    ASSERT_NE(partials.ptr, nullptr);
    data.write(host);
    CUDA_OK(cudaMemset(done.ptr, 0, sizeof(unsigned)));
    hist.poison();
    partials.poison();
    histogram::original::histogram256<<<grid, histogram::block()>>>(data.ptr, n, partials.ptr, hist.ptr, done.ptr);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<unsigned> const ref_hist = hist.read();
    std::vector<unsigned> const ref_partials = partials.read();
    std::vector<unsigned> expect(histogram::kBins, 0);
    for (unsigned char b : host) ++expect[b];
    EXPECT_EQ(ref_hist, expect) << "the original kernel itself is wrong";
    for (SourceKind s : kSources) {
      for (bool check : {false, true}) {
        SCOPED_TRACE(name_of(s, check) + " n=" + std::to_string(n));
        hist.poison();
        partials.poison();
        // Two launches back to back: the counter must wrap to 0 by itself (no memset in between).
        for (int rep = 0; rep < 2; ++rep) {
          CLC_OK(clc::port::launch<histogram::ported::histogram256>(
              grid, histogram::block(), clc::port::options().with_source(s).with_check_body(check), data.ptr, n,
              partials.ptr, hist.ptr, done.ptr));
        }
        CUDA_OK(cudaDeviceSynchronize());
        EXPECT_TRUE(same_bits(hist.read(), ref_hist));
        EXPECT_TRUE(same_bits(partials.read(), ref_partials));
        EXPECT_EQ(done.read()[0], 0u) << "the last tile did not reset the counter";
      }
    }
  }
}

TEST(PortDevice, TransposeBitIdentical) {
  CLC_REQUIRE_GPU();
  struct Size {
    int rows, cols;
  };
  for (Size const sz : {Size{1, 1}, Size{32, 32}, Size{31, 33}, Size{64, 1}, Size{1000, 3000}, Size{2049, 1023}}) {
    std::size_t const n = std::size_t(sz.rows) * sz.cols;
    DeviceBuffer<float> in(n), out(n);
    ASSERT_NE(in.ptr, nullptr);
    in.write(random_floats(n, 200 + sz.rows));
    dim3 const grid = transpose::grid_for(sz.rows, sz.cols);
    out.poison();
    transpose::original::transpose32<<<grid, transpose::block()>>>(in.ptr, out.ptr, sz.rows, sz.cols);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<float> const ref = out.read();
    for (SourceKind s : kSources) {
      for (bool check : {false, true}) {
        SCOPED_TRACE(name_of(s, check) + " " + std::to_string(sz.rows) + "x" + std::to_string(sz.cols));
        out.poison();
        CLC_OK(clc::port::launch<transpose::ported::transpose32>(
            grid, transpose::block(), clc::port::options().with_source(s).with_check_body(check), in.ptr, out.ptr,
            sz.rows, sz.cols));
        CUDA_OK(cudaDeviceSynchronize());
        EXPECT_TRUE(same_bits(out.read(), ref));
      }
    }
  }
}

//! The functor form of the same body (it can return the LaunchInfo).
struct TransposeFunctor {
  float const* in;
  float* out;
  int rows, cols;
  __device__ void operator()(clc::VirtualBlock const& vb) const { transpose::ported::transpose32(vb, in, out, rows, cols); }
};

TEST(PortDevice, TicketEveryTileGridBitIdentical) {
  CLC_REQUIRE_GPU();
  int const rows = 777, cols = 1025;
  std::size_t const n = std::size_t(rows) * cols;
  DeviceBuffer<float> in(n), out(n);
  in.write(random_floats(n, 7));
  dim3 const grid = transpose::grid_for(rows, cols);
  transpose::original::transpose32<<<grid, transpose::block()>>>(in.ptr, out.ptr, rows, cols);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
  std::vector<float> const ref = out.read();
  out.poison();
  clc::LaunchInfo info;
  CLC_OK(clc::port::launch(TransposeFunctor{in.ptr, out.ptr, rows, cols}, grid, transpose::block(),
                           clc::port::options().with_source(SourceKind::Ticket).with_grid_mode(clc::GridMode::EveryTile),
                           &info));
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(info.grid, clc::GridMode::EveryTile);
  EXPECT_EQ(info.block_dim.x, 256u);
  EXPECT_TRUE(same_bits(out.read(), ref));
}

// -- dynamic shared memory, launch bounds, functor bodies ---------------------------------------------

constexpr int kRevThreads = 128;
constexpr int kRevItems = 16384;  // floats per block: 64 KiB of dynamic shared memory (opt-in needed)

//! Reverse each 16K-float chunk through dynamic shared memory.
__global__ void __launch_bounds__(kRevThreads, 2) reverse_original(float const* in, float* out, int n) {
  extern __shared__ float buf[];
  std::size_t const base = std::size_t(blockIdx.x) * kRevItems;
  for (int i = threadIdx.x; i < kRevItems; i += blockDim.x) buf[i] = base + i < std::size_t(n) ? in[base + i] : 0.0f;
  __syncthreads();  // the chunk is in shared memory
  for (int i = threadIdx.x; i < kRevItems; i += blockDim.x)
    if (base + i < std::size_t(n)) out[base + i] = buf[kRevItems - 1 - i];
}

struct ReverseBody {
  float const* in;
  float* out;
  int n;
  static constexpr dim3 required_block{kRevThreads, 1, 1};
  __device__ void operator()(clc::VirtualBlock const& vb) const {
    extern __shared__ float buf[];
    std::size_t const base = std::size_t(vb.idx.x) * kRevItems;
    for (int i = threadIdx.x; i < kRevItems; i += blockDim.x) buf[i] = base + i < std::size_t(n) ? in[base + i] : 0.0f;
    __syncthreads();  // the chunk is in shared memory
    for (int i = threadIdx.x; i < kRevItems; i += blockDim.x)
      if (base + i < std::size_t(n)) out[base + i] = buf[kRevItems - 1 - i];
  }
};

TEST(PortDevice, DynamicSharedMemoryAboveTheDefaultLimitAndLaunchBounds) {
  CLC_REQUIRE_GPU();
  std::size_t const smem = kRevItems * sizeof(float);
  CUDA_OK(cudaFuncSetAttribute(reverse_original, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
  for (int const n : {1, kRevItems, 3 * kRevItems + 5, 200 * kRevItems + 77}) {
    DeviceBuffer<float> in{std::size_t(n)}, out{std::size_t(n)};
    in.write(random_floats(std::size_t(n), 3));
    dim3 const grid((n + kRevItems - 1) / kRevItems);
    out.poison();
    reverse_original<<<grid, kRevThreads, smem>>>(in.ptr, out.ptr, n);
    CUDA_OK(cudaGetLastError());
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<float> const ref = out.read();
    for (SourceKind s : kSources) {
      for (bool check : {false, true}) {
        SCOPED_TRACE(name_of(s, check) + " n=" + std::to_string(n));
        out.poison();
        using Bounds = clc::port::LaunchBounds<kRevThreads, 2>;  // the original's __launch_bounds__
        CLC_OK(clc::port::launch<Bounds>(ReverseBody{in.ptr, out.ptr, n}, grid, dim3(kRevThreads),
                                         clc::port::options(smem).with_source(s).with_check_body(check)));
        CUDA_OK(cudaDeviceSynchronize());
        EXPECT_TRUE(same_bits(out.read(), ref));
      }
    }
  }
}

//! Reads dynamic shared memory before writing it: state left by an earlier tile.
struct StaleReader {
  unsigned* out;
  __device__ void operator()(clc::VirtualBlock const& vb) const {
    extern __shared__ unsigned words[];
    unsigned const stale = words[threadIdx.x];
    __syncthreads();  // everyone has read before anyone writes
    words[threadIdx.x] = vb.idx.x;
    if (threadIdx.x == 0) out[vb.idx.x] = stale;
  }
};

TEST(PortDevice, CheckModePoisonsDynamicSharedMemoryBetweenTiles) {
  CLC_REQUIRE_GPU();
  unsigned const tiles = 5000;
  DeviceBuffer<unsigned> out(tiles);
  for (SourceKind s : kSources) {
    SCOPED_TRACE(clc::to_string(s));
    CUDA_OK(cudaMemset(out.ptr, 0, out.bytes()));
    CLC_OK(clc::port::launch(StaleReader{out.ptr}, dim3(tiles), dim3(64),
                             clc::port::options(64 * sizeof(unsigned)).with_source(s).with_check_body()));
    CUDA_OK(cudaDeviceSynchronize());
    std::vector<unsigned> const got = out.read();
    std::size_t poisoned = 0;
    for (unsigned v : got) poisoned += v == 0xFFFFFFFFu;
    EXPECT_EQ(poisoned, tiles) << "every tile, the first of each CTA included, must read the poison";
  }
}

__device__ void by_value_body(clc::VirtualBlock vb, unsigned* out, std::size_t n) noexcept {
  if (vb.idx.x * 32 + threadIdx.x < n) out[vb.idx.x * 32 + threadIdx.x] = 1;
}

// -- host errors (no GPU needed: the shape is checked before any CUDA call) ---------------------------

TEST(PortErrors, BadShapesAreHostErrorsNamingTheArgument) {
  auto expect_invalid = [](clc::Error const& e, char const* needle) {
    EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
    EXPECT_NE(e.message.find(needle), std::string::npos) << e.message;
  };
  unsigned* p = nullptr;
  expect_invalid(clc::port::launch<index_ported>(dim3(4), dim3(10, 10), clc::port::options(), p), "multiple of 32");
  expect_invalid(clc::port::launch<index_ported>(dim3(0, 1), dim3(32), clc::port::options(), p), "original_grid");
  expect_invalid(clc::port::launch<index_ported>(dim3(1), dim3(2048), clc::port::options(), p), "original_block");
  expect_invalid(clc::port::launch<clc::port::LaunchBounds<kRevThreads, 2>>(ReverseBody{nullptr, nullptr, 0}, dim3(1),
                                                                            dim3(256)),
                 "LaunchBounds");
  expect_invalid(clc::port::launch(ReverseBody{nullptr, nullptr, 0}, dim3(1), dim3(64, 2)), "required_block");
  // Other accepted body signatures compile (the VirtualBlock by value, noexcept); int converts to size_t.
  expect_invalid(clc::port::launch<by_value_body>(dim3(0), dim3(32), clc::port::options(), p, 7), "original_grid");
}

}  // namespace
