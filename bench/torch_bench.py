#!/usr/bin/env python3
"""clc_torch against what PyTorch users run today, in one process on the same tensors:
clc_torch.matmul vs torch.matmul (cuBLAS), clc_torch.scaled_dot_product_attention vs
torch.nn.functional.scaled_dot_product_attention under the CUDNN_ATTENTION and FLASH_ATTENTION
(FlashAttention-2) backends, and clc_torch.attention_varlen vs FlashAttention-2's varlen kernel
(torch.ops.aten._flash_attention_forward with cumulative sequence lengths).

Per shape:
  1. correctness gate: every element of each library's output against a float32 reference (GEMM:
     torch.matmul in fp32 without TF32, |err| <= 2^-7 |ref| + k 2^-23 (|A||B|); attention: fp32 SDPA,
     |err| <= 2.5e-3 max|V| + 2.5e-3 |ref|, the bound of bench/attention_bench.py); clc must pass or the
     shape is not timed; the others' worst error / bound is recorded;
  2. timing: the libraries interleaved over --rounds rounds; in each round each library runs --warmup
     untimed calls, then --iters calls each timed with CUDA events, each preceded by zeroing a 256 MB
     buffer (cold L2) and a 300k-cycle spin kernel (~150 us by arithmetic) that keeps the CPU ahead of
     the GPU, so the time is the GPU's and not the launch path's; median of all timed calls and spread
     of the round medians.
The host cost of a call (clc_torch's Python custom-op path against torch's C++ dispatch) is measured
separately on tiny problems (--host-calls back-to-back calls, wall clock).

Writes JSON to --json after every shape (versions, clocks, commit, per-shape times, ratios, geomeans).
"""
import argparse
import datetime
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attention_bench  # noqa: E402
from attention_bench import _ranged, geomean, nvidia_smi  # noqa: E402
from attention_bench import shape_flops as attention_flops  # noqa: E402
from attention_bench import shape_name as attention_name  # noqa: E402
from attention_bench import check as attention_check  # noqa: E402
from attention_bench import reference as chunked_reference  # noqa: E402

try:
    import torch
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel
except ImportError as _e:
    torch = None
    _TORCH_ERROR = str(_e)


# ---------------------------------------------------------------------------------------------------
# Shapes


def gemm_shapes(quick):
    # (name, batch, m, n, k, b_transposed): b_transposed reads B as a transposed view (x @ w.t(), a
    # linear layer's weight), both libraries without a copy.
    s = [("8192^3", 1, 8192, 8192, 8192, False), ("6144^3", 1, 6144, 6144, 6144, False),
         ("4096^3", 1, 4096, 4096, 4096, False), ("2048^3", 1, 2048, 2048, 2048, False),
         ("1024^3", 1, 1024, 1024, 1024, False), ("8192x8192x1024", 1, 8192, 8192, 1024, False),
         ("16384x1024x4096", 1, 16384, 1024, 4096, False), ("256x16384x8192", 1, 256, 16384, 8192, False),
         ("linear 8192x11008x4096 (x @ w.t())", 1, 8192, 11008, 4096, True),
         ("linear 8192x4096x11008 (x @ w.t())", 1, 8192, 4096, 11008, True),
         ("batched 16 x 1024^3", 16, 1024, 1024, 1024, False), ("batched 64 x 512x512x128", 64, 512, 512, 128, False)]
    return s[:3] if quick else s


def attention_shapes(quick):
    # 16k tokens per shape (batch x seqlen), heads x head_dim = 2048; the most asked-for shapes first (a
    # --time-budget cut drops the tail).
    def dense(d, sl, causal, hq=None, hk=None):
        h = 2048 // d
        return {"batch": 16384 // sl, "heads_q": hq or h, "heads_kv": hk or h, "seqlen": sl, "head_dim": d,
                "causal": causal}
    lens = [512, 3000, 1024, 77, 4096, 2000, 129, 1500, 2048, 1997]
    s = [dense(128, 16384, True), dense(128, 16384, False), dense(128, 4096, True), dense(128, 4096, False),
         dense(128, 4096, True, 32, 8), dense(128, 4096, False, 32, 8),
         {"heads_q": 16, "heads_kv": 16, "head_dim": 128, "causal": True, "varlen": lens},
         {"heads_q": 16, "heads_kv": 16, "head_dim": 128, "causal": False, "varlen": lens},
         dense(64, 4096, True), dense(64, 4096, False), dense(256, 4096, True), dense(256, 4096, False),
         dense(128, 1024, True), dense(128, 1024, False)]
    return s[2:4] if quick else s


# ---------------------------------------------------------------------------------------------------
# Timing


class Timer(attention_bench.Timer):
    """attention_bench's interleaved rounds and cold-L2 timing, with a spin kernel instead of the SM hold."""

    def __init__(self, args):
        super().__init__(args, None)
        self.spin_cycles = 300_000  # about 150 us at the H200's 1.98 GHz (arithmetic, not measured)

    def time_calls(self, fn, n):
        starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
        for i in range(n):
            self.flush.zero_()
            torch.cuda._sleep(self.spin_cycles)
            starts[i].record()
            fn()
            ends[i].record()
        torch.cuda.synchronize()
        return [s.elapsed_time(e) for s, e in zip(starts, ends)]


def host_cost_us(fn, calls):
    """Wall-clock microseconds per call of `calls` back-to-back calls of a tiny problem (launch path)."""
    for _ in range(10):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) * 1e6 / calls


# ---------------------------------------------------------------------------------------------------
# GEMM


def gemm_check(out, ref, absp, k):
    """Worst |err| / bound and the number of elements over it (NaN counts)."""
    tol = 2.0 ** -7 * ref.abs() + k * 2.0 ** -23 * absp + 1e-6
    ratio = (out.float() - ref).abs() / tol
    bad = int((~(ratio <= 1.0)).sum().item())
    return float(torch.nan_to_num(ratio, nan=float("inf")).max().item()), bad


def run_gemm(shape, clc_torch, timer):
    name, batch, m, n, k, b_t = shape
    torch.manual_seed(1234)
    dt = torch.bfloat16
    bshape = (batch,) if batch > 1 else ()
    a = torch.randn(*bshape, m, k, device="cuda").to(dt)
    b = torch.randn(*bshape, n, k, device="cuda").to(dt).transpose(-1, -2) if b_t else \
        torch.randn(*bshape, k, n, device="cuda").to(dt)
    res = {"name": name, "kind": "gemm", "batch": batch, "m": m, "n": n, "k": k, "b_transposed_view": b_t,
           "flops": 2.0 * batch * m * n * k}
    ref = torch.matmul(a.float(), b.float())
    absp = torch.matmul(a.float().abs(), b.float().abs())
    outs = {"clc": clc_torch.matmul(a, b), "cublas": torch.matmul(a, b)}
    res["clc_info"] = clc_torch.last_run_info("gemm")
    res["check"] = {lib: dict(zip(("worst", "bad"), gemm_check(o, ref, absp, k))) for lib, o in outs.items()}
    del ref, absp, outs
    if res["check"]["clc"]["bad"]:
        res["gate"] = "FAILED: clc output differs from the float32 reference; not timed"
        return res
    res["gate"] = "pass"
    t = timer.compare({"clc": lambda: clc_torch.matmul(a, b), "cublas": lambda: torch.matmul(a, b)})
    for st in t.values():
        st["tflops"] = res["flops"] / (st["ms"] * 1e-3) / 1e12
    res["times"] = t
    res["ratio_vs_cublas"] = t["cublas"]["ms"] / t["clc"]["ms"]
    return res


# ---------------------------------------------------------------------------------------------------
# Attention


def attention_reference(q, k, v, causal):
    """fp32 SDPA (memory-efficient backend: no S x S matrix), K/V expanded to every query head; where that
    backend refuses the shape, attention_bench's chunked fp32 reference."""
    group = q.shape[1] // k.shape[1]
    kk = k.float().repeat_interleave(group, dim=1)
    vv = v.float().repeat_interleave(group, dim=1)
    try:
        with sdpa_kernel(SDPBackend.EFFICIENT_ATTENTION):
            return F.scaled_dot_product_attention(q.float(), kk, vv, is_causal=causal)
    except RuntimeError:
        return chunked_reference(q, k, v, causal)


def run_dense_attention(s, clc_torch, timer):
    torch.manual_seed(1234)
    dt = torch.bfloat16
    b, hq, hk, sl, d, causal = s["batch"], s["heads_q"], s["heads_kv"], s["seqlen"], s["head_dim"], s["causal"]
    q = torch.randn(b, hq, sl, d, device="cuda").to(dt)
    k = torch.randn(b, hk, sl, d, device="cuda").to(dt)
    v = torch.randn(b, hk, sl, d, device="cuda").to(dt)
    gqa = hq != hk
    res = {"name": attention_name(s), "kind": "attention", "shape": s, "flops": attention_flops(s)}
    fns = {"clc": lambda: clc_torch.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=gqa)}
    outs = {"clc": fns["clc"]()}
    res["clc_info"] = clc_torch.last_run_info("attention")
    for name, backend in (("cudnn", SDPBackend.CUDNN_ATTENTION), ("flash", SDPBackend.FLASH_ATTENTION)):
        def call(bk=backend, k2=k, v2=v, g=gqa):
            with sdpa_kernel(bk):
                return F.scaled_dot_product_attention(q, k2, v2, is_causal=causal, enable_gqa=g)
        try:
            outs[name] = call()
            fns[name] = call
        except Exception as e:  # no GQA in this backend: K/V expanded to every head, as its users do
            if not gqa:
                res[name + "_error"] = str(e).splitlines()[0][:300]
                continue
            ke, ve = k.repeat_interleave(hq // hk, dim=1), v.repeat_interleave(hq // hk, dim=1)
            res[name + "_note"] = "K/V expanded to heads_q heads (enable_gqa refused: " + str(e).splitlines()[0][:120] + ")"
            try:
                fns[name] = (lambda bk=backend, k2=ke, v2=ve: call(bk, k2, v2, False))
                outs[name] = fns[name]()
            except Exception as e2:
                fns.pop(name, None)
                res[name + "_error"] = str(e2).splitlines()[0][:300]
    torch.cuda.synchronize()
    ref = attention_reference(q, k, v, causal)
    vmax = max(1.0, float(v.abs().max().item()))
    res["check"] = {n: dict(zip(("worst", "bad"), attention_check(o, ref, vmax))) for n, o in outs.items()}
    del ref, outs
    return finish_attention(res, fns, timer)


def run_varlen_attention(s, clc_torch, timer):
    torch.manual_seed(1234)
    dt = torch.bfloat16
    lens, h, d, causal = s["varlen"], s["heads_q"], s["head_dim"], s["causal"]
    total = sum(lens)
    q, k, v = (torch.randn(total, h, d, device="cuda").to(dt) for _ in range(3))
    cu = torch.tensor([0] + [sum(lens[:i + 1]) for i in range(len(lens))], dtype=torch.int32, device="cuda")
    mx = max(lens)
    res = {"name": attention_name(s), "kind": "attention_varlen", "shape": s, "flops": attention_flops(s)}
    fns = {"clc": lambda: clc_torch.attention_varlen(q, k, v, cu, cu, mx, mx, causal=causal)}
    outs = {"clc": fns["clc"]()}
    res["clc_info"] = clc_torch.last_run_info("attention")

    def fa2():
        return torch.ops.aten._flash_attention_forward(q, k, v, cu, cu, mx, mx, 0.0, causal, False)[0]
    try:
        outs["flash"] = fa2()
        fns["flash"] = fa2
    except Exception as e:
        res["flash_error"] = str(e).splitlines()[0][:300]
    torch.cuda.synchronize()
    vmax = max(1.0, float(v.abs().max().item()))
    res["check"] = {}
    for name, o in outs.items():
        worst, bad = 0.0, 0
        for i in range(len(lens)):
            a, b = int(cu[i]), int(cu[i + 1])
            ref = attention_reference(*(t[a:b].transpose(0, 1)[None] for t in (q, k, v)), causal)[0].transpose(0, 1)
            w, nb = attention_check(o[a:b], ref, vmax)
            worst, bad = max(worst, w), bad + nb
        res["check"][name] = {"worst": worst, "bad": bad}
    del outs
    return finish_attention(res, fns, timer)


def finish_attention(res, fns, timer):
    if res["check"]["clc"]["bad"]:
        res["gate"] = "FAILED: clc output differs from the float32 reference; not timed"
        return res
    res["gate"] = "pass"
    t = timer.compare(fns)
    for st in t.values():
        st["tflops"] = res["flops"] / (st["ms"] * 1e-3) / 1e12
    res["times"] = t
    for other in ("cudnn", "flash"):
        if other in t:
            res["ratio_vs_" + other] = t[other]["ms"] / t["clc"]["ms"]
    return res


# ---------------------------------------------------------------------------------------------------


def host_costs(clc_torch, calls):
    a, b = (torch.randn(256, 256, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    q = torch.randn(1, 8, 256, 64, device="cuda", dtype=torch.bfloat16)
    out = {"calls": calls, "problem_gemm": "256^3 bf16", "problem_attention": "1 x 8 x 256 x 64 bf16, causal"}
    out["gemm_clc_us"] = host_cost_us(lambda: clc_torch.matmul(a, b), calls)
    out["gemm_cublas_us"] = host_cost_us(lambda: torch.matmul(a, b), calls)
    out["attention_clc_us"] = host_cost_us(lambda: clc_torch.scaled_dot_product_attention(q, q, q, is_causal=True), calls)
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        out["attention_flash_us"] = host_cost_us(lambda: F.scaled_dot_product_attention(q, q, q, is_causal=True), calls)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", default="", help="write the results here (rewritten after every shape)")
    p.add_argument("--commit", default=os.environ.get("CLC_GIT_COMMIT", "unknown"),
                   help="the commit the measured code came from")
    p.add_argument("--quick", action="store_true", help="a few shapes only")
    p.add_argument("--only", default="", help="run the shapes whose name contains this text")
    p.add_argument("--skip-gemm", action="store_true")
    p.add_argument("--skip-attention", action="store_true")
    p.add_argument("--rounds", type=_ranged(int, 1, 1000), default=5)
    p.add_argument("--iters", type=_ranged(int, 1, 100000), default=10)
    p.add_argument("--warmup", type=_ranged(int, 0, 100000), default=3)
    p.add_argument("--host-calls", type=_ranged(int, 1, 10**7), default=300)
    p.add_argument("--time-budget", type=_ranged(float, 0.0, 1e6), default=0.0,
                   help="seconds: start no new shape after this (0 = no limit); skipped shapes are listed")
    p.add_argument("--device", type=_ranged(int, 0, 1023), default=0, help="CUDA device ordinal (default 0)")
    p.add_argument("--csv", default="", help="also write one row per shape and library as CSV")
    args = p.parse_args()
    if attention_bench.no_device("bench/torch_bench.py", args):
        return 0
    torch.cuda.set_device(args.device)
    import clc_torch
    t_start = time.time()
    torch.backends.cuda.matmul.allow_tf32 = False
    timer = Timer(args)
    meta = {
        "schema_version": 1,
        "tool": "bench/torch_bench.py",
        "benchmark": "bench/torch_bench.py",
        "samples_per_library_and_shape": args.rounds * args.iters,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "commit": args.commit,
        "gpu": torch.cuda.get_device_name(args.device),
        "torch": torch.__version__, "cuda": torch.version.cuda, "cudnn": torch.backends.cudnn.version(),
        "clc_torch": clc_torch.__version__,
        "references": {"cublas": "torch.matmul (bf16, cuBLAS)", "cudnn": "torch SDPA CUDNN_ATTENTION",
                       "flash": "torch SDPA FLASH_ATTENTION (FlashAttention-2); varlen: "
                                "aten._flash_attention_forward with cu_seqlens"},
        "nvidia_smi_before": nvidia_smi(),
        "rounds": args.rounds, "iters": args.iters, "warmup": args.warmup, "l2_flush_bytes": 256 << 20,
        "spin_before_each_timed_call_cycles": 300_000,
        "dtype": "bf16 everywhere; inputs torch.randn",
    }
    results, skipped = [], []
    out = {"meta": meta, "summary": {}, "results": results, "skipped_for_time": skipped}

    def save():
        if args.json:
            with open(args.json, "w") as f:
                json.dump(out, f, indent=1)
        if args.csv:
            import csv
            with open(args.csv, "w", newline="") as f:
                w = csv.writer(f)
                w.writerow(["shape", "library", "samples", "ms_median", "ms_min", "ms_max", "spread", "tflops", "gate"])
                for r in results:
                    for lib, t in r.get("times", {}).items():
                        w.writerow([r["name"], lib, args.rounds * args.iters, t.get("ms"), t.get("ms_min"),
                                    t.get("ms_max"), t.get("spread"), t.get("tflops"), r.get("gate", r.get("error", ""))])

    print(f"# torch_bench  {meta['gpu']}  torch {meta['torch']}  CUDA {meta['cuda']}  cuDNN {meta['cudnn']}  "
          f"commit {args.commit}", flush=True)
    out["host_cost"] = host_costs(clc_torch, args.host_calls)
    print("host cost per call (us): " + ", ".join(f"{k} {v:.1f}" for k, v in out["host_cost"].items()
                                                  if k.endswith("_us")), flush=True)
    # GEMM and attention shapes alternate, so that a --time-budget cut leaves some of each.
    g = [] if args.skip_gemm else [("gemm", s[0], s) for s in gemm_shapes(args.quick)]
    a = [] if args.skip_attention else [("attention", attention_name(s), s) for s in attention_shapes(args.quick)]
    jobs = [j for pair in zip(g, a) for j in pair] + g[len(a):] + a[len(g):]
    jobs = [j for j in jobs if args.only in j[1]]
    print(f"{'shape':<40} {'clc':>8} {'cuBLAS':>8} {'cuDNN':>8} {'FA2':>8}  {'x ref':>16}  clc kernel", flush=True)
    for kind, name, s in jobs:
        if args.time_budget > 0 and time.time() - t_start > args.time_budget:
            skipped.append(name)
            continue
        try:
            if kind == "gemm":
                r = run_gemm(s, clc_torch, timer)
            elif "varlen" in s:
                r = run_varlen_attention(s, clc_torch, timer)
            else:
                r = run_dense_attention(s, clc_torch, timer)
        except Exception as e:
            r = {"name": name, "kind": kind, "error": str(e)[:500]}
        results.append(r)
        t = r.get("times", {})

        def tf(n):
            return f"{t[n]['tflops']:8.1f}" if n in t else f"{'-':>8}"
        ratios = " ".join(f"{r[k]:.3f}" for k in ("ratio_vs_cublas", "ratio_vs_cudnn", "ratio_vs_flash") if k in r)
        info = r.get("clc_info", {})
        extra = r.get("error") or ("" if r.get("gate") == "pass" else r.get("gate", ""))
        print(f"{name:<40} {tf('clc')} {tf('cublas')} {tf('cudnn')} {tf('flash')}  {ratios:>16}  "
              f"{info.get('kernel', '')}/{info.get('source', '')} {extra}", flush=True)
        torch.cuda.empty_cache()
        save()
    gemm = [r for r in results if r.get("kind") == "gemm"]
    dense = [r for r in results if r.get("kind") == "attention"]
    out["summary"] = {
        "geomean_gemm_vs_cublas": geomean([r.get("ratio_vs_cublas") for r in gemm]),
        "geomean_attention_vs_cudnn": geomean([r.get("ratio_vs_cudnn") for r in dense]),
        "geomean_attention_vs_flash": geomean([r.get("ratio_vs_flash") for r in dense]),
        "varlen_vs_flash": {r["name"]: r.get("ratio_vs_flash") for r in results if r.get("kind") == "attention_varlen"},
        "shapes": len(results),
        "gate_failures": [r["name"] for r in results if r.get("gate", "pass") != "pass" or "error" in r],
    }
    meta["nvidia_smi_after"] = nvidia_smi()
    meta["wall_s"] = time.time() - t_start
    save()
    sm = out["summary"]
    print(f"geomean vs cuBLAS {sm['geomean_gemm_vs_cublas']}  vs cuDNN {sm['geomean_attention_vs_cudnn']}  "
          f"vs FA2 {sm['geomean_attention_vs_flash']}  gate failures {sm['gate_failures']}  skipped {skipped}")
    return 1 if sm["gate_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
