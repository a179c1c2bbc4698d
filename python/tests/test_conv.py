"""clc_torch.conv2d against torch.nn.functional.conv2d in float64 on the same (bf16/fp16) values: ResNet
layers, strides, dilation, padding forms, odd channels, the fused epilogue, layouts (read in place or
copied), dtypes, errors, and the op inside torch's machinery (opcheck, fake tensors, a CUDA graph,
torch.compile)."""
import math

import pytest

from helpers import DEVICE, HOPPER, assert_within, clc_torch, poison, torch

import torch.nn.functional as F

from clc_torch import _ops

CL = torch.channels_last
DTYPES = [torch.bfloat16, torch.float16]
# Unit roundoff of the output type (half an ulp, relative): one rounding of clc's fp32 result.
UNIT = {torch.bfloat16: 2.0 ** -8, torch.float16: 2.0 ** -11, torch.float32: 2.0 ** -24}


@pytest.fixture
def gen():
    g = torch.Generator(device=DEVICE)
    g.manual_seed(4321)
    return g


def rnd(gen, *shape, dtype=torch.bfloat16):
    """randn values rounded to `dtype`; 4-D tensors in channels_last memory format."""
    t = torch.randn(*shape, generator=gen, device=DEVICE).to(dtype)
    return t.contiguous(memory_format=CL) if t.dim() == 4 else t


def pad4(padding):
    """torch's int / (ph, pw) padding as (top, bottom, left, right); a 4-tuple or a string unchanged."""
    if isinstance(padding, str) or (isinstance(padding, tuple) and len(padding) == 4):
        return padding
    ph, pw = (padding, padding) if isinstance(padding, int) else padding
    return (ph, ph, pw, pw)


def pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


def out_hw(h, w, r, s, stride, padding, dilation):
    (sh, sw), (dh, dw), (pt, pb, pl, pr) = pair(stride), pair(dilation), pad4(padding)
    return (h + pt + pb - dh * (r - 1) - 1) // sh + 1, (w + pl + pr - dw * (s - 1) - 1) // sw + 1


def reference(x, weight, stride=1, padding=0, dilation=1, bias=None, residual=None, alpha=1.0, beta=0.0,
              relu=False):
    """torch in float64 on the inputs' own (rounded) values: (y, mag) with y = act(alpha conv2d(x, weight)
    + beta residual + bias) and mag the same without the activation on absolute values (the scale of the
    accumulation error). padding: as torch's conv2d takes it, or (top, bottom, left, right), applied with
    F.pad (zeros), which is what clc's asymmetric padding means."""
    padding = pad4(padding)
    if isinstance(padding, tuple):
        pt, pb, pl, pr = padding
        if pt != pb or pl != pr:
            def conv(a, b):
                return F.conv2d(F.pad(a, (pl, pr, pt, pb)), b, stride=stride, dilation=dilation)
        else:
            def conv(a, b):
                return F.conv2d(a, b, stride=stride, padding=(pt, pl), dilation=dilation)
    else:  # 'same' / 'valid': torch's own reading
        def conv(a, b):
            return F.conv2d(a, b, stride=stride, padding=padding, dilation=dilation)
    xd, wd = x.double().contiguous(), weight.double().contiguous()
    y = alpha * conv(xd, wd)
    mag = abs(alpha) * conv(xd.abs(), wd.abs())
    if residual is not None and beta != 0.0:
        rd = residual.double()
        y, mag = y + beta * rd, mag + abs(beta) * rd.abs()
    if bias is not None:
        bd = bias.double()[None, :, None, None]
        y, mag = y + bd, mag + bd.abs()
    if relu:
        y = y.clamp_min(0.0)
    return y, mag


def conv_tolerance(out_dtype, ref, mag, crs):
    """Per element: u |ref| for the one rounding of clc's fp32 result to the output type (u = 2^-8 bf16,
    2^-11 fp16, 2^-24 fp32), plus (1 + u) times the fp32 accumulation error of C*R*S exact products summed
    in clc's order (and the fp32 epilogue): docs/conv.md's bound 2^-22 (sqrt(CRS) + 5) mag, with mag the
    same convolution on |x|, |w| (and |residual|, |bias|), here doubled to 2^-21 for margin; + 1e-6 for
    values near zero (fp16 subnormals). Per element rather than max|x| max|w| sqrt(CRS): as tight where
    the output is small as where it is large."""
    u = UNIT[out_dtype]
    return u * ref.abs() + (1 + u) * 2.0 ** -21 * (math.sqrt(crs) + 5) * mag + 1e-6


def check(got, x, weight, what, out_dtype=None, layout=True, **kw):
    """got against reference(x, weight, **kw), every element; the output's shape, dtype and layout."""
    out_dtype = out_dtype or x.dtype
    ref, mag = reference(x, weight, **kw)
    assert got.shape == ref.shape, f"{what}: shape {tuple(got.shape)} != {tuple(ref.shape)}"
    assert got.dtype == out_dtype, f"{what}: dtype {got.dtype} != {out_dtype}"
    if layout:
        assert got.is_contiguous(memory_format=CL), f"{what}: output strides {got.stride()} are not channels_last"
    crs = weight.shape[1] * weight.shape[2] * weight.shape[3]
    assert_within(got, ref, conv_tolerance(out_dtype, ref, mag, crs), what)


# (name, N, C, H, W, K, R, S, stride, padding as torch takes it, dilation)
LAYERS = [
    ("resnet_3x3_64-64_56", 2, 64, 56, 56, 64, 3, 3, 1, 1, 1),
    ("resnet_3x3s2_128-128_56", 2, 128, 56, 56, 128, 3, 3, 2, 1, 1),
    ("resnet_1x1_256-64_56", 2, 256, 56, 56, 64, 1, 1, 1, 0, 1),
    ("resnet_1x1_64-256_56", 1, 64, 56, 56, 256, 1, 1, 1, 0, 1),
    ("resnet_1x1s2_256-128_56", 2, 256, 56, 56, 128, 1, 1, 2, 0, 1),
    ("resnet_3x3_512-512_7", 2, 512, 7, 7, 512, 3, 3, 1, 1, 1),  # 4 output tiles: split-K on Hopper
    ("stem_7x7s2_3-64_224", 2, 3, 224, 224, 64, 7, 7, 2, 3, 1),  # C = 3: the portable kernel
    ("odd_c61_k70", 2, 61, 20, 23, 70, 3, 3, 1, 1, 1),
    ("1x7_c61", 2, 61, 12, 30, 33, 1, 7, 1, (0, 3), 1),
    ("dilation2", 2, 64, 30, 30, 64, 3, 3, 1, 2, 2),
    ("dilation2x1_stride1x2", 1, 32, 17, 19, 48, 3, 5, (1, 2), (2, 1), (2, 1)),
    ("5x5_c8_k200", 2, 8, 13, 17, 200, 5, 5, 1, 2, 1),
    ("k1", 1, 16, 9, 9, 1, 3, 3, 1, 1, 1),
    ("output_1x1", 3, 64, 7, 7, 96, 7, 7, 1, 0, 1),
]


@pytest.mark.parametrize("dtype", DTYPES, ids=["bf16", "fp16"])
@pytest.mark.parametrize("layer", LAYERS, ids=lambda c: c[0])
def test_layers(layer, dtype, gen):
    name, n, c, h, w, k, r, s, stride, padding, dilation = layer
    x, wt = rnd(gen, n, c, h, w, dtype=dtype), rnd(gen, k, c, r, s, dtype=dtype)
    p, q = out_hw(h, w, r, s, stride, padding, dilation)
    poison((n, p, q, k), dtype)
    got = clc_torch.conv2d(x, wt, stride=stride, padding=padding, dilation=dilation)
    info = clc_torch.last_run_info("conv")
    check(got, x, wt, f"{name} {dtype}", stride=stride, padding=padding, dilation=dilation)
    if HOPPER:
        # channels_last tensors of whole 16-byte pixels go to the TMA kernel, read in place.
        assert info["kernel"] == ("Sm90" if c % 8 == 0 else "Portable"), info
        if name == "resnet_3x3_512-512_7":
            assert info["splits"] > 1, info  # the partial sums lived in a buffer from torch's allocator


# (x's C, H, W, filter K, R, S, stride, padding, dilation): 4-tuples are (top, bottom, left, right).
PADDINGS = [
    (64, 20, 21, 64, 3, 3, 1, (0, 2, 1, 3), 1),
    (61, 20, 21, 40, 3, 3, 1, (0, 2, 1, 3), 1),
    (64, 19, 18, 64, 3, 3, 2, (2, 0, 0, 1), 1),
    (32, 16, 16, 32, 5, 5, 1, (4, 1, 0, 3), (1, 2)),
    (64, 15, 17, 64, 4, 4, 1, "same", 1),   # even filter: one more row / column at the bottom / right
    (61, 15, 17, 64, 3, 3, 1, "same", 2),
    (16, 12, 12, 24, 2, 3, 1, "same", (3, 1)),
    (64, 15, 17, 64, 3, 3, 2, "valid", 1),
    (64, 15, 17, 64, 3, 3, 1, (2, 0), 1),   # (ph, pw)
]


@pytest.mark.parametrize("case", PADDINGS, ids=lambda c: f"c{c[0]}_{c[4]}x{c[5]}_s{c[6]}_pad{c[7]}_d{c[8]}")
def test_padding_forms(case, gen):
    c, h, w, k, r, s, stride, padding, dilation = case
    for dtype in DTYPES:
        x, wt = rnd(gen, 2, c, h, w, dtype=dtype), rnd(gen, k, c, r, s, dtype=dtype)
        got = clc_torch.conv2d(x, wt, stride=stride, padding=padding, dilation=dilation)
        check(got, x, wt, f"padding {padding} {dtype}", stride=stride, padding=padding, dilation=dilation)


# (name, kwargs of conv2d besides x and weight); "r" is a residual of the output's shape in x's dtype,
# "r_nchw" the same in NCHW memory (copied to channels_last), "b" a bias in x's dtype.
EPILOGUES = [
    ("bias", dict(bias="b")),
    ("relu", dict(relu=True)),
    ("bias_relu", dict(bias="b", relu=True)),
    ("residual_default_beta", dict(residual="r")),
    ("residual_relu", dict(residual="r", beta=1.0, relu=True)),
    ("all", dict(bias="b", residual="r", alpha=2.0, beta=0.5, relu=True)),
    ("alpha_only", dict(alpha=-0.75)),
    ("residual_nchw", dict(bias="b", residual="r_nchw", beta=-1.5)),
    ("fp32_out", dict(bias="b", residual="r", beta=1.0, relu=True, out_dtype=torch.float32)),
    ("fp32_out_fp32_extras", dict(bias="b32", residual="r32", beta=0.25, out_dtype=torch.float32)),
]


@pytest.mark.parametrize("shape", [(2, 64, 20, 20, 96, 3, 3), (2, 61, 11, 13, 40, 3, 3)], ids=["c64", "c61"])
@pytest.mark.parametrize("dtype", DTYPES, ids=["bf16", "fp16"])
@pytest.mark.parametrize("epilogue", EPILOGUES, ids=lambda e: e[0])
def test_fused_epilogue(epilogue, dtype, shape, gen):
    name, kw = epilogue
    n, c, h, w, k, r, s = shape
    x, wt = rnd(gen, n, c, h, w, dtype=dtype), rnd(gen, k, c, r, s, dtype=dtype)
    extras = {"b": rnd(gen, k, dtype=dtype), "r": rnd(gen, n, k, h, w, dtype=dtype),
              "r_nchw": rnd(gen, n, k, h, w, dtype=dtype).contiguous(),
              "b32": torch.randn(k, generator=gen, device=DEVICE), "r32": rnd(gen, n, k, h, w, dtype=torch.float32)}
    kw = {key: extras[v] if isinstance(v, str) else v for key, v in kw.items()}
    out_dtype = kw.pop("out_dtype", None)
    got = clc_torch.conv2d(x, wt, padding=1, out_dtype=out_dtype, **kw)
    if kw.get("residual") is not None and "beta" not in kw:
        kw["beta"] = 1.0  # a residual without beta is added as it is
    check(got, x, wt, f"{name} {dtype} {shape}", out_dtype=out_dtype, padding=1, **kw)


def test_residual_not_read_when_beta_is_zero(gen):
    x, wt, b = rnd(gen, 2, 64, 9, 9), rnd(gen, 32, 64, 3, 3), rnd(gen, 32)
    nan = torch.full((2, 32, 9, 9), float("nan"), device=DEVICE, dtype=torch.bfloat16).contiguous(memory_format=CL)
    got = clc_torch.conv2d(x, wt, b, padding=1, residual=nan, beta=0.0, relu=True)
    check(got, x, wt, "NaN residual with beta = 0", padding=1, bias=b, relu=True)


def make_input(variant, n, c, h, w, gen):
    """x [n, c, h, w] with the memory of `variant`; returns (x, read in place?)."""
    if variant == "channels_last":
        return rnd(gen, n, c, h, w), True
    if variant == "channel_slice":  # x[:, :c] of a channels_last tensor with more channels (16-byte aligned)
        return rnd(gen, n, c + 64, h, w)[:, :c], True
    if variant == "channel_slice_offset":  # starts at channel 1: 2-byte aligned, the portable kernel
        return rnd(gen, n, c + 8, h, w)[:, 1:c + 1], True
    if variant == "spatial_crop":
        return rnd(gen, n, c, h + 3, w + 5)[:, :, 1:h + 1, 2:w + 2], True
    if variant == "every_other_row":
        return rnd(gen, n, c, 2 * h, w)[:, :, ::2], True
    if variant == "every_other_image":
        return rnd(gen, 2 * n, c, h, w)[::2], True
    if variant == "nchw":  # torch's default layout: copied to channels_last
        return rnd(gen, n, c, h, w).contiguous(), False
    if variant == "hw_transposed":  # rows closer than pixels: copied
        return rnd(gen, n, c, w, h).transpose(2, 3), False
    if variant == "expanded_batch":  # batch stride 0: copied
        return rnd(gen, 1, c, h, w).expand(n, c, h, w), False
    raise ValueError(variant)


INPUTS = ["channels_last", "channel_slice", "channel_slice_offset", "spatial_crop", "every_other_row",
          "every_other_image", "nchw", "hw_transposed", "expanded_batch"]


@pytest.mark.parametrize("weight_layout", ["channels_last", "contiguous"])
@pytest.mark.parametrize("variant", INPUTS)
def test_layouts_read_in_place_or_copied(variant, weight_layout, gen):
    n, c, h, w, k = 3, 64, 14, 15, 80
    x, in_place = make_input(variant, n, c, h, w, gen)
    assert x.shape == (n, c, h, w)
    read, strides = _ops._conv_input(x)
    assert (read is x) == in_place, f"{variant}: strides {x.stride()}"
    assert read.is_contiguous(memory_format=CL) or in_place
    if in_place:
        assert strides == (x.stride(0), x.stride(2), x.stride(3)), (variant, strides, x.stride())
    wt = rnd(gen, k, c, 3, 3)
    if weight_layout == "contiguous":  # nn.Conv2d's layout: copied to packed KRSC
        wt = wt.contiguous()
        assert _ops._conv_filter(wt) is not wt
    else:
        assert _ops._conv_filter(wt) is wt
    got = clc_torch.conv2d(x, wt, padding=1)
    info = clc_torch.last_run_info("conv")
    check(got, x, wt, f"x {variant}, weight {weight_layout}", padding=1)
    if HOPPER:
        assert info["kernel"] == ("Portable" if variant == "channel_slice_offset" else "Sm90"), info


def test_extent_one_strides_do_not_matter():
    # A dimension of extent 1 may have any stride (torch leaves them as they come); the packed one is used.
    t = torch.empty(1, 8, 1, 5, device=DEVICE, dtype=torch.bfloat16).as_strided((1, 8, 1, 5), (7, 1, 3, 8))
    assert _ops._nhwc_strides(t) == (40, 40, 8)
    assert _ops._nhwc_strides(torch.empty(2, 8, 3, 5, device=DEVICE, dtype=torch.bfloat16)) is None  # NCHW
    c1 = torch.empty(2, 1, 3, 5, device=DEVICE, dtype=torch.bfloat16)  # one channel: NCHW is NHWC too
    assert _ops._nhwc_strides(c1) == (15, 5, 1)


def test_output_layout_and_unbatched_input(gen):
    x, wt = rnd(gen, 2, 16, 10, 12), rnd(gen, 24, 16, 3, 3)
    got = clc_torch.conv2d(x, wt, stride=(2, 1), padding=(1, 0))
    p, q, k = 5, 10, 24
    assert got.shape == (2, k, p, q) and got.stride() == (p * q * k, 1, q * k, k)
    check(got, x, wt, "strided output", stride=(2, 1), padding=(1, 0))
    # Unbatched (C, H, W), as torch takes it; here in (H, W, C) memory.
    x3 = rnd(gen, 10, 12, 16).permute(2, 0, 1)
    b = rnd(gen, 24)
    got = clc_torch.conv2d(x3, wt, b, padding=1, relu=True)
    assert got.shape == (24, 10, 12)
    check(got[None], x3[None], wt, "unbatched", padding=1, bias=b, relu=True)


@pytest.mark.parametrize("shapes", [((0, 16, 8, 8), (24, 16, 3, 3), (0, 24, 8, 8)),
                                    ((2, 16, 8, 8), (0, 16, 3, 3), (2, 0, 8, 8))])
def test_empty_extents(shapes):
    """No image or no filter: an empty output of torch's shape, nothing launched."""
    x = torch.randn(*shapes[0], device=DEVICE, dtype=torch.bfloat16).contiguous(memory_format=CL)
    wt = torch.randn(*shapes[1], device=DEVICE, dtype=torch.bfloat16)
    assert clc_torch.conv2d(x, wt, padding=1).shape == shapes[2]


def test_backward_raises_not_implemented(gen):
    x = rnd(gen, 1, 16, 8, 8).requires_grad_(True)
    out = clc_torch.conv2d(x, rnd(gen, 16, 16, 3, 3), padding=1)
    with pytest.raises(NotImplementedError, match="forward only"):
        out.float().sum().backward()


def test_errors_are_clear():
    bf = dict(device=DEVICE, dtype=torch.bfloat16)
    x = torch.randn(2, 64, 8, 8, **bf).contiguous(memory_format=CL)
    w = torch.randn(32, 64, 3, 3, **bf).contiguous(memory_format=CL)
    conv = clc_torch.conv2d
    # Grouped convolution: refused by clc itself, with its message.
    with pytest.raises(clc_torch.ClcError, match=r"^not supported: groups \(2\) must be 1"):
        conv(x, torch.randn(32, 32, 3, 3, **bf), groups=2)
    with pytest.raises(ValueError, match=r"x's channels \(64\) must equal weight.shape\[1\] \* groups \(32 \* 1\)"):
        conv(x, w[:, :32])
    with pytest.raises(ValueError, match=r"filters \(32\) must be a multiple of groups \(3\)"):
        conv(torch.randn(2, 63, 8, 8, **bf), torch.randn(32, 21, 3, 3, **bf), groups=3)
    with pytest.raises(ValueError, match="groups must be >= 1"):
        conv(x, w, groups=0)
    with pytest.raises(TypeError, match="same dtype"):
        conv(x, w.half())
    with pytest.raises(TypeError, match="bfloat16 or torch.float16.*float32"):
        conv(x.float(), w.float())
    with pytest.raises(ValueError, match="CUDA tensor"):
        conv(x.cpu(), w.cpu())
    with pytest.raises(ValueError, match="weight must be 4-D.*2-D"):
        conv(x, w[:, :, 0, 0])
    with pytest.raises(ValueError, match="x must be 3-D or 4-D.*2-D"):
        conv(x[0, 0], w)
    with pytest.raises(ValueError, match="output would be 0 x 0"):
        conv(x[:, :, :2, :2], w)
    with pytest.raises(ValueError, match="beta is 0.5 but there is no residual"):
        conv(x, w, beta=0.5)
    with pytest.raises(ValueError, match=r"bias must have shape \(32,\)"):
        conv(x, w, torch.randn(31, **bf))
    with pytest.raises(TypeError, match="bias must have x's dtype"):
        conv(x, w, torch.randn(32, device=DEVICE, dtype=torch.float16))
    with pytest.raises(ValueError, match=r"residual must have shape \(2, 32, 6, 6\)"):
        conv(x, w, residual=torch.randn(2, 32, 8, 8, **bf))
    with pytest.raises(ValueError, match="padding='same' needs stride 1"):
        conv(x, w, stride=2, padding="same")
    with pytest.raises(ValueError, match="padding must be >= 0"):
        conv(x, w, padding=(-1, 0, 0, 0))
    with pytest.raises(ValueError, match="padding must be an int"):
        conv(x, w, padding=(1, 2, 3))
    with pytest.raises(ValueError, match="stride must be >= 1"):
        conv(x, w, stride=0)
    with pytest.raises(TypeError, match="dilation must be an int or a pair"):
        conv(x, w, dilation=1.5)
    with pytest.raises(TypeError, match="out_dtype must be"):
        conv(x, w, out_dtype=torch.float64)
    # The op itself checks too (a caller of torch.ops.clc.conv2d gets the same errors).
    with pytest.raises(TypeError, match="clc::conv2d"):
        torch.ops.clc.conv2d(x.float(), w.float(), None, None, [1, 1], [0, 0, 0, 0], [1, 1], 1, 1.0, 0.0, False,
                             torch.float32)


def test_opcheck_registration(gen):
    """Schema, fake (meta) implementation against the real one, autograd registration, AOT dispatch."""
    op = torch.ops.clc.conv2d.default
    x, wt = rnd(gen, 2, 64, 12, 12), rnd(gen, 48, 64, 3, 3)
    torch.library.opcheck(op, (x, wt, None, None, [1, 1], [1, 1, 1, 1], [1, 1], 1, 1.0, 0.0, False, torch.bfloat16))
    b, r = rnd(gen, 48), rnd(gen, 2, 48, 6, 11)
    torch.library.opcheck(op, (x, wt, b, r, [2, 1], [0, 1, 1, 0], [1, 1], 1, 0.5, 1.0, True, torch.float32))
    x61, w61 = rnd(gen, 1, 61, 9, 10, dtype=torch.float16), rnd(gen, 20, 61, 3, 3, dtype=torch.float16)
    torch.library.opcheck(op, (x61.contiguous(), w61, None, None, [1, 1], [2, 2, 2, 2], [2, 2], 1, 1.0, 0.0, True,
                               torch.float16))


def test_fake_tensors_give_shapes_without_running():
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode():
        x = torch.empty(2, 3, 224, 224, device=DEVICE, dtype=torch.float16).contiguous(memory_format=CL)
        w = torch.empty(64, 3, 7, 7, device=DEVICE, dtype=torch.float16)
        y = clc_torch.conv2d(x, w, stride=2, padding=3, out_dtype=torch.float32)
        assert y.shape == (2, 64, 112, 112) and y.dtype == torch.float32 and y.is_contiguous(memory_format=CL)
        y = clc_torch.conv2d(x, w, padding=(3, 2, 0, 1))
        assert y.shape == (2, 64, 223, 219) and y.dtype == torch.float16
        with pytest.raises(ValueError, match="do not match"):
            clc_torch.conv2d(x, w[:, :2])


def test_cuda_graph_capture_and_replay(gen):
    """Captured on a stream clc has never seen: the Ticket workspace and split-K's partial sums come from
    the graph's pool; replayed with new values copied into the captured inputs, every replay checked."""
    x1, w1 = rnd(gen, 2, 512, 7, 7), rnd(gen, 512, 512, 3, 3)   # split-K on Hopper
    x2, w2, b2 = rnd(gen, 2, 3, 64, 64), rnd(gen, 32, 3, 7, 7).contiguous(), rnd(gen, 32)  # portable, NCHW weight
    x3, w3, r3 = rnd(gen, 2, 64, 16, 16), rnd(gen, 64, 64, 1, 1), rnd(gen, 2, 64, 16, 16)
    # Warm-up on the default stream (torch's advice before capture); the capture stream is a new one.
    clc_torch.conv2d(x1, w1, padding=1)
    clc_torch.conv2d(x2, w2, b2, stride=2, padding=3, relu=True)
    clc_torch.conv2d(x3, w3, residual=r3, relu=True)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g, stream=torch.cuda.Stream()):
        y1 = clc_torch.conv2d(x1, w1, padding=1)
        info1 = clc_torch.last_run_info("conv")
        y2 = clc_torch.conv2d(x2, w2, b2, stride=2, padding=3, relu=True)
        y3 = clc_torch.conv2d(x3, w3, residual=r3, relu=True)
    if HOPPER:
        assert info1["kernel"] == "Sm90" and info1["splits"] > 1, info1
    for replay in range(3):
        for t in (x1, w1, x2, w2, b2, x3, w3, r3):
            t.copy_(torch.randn(t.shape, device=DEVICE))
        for t in (y1, y2, y3):
            t.fill_(float("nan"))
        g.replay()
        torch.cuda.synchronize()
        check(y1, x1, w1, f"graph replay {replay}: split-K layer", padding=1)
        check(y2, x2, w2, f"graph replay {replay}: stem", stride=2, padding=3, bias=b2, relu=True)
        check(y3, x3, w3, f"graph replay {replay}: residual", residual=r3, beta=1.0, relu=True)


def test_torch_compile_fullgraph(gen):
    x, wt, b, r = rnd(gen, 2, 64, 20, 20), rnd(gen, 64, 64, 3, 3), rnd(gen, 64), rnd(gen, 2, 64, 20, 20)

    def f(x, wt, b, r):
        y = clc_torch.conv2d(x, wt, b, padding=1, residual=r, relu=True)
        z = clc_torch.conv2d(y, wt, stride=2, padding="valid")
        return y, y * 2, z

    torch.compiler.reset()
    y, y2, z = torch.compile(f, fullgraph=True)(x, wt, b, r)
    check(y, x, wt, "compiled conv2d", layout=False, padding=1, bias=b, residual=r, beta=1.0, relu=True)
    assert torch.equal(y2, y * 2)
    check(z, y, wt, "compiled conv2d of its output", layout=False, stride=2)
