#!/usr/bin/env bash
# The host tests (no GPU needed) under AddressSanitizer and UndefinedBehaviorSanitizer: every C++
# translation unit of the libraries and tests is instrumented (nvcc's host code is not), any signed
# overflow, invalid shift, out-of-bounds access or leak stops the test with a report. Includes the
# randomised argument test (tests/workloads/args_fuzz_host_test.cpp) with CLC_FUZZ_ITERS draws per API.
# Device code is built for sm_90a only, at nvcc's fastest compile level: nothing here runs it.
#
#   scripts/host-sanitize.sh [BUILD_DIR]     (default build/host-sanitize; CLC_FUZZ_ITERS default 100000)
#
# Called by .ci/run. Exits non-zero if any test fails or a sanitizer reports.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/host-sanitize}
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
CUDAFLAGS="-Ofc max" cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCLC_CUDA_ARCHITECTURES=90a \
  -DCLC_TEST_CUDA_ARCHITECTURES=90a -DCMAKE_CXX_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" \
  -DCMAKE_SHARED_LINKER_FLAGS="$san" >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
tests=(tests/host/clc_host_tests tests/sim/sim_tests tests/cli/clc_cli_tests tests/json/json_tests
       tests/trace/trace_export_tests tests/port/clc_port_host_tests tests/workloads/clc_gemm_host_tests
       tests/workloads/clc_conv_host_tests tests/workloads/clc_attention_host_tests
       tests/workloads/clc_args_fuzz_host_tests)
start=$SECONDS
ninja -C "$build" "${tests[@]}" >"$build.build.log" 2>&1 || { tail -50 "$build.build.log"; exit 1; }
echo "host-sanitize: built in $((SECONDS - start)) s"
# protect_shadow_gap=0: the CUDA driver maps memory where ASan keeps its shadow gap (a GPU machine).
export ASAN_OPTIONS=protect_shadow_gap=0:detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export CLC_FUZZ_ITERS=${CLC_FUZZ_ITERS:-100000}
fail=0
for t in "${tests[@]}"; do
  log="$build/$(basename "$t").sanitize.log"
  if "$build/$t" >"$log" 2>&1; then
    echo "host-sanitize: $(basename "$t"): $(grep -E '^\[  PASSED  \]' "$log" | head -1)"
  else
    echo "host-sanitize: $(basename "$t") FAILED (log $log):"
    grep -E -A12 'runtime error|ERROR: (Address|Leak)Sanitizer|\[  FAILED  \]' "$log" | head -40
    fail=1
  fi
done
exit $fail
