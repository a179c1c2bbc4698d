// Compiled to PTX by the RuntimePtx test for sm_90a and sm_100a (the block-level kernel under every
// source and a warp-role kernel, so the check can reject special registers the runtime must not
// read), and by the HardwarePtx tests for every Blackwell target as their Ticket control; the
// clc::launch call below instantiates every source's kernel the way a user's file does, so each
// target must also compile it.
#include "clc/clc.cuh"

struct StoreTile {
  int* out;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (threadIdx.x == 0) out[t.x] = t.y + t.z;
  }
};

void const* runtime_block_kernels[] = {
    reinterpret_cast<void const*>(&clc::block_kernel<StoreTile, clc::source::Ticket, 2>),
    reinterpret_cast<void const*>(&clc::block_kernel<StoreTile, clc::source::Static, 2>),
    reinterpret_cast<void const*>(&clc::block_kernel<StoreTile, clc::source::Single, 2>),
};

struct RoleParams {
  clc::SchedulerParams sched;
  int* out;
};

template <class Source>
__global__ void roles_kernel(__grid_constant__ RoleParams const p) {
  using Sched = clc::Scheduler<Source, 3>;
  __shared__ typename Sched::SharedStorage storage;
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

void const* runtime_role_kernels[] = {
    reinterpret_cast<void const*>(&roles_kernel<clc::source::Ticket>),
    reinterpret_cast<void const*>(&roles_kernel<clc::source::Static>),
    reinterpret_cast<void const*>(&roles_kernel<clc::source::Single>),
};

// A user's call site: clc::launch instantiates the block kernel of every source (Hardware included).
clc::Error launch_store_tile(int* out) { return clc::launch(StoreTile{out}, clc::TileSpace(4, 4).with_cluster(2, 1)); }
