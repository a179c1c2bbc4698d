// Builds against clc as a downstream user would; runs its kernel when a GPU is present.
#include <cstdio>

#include "clc/clc.cuh"

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
  return 0;
}
