#!/usr/bin/env bash
# Diagnostics on the GPU machine: bench/probes/sched_gap_probe.cu (where a warp-role kernel's time goes
# between one tile and the next: %clock64 stamps through the runtime's CLC_SCHED_PROBE hook; issue 9
# section 2, docs/scheduling.md section 7b) built against this tree's clc_host. VARIANTS adds probes of
# patched copies of the runtime (NAME=PATCH[,PATCH...], the patches applied in order); every probe runs
# in turn, twice (base, variants..., base, variants...).
#   scripts/dev-sched-gap.sh OUTDIR   (OUTDIR/sched-gap.txt)
#   VARIANTS="pre=scripts/ab-handback-atoms.patch,scripts/ab-handback-predeliver.patch poll=scripts/ab-throttle-poll.patch" \
#     scripts/dev-sched-gap.sh OUTDIR
set -uo pipefail
out=$1; mkdir -p "$out"
build=${BUILD_DIR:-build-sched-gap}
log="$out/sched-gap.txt"
# shellcheck source=lib/probe-build.sh
source "$(dirname "$0")/lib/probe-build.sh"
probe_log_init "$log" "sched_gap_probe${VARIANTS:+ (variants: $VARIANTS)}"
probe_libs "$build" "$out/gap-build.log" || { echo "library build FAILED" | tee -a "$log"; tail -30 "$out/gap-build.log" | tee -a "$log"; exit 1; }
libs=$probe_libs
probe_build() {  # source tree, binary
  # shellcheck disable=SC2086  # $libs are two words
  nvcc -O3 -std=c++17 --expt-relaxed-constexpr -gencode=arch=compute_90a,code=sm_90a -I"$1/include" \
    "$1/bench/probes/sched_gap_probe.cu" $libs -o "$2" -lcuda >>"$out/gap-build.log" 2>&1 ||
    { echo "probe build FAILED ($1)" | tee -a "$log"; tail -30 "$out/gap-build.log" | tee -a "$log"; exit 1; }
}
probe_build . "$build/sched_gap_probe" &
bins="$build/sched_gap_probe"
for v in ${VARIANTS:-}; do  # NAME=PATCH[,PATCH...]
  name=${v%%=*}
  dir=/tmp/clc-sched-gap-$name
  rm -rf "$dir" && mkdir -p "$dir" && tar --exclude='./build*' -cf - include bench/probes | tar -xf - -C "$dir"
  for p in $(echo "${v#*=}" | tr ',' ' '); do
    (cd "$dir" && patch -p1 -s <"$OLDPWD/$p") || { echo "patch $p ($name) FAILED" | tee -a "$log"; exit 1; }
  done
  probe_build "$dir" "$build/sched_gap_probe_$name" &
  bins="$bins $build/sched_gap_probe_$name"
done
wait
for round in 1 2; do
  for bin in $bins; do
    [ -x "$bin" ] || { echo "missing $bin" | tee -a "$log"; exit 1; }
    echo "=== round $round: $(basename "$bin")" >>"$log"
    timeout 120 "$bin" >>"$log" 2>&1
    echo "probe rc=$?" | tee -a "$log"
  done
done
