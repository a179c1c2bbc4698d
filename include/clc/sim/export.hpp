//! @file sim/export.hpp
//! @brief Simulator results in the forms the rest of the project reads: trace records (the same as
//! GPU traces, so trace.hpp exports both), Gantt charts, a comparison table and JSON.
#pragma once

#include <clc/sim/gantt.hpp>
#include <clc/sim/simulator.hpp>
#include <clc/trace.hpp>
#include <clc/trace_record.hpp>

#include <string>
#include <vector>

namespace clc::sim {

//! One record per tile: x = tile, y = z = 0, worker = launch-order worker id, cta_rank = 0,
//! sm = slot % sms, source = trace_source_code(kind); times scaled by `ns_per_unit`.
std::vector<TileTraceRecord> to_trace_records(SimResult const& result, double ns_per_unit = 1000.0);

//! A trace group named after the source ("static", ...), for clc::to_chrome_trace_json.
TraceGroup to_trace_group(SimResult const& result, double ns_per_unit = 1000.0);

//! One row per worker slot, a bar per tile labelled with its index and coloured by worker, hatched
//! bars where another kernel holds the slot. Time in the model's units ("t").
GanttChart to_gantt_chart(SimResult const& result);

//! A fixed-width table: source, makespan, ideal, makespan/ideal, mean utilisation, launches,
//! claims. Lines end with '\n'.
std::string comparison_table(std::vector<SimResult> const& results);

//! {"config": {...}, "results": [{"source", "makespan", "ideal", ..., "tiles": [...], "workers": [...],
//! "slots": [...]}]} for programs; the config is taken from the first result.
std::string to_json(std::vector<SimResult> const& results);

}  // namespace clc::sim
