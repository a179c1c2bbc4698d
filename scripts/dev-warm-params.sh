#!/usr/bin/env bash
# Development A/B on the GPU machine: the GEMM with and without CLC_KIT_WARM_PARAMS (an idle warp touches
# every line of the parameter block at entry; include/clc/kit/warp_specialized.cuh), small shapes, the
# two builds alternating.  scripts/dev-warm-params.sh OUTDIR  (OUTDIR/warm-params.txt)
set -uo pipefail
out=$1; mkdir -p "$out"
log="$out/warm-params.txt"
commit=${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}
echo "# warm-params A/B, tree of $commit, $(date -u +%FT%TZ)" >"$log"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >>"$log" 2>&1
cfg="-G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=OFF -DCLC_BUILD_EXAMPLES=OFF"
t0=$SECONDS
{ cmake -S . -B build-wp-base $cfg && cmake -S . -B build-wp-warm $cfg -DCMAKE_CUDA_FLAGS=-DCLC_KIT_WARM_PARAMS=1; } >"$out/wp-build.log" 2>&1 &&
  ninja -C build-wp-base -j16 clc-bench >>"$out/wp-build.log" 2>&1 &&
  ninja -C build-wp-warm -j16 clc-bench >>"$out/wp-build.log" 2>&1 ||
  { echo "build FAILED" | tee -a "$log"; grep -E "error|FAILED" "$out/wp-build.log" | head -20 | tee -a "$log"; exit 1; }
echo "# builds ok in $((SECONDS - t0)) s" >>"$log"
shapes="${SHAPES:---shape 1024x1024x1024 --shape 1000x1000x1000 --shape 512x512x512x8 --shape 2048x2048x2048 --shape 8192x8192x256 --shape 128x8192x8192}"
for rep in 1 2; do
  for b in base warm; do
    echo "== $b (repetition $rep)" >>"$log"
    # shellcheck disable=SC2086
    timeout 200 build-wp-$b/bench/clc-bench gemm $shapes --rounds ${ROUNDS:-5} 2>/dev/null | grep -v "^\[" >>"$log"
  done
done
