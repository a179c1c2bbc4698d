// Host tests of clc::gemm's argument checks, no GPU needed: can_implement refuses bad arguments with a
// message naming the argument before any device query (valid arguments fail, if at all, only at the
// device query: CudaError without a GPU); extents that would overflow 64-bit offsets are refused; the
// batches of D may not share an element, decided exactly (against a brute-force count of addresses);
// extreme values (INT_MAX extents, INT64_MAX strides) are handled without undefined behaviour (the
// sanitizer build of the host tests checks that).
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>

#include "gemm/gemm.hpp"

namespace {

namespace gemm = clc::gemm;

// Never dereferenced: 256-byte aligned addresses, only checked for alignment.
void const* fake(int i) { return reinterpret_cast<void const*>(std::uintptr_t(i + 1) << 24); }

gemm::Arguments base() {
  gemm::Arguments g;
  g.m = g.n = g.k = 16;
  g.a = fake(0);
  g.lda = 16;
  g.b = fake(1);
  g.ldb = 16;
  g.d = const_cast<void*>(fake(2));
  g.ldd = 16;
  return g;
}

//! Passed every check that needs no device.
bool passes_host_checks(gemm::Arguments const& g, gemm::Options const& o = {}) {
  clc::Error const e = gemm::can_implement(g, o);
  return e.ok() || e.status == clc::Status::CudaError;
}

void expect_refused(gemm::Arguments const& g, char const* what, std::initializer_list<char const*> words,
                    gemm::Options const& o = {}) {
  SCOPED_TRACE(what);
  clc::Error const e = gemm::can_implement(g, o);
  EXPECT_EQ(e.status, clc::Status::InvalidArgument) << e.what();
  for (char const* w : words) EXPECT_NE(e.message.find(w), std::string::npos) << "no '" << w << "' in: " << e.what();
  // run() refuses it the same way, before touching the device.
  clc::Error const r = gemm::run(g, nullptr, o);
  EXPECT_EQ(r.status, e.status) << r.what();
  EXPECT_EQ(r.message, e.message);
}

TEST(GemmArgs, ValidArgumentsPassTheHostChecks) {
  EXPECT_TRUE(passes_host_checks(base()));
  auto g = base();
  g.batch = 4;  // stacked batches
  g.batch_stride_a = g.batch_stride_b = g.batch_stride_d = 256;
  EXPECT_TRUE(passes_host_checks(g));
  g.batch_stride_a = g.batch_stride_b = 0;  // A and B broadcast over the batch: only D must not overlap
  EXPECT_TRUE(passes_host_checks(g));
  g.ldd = 64;  // batches side by side in one wide matrix: strides below one matrix's extent, no overlap
  g.batch_stride_d = 16;
  EXPECT_TRUE(passes_host_checks(g));
  g.beta = 1.0f;  // C may overlap itself (read only): a broadcast C
  g.c = fake(3);
  g.ldc = 16;
  g.batch_stride_c = 0;
  EXPECT_TRUE(passes_host_checks(g));
}

TEST(GemmArgs, RefusedWithTheArgumentNamedWithoutADevice) {
  { auto g = base(); g.a = nullptr; expect_refused(g, "A null", {"A is a null pointer"}); }
  { auto g = base(); g.lda = 15; expect_refused(g, "lda < k", {"lda (15)"}); }
  { auto g = base(); g.m = 0; expect_refused(g, "m = 0", {"m must be >= 1"}); }
  {
    auto g = base();
    g.lda = INT64_MAX;
    expect_refused(g, "lda = INT64_MAX", {"A spans 2^62 bytes or more", "lda"});
  }
  {
    auto g = base();
    g.ldd = std::int64_t(1) << 58;  // 15 rows of 2^58 elements of 2 bytes
    expect_refused(g, "ldd spanning 2^62 bytes", {"D spans 2^62 bytes or more", "ldd"});
  }
  {
    auto g = base();
    g.batch = 3;
    g.batch_stride_a = g.batch_stride_d = 256;
    g.batch_stride_b = std::int64_t(1) << 61;
    expect_refused(g, "batch_stride_b spanning 2^62 bytes", {"B spans 2^62 bytes or more", "batch_stride_b"});
  }
  {
    auto g = base();
    g.m = g.n = g.k = 2147483647;
    g.lda = g.ldb = g.ldd = 2147483647;
    expect_refused(g, "INT_MAX extents", {"A spans 2^62 bytes or more"});
  }
  {
    auto g = base();
    g.batch = 2;
    g.batch_stride_a = g.batch_stride_b = 256;
    g.batch_stride_d = 0;
    expect_refused(g, "batch_stride_d 0", {"batch_stride_d (0)", "same address"});
  }
  {
    auto g = base();
    g.batch = 2;
    g.batch_stride_a = g.batch_stride_b = 256;
    g.batch_stride_d = 16;  // batch 1's row 0 is batch 0's row 1
    expect_refused(g, "batch_stride_d = ldd", {"batch_stride_d (16)", "ldd (16)"});
  }
  {
    auto g = base();
    g.batch = 2;
    g.layout_d = gemm::Layout::ColMajor;  // 16 x 16 column-major: columns of 16
    g.batch_stride_a = g.batch_stride_b = 256;
    g.batch_stride_d = 255;
    expect_refused(g, "column-major D, batches one element short", {"batch_stride_d (255)"});
  }
}

//! batches_overlap is exact: against the set of addresses of every element of D, for small shapes,
//! leading dimensions and batch strides in both layouts.
TEST(GemmArgs, BatchOverlapOfDIsExact) {
  int refused = 0, passed = 0;
  for (int layout = 0; layout < 2; ++layout)
    for (int m : {1, 2, 3})
      for (int n : {1, 2, 4})
        for (int batch : {2, 3, 5})
          for (int extra = 0; extra < 4; ++extra)
            for (std::int64_t bs = 0; bs <= 30; ++bs) {
              bool const row = layout == 0;
              std::int64_t const ld = (row ? n : m) + extra;
              int const major = row ? m : n, minor = row ? n : m;
              std::set<std::int64_t> addr;
              bool overlap = false;
              for (int b = 0; b < batch && !overlap; ++b)
                for (int i = 0; i < major && !overlap; ++i)
                  for (int j = 0; j < minor && !overlap; ++j) overlap = !addr.insert(b * bs + i * ld + j).second;
              auto g = base();
              g.m = m;
              g.n = n;
              g.batch = batch;
              g.layout_d = row ? gemm::Layout::RowMajor : gemm::Layout::ColMajor;
              g.ldd = ld;
              g.batch_stride_a = g.batch_stride_b = 0;
              g.batch_stride_d = bs;
              g.lda = 16;
              g.ldb = 16;
              clc::Error const e = gemm::can_implement(g);
              bool const said_overlap =
                  e.status == clc::Status::InvalidArgument && e.message.find("same address") != std::string::npos;
              EXPECT_EQ(said_overlap, overlap) << (row ? "row" : "col") << "-major D " << m << " x " << n << " x "
                                               << batch << " ld " << ld << " bs " << bs << ": " << e.what();
              if (!overlap) EXPECT_TRUE(e.ok() || e.status == clc::Status::CudaError) << e.what();
              (overlap ? refused : passed)++;
            }
  EXPECT_GT(refused, 100);
  EXPECT_GT(passed, 100);
}

}  // namespace
