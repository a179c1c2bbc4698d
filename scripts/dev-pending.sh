#!/usr/bin/env bash
# The device calls that are prepared but have not run (development; each fits one 10-minute call):
#   ab    the handback / throttle A/B: applies scripts/ab-handback-atoms.patch, ab-handback-predeliver.patch
#         and ab-throttle-poll.patch to this tree, then scripts/dev-sched-ab.sh with base = the committed
#         code, mid = atoms + predeliver, new = all three (device tests and sanitizers on new; clc-bench
#         sched --only handback base, mid, new twice: the patches change only warp-role kernels). OUT/dev-sched-ab.txt, OUT/logs.tgz.
#   gap   scripts/dev-sched-gap.sh: the per-tile gap probe of the committed code and of the variants
#         pre (atoms + predeliver) and poll (throttle polled). OUT/sched-gap.txt.
#   cold  scripts/dev-cold-start.sh (its jump rows are new). OUT/cold-start.txt.
#   port  on an H200 only: the owed port verification of the committed code (gpu-check: build, every
#         GPU test, the sanitizer subsets, the examples, clc-bench port --rounds 7). OUT/port/, OUT/port-all.tgz.
#   scripts/dev-pending.sh MODE[,MODE...] OUT   (e.g. gap,cold in one call; ab patches the tree: alone)
#   (CLC_GIT_COMMIT names the commit: the device's copy may carry no .git)
set -uo pipefail
mode=${1:?usage: scripts/dev-pending.sh ab|gap|cold|port OUT}
out=${2:?usage: scripts/dev-pending.sh ab|gap|cold|port OUT}
mkdir -p "$out"
commit=${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
echo "dev-pending $mode on ${gpu:-no GPU}, tree of $commit"
atoms=scripts/ab-handback-atoms.patch pre=scripts/ab-handback-predeliver.patch poll=scripts/ab-throttle-poll.patch
case ,$mode, in *,ab,*) [ "$mode" = ab ] || { echo "ab patches the tree: run it alone"; exit 1; } ;; esac
for m in $(echo "$mode" | tr ',' ' '); do
case $m in
  ab)
    for p in $atoms $pre $poll; do patch -p1 -s <"$p" || { echo "patch $p failed"; exit 1; }; done
    CLC_GIT_COMMIT="$commit+atoms+predeliver+poll" MID_PATCH=$poll BASE_PATCH="$atoms $pre" SCHED_ARGS="--only handback" timeout 585 scripts/dev-sched-ab.sh "$out"
    ;;
  gap)
    CLC_GIT_COMMIT=$commit VARIANTS="pre=$atoms,$pre poll=$poll" timeout 400 scripts/dev-sched-gap.sh "$out"
    ;;
  cold)
    CLC_GIT_COMMIT=$commit BUILD_DIR=build-cold-start timeout 150 scripts/dev-cold-start.sh "$out"
    ;;
  port)
    case $gpu in *H200*) ;; *) echo "port: needs an H200 (this is ${gpu:-no GPU})"; exit 1 ;; esac
    CLC_GIT_COMMIT=$commit PHASES="build gtest sanitize examples bench" BENCHES=port BENCH_ARGS="--rounds 7 --commit $commit" \
      timeout 585 scripts/gpu-check.sh "$out/port"
    tar -czf "$out/port-all.tgz" -C "$out" port
    ;;
  *) echo "unknown mode $m"; exit 1 ;;
esac
done
