#!/usr/bin/env bash
# Measurements after scripts/gpu-check.sh in the same device call (its build directory): the fp16 suite,
# the interference pair, and a list of shapes under the heuristic's plan and under given forced options
# (each clc-bench invocation its own process: ratios against cuBLAS within it).
#   BUILD=build-gpu COMMIT=abc1234 SHAPES="MxNxK ..." FORCED="--stream-k 1" scripts/dev-gemm-after.sh OUT
set -u -o pipefail
out=${1:?usage: scripts/dev-gemm-after.sh OUT}
source "$(dirname "$0")/lib/dev-bench.sh"
B=${BUILD:-build-gpu}/bench/clc-bench
c=${COMMIT:-?}
dev_init "$out" dev-gemm-after
run() { bench_run "$@"; }
[ -n "${SUITES:-1}" ] && {
  run fp16 gemm --dtype fp16 --rounds 2 --commit "$c" --json "$out/h200-gemm-fp16-check-$c.json"
  run interfere gemm --shape 8192x8192x8192 --shape 4096x4096x4096 --interfere 0.25 --rounds 3 --commit "$c" \
    --json "$out/h200-gemm-interfere-check-$c.json"
}
shapes=()
for s in ${SHAPES:-}; do shapes+=(--shape "$s"); done
if [ ${#shapes[@]} -gt 0 ]; then
  run shapes-default gemm --rounds 3 "${shapes[@]}"
  # shellcheck disable=SC2086  # FORCED is words
  [ -n "${FORCED:-}" ] && run shapes-forced gemm --rounds 3 "${shapes[@]}" ${FORCED}
  run shapes-default-again gemm --rounds 3 "${shapes[@]}"
fi
say "done in $SECONDS s"
