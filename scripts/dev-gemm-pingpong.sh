#!/usr/bin/env bash
# Development experiment on the H200: the GEMM's common-case kernel with ping-pong consumers
# (clc::gemm::detail::Debug::pingpong, clc-bench gemm --diag 256: each consumer warpgroup a whole
# 128 x 128 or 128 x 64 tile, its epilogue under the other's MMAs) against the cooperative kernel on the
# same forced plan and against the heuristic's plan. Builds clc-bench, clc_gemm_tests and clc_conv_tests
# (the kit's ping-pong mainloop gained MN-major operands; the convolution's ping-pong is K-major), runs
# both test binaries, then per shape three clc-bench processes (ratios against cuBLAS within each).
#   scripts/dev-gemm-pingpong.sh OUT
set -u -o pipefail
out=${1:?usage: scripts/dev-gemm-pingpong.sh OUT}
source "$(dirname "$0")/lib/dev-bench.sh"
dev_init "$out" dev-gemm-pingpong
dev_build build-pp clc-bench clc_gemm_tests clc_conv_tests
for t in gemm conv; do
  t0=$SECONDS
  timeout 200 build-pp/tests/workloads/clc_${t}_tests >"$out/$t-tests.log" 2>&1
  say "clc_${t}_tests rc=$? in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED) |^\[  FAILED  \]' "$out/$t-tests.log" | tr '\n' ' ' | cut -c1-600)"
done
B=build-pp/bench/clc-bench
run() { BENCH_TIMEOUT=120 bench_run "$@"; }
whole="--source ticket --tail-split 1 --stream-k 1 --split-k 1 --no-swap"
# shape, tile width, cluster along M
for item in ${ITEMS:-8192x8192x256:128:1 8192x8192x256:128:2 8192x8192x1024:128:2 2048x2048x2048:128:2 \
    4096x4096x4096:128:2 16384x1024x4096:128:2 1024x1024x1024:64:1 1024x1024x1024:128:1 128x8192x8192:64:1 \
    512x512x512x8:128:1 3333x2048x4096:128:2 777x8192x1536:128:1 2304x4608x3072:128:2 8192x8192x8192:128:2}; do
  IFS=: read -r shape w cm <<<"$item"
  base="--rounds ${ROUNDS:-3} --shape $shape"
  run "$shape-default" gemm $base
  run "$shape-coop-$w-c$cm" gemm $base $whole --tile-n "$w" --cluster "$cm"
  run "$shape-pp-$w-c$cm" gemm $base $whole --tile-n "$w" --cluster "$cm" --diag 256
done
say "done in $SECONDS s"
