#!/usr/bin/env bash
# Diagnostics on the GPU machine: bench/probes/port_timeline_probe.cu (per-block %globaltimer stamps of
# the histogram and transpose, originals and ports) built against this tree's clc_host.
#   scripts/dev-port-timeline.sh OUTDIR   (OUTDIR/port-timeline.txt)
set -uo pipefail
out=$1; mkdir -p "$out"
build=${BUILD_DIR:-build-port-check}
log="$out/port-timeline.txt"
# shellcheck source=lib/probe-build.sh
source "$(dirname "$0")/lib/probe-build.sh"
probe_log_init "$log" port_timeline_probe
# shellcheck disable=SC2086  # $probe_libs are two words
probe_libs "$build" "$out/timeline-build.log" &&
  nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a -Iinclude -Iexamples -Iexamples/common \
    ${PROBE_FLAGS:-} bench/probes/port_timeline_probe.cu $probe_libs -o "$build/port_timeline_probe" -lcuda \
    >>"$out/timeline-build.log" 2>&1 || { echo "build FAILED" | tee -a "$log"; tail -30 "$out/timeline-build.log" | tee -a "$log"; exit 1; }
timeout 300 "$build/port_timeline_probe" >>"$log" 2>&1
echo "probe rc=$?" | tee -a "$log"
