#!/usr/bin/env bash
# Development check of a change to clc::gemm's host plan (no device code) on the H200: builds clc-bench
# and clc_gemm_tests, runs the GEMM tests, memcheck on the split-K tests, the bf16 suite (JSON), and the
# shapes whose plans changed, default against the former plan forced, interleaved in one process each.
#   scripts/dev-gemm-verify.sh OUT
set -u -o pipefail
out=${1:?usage: scripts/dev-gemm-verify.sh OUT}
source "$(dirname "$0")/lib/dev-bench.sh"
dev_init "$out" dev-gemm-verify
dev_build build-v clc-bench clc_gemm_tests
dev_gemm_tests 200
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 build-v/tests/workloads/clc_gemm_tests \
  --gtest_filter='Gemm.SplitKDeepFewTiles_Sm90:Gemm.SplitK_Sm90:Gemm.BadArguments' >"$out/gemm-memcheck.log" 2>&1
say "memcheck (split-K subset) rc=$?: $(grep -E 'ERROR SUMMARY' "$out/gemm-memcheck.log" | tail -1)"
B=build-v/bench/clc-bench
c=${CLC_GIT_COMMIT:-?}
run() { bench_run "$@"; }
run suite gemm --rounds 3 --commit "$c" --json "$out/h200-gemm-check-$c.json"
run changed gemm --rounds 3 --shape 512x512x32768 --shape 128x128x70000 --shape 64x64x131072 --shape 256x256x65536 \
  --shape 1024x1024x32768 --shape 1536x1536x1536 --shape 2048x1536x1536 --shape 1536x1536x2560 --shape 1536x1536x768 \
  --shape 1280x2048x1024 --shape 3x5000x7000 --shape 12345x680x912 --shape 333x3336x3336
run changed-bcol gemm --rounds 3 --b-col --shape 4x8192x28672 --shape 8x11008x4096 --shape 1x4096x4096
run old-1024d gemm --rounds 3 --shape 1024x1024x32768 --tile-n 64 --split-k 1
run new-1024d-k2 gemm --rounds 3 --shape 1024x1024x32768 --tile-n 128 --split-k 2
run old-1536 gemm --rounds 3 --shape 1536x1536x1536 --shape 2048x1536x1536 --shape 1536x1536x768 --tile-n 256
run old-3x5000 gemm --rounds 3 --shape 3x5000x7000 --tile-n 64 --cluster-n 2
say "done in $SECONDS s"
