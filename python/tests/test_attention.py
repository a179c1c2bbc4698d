"""clc_torch.scaled_dot_product_attention against torch's own SDPA in fp32, and the varlen entry point
against an fp32 reference per sequence: shapes, masks, GQA, layouts, dtypes, errors."""
import pytest

from helpers import (DEVICE, HOPPER, assert_within, attention_tolerance, causal_bottom_right, clc_torch,
                     default_scale, poison, reference_attention, torch)

import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel


def make_qkv(b, hq, hkv, sq, sk, d, dtype, layout, gen):
    def rnd(*shape):
        return torch.randn(*shape, generator=gen, device=DEVICE).to(dtype)
    if layout == "bhsd":
        return rnd(b, hq, sq, d), rnd(b, hkv, sk, d), rnd(b, hkv, sk, d)
    if layout == "bshd":  # (batch, seq, heads, dim) memory seen through transpose(1, 2)
        return (rnd(b, sq, hq, d).transpose(1, 2), rnd(b, sk, hkv, d).transpose(1, 2),
                rnd(b, sk, hkv, d).transpose(1, 2))
    if layout == "packed_qkv":  # slices of one (batch, seq, 3, heads, dim) projection
        assert hq == hkv and sq == sk
        qkv = rnd(b, sq, 3, hq, d)
        return tuple(qkv[:, :, i].transpose(1, 2) for i in range(3))
    if layout == "unaligned":  # data 2-byte aligned only: clc's portable kernel
        return (rnd(b, hq, sq, d + 1)[..., 1:], rnd(b, hkv, sk, d + 1)[..., 1:], rnd(b, hkv, sk, d + 1)[..., 1:])
    raise ValueError(layout)


def torch_reference(q, k, v, causal, scale, gqa):
    with sdpa_kernel(SDPBackend.MATH):
        return F.scaled_dot_product_attention(q.float(), k.float(), v.float(), is_causal=causal, scale=scale,
                                              enable_gqa=gqa)


# (batch, heads_q, heads_kv, seqlen_q, seqlen_k, head_dim)
SHAPES = [
    (2, 4, 4, 128, 128, 64),
    (1, 3, 3, 1, 1, 128),
    (2, 2, 2, 17, 17, 64),
    (1, 2, 2, 129, 200, 128),   # seqlen_q < seqlen_k
    (1, 2, 2, 300, 77, 128),    # seqlen_q > seqlen_k: two clc launches under torch's causal mask
    (3, 8, 8, 1000, 1000, 128),
    (1, 2, 2, 257, 257, 256),
    (2, 8, 2, 333, 333, 128),   # GQA
    (1, 6, 1, 100, 250, 64),    # MQA
    (1, 4, 4, 1, 640, 128),     # one query row
    (2, 2, 2, 2048, 2048, 64),
]


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_matches_torch_sdpa(shape, causal):
    gen = torch.Generator(device=DEVICE)
    gen.manual_seed(7)
    b, hq, hkv, sq, sk, d = shape
    for dtype in (torch.bfloat16, torch.float16):
        q, k, v = make_qkv(b, hq, hkv, sq, sk, d, dtype, "bhsd", gen)
        poison((b, sq, hq, d), dtype)
        got = clc_torch.scaled_dot_product_attention(q, k, v, is_causal=causal, enable_gqa=hq != hkv)
        ref = torch_reference(q, k, v, causal, None, hq != hkv)
        assert got.shape == ref.shape and got.dtype == dtype
        assert_within(got, ref, attention_tolerance(dtype, ref, v), f"{shape} causal={causal} {dtype}")


@pytest.mark.parametrize("layout", ["bshd", "packed_qkv", "unaligned"])
@pytest.mark.parametrize("causal", [False, True])
def test_layouts_read_in_place(layout, causal):
    gen = torch.Generator(device=DEVICE)
    gen.manual_seed(11)
    for b, h, s, d in ((2, 4, 200, 128), (1, 3, 130, 64)):
        q, k, v = make_qkv(b, h, h, s, s, d, torch.bfloat16, layout, gen)
        got = clc_torch.scaled_dot_product_attention(q, k, v, is_causal=causal)
        info = clc_torch.last_run_info("attention")
        ref = torch_reference(q, k, v, causal, None, False)
        assert_within(got, ref, attention_tolerance(torch.bfloat16, ref, v), f"{layout} {(b, h, s, d)}")
        if HOPPER:
            assert info["kernel"] == ("Portable" if layout == "unaligned" else "Sm90"), info


def test_output_layout_and_scale():
    gen = torch.Generator(device=DEVICE)
    gen.manual_seed(3)
    q, k, v = make_qkv(2, 4, 4, 96, 160, 64, torch.bfloat16, "bhsd", gen)
    got = clc_torch.scaled_dot_product_attention(q, k, v, scale=0.3)
    ref = torch_reference(q, k, v, False, 0.3, False)
    assert_within(got, ref, attention_tolerance(torch.bfloat16, ref, v), "scale 0.3")
    # (batch, seq, heads, dim) memory, as torch's flash backend: merging the heads is a view.
    assert got.transpose(1, 2).is_contiguous()
    assert got.stride() == (96 * 4 * 64, 64, 4 * 64, 1)


def test_backward_raises_not_implemented():
    q, k, v = (torch.randn(1, 2, 64, 64, device=DEVICE, dtype=torch.bfloat16, requires_grad=True) for _ in range(3))
    out = clc_torch.scaled_dot_product_attention(q, k, v)
    with pytest.raises(NotImplementedError, match="forward only"):
        out.sum().backward()


def test_errors_are_clear():
    bf = dict(device=DEVICE, dtype=torch.bfloat16)
    q, k, v = (torch.randn(1, 4, 32, 64, **bf) for _ in range(3))
    sdpa = clc_torch.scaled_dot_product_attention
    with pytest.raises(TypeError, match="bfloat16 or torch.float16.*float32"):
        sdpa(q.float(), k.float(), v.float())
    with pytest.raises(TypeError, match="same dtype"):
        sdpa(q, k.half(), v)
    with pytest.raises(ValueError, match="CUDA tensor"):
        sdpa(q.cpu(), k.cpu(), v.cpu())
    with pytest.raises(ValueError, match="4-D.*3-D"):
        sdpa(q[0], k[0], v[0])
    with pytest.raises(ValueError, match="enable_gqa=True"):
        sdpa(q, k[:, :2], v[:, :2])
    with pytest.raises(ValueError, match="multiple of key/value heads"):
        sdpa(q, k[:, :3], v[:, :3], enable_gqa=True)
    with pytest.raises(ValueError, match="value's head dim"):
        sdpa(q, k, torch.randn(1, 4, 32, 128, **bf))
    with pytest.raises(ValueError, match="agree"):
        sdpa(q, k, v[:, :, :16])
    with pytest.raises(ValueError, match="scale must be a positive"):
        sdpa(q, k, v, scale=-1.0)
    with pytest.raises(NotImplementedError, match="attn_mask"):
        sdpa(q, k, v, torch.ones(32, 32, device=DEVICE, dtype=torch.bool))
    with pytest.raises(NotImplementedError, match="dropout_p"):
        sdpa(q, k, v, dropout_p=0.1)
    # Checked by clc itself: the message is clc's.
    q96 = torch.randn(1, 2, 16, 96, **bf)
    with pytest.raises(clc_torch.ClcError, match=r"^not supported: head_dim 96 is not supported \(supported: 64, "
                                                 r"128, 256\)"):
        sdpa(q96, q96, q96)


def packed(lens, heads, d, dtype, gen):
    total = sum(lens)
    cu = torch.tensor([0] + [sum(lens[:i + 1]) for i in range(len(lens))], dtype=torch.int32, device=DEVICE)
    return torch.randn(total, heads, d, generator=gen, device=DEVICE).to(dtype), cu


# (lengths of q, lengths of k, heads_q, heads_kv, head_dim)
VARLEN = [
    ([0, 1, 17, 128, 129, 300], None, 8, 2, 128),
    ([5, 64, 1000], None, 4, 4, 64),
    ([3, 0, 40, 100, 129, 64], [5, 0, 40, 20, 300, 64], 4, 1, 128),  # unequal lengths: rows that see no key
    ([77, 256], [200, 33], 2, 2, 256),
]


@pytest.mark.parametrize("case", VARLEN, ids=lambda c: f"{len(c[0])}seqs_h{c[2]}-{c[3]}_d{c[4]}")
@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_varlen(case, causal, dtype):
    lens_q, lens_k, hq, hkv, d = case
    lens_k = lens_k or lens_q
    gen = torch.Generator(device=DEVICE)
    gen.manual_seed(5)
    q, cu_q = packed(lens_q, hq, d, dtype, gen)
    k, cu_k = packed(lens_k, hkv, d, dtype, gen)
    v, _ = packed(lens_k, hkv, d, dtype, gen)
    poison(tuple(q.shape), dtype)
    out, lse = clc_torch.attention_varlen(q, k, v, cu_q, cu_k, max(lens_q), max(lens_k), causal=causal,
                                          return_lse=True)
    assert out.shape == q.shape and lse.shape == (hq, q.shape[0]) and lse.dtype == torch.float32
    scale = default_scale(d)
    for i, (lq, lk) in enumerate(zip(lens_q, lens_k)):
        a, c = int(cu_q[i]), int(cu_k[i])
        if lq == 0:
            continue
        qs, ks, vs = (t.transpose(0, 1) for t in (q[a:a + lq], k[c:c + lk], v[c:c + lk]))  # (heads, seq, dim)
        visible = causal_bottom_right(lq, lk) if causal else torch.ones(lq, lk, dtype=torch.bool, device=DEVICE)
        ref, ref_lse = reference_attention(qs, ks, vs, scale, visible)
        what = f"sequence {i} ({lq} x {lk}) causal={causal} {dtype}"
        assert_within(out[a:a + lq].transpose(0, 1), ref, attention_tolerance(dtype, ref, vs), what)
        got_lse = lse[:, a:a + lq]
        finite = torch.isfinite(ref_lse)
        assert bool((got_lse[~finite] == float("-inf")).all()), f"{what}: rows that see no key must have LSE -inf"
        assert_within(got_lse[finite], ref_lse[finite], 1e-3 + 1e-4 * ref_lse[finite].abs(), what + " LSE")
    # Without the LSE: the same output.
    out2 = clc_torch.attention_varlen(q, k, v, cu_q, cu_k, max(lens_q), max(lens_k), causal=causal)
    assert torch.equal(out2, out)


def test_varlen_matches_dense_sdpa_on_equal_lengths():
    """The varlen entry point and torch's SDPA agree where their conventions meet (equal lengths)."""
    gen = torch.Generator(device=DEVICE)
    gen.manual_seed(9)
    b, h, s, d = 3, 4, 150, 128
    q, k, v = (torch.randn(b, s, h, d, generator=gen, device=DEVICE).to(torch.bfloat16) for _ in range(3))
    cu = torch.arange(0, (b + 1) * s, s, dtype=torch.int32, device=DEVICE)
    out = clc_torch.attention_varlen(q.flatten(0, 1), k.flatten(0, 1), v.flatten(0, 1), cu, cu, s, s, causal=True)
    ref = torch_reference(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), True, None, False)
    assert_within(out.view(b, s, h, d).transpose(1, 2), ref, attention_tolerance(torch.bfloat16, ref, v), "varlen")


def test_varlen_errors_are_clear():
    bf = dict(device=DEVICE, dtype=torch.bfloat16)
    q = torch.randn(10, 2, 64, **bf)
    cu = torch.tensor([0, 4, 10], dtype=torch.int32, device=DEVICE)
    f = clc_torch.attention_varlen
    with pytest.raises(TypeError, match="cu_seqlens_q must be torch.int32.*int64"):
        f(q, q, q, cu.long(), cu, 6, 6)
    with pytest.raises(ValueError, match="cu_seqlens_k .* must be on q's device"):
        f(q, q, q, cu, cu.cpu(), 6, 6)
    with pytest.raises(ValueError, match="same length"):
        f(q, q, q, cu, cu[:2], 6, 6)
    with pytest.raises(ValueError, match="3-D.*4-D"):
        f(q[None], q, q, cu, cu, 6, 6)
    with pytest.raises(ValueError, match="max_seqlen_q must be >= 0"):
        f(q, q, q, cu, cu, -1, 6)
    with pytest.raises(NotImplementedError, match="forward only"):
        qg = q.clone().requires_grad_(True)
        f(qg, q, q, cu, cu, 6, 6).sum().backward()
