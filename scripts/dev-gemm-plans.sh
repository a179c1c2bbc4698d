#!/usr/bin/env bash
# Development sweep of forced clc::gemm plans against the heuristic's on shapes it handles badly
# (deep K with few output tiles, one partial wave of short-K tiles, rows inside sectors), for choosing
# heuristics: PART=sweep of scripts/dev-kit-ab.sh with one item per (shape, forced options).
#   scripts/dev-gemm-plans.sh OUT
# Each line of PLANS: a shape, then ';'-separated option lists ('-' = the heuristic's plan).
set -u -o pipefail
out=${1:?usage: scripts/dev-gemm-plans.sh OUT}
PLANS=${PLANS:-"
512x512x32768|-;--tile-n 128 --split-k 4;--tile-n 128 --split-k 8;--tile-n 128 --split-k 16;--tile-n 256 --split-k 16;--tile-n 256 --split-k 32;--tile-n 64 --split-k 16
128x128x70000|-;--tile-n 64 --split-k 32;--tile-n 64 --split-k 64;--tile-n 128 --split-k 32;--tile-n 128 --split-k 64;--tile-n 128 --split-k 128
64x64x131072|-;--tile-n 64 --split-k 64;--tile-n 64 --split-k 128;--tile-n 128 --split-k 32;--tile-n 128 --split-k 64;--tile-n 128 --split-k 128
256x256x65536|-;--tile-n 128 --split-k 16;--tile-n 128 --split-k 32;--tile-n 256 --split-k 32;--tile-n 256 --split-k 64
1024x1024x32768|-;--tile-n 128 --split-k 2;--tile-n 256 --split-k 4;--tile-n 64 --split-k 1
1536x1536x1536|-;--tile-n 192;--tile-n 128;--stream-k 2
2048x1536x1536|-;--tile-n 192
1536x1536x2560|-;--tile-n 192
1536x1536x768|-;--tile-n 192
1280x2048x1024|-;--tile-n 192
333x3336x3336|-;--tile-n 256 --split-k 3;--tile-n 64;--tile-n 192
6000x504x6000|-;--stream-k 2;--tile-n 128;--tile-n 192
3x5000x7000|-;--tile-n 64 --cluster-n 1 --split-k 2;--tile-n 128 --split-k 3;--tile-n 256 --split-k 6;--tile-n 128 --split-k 2
"}
sweep=""
n=0
while IFS='|' read -r shape opts; do
  [ -n "$shape" ] || continue
  IFS=';' read -r -a list <<<"$opts"
  for o in "${list[@]}"; do
    [ "$o" = - ] && o=""
    n=$((n + 1))
    sweep+="${sweep:+;}p$n-$shape:gemm --rounds ${ROUNDS:-3} --shape $shape $o"
  done
done <<<"$PLANS"
PART=sweep SWEEP="$sweep" scripts/dev-kit-ab.sh "$out"
