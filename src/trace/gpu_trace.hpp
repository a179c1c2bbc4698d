//! @file gpu_trace.hpp
//! @brief Host side of per-tile GPU tracing: a device buffer of `TileTraceRecord`s that a launch
//! fills when `LaunchOptions::trace` points to it, its download, a completeness check, and the export
//! of one or more traced launches to Chrome trace-event JSON (Perfetto) plus an SVG Gantt chart (one
//! row per SM) beside it. Library `clc::trace` (link it; it brings `clc::sim` for the exporters).
//!
//! Tracing is off unless a launch is given a buffer: the device loop then pays one `%globaltimer`
//! read at the start and one 48-byte record at the end of each tile, written by thread 0 of the CTA.
//! The launch itself lives in gpu_trace.cuh (`launch_traced`), because it needs device code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include <clc/status.hpp>
#include <clc/tile_space.cuh>
#include <clc/trace.hpp>
#include <clc/trace_record.hpp>

namespace clc {

//! A device array of one `TileTraceRecord` per tile, indexed by the linear tile id
//! `x + X * (y + Y * z)`. Not copyable; movable. Frees its memory on destruction.
class TraceBuffer {
 public:
  TraceBuffer() = default;
  ~TraceBuffer();
  TraceBuffer(TraceBuffer const&) = delete;
  TraceBuffer& operator=(TraceBuffer const&) = delete;
  TraceBuffer(TraceBuffer&& o) noexcept;
  TraceBuffer& operator=(TraceBuffer&& o) noexcept;

  //! Make room for `tiles.tiles()` records on the current device (keeps a large enough buffer).
  Error allocate(TileSpace const& tiles);
  //! Zero every record on `stream`, so a tile that never ran shows `start_ns == 0`.
  Error clear(cudaStream_t stream);
  //! Copy the records of the last `allocate`d space to `out`, after the work on `stream` finished.
  Error download(cudaStream_t stream, std::vector<TileTraceRecord>* out) const;

  TileTraceRecord* data() const { return data_; }  //!< pass as LaunchOptions::trace
  std::int64_t size() const { return size_; }      //!< records of the last allocate()

 private:
  TileTraceRecord* data_ = nullptr;
  std::int64_t size_ = 0;
  std::int64_t capacity_ = 0;
};

//! Checks a downloaded trace of `tiles`: one record per tile, record i names tile i, every tile ran
//! (`start_ns != 0`) and ended no earlier than it started, its SM id is in [0, sm_count) and its CTA
//! rank in [0, cluster size). The error names the first bad record and what is wrong with it.
Error check_tile_trace(std::vector<TileTraceRecord> const& records, TileSpace const& tiles, int sm_count);

//! Numbers a table can show about one traced launch.
struct TraceSummary {
  std::int64_t tiles = 0;
  double span_us = 0.0;       //!< last end - first start
  double mean_tile_us = 0.0;  //!< mean end - start
  double busy_us = 0.0;       //!< sum of end - start
  int sms = 0;                //!< distinct SM ids
  int workers = 0;            //!< distinct worker ids
};
TraceSummary summarize_trace(std::vector<TileTraceRecord> const& records);

//! "dir/run.json" -> "dir/run.svg"; a path without a ".json" suffix gets ".svg" appended.
std::string svg_path_beside(std::string const& json_path);

//! Writes the groups as Chrome trace-event JSON to `json_path` and as an SVG Gantt chart (one panel
//! per group, one row per SM lane, shared time axis) to `svg_path_beside(json_path)`.
Error write_trace_files(std::vector<TraceGroup> const& groups, std::string const& json_path,
                        TraceExportOptions const& options = {});

//! Shifts every group in time so that all groups start where the earliest one starts. Launches that
//! ran one after another then sit side by side on the shared time axis of the SVG and the trace.
void align_group_starts(std::vector<TraceGroup>& groups);

//! Reads back a trace written by `to_chrome_trace_json`, parsed as JSON (any layout, e.g. after a
//! formatter re-indented it): one group per pid,
//! named by its process_name event; one record per complete ("X") event, from its args and times
//! (absolute again, through otherData.time_origin_ns). `title`, if not null, receives otherData.title.
Error read_chrome_trace(std::string const& json, std::vector<TraceGroup>* groups, std::string* title = nullptr);

}  // namespace clc
