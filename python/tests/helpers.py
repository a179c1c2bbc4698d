"""Shared by the clc_torch tests: the skip rule, references and the element-wise comparison."""
import math

import pytest

torch = pytest.importorskip("torch", reason="PyTorch is not installed: nothing to test clc_torch against")
if not torch.cuda.is_available():
    pytest.skip("no CUDA device (clc_torch's ops run on the GPU only)", allow_module_level=True)

import clc_torch  # noqa: E402,F401  (after the skips: a machine without torch or a GPU never imports it)

DEVICE = "cuda"
HOPPER = torch.cuda.get_device_capability() == (9, 0)
# The references are computed in fp32 with full-precision products.
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def poison(shape, dtype):
    """Leaves a NaN-filled block of this size in torch's caching allocator, so that the op's next
    allocation of that size (its output) most likely starts as NaN and an element clc does not write
    fails the comparison (best effort: the allocator decides)."""
    x = torch.full(shape, float("nan"), dtype=dtype, device=DEVICE)
    del x


def assert_within(got, ref, tol, what):
    """Every element: |got - ref| <= tol (NaN fails). The message gives the count, the worst ratio and
    the first offending element."""
    assert got.shape == ref.shape, f"{what}: shape {tuple(got.shape)} != {tuple(ref.shape)}"
    err = (got.float() - ref).abs()
    ok = err <= tol
    if not bool(ok.all()):
        bad = (~ok).nonzero()[0].tolist()
        ratio = torch.nan_to_num(err / tol, nan=float("inf")).max().item()
        raise AssertionError(f"{what}: {int((~ok).sum())} of {ok.numel()} elements off (worst err/tol {ratio:.3g}); "
                             f"first at {bad}: got {got[tuple(bad)].item()}, want {ref[tuple(bad)].item()}, "
                             f"tol {tol[tuple(bad)].item() if torch.is_tensor(tol) else tol}")


def mm_tolerance(dtype, ref, abs_products, k):
    """Rounding the fp32 result to the output type (half an ulp: at most 2^-8 |x| for bf16, 2^-11 for
    fp16; doubled for margin) plus fp32 accumulation in another order (k * 2^-23 of sum |a||b|)."""
    rel = 2.0 ** -7 if dtype == torch.bfloat16 else 2.0 ** -10
    return rel * ref.abs() + max(k, 1) * 2.0 ** -23 * abs_products + 1e-6


def check_mm(got, a, b, what):
    ref = torch.matmul(a.float(), b.float())
    absp = torch.matmul(a.float().abs(), b.float().abs())
    assert_within(got, ref, mm_tolerance(a.dtype, ref, absp, a.shape[-1]), what)


def attention_tolerance(dtype, ref, v):
    """docs/attention.md: P is rounded to 16 bits before P V (at most 2^-9 max|V| for bf16, 2^-11 for
    fp16) and O is rounded (2^-9 |O| bf16, 2^-11 fp16); with a margin."""
    vmax = max(1.0, float(v.float().abs().max()))
    if dtype == torch.bfloat16:
        return 2.5e-3 * vmax + 2.5e-3 * ref.abs()
    return 1e-3 * vmax + 8e-4 * ref.abs()


def reference_attention(q, k, v, scale, visible):
    """fp32 softmax(scale q k^T) v for (heads, seq, dim) tensors with a boolean (seq_q, seq_k) mask of
    visible keys; rows that see no key give 0 (clc's rule) and LSE -inf. GQA by head index."""
    group = q.shape[0] // k.shape[0]
    kk = k.float().repeat_interleave(group, dim=0)
    vv = v.float().repeat_interleave(group, dim=0)
    s = torch.matmul(q.float(), kk.transpose(-1, -2)) * scale
    s = s.masked_fill(~visible, float("-inf"))
    lse = torch.logsumexp(s, dim=-1)
    p = torch.exp(s - torch.nan_to_num(lse, neginf=0.0)[..., None])
    o = torch.matmul(p, vv)
    return o, lse


def causal_bottom_right(sq, sk):
    i = torch.arange(sq, device=DEVICE)[:, None]
    j = torch.arange(sk, device=DEVICE)[None, :]
    return j <= i + (sk - sq)


def default_scale(d):
    return 1.0 / math.sqrt(d)
