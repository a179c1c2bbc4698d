//! @file trace.cpp
//! @brief Chrome trace-event JSON and SVG export of TileTraceRecord (see include/clc/trace.hpp).
#include <clc/trace.hpp>

#include "json.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <string>

namespace clc {

namespace {

// Rows of one group: for each record its row, and the row names, SM by SM.
struct RowLayout {
  std::vector<int> row_of;        // per record
  std::vector<std::string> names; // per row
  std::vector<int> sm_of_row;
};

RowLayout layout_rows(std::vector<TileTraceRecord> const& recs) {
  RowLayout out;
  out.row_of.assign(recs.size(), 0);
  // Per SM, greedy interval partitioning in start order: a record goes to the first lane that is
  // free by its start. Records that merely touch (end == next start) share a lane.
  std::map<int, std::vector<std::size_t>> by_sm;
  for (std::size_t i = 0; i < recs.size(); ++i) by_sm[recs[i].sm].push_back(i);
  for (auto& [sm, idx] : by_sm) {
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
      return recs[a].start_ns < recs[b].start_ns;
    });
    std::vector<std::uint64_t> lane_end;
    std::vector<int> lane_of(idx.size());
    for (std::size_t k = 0; k < idx.size(); ++k) {
      TileTraceRecord const& r = recs[idx[k]];
      std::size_t lane = 0;
      while (lane < lane_end.size() && lane_end[lane] > r.start_ns) ++lane;
      if (lane == lane_end.size()) lane_end.push_back(0);
      lane_end[lane] = r.end_ns;
      lane_of[k] = static_cast<int>(lane);
    }
    int const base = static_cast<int>(out.names.size());
    for (std::size_t lane = 0; lane < lane_end.size(); ++lane) {
      out.names.push_back("SM " + std::to_string(sm) + (lane == 0 ? std::string() : " lane " + std::to_string(lane)));
      out.sm_of_row.push_back(sm);
    }
    for (std::size_t k = 0; k < idx.size(); ++k) out.row_of[idx[k]] = base + lane_of[k];
  }
  return out;
}

std::string tile_label(TileTraceRecord const& r) {
  if (r.y == 0 && r.z == 0) return std::to_string(r.x);
  if (r.z == 0) return std::to_string(r.x) + "," + std::to_string(r.y);
  return std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.z);
}

Error check_records(std::vector<TraceGroup> const& groups) {
  for (std::size_t g = 0; g < groups.size(); ++g) {
    auto const& recs = groups[g].records;
    for (std::size_t i = 0; i < recs.size(); ++i) {
      if (recs[i].end_ns < recs[i].start_ns) {
        return invalid_argument("trace group " + std::to_string(g) + " ('" + groups[g].name + "'), record " +
                                std::to_string(i) + ": end_ns " + std::to_string(recs[i].end_ns) +
                                " is before start_ns " + std::to_string(recs[i].start_ns));
      }
    }
  }
  return success();
}

std::uint64_t time_origin(std::vector<TraceGroup> const& groups, TraceExportOptions const& o) {
  if (!o.relative_time) return 0;
  std::uint64_t t0 = std::numeric_limits<std::uint64_t>::max();
  for (auto const& g : groups) {
    for (auto const& r : g.records) t0 = std::min(t0, r.start_ns);
  }
  return t0 == std::numeric_limits<std::uint64_t>::max() ? 0 : t0;
}

// Nanoseconds as microseconds with exactly three decimals: exact, and never in exponent form.
std::string ns_to_us(std::uint64_t ns) {
  return std::to_string(ns / 1000) + "." + [&] {
    std::string f = std::to_string(ns % 1000);
    return std::string(3 - f.size(), '0') + f;
  }();
}

}  // namespace

char const* trace_source_name(int code) {
  switch (code) {
    case 0: return "hardware";
    case 1: return "ticket";
    case 2: return "static";
    case 3: return "single";
    default: return "unknown";
  }
}

sim::Expected<std::string> to_chrome_trace_json(std::vector<TraceGroup> const& groups,
                                                TraceExportOptions const& o) {
  if (Error e = check_records(groups)) return e;
  std::uint64_t const t0 = time_origin(groups, o);
  json::Writer w(2);  // the document's members and one event per line
  w.begin_object().begin_array("traceEvents");
  auto metadata = [&](char const* name, std::size_t pid, std::size_t tid, char const* arg, auto const& value) {
    w.begin_object().field("name", name).field("ph", "M").field("pid", pid).field("tid", tid);
    w.begin_object("args").field(arg, value).end_object().end_object();
  };
  for (std::size_t g = 0; g < groups.size(); ++g) {
    TraceGroup const& group = groups[g];
    std::size_t const pid = g + 1;
    RowLayout const rows = layout_rows(group.records);
    metadata("process_name", pid, 0, "name", group.name.empty() ? "launch " + std::to_string(g) : group.name);
    metadata("process_sort_index", pid, 0, "sort_index", g);
    for (std::size_t r = 0; r < rows.names.size(); ++r) {
      metadata("thread_name", pid, r, "name", rows.names[r]);
      metadata("thread_sort_index", pid, r, "sort_index", r);
    }
    for (std::size_t i = 0; i < group.records.size(); ++i) {
      TileTraceRecord const& r = group.records[i];
      w.begin_object().field("name", "tile " + tile_label(r)).field("cat", trace_source_name(r.source)).field("ph", "X");
      w.key("ts").number_text(ns_to_us(r.start_ns - t0));
      w.key("dur").number_text(ns_to_us(r.end_ns - r.start_ns));
      w.field("pid", pid).field("tid", rows.row_of[i]);
      w.begin_object("args").field("record", i).field("x", r.x).field("y", r.y).field("z", r.z);
      w.field("worker", r.worker).field("cta_rank", r.cta_rank).field("sm", r.sm);
      w.field("source", trace_source_name(r.source)).end_object().end_object();
    }
  }
  w.end_array().field("displayTimeUnit", "ns");
  // The trace-event format's own members stay as they are; the project's header lives in otherData.
  w.begin_object("otherData").header("clc trace").field("title", o.title).field("time_origin_ns", t0).end_object();
  w.end_object();
  return w.str() + "\n";
}

sim::Expected<std::string> to_chrome_trace_json(std::vector<TileTraceRecord> const& records,
                                                TraceExportOptions const& o) {
  return to_chrome_trace_json(std::vector<TraceGroup>{TraceGroup{o.title, records}}, o);
}

sim::Expected<std::vector<sim::GanttChart>> to_gantt_charts(std::vector<TraceGroup> const& groups,
                                                            TraceExportOptions const& o) {
  if (Error e = check_records(groups)) return e;
  std::uint64_t const t0 = time_origin(groups, o);
  std::vector<sim::GanttChart> charts;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    TraceGroup const& group = groups[g];
    RowLayout const rows = layout_rows(group.records);
    sim::GanttChart c;
    c.title = group.name.empty() ? o.title : group.name;
    c.time_unit = "us";
    c.rows = rows.names;
    c.color_meaning = "worker";
    for (std::size_t i = 0; i < group.records.size(); ++i) {
      TileTraceRecord const& r = group.records[i];
      sim::GanttBar b;
      b.row = rows.row_of[i];
      b.start = static_cast<double>(r.start_ns - t0) * 1e-3;
      b.end = static_cast<double>(r.end_ns - t0) * 1e-3;
      b.label = tile_label(r);
      b.color = std::max(0, r.worker);
      b.tooltip = "tile " + tile_label(r) + ", worker " + std::to_string(r.worker) + ", rank " +
                  std::to_string(r.cta_rank) + ", SM " + std::to_string(r.sm) + ", " + trace_source_name(r.source) +
                  ", " + ns_to_us(r.start_ns - t0) + " - " + ns_to_us(r.end_ns - t0) + " us";
      c.bars.push_back(std::move(b));
    }
    charts.push_back(std::move(c));
  }
  return charts;
}

sim::Expected<std::string> to_svg_gantt(std::vector<TraceGroup> const& groups, TraceExportOptions const& o) {
  auto charts = to_gantt_charts(groups, o);
  if (!charts) return charts.error();
  return sim::render_svg_gantt(charts.value());
}

sim::Expected<std::string> to_svg_gantt(std::vector<TileTraceRecord> const& records, TraceExportOptions const& o) {
  return to_svg_gantt(std::vector<TraceGroup>{TraceGroup{o.title, records}}, o);
}

Error write_text_file(std::string const& path, std::string const& text) {
  if (path.empty()) return invalid_argument("output path is empty");
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return invalid_argument("cannot open '" + path + "' for writing: " + std::strerror(errno));
  std::size_t const n = std::fwrite(text.data(), 1, text.size(), f);
  bool const closed = std::fclose(f) == 0;
  if (n != text.size() || !closed) return {Status::InternalError, "short write to '" + path + "'"};
  return success();
}

}  // namespace clc
