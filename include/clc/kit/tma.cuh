//! @file kit/tma.cuh
//! @brief Device side of TMA: tiled loads (plain and multicast), the im2col load form, tiled stores
//! and their bulk-group bookkeeping, tensor-map prefetch. Loads complete their bytes on an mbarrier
//! (`complete_tx`); stores are tracked per thread with bulk groups. Host encoding: tma_desc.hpp.
//!
//! Coordinates are element indices, innermost dimension first, `{c0, c1, ...}` (rank 1..5); the
//! destination/source box is the map's box. Out-of-bounds parts of a load box are zero-filled and
//! still counted in the transaction bytes; out-of-bounds parts of a store box are not written.
#pragma once

#include <cstdint>

#include <cuda/ptx>

#include "arch.cuh"

namespace clc::kit {

#if defined(__CUDACC__)

//! Prefetch a tensor map (a `__grid_constant__` parameter or global memory) into the TMA unit's cache.
CLC_KIT_DEVICE void prefetch_tensormap(void const* map) {
#if CLC_HAS_CLUSTERS
  asm volatile("prefetch.tensormap [%0];" ::"l"(map) : "memory");
#endif
}

//! Load the box at `coords` into `dst` (this CTA's shared memory); its bytes complete on `bar`.
template <int N>
CLC_KIT_DEVICE void tma_load(void* dst, void const* map, std::int32_t const (&coords)[N], std::uint64_t* bar) {
  static_assert(N >= 1 && N <= 5, "TMA tensors have rank 1..5");
#if CLC_HAS_CLUSTERS
  cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global, dst, map, coords, bar);
#endif
}

//! The same box into every CTA of `cta_mask` (bit r = cluster rank r), at the same shared-memory
//! offset `dst`; each destination CTA's own copy of `bar` (same offset) receives the bytes it got.
//! sm_90a.
template <int N>
CLC_KIT_DEVICE void tma_load_multicast(void* dst, void const* map, std::int32_t const (&coords)[N], std::uint64_t* bar,
                                       std::uint16_t cta_mask) {
  static_assert(N >= 1 && N <= 5, "TMA tensors have rank 1..5");
#if CLC_KIT_SM90A
  cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_cluster, cuda::ptx::space_global, dst, map, coords, bar, cta_mask);
#else
  (void)dst, (void)map, (void)coords, (void)bar, (void)cta_mask;
#endif
}

//! im2col load (map from `encode_im2col`, rank N = 3..5, e.g. NHWC as {c, w, h, n}): `coords` name
//! the channel offset and the *unpadded-output* pixel the column starts at, `offsets` (N - 2 values,
//! e.g. {s, r}) the filter tap added to every pixel of the box. Bytes complete on `bar`. CCCL has no
//! wrapper for this form.
template <int N>
CLC_KIT_DEVICE void tma_load_im2col(void* dst, void const* map, std::int32_t const (&coords)[N],
                                    std::uint16_t const (&offsets)[N - 2], std::uint64_t* bar) {
  static_assert(N >= 3 && N <= 5, "im2col tensors have rank 3..5");
#if CLC_HAS_CLUSTERS
  std::uint32_t const d = smem_u32(dst), b = smem_u32(bar);
  std::uint64_t const m = reinterpret_cast<std::uint64_t>(map);
  if constexpr (N == 3) {
    asm volatile(
        "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3, %4}], [%5], {%6};"
        ::"r"(d), "l"(m), "r"(coords[0]), "r"(coords[1]), "r"(coords[2]), "r"(b), "h"(offsets[0])
        : "memory");
  } else if constexpr (N == 4) {
    asm volatile(
        "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};"
        ::"r"(d), "l"(m), "r"(coords[0]), "r"(coords[1]), "r"(coords[2]), "r"(coords[3]), "r"(b),
          "h"(offsets[0]), "h"(offsets[1])
        : "memory");
  } else {
    asm volatile(
        "cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10};"
        ::"r"(d), "l"(m), "r"(coords[0]), "r"(coords[1]), "r"(coords[2]), "r"(coords[3]), "r"(coords[4]), "r"(b),
          "h"(offsets[0]), "h"(offsets[1]), "h"(offsets[2])
        : "memory");
  }
#else
  (void)dst, (void)map, (void)coords, (void)offsets, (void)bar;
#endif
}

//! im2col load multicast into every CTA of `cta_mask` (as `tma_load_multicast`). sm_90a.
template <int N>
CLC_KIT_DEVICE void tma_load_im2col_multicast(void* dst, void const* map, std::int32_t const (&coords)[N],
                                              std::uint16_t const (&offsets)[N - 2], std::uint64_t* bar,
                                              std::uint16_t cta_mask) {
  static_assert(N >= 3 && N <= 5, "im2col tensors have rank 3..5");
#if CLC_KIT_SM90A
  std::uint32_t const d = smem_u32(dst), b = smem_u32(bar);
  std::uint64_t const m = reinterpret_cast<std::uint64_t>(map);
  if constexpr (N == 3) {
    asm volatile(
        "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster"
        " [%0], [%1, {%2, %3, %4}], [%5], {%6}, %7;"
        ::"r"(d), "l"(m), "r"(coords[0]), "r"(coords[1]), "r"(coords[2]), "r"(b), "h"(offsets[0]), "h"(cta_mask)
        : "memory");
  } else if constexpr (N == 4) {
    asm volatile(
        "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster"
        " [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8}, %9;"
        ::"r"(d), "l"(m), "r"(coords[0]), "r"(coords[1]), "r"(coords[2]), "r"(coords[3]), "r"(b),
          "h"(offsets[0]), "h"(offsets[1]), "h"(cta_mask)
        : "memory");
  } else {
    asm volatile(
        "cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.multicast::cluster"
        " [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10}, %11;"
        ::"r"(d), "l"(m), "r"(coords[0]), "r"(coords[1]), "r"(coords[2]), "r"(coords[3]), "r"(coords[4]), "r"(b),
          "h"(offsets[0]), "h"(offsets[1]), "h"(offsets[2]), "h"(cta_mask)
        : "memory");
  }
#else
  (void)dst, (void)map, (void)coords, (void)offsets, (void)bar, (void)cta_mask;
#endif
}

//! Store the box at `coords` from `src` (this CTA's shared memory) into global memory, as part of
//! this thread's current bulk group. The thread that wrote `src` through generic stores must have
//! executed `fence_generic_to_async_shared()` (and every other writer a barrier with this thread)
//! before the store.
template <int N>
CLC_KIT_DEVICE void tma_store(void const* map, std::int32_t const (&coords)[N], void const* src) {
  static_assert(N >= 1 && N <= 5, "TMA tensors have rank 1..5");
#if CLC_HAS_CLUSTERS
  cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_global, cuda::ptx::space_shared, map, coords, src);
#endif
}

//! Close this thread's current bulk group (the stores issued since the last commit).
CLC_KIT_DEVICE void bulk_commit() {
#if CLC_HAS_CLUSTERS
  cuda::ptx::cp_async_bulk_commit_group();
#endif
}
//! Wait until at most `Pending` of this thread's bulk groups still *read* shared memory: their
//! source buffers may be overwritten (their global writes may still be in flight).
template <int Pending>
CLC_KIT_DEVICE void bulk_wait_read() {
#if CLC_HAS_CLUSTERS
  cuda::ptx::cp_async_bulk_wait_group_read(cuda::ptx::n32_t<Pending>{});
#endif
}
//! Wait until at most `Pending` of this thread's bulk groups are incomplete (writes done).
template <int Pending>
CLC_KIT_DEVICE void bulk_wait() {
#if CLC_HAS_CLUSTERS
  cuda::ptx::cp_async_bulk_wait_group(cuda::ptx::n32_t<Pending>{});
#endif
}

#endif  // __CUDACC__

}  // namespace clc::kit
