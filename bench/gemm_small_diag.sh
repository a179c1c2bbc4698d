#!/usr/bin/env bash
# Diagnostics of clc::gemm on small, skinny and deep-K shapes (issue 13) on a device machine: every
# shape under forced variants (source, cluster, tile width, split-K), then Nsight Compute durations
# of every kernel on 1000^3 (fp16 -> f32) and 512^3 x 8 (the fixed-cost shapes). Output in $OUT.
set -u -o pipefail
OUT=${OUT:-out}; mkdir -p "$OUT"
if [ -z "${NO_BUILD:-}" ]; then
  cmake -B build-dev -G Ninja -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_EXAMPLES=OFF -DCLC_BUILD_TESTS=OFF \
    -DCLC_BUILD_BENCH=ON >"$OUT/cmake.log" 2>&1 || { tail -20 "$OUT/cmake.log"; exit 1; }
  ninja -C build-dev clc-bench >"$OUT/build.log" 2>&1 || { grep -E "error" -A3 "$OUT/build.log" | head -40; exit 1; }
fi
B=./build-dev/bench/clc-bench
Q="--rounds 2 --iters 10 --warmup 2 --lt-algos 8 --select-iters 3"
ROW=${SHAPES_ROW:-"1024x1024x1024 2048x2048x2048 512x512x512x8 3072x3072x3072 1536x1536x12288 128x8192x8192 2304x4608x3072"}
COL=${SHAPES_COL:-"16x8192x8192 64x4096x14336"}
rs=(); for s in $ROW; do rs+=(--shape "$s"); done
cs=(); for s in $COL; do cs+=(--shape "$s"); done
VARIANTS=${VARIANTS:-"|--source static|--source single|--cluster 1|--tile-n 128|--split-k 1|--split-k 2|--split-k 4"}
IFS='|' read -r -a vs <<<"$VARIANTS"
for v in "${vs[@]}"; do
  echo "== variant [$v]"
  $B gemm "${rs[@]}" $Q $v 2>&1 | grep -E "^[0-9]+x|geomean"
  $B gemm "${cs[@]}" --b-col $Q $v 2>&1 | grep -E "^[0-9]+x|geomean"
done
if [ -z "${NO_NCU:-}" ]; then
  for s in "1000x1000x1000 --dtype fp16 --out f32" "512x512x512x8" "1024x1024x1024"; do
    echo "== ncu $s"
    timeout 120 ncu --clock-control none --print-summary per-kernel --metrics gpu__time_duration.sum \
      $B gemm --shape $s --rounds 1 --iters 3 --warmup 0 --lt-algos 1 --select-iters 1 >"$OUT/ncu-${s%% *}.txt" 2>&1
    grep -E "^  [a-zA-Z_].*\(|gpu__time_duration" "$OUT/ncu-${s%% *}.txt" | paste - - | sed -E 's/ +/ /g' | cut -c1-220 | head -20
  done
fi
