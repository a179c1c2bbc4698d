"""clc's GEMM, attention and convolution as torch.library custom ops over the pybind11 module clc_torch._C.

Here: the argument checks (shared by the real and the fake implementations, so torch.compile reports
the same errors while tracing), the mapping of torch strides onto clc's layouts, output and workspace
allocation through torch's caching allocator, the stream, autograd. clc itself checks everything again
and names the argument at fault; its errors arrive as ClcError.
"""
import contextlib
import math
from typing import List, Optional, Tuple

import torch
from torch import Tensor

from . import _C

ClcError = _C.ClcError

_DTYPE_CODE = {torch.bfloat16: 0, torch.float16: 1}
_ROW_MAJOR, _COL_MAJOR = 0, 1
_INT_MAX = 2**31 - 1

# ---------------------------------------------------------------------------------------------------
# Stream, device and the Ticket workspace

_WORKSPACE_BYTES = _C.workspace_bytes()
_workspaces = {}  # (device index, stream handle) -> zeroed uint8 tensor, reused by every launch on that stream


def _on_device(device):
    """Makes `device` current for the launch (torch's current device may be another)."""
    if device.index != torch.cuda.current_device():
        return torch.cuda.device(device.index)
    return contextlib.nullcontext()


def _stream_and_workspace(device):
    """The current stream's handle and the memory of clc's Ticket workspace for a launch on it.

    The workspace is 16 zeroed bytes that each launch leaves zeroed again when it ends, so launches one
    after another on one stream share one (kept per stream here, from torch's allocator). While the
    stream is being captured into a CUDA graph, each launch gets a fresh block of the graph's pool and
    the zeroing fill is captured with it, so every replay starts from zero; the block goes back to the
    pool when the op returns, and anything that reuses it is ordered after the launch on this stream.
    """
    stream = torch.cuda.current_stream(device)
    if torch.cuda.is_current_stream_capturing():
        return stream.cuda_stream, torch.zeros(_WORKSPACE_BYTES, dtype=torch.uint8, device=device)
    key = (device.index, stream.cuda_stream)
    ws = _workspaces.get(key)
    if ws is None:
        ws = torch.zeros(_WORKSPACE_BYTES, dtype=torch.uint8, device=device)
        _workspaces[key] = ws
    return stream.cuda_stream, ws


def last_run_info(op="gemm"):
    """What clc ran for the last `op` ("gemm", "attention" or "conv") call on this thread: kernel,
    source, tiles, workers and, where the fast kernel was not taken, why (clc's RunInfo as a dict; "conv"
    adds the split-K factor "splits")."""
    if op == "gemm":
        return _C.last_gemm_info()
    if op == "attention":
        return _C.last_attention_info()
    if op == "conv":
        return _C.last_conv_info()
    raise ValueError(f"clc_torch.last_run_info: op must be 'gemm', 'attention' or 'conv' (got {op!r})")


# ---------------------------------------------------------------------------------------------------
# Checks shared by the public functions, the real and the fake implementations


def _check_tensor(what, name, t, dims):
    if not isinstance(t, Tensor):
        raise TypeError(f"{what}: {name} must be a torch.Tensor (got {type(t).__name__})")
    if t.dim() not in dims:
        want = " or ".join(f"{d}-D" for d in dims)
        raise ValueError(f"{what}: {name} must be {want} (got {t.dim()}-D, shape {tuple(t.shape)})")
    if t.dtype not in _DTYPE_CODE:
        raise TypeError(f"{what}: {name} must be torch.bfloat16 or torch.float16 (got {t.dtype})")
    if t.device.type != "cuda":
        raise ValueError(f"{what}: {name} must be a CUDA tensor (got device {t.device})")


def _check_same(what, tensors):
    (n0, t0) = tensors[0]
    for name, t in tensors[1:]:
        if t.dtype != t0.dtype:
            raise TypeError(f"{what}: {name} ({t.dtype}) and {n0} ({t0.dtype}) must have the same dtype")
        if t.device != t0.device:
            raise ValueError(f"{what}: {name} ({t.device}) and {n0} ({t0.device}) must be on the same device")


def _check_int(what, name, value):
    if value > _INT_MAX:
        raise ValueError(f"{what}: {name} ({value}) exceeds clc's 32-bit extent limit ({_INT_MAX})")


def _check_mm(what, a, b):
    _check_tensor(what, "a", a, (2, 3))
    _check_tensor(what, "b", b, (2, 3))
    _check_same(what, [("a", a), ("b", b)])
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"{what}: a {tuple(a.shape)} and b {tuple(b.shape)} do not chain: a's last dimension "
                         f"(k = {a.shape[-1]}) must equal b's second to last ({b.shape[-2]})")
    if a.dim() == 3 and b.dim() == 3 and a.shape[0] != b.shape[0] and a.shape[0] != 1 and b.shape[0] != 1:
        raise ValueError(f"{what}: batch sizes {a.shape[0]} (a) and {b.shape[0]} (b) differ; only a batch of 1 "
                         f"(or a 2-D operand) is broadcast")
    for name, v in (("m", a.shape[-2]), ("n", b.shape[-1]), ("k", a.shape[-1]),
                    ("batch", max(a.shape[0] if a.dim() == 3 else 1, b.shape[0] if b.dim() == 3 else 1))):
        _check_int(what, name, v)


def _check_dense_attention(what, q, k, v):
    for name, t in (("query", q), ("key", k), ("value", v)):
        _check_tensor(what, name, t, (4,))
    _check_same(what, [("query", q), ("key", k), ("value", v)])
    if k.shape[:3] != v.shape[:3]:
        raise ValueError(f"{what}: key {tuple(k.shape)} and value {tuple(v.shape)} must agree in (batch, heads, "
                         f"seqlen)")
    if q.shape[0] != k.shape[0]:
        raise ValueError(f"{what}: query and key must have the same batch size (got {q.shape[0]} and {k.shape[0]})")
    _check_head_dims(what, q, k, v)
    if k.shape[1] == 0 or q.shape[1] % k.shape[1] != 0:
        raise ValueError(f"{what}: query heads ({q.shape[1]}) must be a multiple of key/value heads ({k.shape[1]})")
    for name, x in (("batch", q.shape[0]), ("query heads", q.shape[1]), ("seqlen_q", q.shape[2]),
                    ("seqlen_k", k.shape[2])):
        _check_int(what, name, x)


def _check_head_dims(what, q, k, v):
    if k.shape[-1] != q.shape[-1]:
        raise ValueError(f"{what}: key's head dim ({k.shape[-1]}) must equal query's ({q.shape[-1]})")
    if v.shape[-1] != q.shape[-1]:
        raise ValueError(f"{what}: value's head dim ({v.shape[-1]}) must equal query's ({q.shape[-1]}): clc "
                         f"attention has one head_dim (64, 128 or 256)")


def _check_varlen(what, q, k, v, cu_q, cu_k, max_q, max_k):
    for name, t in (("q", q), ("k", k), ("v", v)):
        _check_tensor(what, name, t, (3,))
    _check_same(what, [("q", q), ("k", k), ("v", v)])
    if k.shape[:2] != v.shape[:2]:
        raise ValueError(f"{what}: k {tuple(k.shape)} and v {tuple(v.shape)} must agree in (total_k, heads)")
    _check_head_dims(what, q, k, v)
    if k.shape[1] == 0 or q.shape[1] % k.shape[1] != 0:
        raise ValueError(f"{what}: q heads ({q.shape[1]}) must be a multiple of k/v heads ({k.shape[1]})")
    for name, c in (("cu_seqlens_q", cu_q), ("cu_seqlens_k", cu_k)):
        if not isinstance(c, Tensor):
            raise TypeError(f"{what}: {name} must be a torch.Tensor (got {type(c).__name__})")
        if c.dtype != torch.int32:
            raise TypeError(f"{what}: {name} must be torch.int32 (got {c.dtype})")
        if c.dim() != 1 or c.shape[0] < 1:
            raise ValueError(f"{what}: {name} must be 1-D with batch + 1 entries (got shape {tuple(c.shape)})")
        if c.device != q.device:
            raise ValueError(f"{what}: {name} ({c.device}) must be on q's device ({q.device})")
    if cu_q.shape[0] != cu_k.shape[0]:
        raise ValueError(f"{what}: cu_seqlens_q ({cu_q.shape[0]} entries) and cu_seqlens_k ({cu_k.shape[0]}) "
                         f"must have the same length")
    for name, x in (("max_seqlen_q", max_q), ("max_seqlen_k", max_k)):
        if x < 0:
            raise ValueError(f"{what}: {name} must be >= 0 (got {x})")
        _check_int(what, name, x)
    _check_int(what, "total_q", q.shape[0])
    _check_int(what, "total_k", k.shape[0])


# ---------------------------------------------------------------------------------------------------
# matmul


def _matrix_layout(rows, cols, s_row, s_col):
    """(layout, leading dimension) under which clc reads a rows x cols matrix with these element strides
    in place, or None. A dimension of extent 1 has no stride that matters; of two readings the one with a
    leading dimension of whole 16 bytes (which TMA, hence clc's Sm90 kernel, needs) is preferred."""
    found = []
    if s_col == 1 or cols == 1:  # row-major: (i, j) at i * ld + j
        ld = s_row if rows > 1 else -(-cols // 8) * 8
        if ld >= cols:
            found.append((_ROW_MAJOR, ld))
    if s_row == 1 or rows == 1:  # column-major: (i, j) at i + j * ld
        ld = s_col if cols > 1 else -(-rows // 8) * 8
        if ld >= rows:
            found.append((_COL_MAJOR, ld))
    for f in found:
        if f[1] % 8 == 0:
            return f
    return found[0] if found else None


def _operand(t):
    """A 3-D operand as clc reads it: (tensor, layout, ld, batch stride). Strides clc cannot take (no unit
    stride in the matrix, as in x[:, ::2]) are copied into a contiguous tensor."""
    layout = _matrix_layout(t.shape[1], t.shape[2], t.stride(1), t.stride(2))
    if layout is None:
        t = t.contiguous()
        layout = _matrix_layout(t.shape[1], t.shape[2], t.stride(1), t.stride(2))
    return t, layout[0], layout[1], (t.stride(0) if t.shape[0] > 1 else 0)


def _mm_out(a, b):
    m, n = a.shape[-2], b.shape[-1]
    if a.dim() == 2 and b.dim() == 2:
        return a.new_empty((m, n))
    batch = max(a.shape[0] if a.dim() == 3 else 1, b.shape[0] if b.dim() == 3 else 1)
    return a.new_empty((batch, m, n))


@torch.library.custom_op("clc::mm", mutates_args=(), device_types="cuda")
def _mm(a: Tensor, b: Tensor) -> Tensor:
    """(m, k) @ (k, n), or batched with a 3-D operand (a batch of 1 or a 2-D operand broadcast)."""
    _check_mm("clc::mm", a, b)
    out = _mm_out(a, b)
    if out.numel() == 0:
        return out
    if a.shape[-1] == 0:
        return out.zero_()
    A, la, lda, bsa = _operand(a if a.dim() == 3 else a.unsqueeze(0))
    B, lb, ldb, bsb = _operand(b if b.dim() == 3 else b.unsqueeze(0))
    D = out if out.dim() == 3 else out.unsqueeze(0)
    batch, m, n = D.shape
    with _on_device(a.device):
        stream, ws = _stream_and_workspace(a.device)
        _C.gemm(_DTYPE_CODE[a.dtype], m, n, a.shape[-1], batch, A.data_ptr(), la, lda, bsa, B.data_ptr(), lb, ldb,
                bsb, D.data_ptr(), n, m * n, stream, a.device.index, ws.data_ptr(), ws.numel())
    return out


@_mm.register_fake
def _mm_fake(a, b):
    _check_mm("clc::mm", a, b)
    return _mm_out(a, b)


def _sum_to(g, like):
    """Reduces a batched gradient over the batch that `like` (an input) was broadcast along."""
    if g.dim() == 3 and like.dim() == 2:
        return g.sum(0)
    if g.dim() == 3 and like.shape[0] == 1 and g.shape[0] != 1:
        return g.sum(0, keepdim=True)
    return g


def _mm_setup_context(ctx, inputs, output):
    a, b = inputs
    ctx.save_for_backward(a, b)


def _mm_backward(ctx, grad):
    # dA = dD B^T and dB = A^T dD, both on clc; the transposes are views (clc reads them column-major).
    a, b = ctx.saved_tensors
    ga = gb = None
    if ctx.needs_input_grad[0]:
        ga = _sum_to(_mm(grad, b.transpose(-1, -2)), a)
    if ctx.needs_input_grad[1]:
        gb = _sum_to(_mm(a.transpose(-1, -2), grad), b)
    return ga, gb


_mm.register_autograd(_mm_backward, setup_context=_mm_setup_context)


def matmul(a, b):
    """a @ b on clc's GEMM: bf16 or fp16 (both the same), fp32 accumulation, output in the input dtype.

    a is (m, k) or (batch, m, k); b is (k, n) or (batch, k, n); a batch of 1 or a 2-D operand is broadcast.
    Any strides: row- or column-major matrices (so transposed views such as `w.t()` or
    `x.transpose(-1, -2)`), padded rows and any batch stride are read in place; a matrix with no unit
    stride is copied first. clc takes its TMA kernel when every leading dimension and batch stride is a
    multiple of 16 bytes and the data is 16-byte aligned, else its portable kernel (slower, same
    results). Differentiable: the backward runs two more GEMMs on clc.
    """
    _check_mm("clc_torch.matmul", a, b)
    if a.dim() == 3 and b.dim() == 2 and (a.shape[0] == 1 or a.shape[1] == 1 or
                                          a.stride(0) == a.shape[1] * a.stride(1)):
        # (batch, m, k) whose rows continue across the batch: one (batch * m, k) GEMM, as torch does.
        return _mm(a.flatten(0, 1), b).unflatten(0, (a.shape[0], a.shape[1]))
    return _mm(a, b)


# ---------------------------------------------------------------------------------------------------
# attention


def _strides_bshd(t):
    """clc's {batch, seq, head, dim} element strides of a (batch, heads, seq, dim) tensor."""
    sb, sh, ss, sd = t.stride()
    return (sb, ss, sh, sd)


def _launch_attention(q, k, v, o, causal, scale, lse=None, lse_stride=(0, 0, 1), varlen=None):
    """One clc::attention::run. Dense: q, k, v, o are (batch, heads, seq, dim). Varlen: they are packed
    (total, heads, dim) and varlen = (cu_q, cu_k, max_q, max_k)."""
    if varlen is None:
        batch, hq, sq, d = q.shape
        hkv, sk = k.shape[1], k.shape[2]
        strides = [_strides_bshd(t) for t in (q, k, v, o)]
        cu_q = cu_k = 0
        max_q = max_k = total_q = total_k = 0
    else:
        cu_qt, cu_kt, max_q, max_k = varlen
        batch = cu_qt.shape[0] - 1
        total_q, hq, d = q.shape
        total_k, hkv = k.shape[0], k.shape[1]
        sq = sk = 0
        strides = [(0,) + tuple(t.stride()) for t in (q, k, v, o)]
        cu_q, cu_k = cu_qt.data_ptr(), cu_kt.data_ptr()
    stream, ws = _stream_and_workspace(q.device)
    _C.attention(_DTYPE_CODE[q.dtype], batch, sq, sk, hq, hkv, d, q.data_ptr(), strides[0], k.data_ptr(), strides[1],
                 v.data_ptr(), strides[2], o.data_ptr(), strides[3], 0 if lse is None else lse.data_ptr(), lse_stride,
                 scale, causal, cu_q, cu_k, max_q, max_k, total_q, total_k, stream, q.device.index, ws.data_ptr(),
                 ws.numel())


def _sdpa_out(q, v):
    # (batch, seq, heads, dim) memory seen as (batch, heads, seq, dim), as torch's flash and cuDNN
    # backends return it: o.transpose(1, 2).reshape(batch, seq, heads * dim) is then a view.
    b, h, s, _ = q.shape
    return q.new_empty((b, s, h, v.shape[-1])).transpose(1, 2)


@torch.library.custom_op("clc::sdpa", mutates_args=(), device_types="cuda")
def _sdpa(q: Tensor, k: Tensor, v: Tensor, is_causal: bool, scale: float) -> Tensor:
    """softmax(scale q k^T + mask) v for (batch, heads, seq, dim) tensors; the causal mask is torch's
    (top-left aligned: query i sees keys j <= i)."""
    _check_dense_attention("clc::sdpa", q, k, v)
    out = _sdpa_out(q, v)
    if out.numel() == 0:
        return out
    sq, sk = q.shape[2], k.shape[2]
    with _on_device(q.device):
        # clc's causal mask is bottom-right aligned (key j visible to query i iff j <= i + sk - sq), torch's
        # top-left (j <= i). Equal lengths: the same. sq < sk: keys past sq are never visible, so clc on the
        # first sq keys is torch's mask. sq > sk: the first sk queries are the square case, the later ones
        # see every key (no mask).
        if is_causal and sq < sk:
            _launch_attention(q, k[:, :, :sq], v[:, :, :sq], out, True, scale)
        elif is_causal and sq > sk:
            if sk > 0:
                _launch_attention(q[:, :, :sk], k, v, out[:, :, :sk], True, scale)
            _launch_attention(q[:, :, sk:], k, v, out[:, :, sk:], False, scale)
        else:
            _launch_attention(q, k, v, out, is_causal, scale)
    return out


@_sdpa.register_fake
def _sdpa_fake(q, k, v, is_causal, scale):
    _check_dense_attention("clc::sdpa", q, k, v)
    return _sdpa_out(q, v)


def _varlen_out(q, v, return_lse):
    out = q.new_empty((q.shape[0], q.shape[1], v.shape[-1]))
    lse_shape = (q.shape[1], q.shape[0]) if return_lse else (0,)
    return out, q.new_empty(lse_shape, dtype=torch.float32)


@torch.library.custom_op("clc::attention_varlen", mutates_args=(), device_types="cuda")
def _varlen(q: Tensor, k: Tensor, v: Tensor, cu_seqlens_q: Tensor, cu_seqlens_k: Tensor, max_seqlen_q: int,
            max_seqlen_k: int, causal: bool, scale: float, return_lse: bool) -> Tuple[Tensor, Tensor]:
    """Packed variable-length attention (FlashAttention's varlen convention); the LSE is (heads, total_q)
    when asked for, else empty."""
    _check_varlen("clc::attention_varlen", q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k)
    out, lse = _varlen_out(q, v, return_lse)
    if out.numel() == 0 or cu_seqlens_q.shape[0] == 1:  # nothing to compute, or no sequence (batch 0)
        return out, lse
    with _on_device(q.device):
        _launch_attention(q, k, v, out, causal, scale, lse if return_lse else None, (0, q.shape[0], 1),
                          (cu_seqlens_q.contiguous(), cu_seqlens_k.contiguous(), max_seqlen_q, max_seqlen_k))
    return out, lse


@_varlen.register_fake
def _varlen_fake(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, causal, scale, return_lse):
    _check_varlen("clc::attention_varlen", q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k)
    return _varlen_out(q, v, return_lse)


def _forward_only(name, workload="attention", instead="torch.nn.functional.scaled_dot_product_attention"):
    def backward(ctx, *grads):
        raise NotImplementedError(f"{name} is forward only (clc's {workload} has no backward pass); use "
                                  f"{instead} where gradients are needed")
    return backward


_sdpa.register_autograd(_forward_only("clc_torch.scaled_dot_product_attention"))
_varlen.register_autograd(_forward_only("clc_torch.attention_varlen"))


def _softmax_scale(what, scale, head_dim):
    if scale is None:
        return 1.0 / math.sqrt(head_dim)
    scale = float(scale)
    if not (scale > 0.0 and math.isfinite(scale)):
        raise ValueError(f"{what}: scale must be a positive finite number (got {scale}); clc's softmax takes "
                         f"no other")
    return scale


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    """torch.nn.functional.scaled_dot_product_attention on clc's attention, forward only.

    query (batch, heads_q, seqlen_q, dim), key and value (batch, heads_kv, seqlen_k, dim); bf16 or fp16;
    dim 64, 128 or 256; any strides (BHSD, or BSHD memory seen through .transpose(1, 2), or slices of a
    packed QKV tensor) are read in place. Torch's semantics: `is_causal` masks top-left (query i sees keys
    j <= i), `scale` defaults to 1/sqrt(dim), `enable_gqa` lets heads_q be a multiple of heads_kv (query
    head h reads key/value head h // (heads_q // heads_kv)). No attn_mask and no dropout. The output is
    (batch, heads_q, seqlen_q, dim) laid out as (batch, seqlen_q, heads_q, dim) in memory, as torch's
    flash and cuDNN backends return it. Its backward raises NotImplementedError.
    """
    what = "clc_torch.scaled_dot_product_attention"
    if attn_mask is not None:
        raise NotImplementedError(f"{what}: attn_mask is not supported (clc attention masks only causally: "
                                  f"is_causal=True)")
    if dropout_p != 0.0:
        raise NotImplementedError(f"{what}: dropout_p must be 0 (got {dropout_p})")
    _check_dense_attention(what, query, key, value)
    if query.shape[1] != key.shape[1] and not enable_gqa:
        raise ValueError(f"{what}: query has {query.shape[1]} heads and key/value {key.shape[1]}; pass "
                         f"enable_gqa=True for grouped-query attention (as torch requires)")
    return _sdpa(query, key, value, bool(is_causal), _softmax_scale(what, scale, query.shape[-1]))


def attention_varlen(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, *, causal=False,
                     softmax_scale=None, return_lse=False):
    """Variable-length attention, as FlashAttention's flash_attn_varlen_func (forward only).

    q is (total_q, heads_q, dim), k and v (total_k, heads_kv, dim): sequence b occupies rows
    cu_seqlens_q[b] : cu_seqlens_q[b + 1] of q (likewise k, v with cu_seqlens_k); cu_seqlens_* are int32
    CUDA tensors of batch + 1 entries; max_seqlen_* bound the sequence lengths. GQA when heads_q is a
    multiple of heads_kv. `causal` masks bottom-right (FlashAttention's convention: query i of a sequence
    sees key j iff j <= i + len_k - len_q; a query that sees no key gets 0). Returns the output
    (total_q, heads_q, dim), and with return_lse=True also the fp32 log-sum-exp (heads_q, total_q).
    Malformed cu_seqlens give unspecified values but no access outside the tensors (clc clamps them);
    rows of q that belong to no sequence are not written.
    """
    what = "clc_torch.attention_varlen"
    _check_varlen(what, q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k)
    out, lse = _varlen(q, k, v, cu_seqlens_q, cu_seqlens_k, int(max_seqlen_q), int(max_seqlen_k), bool(causal),
                       _softmax_scale(what, softmax_scale, q.shape[-1]), bool(return_lse))
    return (out, lse) if return_lse else out


# ---------------------------------------------------------------------------------------------------
# conv2d

_CONV_OUT_CODE = {torch.bfloat16: 0, torch.float16: 1, torch.float32: 2}  # clc::conv::DType of y


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _pair(what, name, v):
    """torch's conv2d convention for stride and dilation: an int, or a sequence of 1 or 2 ints, as (h, w)."""
    if _is_int(v):
        return (v, v)
    if isinstance(v, (tuple, list)) and len(v) in (1, 2) and all(_is_int(e) for e in v):
        return (v[0], v[-1])
    raise TypeError(f"{what}: {name} must be an int or a pair of ints (got {v!r})")


def _conv_padding(what, padding, weight, stride, dilation):
    """(top, bottom, left, right) from torch's forms (an int, (ph, pw), 'valid', 'same') or clc's 4-tuple
    (top, bottom, left, right). 'same' needs stride 1; an odd total puts the extra row / column at the
    bottom / right, as torch does."""
    if isinstance(padding, str):
        if padding == "valid":
            return (0, 0, 0, 0)
        if padding == "same":
            if stride != (1, 1):
                raise ValueError(f"{what}: padding='same' needs stride 1 (got stride {stride}), as in torch")
            th = dilation[0] * (weight.shape[2] - 1)
            tw = dilation[1] * (weight.shape[3] - 1)
            return (th // 2, th - th // 2, tw // 2, tw - tw // 2)
    elif _is_int(padding):
        return (padding, padding, padding, padding)
    elif isinstance(padding, (tuple, list)) and all(_is_int(e) for e in padding):
        if len(padding) == 4:
            return tuple(padding)
        if len(padding) in (1, 2):
            return (padding[0], padding[0], padding[-1], padding[-1])
    raise ValueError(f"{what}: padding must be an int, (ph, pw), a 4-tuple (top, bottom, left, right), 'valid' or "
                     f"'same' (got {padding!r})")


def _nhwc_strides(t):
    """clc's (stride_n, stride_h, stride_w), in elements, of an [N, C, H, W] tensor whose channel is
    contiguous (PyTorch's channels_last and views of it: element (n, c, h, w) at n sN + h sH + w sW + c),
    or None where clc cannot read it in place: no unit channel stride (NCHW), or images, rows and pixels
    that overlap or are out of order (clc takes sW >= C, sH >= W sW, sN >= H sH: an expanded or an
    H/W-transposed view is not). An extent-1 dimension's stride does not matter: the packed one is given."""
    n, c, h, w = t.shape
    sn, sc, sh, sw = t.stride()
    if c > 1 and sc != 1:
        return None
    rw = sw if w > 1 else c
    rh = sh if h > 1 else rw * w
    rn = sn if n > 1 else rh * h
    if rw < c or rh < rw * w or rn < rh * h:
        return None
    return (rn, rh, rw)


def _conv_input(x):
    """x as clc reads it: (tensor, clc strides). A view with a contiguous channel is read in place; any
    other layout (NCHW-contiguous, expanded, ...) is first copied to channels_last."""
    strides = _nhwc_strides(x)
    if strides is None:
        x = x.contiguous(memory_format=torch.channels_last)
        strides = _nhwc_strides(x)
    return x, strides


def _conv_filter(weight):
    """The filter as clc reads it, packed KRSC: PyTorch's channels_last [K, C, R, S], used as it is; any
    other layout (nn.Conv2d's default contiguous one included) is copied into it."""
    return weight.contiguous(memory_format=torch.channels_last)


def _check_conv_extra(what, name, t, shape, x, out_dtype):
    """bias or residual: a tensor of `shape`, of x's dtype or the output's, on x's device."""
    if not isinstance(t, Tensor):
        raise TypeError(f"{what}: {name} must be a torch.Tensor or None (got {type(t).__name__})")
    if tuple(t.shape) != tuple(shape):
        raise ValueError(f"{what}: {name} must have shape {tuple(shape)} (got {tuple(t.shape)})")
    if t.dtype != x.dtype and t.dtype != out_dtype:
        raise TypeError(f"{what}: {name} must have x's dtype ({x.dtype}) or the output's ({out_dtype}) "
                        f"(got {t.dtype})")
    if t.device != x.device:
        raise ValueError(f"{what}: {name} ({t.device}) and x ({x.device}) must be on the same device")


def _check_conv(what, x, weight, bias, residual, stride, padding, dilation, groups, beta, out_dtype):
    """torch's conv2d checks and those of the fused epilogue; returns the output's (N, K, P, Q). groups
    is only checked for consistency here: clc itself refuses groups != 1 (ClcError, clc's message)."""
    _check_tensor(what, "x", x, (4,))
    _check_tensor(what, "weight", weight, (4,))
    _check_same(what, [("x", x), ("weight", weight)])
    if out_dtype not in _CONV_OUT_CODE:
        raise TypeError(f"{what}: out_dtype must be torch.bfloat16, torch.float16 or torch.float32 (got {out_dtype})")
    if len(stride) != 2 or len(dilation) != 2 or len(padding) != 4:
        raise ValueError(f"{what}: stride and dilation take 2 values (h, w) and padding 4 (top, bottom, left, right) "
                         f"(got {list(stride)}, {list(dilation)}, {list(padding)})")
    for name, v in (("stride", stride), ("dilation", dilation)):
        if v[0] < 1 or v[1] < 1:
            raise ValueError(f"{what}: {name} must be >= 1 (got {tuple(v)})")
    if min(padding) < 0:
        raise ValueError(f"{what}: padding must be >= 0 (got (top, bottom, left, right) = {tuple(padding)})")
    n, c, h, w = x.shape
    k, c_group, r, s = weight.shape
    if groups < 1:
        raise ValueError(f"{what}: groups must be >= 1 (got {groups})")
    if c_group * groups != c:
        raise ValueError(f"{what}: x {tuple(x.shape)} and weight {tuple(weight.shape)} do not match: x's channels "
                         f"({c}) must equal weight.shape[1] * groups ({c_group} * {groups})")
    if k % groups != 0:
        raise ValueError(f"{what}: the number of filters ({k}) must be a multiple of groups ({groups})")
    pt, pb, pl, pr = padding
    p = (h + pt + pb - dilation[0] * (r - 1) - 1) // stride[0] + 1
    q = (w + pl + pr - dilation[1] * (s - 1) - 1) // stride[1] + 1
    if p < 1 or q < 1:
        raise ValueError(f"{what}: the output would be {p} x {q}: the dilated filter ({dilation[0] * (r - 1) + 1} x "
                         f"{dilation[1] * (s - 1) + 1}) is larger than the padded input ({h + pt + pb} x {w + pl + pr})")
    for name, v in (("n", n), ("c", c), ("h", h), ("w", w), ("k", k), ("r", r), ("s", s),
                    ("padding", max(padding)), ("stride", max(stride)), ("dilation", max(dilation))):
        _check_int(what, name, v)
    if bias is not None:
        _check_conv_extra(what, "bias", bias, (k,), x, out_dtype)
    if residual is not None:
        _check_conv_extra(what, "residual", residual, (n, k, p, q), x, out_dtype)
    if beta != 0.0 and residual is None:
        raise ValueError(f"{what}: beta is {beta} but there is no residual")
    return n, k, p, q


def _conv_out(x, shape, out_dtype):
    # [N, K, P, Q] in channels_last: clc's NPQK, packed.
    return torch.empty(shape, dtype=out_dtype, device=x.device, memory_format=torch.channels_last)


@torch.library.custom_op("clc::conv2d", mutates_args=(), device_types="cuda")
def _conv2d(x: Tensor, weight: Tensor, bias: Optional[Tensor], residual: Optional[Tensor], stride: List[int],
            padding: List[int], dilation: List[int], groups: int, alpha: float, beta: float, relu: bool,
            out_dtype: torch.dtype) -> Tensor:
    """act(alpha conv2d(x, weight) + beta residual + bias) for x [N, C, H, W], weight [K, C, R, S];
    padding (top, bottom, left, right), stride and dilation (h, w); output [N, K, P, Q] in channels_last."""
    what = "clc::conv2d"
    shape = _check_conv(what, x, weight, bias, residual, stride, padding, dilation, groups, beta, out_dtype)
    out = _conv_out(x, shape, out_dtype)
    if out.numel() == 0:
        return out
    X, x_strides = _conv_input(x)
    W = _conv_filter(weight)
    B = None if bias is None else bias.to(out_dtype).contiguous()
    R = None if beta == 0.0 else residual.to(out_dtype).contiguous(memory_format=torch.channels_last)
    n, c, h, w = x.shape
    k, _, r, s = weight.shape
    device = x.device
    with _on_device(device):
        stream, ws = _stream_and_workspace(device)
        args = (_DTYPE_CODE[x.dtype], _CONV_OUT_CODE[out_dtype], (n, h, w, c), (k, r, s), tuple(padding),
                tuple(stride), tuple(dilation), groups, X.data_ptr(), x_strides, W.data_ptr(), out.data_ptr(),
                _nhwc_strides(out), 0 if R is None else R.data_ptr(), 0 if B is None else B.data_ptr(), alpha, beta,
                relu)
        # Split-K's partial sums from torch's allocator too (on this stream; from the graph's pool while it is
        # captured), so that clc never needs its own buffer, which cannot grow during capture.
        split_bytes = _C.conv_split_workspace_bytes(*args, device.index)
        split = torch.empty(split_bytes, dtype=torch.uint8, device=device) if split_bytes else None
        _C.conv(*args, stream, device.index, ws.data_ptr(), ws.numel(), 0 if split is None else split.data_ptr(),
                split_bytes)
    return out


@_conv2d.register_fake
def _conv2d_fake(x, weight, bias, residual, stride, padding, dilation, groups, alpha, beta, relu, out_dtype):
    shape = _check_conv("clc::conv2d", x, weight, bias, residual, stride, padding, dilation, groups, beta, out_dtype)
    return _conv_out(x, shape, out_dtype)


_conv2d.register_autograd(_forward_only("clc_torch.conv2d", "convolution", "torch.nn.functional.conv2d"))


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, *, residual=None, alpha=1.0, beta=None,
           relu=False, out_dtype=None):
    """torch.nn.functional.conv2d on clc's convolution, with an optional fused epilogue; forward only.

        y = act(alpha * conv2d(x, weight) + beta * residual + bias),  act = ReLU if relu else identity

    x is [N, C, H, W] (or unbatched [C, H, W]) and weight [K, C, R, S], both bf16 or both fp16: torch's
    logical shapes and its cross-correlation. stride and dilation: an int or (h, w). padding: an int,
    (ph, pw), 'valid', 'same' (stride 1; an odd total pads one more at the bottom / right, as torch), or
    a 4-tuple (top, bottom, left, right) for asymmetric padding, the same as
    F.conv2d(F.pad(x, (left, right, top, bottom)), weight). groups must be 1 (clc refuses others with a
    ClcError naming groups). bias: [K]; residual: [N, K, P, Q] ([K, P, Q] with an unbatched x), read when
    beta != 0; beta defaults to 1 with a residual and 0 without; bias and residual have x's dtype or
    out_dtype. The output dtype is out_dtype (default x's; bf16, fp16 or fp32), accumulation fp32.

    Layout: clc reads x as NHWC. A channels_last x, or any view of one whose channel stride is 1 (a
    channel slice x[:, a:b], a spatial crop, every other row), is read in place; another layout (NCHW
    contiguous, expanded, H/W transposed) is first copied to channels_last. The weight is read as packed
    KRSC, i.e. weight.is_contiguous(memory_format=torch.channels_last); any other weight (nn.Conv2d's
    default layout included) is copied to that first. The output is a new [N, K, P, Q] tensor in
    channels_last memory format. Its backward raises NotImplementedError.
    """
    what = "clc_torch.conv2d"
    _check_tensor(what, "x", x, (3, 4))
    if x.dim() == 3:  # unbatched (C, H, W), as torch: one image
        if residual is not None and not isinstance(residual, Tensor):
            raise TypeError(f"{what}: residual must be a torch.Tensor or None (got {type(residual).__name__})")
        return conv2d(x.unsqueeze(0), weight, bias, stride, padding, dilation, groups,
                      residual=None if residual is None else residual.unsqueeze(0), alpha=alpha, beta=beta,
                      relu=relu, out_dtype=out_dtype).squeeze(0)
    _check_tensor(what, "weight", weight, (4,))
    stride = _pair(what, "stride", stride)
    dilation = _pair(what, "dilation", dilation)
    padding = _conv_padding(what, padding, weight, stride, dilation)
    if not _is_int(groups):
        raise TypeError(f"{what}: groups must be an int (got {groups!r})")
    beta = (0.0 if residual is None else 1.0) if beta is None else float(beta)
    out_dtype = x.dtype if out_dtype is None else out_dtype
    _check_conv(what, x, weight, bias, residual, stride, padding, dilation, groups, beta, out_dtype)
    return _conv2d(x, weight, bias, residual, list(stride), list(padding), list(dilation), groups, float(alpha), beta,
                   bool(relu), out_dtype)
