"""clc for PyTorch: clc's work-stealing GEMM, fused attention and convolution as torch custom ops.

    import clc_torch
    c = clc_torch.matmul(a, b)                                   # bf16/fp16, 2-D or 3-D, any strides
    o = clc_torch.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)   # (B, H, S, D)
    o = clc_torch.attention_varlen(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k)
    y = clc_torch.conv2d(x, w, b, padding=1, residual=r, relu=True)   # NCHW shapes, channels_last memory

The ops are registered with torch.library (`torch.ops.clc.mm`, `torch.ops.clc.sdpa`,
`torch.ops.clc.attention_varlen`, `torch.ops.clc.conv2d`) with fake implementations, so
torch.compile(fullgraph=True) and CUDA graphs work. They run on the current stream of the inputs' device
and allocate through torch's caching allocator. Errors from clc raise `ClcError` (a RuntimeError) with clc's message.
"""
from ._ops import (  # noqa: F401
    ClcError,
    attention_varlen,
    conv2d,
    last_run_info,
    matmul,
    scaled_dot_product_attention,
)

__all__ = ["ClcError", "attention_varlen", "conv2d", "last_run_info", "matmul", "scaled_dot_product_attention"]
__version__ = "0.1.0"
