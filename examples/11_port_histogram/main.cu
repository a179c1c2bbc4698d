// example_port_histogram: a histogram whose last block (a global counter) merges the partial
// histograms, original grid launch vs the same body under clc work stealing. See README.md.
#include <cstdio>
#include <string>
#include <vector>

#include "case.cuh"
#include "port_harness.cuh"

int main() {
  if (!clc_examples::have_gpu()) return 0;
  histogram::Case const setup;  // the input, the outputs, the counter and both launches (case.cuh)
  clc_examples::PortCase c = setup.port_case();
  c.title = "example_port_histogram: " + c.title;
  int rc = clc_examples::run_port_case(c);

  // The reference itself against the host: a wrong kernel ported faithfully would still "match".
  std::vector<unsigned> expect(histogram::kBins, 0), got(histogram::kBins);
  for (unsigned char b : setup.host) ++expect[b];
  EX_CUDA(cudaMemcpy(got.data(), setup.hist, histogram::kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  if (got != expect) {
    std::printf("the histogram differs from the host's count\n");
    rc = 1;
  }
  return rc;
}
