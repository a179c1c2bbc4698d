#!/usr/bin/env bash
# One device-machine session for clc::attention: build the attention targets, SASS check, the GPU tests
# (one process per test through CTest), optional compute-sanitizer on a subset, then the benchmark.
# Logs and JSON go to $OUT (or ./out). Environment:
#   COMMIT=<sha>          recorded in the JSON
#   TESTS=0               skip the tests;  TEST_REGEX=...  ctest -R filter (default: Attention)
#   SANITIZE=1            memcheck + synccheck on a subset
#   BENCH=quick|full|none the shape set (default quick); BENCH_ARGS=...  extra arguments
#   HANG_S=5              a barrier wait longer than this traps (the test build's hang timeout)
#   INTERFERE=0.25        also time one shape (INTERFERE_ONLY) with that fraction of the SMs held
set -u -o pipefail
OUT=${OUT:-out}; mkdir -p "$OUT"
COMMIT=${COMMIT:-unknown}
B=build-att
t0=$SECONDS
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | sed 's/^/gpu: /'
cmake -S . -B $B -G Ninja -DCLC_CUDA_ARCHITECTURES=90a -DCMAKE_BUILD_TYPE=Release -DCLC_BUILD_EXAMPLES=OFF \
  -DCLC_ATTENTION_HANG_TIMEOUT_S=${HANG_S:-5} >"$OUT/build.log" 2>&1 || { tail -20 "$OUT/build.log"; exit 1; }
ninja -C $B -j"$(nproc)" clc_attention_tests clc_attention_host_tests clc_attention_c clc_bench_tools >>"$OUT/build.log" 2>&1 \
  || { grep -E "error" -A3 "$OUT/build.log" | head -40; exit 1; }
echo "== built in $((SECONDS - t0)) s"
obj=$B/workloads/attention/CMakeFiles/clc_attention.dir/kernels/sm90_bf16_hd128.cu.o
echo "HGMMA in sm90_bf16_hd128: $(cuobjdump -sass "$obj" 2>/dev/null | grep -c HGMMA), local-memory ops: $(cuobjdump -sass "$obj" 2>/dev/null | grep -cE 'STL|LDL')"
if [ "${TESTS:-1}" != 0 ]; then
  t1=$SECONDS
  ctest --test-dir $B -R "${TEST_REGEX:-Attention}" -j"${TEST_JOBS:-4}" --timeout 300 -V >"$OUT/tests.log" 2>&1
  echo "== tests rc=$? in $((SECONDS - t1)) s"
  grep -E "tests passed|tests failed|\((Failed|Timeout|SEGFAULT|Subprocess)|^[0-9]+: \[  FAILED|Failure$" "$OUT/tests.log" | head -40
  grep -E "^[0-9]+: .*Expected|^[0-9]+: .*wrong:|^[0-9]+: .*failed|^[0-9]+: .*error" "$OUT/tests.log" | head -20
fi
if [ -n "${SANITIZE:-}" ]; then
  : >"$OUT/sanitizer.log"
  filter='Attention.CuSeqlensContractClamps:Attention.BadArgumentsWriteNothing:Attention.Varlen'
  for tool in memcheck synccheck; do
    t1=$SECONDS
    compute-sanitizer --tool $tool --error-exitcode 9 $B/tests/workloads/clc_attention_tests --gtest_filter="$filter" \
      >>"$OUT/sanitizer.log" 2>&1
    echo "== compute-sanitizer $tool rc=$? in $((SECONDS - t1)) s: $(grep -E 'ERROR SUMMARY' "$OUT/sanitizer.log" | tail -1)"
  done
fi
case "${BENCH:-quick}" in
  none) ;;
  *)
    t1=$SECONDS
    flag=""; [ "${BENCH:-quick}" = quick ] && flag="--quick"
    PYTHONUNBUFFERED=1 python3 bench/attention_bench.py --lib $B/workloads/attention/libclc_attention_c.so \
      --tools-lib $B/bench/libclc_bench_tools.so --commit "$COMMIT" --json "$OUT/bench.json" $flag ${BENCH_ARGS:-} \
      2>"$OUT/bench.err" | tee "$OUT/bench.log"
    echo "== bench rc=$? in $((SECONDS - t1)) s"; tail -5 "$OUT/bench.err"
    ;;
esac
if [ -n "${INTERFERE:-}" ]; then
  t1=$SECONDS
  PYTHONUNBUFFERED=1 python3 bench/attention_bench.py --lib $B/workloads/attention/libclc_attention_c.so \
    --tools-lib $B/bench/libclc_bench_tools.so --commit "$COMMIT" --json "$OUT/interfere.json" \
    --interfere "$INTERFERE" --only "${INTERFERE_ONLY:-b1 h16 s16384 d128 causal}" --static-too 2>>"$OUT/bench.err"
  echo "== interfere rc=$? in $((SECONDS - t1)) s"
fi
echo "== total $((SECONDS - t0)) s"
