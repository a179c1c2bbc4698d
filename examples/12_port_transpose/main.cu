// example_port_transpose: a shared-memory tiled transpose, original grid launch vs the same body under
// clc work stealing. See README.md.
#include <cstdio>
#include <vector>

#include "case.cuh"
#include "port_harness.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  transpose::Case const setup;  // the input, the output and both launches (case.cuh)
  int const rows = setup.rows, cols = setup.cols;
  clc_examples::PortCase c = setup.port_case();
  c.title = "example_port_transpose: " + c.title;
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host.
  std::vector<float> const& host = setup.host;
  std::vector<float> got(host.size());
  EX_CUDA(cudaMemcpy(got.data(), setup.out, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::size_t bad = 0;
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < cols; ++k) bad += got[std::size_t(k) * rows + r] != host[std::size_t(r) * cols + k];
  if (bad != 0) {
    std::printf("%zu elements differ from the host's transpose\n", bad);
    rc = 1;
  }
  return rc;
}
