# Shared by the scripts/dev-gemm-*.sh development scripts (sourced, not run): a log under OUT, and one
# clc-bench process per labelled item with its result lines copied into the log.
#   source scripts/lib/dev-bench.sh; dev_init OUT NAME; B=path/to/clc-bench; bench_run LABEL ARGS...
dev_init() {  # OUT NAME: sets out and log, writes the log's first line (commit, GPU, clocks)
  out=$1
  mkdir -p "$out"
  log="$out/$2.txt"
  : >"$log"
  say "$2 at ${CLC_GIT_COMMIT:-${COMMIT:-?}} on $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader 2>/dev/null)"
}
say() { echo "$*" | tee -a "$log"; }
bench_run() {  # LABEL ARGS...: $B ARGS into OUT/LABEL.txt (timeout BENCH_TIMEOUT, default 200 s)
  local label=$1 t=$SECONDS
  shift
  say "== $label: clc-bench $*"
  timeout "${BENCH_TIMEOUT:-200}" "$B" "$@" >"$out/$label.txt" 2>&1
  local r=$?
  grep -E "^[0-9]+x|^geomean|^clc Static|error|FAIL|not supported|refused" "$out/$label.txt" | cut -c1-200 | tee -a "$log"
  say "($label rc=$r in $((SECONDS - t)) s)"
}
dev_build() {  # DIR TARGETS...: configure (Release, sm_90a, tests and bench, no examples) and build; exits on failure
  local dir=$1 t0=$SECONDS
  shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=ON \
    -DCLC_BUILD_BENCH=ON -DCLC_BUILD_EXAMPLES=OFF >"$out/configure.log" 2>&1 &&
    ninja -C "$dir" "$@" >"$out/build.log" 2>&1
  local rc=$?
  say "build rc=$rc in $((SECONDS - t0)) s"
  [ $rc = 0 ] || { tail -30 "$out/build.log"; exit 1; }
}
dev_gemm_tests() {  # TIMEOUT [DIR]: DIR/tests/workloads/clc_gemm_tests (DIR default build-v) into OUT/gemm-tests.log
  local t0=$SECONDS
  timeout "$1" "${2:-build-v}/tests/workloads/clc_gemm_tests" >"$out/gemm-tests.log" 2>&1
  say "clc_gemm_tests rc=$? in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED) |^\[  FAILED  \]' "$out/gemm-tests.log" | tr '\n' ' ')"
}
