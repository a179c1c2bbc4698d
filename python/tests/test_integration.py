"""clc_torch inside torch's machinery: the op registrations (torch.library.opcheck), CUDA graph capture
and replay, torch.compile(fullgraph=True), streams."""
import pytest

from helpers import DEVICE, assert_within, attention_tolerance, check_mm, clc_torch, torch

import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel


def rnd(*shape, dtype=torch.bfloat16):
    return torch.randn(*shape, device=DEVICE).to(dtype)


def sdpa_ref(q, k, v, causal, gqa=False):
    with sdpa_kernel(SDPBackend.MATH):
        return F.scaled_dot_product_attention(q.float(), k.float(), v.float(), is_causal=causal, enable_gqa=gqa)


def test_opcheck_registrations():
    """Schema, fake (meta) implementation against the real one, autograd registration, AOT dispatch."""
    torch.manual_seed(0)
    a, b = rnd(40, 24), rnd(24, 72)
    torch.library.opcheck(torch.ops.clc.mm.default, (a, b))
    torch.library.opcheck(torch.ops.clc.mm.default, (a.requires_grad_(True), b.t().contiguous().t()))
    torch.library.opcheck(torch.ops.clc.mm.default, (rnd(3, 40, 24), rnd(24, 16)))
    q, k, v = rnd(2, 4, 100, 64), rnd(2, 2, 130, 64), rnd(2, 2, 130, 64)
    torch.library.opcheck(torch.ops.clc.sdpa.default, (q, k, v, True, 0.125))
    qv, kv = rnd(50, 4, 128), rnd(60, 2, 128)
    cu_q = torch.tensor([0, 20, 50], dtype=torch.int32, device=DEVICE)
    cu_k = torch.tensor([0, 35, 60], dtype=torch.int32, device=DEVICE)
    torch.library.opcheck(torch.ops.clc.attention_varlen.default, (qv, kv, kv, cu_q, cu_k, 30, 35, True, 0.1, True))


def test_fake_tensors_give_shapes_without_running():
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode():
        a = torch.empty(3, 40, 24, device=DEVICE, dtype=torch.bfloat16)
        b = torch.empty(24, 16, device=DEVICE, dtype=torch.bfloat16)
        assert clc_torch.matmul(a, b).shape == (3, 40, 16)
        q = torch.empty(2, 8, 100, 128, device=DEVICE, dtype=torch.float16)
        kv = torch.empty(2, 2, 70, 128, device=DEVICE, dtype=torch.float16)
        o = clc_torch.scaled_dot_product_attention(q, kv, kv, is_causal=True, enable_gqa=True)
        assert o.shape == (2, 8, 100, 128) and o.dtype == torch.float16
        with pytest.raises(ValueError, match="do not chain"):
            clc_torch.matmul(a, a)


def test_cuda_graph_capture_and_replay():
    """Capture on a stream clc has never seen (its Ticket workspace comes from the graph's pool), replay
    with new inputs copied into the captured tensors; every replay is checked."""
    torch.manual_seed(1)
    a, b = rnd(300, 200), rnd(200, 136).t().contiguous().t()  # b read column-major
    q, k, v = rnd(2, 8, 257, 128), rnd(2, 2, 257, 128), rnd(2, 2, 257, 128)
    qv, kv = rnd(400, 4, 64), rnd(400, 4, 64)
    cu = torch.tensor([0, 100, 101, 400], dtype=torch.int32, device=DEVICE)
    # Warm-up on the default stream (torch's advice before capture); the capture stream is a new one.
    clc_torch.matmul(a, b)
    clc_torch.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
    clc_torch.attention_varlen(qv, kv, kv, cu, cu, 299, 299, causal=True)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g, stream=torch.cuda.Stream()):
        c = clc_torch.matmul(a, b)
        o = clc_torch.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        ov = clc_torch.attention_varlen(qv, kv, kv, cu, cu, 299, 299, causal=True)
    for replay in range(3):
        for t in (a, b, q, k, v, qv, kv):
            t.copy_(torch.randn(t.shape, device=DEVICE))
        for t in (c, o, ov):
            t.fill_(float("nan"))
        g.replay()
        torch.cuda.synchronize()
        check_mm(c, a, b, f"graph replay {replay}: matmul")
        ref = sdpa_ref(q, k, v, True, True)
        assert_within(o, ref, attention_tolerance(torch.bfloat16, ref, v), f"graph replay {replay}: sdpa")
        for lo, hi in ((0, 100), (100, 101), (101, 400)):
            r = sdpa_ref(qv[lo:hi].transpose(0, 1)[None], kv[lo:hi].transpose(0, 1)[None],
                         kv[lo:hi].transpose(0, 1)[None], True)[0].transpose(0, 1)
            assert_within(ov[lo:hi], r, attention_tolerance(torch.bfloat16, r, kv), f"graph replay {replay}: varlen")


def test_side_streams_run_concurrently_and_correctly():
    """Two streams at once, each with its own workspace (clc's Ticket counters must not be shared)."""
    torch.manual_seed(2)
    s1, s2 = torch.cuda.Stream(), torch.cuda.Stream()
    xs = [(rnd(1024, 512), rnd(512, 768)) for _ in range(2)]
    torch.cuda.synchronize()
    outs = [[], []]
    for _ in range(20):
        for i, s in enumerate((s1, s2)):
            with torch.cuda.stream(s):
                outs[i].append(clc_torch.matmul(*xs[i]))
    torch.cuda.synchronize()
    for i in range(2):
        for c in outs[i]:
            check_mm(c, *xs[i], f"stream {i}")


def test_torch_compile_fullgraph():
    """Both ops in one compiled graph (no graph break allowed), with the GEMM's backward traced through
    AOTAutograd."""
    torch.manual_seed(3)
    x = rnd(4, 64, 128).requires_grad_(True)
    w = rnd(128, 256).requires_grad_(True)
    q, k, v = rnd(4, 8, 64, 64), rnd(4, 2, 64, 64), rnd(4, 2, 64, 64)

    def f(x, w, q, k, v):
        h = clc_torch.matmul(x, w)
        o = clc_torch.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        merged = o.transpose(1, 2).reshape(o.shape[0], o.shape[2], -1)  # (batch, seq, heads * dim)
        return (h.float() * 0.5).sum(), merged * 2, h

    torch.compiler.reset()
    cf = torch.compile(f, fullgraph=True)
    loss, merged, h = cf(x, w, q, k, v)
    loss.backward()
    check_mm(h, x.detach(), w.detach(), "compiled matmul")
    want = 0.5 * h.detach().float().sum().item()
    assert abs(loss.item() - want) <= 1e-4 * abs(want) + 1e-2, (loss.item(), want)
    ref_o = sdpa_ref(q, k, v, True, True)
    ref_merged = ref_o.transpose(1, 2).reshape(4, 64, -1) * 2
    assert_within(merged, ref_merged, 2 * attention_tolerance(torch.bfloat16, ref_merged, v), "compiled sdpa")
    # d loss / dx = 0.5 * ones @ w^T and d loss / dw = x^T @ (0.5 * ones), both on clc's GEMM.
    half = torch.full((4 * 64, 256), 0.5, device=DEVICE, dtype=torch.bfloat16)
    check_mm(x.grad.flatten(0, 1), half, w.detach().t(), "compiled dx")
    check_mm(w.grad, x.detach().flatten(0, 1).t(), half, "compiled dw")
