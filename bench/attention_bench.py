#!/usr/bin/env python3
"""clc-bench attention: clc::attention against cuDNN's fused attention and FlashAttention-2, both
through torch.nn.functional.scaled_dot_product_attention (backends CUDNN_ATTENTION and
FLASH_ATTENTION), timed in this one process on the same tensors.

clc is called through its C ABI (libclc_attention_c.so, loaded with ctypes) on the torch tensors'
device pointers, on torch's current stream. Per shape:
  1. correctness gate: every element of each library's O against a float32 reference (computed per
     head in query chunks); clc must pass the bf16 bound of tests/workloads (|err| <= 2.5e-3 max|V| +
     2.5e-3 |ref|) or the shape is not timed; the other libraries' worst errors are recorded;
  2. timing: the libraries interleaved over --rounds rounds; in each round each library runs --warmup
     untimed calls, then --iters calls each timed with CUDA events, with the L2 flushed (a 256 MB
     buffer zeroed) before every timed call; the report gives the median of all timed calls and the
     spread of the per-round medians.
FLOPs: 4 * batch * heads * seqlen_q * seqlen_k * head_dim, causal counting half (FlashAttention's
benchmark convention). `--interfere F`: before each timed call of any library, a kernel holding F of
the SMs (clc::tools::hold_sms, from libclc_bench_tools.so) for half of cuDNN's undisturbed median
starts on another stream.

Writes JSON to --json (versions, clocks, commit, per-shape times and ratios, geomeans).
"""
import argparse
import ctypes
import datetime
import json
import math
import os
import statistics
import subprocess
import sys

try:
    import torch
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel
except ImportError as _e:  # reported by main(): there is nothing to compare against
    torch = None
    _TORCH_ERROR = str(_e)

# ---------------------------------------------------------------------------------------------------
# The C ABI of workloads/attention/c_api.h


class ClcArgs(ctypes.Structure):
    _fields_ = [
        ("dtype", ctypes.c_int32),
        ("batch", ctypes.c_int32), ("seqlen_q", ctypes.c_int32), ("seqlen_k", ctypes.c_int32),
        ("heads_q", ctypes.c_int32), ("heads_kv", ctypes.c_int32), ("head_dim", ctypes.c_int32),
        ("q", ctypes.c_void_p), ("q_stride", ctypes.c_int64 * 4),
        ("k", ctypes.c_void_p), ("k_stride", ctypes.c_int64 * 4),
        ("v", ctypes.c_void_p), ("v_stride", ctypes.c_int64 * 4),
        ("o", ctypes.c_void_p), ("o_stride", ctypes.c_int64 * 4),
        ("lse", ctypes.c_void_p), ("lse_stride", ctypes.c_int64 * 3),
        ("scale", ctypes.c_float),
        ("causal", ctypes.c_int32),
        ("cu_seqlens_q", ctypes.c_void_p), ("cu_seqlens_k", ctypes.c_void_p),
        ("max_seqlen_q", ctypes.c_int32), ("max_seqlen_k", ctypes.c_int32),
        ("total_q", ctypes.c_int32), ("total_k", ctypes.c_int32),
        ("source", ctypes.c_int32), ("kernel", ctypes.c_int32), ("order", ctypes.c_int32),
        ("heads_per_section", ctypes.c_int32), ("max_workers", ctypes.c_int32),
    ]


class ClcInfo(ctypes.Structure):
    _fields_ = [
        ("kernel", ctypes.c_int32), ("source", ctypes.c_int32), ("order", ctypes.c_int32),
        ("tile_m", ctypes.c_int32), ("tile_n", ctypes.c_int32), ("heads_per_section", ctypes.c_int32),
        ("tma_store", ctypes.c_int32), ("tiles", ctypes.c_int64), ("workers", ctypes.c_int64),
    ]


SOURCES = {"hardware": 0, "ticket": 1, "static": 2, "single": 3, "auto": 4}
SOURCE_NAMES = {v: k for k, v in SOURCES.items()}
KERNEL_NAMES = {0: "Auto", 1: "Sm90", 2: "Portable"}


def strides4(t, bshd):
    """Element strides {batch, seq, head, dim} of a tensor indexed [b, h, s, d] (SDPA's view)."""
    sb, sh, ss, sd = t.stride()
    return (ctypes.c_int64 * 4)(sb, ss, sh, sd)


class Clc:
    def __init__(self, lib_path):
        self.lib = ctypes.CDLL(lib_path)
        self.lib.clc_attention_run.argtypes = [ctypes.POINTER(ClcArgs), ctypes.c_void_p, ctypes.POINTER(ClcInfo),
                                               ctypes.c_char_p, ctypes.c_int]
        self.lib.clc_attention_run.restype = ctypes.c_int
        self.msg = ctypes.create_string_buffer(1024)
        self.info = ClcInfo()

    def make_args(self, q, k, v, o, causal, source="auto", varlen=None):
        """q, k, v, o: [b, h, s, d] views (fixed lengths) or, with `varlen` = (cu_q, cu_k, max_q, max_k),
        packed [total, h, d] tensors."""
        a = ClcArgs()
        a.dtype = 0 if q.dtype == torch.bfloat16 else 1
        a.scale = 0.0
        a.causal = 1 if causal else 0
        a.source = SOURCES[source]
        a.kernel = 0
        a.order = 0
        a.q, a.k, a.v, a.o = q.data_ptr(), k.data_ptr(), v.data_ptr(), o.data_ptr()
        if varlen is None:
            a.batch, a.heads_q, a.seqlen_q, a.head_dim = q.shape
            a.heads_kv, a.seqlen_k = k.shape[1], k.shape[2]
            a.q_stride, a.k_stride, a.v_stride, a.o_stride = (strides4(x, False) for x in (q, k, v, o))
        else:
            cu_q, cu_k, max_q, max_k = varlen
            a.batch = cu_q.numel() - 1
            a.total_q, a.heads_q, a.head_dim = q.shape
            a.total_k, a.heads_kv = k.shape[0], k.shape[1]
            a.max_seqlen_q, a.max_seqlen_k = max_q, max_k
            a.cu_seqlens_q, a.cu_seqlens_k = cu_q.data_ptr(), cu_k.data_ptr()
            for name, x in (("q_stride", q), ("k_stride", k), ("v_stride", v), ("o_stride", o)):
                ss, sh, sd = x.stride()
                setattr(a, name, (ctypes.c_int64 * 4)(0, ss, sh, sd))
        return a

    def run(self, args):
        stream = torch.cuda.current_stream().cuda_stream
        rc = self.lib.clc_attention_run(ctypes.byref(args), ctypes.c_void_p(stream), ctypes.byref(self.info),
                                        self.msg, len(self.msg))
        if rc != 0:
            raise RuntimeError("clc::attention::run: " + self.msg.value.decode())

    def info_dict(self):
        i = self.info
        return {"kernel": KERNEL_NAMES.get(i.kernel, str(i.kernel)), "source": SOURCE_NAMES.get(i.source, str(i.source)),
                "tile_m": i.tile_m, "tile_n": i.tile_n, "heads_per_section": i.heads_per_section,
                "order": {0: "Auto", 1: "LongestFirst", 2: "Forward"}.get(i.order, str(i.order)),
                "tma_store": bool(i.tma_store), "tiles": i.tiles, "workers": i.workers}


# ---------------------------------------------------------------------------------------------------
# Shapes


def default_shapes():
    shapes = []
    for d, h in ((64, 32), (128, 16), (256, 8)):
        for s in (512, 1024, 2048, 4096, 8192, 16384):
            for causal in (False, True):
                shapes.append({"batch": 16384 // s, "heads_q": h, "heads_kv": h, "seqlen": s, "head_dim": d,
                               "causal": causal})
    for causal in (False, True):
        shapes.append({"batch": 4, "heads_q": 32, "heads_kv": 8, "seqlen": 4096, "head_dim": 128, "causal": causal})
    # One varlen batch of mixed lengths (16k tokens in all), hdim 128, 16 heads.
    lens = [512, 3000, 1024, 77, 4096, 2000, 129, 1500, 2048, 1997]
    for causal in (False, True):
        shapes.append({"heads_q": 16, "heads_kv": 16, "head_dim": 128, "causal": causal, "varlen": lens})
    return shapes


def quick_shapes():
    return [{"batch": 4, "heads_q": 16, "heads_kv": 16, "seqlen": 4096, "head_dim": 128, "causal": c}
            for c in (False, True)] + [
        {"batch": 1, "heads_q": 16, "heads_kv": 16, "seqlen": 16384, "head_dim": 128, "causal": True},
        {"batch": 16, "heads_q": 32, "heads_kv": 32, "seqlen": 1024, "head_dim": 64, "causal": False},
        {"batch": 4, "heads_q": 8, "heads_kv": 8, "seqlen": 4096, "head_dim": 256, "causal": True}]


def shape_name(s):
    kind = "causal" if s["causal"] else "full"
    if "varlen" in s:
        return f"varlen{len(s['varlen'])}x{sum(s['varlen'])} h{s['heads_q']} d{s['head_dim']} {kind}"
    g = "" if s["heads_q"] == s["heads_kv"] else f"/{s['heads_kv']}"
    return f"b{s['batch']} h{s['heads_q']}{g} s{s['seqlen']} d{s['head_dim']} {kind}"


def shape_flops(s):
    def one(sq, sk):
        avg = (max(0, sk - sq) + sk) / 2.0 if s["causal"] else sk
        return 4.0 * sq * avg * s["head_dim"]
    if "varlen" in s:
        return s["heads_q"] * sum(one(n, n) for n in s["varlen"])
    return s["batch"] * s["heads_q"] * one(s["seqlen"], s["seqlen"])


# ---------------------------------------------------------------------------------------------------
# Reference and checks


def reference(q, k, v, causal):
    """float32 O for [b, h, s, d] inputs, per head in query chunks (no S x S matrix in memory)."""
    b, h, sq, d = q.shape
    hk, sk = k.shape[1], k.shape[2]
    group = h // hk
    out = torch.empty(b, h, sq, d, dtype=torch.float32, device=q.device)
    scale = 1.0 / math.sqrt(d)
    chunk = max(1, min(sq, (1 << 27) // max(sk, 1)))
    for bi in range(b):
        for hi in range(h):
            kk = k[bi, hi // group].float()
            vv = v[bi, hi // group].float()
            for i0 in range(0, sq, chunk):
                qq = q[bi, hi, i0:i0 + chunk].float()
                s = (qq @ kk.T) * scale
                if causal:  # bottom-right aligned (equal lengths here: the usual lower triangle)
                    rows = torch.arange(i0, i0 + qq.shape[0], device=q.device)[:, None]
                    cols = torch.arange(sk, device=q.device)[None, :]
                    s.masked_fill_(cols > rows + (sk - sq), float("-inf"))
                out[bi, hi, i0:i0 + chunk] = torch.softmax(s, dim=-1) @ vv
    return out


def check(o, ref, vmax):
    """Worst |err| / (2.5e-3 max|V| + 2.5e-3 |ref|) and the count of elements above 1 (NaN counts).
    The bound of tests/workloads/attention_test.cu (docs/attention.md): P rounded to 16 bits before P V
    moves O by at most 2^-9 max|V|, rounding O by 2^-9 |O|; with a margin."""
    err = (o.float() - ref).abs()
    tol = 2.5e-3 * vmax + 2.5e-3 * ref.abs()
    ratio = err / tol
    bad = int((~(ratio <= 1.0)).sum().item())
    worst = float(torch.nan_to_num(ratio, nan=float("inf")).max().item()) if ratio.numel() else 0.0
    return worst, bad


# ---------------------------------------------------------------------------------------------------
# Timing


class Timer:
    def __init__(self, args, hold_lib):
        self.args = args
        self.flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
        self.hold_lib = hold_lib
        self.hold_sms = 0
        self.hold_ms = 0.0
        self.hog = torch.cuda.Stream() if hold_lib else None

    def time_calls(self, fn, n):
        starts = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(n)]
        for i in range(n):
            self.flush.zero_()
            if self.hold_sms > 0 and self.hold_ms > 0:
                torch.cuda.current_stream().synchronize()
                with torch.cuda.stream(self.hog):
                    rc = self.hold_lib.clc_bench_hold_sms(self.hold_sms, ctypes.c_double(self.hold_ms),
                                                          ctypes.c_void_p(self.hog.cuda_stream))
                    if rc != 0:
                        raise RuntimeError("hold_sms failed")
            starts[i].record()
            fn()
            ends[i].record()
        torch.cuda.synchronize()
        return [s.elapsed_time(e) for s, e in zip(starts, ends)]

    def compare(self, fns):
        """fns: name -> callable. Interleaved rounds; returns name -> stats dict."""
        samples = {n: [] for n in fns}
        rounds = {n: [] for n in fns}
        for _ in range(self.args.rounds):
            for name, fn in fns.items():
                for _ in range(self.args.warmup):
                    fn()
                t = self.time_calls(fn, self.args.iters)
                samples[name] += t
                rounds[name].append(statistics.median(t))
        out = {}
        for name in fns:
            s = sorted(samples[name])
            out[name] = {"ms": statistics.median(s), "ms_min": s[0], "ms_max": s[-1],
                         "round_medians": rounds[name],
                         "spread": (max(rounds[name]) - min(rounds[name])) / statistics.median(rounds[name])}
        return out


# ---------------------------------------------------------------------------------------------------


def sdpa(q, k, v, causal, gqa):
    return F.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=gqa)


def run_shape(s, clc, timer, args):
    torch.manual_seed(1234)
    dev = "cuda"
    dt = torch.bfloat16
    d = s["head_dim"]
    causal = s["causal"]
    res = {"name": shape_name(s), "shape": s, "flops": shape_flops(s)}
    fns = {}
    outs = {}
    if "varlen" in s:
        lens = s["varlen"]
        total = sum(lens)
        h = s["heads_q"]
        q = torch.randn(total, h, d, dtype=dt, device=dev)
        k = torch.randn(total, h, d, dtype=dt, device=dev)
        v = torch.randn(total, h, d, dtype=dt, device=dev)
        o = torch.empty_like(q)
        cu = torch.tensor([0] + list(itertools_accumulate(lens)), dtype=torch.int32, device=dev)
        vmax = max(1.0, float(v.abs().max().item()))
        cargs = clc.make_args(q, k, v, o, causal, args.source, (cu, cu, max(lens), max(lens)))
        fns["clc"] = lambda: clc.run(cargs)
        # Reference per sequence, and the torch side through nested (jagged) tensors.
        o.fill_(float("nan"))
        clc.run(cargs)
        torch.cuda.synchronize()
        worst, bad = 0.0, 0
        for i, n in enumerate(lens):
            a, b = int(cu[i]), int(cu[i + 1])
            ref = reference(q[a:b].transpose(0, 1)[None], k[a:b].transpose(0, 1)[None],
                            v[a:b].transpose(0, 1)[None], causal)[0].transpose(0, 1)
            w, nb = check(o[a:b], ref, vmax)
            worst, bad = max(worst, w), bad + nb
        res["check"] = {"clc": {"worst": worst, "bad": bad}}
        res["clc_info"] = clc.info_dict()
        offsets = cu.to(torch.int64)
        try:
            qn = torch.nested.nested_tensor_from_jagged(q, offsets).transpose(1, 2)
            kn = torch.nested.nested_tensor_from_jagged(k, offsets).transpose(1, 2)
            vn = torch.nested.nested_tensor_from_jagged(v, offsets).transpose(1, 2)
            for name, backend in (("cudnn", SDPBackend.CUDNN_ATTENTION), ("flash", SDPBackend.FLASH_ATTENTION)):
                try:
                    with sdpa_kernel(backend):
                        F.scaled_dot_product_attention(qn, kn, vn, is_causal=causal)
                    torch.cuda.synchronize()
                    fns[name] = (lambda bk=backend: _sdpa_nested(bk, qn, kn, vn, causal))
                except Exception as e:  # recorded, not fatal
                    res[name + "_error"] = str(e).splitlines()[0][:300]
        except Exception as e:
            res["nested_error"] = str(e).splitlines()[0][:300]
    else:
        b, hq, hk, sl = s["batch"], s["heads_q"], s["heads_kv"], s["seqlen"]
        q = torch.randn(b, hq, sl, d, dtype=dt, device=dev)
        k = torch.randn(b, hk, sl, d, dtype=dt, device=dev)
        v = torch.randn(b, hk, sl, d, dtype=dt, device=dev)
        o = torch.empty_like(q)
        vmax = max(1.0, float(v.abs().max().item()))
        gqa = hq != hk
        cargs = clc.make_args(q, k, v, o, causal, args.source)
        fns["clc"] = lambda: clc.run(cargs)
        for name, backend in (("cudnn", SDPBackend.CUDNN_ATTENTION), ("flash", SDPBackend.FLASH_ATTENTION)):
            kk, vv, note = k, v, None
            for attempt in range(2):
                try:
                    with sdpa_kernel(backend):
                        outs[name] = sdpa(q, kk, vv, causal, gqa and kk.shape[1] != hq)
                    torch.cuda.synchronize()
                    g = gqa and kk.shape[1] != hq
                    fns[name] = (lambda bk=backend, k2=kk, v2=vv, g2=g: _sdpa_dense(bk, q, k2, v2, causal, g2))
                    if note:
                        res[name + "_note"] = note
                    break
                except Exception as e:
                    if gqa and attempt == 0:  # no GQA in this backend: give it K/V expanded to every head
                        kk = k.repeat_interleave(hq // hk, dim=1)
                        vv = v.repeat_interleave(hq // hk, dim=1)
                        note = "K/V expanded to heads_q heads (the backend refused enable_gqa: " + \
                               str(e).splitlines()[0][:120] + ")"
                        continue
                    res[name + "_error"] = str(e).splitlines()[0][:300]
                    break
        o.fill_(float("nan"))
        clc.run(cargs)
        torch.cuda.synchronize()
        res["clc_info"] = clc.info_dict()
        ref = reference(q, k, v, causal)
        res["check"] = {}
        for name, out in [("clc", o)] + list(outs.items()):
            w, nb = check(out, ref, vmax)
            res["check"][name] = {"worst": w, "bad": nb}
        del ref
    torch.cuda.synchronize()
    if res["check"]["clc"]["bad"] != 0:
        res["gate"] = "FAILED: clc output differs from the float32 reference; not timed"
        return res
    res["gate"] = "pass"
    if args.interfere > 0.0 and "cudnn" in fns:
        base = timer.compare({"cudnn": fns["cudnn"]})
        timer.hold_ms = 0.5 * base["cudnn"]["ms"]
        res["interfere"] = {"fraction": args.interfere, "sms": timer.hold_sms, "hold_ms": timer.hold_ms,
                            "cudnn_undisturbed_ms": base["cudnn"]["ms"]}
    t = timer.compare(fns)
    if args.static_too and causal:
        sargs = clc.make_args(q, k, v, o, causal, "static") if "varlen" not in s else None
        if sargs is not None:
            t.update({"clc_static": timer.compare({"clc_static": lambda: clc.run(sargs)})["clc_static"]})
    for name, st in t.items():
        st["tflops"] = res["flops"] / (st["ms"] * 1e-3) / 1e12
    res["times"] = t
    for other in ("cudnn", "flash", "clc_static"):
        if other in t:
            res["ratio_vs_" + other] = t[other]["ms"] / t["clc"]["ms"]
    return res


def _sdpa_dense(backend, q, k, v, causal, gqa):
    with sdpa_kernel(backend):
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=gqa)


def _sdpa_nested(backend, q, k, v, causal):
    with sdpa_kernel(backend):
        return F.scaled_dot_product_attention(q, k, v, is_causal=causal)


def itertools_accumulate(xs):
    t = 0
    for x in xs:
        t += x
        yield t


def nvidia_smi():
    try:
        q = "name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu"
        return subprocess.run(["nvidia-smi", "--query-gpu=" + q, "--format=csv,noheader"], capture_output=True,
                              text=True, timeout=20).stdout.strip()
    except Exception as e:
        return "nvidia-smi failed: " + str(e)


def _ranged(kind, lo, hi):
    """argparse type: a whole `kind` value in [lo, hi] (argparse names the option and exits 2 otherwise)."""
    def parse(text):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a {kind.__name__}")
        if not (lo <= v <= hi) or v != v:
            raise argparse.ArgumentTypeError(f"'{text}' is outside [{lo}, {hi}]")
        return v
    return parse


def no_device(tool, args):
    """True when nothing can be measured here (no PyTorch or no CUDA device): says why, and writes a
    JSON that says so when args.json is set."""
    why = None
    if torch is None:
        why = "PyTorch is not available (" + _TORCH_ERROR + ")"
    elif not torch.cuda.is_available():
        why = "no CUDA device"
    if why is None:
        return False
    print(f"{tool}: {why}; nothing to measure")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"schema_version": 1, "tool": tool, "commit": args.commit,
                       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                       "status": "no device", "why": why}, f, indent=1)
    return True


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lib", required=True, help="path of libclc_attention_c.so")
    p.add_argument("--tools-lib", default="", help="path of libclc_bench_tools.so (for --interfere)")
    p.add_argument("--json", default="", help="write the results here")
    p.add_argument("--commit", default=os.environ.get("CLC_GIT_COMMIT", "unknown"))
    p.add_argument("--quick", action="store_true", help="a few shapes only")
    p.add_argument("--only", default="", help="run the shapes whose name contains this text")
    p.add_argument("--rounds", type=_ranged(int, 1, 1000), default=5, help="interleaved rounds (1..1000)")
    p.add_argument("--iters", type=_ranged(int, 1, 100000), default=10, help="timed calls per round (1..100000)")
    p.add_argument("--warmup", type=_ranged(int, 0, 100000), default=3, help="untimed calls per round")
    p.add_argument("--source", default="auto", choices=sorted(SOURCES))
    p.add_argument("--interfere", type=_ranged(float, 0.0, 0.95), default=0.0,
                   help="hold this fraction of the SMs during every timed call (0..0.95)")
    p.add_argument("--static-too", action="store_true", help="also time clc with source Static on causal shapes")
    p.add_argument("--csv", default="", help="also write one row per shape as CSV")
    p.add_argument("--device", type=_ranged(int, 0, 1023), default=0, help="CUDA device ordinal (default 0)")
    args = p.parse_args()
    if no_device("clc-bench attention", args):
        return 0
    torch.cuda.set_device(args.device)
    clc = Clc(args.lib)
    hold_lib = None
    if args.interfere > 0.0:
        hold_lib = ctypes.CDLL(args.tools_lib)
        hold_lib.clc_bench_hold_sms.restype = ctypes.c_int
    timer = Timer(args, hold_lib)
    if args.interfere > 0.0:
        timer.hold_sms = int(args.interfere * torch.cuda.get_device_properties(args.device).multi_processor_count + 0.5)
    shapes = quick_shapes() if args.quick else default_shapes()
    if args.only:
        shapes = [s for s in shapes if args.only in shape_name(s)]
    meta = {
        "schema_version": 1,
        "tool": "clc-bench attention",
        "benchmark": "clc-bench attention",
        "samples_per_library_and_shape": args.rounds * args.iters,
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "commit": args.commit,
        "gpu": torch.cuda.get_device_name(args.device),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "cudnn": torch.backends.cudnn.version(),
        "flash_backend": "torch SDPA FLASH_ATTENTION (FlashAttention-2)",
        "cudnn_backend": "torch SDPA CUDNN_ATTENTION",
        "nvidia_smi_before": nvidia_smi(),
        "rounds": args.rounds, "iters": args.iters, "warmup": args.warmup, "source": args.source,
        "interfere": args.interfere,
        "l2_flush_bytes": 256 << 20,
        "tolerance": "|err| <= 2.5e-3 max|V| + 2.5e-3 |ref| per element against float32 (inputs torch.randn)",
    }
    print(f"# clc-bench attention  {meta['gpu']}  torch {meta['torch']}  cuDNN {meta['cudnn']}  commit {args.commit}")
    print(f"{'shape':<34} {'clc':>8} {'cuDNN':>8} {'FA2':>8} {'x cuDNN':>8} {'x FA2':>7}  clc kernel")
    results = []
    for s in shapes:
        try:
            r = run_shape(s, clc, timer, args)
        except Exception as e:
            r = {"name": shape_name(s), "shape": s, "error": str(e)[:500]}
        results.append(r)
        t = r.get("times", {})

        def tf(n):
            return f"{t[n]['tflops']:8.1f}" if n in t else f"{'-':>8}"

        rc = r.get("ratio_vs_cudnn")
        rf = r.get("ratio_vs_flash")
        info = r.get("clc_info", {})
        extra = r.get("error") or ("" if r.get("gate") == "pass" else r.get("gate", ""))
        print(f"{r['name']:<34} {tf('clc')} {tf('cudnn')} {tf('flash')} "
              f"{(f'{rc:8.3f}' if rc else '       -')} {(f'{rf:7.3f}' if rf else '      -')}  "
              f"{info.get('kernel', '')}/{info.get('source', '')} {extra}", flush=True)
        torch.cuda.empty_cache()
    dense = [r for r in results if "varlen" not in r["shape"]]
    summary = {
        "geomean_vs_cudnn": geomean([r.get("ratio_vs_cudnn") for r in results]),
        "geomean_vs_flash": geomean([r.get("ratio_vs_flash") for r in results]),
        "geomean_vs_cudnn_dense": geomean([r.get("ratio_vs_cudnn") for r in dense]),
        "geomean_vs_flash_dense": geomean([r.get("ratio_vs_flash") for r in dense]),
        "shapes": len(results),
        "gate_failures": [r["name"] for r in results if r.get("gate", "pass") != "pass" or "error" in r],
    }
    meta["nvidia_smi_after"] = nvidia_smi()
    print(f"geomean over {len(dense)} dense shapes: vs cuDNN {summary['geomean_vs_cudnn_dense']:.3f}  "
          f"vs FA2 {summary['geomean_vs_flash_dense']:.3f}  (all {len(results)} shapes incl. varlen, whose cuDNN "
          f"column is SDPA's nested-tensor path, not a fused varlen kernel: {summary['geomean_vs_cudnn']:.3f} / "
          f"{summary['geomean_vs_flash']:.3f})  gate failures {summary['gate_failures']}")
    if args.csv:
        import csv
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["shape", "library", "samples", "ms_median", "ms_min", "ms_max", "spread", "tflops",
                        "ratio_vs_cudnn", "ratio_vs_flash", "gate"])
            for r in results:
                for lib, t in r.get("times", {}).items():
                    w.writerow([r["name"], lib, args.rounds * args.iters, t.get("ms"), t.get("ms_min"),
                                t.get("ms_max"), t.get("spread"), t.get("tflops"), r.get("ratio_vs_cudnn"),
                                r.get("ratio_vs_flash"), r.get("gate", r.get("error", ""))])
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"meta": meta, "summary": summary, "results": results}, f, indent=1)
    return 1 if summary["gate_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
