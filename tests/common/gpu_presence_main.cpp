// Prints whether this machine has a usable CUDA device, and why not. CTest runs it as `GpuPresence`:
// skipped (with the reason in its output) where the machine has no GPU, failed (naming the CUDA
// error) where a GPU is there but unusable, passed where one is usable.
#include <cstdio>

#include "clc_test.hpp"

int main() {
  std::string why;
  switch (clc_test::gpu_state(&why)) {
    case clc_test::GpuState::Ready: std::printf("GPU present: GPU tests run\n"); return 0;
    case clc_test::GpuState::Skip: std::printf("%s: GPU test skipped (every GPU test skips here)\n", why.c_str()); return 0;
    case clc_test::GpuState::Fail: std::printf("GPU unusable: %s\n", why.c_str()); return 1;
  }
  return 1;
}
