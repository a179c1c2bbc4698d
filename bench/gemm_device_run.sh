#!/usr/bin/env bash
# One device-machine session for clc::gemm: build, GPU tests, SASS check, benchmark (plain and with
# interference), sanitizer on a small subset. Logs and JSON go to $OUT (or ./out). Usage:
#   bash bench/gemm_device_run.sh [commit]
set -u -o pipefail
OUT=${OUT:-out}; mkdir -p "$OUT"
COMMIT=${1:-unknown}
cmake -B build-dev -G Ninja -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_EXAMPLES=OFF >"$OUT/cmake.log" 2>&1 || { tail -20 "$OUT/cmake.log"; exit 1; }
ninja -C build-dev clc_gemm_tests >"$OUT/build.log" 2>&1 || { grep -E "error" -A3 "$OUT/build.log" | head -40; exit 1; }
echo "== tests built"
ninja -C build-dev clc-bench >>"$OUT/build.log" 2>&1 &
BUILD_PID=$!
cuobjdump -sass build-dev/workloads/gemm/CMakeFiles/clc_gemm.dir/kernels/sm90_bf16_ticket.cu.o 2>/dev/null | grep -cE "HGMMA" | sed 's/^/HGMMA count: /'
echo "== tests"
timeout ${TEST_TIMEOUT:-200} ./build-dev/tests/workloads/clc_gemm_tests ${TEST_FILTER:+--gtest_filter=$TEST_FILTER} >"$OUT/tests.log" 2>&1
echo "tests rc=$?"
grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[==========\]|Failure|first bad|wrote outside|error" "$OUT/tests.log" | head -50
wait $BUILD_PID || { echo "clc-bench build failed"; grep -E "error" -A3 "$OUT/build.log" | head -30; }
echo "== bench"
timeout ${BENCH_TIMEOUT:-200} ./build-dev/bench/clc-bench gemm --commit "$COMMIT" --json "$OUT/h200-gemm.json" ${BENCH_ARGS:-} 2>"$OUT/bench.err" | tee "$OUT/bench.log"
echo "bench rc=$?"; tail -3 "$OUT/bench.err"
timeout 100 ./build-dev/bench/clc-bench gemm --commit "$COMMIT" --shape 8192x8192x8192 --interfere 0.25 --runs 20 \
  --json "$OUT/h200-gemm-interfere.json" 2>>"$OUT/bench.err" | tail -6
if [ -n "${SANITIZE:-}" ]; then
  echo "== compute-sanitizer (memcheck, subset)"
  timeout 150 compute-sanitizer --tool memcheck ./build-dev/tests/workloads/clc_gemm_tests \
    --gtest_filter='Gemm.TileWidthsAndEpilogues_Sm90:Gemm.EdgeShapes:Gemm.BadArguments:Gemm.EverySourceAndCluster_Sm90' >"$OUT/sanitizer.log" 2>&1
  echo "sanitizer rc=$?"; grep -E "ERROR SUMMARY|PASSED|FAILED" "$OUT/sanitizer.log" | head
fi
