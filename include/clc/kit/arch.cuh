//! @file kit/arch.cuh
//! @brief What the kit needs from the target, and two machine helpers every kernel uses: 32-bit
//! shared-memory addresses and warpgroup register reallocation (`setmaxnreg`).
//!
//! The kit's sm_90a instructions (wgmma, setmaxnreg, TMA multicast) compile to nothing on other
//! targets: a kernel that uses them guards its body with `#if CLC_KIT_SM90A` and is launched on Hopper
//! only (the host side checks the device), exactly as the GEMM does.
#pragma once

#include <cstdint>

#include "../config.cuh"

#define CLC_KIT_DEVICE __device__ __forceinline__

// CLC_KIT_SM90A: the device pass targets sm_90a (wgmma, setmaxnreg, TMA multicast and im2col).
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 900) && defined(__CUDA_ARCH_FEAT_SM90_ALL)
#  define CLC_KIT_SM90A 1
#else
#  define CLC_KIT_SM90A 0
#endif

namespace clc::kit {

#if defined(__CUDACC__)

//! The shared-window address of `p` (what PTX's shared-memory operands take).
CLC_KIT_DEVICE std::uint32_t smem_u32(void const* p) { return static_cast<std::uint32_t>(__cvta_generic_to_shared(p)); }

//! `p` rounded up to an `Align`-byte boundary of the shared window. Every CTA computes the same
//! offset from the same layout, so multicast destinations coincide across a cluster.
template <unsigned Align>
CLC_KIT_DEVICE unsigned char* align_smem(unsigned char* p) {
  static_assert((Align & (Align - 1)) == 0, "Align must be a power of two");
  return p + ((Align - (smem_u32(p) & (Align - 1))) & (Align - 1));
}

//! `v`, held alike by every lane of the (full, converged) warp, as a value the compiler knows to be
//! warp-uniform: ptxas keeps what is computed from it in uniform registers. It cannot prove that of
//! a value read from shared memory (a scheduled tile), and TMA takes its coordinates in uniform
//! registers: without this, each load re-moves them one lane at a time (R2UR) inside its loop.
CLC_KIT_DEVICE int warp_uniform(int v) { return __reduce_max_sync(0xffffffffu, v); }

//! Lower this warpgroup's register budget to `Regs` (warpgroup-collective; 24..256, multiple of 8).
template <int Regs>
CLC_KIT_DEVICE void regs_decrease() {
  static_assert(Regs >= 24 && Regs <= 256 && Regs % 8 == 0, "setmaxnreg takes 24..256 in steps of 8");
#if CLC_KIT_SM90A
  asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;" ::"n"(Regs));
#endif
}
//! Raise this warpgroup's register budget to `Regs` (blocks until other warpgroups released enough).
template <int Regs>
CLC_KIT_DEVICE void regs_increase() {
  static_assert(Regs >= 24 && Regs <= 256 && Regs % 8 == 0, "setmaxnreg takes 24..256 in steps of 8");
#if CLC_KIT_SM90A
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" ::"n"(Regs));
#endif
}

#endif  // __CUDACC__

//! A 32-bit read-only global load issued where it stands: volatile, so the compiler keeps it in program
//! order with the kit's other volatile instructions (wgmma, barriers) and cannot sink it to the value's
//! first use -- e.g. epilogue operands loaded as a tile starts, their latency under its mainloop.
CLC_KIT_DEVICE std::uint32_t load_nc_u32_here(void const* p) {
  std::uint32_t v;
  asm volatile("ld.global.nc.b32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}

}  // namespace clc::kit
