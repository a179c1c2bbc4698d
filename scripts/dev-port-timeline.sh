#!/usr/bin/env bash
# Diagnostics on the GPU machine: bench/probes/port_timeline_probe.cu (per-block %globaltimer stamps of
# the histogram and transpose, originals and ports) built against this tree's clc_host.
#   scripts/dev-port-timeline.sh OUTDIR   (OUTDIR/port-timeline.txt)
set -uo pipefail
out=$1; mkdir -p "$out"
build=${BUILD_DIR:-build-port-check}
commit=${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}
log="$out/port-timeline.txt"
{ echo "# port_timeline_probe, tree of $commit, $(date -u +%FT%TZ)"; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader; } >"$log" 2>&1
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_WORKLOADS=OFF >"$out/timeline-build.log" 2>&1 &&
  ninja -C "$build" clc_host clc_tools >>"$out/timeline-build.log" 2>&1 &&
  nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a -Iinclude -Iexamples -Iexamples/common \
    ${PROBE_FLAGS:-} bench/probes/port_timeline_probe.cu "$(find "$build" -name libclc_tools.a | head -1)" "$(find "$build" -name libclc_host.a | head -1)" -o "$build/port_timeline_probe" -lcuda \
    >>"$out/timeline-build.log" 2>&1 || { echo "build FAILED" | tee -a "$log"; tail -30 "$out/timeline-build.log" | tee -a "$log"; exit 1; }
timeout 300 "$build/port_timeline_probe" >>"$log" 2>&1
echo "probe rc=$?" | tee -a "$log"
