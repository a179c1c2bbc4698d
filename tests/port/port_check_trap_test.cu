// clc::port's check mode turns the classic porting bug, a `return` before a __syncthreads that other
// threads still wait on, into a reported error (the kernel traps after naming the tile and thread)
// instead of a silent race or a hang. Its own executable: a trap leaves the CUDA context unusable.
#include <gtest/gtest.h>

#include "clc/port.cuh"
#include "clc_test.hpp"

namespace {

//! In tile 3, warps 2 and 3 return early; warps 0 and 1 then wait on a barrier forever.
struct EarlyReturn {
  int* out;
  __device__ void operator()(clc::VirtualBlock const& vb) const {
    __shared__ int s[128];
    if (vb.idx.x == 3 && threadIdx.x >= 64) return;  // the hazard under test
    s[threadIdx.x] = int(vb.idx.x);
    __syncthreads();
    out[vb.idx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];
  }
};

TEST(PortCheck, ReturnBeforeBarrierIsReported) {
  CLC_REQUIRE_GPU();
  int* out = nullptr;
  CUDA_OK(cudaMalloc(&out, 64 * 128 * sizeof(int)));
  clc::Error const e = clc::port::launch(EarlyReturn{out}, dim3(64), dim3(128), clc::port::options().with_check_body());
  ASSERT_TRUE(e.ok()) << e.what();
  cudaError_t const sync = cudaDeviceSynchronize();
  EXPECT_NE(sync, cudaSuccess) << "the check mode should have trapped";
  // The context is now unusable; nothing else runs in this process.
}

}  // namespace
