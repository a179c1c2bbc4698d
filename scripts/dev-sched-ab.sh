#!/usr/bin/env bash
# Development A/B of a change to the runtime's scheduler or sources on the H200 (not a measured run;
# the measured run is clc-bench sched of a commit, e.g. through scripts/gpu-check.sh). The working tree
# is "new"; "base" is the same tree with BASE_PATCH reverse-applied (a patch of the change against the
# committed code, e.g. `git diff HEAD -- include > ab-base.patch`, left untracked so it travels).
#   1. builds new (clc-bench-sched, clc_device_tests) and base (clc-bench-sched) with all cores;
#   2. runs new's device tests of FILTER (default: the handback's and the randomized exactly-once
#      tests), then memcheck, synccheck and racecheck (the documented pair filtered) on SAN_FILTER;
#   3. runs clc-bench-sched ARGS (default --only tail,handback) base, new, base, new.
# Writes OUT/dev-sched-ab.txt (the summary and the tables) and OUT/logs.tgz.
#   BASE_PATCH=ab-base.patch scripts/dev-sched-ab.sh OUT
# A third side, "mid" (two changes in one call): MID_PATCH is the patch of the tree against mid, and
# BASE_PATCH that of mid against the committed code; base = tree - MID_PATCH - BASE_PATCH. The rounds
# then run base, mid, new twice (tests and sanitizers on new only). BASE_PATCH may be a list
# ("A B": mid = committed + A + B).
set -u -o pipefail
out=${1:?usage: BASE_PATCH=FILE scripts/dev-sched-ab.sh OUT}
patch_file=${BASE_PATCH:?set BASE_PATCH to a patch of the change against the committed code}
filter=${FILTER:-Handback.*:Randomized.*:SanitizerSubset.Handback:TicketWorkspace.*}
san_filter=${SAN_FILTER:-SanitizerSubset.Handback}
args=${SCHED_ARGS:---only tail,handback}
mkdir -p "$out/logs"
log="$out/dev-sched-ab.txt"
: >"$log"
say() { echo "$*" | tee -a "$log"; }
say "dev-sched-ab on $(nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader 2>/dev/null)"
build() {  # source dir, build dir, targets...
  local t0=$SECONDS src=$1 dir=$2
  shift 2
  cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=ON \
    -DCLC_BUILD_BENCH=ON -DCLC_BUILD_EXAMPLES=OFF >"$out/logs/configure-$(basename "$dir").log" 2>&1 &&
    ninja -C "$dir" "$@" >"$out/logs/build-$(basename "$dir").log" 2>&1
  local rc=$?
  say "build $dir rc=$rc in $((SECONDS - t0)) s"
  [ $rc = 0 ] || { tail -30 "$out/logs/build-$(basename "$dir").log" | tee -a "$log"; tar -czf "$out/logs.tgz" -C "$out" logs; exit 1; }
}
root=$PWD
base=/tmp/clc-sched-base
rm -rf "$base" && mkdir -p "$base"
tar --exclude='./build*' -cf - . | tar -xf - -C "$base"
sides="base new"
if [ -n "${MID_PATCH:-}" ]; then
  sides="base mid new"
  mid=/tmp/clc-sched-mid
  rm -rf "$mid" && mkdir -p "$mid"
  tar --exclude='./build*' -cf - . | tar -xf - -C "$mid"
  (cd "$mid" && patch -R -p1 <"$root/$MID_PATCH") >"$out/logs/patch-mid.log" 2>&1 || { say "reverse mid patch failed"; cat "$out/logs/patch-mid.log"; exit 1; }
  (cd "$base" && patch -R -p1 <"$root/$MID_PATCH") >>"$out/logs/patch.log" 2>&1 || { say "reverse mid patch (base) failed"; exit 1; }
  build "$mid" /tmp/build-sched-mid clc-bench-sched &
fi
# BASE_PATCH may name several patches (applied in that order to the committed code): reversed last first.
for p in $(echo "$patch_file" | tr ' ' '\n' | tac); do
  (cd "$base" && patch -R -p1 <"$root/$p") >>"$out/logs/patch.log" 2>&1 || { say "reverse patch $p failed"; cat "$out/logs/patch.log"; exit 1; }
done
build . build-new clc-bench-sched clc_device_tests &
build "$base" /tmp/build-sched-base clc-bench-sched &
wait
for b in build-new/bench/sched/clc-bench-sched /tmp/build-sched-base/bench/sched/clc-bench-sched ${MID_PATCH:+/tmp/build-sched-mid/bench/sched/clc-bench-sched}; do
  [ -x "$b" ] || { say "a build failed ($b)"; tar -czf "$out/logs.tgz" -C "$out" logs; exit 1; }
done
T=build-new/tests/device/clc_device_tests
t0=$SECONDS
timeout 300 "$T" --gtest_filter="$filter" >"$out/logs/tests.log" 2>&1
say "tests ($filter) rc=$? in $((SECONDS - t0)) s: $(grep -E '^\[  (PASSED|FAILED) ' "$out/logs/tests.log" | tr '\n' ' ')"
grep -E "^\[  FAILED" "$out/logs/tests.log" | head -20 | tee -a "$log"
for tool in memcheck synccheck; do
  t0=$SECONDS
  timeout 300 compute-sanitizer --tool $tool --error-exitcode 1 "$T" --gtest_filter="$san_filter" >"$out/logs/$tool.log" 2>&1
  say "compute-sanitizer $tool ($san_filter) rc=$? in $((SECONDS - t0)) s: $(grep -E 'ERROR SUMMARY' "$out/logs/$tool.log" | tail -1)"
done
t0=$SECONDS
timeout 300 compute-sanitizer --tool racecheck --racecheck-report hazard --print-limit 0 --show-backtrace no "$T" \
  --gtest_filter="$san_filter" >"$out/logs/racecheck.log" 2>&1
grep -E "RACECHECK SUMMARY" "$out/logs/racecheck.log" | tail -1 | tee -a "$log"
python3 scripts/racecheck_filter.py "$out/logs/racecheck.log" "$T" >>"$out/logs/racecheck-filter.log" 2>&1
say "racecheck ($san_filter, documented pair filtered) rc=$? in $((SECONDS - t0)) s: $(grep -E '^racecheck_filter: (ok|FAIL)' "$out/logs/racecheck-filter.log" | tail -1)"
for round in 1 2; do
  for side in $sides; do
    bin=build-new/bench/sched/clc-bench-sched
    [ $side = base ] && bin=/tmp/build-sched-base/bench/sched/clc-bench-sched
    [ $side = mid ] && bin=/tmp/build-sched-mid/bench/sched/clc-bench-sched
    say "== round $round $side: clc-bench sched $args"
    # shellcheck disable=SC2086  # the arguments are words
    timeout 200 "$bin" $args 2>/dev/null | grep -vE "^\[" >>"$log"
  done
done
say "done in $SECONDS s"
tar -czf "$out/logs.tgz" -C "$out" logs
