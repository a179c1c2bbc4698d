"""clc_torch.matmul against torch.matmul in fp32: shapes, dtypes, strides, batches, gradients, errors."""
import pytest

from helpers import DEVICE, HOPPER, assert_within, check_mm, clc_torch, mm_tolerance, poison, torch

from clc_torch import _ops

DTYPES = [torch.bfloat16, torch.float16]


def make(rows, cols, dtype, variant, gen):
    """A rows x cols matrix viewed with the strides of `variant`:
    row (contiguous), col (transpose of a contiguous cols x rows), padded (rows of a wider tensor),
    offset (a column slice starting at 1: 2-byte aligned data), rowstep (every other row), nounit (every
    other column: no unit stride, clc_torch copies it)."""
    def rnd(*shape):
        return torch.randn(*shape, generator=gen, device=DEVICE).to(dtype)
    if variant == "row":
        return rnd(rows, cols)
    if variant == "col":
        return rnd(cols, rows).t()
    if variant == "padded":
        return rnd(rows, cols + 24)[:, :cols]
    if variant == "offset":
        return rnd(rows, cols + 1)[:, 1:]
    if variant == "rowstep":
        return rnd(2 * rows, cols)[::2]
    if variant == "nounit":
        return rnd(rows, 2 * cols)[:, ::2]
    raise ValueError(variant)


VARIANTS = ["row", "col", "padded", "offset", "rowstep", "nounit"]


@pytest.fixture
def gen():
    g = torch.Generator(device=DEVICE)
    g.manual_seed(1234)
    return g


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mnk", [(1, 1, 1), (7, 13, 5), (64, 64, 64), (128, 256, 64), (129, 257, 65), (333, 1, 1000),
                                 (1, 2048, 512), (1000, 300, 77), (513, 1024, 4096), (2048, 2048, 2048)])
def test_2d_shapes(dtype, mnk, gen):
    m, n, k = mnk
    a, b = make(m, k, dtype, "row", gen), make(k, n, dtype, "row", gen)
    poison((m, n), dtype)
    check_mm(clc_torch.matmul(a, b), a, b, f"{m}x{n}x{k} {dtype}")


@pytest.mark.parametrize("shape", [(200, 136, 96), (77, 45, 33)])
@pytest.mark.parametrize("va", VARIANTS)
@pytest.mark.parametrize("vb", VARIANTS)
def test_strides(shape, va, vb, gen):
    m, n, k = shape
    a, b = make(m, k, torch.bfloat16, va, gen), make(k, n, torch.bfloat16, vb, gen)
    poison((m, n), torch.bfloat16)
    check_mm(clc_torch.matmul(a, b), a, b, f"{shape} a {va} b {vb}")
    if HOPPER and shape == (200, 136, 96) and va in ("row", "col", "padded") and vb in ("row", "col", "padded"):
        info = clc_torch.last_run_info("gemm")
        assert info["kernel"] == "Sm90", info  # aligned views go to the TMA kernel, in place


def test_views_are_read_in_place(gen):
    """Transposed and padded views reach clc without a copy; only a matrix without a unit stride is copied."""
    for variant, layout in (("row", _ops._ROW_MAJOR), ("col", _ops._COL_MAJOR), ("padded", _ops._ROW_MAJOR),
                            ("offset", _ops._ROW_MAJOR), ("rowstep", _ops._ROW_MAJOR)):
        t = make(40, 24, torch.bfloat16, variant, gen).unsqueeze(0)
        got, lay, ld, _ = _ops._operand(t)
        assert got is t and lay == layout, variant
        assert ld == (t.stride(1) if layout == _ops._ROW_MAJOR else t.stride(2)), variant
    t = make(40, 24, torch.bfloat16, "nounit", gen).unsqueeze(0)
    got, lay, ld, _ = _ops._operand(t)
    assert got is not t and got.is_contiguous() and (lay, ld) == (_ops._ROW_MAJOR, 24)
    # Extent-1 dimensions: any stride, and a leading dimension of whole 16 bytes is chosen.
    assert _ops._matrix_layout(1, 5, 3, 1) == (_ops._ROW_MAJOR, 8)
    assert _ops._matrix_layout(40, 1, 1, 1) == (_ops._COL_MAJOR, 40)
    assert _ops._matrix_layout(4, 6, 0, 1) is None  # expanded rows: copied


def batched(kind, batch, m, n, k, dtype, gen):
    def rnd(*shape):
        return torch.randn(*shape, generator=gen, device=DEVICE).to(dtype)
    if kind == "contiguous":
        return rnd(batch, m, k), rnd(batch, k, n)
    if kind == "a_transposed":
        return rnd(batch, k, m).transpose(1, 2), rnd(batch, k, n)
    if kind == "both_transposed":
        return rnd(batch, k, m).transpose(1, 2), rnd(batch, n, k).transpose(1, 2)
    if kind == "a_permuted":  # batch stride smaller than the row stride
        return rnd(m, batch, k).permute(1, 0, 2), rnd(batch, k, n)
    if kind == "b_2d":
        return rnd(batch, m, k), rnd(k, n)
    if kind == "b_2d_a_unfoldable":
        return rnd(m, batch, k).permute(1, 0, 2), rnd(n, k).t()
    if kind == "a_2d":
        return rnd(m, k), rnd(batch, k, n)
    if kind == "a_batch1":
        return rnd(1, m, k), rnd(batch, k, n)
    if kind == "b_expanded":
        return rnd(batch, m, k), rnd(k, n).expand(batch, k, n)
    if kind == "sliced_batch":
        return rnd(2 * batch, m, k)[1::2], rnd(batch, k, n + 8)[:, :, 3:3 + n]
    raise ValueError(kind)


BATCH_KINDS = ["contiguous", "a_transposed", "both_transposed", "a_permuted", "b_2d", "b_2d_a_unfoldable", "a_2d",
               "a_batch1", "b_expanded", "sliced_batch"]


@pytest.mark.parametrize("kind", BATCH_KINDS)
@pytest.mark.parametrize("shape", [(3, 100, 70, 50), (5, 128, 128, 64), (2, 1, 33, 17), (4, 256, 512, 320)])
def test_batched(kind, shape, gen):
    batch, m, n, k = shape
    for dtype in DTYPES:
        a, b = batched(kind, batch, m, n, k, dtype, gen)
        want = torch.matmul(a.float(), b.float())
        poison(tuple(want.shape), dtype)
        got = clc_torch.matmul(a, b)
        assert got.shape == want.shape and got.dtype == dtype
        check_mm(got, a, b, f"{kind} {shape} {dtype}")


@pytest.mark.parametrize("shapes", [((0, 5), (5, 3)), ((4, 0), (0, 3)), ((4, 5), (5, 0)), ((0, 4, 5), (0, 5, 3)),
                                    ((2, 4, 0), (2, 0, 3))])
def test_empty_extents_follow_torch(shapes):
    a = torch.randn(*shapes[0], device=DEVICE, dtype=torch.bfloat16)
    b = torch.randn(*shapes[1], device=DEVICE, dtype=torch.bfloat16)
    got, want = clc_torch.matmul(a, b), torch.matmul(a, b)
    assert got.shape == want.shape
    assert bool((got == 0).all())  # k = 0: zeros, as torch


@pytest.mark.parametrize("case", ["2d", "2d_transposed", "batched", "b_broadcast", "a_broadcast"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_gradients_match_torch(case, dtype, gen):
    def rnd(*shape):
        return torch.randn(*shape, generator=gen, device=DEVICE).to(dtype)
    if case == "2d":
        a, b = rnd(65, 47), rnd(47, 33)
    elif case == "2d_transposed":
        a, b = rnd(64, 128).t(), rnd(256, 64).t()
    elif case == "batched":
        a, b = rnd(3, 40, 20), rnd(3, 20, 30)
    elif case == "b_broadcast":
        a, b = rnd(3, 40, 24), rnd(24, 16)
    else:
        a, b = rnd(40, 24), rnd(3, 24, 16)
    a.requires_grad_(True)
    b.requires_grad_(True)
    out = clc_torch.matmul(a, b)
    g = rnd(*out.shape)
    out.backward(g)
    # torch's own autograd on fp32 copies of the same values gives the reference gradients.
    a32 = a.detach().float().requires_grad_(True)
    b32 = b.detach().float().requires_grad_(True)
    torch.matmul(a32, b32).backward(g.float())
    # dA = g B^T (inner extent n), dB = A^T g (inner extent m). The gradient of a broadcast operand is a
    # sum over the batch of products each rounded to the dtype (as torch's own bf16 backward does), so
    # its bound also has a rounding term relative to sum |a||b| over the batch.
    gf = g.float()
    rel = 2.0 ** -7 if dtype == torch.bfloat16 else 2.0 ** -10

    def tol(ref, absp, like, k):
        summed = absp.dim() > like.dim()
        absp = absp.sum(0) if summed else absp
        return mm_tolerance(dtype, ref, absp, k) + (rel * absp if summed else 0.0)

    absp_a = torch.matmul(gf.abs(), b.detach().float().abs().transpose(-1, -2))
    absp_b = torch.matmul(a.detach().float().abs().transpose(-1, -2), gf.abs())
    assert a.grad.shape == a.shape and b.grad.shape == b.shape
    assert_within(a.grad, a32.grad, tol(a32.grad, absp_a, a, g.shape[-1]), f"dA {case}")
    assert_within(b.grad, b32.grad, tol(b32.grad, absp_b, b, a.shape[-2]), f"dB {case}")


def test_errors_are_clear():
    bf = dict(device=DEVICE, dtype=torch.bfloat16)
    a, b = torch.randn(8, 16, **bf), torch.randn(16, 4, **bf)
    with pytest.raises(TypeError, match="bfloat16 or torch.float16.*float32"):
        clc_torch.matmul(a.float(), b.float())
    with pytest.raises(TypeError, match="same dtype"):
        clc_torch.matmul(a, b.half())
    with pytest.raises(ValueError, match="CUDA tensor.*cpu"):
        clc_torch.matmul(a.cpu(), b.cpu())
    with pytest.raises(ValueError, match="b must be a CUDA tensor"):
        clc_torch.matmul(a, b.cpu())
    with pytest.raises(ValueError, match="k = 16.*15"):
        clc_torch.matmul(a, b[:15])
    with pytest.raises(ValueError, match="2-D or 3-D.*1-D"):
        clc_torch.matmul(a, b[:, 0])
    with pytest.raises(ValueError, match="batch sizes 2 .* and 3"):
        clc_torch.matmul(torch.randn(2, 8, 16, **bf), torch.randn(3, 16, 4, **bf))
    with pytest.raises(TypeError, match="torch.Tensor"):
        clc_torch.matmul(a, [[1.0]])
    # The op itself checks too (a caller of torch.ops.clc.mm gets the same errors).
    with pytest.raises(TypeError, match="clc::mm"):
        torch.ops.clc.mm(a.float(), b.float())


def test_clc_errors_arrive_with_clcs_message():
    # Through the binding with an argument only clc checks (the ops check extents first); the attention
    # tests reach a clc error through the public op.
    with pytest.raises(clc_torch.ClcError, match=r"^invalid argument: m must be >= 1 \(got 0\)"):
        clc_torch._ops._C.gemm(0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, torch.cuda.current_device(), 0, 0)
    assert issubclass(clc_torch.ClcError, RuntimeError)
