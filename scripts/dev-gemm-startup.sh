#!/usr/bin/env bash
# Development runs on the H200 (not measured runs) of the GEMM's start-up and of its shapes whose tiles
# run in pieces. Output in OUT; PART picks what runs:
#   PART=decode   the decode-sized shapes (M <= 64) with and without the idle consumer warpgroup
#                 (Debug::mma_all_rows, clc-bench gemm --diag 128), interleaved; Nsight Compute's
#                 speed-of-light of clc's and cuBLAS's kernels there and at 1024^3; clc-bench gemm --trace.
#                 Writes OUT/dev-gemm-decode.txt.
#   PART=startup  (default) the shapes whose tiles run in pieces, stream-K and the decode shapes, timed
#                 against cuBLAS, then the start-up probe of the kit's kernels (-DCLC_KIT_STARTUP_PROBE=1,
#                 kit/warp_specialized.cuh) on some of them. Writes OUT/dev-gemm-startup.txt.
#   PART=widths   64-wide tiles (--tile-n 64) against the heuristic's choice on the decode-sized shapes (both
#                 B layouts) and the small square ones, interleaved twice. Writes OUT/dev-gemm-widths.txt.
#   PART=stages   the 64-wide tiles' ring depth: a build with -DCLC_GEMM_STAGES64=7 against one with $STAGES64
#                 (default 8, the library's default since this A/B), interleaved twice on the shapes that run
#                 64-wide tiles. Writes OUT/dev-gemm-stages.txt.
#   PART=pairn    1x2 clusters (Options::cluster_n 2, clc-bench gemm --cluster-n 2: A halved and multicast):
#                 builds clc_gemm_tests too and runs the GEMM tests of the Sm90 tile widths and clusters first,
#                 then the small shapes with the heuristic's choice against --cluster-n 2 at 64- and 128-wide
#                 tiles, interleaved twice, and Nsight Compute of 1024^3. Writes OUT/dev-gemm-pairn.txt.
#   PART=decode|startup|widths|stages|pairn scripts/dev-gemm-startup.sh OUT
set -u -o pipefail
out=${1:?usage: PART=decode|startup scripts/dev-gemm-startup.sh OUT}
part=${PART:-startup}
mkdir -p "$out"
log="$out/dev-gemm-$part.txt"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
build() {  # dir, extra cmake args
  local t0=$SECONDS d=$1
  shift
  cmake -S . -B "$d" -G Ninja -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=OFF -DCLC_BUILD_BENCH=ON \
    -DCLC_BUILD_EXAMPLES=OFF "$@" >"$out/configure-$d.log" 2>&1 && ninja -C "$d" clc-bench >"$out/build-$d.log" 2>&1
  local rc=$?
  say "build $d rc=$rc in $((SECONDS - t0)) s (commit ${CLC_GIT_COMMIT:-?} + working tree); ptxas C75xx lines: $(grep -c C75 "$out/build-$d.log")"
  [ $rc = 0 ] || { tail -30 "$out/build-$d.log"; exit 1; }
}
rows() {  # label, then clc-bench gemm arguments: the table rows and the geomean line (BENCH_DIR: build-dev)
  say "== $1"
  shift
  timeout 200 "${BENCH_DIR:-build-dev}"/bench/clc-bench gemm "$@" 2>&1 | grep -E "^[0-9]+x|^geomean|error|FAIL" | tee -a "$log"
}
probe() {  # clc-bench gemm --shape arguments: the probe lines of two traced launches
  say "== probe $*"
  # shellcheck disable=SC2068  # the arguments are words
  timeout 100 build-probe/bench/clc-bench gemm --shape $@ --rounds 1 --iters 3 --lt-algos 2 --trace /tmp/t.json 2>&1 |
    grep -E "^probe" | grep -E "clc rep 1|clc rep 2" | cut -c1-420 | tee -a "$log"
}
if [ "$part" = pairn ]; then
  build build-dev -DCLC_BUILD_TESTS=ON
  t0=$SECONDS
  ninja -C build-dev clc_gemm_tests >"$out/build-tests.log" 2>&1 || { tail -30 "$out/build-tests.log"; exit 1; }
  say "build clc_gemm_tests in $((SECONDS - t0)) s"
  t0=$SECONDS
  timeout 300 build-dev/tests/workloads/clc_gemm_tests \
    --gtest_filter="${PAIRN_TESTS:-Gemm.ClusterPairsAlongN_Sm90:Gemm.BadArguments:Gemm.FastKernel_Sm90:Gemm.TileWidthsAndEpilogues_Sm90:Gemm.AutoTileWidthAndCluster_Sm90}" \
    >"$out/gemm-tests.log" 2>&1
  say "clc_gemm_tests rc=$? in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED) |^\[  FAILED  \]' "$out/gemm-tests.log" | tr '\n' ' ')"
  grep -E "Failure|error|Expected|Which is|first bad" "$out/gemm-tests.log" | head -20 | tee -a "$log"
else
  build build-dev
fi
if [ "$part" = stages ]; then
  build build-s7 -DCMAKE_CUDA_FLAGS=-DCLC_GEMM_STAGES64=7
  build build-s"${STAGES64:-8}" -DCMAKE_CUDA_FLAGS=-DCLC_GEMM_STAGES64="${STAGES64:-8}"
fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader | tee -a "$log"
if [ "$part" = stages ]; then
  ROW="--shape 1024x1024x1024 --shape 768x768x768 --shape 1008x1008x1008 --shape 16x8192x8192 --shape 1x8192x8192 --shape 128x8192x8192 --shape 64x4096x14336"
  for rep in 1 2; do
    # shellcheck disable=SC2086
    {
      BENCH_DIR=build-s7 rows "B row, 7 stages #$rep" $ROW --rounds 2
      BENCH_DIR=build-s"${STAGES64:-8}" rows "B row, ${STAGES64:-8} stages #$rep" $ROW --rounds 2
      BENCH_DIR=build-s7 rows "B col, 7 stages #$rep" --shape 16x8192x8192 --shape 64x4096x14336 --shape 1x8192x8192 --b-col --rounds 2
      BENCH_DIR=build-s"${STAGES64:-8}" rows "B col, ${STAGES64:-8} stages #$rep" --shape 16x8192x8192 --shape 64x4096x14336 --shape 1x8192x8192 --b-col --rounds 2
      BENCH_DIR=build-s7 rows "1000^3 64-wide, 7 stages #$rep" --shape 1000x1000x1000 --tile-n 64 --rounds 2
      BENCH_DIR=build-s"${STAGES64:-8}" rows "1000^3 64-wide, ${STAGES64:-8} stages #$rep" --shape 1000x1000x1000 --tile-n 64 --rounds 2
    }
  done
elif [ "$part" = widths ]; then
  COL="--shape 16x8192x8192 --shape 64x4096x14336 --shape 32x11008x4096 --shape 1x8192x8192 --shape 64x8192x8192 --b-col"
  ROW="--shape 16x8192x8192 --shape 64x4096x14336 --shape 1x8192x8192 --shape 64x8192x8192 --shape 32x11008x4096"
  SMALL="--shape 1024x1024x1024 --shape 1000x1000x1000 --shape 1008x1008x1008 --shape 768x768x768 --shape 512x512x512x8"
  for rep in 1 2; do
    # shellcheck disable=SC2086
    {
      rows "B col, heuristic #$rep" $COL --rounds 2
      rows "B col, --tile-n 64 #$rep" $COL --rounds 2 --tile-n 64
      rows "B row, heuristic #$rep" $ROW --rounds 2
      rows "B row, --tile-n 64 #$rep" $ROW --rounds 2 --tile-n 64
      rows "small, heuristic #$rep" $SMALL --rounds 2
      rows "small, --tile-n 64 #$rep" $SMALL --rounds 2 --tile-n 64
    }
  done
  rows "64x4096x14336 B col, --tile-n 64 --tail-split 2 / 3" --shape 64x4096x14336 --b-col --rounds 2 --tile-n 64 --tail-split 2
  rows "" --shape 64x4096x14336 --b-col --rounds 2 --tile-n 64 --tail-split 3
elif [ "$part" = pairn ]; then
  SMALL="--shape 1024x1024x1024 --shape 1000x1000x1000 --shape 1008x1008x1008 --shape 768x768x768 --shape 512x512x512x8 --shape 2048x2048x2048 --shape 128x8192x8192"
  for rep in 1 2; do
    # shellcheck disable=SC2086
    {
      rows "small, heuristic #$rep" $SMALL --rounds 2
      rows "small, --tile-n 64 --cluster-n 2 #$rep" $SMALL --rounds 2 --tile-n 64 --cluster-n 2
      rows "small, --tile-n 128 --cluster-n 2 #$rep" $SMALL --rounds 2 --tile-n 128 --cluster-n 2
    }
  done
  rows "decode B col, heuristic" --shape 16x8192x8192 --shape 64x4096x14336 --b-col --rounds 2
  rows "decode B col, --tile-n 64 --cluster-n 2" --shape 16x8192x8192 --shape 64x4096x14336 --b-col --rounds 2 --tile-n 64 --cluster-n 2
  rows "mid, heuristic" --shape 3072x3072x3072 --shape 2304x4608x3072 --shape 8192x8192x256 --rounds 2
  rows "mid, --tile-n 128 --cluster-n 2" --shape 3072x3072x3072 --shape 2304x4608x3072 --shape 8192x8192x256 --rounds 2 --tile-n 128 --cluster-n 2
  for s in "1024x1024x1024 --tile-n 64 --cluster-n 2" "1000x1000x1000 --tile-n 64 --cluster-n 2"; do
    say "== ncu SpeedOfLight + L2->SM bytes: $s (clc's kernel, then cuBLAS's)"
    # shellcheck disable=SC2086
    timeout 150 ncu --clock-control none --section SpeedOfLight --metrics l1tex__m_xbar2l1tex_read_bytes.sum.per_second,lts__t_bytes.sum.per_second \
      -k "regex:sm90_mma|nvjet|gemm|sm90_xmma" -c 6 \
      build-dev/bench/clc-bench gemm --shape $s --rounds 1 --iters 1 --warmup 0 --lt-algos 4 --select-iters 1 \
      >"$out/ncu.tmp" 2>&1
    grep -E "^  [a-z_].*\(|Duration|l1tex__m_xbar|lts__t_bytes|Compute \(SM\) Throughput" \
      "$out/ncu.tmp" | sed 's/ \+/ /g' | tee -a "$log"
  done
elif [ "$part" = decode ]; then
  DECODE_COL="--shape 16x8192x8192 --shape 64x4096x14336 --shape 32x11008x4096 --shape 1x8192x8192 --b-col"
  DECODE_ROW="--shape 16x8192x8192 --shape 64x4096x14336 --shape 48x14336x4096 --shape 64x8192x8192"
  for rep in 1 2; do
    # shellcheck disable=SC2086
    {
      rows "B col, idle warpgroup skipped (default) #$rep" $DECODE_COL --rounds 3
      rows "B col, every warpgroup multiplies (--diag 128) #$rep" $DECODE_COL --rounds 3 --diag 128
      rows "B row, idle warpgroup skipped (default) #$rep" $DECODE_ROW --rounds 3
      rows "B row, every warpgroup multiplies (--diag 128) #$rep" $DECODE_ROW --rounds 3 --diag 128
    }
  done
  rows "small shapes" --shape 1024x1024x1024 --shape 1000x1000x1000 --shape 512x512x512x8 --rounds 3
  for s in "16x8192x8192 --b-col" "64x4096x14336 --b-col" "1024x1024x1024"; do
    say "== ncu SpeedOfLight: $s (clc's kernel, then cuBLAS's)"
    # shellcheck disable=SC2086
    timeout 150 ncu --clock-control none --section SpeedOfLight -k "regex:sm90_mma|nvjet|gemm|sm90_xmma" -c 8 \
      build-dev/bench/clc-bench gemm --shape $s --rounds 1 --iters 1 --warmup 0 --lt-algos 4 --select-iters 1 \
      >"$out/ncu.tmp" 2>&1
    grep -E "^  [a-z_].*\(|Duration|DRAM Throughput|Memory Throughput|Compute \(SM\) Throughput|^    Elapsed Cycles" \
      "$out/ncu.tmp" | sed 's/ \+/ /g' | tee -a "$log"
  done
  for s in "16x8192x8192 --b-col" "1024x1024x1024"; do
    say "== trace $s"
    # shellcheck disable=SC2086
    timeout 120 build-dev/bench/clc-bench gemm --shape $s --rounds 1 --trace "$out/trace-${s%% *}.json" 2>&1 |
      grep -E -i "trace|tiles|outside|^[0-9]+x" | tee -a "$log"
  done
else
  for rep in 1 2; do
    rows "pieces and stream-K #$rep" --shape 1536x1536x12288 --shape 5120x5120x5120 --shape 2304x4608x3072 \
      --shape 1024x1024x1024 --shape 1000x1000x1000 --rounds 3 --no-swap
    rows "decode, B col #$rep" --shape 16x8192x8192 --shape 64x4096x14336 --shape 32x11008x4096 --b-col --rounds 3
  done
  build build-probe -DCMAKE_CUDA_FLAGS=-DCLC_KIT_STARTUP_PROBE=1 -DCMAKE_CXX_FLAGS=-DCLC_KIT_STARTUP_PROBE=1
  probe 16x8192x8192 --b-col
  probe 1536x1536x12288
  probe 1024x1024x1024
fi
say "done in $SECONDS s"
