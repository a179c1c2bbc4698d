//! @file export.cpp
//! @brief Simulator results -> trace records, Gantt charts, table, JSON.
#include <clc/sim/export.hpp>

#include "json_util.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace clc::sim {

namespace {

using detail::json_number;
using detail::json_string;

std::string num(double v) { return json_number(v, "%.10g"); }

std::string fixed(double v, int width, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%*.*f", width, decimals, v);
  return buf;
}

std::string slot_name(Config const& c, int slot) {
  int const sm = slot % c.sms;
  int const k = slot / c.sms;
  if (c.ctas_per_sm == 1) return "SM " + std::to_string(sm);
  return "SM " + std::to_string(sm) + "." + std::to_string(k);
}

std::uint64_t to_ns(double t, double ns_per_unit) {
  double const v = std::llround(t * ns_per_unit);
  return v > 0 ? static_cast<std::uint64_t>(v) : 0;
}

std::string config_json(Config const& c) {
  std::string s = "{\"tiles\":" + std::to_string(c.tiles) + ",\"sms\":" + std::to_string(c.sms) +
                  ",\"ctas_per_sm\":" + std::to_string(c.ctas_per_sm) + ",\"slots\":" + std::to_string(c.slots()) +
                  ",\"workers\":" + std::to_string(c.workers) + ",\"launch_latency\":" + num(c.launch_latency) +
                  ",\"fetch_latency\":" + num(c.fetch_latency) + ",\"stages\":" + std::to_string(c.stages) +
                  ",\"throttle\":" + (c.throttle ? "true" : "false") + ",\"busy\":[";
  for (std::size_t i = 0; i < c.busy.size(); ++i) {
    if (i) s += ",";
    s += "{\"slot\":" + std::to_string(c.busy[i].slot) + ",\"until\":" + num(c.busy[i].until) + "}";
  }
  s += "]}";
  return s;
}

}  // namespace

std::vector<TileTraceRecord> to_trace_records(SimResult const& r, double ns_per_unit) {
  std::vector<TileTraceRecord> out;
  out.reserve(r.tiles.size());
  for (TileRecord const& t : r.tiles) {
    TileTraceRecord rec{};
    rec.x = t.tile;
    rec.worker = t.worker;
    rec.cta_rank = 0;
    rec.sm = t.slot % r.config.sms;
    rec.source = trace_source_code(r.source);
    rec.start_ns = to_ns(t.start, ns_per_unit);
    rec.end_ns = std::max(rec.start_ns, to_ns(t.end, ns_per_unit));
    out.push_back(rec);
  }
  return out;
}

TraceGroup to_trace_group(SimResult const& r, double ns_per_unit) {
  return TraceGroup{to_string(r.source), to_trace_records(r, ns_per_unit)};
}

GanttChart to_gantt_chart(SimResult const& r) {
  GanttChart c;
  char buf[160];
  std::snprintf(buf, sizeof buf, "%s: makespan %.4g, ideal %.4g", to_string(r.source), r.makespan, r.ideal);
  c.title = buf;
  c.time_unit = "t";
  c.color_meaning = "worker";
  c.time_end = r.makespan;
  // Rows in SM order, so the CTAs of one SM sit together.
  int const slots = r.config.slots();
  std::vector<int> row_of(static_cast<std::size_t>(slots));
  int row = 0;
  for (int sm = 0; sm < r.config.sms; ++sm) {
    for (int k = 0; k < r.config.ctas_per_sm; ++k) {
      int const slot = k * r.config.sms + sm;
      row_of[static_cast<std::size_t>(slot)] = row++;
      c.rows.push_back(slot_name(r.config, slot));
    }
  }
  for (SlotStats const& s : r.slots) {
    if (s.available_from > 0.0) {
      GanttBar b;
      b.row = row_of[static_cast<std::size_t>(s.slot)];
      b.start = 0.0;
      b.end = s.available_from;
      b.color = GanttBar::kBusy;
      b.tooltip = "taken by another kernel until " + num(s.available_from);
      c.bars.push_back(b);
      c.time_end = std::max(c.time_end, s.available_from);
    }
  }
  // Slot time held without a tile: each launch's latency, and the whole life of a worker that
  // found no work (Ticket's surplus launches, Static workers with an empty list).
  for (WorkerRecord const& w : r.workers) {
    GanttBar b;
    b.row = row_of[static_cast<std::size_t>(w.slot)];
    b.color = GanttBar::kOverhead;
    b.start = w.dispatched;
    b.end = w.tiles == 0 ? w.exited : w.started;
    b.tooltip = "worker " + std::to_string(w.worker) + (w.tiles == 0 ? ": launched, found no tile" : ": launching");
    if (b.end > b.start) c.bars.push_back(b);
  }
  for (TileRecord const& t : r.tiles) {
    GanttBar b;
    b.row = row_of[static_cast<std::size_t>(t.slot)];
    b.start = t.start;
    b.end = t.end;
    b.label = std::to_string(t.tile);
    b.color = t.worker;
    b.tooltip = "tile " + std::to_string(t.tile) + ", worker " + std::to_string(t.worker) + ", " + num(t.start) +
                " - " + num(t.end) + (t.claimed ? ", claimed" : ", own launch slot");
    c.bars.push_back(std::move(b));
  }
  return c;
}

std::string comparison_table(std::vector<SimResult> const& results) {
  std::string s = "source            makespan     ideal  makespan/ideal  mean util    launches      claims\n";
  for (SimResult const& r : results) {
    std::string name = to_string(r.source);
    name.resize(16, ' ');
    int claims = 0;
    for (TileRecord const& t : r.tiles) claims += t.claimed ? 1 : 0;
    s += name + fixed(r.makespan, 10, 3) + fixed(r.ideal, 10, 3) +
         fixed(r.ideal > 0 ? r.makespan / r.ideal : 0.0, 16, 3) + fixed(100.0 * r.mean_utilisation, 10, 1) + "%" +
         fixed(r.launches, 12, 0) + fixed(claims, 12, 0) + "\n";
  }
  return s;
}

std::string to_json(std::vector<SimResult> const& results) {
  std::string s = "{\"config\":";
  s += results.empty() ? "null" : config_json(results.front().config);
  s += ",\"results\":[";
  for (std::size_t i = 0; i < results.size(); ++i) {
    SimResult const& r = results[i];
    if (i) s += ",";
    s += "\n{\"source\":" + json_string(to_string(r.source)) + ",\"makespan\":" + num(r.makespan) +
         ",\"last_tile_end\":" + num(r.last_tile_end) + ",\"ideal\":" + num(r.ideal) +
         ",\"total_work\":" + num(r.total_work) + ",\"mean_utilisation\":" + num(r.mean_utilisation) +
         ",\"launches\":" + std::to_string(r.launches) + ",\"cancelled\":" + std::to_string(r.cancelled) +
         ",\"tiles\":[";
    for (std::size_t k = 0; k < r.tiles.size(); ++k) {
      TileRecord const& t = r.tiles[k];
      if (k) s += ",";
      s += "{\"tile\":" + std::to_string(t.tile) + ",\"worker\":" + std::to_string(t.worker) +
           ",\"slot\":" + std::to_string(t.slot) + ",\"start\":" + num(t.start) + ",\"end\":" + num(t.end) +
           ",\"claimed\":" + (t.claimed ? "true" : "false") + "}";
    }
    s += "],\"workers\":[";
    for (std::size_t k = 0; k < r.workers.size(); ++k) {
      WorkerRecord const& w = r.workers[k];
      if (k) s += ",";
      s += "{\"worker\":" + std::to_string(w.worker) + ",\"launch_slot\":" + std::to_string(w.launch_slot) +
           ",\"slot\":" + std::to_string(w.slot) + ",\"started\":" + num(w.started) + ",\"exited\":" +
           num(w.exited) + ",\"busy\":" + num(w.busy) + ",\"tiles\":" + std::to_string(w.tiles) + "}";
    }
    s += "],\"slots\":[";
    for (std::size_t k = 0; k < r.slots.size(); ++k) {
      SlotStats const& st = r.slots[k];
      if (k) s += ",";
      s += "{\"slot\":" + std::to_string(st.slot) + ",\"sm\":" + std::to_string(st.sm) +
           ",\"available_from\":" + num(st.available_from) + ",\"busy\":" + num(st.busy) +
           ",\"utilisation\":" + num(st.utilisation) + "}";
    }
    s += "]}";
  }
  s += "\n]}\n";
  return s;
}

}  // namespace clc::sim
