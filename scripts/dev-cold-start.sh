#!/usr/bin/env bash
# Diagnostics on the GPU machine: bench/probes/cold_start_probe.cu (what the first pass through a kernel's
# parameter loads and code costs on an SM; docs/gemm.md, "What limits the kernel").
#   scripts/dev-cold-start.sh OUTDIR   (OUTDIR/cold-start.txt)
set -uo pipefail
out=$1; mkdir -p "$out"
commit=${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}
log="$out/cold-start.txt"
bin=${BUILD_DIR:-build-cold-start}/cold_start_probe
mkdir -p "$(dirname "$bin")"
{ echo "# cold_start_probe, tree of $commit, $(date -u +%FT%TZ)"; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader; } >"$log" 2>&1
nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a bench/probes/cold_start_probe.cu -o "$bin" >"$out/cold-start-build.log" 2>&1 ||
  { echo "build FAILED" | tee -a "$log"; tail -30 "$out/cold-start-build.log" | tee -a "$log"; exit 1; }
# SASS size of each kernel (bytes: the last instruction's offset + 16)
cuobjdump -sass "$bin" | python3 -c '
import re, sys
name, last = None, 0
def emit():
    if name: print("# sass %-60s %7d bytes" % (name, last + 16))
for line in sys.stdin:
    if "Function :" in line:
        emit(); name = line.split()[-1]; last = 0
    m = re.search(r"/\*([0-9a-f]{4,})\*/", line)
    if m: last = int(m.group(1), 16)
emit()' >>"$log" 2>&1
timeout 120 "$bin" >>"$log" 2>&1
echo "probe rc=$?" | tee -a "$log"
