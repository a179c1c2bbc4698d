#!/usr/bin/env bash
# One Nsight Compute profile of clc::gemm on one shape (default 512x512x512x8, the fixed-cost shape of
# issue 13): the full section set, then per-SASS-instruction warp-stall samples (CSV, source page).
# Usage: OUT=dir SHAPE=MxNxK[xB] EXTRA="--source static" bench/gemm_profile.sh [path/to/clc-bench]
set -u -o pipefail
OUT=${OUT:-out}; mkdir -p "$OUT"
B=${1:-./build-dev/bench/clc-bench}
SHAPE=${SHAPE:-512x512x512x8}
tag=${TAG:-$SHAPE}
timeout 240 ncu --clock-control none --set full --import-source no -k regex:sm90_mma_kernel -s 2 -c 1 -o "$OUT/prof-$tag" -f \
  "$B" gemm --shape "$SHAPE" --rounds 1 --iters 3 --warmup 1 --lt-algos 1 --select-iters 1 --no-check ${EXTRA:-} \
  >"$OUT/prof-$tag.log" 2>&1
echo "ncu rc=$?"
ncu --import "$OUT/prof-$tag.ncu-rep" --print-summary none >"$OUT/prof-$tag.txt" 2>&1
ncu --import "$OUT/prof-$tag.ncu-rep" --page source --csv --print-source sass >"$OUT/prof-$tag-sass.csv" 2>&1
grep -E "Duration|Elapsed Cycles|SM Active Cycles|Warp Cycles Per Issued|Issue Slots Busy|Achieved Occupancy|Memory Throughput|DRAM Throughput|Compute \(SM\)" "$OUT/prof-$tag.txt" | head -20
