//! @file config.cuh
//! @brief Target detection and the few portability macros every clc header uses.
#pragma once

#if defined(__CUDACC__) || defined(__CUDA_ARCH__)
#  define CLC_HOST_DEVICE __host__ __device__
#  define CLC_DEVICE __device__
#else
#  define CLC_HOST_DEVICE
#  define CLC_DEVICE
#endif

#define CLC_FORCEINLINE __forceinline__

// CLC_HAS_HARDWARE_CLC: the device pass targets sm_100 or later, where
// clusterlaunchcontrol.try_cancel / query_cancel exist (PTX ISA 8.6).
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 1000)
#  define CLC_HAS_HARDWARE_CLC 1
#else
#  define CLC_HAS_HARDWARE_CLC 0
#endif

// CLC_HAS_MULTICAST: the multicast::cluster::all form of try_cancel. The PTX ISA allows it on
// arch- and family-specific targets, but CCCL 13.0's wrapper emits it only for the SM100 and SM101
// feature sets (on any other target it calls an undefined function and ptxas fails), so it is
// enabled exactly there: sm_100a (and sm_101a with toolkits that still know it). On every other
// Blackwell target (100f, 103a, 110a, 120a, 121a, plain sm_100/120) `Hardware` runs 1-CTA clusters
// only, and the host refuses larger ones before launching (the kernel reports its features through
// detail::target_probe_kernel).
#if defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM101_ALL)
#  define CLC_HAS_MULTICAST CLC_HAS_HARDWARE_CLC
#else
#  define CLC_HAS_MULTICAST 0
#endif

// clc's device code needs sm_90 or newer (clusters, mbarrier transaction counts, st.async). Say so
// plainly instead of letting an older target fail deep inside CCCL.
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 900)
#  error "clc needs an sm_90 or newer target (clusters, mbarrier tx-counts, st.async): build with CMAKE_CUDA_ARCHITECTURES / CLC_CUDA_ARCHITECTURES = 90a (Hopper) and/or 100a (Blackwell), not sm_80 or older"
#endif

// Clusters, distributed shared memory, st.async and mbarrier tx-counts: sm_90+.
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
#  define CLC_HAS_CLUSTERS 1
#else
#  define CLC_HAS_CLUSTERS 0
#endif

// Tests define CLC_HANG_TIMEOUT_NS (e.g. 20 s) so that a barrier wait that never completes
// traps (the launch fails with an error) instead of hanging the process. 0 = wait forever.
#ifndef CLC_HANG_TIMEOUT_NS
#  define CLC_HANG_TIMEOUT_NS 0ull
#endif

// Tests define CLC_FAULT_INJECTION=1 (for the whole program) to make `Ticket` fail fetches
// spuriously on request (clc::testing::ScopedFaultInjection). Otherwise none of its code is
// compiled: no branch and no hash on a real claim (SchedulerParams keeps its 8-byte field, so that
// the layout never depends on the macro).
#ifndef CLC_FAULT_INJECTION
#  define CLC_FAULT_INJECTION 0
#endif
