//! @file gpu_info.hpp
//! @brief What every benchmark prints and records: is there a GPU, which one, when, which commit.
#pragma once

#include <cstdlib>
#include <ctime>
#include <string>

#include <cuda_runtime_api.h>

#include "clc_cli.hpp"
#include "clc/device_presence.hpp"
#include "clocks.hpp"
#include "json.hpp"

namespace clc::bench {

//! Empty when a CUDA device is usable; else a sentence saying why not. `*broken` is set when a GPU
//! or driver is there but unusable (the bench must then fail, naming the CUDA error), and left false
//! when the machine simply has no GPU (nothing to measure: the bench says so and exits 0).
inline std::string no_gpu_reason(bool* broken) {
  *broken = false;
  clc::GpuPresence p;
  clc::Error const e = clc::detect_gpus(&p);
  if (!e.ok()) {
    *broken = true;
    return e.what();
  }
  return p.devices > 0 ? std::string() : p.why_none;
}

struct GpuInfo {
  std::string name;
  int sm_count = 0;
  int cc_major = 0, cc_minor = 0;
  std::size_t l2_bytes = 0;
  int runtime_version = 0;
  int driver_version = 0;
};

inline bool query_gpu(GpuInfo* g) {
  int dev = 0;
  cudaDeviceProp p{};
  if (cudaGetDevice(&dev) != cudaSuccess || cudaGetDeviceProperties(&p, dev) != cudaSuccess) return false;
  g->name = p.name;
  g->sm_count = p.multiProcessorCount;
  g->cc_major = p.major;
  g->cc_minor = p.minor;
  g->l2_bytes = std::size_t(p.l2CacheSize);
  cudaRuntimeGetVersion(&g->runtime_version);
  cudaDriverGetVersion(&g->driver_version);
  return true;
}

//! UTC date and time, ISO 8601.
inline std::string utc_now() {
  std::time_t const t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

//! The commit the results come from: the build's own (`clc::cli::build_commit()`, regenerated at
//! every build, "+dirty" when the tree had uncommitted changes; $CLC_GIT_COMMIT at build time names it
//! for a copied tree without a usable .git).
inline std::string commit_id() { return clc::cli::build_commit(); }

//! The members every benchmark document starts with (docs/json.md): schema_version, tool, date,
//! commit (the build's own), commit_named (what the operator passed with --commit, when given),
//! gpu. Call right after `begin_object()`.
inline void write_context(json::Writer& w, char const* tool, std::string const& named_commit, GpuInfo const& gpu) {
  w.header(tool).field("date", utc_now()).field("commit", commit_id());
  if (!named_commit.empty()) w.field("commit_named", named_commit);
  w.field("dirty_tree", commit_id().find("+dirty") != std::string::npos);
  w.begin_object("gpu").field("name", gpu.name).field("sm_count", gpu.sm_count);
  w.field("compute_capability", std::to_string(gpu.cc_major) + "." + std::to_string(gpu.cc_minor));
  w.field("l2_bytes", gpu.l2_bytes).field("cuda_runtime", gpu.runtime_version).field("cuda_driver", gpu.driver_version);
  w.end_object();
}

//! The clocks read at the start and the end of the run ("clocks": {"start": {...}, "end": {...}}).
inline void write_clocks(json::Writer& w, GpuClocks const& start, GpuClocks const& end) {
  w.begin_object("clocks");
  for (auto const& [name, c] : {std::pair<char const*, GpuClocks const&>{"start", start}, {"end", end}}) {
    w.begin_object(name);
    if (c.ok)
      w.field("sm_mhz", c.sm_mhz).field("mem_mhz", c.mem_mhz);
    else
      w.field("unavailable", c.why);
    w.end_object();
  }
  w.end_object();
}

//! A document for a run that measured nothing because the machine has no GPU (asked for with --json):
//! {"schema_version", "tool", "date", "commit", "status": "no device", "why": ...}.
inline std::string no_device_document(char const* tool, std::string const& why) {
  json::Writer w;
  w.begin_object();
  w.header(tool).field("date", utc_now()).field("commit", commit_id()).field("status", "no device").field("why", why);
  w.end_object();
  return w.str() + "\n";
}

}  // namespace clc::bench
