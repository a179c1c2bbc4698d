//! @file port.cuh
//! @brief Run an existing grid kernel's body under any work source, with its original launch shape.
//!
//! A classic kernel is written against `blockIdx` / `gridDim`. Under work stealing a CTA runs many
//! tiles, so the body instead reads a *virtual block*: `vb.idx` / `vb.dim` mean exactly what
//! `blockIdx` / `gridDim` meant in the original launch, and `vb.thread` / `vb.block` what
//! `threadIdx` / `blockDim` meant (the runtime launches 1-D CTAs of the same thread count and
//! recomputes the 3-D thread index; warps hold the same threads as in the original block, because
//! CUDA linearises a block x-fastest, exactly as `thread_of` does).
//!
//! @code
//! // before                                          // after
//! __global__ void scale(float* d, int n) {           __device__ void scale(clc::VirtualBlock const& vb, float* d, int n) {
//!   int i = blockIdx.x * blockDim.x + threadIdx.x;     int i = vb.idx.x * blockDim.x + threadIdx.x;
//!   if (i < n) d[i] *= 2.0f;                           if (i < n) d[i] *= 2.0f;
//! }                                                  }
//! scale<<<grid, block, 0, s>>>(d, n);                clc::port::launch<scale>(grid, block, clc::port::options(0, s), d, n);
//! @endcode
//!
//! The runtime re-runs the body for every tile it obtains, with a CTA-wide barrier between tiles.
//! What a body must not assume (early `return` before a barrier, shared state carried across tiles,
//! grid-wide sync, launch order, ...) is listed in docs/porting.md. `Options::check_body` turns on a
//! debug mode that catches the barrier hazards at run time.
//!
//! Parts: port/virtual_block.hpp (the virtual block and the pure shape mapping, plain C++),
//! port/options.hpp (options, launch bounds), port/body.hpp (how bodies are stored and called),
//! port/kernel.cuh (the kernel and the check mode), port/launch.cuh (the host launch, nvcc only).
#pragma once

#include "port/body.hpp"
#include "port/options.hpp"
#include "port/virtual_block.hpp"

#if defined(__CUDACC__)
#  include "port/kernel.cuh"
#  include "port/launch.cuh"
#endif
