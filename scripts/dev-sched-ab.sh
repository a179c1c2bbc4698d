#!/usr/bin/env bash
# Development A/B on the GPU machine: clc-bench-sched built from this tree ("base") and from this tree with
# PATCH applied ("new"), run alternately on the same GPU.  NEW_SRC=DIR keeps the patched tree there.
#   scripts/dev-sched-ab.sh OUTDIR PATCH [clc-bench sched arguments...]   (OUTDIR/sched-ab.txt)
# Default arguments: --only handback,tail.  REPS (default 2) alternations.
set -uo pipefail
out=$1; patch_file=$2; shift 2
args=("$@"); [ ${#args[@]} -eq 0 ] && args=(--only handback,tail)
mkdir -p "$out"
log="$out/sched-ab.txt"
commit=${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}
{ echo "# sched A/B, tree of $commit, new = the tree with $(basename "$patch_file") applied, $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader; } >"$log" 2>&1
new_src=${NEW_SRC:-$(mktemp -d)/src}
mkdir -p "$new_src" && tar --exclude='./build*' -cf - . | tar -xf - -C "$new_src" &&
  (cd "$new_src" && patch -s -p1 <"$OLDPWD/$patch_file") ||
  { echo "patched tree FAILED" | tee -a "$log"; exit 1; }
cfg="-G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=OFF -DCLC_BUILD_EXAMPLES=OFF -DCLC_BUILD_WORKLOADS=OFF"
t0=$SECONDS
# shellcheck disable=SC2086
{ cmake -S "$new_src" -B build-ab-new $cfg && cmake -S . -B build-ab-base $cfg; } >"$out/ab-build.log" 2>&1 &&
  ninja -C build-ab-new -j16 clc-bench-sched >>"$out/ab-build.log" 2>&1 &&
  ninja -C build-ab-base -j16 clc-bench-sched >>"$out/ab-build.log" 2>&1 ||
  { echo "build FAILED" | tee -a "$log"; grep -E "error|FAILED" "$out/ab-build.log" | head -20 | tee -a "$log"; exit 1; }
echo "# builds ok in $((SECONDS - t0)) s; arguments: ${args[*]}" >>"$log"
for rep in $(seq 1 "${REPS:-2}"); do
  for b in base new; do
    echo "== $b (repetition $rep)" >>"$log"
    timeout "${AB_TIMEOUT:-150}" "build-ab-$b/bench/sched/clc-bench-sched" "${args[@]}" >>"$log" 2>&1
    echo "rc=$?" >>"$log"
  done
done
