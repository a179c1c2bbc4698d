//! @file gpu_trace.cpp
//! @brief TraceBuffer, the completeness check and the file export of GPU tile traces.
#include "gpu_trace.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>
#include <utility>

#include <clc/detail/cuda_check.hpp>

#include "json.hpp"

namespace clc {

TraceBuffer::~TraceBuffer() {
  if (data_ != nullptr) (void)cudaFree(data_);
}

TraceBuffer::TraceBuffer(TraceBuffer&& o) noexcept : data_(o.data_), size_(o.size_), capacity_(o.capacity_) {
  o.data_ = nullptr;
  o.size_ = o.capacity_ = 0;
}

TraceBuffer& TraceBuffer::operator=(TraceBuffer&& o) noexcept {
  if (this != &o) {
    if (data_ != nullptr) (void)cudaFree(data_);
    data_ = std::exchange(o.data_, nullptr);
    size_ = std::exchange(o.size_, 0);
    capacity_ = std::exchange(o.capacity_, 0);
  }
  return *this;
}

Error TraceBuffer::allocate(TileSpace const& tiles) {
  std::int64_t const n = tiles.tiles();
  if (n < 1) return invalid_argument("TraceBuffer::allocate: the tile space is empty (" + std::to_string(n) + " tiles)");
  if (n > capacity_) {
    if (data_ != nullptr) {
      CLC_CUDA_TRY(cudaFree(data_));
      data_ = nullptr;
      capacity_ = 0;
    }
    void* p = nullptr;
    CLC_CUDA_TRY(cudaMalloc(&p, static_cast<std::size_t>(n) * sizeof(TileTraceRecord)));
    data_ = static_cast<TileTraceRecord*>(p);
    capacity_ = n;
  }
  size_ = n;
  return success();
}

Error TraceBuffer::clear(cudaStream_t stream) {
  if (data_ == nullptr) return invalid_argument("TraceBuffer::clear: allocate() first");
  CLC_CUDA_TRY(cudaMemsetAsync(data_, 0, static_cast<std::size_t>(size_) * sizeof(TileTraceRecord), stream));
  return success();
}

Error TraceBuffer::download(cudaStream_t stream, std::vector<TileTraceRecord>* out) const {
  if (out == nullptr) return invalid_argument("TraceBuffer::download: out must not be null");
  if (data_ == nullptr) return invalid_argument("TraceBuffer::download: allocate() first");
  out->resize(static_cast<std::size_t>(size_));
  CLC_CUDA_TRY(cudaMemcpyAsync(out->data(), data_, static_cast<std::size_t>(size_) * sizeof(TileTraceRecord),
                               cudaMemcpyDeviceToHost, stream));
  CLC_CUDA_TRY(cudaStreamSynchronize(stream));
  return success();
}

Error check_tile_trace(std::vector<TileTraceRecord> const& records, TileSpace const& tiles, int sm_count) {
  std::int64_t const n = tiles.tiles();
  if (static_cast<std::int64_t>(records.size()) != n) {
    return invalid_argument("trace has " + std::to_string(records.size()) + " records but the tile space has " +
                            std::to_string(n) + " tiles");
  }
  if (sm_count < 1) return invalid_argument("sm_count must be >= 1 (got " + std::to_string(sm_count) + ")");
  for (std::int64_t i = 0; i < n; ++i) {
    TileTraceRecord const& r = records[static_cast<std::size_t>(i)];
    int const x = static_cast<int>(i % tiles.x);
    int const y = static_cast<int>((i / tiles.x) % tiles.y);
    int const z = static_cast<int>(i / (std::int64_t(tiles.x) * tiles.y));
    std::string const where = "trace record " + std::to_string(i) + " (tile " + std::to_string(x) + "," +
                              std::to_string(y) + "," + std::to_string(z) + ")";
    if (r.start_ns == 0 && r.end_ns == 0) return invalid_argument(where + ": the tile never ran (record is empty)");
    if (r.x != x || r.y != y || r.z != z) {
      return invalid_argument(where + ": names tile " + std::to_string(r.x) + "," + std::to_string(r.y) + "," +
                              std::to_string(r.z));
    }
    if (r.end_ns < r.start_ns) {
      return invalid_argument(where + ": end_ns " + std::to_string(r.end_ns) + " is before start_ns " +
                              std::to_string(r.start_ns));
    }
    if (r.sm < 0 || r.sm >= sm_count) {
      return invalid_argument(where + ": SM id " + std::to_string(r.sm) + " is outside [0, " +
                              std::to_string(sm_count) + ")");
    }
    if (r.cta_rank < 0 || r.cta_rank >= tiles.cluster_size()) {
      return invalid_argument(where + ": CTA rank " + std::to_string(r.cta_rank) + " is outside [0, " +
                              std::to_string(tiles.cluster_size()) + ")");
    }
    if (r.worker < 0) return invalid_argument(where + ": negative worker id " + std::to_string(r.worker));
  }
  return success();
}

TraceSummary summarize_trace(std::vector<TileTraceRecord> const& records) {
  TraceSummary s;
  if (records.empty()) return s;
  std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t last = 0;
  std::uint64_t busy = 0;
  std::set<int> sms, workers;
  for (TileTraceRecord const& r : records) {
    first = std::min(first, r.start_ns);
    last = std::max(last, r.end_ns);
    busy += r.end_ns >= r.start_ns ? r.end_ns - r.start_ns : 0;
    sms.insert(r.sm);
    workers.insert(r.worker);
  }
  s.tiles = static_cast<std::int64_t>(records.size());
  s.span_us = last >= first ? static_cast<double>(last - first) * 1e-3 : 0.0;
  s.busy_us = static_cast<double>(busy) * 1e-3;
  s.mean_tile_us = s.busy_us / static_cast<double>(records.size());
  s.sms = static_cast<int>(sms.size());
  s.workers = static_cast<int>(workers.size());
  return s;
}

std::string svg_path_beside(std::string const& json_path) {
  std::string const ext = ".json";
  if (json_path.size() > ext.size() && json_path.compare(json_path.size() - ext.size(), ext.size(), ext) == 0)
    return json_path.substr(0, json_path.size() - ext.size()) + ".svg";
  return json_path + ".svg";
}

Error write_trace_files(std::vector<TraceGroup> const& groups, std::string const& json_path,
                        TraceExportOptions const& options) {
  if (groups.empty()) return invalid_argument("write_trace_files: no trace groups to write");
  auto json = to_chrome_trace_json(groups, options);
  if (!json) return json.error();
  auto svg = to_svg_gantt(groups, options);
  if (!svg) return svg.error();
  CLC_TRY(write_text_file(json_path, json.value()));
  return write_text_file(svg_path_beside(json_path), svg.value());
}

void align_group_starts(std::vector<TraceGroup>& groups) {
  std::uint64_t constexpr none = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint64_t> first(groups.size(), none);
  std::uint64_t origin = none;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (TileTraceRecord const& r : groups[g].records) first[g] = std::min(first[g], r.start_ns);
    origin = std::min(origin, first[g]);
  }
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (first[g] == none) continue;
    std::uint64_t const shift = first[g] - origin;
    for (TileTraceRecord& r : groups[g].records) {
      r.start_ns -= shift;
      r.end_ns -= shift;
    }
  }
}

namespace {

// A number written as microseconds (e.g. "1234.567") to nanoseconds, exactly: digits after the
// third decimal are rounded, the integer part is read as an integer (no double in between).
bool us_text_to_ns(json::Value const* v, std::int64_t* ns) {
  if (v == nullptr || !v->is(json::Value::Type::Number)) return false;
  std::string const& t = v->text;
  std::size_t const dot = t.find('.');
  if (t.find_first_of("eE-") != std::string::npos) {  // not as we write it: go through the double
    *ns = static_cast<std::int64_t>(std::llround(v->number * 1000.0));
    return true;
  }
  std::int64_t const whole = std::strtoll(t.substr(0, dot).c_str(), nullptr, 10);
  std::int64_t frac = 0;
  if (dot != std::string::npos) {
    std::string f = t.substr(dot + 1);
    bool const round_up = f.size() > 3 && f[3] >= '5';
    f.resize(3, '0');
    frac = std::strtoll(f.c_str(), nullptr, 10) + (round_up ? 1 : 0);
  }
  *ns = whole * 1000 + frac;
  return true;
}

bool read_int(json::Value const* v, long long* out) {
  if (v == nullptr || !v->is(json::Value::Type::Number) || !v->integral) return false;
  *out = v->integer;
  return true;
}

bool read_string(json::Value const* v, std::string* out) {
  if (v == nullptr || !v->is(json::Value::Type::String)) return false;
  *out = v->string;
  return true;
}

}  // namespace

Error read_chrome_trace(std::string const& text, std::vector<TraceGroup>* groups, std::string* title) {
  if (groups == nullptr) return invalid_argument("read_chrome_trace: groups must not be null");
  json::Value doc;
  std::string why;
  if (!json::parse(text, &doc, &why)) return invalid_argument("not valid JSON: " + why);
  json::Value const* events = doc.find("traceEvents");
  if (events == nullptr || !events->is(json::Value::Type::Array))
    return invalid_argument("not a trace-event document: no traceEvents array");
  std::uint64_t origin = 0;
  if (json::Value const* other = doc.find("otherData")) {
    long long o = 0;
    if (read_int(other->find("time_origin_ns"), &o)) origin = std::uint64_t(o);
    if (title != nullptr) (void)read_string(other->find("title"), title);
  }
  std::map<long long, TraceGroup> by_pid;
  for (std::size_t i = 0; i < events->array.size(); ++i) {
    json::Value const& e = events->array[i];
    std::string phase, name;
    long long pid = 0;
    if (!read_string(e.find("ph"), &phase) || !read_int(e.find("pid"), &pid))
      return invalid_argument("trace event " + std::to_string(i) + ": no ph or pid");
    (void)read_string(e.find("name"), &name);
    json::Value const* args = e.find("args");
    TraceGroup& g = by_pid[pid];
    if (phase == "M" && name == "process_name") {
      if (args != nullptr) (void)read_string(args->find("name"), &g.name);
    } else if (phase == "X") {
      std::int64_t ts = 0, dur = 0;
      long long x = 0, y = 0, z = 0, worker = 0, rank = 0, sm = 0;
      if (args == nullptr || !us_text_to_ns(e.find("ts"), &ts) || !us_text_to_ns(e.find("dur"), &dur) ||
          !read_int(args->find("x"), &x) || !read_int(args->find("y"), &y) || !read_int(args->find("z"), &z) ||
          !read_int(args->find("worker"), &worker) || !read_int(args->find("cta_rank"), &rank) ||
          !read_int(args->find("sm"), &sm)) {
        return invalid_argument("trace event " + std::to_string(i) +
                                ": a complete event without ts, dur or the tile's args (not written by clc?)");
      }
      std::string src;
      (void)read_string(args->find("source"), &src);
      TileTraceRecord r{};
      r.x = int(x);
      r.y = int(y);
      r.z = int(z);
      r.worker = int(worker);
      r.cta_rank = int(rank);
      r.sm = int(sm);
      r.source = 4;
      for (int code = 0; code < 4; ++code)
        if (src == trace_source_name(code)) r.source = code;
      r.start_ns = std::uint64_t(ts) + origin;
      r.end_ns = std::uint64_t(ts + dur) + origin;
      g.records.push_back(r);
    }
  }
  groups->clear();
  for (auto& [pid, g] : by_pid) groups->push_back(std::move(g));
  return success();
}

}  // namespace clc
