// example_port_stencil: a 2-D stencil with a shared-memory halo, original grid launch vs the same body
// under clc work stealing (Ticket, Static, Single). See README.md.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "case.cuh"
#include "port_harness.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  stencil::Case const setup;  // the input, the output and both launches (case.cuh)
  int const w = setup.w, h = setup.h;
  clc_examples::PortCase c = setup.port_case();
  c.title = "example_port_stencil: " + c.title;
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host (same operations, same roundings).
  std::vector<float> const& host = setup.host;
  std::vector<float> got(host.size());
  EX_CUDA(cudaMemcpy(got.data(), setup.out, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
  auto at = [&](int x, int y) { return host[std::size_t(std::clamp(y, 0, h - 1)) * w + std::clamp(x, 0, w - 1)]; };
  std::size_t bad = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      float acc = stencil::kCenter * at(x, y);
      acc = std::fma(stencil::kSide, at(x, y - 1), acc);
      acc = std::fma(stencil::kSide, at(x, y + 1), acc);
      acc = std::fma(stencil::kSide, at(x - 1, y), acc);
      acc = std::fma(stencil::kSide, at(x + 1, y), acc);
      bad += got[std::size_t(y) * w + x] != acc;
    }
  }
  if (bad != 0) {
    std::printf("%zu elements differ from the host's stencil\n", bad);
    rc = 1;
  }
  return rc;
}
