// Builds against clc as a downstream user would; runs its kernel when a GPU is present.
#include <cstdio>

#include "clc/clc.cuh"
#if CLC_CONSUMER_HAS_ATTENTION
#  include "attention/attention.hpp"
#endif

struct Touch {
  int* out;
  __device__ void operator()(clc::WorkTile const& t) const {
    if (threadIdx.x == 0) out[t.x] = 1;
  }
};

int main() {
  clc::Error const bad = clc::launch(Touch{nullptr}, clc::TileSpace(0));
  if (bad.status != clc::Status::InvalidArgument) return 1;
  std::printf("consumer ok: %s\n", bad.what().c_str());
#if CLC_CONSUMER_HAS_ATTENTION
  clc::attention::Arguments a;  // heads_q 0: refused by name, before any device call
  clc::Error const e = clc::attention::can_implement(a);
  if (e.status != clc::Status::InvalidArgument && e.status != clc::Status::NotSupported) return 2;
  std::printf("attention ok: %s\n", e.what().c_str());
#endif
  return 0;
}
