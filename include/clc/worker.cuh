//! @file worker.cuh
//! @brief The persistent kernel behind `clc::launch`: the whole CTA runs the user's functor once per
//! tile; the scheduler owns the loop, the prefetch, the barrier between tiles and the teardown.
#pragma once

#include <type_traits>

#include "scheduler.cuh"
#include "work_tile.cuh"

namespace clc {

template <class Functor>
struct BlockKernelParams {
  Functor functor;
  SchedulerParams sched;
};

#if defined(__CUDACC__)

template <class Functor, class Source, int Stages>
__global__ void block_kernel(__grid_constant__ BlockKernelParams<Functor> const p) {
  __shared__ typename Scheduler<Source, Stages>::SharedStorage storage;
  unsigned const warps = (blockDim.x * blockDim.y * blockDim.z + 31u) / 32u;
  Scheduler<Source, Stages> sched(storage, p.sched, warps);
  sched.init();
  Functor f(p.functor);
  sched.run_block([&](WorkTile const& t) { f(t); });
  sched.finish();
}

#endif

}  // namespace clc
