#!/usr/bin/env bash
# Development A/B of a change to the kit's device code on the H200 (not a measured run; those are
# scripts/measure-run.sh). The working tree is "new"; "base" is the same tree with BASE_PATCH reverse-applied
# (a patch of the change against the committed code, e.g. `git diff HEAD -- include/clc/kit > ab-base.patch`,
# left untracked so that it travels with the tree).
#   1. builds new (clc-bench, clc_gemm_tests, clc_conv_tests) and base (clc-bench) with all cores;
#   2. runs clc_gemm_tests and clc_conv_tests of new, and memcheck + synccheck on the GEMM's sanitizer subset;
#   3. runs the bf16 GEMM suite base, new, base, new (ROUNDS rounds each) and clc-bench conv --quick base, new.
# Writes OUT/dev-kit-ab.txt (and the builds' and tests' logs beside it).
# With SWEEP set (below) the A/B then runs its items on new. With NEW_BUILD=DIR, new is that build directory
# (already built, e.g. build-gpu of scripts/measure-run.sh): only base is built, and no tests run.
# PART=verify builds the tree's clc-bench and GEMM, convolution and attention tests, runs the three test binaries,
# memcheck and synccheck on gpu-check.sh's subsets of them, and the GEMM suites (bf16, fp16, --interfere 0.25) and
# clc-bench conv --interfere 0.25 into OUT/<name>-check-$CLC_GIT_COMMIT.{json,txt}, then the SWEEP items if set.
# PART=sweep instead builds the working tree only (clc-bench) and runs clc-bench with each argument list of
# SWEEP ("label:args;label:args", e.g. "c1:gemm --cluster 1;fp16:gemm --dtype fp16"), in order.
#   BASE_PATCH=ab-base.patch scripts/dev-kit-ab.sh OUT
#   PART=sweep SWEEP="..." scripts/dev-kit-ab.sh OUT
set -u -o pipefail
out=${1:?usage: BASE_PATCH=FILE scripts/dev-kit-ab.sh OUT}
part=${PART:-ab}
rounds=${ROUNDS:-2}
mkdir -p "$out"
log="$out/dev-kit-$part.txt"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
say "dev-kit-$part on $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader 2>/dev/null)"
build() {  # source dir, build dir, targets...
  local t0=$SECONDS src=$1 dir=$2
  shift 2
  cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=ON \
    -DCLC_BUILD_BENCH=ON -DCLC_BUILD_EXAMPLES=OFF >"$out/configure-$(basename "$dir").log" 2>&1 &&
    ninja -C "$dir" "$@" >"$out/build-$(basename "$dir").log" 2>&1
  local rc=$?
  say "build $dir rc=$rc in $((SECONDS - t0)) s"
  [ $rc = 0 ] || { tail -30 "$out/build-$(basename "$dir").log"; exit 1; }
}
suite() {  # label, bench binary, clc-bench arguments...
  local label=$1 bin=$2 t0=$SECONDS
  shift 2
  say "== $label: clc-bench $*"
  timeout 200 "$bin" "$@" >"$out/suite-$label.txt" 2>&1
  grep -E "^[0-9]+x|^geomean|error|FAIL" "$out/suite-$label.txt" | cut -c1-200 | tee -a "$log"
  say "($label rc=$? in $((SECONDS - t0)) s)"
}
sweep() {  # "label:args;label:args" (empty: nothing): clc-bench of build-new with each argument list, in order
  [ -n "$1" ] || return 0
  local items item
  IFS=';' read -r -a items <<<"$1"
  for item in "${items[@]}"; do
    # shellcheck disable=SC2086  # the arguments are words
    suite "${item%%:*}" build-new/bench/clc-bench ${item#*:}
  done
}
if [ "$part" = verify ]; then  # the tree's GEMM, convolution and attention tests, their sanitizer subsets, the suites
  build . build-new clc-bench clc_gemm_tests clc_conv_tests clc_attention_tests
  T=build-new/tests/workloads
  for t in gemm conv attention; do
    t0=$SECONDS
    timeout 200 "$T/clc_${t}_tests" >"$out/$t-tests.log" 2>&1
    say "clc_${t}_tests rc=$? in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED) |^\[  FAILED  \]' "$out/$t-tests.log" | tr '\n' ' ')"
  done
  gf="Gemm.TileWidthsAndEpilogues_Sm90:Gemm.EdgeShapes:Gemm.BadArguments:Gemm.EverySourceAndCluster_Sm90:Gemm.TailFixupSmall_Sm90:Gemm.StreamKSmall_Sm90:Gemm.SwapAB_Sm90:Gemm.FastKernel_Sm90"
  af="Attention.CuSeqlensContractClamps:Attention.BadArgumentsWriteNothing:Attention.Varlen:Attention.UnalignedFallsBackToPortableAndSaysWhy"
  for pair in "gemm:$gf" "conv:Small/*:ConvErrors.*:ConvFastKernels.*" "attention:$af"; do
    for tool in memcheck synccheck; do
      timeout 150 compute-sanitizer --tool "$tool" --error-exitcode 9 "$T/clc_${pair%%:*}_tests" --gtest_filter="${pair#*:}" \
        >"$out/${pair%%:*}-$tool.log" 2>&1
      say "compute-sanitizer $tool (${pair%%:*} subset) rc=$?: $(grep -E 'ERROR SUMMARY' "$out/${pair%%:*}-$tool.log" | tail -1)"
    done
  done
  B=build-new/bench/clc-bench
  c=${CLC_GIT_COMMIT:-?}
  for spec in "h200-gemm:gemm --rounds 3" "h200-gemm-fp16:gemm --dtype fp16 --rounds 2" \
    "h200-gemm-interfere:gemm --shape 8192x8192x8192 --shape 4096x4096x4096 --interfere 0.25 --rounds 3" \
    "h200-conv:conv --interfere 0.25"; do
    name=${spec%%:*}
    # shellcheck disable=SC2086  # the arguments are words
    timeout 200 "$B" ${spec#*:} --commit "$c" --json "$out/$name-check-$c.json" >"$out/$name-check-$c.txt" 2>&1
    say "clc-bench ${spec#*:} rc=$?: $(grep -E '^geomean' "$out/$name-check-$c.txt" | head -2 | tr '\n' ' ')"
  done
  sweep "${SWEEP:-}"  # then the SWEEP items on the same build
  say "done in $SECONDS s"
  exit 0
fi
if [ "$part" = sweep ]; then
  build . build-new clc-bench
  sweep "${SWEEP:?set SWEEP to label:args;label:args}"
  say "done in $SECONDS s"
  exit 0
fi
patch_file=${BASE_PATCH:?set BASE_PATCH to a patch of the change against the committed code}
root=$PWD
base=/tmp/clc-base
rm -rf "$base" && mkdir -p "$base"
tar --exclude='./build*' -cf - . | tar -xf - -C "$base"
(cd "$base" && patch -R -p1 <"$root/$patch_file") >"$out/patch.log" 2>&1 || { say "reverse patch failed"; cat "$out/patch.log"; exit 1; }
if [ -n "${NEW_BUILD:-}" ]; then  # new is built already (e.g. scripts/measure-run.sh's build-gpu): suites only
  ln -sfn "$NEW_BUILD" build-new
  build "$base" /tmp/build-base clc-bench
  SKIP_TESTS=1
else
  build . build-new clc-bench clc_gemm_tests clc_conv_tests clc_attention_tests
  build "$base" /tmp/build-base clc-bench
fi
run_tests() {  # name, binary, timeout, gtest args...
  local name=$1 bin=$2 limit=$3 t0=$SECONDS
  shift 3
  timeout "$limit" "$bin" "$@" >"$out/$name.log" 2>&1
  say "$name rc=$? in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED) |^\[  FAILED  \]' "$out/$name.log" | tr '\n' ' ')"
  grep -E "Failure|Expected|Which is|first bad" "$out/$name.log" | head -10 | tee -a "$log"
}
if [ -z "${SKIP_TESTS:-}" ]; then
run_tests gemm-tests build-new/tests/workloads/clc_gemm_tests 150
run_tests conv-tests build-new/tests/workloads/clc_conv_tests 120
run_tests attention-tests build-new/tests/workloads/clc_attention_tests 120
for tool in memcheck synccheck; do
  t0=$SECONDS
  timeout 120 compute-sanitizer --tool "$tool" --error-exitcode 3 build-new/tests/workloads/clc_gemm_tests \
    --gtest_filter="${GEMM_SANITIZE_FILTER:-Gemm.FastKernel_Sm90:Gemm.TileWidthsAndEpilogues_Sm90:Gemm.ClusterPairsAlongN_Sm90}" \
    >"$out/gemm-$tool.log" 2>&1
  say "compute-sanitizer $tool (GEMM) rc=$? in $((SECONDS - t0)) s: $(grep -E 'ERROR SUMMARY' "$out/gemm-$tool.log" | tr '\n' ' ')"
done
fi
suite base-1 /tmp/build-base/bench/clc-bench gemm --rounds "$rounds"
suite new-1 build-new/bench/clc-bench gemm --rounds "$rounds"
suite base-2 /tmp/build-base/bench/clc-bench gemm --rounds "$rounds"
suite new-2 build-new/bench/clc-bench gemm --rounds "$rounds"
suite conv-base /tmp/build-base/bench/clc-bench conv --quick
suite conv-new build-new/bench/clc-bench conv --quick
sweep "${SWEEP:-}"  # then the SWEEP items on new
say "done in $SECONDS s"
