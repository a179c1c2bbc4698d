"""clc's GEMM and attention as torch.library custom ops over the pybind11 module clc_torch._C.

Here: the argument checks (shared by the real and the fake implementations, so torch.compile reports
the same errors while tracing), the mapping of torch strides onto clc's layouts, output and workspace
allocation through torch's caching allocator, the stream, autograd. clc itself checks everything again
and names the argument at fault; its errors arrive as ClcError.
"""
import contextlib
import math
from typing import Tuple

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
    """What clc ran for the last `op` ("gemm" or "attention") call on this thread: kernel, source,
    tiles, workers and, where the fast kernel was not taken, why (clc's RunInfo as a dict)."""
    if op == "gemm":
        return _C.last_gemm_info()
    if op == "attention":
        return _C.last_attention_info()
    raise ValueError(f"clc_torch.last_run_info: op must be 'gemm' or 'attention' (got {op!r})")


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


def _forward_only(name):
    def backward(ctx, *grads):
        raise NotImplementedError(f"{name} is forward only (clc's attention has no backward pass); use "
                                  f"torch.nn.functional.scaled_dot_product_attention where gradients are needed")
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
