//! @file export.cpp
//! @brief Simulator results -> trace records, Gantt charts, table, JSON.
#include <clc/sim/export.hpp>

#include "json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace clc::sim {

namespace {

// A time for a tooltip: up to ten significant digits.
std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

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

void write_config(json::Writer& w, Config const& c) {
  w.begin_object("config").field("tiles", c.tiles).field("sms", c.sms).field("ctas_per_sm", c.ctas_per_sm);
  w.field("slots", c.slots()).field("workers", c.workers).field("launch_latency", c.launch_latency);
  w.field("fetch_latency", c.fetch_latency).field("tile_gap", c.tile_gap).field("stages", c.stages).field("throttle", c.throttle);
  w.begin_array("busy");
  for (auto const& b : c.busy) w.begin_object().field("slot", b.slot).field("until", b.until).end_object();
  w.end_array().end_object();
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
  json::Writer w(3);  // one line per tile, worker and slot record
  w.begin_object().header("clc-sim");
  if (results.empty()) {
    w.field("config", nullptr);
  } else {
    write_config(w, results.front().config);
  }
  w.begin_array("results");
  for (SimResult const& r : results) {
    w.begin_object().field("source", to_string(r.source)).field("makespan", r.makespan);
    w.field("last_tile_end", r.last_tile_end).field("ideal", r.ideal).field("total_work", r.total_work);
    w.field("mean_utilisation", r.mean_utilisation).field("launches", r.launches).field("cancelled", r.cancelled);
    w.begin_array("tiles");
    for (TileRecord const& t : r.tiles) {
      w.begin_object().field("tile", t.tile).field("worker", t.worker).field("slot", t.slot);
      w.field("start", t.start).field("end", t.end).field("claimed", t.claimed).end_object();
    }
    w.end_array().begin_array("workers");
    for (WorkerRecord const& k : r.workers) {
      w.begin_object().field("worker", k.worker).field("launch_slot", k.launch_slot).field("slot", k.slot);
      w.field("started", k.started).field("exited", k.exited).field("busy", k.busy).field("tiles", k.tiles);
      w.end_object();
    }
    w.end_array().begin_array("slots");
    for (SlotStats const& st : r.slots) {
      w.begin_object().field("slot", st.slot).field("sm", st.sm).field("available_from", st.available_from);
      w.field("busy", st.busy).field("utilisation", st.utilisation).end_object();
    }
    w.end_array().end_object();
  }
  w.end_array().end_object();
  return w.str() + "\n";
}

}  // namespace clc::sim
