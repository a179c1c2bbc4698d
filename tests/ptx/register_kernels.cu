// The block kernels of clc::launch with a functor of about 20 registers (AXPY on float4: 18 in a
// plain kernel), for the register budget check (check_registers.cmake): the runtime's own live
// state must leave a 128-thread CTA at <= 32 registers per thread, so that Ticket and Static fit
// as many CTAs per SM (16 on an H200) as a plain grid (Single).
#include "clc/clc.cuh"

namespace {

struct Axpy {
  float const* x;
  float* y;
  float a;
  int n;
  __device__ void operator()(clc::WorkTile const& t) const {
    int const i = (t.x * int(blockDim.x) + int(threadIdx.x)) * 4;
    if (i + 3 < n) {
      float4 const v = *reinterpret_cast<float4 const*>(x + i);
      float4 w = *reinterpret_cast<float4 const*>(y + i);
      w.x += a * v.x;
      w.y += a * v.y;
      w.z += a * v.z;
      w.w += a * v.w;
      *reinterpret_cast<float4*>(y + i) = w;
    }
  }
};

struct Empty {
  __device__ void operator()(clc::WorkTile const&) const {}
};

}  // namespace

#define CLC_REGISTER_KERNEL(F, S, N) \
  template __global__ void clc::block_kernel<F, clc::source::S, N>(__grid_constant__ clc::BlockKernelParams<F> const);
#define CLC_REGISTER_KERNELS(F, S) CLC_REGISTER_KERNEL(F, S, 1) CLC_REGISTER_KERNEL(F, S, 2) CLC_REGISTER_KERNEL(F, S, 4)

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
CLC_REGISTER_KERNELS(Axpy, Hardware)
CLC_REGISTER_KERNELS(Empty, Hardware)
#endif
CLC_REGISTER_KERNELS(Axpy, Ticket)
CLC_REGISTER_KERNELS(Axpy, Cancel)
CLC_REGISTER_KERNELS(Axpy, Static)
CLC_REGISTER_KERNELS(Axpy, Single)
CLC_REGISTER_KERNELS(Empty, Ticket)
CLC_REGISTER_KERNELS(Empty, Cancel)
CLC_REGISTER_KERNELS(Empty, Static)
CLC_REGISTER_KERNELS(Empty, Single)
