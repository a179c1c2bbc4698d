#!/usr/bin/env bash
# A/B of the ported bodies' Ticket loop on the GPU: b0 built with A_FLAGS (default
# -DCLC_PORT_LEAN_TICKET=0: every ported Ticket launch on the scheduler's block loop, as before
# 2026-12-07; -DCLC_PORT_SHARE_NOTHING=0: the barrier between blocks kept for every body), b1 with
# the defaults (include/clc/port/kernel.cuh run_ported_ticket, blocks_share_nothing). Runs b1's port
# tests and a racecheck subset, then clc-bench port from both builds, alternating, twice.
#   [A_FLAGS=...] scripts/dev-port-lean.sh OUTDIR   (logs: OUTDIR/dev.log; results: OUTDIR/port{0,1}-{1,2}.json)
set -uo pipefail
out=$1; mkdir -p "$out"
log="$out/dev.log"; : >"$log"
nvidia-smi --query-gpu=name,clocks.sm,driver_version --format=csv,noheader | tee -a "$log"
echo "b0: ${A_FLAGS:--DCLC_PORT_LEAN_TICKET=0}" | tee -a "$log"
common="-G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_WORKLOADS=OFF"
cmake -S . -B build-lean0 $common -DCLC_BUILD_TESTS=OFF "-DCMAKE_CUDA_FLAGS=${A_FLAGS:--DCLC_PORT_LEAN_TICKET=0}" >>"$log" 2>&1 &
cmake -S . -B build-lean1 $common >>"$out/cfg1.log" 2>&1 &
wait
( ninja -C build-lean0 -j8 clc-bench-port >"$out/build0.log" 2>&1; echo "build0 rc=$?" | tee -a "$log" ) &
( ninja -C build-lean1 -j8 clc-bench-port clc_port_device_tests >"$out/build1.log" 2>&1; echo "build1 rc=$?" | tee -a "$log" ) &
wait
t=$(find build-lean1/tests -name clc_port_device_tests -type f | head -1)
timeout 300 "$t" >>"$log" 2>&1; echo "port device tests rc=$?" | tee -a "$log"
timeout 200 compute-sanitizer --tool racecheck "$t" --gtest_filter='PortDevice.VirtualBlock*:PortDevice.Stencil*' >>"$log" 2>&1
echo "racecheck rc=$?" | tee -a "$log"
for r in 1 2; do for v in 0 1; do
  timeout 150 build-lean$v/bench/clc-bench-port --rounds 5 --commit "${CLC_GIT_COMMIT:-unknown}" --sources ticket,static,single \
    --json "$out/port$v-$r.json" >"$out/port$v-$r.txt" 2>&1
  echo "bench build-lean$v run $r rc=$?" | tee -a "$log"
  grep -E "^(== |original|port/)" "$out/port$v-$r.txt" | cut -c1-118
done; done
