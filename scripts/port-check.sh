#!/usr/bin/env bash
# The clc::port part of scripts/gpu-check.sh in one short call (after a change to the port's device
# code): build the port tests, examples and clc-bench-port, run them, compute-sanitizer memcheck,
# synccheck and racecheck on the port subset, then clc-bench port.
#   scripts/port-check.sh OUTDIR   (OUTDIR/port-check.log, sanitizer.log, bench-port.{txt,json})
set -uo pipefail
out=$1; mkdir -p "$out"
log="$out/port-check.log"; : >"$log"
note() { echo "$*" | tee -a "$log"; }
build=${BUILD_DIR:-build-port-check}
commit=${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}
note "== port-check $(date -u +%FT%TZ) commit $commit"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | sed 's/^/gpu: /' | tee -a "$log"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_WORKLOADS=OFF >"$out/build.log" 2>&1 &&
  ninja -C "$build" -j"$(nproc)" clc_port_device_tests clc_port_check_trap_test clc_port_host_tests clc-bench-port \
    example_port_stencil example_port_histogram example_port_transpose example_port_elementwise >>"$out/build.log" 2>&1 ||
  { note "build FAILED"; grep -E "error|FAILED" "$out/build.log" | head -30 | tee -a "$log"; exit 1; }
for t in clc_port_device_tests clc_port_check_trap_test clc_port_host_tests; do
  bin=$(find "$build/tests" -name "$t" -type f | head -1)
  timeout 300 "$bin" >>"$out/tests.log" 2>&1
  note "$t rc=$? $(grep -E '^\[  (PASSED|FAILED)  \]' "$out/tests.log" | tail -1)"
done
grep -E '^\[  FAILED  \] [A-Za-z]' "$out/tests.log" | sort -u | tee -a "$log"
for ex in example_port_stencil example_port_histogram example_port_transpose example_port_elementwise; do
  bin=$(find "$build/examples" -name "$ex" -type f | head -1)
  timeout 300 "$bin" >>"$out/examples.log" 2>&1
  note "$ex rc=$?"
done
dev=$(find "$build/tests" -name clc_port_device_tests -type f | head -1)
source "$(dirname "$0")/lib/port-subset.sh"
for tool in memcheck synccheck racecheck; do
  extra=""; [ "$tool" = racecheck ] && extra="--racecheck-report hazard"
  timeout 300 compute-sanitizer --tool $tool $extra --error-exitcode 9 "$dev" --gtest_filter="$port_sanitize_filter" >>"$out/sanitizer.log" 2>&1
  note "compute-sanitizer $tool (port subset) rc=$?: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitizer.log" | tail -1)"
done
timeout 300 "$build/bench/clc-bench-port" --rounds "${ROUNDS:-7}" --commit "$commit" --json "$out/bench-port.json" \
  >"$out/bench-port.txt" 2>&1
note "clc-bench port rc=$?"
grep -v '^\[' "$out/bench-port.txt" | grep -E '^(== |original|port/|SM clock|result)' | cut -c1-125 | tee -a "$log"
