// example_port_elementwise: a memory-bound elementwise kernel (one element per thread), original grid
// launch vs the same body under clc work stealing. See README.md.
#include <cmath>
#include <cstdio>
#include <vector>

#include "case.cuh"
#include "port_harness.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  elementwise::Case const setup;  // the inputs, the output and both launches (case.cuh)
  clc_examples::PortCase c = setup.port_case();
  c.title = "example_port_elementwise: " + c.title;
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host (one fused multiply-add, as on the device).
  std::vector<float> got(setup.n);
  EX_CUDA(cudaMemcpy(got.data(), setup.out, setup.n * sizeof(float), cudaMemcpyDeviceToHost));
  std::size_t bad = 0;
  for (std::size_t i = 0; i < setup.n; ++i) bad += got[i] != std::fma(setup.a, setup.hx[i], setup.hy[i]);
  if (bad != 0) {
    std::printf("%zu elements differ from the host's a x + y\n", bad);
    rc = 1;
  }
  return rc;
}
