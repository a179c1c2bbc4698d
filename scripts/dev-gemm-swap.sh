#!/usr/bin/env bash
# Development check of the second operand-swap rule (swap_whole_tiles in workloads/gemm/gemm.cpp; host plan
# only, no device code changed): builds clc-bench and clc_gemm_tests, runs every GEMM test, then the shapes
# whose plans the rule changes, the new plan (default) against the former one (--no-swap) in separate
# processes, alternated twice, and forced swapped widths at 6000x504x6000 (PART=ab, the default); or
# (PART=widths) memcheck on the swap tests, the default plan and every swapped width forced on every shape.
#   [PART=ab|widths] [SHAPES="MxNxK ..."] scripts/dev-gemm-swap.sh OUT
set -u -o pipefail
out=${1:?usage: scripts/dev-gemm-swap.sh OUT}
source "$(dirname "$0")/lib/dev-bench.sh"
dev_init "$out" dev-gemm-swap
dev_build build-v clc-bench clc_gemm_tests
dev_gemm_tests 300
B=build-v/bench/clc-bench
S=${SHAPES:-"6000x504x6000 6000x504x1024 12288x256x4096 6000x640x4096 6000x576x1024 3000x1152x4096 8192x384x8192 5000x640x5000 10000x304x5000 3000x1000x4096 12288x640x4096"}
args=()
for s in $S; do args+=(--shape "$s"); done
if [ "${PART:-ab}" = ab ]; then  # the rule's plan against the former one
  for rep in 1 2; do
    bench_run new$rep gemm --rounds ${ROUNDS:-3} "${args[@]}"
    bench_run old$rep gemm --rounds ${ROUNDS:-3} --no-swap "${args[@]}"
  done
  for w in 192 208 224 256; do
    bench_run swap$w-6000x504x6000 gemm --rounds ${ROUNDS:-3} --shape 6000x504x6000 --swap-ab --tile-n $w
  done
else  # PART=widths: every swapped width forced on every shape (one process per width), and the default
  timeout 200 compute-sanitizer --tool memcheck --error-exitcode 9 build-v/tests/workloads/clc_gemm_tests \
    --gtest_filter='Gemm.AutoTileWidthAndCluster_Sm90:Gemm.FastKernel_Sm90:Gemm.SwapAB_Sm90' >"$out/gemm-memcheck.log" 2>&1
  say "memcheck (swap subset) rc=$?: $(grep -E 'ERROR SUMMARY' "$out/gemm-memcheck.log" | tail -1)"
  bench_run default gemm --rounds ${ROUNDS:-3} "${args[@]}"
  for w in 192 208 224 256; do
    bench_run swap$w gemm --rounds ${ROUNDS:-3} --swap-ab --tile-n $w "${args[@]}"
  done
fi
say "done in $SECONDS s"
