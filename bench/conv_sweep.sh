#!/usr/bin/env bash
# Diagnostics for the convolution's plan heuristic (workloads/conv/conv.cpp decide()): clc-bench conv on
# the 3x3 and 1x1 layers at N = 32 and 128 once per forced (tile width, cluster, split-K), plus the
# heuristic's own choice first and last (the drift of the sweep). Each invocation gates every element.
#   bench/conv_sweep.sh OUTDIR [CLC-BENCH]
set -u -o pipefail
out=${1:?usage: bench/conv_sweep.sh OUTDIR [CLC-BENCH]}
B=${2:-build-gpu/bench/clc-bench}
mkdir -p "$out"
run() {  # label, then clc-bench conv arguments
  local label=$1; shift
  timeout 120 "$B" conv --layers 3x3,1x1 --rounds 3 --iters 10 --no-cudnn-fused "$@" >"$out/$label.txt" 2>"$out/$label.err"
  echo "$label rc=$? $(grep -E '^geomean' "$out/$label.txt")"
}
run heuristic-first
for t in 64 128; do
  for k in 1 2 3 4; do run "t${t}-c1-k${k}" --tile-n "$t" --cluster 1 --split-k "$k"; done
done
for k in 1 2; do run "t256-c2-k${k}" --tile-n 256 --cluster 2 --split-k "$k"; done
run t256-c1-k1 --tile-n 256 --cluster 1 --split-k 1
run t128-c2-k1 --tile-n 128 --cluster 2 --split-k 1
run heuristic-last
