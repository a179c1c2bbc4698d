#!/usr/bin/env bash
# Development probe of GEMM operands whose rows are not 32-byte multiples (e.g. 1000 or 3000 bf16 elements:
# rows of 2000 / 6000 bytes) on the H200: the ring probe (bench/probes/mainloop_probe.cu --promo: TMA L2
# promotion none/128/256, MMA and loads only) on misaligned shapes beside aligned neighbours, clc-bench gemm on
# them, and Nsight Compute names and bytes of clc's and cuBLAS's kernels at 3000^3 and 3072^3. Writes
# OUT/dev-misaligned.txt. (Its run in bench/results/h200-gemm-misaligned-dev.txt, section 1, also forced the
# library's L2 promotion through a temporary hook, CLC_DEV_L2, of the tree then; the hook is not in the code,
# the library now chooses the promotion itself: workloads/gemm/sm90_maps.cpp.)
set -u -o pipefail
out=${1:?usage: scripts/dev-misaligned.sh OUT}
mkdir -p "$out"
log="$out/dev-misaligned.txt"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
say "dev-misaligned on $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader 2>/dev/null)"
t0=$SECONDS
cmake -S . -B build-new -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=ON \
  -DCLC_BUILD_BENCH=ON -DCLC_BUILD_EXAMPLES=OFF >"$out/configure.log" 2>&1 && ninja -C build-new clc-bench >"$out/build.log" 2>&1
say "build rc=$? in $((SECONDS - t0)) s"
nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Iinclude bench/probes/mainloop_probe.cu -o "$out/probe" \
  -lcublas -lcuda >"$out/probe-build.log" 2>&1
say "probe build rc=$?"
for s in 3000x3000x3000x1 3072x3072x3072x1 1000x1000x1000x1 1024x1024x1024x1 2000x2000x2000x1; do
  say "== probe $s --promo"
  timeout 60 "$out/probe" "$s" --promo 2>&1 | tee -a "$log" >/dev/null
done
B=build-new/bench/clc-bench
say "== clc-bench"
timeout 120 $B gemm --shape 3000x3000x3000 --shape 1000x1000x1000 --shape 4000x1000x1000 \
  --shape 3072x3072x3072 --shape 1024x1024x1024 --rounds 2 2>&1 | grep -E "^[0-9]+x|^geomean" | cut -c1-200 | tee -a "$log"
say "== ncu at 3000^3 and 3072^3"
for s in 3000x3000x3000 3072x3072x3072; do
  timeout 150 ncu --clock-control none --launch-count 60 \
    --metrics gpu__time_duration.sum,l1tex__m_xbar2l1tex_read_bytes.sum,lts__t_bytes.sum,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum \
    $B gemm --shape $s --rounds 1 --iters 1 --warmup 0 --lt-algos 2 --select-iters 1 >"$out/ncu-$s.txt" 2>&1
  say "ncu $s rc=$?"
  grep -E "^  [a-zA-Z_].*\(|gpu__time|bytes|sectors|requests" "$out/ncu-$s.txt" | cut -c1-160 | tee -a "$log" >/dev/null
done
say "done in $SECONDS s"
