#!/usr/bin/env bash
# Development run behind bench/results/h200-conv-dev-hang-trace.txt (kept as it ran): per-tile traces of the
# convolution (clc-bench conv --trace) and an A/B of clc_conv's barrier-wait timeout (CLC_CONV_HANG_TIMEOUT_S
# 0 against 20). Its "nohang2" run used the 20 s build too: the script switches back only after it.
#   scripts/dev-conv-trace.sh OUTDIR
set -u -o pipefail
out=${1:?OUTDIR}; mkdir -p "$out"
L=${LAYERS:-3x3_64-64,3x3_256-256,3x3s2_256,1x1_64-256,1x1_1024}
t0=$SECONDS
cmake -S . -B build-gpu -G Ninja -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_TESTS=OFF -DCLC_BUILD_BENCH=ON \
  -DCLC_BUILD_EXAMPLES=OFF -DCLC_CONV_HANG_TIMEOUT_S=0 >"$out/configure.log" 2>&1 && ninja -C build-gpu clc-bench >"$out/build.log" 2>&1
echo "build rc=$? $((SECONDS-t0)) s"
B=build-gpu/bench/clc-bench
$B conv --layers "$L" --rounds 3 --trace "$out/trace.json" --json "$out/nohang.json" >"$out/nohang.txt" 2>&1; echo "trace run rc=$?"
grep -E "^trace|geomean|fusion|Static" "$out/nohang.txt"
if [ -n "${HANG_AB:-1}" ]; then
  t0=$SECONDS
  cmake -S . -B build-gpu -DCLC_CONV_HANG_TIMEOUT_S=20 >>"$out/configure.log" 2>&1 && ninja -C build-gpu clc-bench >>"$out/build.log" 2>&1
  echo "hang build rc=$? $((SECONDS-t0)) s"
  $B conv --layers "${HANG_LAYERS:-3x3_256-256,3x3s2_256,1x1_1024}" --rounds 3 --json "$out/hang.json" >"$out/hang.txt" 2>&1; echo "hang run rc=$?"
  $B conv --layers "${HANG_LAYERS:-3x3_256-256,3x3s2_256,1x1_1024}" --rounds 3 --json "$out/nohang2.json" >"$out/nohang2.txt" 2>&1 || true
  cmake -S . -B build-gpu -DCLC_CONV_HANG_TIMEOUT_S=0 >>"$out/configure.log" 2>&1
fi
python3 - "$out" <<'P'
import json,sys,os
o=sys.argv[1]
def load(f):
    p=os.path.join(o,f)
    return {(l['name'],l['n']):l for l in json.load(open(p))['layers']} if os.path.exists(p) else {}
a=load('nohang.json'); b=load('hang.json'); c=load('nohang2.json')
for k in sorted(set(a)|set(b)):
    def f(d,key):
        return "%7.2f"%(d[k][key]*1000) if k in d and d[k].get(key) else "   -   "
    print(k, "clc nohang", f(a,'clc_ms'), "hang", f(b,'clc_ms'), "nohang2", f(c,'clc_ms'), "| fused", f(a,'clc_fused_ms'), f(b,'clc_fused_ms'), f(c,'clc_fused_ms'), "| cudnn", f(a,'cudnn_ms'), f(b,'cudnn_ms'), f(c,'cudnn_ms'))
P
gzip -f "$out/trace.json"
