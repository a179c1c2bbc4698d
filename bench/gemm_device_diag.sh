#!/usr/bin/env bash
# Performance diagnostics of the Sm90 GEMM at 8192^3 on a device machine: SASS, variants (layouts,
# cluster, sources, stages, no epilogue, no MMA overlap) and one Nsight Compute profile. Output in $OUT.
set -u -o pipefail
OUT=${OUT:-out}; mkdir -p "$OUT"
cmake -B build-dev -G Ninja -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_EXAMPLES=OFF >"$OUT/cmake.log" 2>&1 || { tail -20 "$OUT/cmake.log"; exit 1; }
ninja -C build-dev clc-bench >"$OUT/build.log" 2>&1 || { grep -E "error" -A3 "$OUT/build.log" | head -40; exit 1; }
cuobjdump -sass build-dev/workloads/gemm/CMakeFiles/clc_gemm.dir/kernels/sm90_bf16_ticket.cu.o >"$OUT/sm90_bf16_ticket.sass" 2>&1
B=./build-dev/bench/clc-bench
SHAPE=${SHAPE:-8192x8192x8192}
for a in "" "--b-col" "--cluster 1" "--source static" "--diag 1 --no-check" "--diag 2" "--stages 3" "--stages 2" ${EXTRA_VARIANTS:-}; do
  printf '%-22s ' "[$a]"; $B gemm --shape $SHAPE --runs 10 --warmup 3 $a 2>/dev/null | grep -E "^[0-9]+x" | head -1
done
timeout 150 ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section ComputeWorkloadAnalysis \
  --section MemoryWorkloadAnalysis -k regex:sm90_gemm -c 1 $B gemm --shape $SHAPE --runs 1 --warmup 0 --no-check \
  >"$OUT/ncu.txt" 2>&1
echo "ncu rc=$?"
grep -E "Duration|Throughput|Pipe|Stall|Issue|Warp Cycles|Eligible|Active Warps|Hit Rate|Bank" "$OUT/ncu.txt" | head -60
