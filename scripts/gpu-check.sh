#!/usr/bin/env bash
# One call on the GPU machine: build with all cores, run every test (GPU tests included), run
# compute-sanitizer on a small subset, run the examples and the quick benchmarks, and write logs and
# JSON under OUTDIR (at most 8 files come back from the device tool, so logs are grouped).
#
#   scripts/gpu-check.sh OUTDIR            # everything
#   PHASES="build test" scripts/gpu-check.sh OUTDIR
#   PHASES="build gtest" ...          # every test binary once, directly (fast; no CTest-only checks)
#   APPEND_SUMMARY=1 ...              # append to OUTDIR/summary.txt (several calls in one device run)
#   PHASES=torch PYTHON=/opt/torch/.venv/bin/python3 scripts/gpu-check.sh OUTDIR   # clc_torch: pip install + pytest
#     (TORCH_TARGET=DIR keeps the installed package there; PYTEST_ARGS=-x and the like go to pytest)
#   CLC_CMAKE_ARGS="-DCLC_BUILD_BENCH=OFF" TARGETS="clc_device_tests" ...
set -uo pipefail
out=${1:-gpu-out}
mkdir -p "$out"
phases=${PHASES:-"build test sanitize examples bench torch"}
build=${BUILD_DIR:-build-gpu}
jobs=$(nproc)
summary="$out/summary.txt"
[ -n "${APPEND_SUMMARY:-}" ] || : >"$summary"
note() { echo "$*" | tee -a "$summary"; }
has() { [[ " $phases " == *" $1 "* ]]; }

# The device tool's copy of the tree may carry a stale .git: pass CLC_GIT_COMMIT to name the commit.
note "== gpu-check $(date -u +%FT%TZ) commit ${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet 2>/dev/null || echo '+dirty')}"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | sed 's/^/gpu: /' | tee -a "$summary"

if has build; then
  t0=$SECONDS
  cmake -S . -B "$build" -G Ninja -DCLC_CUDA_ARCHITECTURES="${ARCHS:-90a}" ${CLC_CMAKE_ARGS:-} >"$out/build.log" 2>&1 \
    || { note "configure FAILED"; tail -30 "$out/build.log"; exit 1; }
  # shellcheck disable=SC2086
  ninja -C "$build" -j"$jobs" ${TARGETS:-} >>"$out/build.log" 2>&1 \
    || { note "build FAILED (see build.log)"; grep -E "error|FAILED" "$out/build.log" | head -40; exit 1; }
  note "build ok in $((SECONDS - t0)) s"
fi

if has test; then
  t0=$SECONDS
  ctest --test-dir "$build" --output-on-failure --timeout 900 ${CTEST_ARGS:--LE main-job} >"$out/ctest.log" 2>&1
  rc=$?
  note "ctest rc=$rc in $((SECONDS - t0)) s: $(grep -E 'tests passed|tests failed' "$out/ctest.log" | tail -1)"
  grep -E "^\s+[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess)" "$out/ctest.log" | head -30 | tee -a "$summary"
  grep -c "Skipped" "$out/ctest.log" | sed 's/^/skipped lines: /' | tee -a "$summary"
fi

if has gtest; then
  # Every test binary once, directly (one process per binary: much faster than CTest's process per
  # test case, and GPU tests never overlap). Host-only binaries run too; the CTest-only checks
  # (tests/ptx, install, sim CLI, porting guide) need the test phase.
  : >"$out/gtest.log"
  for bin in $(find "$build/tests" -type f -perm -u+x \( -name 'clc_*test*' -o -name '*_tests' \) -not -path '*/CMakeFiles/*' | sort); do
    t0=$SECONDS
    echo "=== $bin" >>"$out/gtest.log"
    timeout "${GTEST_TIMEOUT:-600}" "$bin" ${GTEST_ARGS:-} >>"$out/gtest.log" 2>&1
    rc=$?
    note "gtest $(basename "$bin") rc=$rc in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED)  \]' "$out/gtest.log" | tail -1)"
  done
  grep -E '^\[  FAILED  \] [A-Za-z]' "$out/gtest.log" | sort -u | head -30 | tee -a "$summary"
fi

if has sanitize; then
  bin="$build/tests/device/clc_device_tests"
  : >"$out/sanitizer.log"
  san() {  # san TOOL FILTER [ENV...]: one compute-sanitizer run, logged; prints its rc
    local tool=$1 f=$2
    shift 2
    echo "=== compute-sanitizer --tool $tool --gtest_filter=$f $*" >>"$out/sanitizer.log"
    env "$@" compute-sanitizer --tool "$tool" --error-exitcode 9 "$bin" --gtest_filter="$f" >>"$out/sanitizer.log" 2>&1
  }
  # 16-CTA clusters under synccheck (issue 9 section 6): the bare delivery pattern without the runtime
  # and the runtime's block level; docs/protocol.md records the outcome. The randomized subset keeps
  # 16-CTA clusters under synccheck only if the bare pattern passes there.
  t0=$SECONDS
  san synccheck "SixteenCta.BareDeliveryPattern"
  bare=$?
  san synccheck "SixteenCta.RuntimeBlockLevel"
  runtime=$?
  note "compute-sanitizer synccheck, 16-CTA clusters: bare st.async pattern rc=$bare, runtime rc=$runtime ($((SECONDS - t0)) s)"
  max_cluster=16
  [ $bare -ne 0 ] && max_cluster=8
  filter=${SANITIZE_FILTER:-"SanitizerSubset.*:SanitizerRandomized.*:TicketWorkspace.HundredGraphReplays:SixteenCta.*"}
  for tool in memcheck synccheck; do
    t0=$SECONDS
    f=$filter
    extra=()
    if [ "$tool" = synccheck ]; then
      f=${filter//:SixteenCta.\*/}
      extra=(CLC_RANDOM_MAX_CLUSTER=$max_cluster)
    fi
    san "$tool" "$f" "${extra[@]}"
    rc=$?
    note "compute-sanitizer $tool rc=$rc in $((SECONDS - t0)) s ${extra[*]}: $(grep -E 'ERROR SUMMARY' "$out/sanitizer.log" | tail -1)"
  done
  # racecheck: the clustered subset must be clean; the 1-CTA Ticket/Cancel path is checked too, with
  # only the documented LDS.128/STS.128 response-slot pair filtered out (scripts/racecheck_filter.py).
  t0=$SECONDS
  san racecheck "${RACE_FILTER:-SanitizerSubset.*Clustered}"
  rc=$?
  note "compute-sanitizer racecheck (clustered) rc=$rc in $((SECONDS - t0)) s: $(grep -E 'RACECHECK SUMMARY' "$out/sanitizer.log" | tail -1)"
  t0=$SECONDS
  compute-sanitizer --tool racecheck --racecheck-report hazard --print-limit 0 --show-backtrace no "$bin" \
    --gtest_filter="${RACE_ONE_CTA_FILTER:-SanitizerSubset.*OneCta:SanitizerSubset.Handback}" >"$out/racecheck-one-cta.log" 2>&1
  grep -E "PASSED|FAILED|RACECHECK SUMMARY" "$out/racecheck-one-cta.log" >>"$out/sanitizer.log"
  python3 scripts/racecheck_filter.py "$out/racecheck-one-cta.log" "$bin" >>"$out/sanitizer.log" 2>&1
  rc=$?
  note "compute-sanitizer racecheck (1-CTA, documented pair filtered) rc=$rc in $((SECONDS - t0)) s: $(grep -E '^racecheck_filter: (ok|FAIL)' "$out/sanitizer.log" | tail -1)"
  gzip -f "$out/racecheck-one-cta.log"
  # A workload's subset under memcheck and synccheck: subset LABEL BINARY FILTER.
  subset() {
    local label=$1 bin=$2 filter=$3 tool
    [ -x "$bin" ] || return 0
    for tool in memcheck synccheck; do
      echo "=== compute-sanitizer --tool $tool $bin --gtest_filter=$filter" >>"$out/sanitizer.log"
      compute-sanitizer --tool "$tool" --error-exitcode 9 "$bin" --gtest_filter="$filter" >>"$out/sanitizer.log" 2>&1
      local rc=$?
      note "compute-sanitizer $tool ($label subset) rc=$rc: $(grep -E 'ERROR SUMMARY' "$out/sanitizer.log" | tail -1)"
    done
  }
  # GEMM: both tile widths and both epilogues, the split tail summed in the kernel, the swapped operands,
  # the common case's kernels.
  subset GEMM "$build/tests/workloads/clc_gemm_tests" \
    "${GEMM_SANITIZE_FILTER:-Gemm.TileWidthsAndEpilogues_Sm90:Gemm.EdgeShapes:Gemm.BadArguments:Gemm.EverySourceAndCluster_Sm90:Gemm.TailFixupSmall_Sm90:Gemm.StreamKSmall_Sm90:Gemm.SwapAB_Sm90:Gemm.FastKernel_Sm90}"
  # Attention: both kernels, varlen, the cu_seqlens contract, bad arguments.
  subset attention "$build/tests/workloads/clc_attention_tests" \
    "${ATTENTION_SANITIZE_FILTER:-Attention.CuSeqlensContractClamps:Attention.BadArgumentsWriteNothing:Attention.Varlen:Attention.UnalignedFallsBackToPortableAndSaysWhy}"
  # Convolution: Sm90 under every source, clusters, tile widths, split-K, the portable kernel, views,
  # the Auto fallback and refused calls.
  subset conv "$build/tests/workloads/clc_conv_tests" "${CONV_SANITIZE_FILTER:-Small/*:ConvErrors.*:ConvFastKernels.*}"
  # clc::port: scripts/lib/port-subset.sh.
  source "$(dirname "$0")/lib/port-subset.sh"
  subset port "$build/tests/port/clc_port_device_tests" "$port_sanitize_filter"
  for extra in ${SANITIZE_EXTRA:-}; do
    compute-sanitizer --tool memcheck --error-exitcode 9 $extra >>"$out/sanitizer.log" 2>&1
    rc=$?
    note "compute-sanitizer memcheck $extra rc=$rc: $(grep -E 'ERROR SUMMARY' "$out/sanitizer.log" | tail -1)"
  done
fi

if has examples; then
  : >"$out/examples.log"
  for ex in $(find "$build/examples" -type f -name 'example_*' -perm -u+x 2>/dev/null | sort); do
    t0=$SECONDS
    echo "=== $ex" >>"$out/examples.log"
    timeout 300 "$ex" >>"$out/examples.log" 2>&1
    rc=$?  # before any command substitution resets it
    note "example $(basename "$ex") rc=$rc in $((SECONDS - t0)) s"
  done
fi

if has bench; then
  if [ -x "$build/bench/clc-bench" ]; then
    for sub in ${BENCHES:-gemm sched}; do
      t0=$SECONDS
      timeout "${BENCH_TIMEOUT:-300}" "$build/bench/clc-bench" "$sub" ${BENCH_ARGS:-} --json "$out/bench-$sub.json" \
        >"$out/bench-$sub.log" 2>&1
      rc=$?
      note "clc-bench $sub rc=$rc in $((SECONDS - t0)) s"
      tail -40 "$out/bench-$sub.log"
    done
  else
    note "no clc-bench built"
  fi
fi
if has torch; then
  # clc_torch (python/): pip-installs the extension into a temporary target (built from this tree's
  # CMake targets, ARCHS only) and runs its pytest suite against torch's own ops.
  py=${PYTHON:-python3}
  if ! "$py" -c "import torch, pytest, scikit_build_core, pybind11" >/dev/null 2>&1; then
    note "torch phase skipped: $py lacks torch, pytest, scikit-build-core or pybind11"
  else
    t0=$SECONDS
    target=${TORCH_TARGET:-$(mktemp -d)}  # TORCH_TARGET: install there and keep it (e.g. for bench/torch_bench.py)
    # pip of that interpreter; a venv made without pip: uv, or another pip driving it (pip --python).
    pip=("$py" -m pip)
    if ! "$py" -m pip --version >/dev/null 2>&1; then
      if command -v uv >/dev/null 2>&1; then pip=(uv pip); pip_py=(--python "$py")
      else pip=(/usr/bin/python3 -m pip --python "$py"); fi
    fi
    CMAKE_BUILD_PARALLEL_LEVEL=$jobs CMAKE_ARGS="-DCLC_CUDA_ARCHITECTURES=${ARCHS:-90a} ${CLC_CMAKE_ARGS:-}" \
      "${pip[@]}" install ${pip_py[@]+"${pip_py[@]}"} --no-build-isolation --no-deps --target "$target" ./python \
      >"$out/torch.log" 2>&1
    rc=$?
    note "clc_torch pip install rc=$rc in $((SECONDS - t0)) s"
    if [ $rc -eq 0 ]; then
      t0=$SECONDS
      PYTHONPATH="$target${PYTHONPATH:+:$PYTHONPATH}" "$py" -m pytest -q -rs -p no:cacheprovider ${PYTEST_ARGS:-} \
        python/tests >>"$out/torch.log" 2>&1
      rc=$?
      [ $rc -eq 5 ] && rc="5 (no test collected: every module skipped, see torch.log)"
      note "clc_torch pytest rc=$rc in $((SECONDS - t0)) s: $(grep -E '(passed|failed|error|skipped)' "$out/torch.log" | tail -1)"
    else
      tail -30 "$out/torch.log"
    fi
    [ -z "${TORCH_TARGET:-}" ] && rm -rf "$target"
  fi
fi
cat "$summary"
