//! @file bench/probes/cold_start_probe.cu
//! @brief Diagnostics, not part of the build: what the first pass through a kernel's code costs on an SM
//! (docs/gemm.md, "What limits the kernel": the GEMM's producer takes 1.1-1.9 us from entry to its first
//! TMA load, each later pass through the same code 5-8x less; the instruction cache and the constant
//! cache are the candidates). One thread per CTA, one CTA per SM (dynamic shared memory forces it),
//! SM cycles from %clock64:
//!   const   a chain of 9 dependent kernel-parameter loads (each index read from the parameter block
//!           picks the next word, 64 or 256 bytes further on), cold and then the same chain again;
//!           (also with the chain's lines loaded first by another warp, or by the same warp in one batch);
//!   batch   8 independent parameter loads to 8 lines not touched before, issued together;
//!   code    a straight-line block of N dependent integer operations (no loads), run twice: the first
//!           pass fetches the block's instructions, the second finds them cached; N = 256, 1024, 4096
//!           (5.8, 18 and 67 KB of SASS in the build of nvcc 13.0: ptxas makes each operation one LEA.HI; the script prints the sizes).
//!           (also after warp 1, on another sub-partition, has run the block once);
//!   jump    32 taken forward branches, each over a skipped block of F = 64 or 8 operations (1 KB or 128 B
//!           of SASS), to code not fetched before: what the first pass through branchy code costs;
//! Each kernel is launched twice back to back (launch 1 and launch 2: whether an SM keeps the caches
//! of the same kernel from one launch to the next), then again after a 256 MB scrub (launch 3).
//!   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a bench/probes/cold_start_probe.cu -o cold_start_probe
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "probe_check.cuh"

namespace {

constexpr int kWords = 1024;  // 4 KB of parameters: the largest block a kernel may take before CUDA 12.1's limit
struct ConstParams {
  unsigned v[kWords - 6];
  unsigned long long* out;
  unsigned start;
  unsigned stride;  // words between the chain's hops
  int warm;         // 0: none; 1: warp 1 loads the chain's lines first (another SM sub-partition); 2: warp 0 itself, in one batch
  unsigned pad;
};

__device__ __forceinline__ long long clk() {
  long long c;
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(c));
  return c;
}
// Makes the clock read after it wait for `x` (a branch on its value).
__device__ __forceinline__ void depend(unsigned x) {
  if (x == 0xdeadbeefu) asm volatile("trap;");
}

__global__ void __launch_bounds__(64, 1) const_kernel(__grid_constant__ ConstParams const p) {
  if (p.warm == 1 && threadIdx.x == 32) {  // warm the chain's lines from the other warp, all at once
    unsigned s = 0;
#pragma unroll
    for (int h = 0; h < 9; ++h) s += p.v[p.start + unsigned(h) * p.stride];
    depend(s);
    return;
  }
  if (threadIdx.x != 0) return;
  if (p.warm == 1) {  // let warp 1's loads land first
    long long const w0 = clk();
    while (clk() - w0 < 4000) {
    }
  } else if (p.warm == 2) {
    unsigned s = 0;
#pragma unroll
    for (int h = 0; h < 9; ++h) s += p.v[p.start + unsigned(h) * p.stride];
    depend(s);
  }
  unsigned i = p.start;
  long long const t0 = clk();
#pragma unroll
  for (int h = 0; h < 8; ++h) i = p.v[i];
  depend(i);
  long long const t1 = clk();
  unsigned j = p.start + unsigned(t1 >> 62);  // the same start, which the compiler cannot know: no reuse
#pragma unroll
  for (int h = 0; h < 8; ++h) j = p.v[j];
  depend(j);
  long long const t2 = clk();
  // 8 independent loads of lines neither chain touches (words 600 + 16 k: 64 bytes apart; the chains end
  // at word 128 or 512).
  unsigned s = 0;
  unsigned const base = p.start == 0 ? 600u : 601u;
#pragma unroll
  for (int k = 0; k < 8; ++k) s += p.v[base + 16u * unsigned(k) + (i & 1u)];
  depend(s);
  long long const t3 = clk();
  unsigned long long* o = p.out + std::size_t(blockIdx.x) * 4;
  o[0] = (unsigned long long)(t1 - t0);
  o[1] = (unsigned long long)(t2 - t1);
  o[2] = (unsigned long long)(t3 - t2);
  o[3] = i + j + s;
}

struct CodeParams {
  unsigned long long* out;
  unsigned seed;
  int passes;
  int warm;  // 1: warp 1 runs the block once before warp 0 starts (the other sub-partition fetches the code)
};

#define OP(k) r = __funnelshift_l(r, r, ((k) * 7u + 3u) & 31u) + (0x9e3779b9u * unsigned(k) + 1u);
#define OP4(k) OP(4 * (k)) OP(4 * (k) + 1) OP(4 * (k) + 2) OP(4 * (k) + 3)
#define OP16(k) OP4(4 * (k)) OP4(4 * (k) + 1) OP4(4 * (k) + 2) OP4(4 * (k) + 3)
#define OP64(k) OP16(4 * (k)) OP16(4 * (k) + 1) OP16(4 * (k) + 2) OP16(4 * (k) + 3)
#define OP256(k) OP64(4 * (k)) OP64(4 * (k) + 1) OP64(4 * (k) + 2) OP64(4 * (k) + 3)
#define OP1024(k) OP256(4 * (k)) OP256(4 * (k) + 1) OP256(4 * (k) + 2) OP256(4 * (k) + 3)
#define OP4096(k) OP1024(4 * (k)) OP1024(4 * (k) + 1) OP1024(4 * (k) + 2) OP1024(4 * (k) + 3)

template <int N>
__device__ __forceinline__ unsigned block(unsigned r) {
  if constexpr (N == 256) {
    OP256(0)
  } else if constexpr (N == 1024) {
    OP1024(0)
  } else {
    OP4096(0)
  }
  return r;
}

template <int N>
__global__ void __launch_bounds__(64, 1) code_kernel(CodeParams const p) {
  __shared__ int flag;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  bool const warmer = p.warm == 1 && threadIdx.x == 32;  // runs the same code (one call site) once, first
  if (threadIdx.x != 0 && !warmer) return;
  if (!warmer && p.warm == 1)
    while (*reinterpret_cast<int volatile*>(&flag) == 0) {
    }
  int const passes = warmer ? 1 : p.passes;
  unsigned r = p.seed + blockIdx.x;
  long long const t0 = clk();
  long long t1 = t0, t2 = t0, t3 = t0;
#pragma unroll 1
  for (int pass = 0; pass < passes && pass < 3; ++pass) {
    r = block<N>(r);
    depend(r);
    long long const t = clk();
    if (pass == 0) t1 = t;
    if (pass == 1) t2 = t;
    if (pass == 2) t3 = t;
  }
  if (warmer) {
    __threadfence_block();
    *reinterpret_cast<int volatile*>(&flag) = 1;
    return;
  }
  unsigned long long* o = p.out + std::size_t(blockIdx.x) * 4;
  o[0] = (unsigned long long)(t1 - t0);
  o[1] = (unsigned long long)(t2 - t1);
  o[2] = (unsigned long long)(t3 - t2);
  o[3] = r;
}

// Taken branches to code not fetched before: 32 segments, each a short step followed by a filler of F
// operations that is skipped (its condition never holds, which the compiler cannot know), so every
// segment ends in a taken forward branch over F instructions to a line not fetched yet. The filler's
// constants differ per segment (no merging), and it starts from a value the compiler cannot know (no folding). Rows: cycles per segment (one taken branch and ~3 instructions).
#define OP8(k) OP4(2 * (k)) OP4(2 * (k) + 1)
template <int F, int K>
__device__ __forceinline__ unsigned filler(unsigned r) {
  if constexpr (F == 64) {
    OP64(K + 1)
  } else {
    OP8(K + 1)
  }
  return r;
}
#define JSEG(F, k)                                             \
  if (r == 0x9e3779b9u + 977u * unsigned(k)) r = filler<F, k>(q); \
  r = r * 3u + unsigned(k);
#define JSEG4(F, k) JSEG(F, 4 * (k)) JSEG(F, 4 * (k) + 1) JSEG(F, 4 * (k) + 2) JSEG(F, 4 * (k) + 3)
#define JSEG16(F, k) JSEG4(F, 4 * (k)) JSEG4(F, 4 * (k) + 1) JSEG4(F, 4 * (k) + 2) JSEG4(F, 4 * (k) + 3)

template <int F>
__device__ __forceinline__ unsigned jumps(unsigned r, unsigned q) {  // q: a value the compiler cannot know
  JSEG16(F, 0)
  JSEG16(F, 1)
  return r;
}

template <int F>
__global__ void __launch_bounds__(64, 1) jump_kernel(CodeParams const p) {
  if (threadIdx.x != 0) return;
  unsigned r = p.seed + blockIdx.x;
  long long const t0 = clk();
  long long t1 = t0, t2 = t0, t3 = t0;
#pragma unroll 1
  for (int pass = 0; pass < p.passes && pass < 3; ++pass) {
    r = jumps<F>(r, p.seed ^ (blockIdx.x << 8) ^ unsigned(pass));
    depend(r);
    long long const t = clk();
    if (pass == 0) t1 = t;
    if (pass == 1) t2 = t;
    if (pass == 2) t3 = t;
  }
  unsigned long long* o = p.out + std::size_t(blockIdx.x) * 4;
  o[0] = (unsigned long long)(t1 - t0);
  o[1] = (unsigned long long)(t2 - t1);
  o[2] = (unsigned long long)(t3 - t2);
  o[3] = r;
}

__global__ void scrub_kernel(unsigned* buf, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    buf[i] += 1u;
}

struct Stat {
  double min, med, max;
};
Stat stat(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v.front(), v[v.size() / 2], v.back()};
}

void print_row(char const* name, int launch, std::vector<unsigned long long> const& h, int ctas, int cols,
               char const* const* col_names, double per) {
  std::printf("%-14s launch %d", name, launch);
  for (int c = 0; c < cols; ++c) {
    std::vector<double> v;
    for (int b = 0; b < ctas; ++b) v.push_back(double(h[std::size_t(b) * 4 + c]) / per);
    Stat s = stat(v);
    std::printf("  %s min %.0f med %.0f max %.0f", col_names[c], s.min, s.med, s.max);
  }
  std::printf("\n");
}

}  // namespace

int main() {
  int dev = 0, sms = 0, clock_khz = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, dev));
  std::printf("# cold_start_probe on %s, %d SMs, max SM clock %d MHz; SM cycles per item, min/median/max over %d CTAs (one per SM)\n",
              prop.name, sms, clock_khz / 1000, sms);
  int const smem = 200 * 1024;  // one CTA per SM
  CK(cudaFuncSetAttribute(const_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(code_kernel<256>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(code_kernel<1024>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(code_kernel<4096>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  unsigned long long* d_out = nullptr;
  CK(cudaMalloc(&d_out, std::size_t(sms) * 4 * sizeof(unsigned long long)));
  std::size_t const scrub_n = 64u << 20;  // 256 MB
  unsigned* d_scrub = nullptr;
  CK(cudaMalloc(&d_scrub, scrub_n * sizeof(unsigned)));
  CK(cudaMemset(d_scrub, 0, scrub_n * sizeof(unsigned)));
  std::vector<unsigned long long> h(std::size_t(sms) * 4);
  auto fetch = [&]() {
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h.data(), d_out, h.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  };
  auto scrub = [&]() {
    scrub_kernel<<<sms * 4, 512>>>(d_scrub, scrub_n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
  };
  // Launches 1 and 2 back to back after a scrub, launch 3 after another; each printed as a row.
  auto three_launches = [&](auto launch, char const* name, char const* const* cols, double per) {
    scrub();
    for (int n = 1; n <= 3; ++n) {
      if (n == 3) scrub();
      launch();
      CK(cudaGetLastError());
      fetch();
      print_row(name, n, h, sms, 3, cols, per);
    }
  };

  // Parameter chains: stride 16 words (64 bytes) and 64 words (256 bytes) between hops.
  for (int cfg = 0; cfg < 4; ++cfg) {
    unsigned const stride = cfg == 0 ? 16u : 64u;
    int const warm = cfg < 2 ? 0 : cfg - 1;
    ConstParams p{};
    for (int w = 0; w < kWords - 6; ++w) p.v[w] = unsigned(w);
    for (unsigned h2 = 0; h2 < 8; ++h2) p.v[h2 * stride] = (h2 + 1) * stride;  // 0 -> s -> 2s ... -> 8s
    p.v[8 * stride] = 8 * stride;
    p.out = d_out;
    p.start = 0;
    p.stride = stride;
    p.warm = warm;
    char const* cols[] = {"cold chain9", "warm chain9", "batch8"};
    char name[48];
    std::snprintf(name, sizeof name, "const s=%uB%s", stride * 4, warm == 1 ? " warp1" : warm == 2 ? " self" : "");
    three_launches(
        [&]() {
          const_kernel<<<sms, 64, smem>>>(p);
          p.v[kWords - 7] += 1u;  // a different parameter block for the next launch
        },
        name, cols, 1.0);
  }
  auto run_code = [&](auto kernel, char const* name, int n, int warm) {
    CodeParams p{d_out, 12345u, 3, warm};
    char const* cols[] = {"pass1/op", "pass2/op", "pass3/op"};
    three_launches([&]() { kernel<<<sms, 64, smem>>>(p); }, name, cols, double(n) / 100.0);
  };
  std::printf("# code rows: cycles per 100 operations (each one SASS instruction, LEA.HI, in the build of nvcc 13.0)\n");
  run_code(code_kernel<256>, "code N=256", 256, 0);
  run_code(code_kernel<1024>, "code N=1024", 1024, 0);
  run_code(code_kernel<4096>, "code N=4096", 4096, 0);
  run_code(code_kernel<1024>, "code N=1024 warp1", 1024, 1);
  run_code(code_kernel<4096>, "code N=4096 warp1", 4096, 1);
  std::printf("# jump rows: cycles per segment (a taken branch over a skipped filler of F operations to code not\n"
              "# fetched before, and about 3 instructions), 32 segments per pass\n");
  CK(cudaFuncSetAttribute(jump_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(jump_kernel<8>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  run_code(jump_kernel<64>, "jump F=64", 32 * 100, 0);
  run_code(jump_kernel<8>, "jump F=8", 32 * 100, 0);
  CK(cudaFree(d_out));
  CK(cudaFree(d_scrub));
  return 0;
}
