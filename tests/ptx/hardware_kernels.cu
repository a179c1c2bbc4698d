// Compiled for sm_100a by the HardwarePtx test: the Hardware source's kernels, block-level and
// warp-role, so their PTX can be checked for the CLC instructions and assembled by ptxas.
#include "clc/clc.cuh"

struct StoreTile {
  int* out;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (threadIdx.x == 0) out[t.x] = t.y;
  }
};

// Taking the kernel's address instantiates it (for every target this file is compiled for).
void const* hardware_block_kernel() { return reinterpret_cast<void const*>(&clc::block_kernel<StoreTile, clc::source::Hardware, 2>); }

struct RoleParams {
  clc::SchedulerParams sched;
  int* out;
};

__global__ void hardware_roles_kernel(__grid_constant__ RoleParams const p) {
  using Sched = clc::Scheduler<clc::source::Hardware, 3>;
  __shared__ Sched::SharedStorage storage;
  Sched sched(storage, p.sched, 2);
  sched.init();
  int const warp = int(threadIdx.x / 32);
  if (warp == 0) {
    sched.run_scheduler_warp();
  } else {
    for (clc::WorkTile t : sched.tiles(warp == 1 ? clc::Role::Producer : clc::Role::Consumer))
      if ((threadIdx.x & 31) == 0) p.out[t.x] = warp;
  }
  sched.finish();
}
