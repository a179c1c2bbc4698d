#!/usr/bin/env bash
# The clc-sim runs that docs/scheduling.md and docs/simulator.md quote, in one file. The model is
# deterministic and runs on the host, so the file is reproducible anywhere from the commit it names:
#
#   scripts/sim_scenarios.sh [path/to/clc-sim] > bench/results/sim-scenarios.txt
#
# Scenarios: the worked example of the CLC article (no latencies, then small ones); the H200 sched
# bench's interference and imbalance parts with 10 us tiles on 132 SMs (launch latency 1.5, fetch
# latency 1.7, time unit 1 us); the heavy tail of part 7 (the same 63 positions of 160 among 1056
# tiles of 10: the hash of bench/sched/workloads.cuh and tests/sim/simulator_test.cpp) under each
# claim policy, and with the H200's per-tile costs (--tile-gap).
set -eu -o pipefail
sim=${1:-build/release/src/sim/clc-sim}
[ -x "$sim" ] || { echo "sim_scenarios.sh: $sim is not an executable (build the clc-sim target)" >&2; exit 2; }

run() {  # run TITLE ARGS...: the command (long cost lists shortened) and its output
  local title=$1
  shift
  echo "=== $title"
  echo "\$ clc-sim $*" | sed -E 's/list:([0-9]+,){3}[0-9,]*/list:<heavy tail, see the header>/'
  "$sim" "$@"
  echo
}

echo "# clc-sim scenarios quoted by docs/scheduling.md and docs/simulator.md (scripts/sim_scenarios.sh)"
echo "# $("$sim" --version)"
echo "# heavy tail: tile i costs 160 if ((i * 2654435761 mod 2^32) >> 16) % 16 == 0, else 10"
echo

run "article example, two sources" --example article --source static,hardware --width 48
run "article example, small latencies" --example article --launch-latency 0.1 --fetch-latency 0.05 --stages 2 --no-gantt

h200=(--sms 132 --launch-latency 1.5 --fetch-latency 1.7)
held=$(for s in $(seq 0 32); do printf '%s:500,' "$s"; done)
unit=$(awk 'BEGIN { printf "%.17g", 50 / 2112 }')
run "13200 x 10 us, nothing held" --tiles 13200 --cost uniform:10 "${h200[@]}" --stages 2 --no-gantt
run "13200 x 10 us, 33 SMs held 500 us" --tiles 13200 --cost uniform:10 "${h200[@]}" --stages 2 \
  --busy "${held%,}" --no-gantt
run "13200 x 10 us, nothing held, claim exposed (stages 1)" --tiles 13200 --cost uniform:10 "${h200[@]}" \
  --stages 1 --source ticket-resident --no-gantt
run "2112 triangular (50 us * (i+1)/n), natural" --tiles 2112 --cost "triangular:$unit" "${h200[@]}" --stages 2 \
  --no-gantt
run "2112 triangular (50 us * (i+1)/n), longest-first" --tiles 2112 --cost "triangular-lpt:$unit" "${h200[@]}" \
  --stages 2 --no-gantt

tail=$(awk 'BEGIN { for (i = 0; i < 1056; ++i) { h = int((i * 2654435761) % 4294967296 / 65536) % 16;
                                               printf "%s%s", (i ? "," : ""), (h == 0 ? 160 : 10) } }')
ht=(--tiles 1056 --sms 132 --cost "list:$tail" --fetch-latency 0.5 --launch-latency 1 --no-gantt)
run "heavy tail, on demand (stages 1)" "${ht[@]}" --stages 1
run "heavy tail, ahead" "${ht[@]}" --stages 2 --claim ahead
run "heavy tail, window" "${ht[@]}" --stages 2 --claim window
run "heavy tail, handback" "${ht[@]}" --stages 2 --claim handback
run "heavy tail, steal (no watcher; every claimed tile)" "${ht[@]}" --stages 2 --claim steal
run "heavy tail, steal (the last 264 tiles)" "${ht[@]}" --stages 2 --claim steal:264
# The same heavy tail with the H200's per-tile costs (bench/results/h200-sched-dev-handback.txt, section 5:
# median gaps between two tiles of one SM, 416 ns for Single's CTA relaunch, 576-672 ns for the handback):
# a launch latency of 0.42 and a tile gap of 0.67, then the gap the handshake would need to beat Single.
hc=(--tiles 1056 --sms 132 --cost "list:$tail" --fetch-latency 0.5 --launch-latency 0.42 --no-gantt --stages 2)
run "heavy tail, H200 per-tile costs: handback, tile gap 0.67" "${hc[@]}" --tile-gap 0.67 --claim handback --source ticket-resident,single
run "heavy tail, H200 per-tile costs: handback, tile gap 0.3" "${hc[@]}" --tile-gap 0.3 --claim handback --source ticket-resident,single
# On demand with the H200's per-tile costs (Single's relaunch 0.42; a persistent worker's handshake 0.22, Static's
# median gap): the claim's round trip exposed (fetch latency 0.6), and hidden, as a claim that the tile body could
# ask for shortly before it ends would hide it (fetch latency 0, and 0.1 with a handshake of 0.3).
hd=(--tiles 1056 --sms 132 --cost "list:$tail" --launch-latency 0.42 --no-gantt --stages 1 --source ticket-resident,single)
run "heavy tail, H200 per-tile costs: on demand, claim exposed" "${hd[@]}" --fetch-latency 0.6 --tile-gap 0.22
run "heavy tail, H200 per-tile costs: on demand, claim hidden" "${hd[@]}" --fetch-latency 0 --tile-gap 0.22
run "heavy tail, H200 per-tile costs: on demand, claim nearly hidden" "${hd[@]}" --fetch-latency 0.1 --tile-gap 0.3
