//! @file kit/kit.cuh
//! @brief Umbrella header of the kernel kit (namespace clc::kit): the device vocabulary every workload
//! is written in. docs/kernels.md shows the vocabulary and a workload written on it.
//!  - arch.cuh            target macro CLC_KIT_SM90A, smem addresses, setmaxnreg
//!  - barrier.cuh         mbarrier, fences, named barriers (the runtime's primitives)
//!  - tma.cuh             TMA loads (tiled, multicast, im2col), stores, bulk groups
//!  - tma_desc.hpp        host: tiled and im2col tensor maps
//!  - wgmma.cuh           wgmma SS and RS forms, descriptors, fence/commit/wait
//!  - tma_ring.cuh        the producer/consumer stage ring on PipelineState
//!  - epilogue.cuh        the TMA-store epilogue of a warpgroup's accumulators, and the direct fp32 one
//!  - split_k.cuh         the fixed-order split-K reduction kernel
//!  - warp_specialized.cuh the persistent warp-specialised kernel skeleton
//!  - cp_async.cuh, mma_sync.cuh  the portable (sm_80+) path: cp.async and mma.sync
#pragma once

#include "arch.cuh"
#include "barrier.cuh"
#include "cp_async.cuh"
#include "epilogue.cuh"
#include "mma_sync.cuh"
#include "split_k.cuh"
#include "tma.cuh"
#include "tma_desc.hpp"
#include "tma_ring.cuh"
#include "warp_specialized.cuh"
#include "wgmma.cuh"
