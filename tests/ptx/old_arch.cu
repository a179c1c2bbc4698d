// Compiled for sm_80 by ArchCheck.OlderThanSm90IsAClearError: must fail with clc's own #error.
#include "clc/clc.cuh"

struct Noop {
  __device__ void operator()(clc::WorkTile const&) const {}
};
void const* old_arch_kernel = reinterpret_cast<void const*>(&clc::block_kernel<Noop, clc::source::Ticket, 2>);
