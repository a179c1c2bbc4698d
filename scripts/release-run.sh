#!/usr/bin/env bash
# The one device call that verifies and measures a release candidate: scripts/gpu-check.sh (build,
# every test through CTest, the sanitizer subsets, the examples, clc-bench gemm and sched, clc_torch's
# pip install + pytest), then the attention benchmark (full shape set, and causal 16k hdim 128 with a
# quarter of the SMs held, Static beside Ticket) and the PyTorch benchmark. Results JSON and the
# summary come back as single files; every log goes into logs.tgz (the device tool returns 8 files).
#
#   CLC_GIT_COMMIT=<sha> scripts/release-run.sh OUTDIR
set -u -o pipefail
out=${1:?usage: scripts/release-run.sh OUTDIR}
mkdir -p "$out/logs"
: "${CLC_GIT_COMMIT:?set CLC_GIT_COMMIT to the commit under test}"
export CLC_GIT_COMMIT
start=$SECONDS
budget=${BUDGET_S:-560}  # skip what would not finish inside the device call
left() { echo $((budget - (SECONDS - start))); }
py=${PYTHON:-python3}
target=$(mktemp -d)

PHASES="build test sanitize examples bench torch" ARCHS=90a BUILD_DIR=build-gpu TORCH_TARGET="$target" \
  CTEST_ARGS="${CTEST_ARGS:--LE main-job -j4 -E ^(HardwarePtx|RuntimePtx|ArchCheck|CliTool|ReadmeExample|Registers)}" \
  BENCHES="gemm sched" PYTHON="$py" bash scripts/gpu-check.sh "$out/logs" >"$out/logs/gpu-check.console" 2>&1
cp "$out/logs/summary.txt" "$out/summary.txt"
note() { echo "$*" | tee -a "$out/summary.txt"; }
for f in bench-gemm.json bench-sched.json; do [ -f "$out/logs/$f" ] && cp "$out/logs/$f" "$out/$f"; done

if [ "$(left)" -gt 150 ]; then
  t0=$SECONDS
  PYTHONUNBUFFERED=1 build-gpu/bench/clc-bench attention --json "$out/h200-attention.json" \
    >"$out/logs/attention.log" 2>&1
  note "clc-bench attention rc=$? in $((SECONDS - t0)) s: $(grep -E '^geomean' "$out/logs/attention.log" | tail -1)"
else
  note "clc-bench attention skipped: $(left) s left"
fi
if [ "$(left)" -gt 40 ]; then
  t0=$SECONDS
  PYTHONUNBUFFERED=1 build-gpu/bench/clc-bench attention --json "$out/h200-attention-interfere.json" \
    --interfere 0.25 --only "b1 h16 s16384 d128 causal" --static-too >"$out/logs/attention-interfere.log" 2>&1
  note "clc-bench attention --interfere 0.25 rc=$? in $((SECONDS - t0)) s"
fi
if [ "$(left)" -gt 40 ]; then
  t0=$SECONDS
  PYTHONPATH="$target" PYTHONUNBUFFERED=1 "$py" bench/torch_bench.py --json "$out/h200-torch.json" \
    --commit "$CLC_GIT_COMMIT" --time-budget $(( $(left) - 20 )) >"$out/logs/torch-bench.log" 2>&1
  note "torch_bench rc=$? in $((SECONDS - t0)) s"
else
  note "torch_bench skipped: $(left) s left"
fi
note "release-run total $((SECONDS - start)) s"
tar -czf "$out/logs.tgz" -C "$out" logs && rm -rf "$out/logs"
cat "$out/summary.txt"
