//! @file trace.hpp
//! @brief Host export of per-tile traces (TileTraceRecord) to Chrome trace-event JSON (Perfetto,
//! chrome://tracing) and to an SVG Gantt chart. Pure C++17; part of the clc_sim library.
//!
//! Rows: one per SM. Where tiles on one SM overlap in time (several CTAs per SM), that SM gets as
//! many rows ("lanes") as it needs, named "SM 12", "SM 12 lane 1", ..., sorted together, because a
//! trace viewer cannot draw partially overlapping slices on one track.
#pragma once

#include <clc/sim/expected.hpp>
#include <clc/sim/gantt.hpp>
#include <clc/status.hpp>
#include <clc/trace_record.hpp>

#include <string>
#include <vector>

namespace clc {

//! Records of one launch (or one simulated source). Each group becomes one trace process / one
//! SVG panel, so several launches can be compared in one file.
struct TraceGroup {
  std::string name;
  std::vector<TileTraceRecord> records;
};

struct TraceExportOptions {
  std::string title = "clc tile trace";
  //! Subtract the earliest start of all groups, so the trace starts at 0 (globaltimer is absolute).
  bool relative_time = true;
};

//! "hardware", "ticket", "static", "single" for codes 0..3; "unknown" otherwise.
char const* trace_source_name(int code);

//! {"traceEvents": [...], "displayTimeUnit": "ns", "otherData": {...}}: one complete event
//! (ph "X", ts and dur in microseconds) per record, pid = group index + 1, tid = row within the
//! group, plus metadata events naming processes and rows. Fails if a record ends before it starts.
sim::Expected<std::string> to_chrome_trace_json(std::vector<TraceGroup> const& groups,
                                                TraceExportOptions const& options = {});
sim::Expected<std::string> to_chrome_trace_json(std::vector<TileTraceRecord> const& records,
                                                TraceExportOptions const& options = {});

//! One Gantt chart per group, one row per SM lane, time in microseconds, colour = worker.
sim::Expected<std::vector<sim::GanttChart>> to_gantt_charts(std::vector<TraceGroup> const& groups,
                                                            TraceExportOptions const& options = {});

//! An SVG document with one panel per group on a shared time axis.
sim::Expected<std::string> to_svg_gantt(std::vector<TraceGroup> const& groups,
                                        TraceExportOptions const& options = {});
sim::Expected<std::string> to_svg_gantt(std::vector<TileTraceRecord> const& records,
                                        TraceExportOptions const& options = {});

//! Writes `text` to `path` (replacing it); the error names the path.
Error write_text_file(std::string const& path, std::string const& text);

}  // namespace clc
