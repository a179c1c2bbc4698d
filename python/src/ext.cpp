//! @file ext.cpp
//! @brief `clc_torch._C`: clc::gemm::run, clc::attention::run and clc::conv::run on raw device pointers,
//! for the torch custom ops of `clc_torch/_ops.py` (which own tensors, streams and allocation). No torch
//! headers: the module links only the project's `clc::gemm`, `clc::attention` and `clc::conv` libraries.
//! Every `clc::Error` is raised as `clc_torch.ClcError` (a RuntimeError) whose message is clc's
//! `Error::what()`.
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "attention/attention.hpp"
#include "clc/detail/cuda_check.hpp"
#include "clc/launch.hpp"
#include "conv/conv.hpp"
#include "gemm/gemm.hpp"

namespace py = pybind11;

namespace {

//! Carries a clc::Error's text to Python (registered as clc_torch.ClcError).
struct ClcException : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(clc::Error const& e) {
  if (!e.ok()) throw ClcException(e.what());
}

//! Makes `device` current for one call and gives the caller's device back afterwards: torch tracks its
//! own current device, and a tensor may live on another one.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) : device_(device) {
    check(clc::detail::cuda_error(cudaGetDevice(&previous_), "cudaGetDevice"));
    if (previous_ != device_) check(clc::detail::cuda_error(cudaSetDevice(device_), "cudaSetDevice"));
  }
  ~DeviceGuard() {
    if (previous_ != device_) (void)cudaSetDevice(previous_);
  }
  DeviceGuard(DeviceGuard const&) = delete;
  DeviceGuard& operator=(DeviceGuard const&) = delete;

 private:
  int device_;
  int previous_ = 0;
};

//! The Ticket workspace of one call: torch-allocated memory (`address` 0: the library's own per-stream
//! workspace). Returns the pointer for Options::workspace.
clc::Workspace const* borrow(clc::Workspace& ws, std::uintptr_t address, std::size_t bytes, int device) {
  if (address == 0) return nullptr;
  check(ws.borrow(reinterpret_cast<void*>(address), bytes, device));
  return &ws;
}

template <class T>
T const* cptr(std::uintptr_t p) {
  return reinterpret_cast<T const*>(p);
}

// What the last call on this thread ran (for tests and the benchmark; the ops do not read it).
thread_local clc::gemm::RunInfo last_gemm;
thread_local clc::attention::RunInfo last_attention;
thread_local clc::conv::RunInfo last_conv;

void gemm(int dtype, int m, int n, int k, int batch, std::uintptr_t a, int layout_a, std::int64_t lda,
          std::int64_t batch_stride_a, std::uintptr_t b, int layout_b, std::int64_t ldb, std::int64_t batch_stride_b,
          std::uintptr_t d, std::int64_t ldd, std::int64_t batch_stride_d, std::uintptr_t stream, int device,
          std::uintptr_t workspace, std::size_t workspace_bytes) {
  DeviceGuard guard(device);
  namespace g = clc::gemm;
  g::Arguments x;
  x.m = m;
  x.n = n;
  x.k = k;
  x.batch = batch;
  x.a_type = x.b_type = x.c_type = x.d_type = g::DType(dtype);
  x.a = cptr<void>(a);
  x.layout_a = g::Layout(layout_a);
  x.lda = lda;
  x.batch_stride_a = batch_stride_a;
  x.b = cptr<void>(b);
  x.layout_b = g::Layout(layout_b);
  x.ldb = ldb;
  x.batch_stride_b = batch_stride_b;
  x.d = reinterpret_cast<void*>(d);
  x.layout_d = g::Layout::RowMajor;
  x.ldd = ldd;
  x.batch_stride_d = batch_stride_d;
  clc::Workspace ws;
  g::Options o;
  o.workspace = borrow(ws, workspace, workspace_bytes, device);
  check(g::run(x, reinterpret_cast<cudaStream_t>(stream), o, &last_gemm));
}

clc::attention::Strides strides(std::array<std::int64_t, 4> const& s) {  // {batch, seq, head, dim}
  return clc::attention::Strides{s[0], s[1], s[2], s[3]};
}

void attention(int dtype, int batch, int seqlen_q, int seqlen_k, int heads_q, int heads_kv, int head_dim,
               std::uintptr_t q, std::array<std::int64_t, 4> const& q_stride, std::uintptr_t k,
               std::array<std::int64_t, 4> const& k_stride, std::uintptr_t v,
               std::array<std::int64_t, 4> const& v_stride, std::uintptr_t o,
               std::array<std::int64_t, 4> const& o_stride, std::uintptr_t lse,
               std::array<std::int64_t, 3> const& lse_stride, float scale, bool causal, std::uintptr_t cu_seqlens_q,
               std::uintptr_t cu_seqlens_k, int max_seqlen_q, int max_seqlen_k, int total_q, int total_k,
               std::uintptr_t stream, int device, std::uintptr_t workspace, std::size_t workspace_bytes) {
  DeviceGuard guard(device);
  namespace attn = clc::attention;
  attn::Arguments x;
  x.dtype = attn::DType(dtype);
  x.batch = batch;
  x.seqlen_q = seqlen_q;
  x.seqlen_k = seqlen_k;
  x.heads_q = heads_q;
  x.heads_kv = heads_kv;
  x.head_dim = head_dim;
  x.q = cptr<void>(q);
  x.q_stride = strides(q_stride);
  x.k = cptr<void>(k);
  x.k_stride = strides(k_stride);
  x.v = cptr<void>(v);
  x.v_stride = strides(v_stride);
  x.o = reinterpret_cast<void*>(o);
  x.o_stride = strides(o_stride);
  x.lse = reinterpret_cast<float*>(lse);
  x.lse_stride.batch = lse_stride[0];
  x.lse_stride.head = lse_stride[1];
  x.lse_stride.seq = lse_stride[2];
  x.scale = scale;
  x.causal = causal;
  x.cu_seqlens_q = cptr<int>(cu_seqlens_q);
  x.cu_seqlens_k = cptr<int>(cu_seqlens_k);
  x.max_seqlen_q = max_seqlen_q;
  x.max_seqlen_k = max_seqlen_k;
  x.total_q = total_q;
  x.total_k = total_k;
  clc::Workspace ws;
  attn::Options opts;
  opts.workspace = borrow(ws, workspace, workspace_bytes, device);
  check(attn::run(x, reinterpret_cast<cudaStream_t>(stream), opts, &last_attention));
}

//! The clc::conv::Arguments of one call. Extents: nhwc = x's {n, h, w, c}, krs = the filter's {k, r, s};
//! padding {top, bottom, left, right}, stride and dilation {h, w}; strides {n, h, w} in elements (the
//! channel contiguous); residual and bias 0 when absent. Pointers only: nothing is read here.
clc::conv::Arguments conv_arguments(int x_type, int y_type, std::array<int, 4> const& nhwc,
                                    std::array<int, 3> const& krs, std::array<int, 4> const& padding,
                                    std::array<int, 2> const& stride, std::array<int, 2> const& dilation, int groups,
                                    std::uintptr_t x, std::array<std::int64_t, 3> const& x_stride,
                                    std::uintptr_t filter, std::uintptr_t y,
                                    std::array<std::int64_t, 3> const& y_stride, std::uintptr_t residual,
                                    std::uintptr_t bias, float alpha, float beta, bool relu) {
  namespace cv = clc::conv;
  cv::Arguments a;
  a.n = nhwc[0];
  a.h = nhwc[1];
  a.w = nhwc[2];
  a.c = nhwc[3];
  a.k = krs[0];
  a.r = krs[1];
  a.s = krs[2];
  a.pad_top = padding[0];
  a.pad_bottom = padding[1];
  a.pad_left = padding[2];
  a.pad_right = padding[3];
  a.stride_h = stride[0];
  a.stride_w = stride[1];
  a.dilation_h = dilation[0];
  a.dilation_w = dilation[1];
  a.groups = groups;
  a.x_type = cv::DType(x_type);
  a.y_type = cv::DType(y_type);
  a.x = cptr<void>(x);
  a.x_stride_n = x_stride[0];
  a.x_stride_h = x_stride[1];
  a.x_stride_w = x_stride[2];
  a.filter = cptr<void>(filter);
  a.y = reinterpret_cast<void*>(y);
  a.y_stride_n = y_stride[0];
  a.y_stride_h = y_stride[1];
  a.y_stride_w = y_stride[2];
  a.residual = cptr<void>(residual);
  a.bias = cptr<void>(bias);
  a.alpha = alpha;
  a.beta = beta;
  a.activation = relu ? cv::Activation::ReLU : cv::Activation::None;
  return a;
}

//! Bytes of split-K workspace (partial sums) `conv` needs for these arguments on `device` (0: it will
//! not split). clc's decision is a function of the arguments and the device, so `conv` with a buffer of
//! this size never falls back to the library's own buffer. Raises ClcError for refused arguments.
std::size_t conv_split_workspace_bytes(int x_type, int y_type, std::array<int, 4> const& nhwc,
                                       std::array<int, 3> const& krs, std::array<int, 4> const& padding,
                                       std::array<int, 2> const& stride, std::array<int, 2> const& dilation,
                                       int groups, std::uintptr_t x, std::array<std::int64_t, 3> const& x_stride,
                                       std::uintptr_t filter, std::uintptr_t y,
                                       std::array<std::int64_t, 3> const& y_stride, std::uintptr_t residual,
                                       std::uintptr_t bias, float alpha, float beta, bool relu, int device) {
  DeviceGuard guard(device);
  clc::conv::Arguments const a = conv_arguments(x_type, y_type, nhwc, krs, padding, stride, dilation, groups, x,
                                                x_stride, filter, y, y_stride, residual, bias, alpha, beta, relu);
  std::size_t bytes = 0;
  check(clc::conv::split_workspace_bytes(a, clc::conv::Options{}, &bytes));
  return bytes;
}

void conv(int x_type, int y_type, std::array<int, 4> const& nhwc, std::array<int, 3> const& krs,
          std::array<int, 4> const& padding, std::array<int, 2> const& stride, std::array<int, 2> const& dilation,
          int groups, std::uintptr_t x, std::array<std::int64_t, 3> const& x_stride, std::uintptr_t filter,
          std::uintptr_t y, std::array<std::int64_t, 3> const& y_stride, std::uintptr_t residual, std::uintptr_t bias,
          float alpha, float beta, bool relu, std::uintptr_t stream, int device, std::uintptr_t workspace,
          std::size_t workspace_bytes, std::uintptr_t split_workspace, std::size_t split_workspace_bytes) {
  DeviceGuard guard(device);
  clc::conv::Arguments const a = conv_arguments(x_type, y_type, nhwc, krs, padding, stride, dilation, groups, x,
                                                x_stride, filter, y, y_stride, residual, bias, alpha, beta, relu);
  clc::Workspace ws;
  clc::conv::Options opts;
  opts.workspace = borrow(ws, workspace, workspace_bytes, device);
  opts.split_workspace = reinterpret_cast<void*>(split_workspace);
  opts.split_workspace_size = split_workspace_bytes;
  check(clc::conv::run(a, reinterpret_cast<cudaStream_t>(stream), opts, &last_conv));
}

py::dict launch_dict(clc::LaunchInfo const& l) {
  py::dict d;
  d["grid"] = py::make_tuple(l.grid_dim.x, l.grid_dim.y, l.grid_dim.z);
  d["cluster"] = py::make_tuple(l.cluster_dim.x, l.cluster_dim.y, l.cluster_dim.z);
  d["workers"] = l.workers;
  return d;
}

//! The fields both RunInfo types have (`to_string` of the kernel by argument-dependent lookup).
template <class Info>
py::dict run_info(Info const& i) {
  py::dict d;
  d["kernel"] = to_string(i.kernel);
  d["source"] = clc::to_string(i.source);
  d["tile_m"] = i.tile_m;
  d["tile_n"] = i.tile_n;
  d["tma_store"] = i.tma_store;
  d["why_portable"] = i.why_portable;
  d["grid"] = py::make_tuple(i.launch.grid_dim.x, i.launch.grid_dim.y, i.launch.grid_dim.z);
  d["cluster"] = py::make_tuple(i.launch.cluster_dim.x, i.launch.cluster_dim.y, i.launch.cluster_dim.z);
  d["workers"] = i.launch.workers;
  return d;
}

py::dict gemm_info() {
  py::dict d = run_info(last_gemm);
  d["cluster_m"] = last_gemm.cluster_m;
  d["swizzle"] = last_gemm.swizzle;
  return d;
}

py::dict attention_info() {
  py::dict d = run_info(last_attention);
  d["order"] = clc::attention::to_string(last_attention.order);
  d["heads_per_section"] = last_attention.heads_per_section;
  d["tiles"] = last_attention.tiles;
  return d;
}

py::dict conv_info() {
  py::dict d = run_info(last_conv);
  d["cluster_m"] = last_conv.cluster_m;
  d["swizzle"] = last_conv.swizzle;
  d["splits"] = last_conv.splits;
  return d;
}

}  // namespace

PYBIND11_MODULE(_C, m) {
  m.doc() = "clc's GEMM, attention and convolution on raw device pointers (use clc_torch's functions, not these)";
  py::register_exception<ClcException>(m, "ClcError", PyExc_RuntimeError);
  m.def("workspace_bytes", &clc::Workspace::bytes, "bytes of one Ticket workspace (zeroed device memory)");
  m.def("gemm", &gemm, "clc::gemm::run: D (row-major) = op(A) op(B); pointers and the stream as integers");
  m.def("attention", &attention, "clc::attention::run; pointers and the stream as integers, strides in elements");
  m.def("conv", &conv, "clc::conv::run (NHWC x, KRSC filter, NPQK y); pointers and the stream as integers, strides "
                       "in elements");
  m.def("conv_split_workspace_bytes", &conv_split_workspace_bytes,
        "clc::conv::split_workspace_bytes: split-K workspace bytes `conv` needs with the same arguments (0: none)");
  m.def("last_gemm_info", &gemm_info, "what the last gemm call on this thread ran (clc::gemm::RunInfo)");
  m.def("last_attention_info", &attention_info, "what the last attention call on this thread ran");
  m.def("last_conv_info", &conv_info, "what the last conv call on this thread ran (clc::conv::RunInfo)");
}
