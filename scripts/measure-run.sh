#!/usr/bin/env bash
# Device calls that verify and measure the GEMM and the convolution at one commit (each call under
# the device tool's 10-minute limit; run them back to back so the build of part 1 is still there):
#   PART=1: scripts/gpu-check.sh (build, every test through CTest, the sanitizer subsets, the
#           examples), then clc-bench gemm: the bf16 suite, the fp16 suite, and 8192^3 and 4096^3
#           with a quarter of the SMs held.
#   PART=conv: the convolution only (after a change of its kernels): build clc_conv_tests and clc-bench,
#           every convolution GPU test, memcheck + synccheck on its subset, clc-bench conv (with a quarter
#           of the SMs held), and the A/B runs named in CONV_AB ("name:args;name:args", e.g.
#           "no-swap:--no-swap --layers 64-64,256-64").
#   PART=2: clc-bench conv (all layers, N = 32 and 128, then with a quarter of the SMs held), two
#           GEMM shapes whose tiles run in pieces summed in the kernel (operands never swapped; Ticket against Static,
#           undisturbed and with a quarter of the SMs held), and clc_torch (pip install + pytest).
# Results JSON/text come back as single files; every log goes into logs-PART.tgz.
#   CLC_GIT_COMMIT=<sha> PART=1 scripts/measure-run.sh OUTDIR
set -u -o pipefail
out=${1:?usage: PART=1|2|conv scripts/measure-run.sh OUTDIR}
part=${PART:?set PART=1, 2 or conv}
: "${CLC_GIT_COMMIT:?set CLC_GIT_COMMIT to the commit under test}"
export CLC_GIT_COMMIT
mkdir -p "$out/logs"
summary="$out/summary-$part.txt"
: >"$summary"
note() { echo "$*" | tee -a "$summary"; }
B=build-gpu/bench/clc-bench
bench() {  # name, then clc-bench arguments; the table goes to name.txt, the JSON to name.json
  local name=$1; shift
  local t0=$SECONDS
  timeout "${BENCH_TIMEOUT:-240}" "$B" "$@" --commit "$CLC_GIT_COMMIT" --json "$out/$name.json" \
    >"$out/$name.txt" 2>"$out/logs/$name.err"
  note "clc-bench $* rc=$? in $((SECONDS - t0)) s: $(grep -E '^geomean' "$out/$name.txt" | head -2 | tr '\n' ' ')"
}
if [ "$part" = 1 ]; then
  PHASES="build test sanitize examples" ARCHS=90a BUILD_DIR=build-gpu \
    CTEST_ARGS="${CTEST_ARGS:--LE main-job -j4 -E ^(HardwarePtx|RuntimePtx|ArchCheck|CliTool|ReadmeExample|Registers)}" \
    CLC_CMAKE_ARGS="-DCLC_BUILD_TESTS=ON -DCLC_BUILD_BENCH=ON -DCLC_BUILD_EXAMPLES=ON" \
    bash scripts/gpu-check.sh "$out/logs" >"$out/logs/gpu-check.console" 2>&1
  cat "$out/logs/summary.txt" >>"$summary"
  bench h200-gemm gemm --rounds 3
  bench h200-gemm-fp16 gemm --dtype fp16 --rounds 2
  bench h200-gemm-interfere gemm --shape 8192x8192x8192 --shape 4096x4096x4096 --interfere 0.25 --rounds 3
elif [ "$part" = conv ]; then
  t0=$SECONDS
  cmake -S . -B build-gpu -G Ninja -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=ON -DCLC_BUILD_BENCH=ON \
    -DCLC_BUILD_EXAMPLES=OFF >"$out/logs/configure.log" 2>&1 &&
    ninja -C build-gpu clc_conv_tests clc_conv_host_tests clc-bench >"$out/logs/build.log" 2>&1
  note "build rc=$? in $((SECONDS - t0)) s"
  T=build-gpu/tests/workloads/clc_conv_tests
  t0=$SECONDS
  timeout 300 "$T" >"$out/logs/conv-tests.log" 2>&1
  note "clc_conv_tests rc=$? in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED) ' "$out/logs/conv-tests.log" | tr '\n' ' ')"
  build-gpu/tests/workloads/clc_conv_host_tests >"$out/logs/conv-host-tests.log" 2>&1
  note "clc_conv_host_tests rc=$?: $(grep -E '^\[  (PASSED|FAILED) ' "$out/logs/conv-host-tests.log" | tr '\n' ' ')"
  for tool in memcheck synccheck; do
    t0=$SECONDS
    timeout 240 compute-sanitizer --tool "$tool" --error-exitcode 3 "$T" \
      --gtest_filter="${CONV_SANITIZE_FILTER:-Small/*:ConvErrors.*:ConvFastKernels.*}" >"$out/logs/conv-$tool.log" 2>&1
    note "compute-sanitizer $tool rc=$? in $((SECONDS - t0)) s: $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) ' "$out/logs/conv-$tool.log" | tr '\n' ' ')"
  done
  bench h200-conv conv --interfere 0.25
  IFS=';' read -ra abs <<<"${CONV_AB:-}"
  for ab in "${abs[@]}"; do
    # shellcheck disable=SC2086  # the arguments are words
    [ -n "$ab" ] && bench "conv-ab-${ab%%:*}" conv ${ab#*:}
  done
else
  bench h200-conv conv --interfere 0.25
  # --no-swap: 2304x4608x3072 keeps the split tail it runs unswapped (Auto swaps its operands and runs
  # whole 224-wide tiles since 3e38d73); this measurement is of pieces summed in the kernel.
  bench h200-gemm-tail-interfere gemm --shape 2304x4608x3072 --shape 1536x1536x12288 --interfere 0.25 --rounds 3 --no-swap
  target=$(mktemp -d)
  PHASES=torch TORCH_TARGET="$target" PYTHON="${PYTHON:-python3}" BUILD_DIR=build-gpu APPEND_SUMMARY=1 \
    bash scripts/gpu-check.sh "$out/logs" >"$out/logs/torch.console" 2>&1
  grep -E "torch|pytest|passed|failed" "$out/logs/summary.txt" | tail -5 >>"$summary"
fi
tar -czf "$out/logs-$part.tgz" -C "$out" logs && rm -rf "$out/logs"
cat "$summary"
