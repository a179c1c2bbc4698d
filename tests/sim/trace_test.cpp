//! @file trace_test.cpp
//! @brief Chrome trace-event JSON and SVG export: parsed back with a strict parser and checked
//! against the trace-event format (required fields and types, escaping, one event per record).
#include <clc/sim/export.hpp>
#include <clc/trace.hpp>

#include "json.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clc {
namespace {

using JsonValue = clc::json::Value;
using Type = JsonValue::Type;

TileTraceRecord rec(int x, int y, int sm, int worker, std::uint64_t start, std::uint64_t end, int source = 1) {
  TileTraceRecord r{};
  r.x = x;
  r.y = y;
  r.z = 0;
  r.worker = worker;
  r.cta_rank = 0;
  r.sm = sm;
  r.source = source;
  r.start_ns = start;
  r.end_ns = end;
  return r;
}

// A GPU-like trace: absolute globaltimer values, two CTAs overlapping on SM 5, odd coordinates.
std::vector<TileTraceRecord> sample_records() {
  std::uint64_t const base = 1'700'000'000'000'000'000ull;
  return {rec(0, 0, 5, 0, base + 1000, base + 5250), rec(1, 0, 5, 1, base + 2000, base + 4000),
          rec(2, 7, 2, 2, base + 0, base + 3001), rec(3, 0, 5, 0, base + 5250, base + 9000),
          rec(-4, 65536, 131, 3, base + 10, base + 10, 0)};
}

struct Checked {
  std::map<int, std::set<int>> records_by_pid;  // args.record per pid
  std::map<std::pair<int, int>, std::string> thread_names;
  std::map<int, std::string> process_names;
  int complete_events = 0;
};

// Checks the trace-event format and returns what it found; failures are reported via gtest.
Checked check_trace(std::string const& json) {
  Checked out;
  JsonValue root;
  std::string why;
  EXPECT_TRUE(clc::json::parse(json, &root, &why)) << why;
  EXPECT_TRUE(root.is(Type::Object));
  JsonValue const* events = root.find("traceEvents");
  EXPECT_NE(events, nullptr);
  if (events == nullptr) return out;
  EXPECT_TRUE(events->is(Type::Array));
  std::set<std::string> const allowed_ph = {"B", "E", "X", "i", "I", "C", "b", "n", "e", "s", "t", "f",
                                            "P", "N", "O", "D", "M", "V", "v", "R", "c", "(", ")"};
  std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> slices;
  for (JsonValue const& e : events->array) {
    EXPECT_TRUE(e.is(Type::Object));
    for (char const* key : {"name", "ph", "pid", "tid"}) {
      EXPECT_EQ(e.count(key), 1) << "field " << key;
    }
    JsonValue const* name = e.find("name");
    JsonValue const* ph = e.find("ph");
    JsonValue const* pid = e.find("pid");
    JsonValue const* tid = e.find("tid");
    if (!name || !ph || !pid || !tid) continue;
    EXPECT_TRUE(name->is(Type::String));
    EXPECT_TRUE(ph->is(Type::String));
    EXPECT_TRUE(pid->is(Type::Number));
    EXPECT_TRUE(tid->is(Type::Number));
    EXPECT_EQ(allowed_ph.count(ph->string), 1u) << "ph " << ph->string;
    int const ipid = static_cast<int>(pid->number);
    int const itid = static_cast<int>(tid->number);
    JsonValue const* args = e.find("args");
    if (ph->string == "X") {
      ++out.complete_events;
      JsonValue const* ts = e.find("ts");
      JsonValue const* dur = e.find("dur");
      EXPECT_TRUE(ts && ts->is(Type::Number) && ts->number >= 0);
      EXPECT_TRUE(dur && dur->is(Type::Number) && dur->number >= 0);
      EXPECT_TRUE(args && args->is(Type::Object));
      if (ts && dur) slices[{ipid, itid}].emplace_back(ts->number, ts->number + dur->number);
      if (args && args->find("record")) {
        int const r = static_cast<int>(args->find("record")->number);
        EXPECT_TRUE(out.records_by_pid[ipid].insert(r).second) << "record " << r << " appears twice";
      }
    } else if (ph->string == "M") {
      EXPECT_TRUE(args && args->is(Type::Object));
      if (name->string == "thread_name" && args && args->find("name")) out.thread_names[{ipid, itid}] = args->find("name")->string;
      if (name->string == "process_name" && args && args->find("name")) out.process_names[ipid] = args->find("name")->string;
    }
  }
  // A row (pid, tid) must never hold partially overlapping slices: viewers mis-draw them.
  for (auto& [row, v] : slices) {
    std::sort(v.begin(), v.end());
    for (std::size_t i = 1; i < v.size(); ++i) EXPECT_GE(v[i].first, v[i - 1].second - 1e-9);
    EXPECT_EQ(out.thread_names.count(row), 1u) << "row without a thread_name";
  }
  return out;
}

TEST(TraceRecord, LayoutIsFixed) {
  static_assert(sizeof(TileTraceRecord) == 48);
  static_assert(offsetof(TileTraceRecord, start_ns) == 32);
  static_assert(offsetof(TileTraceRecord, end_ns) == 40);
}

TEST(TraceJson, ValidTraceEventFormatAndEveryRecordOnce) {
  auto const records = sample_records();
  auto json = to_chrome_trace_json(records);
  ASSERT_TRUE(json.ok()) << json.error().what();
  Checked const c = check_trace(json.value());
  EXPECT_EQ(c.complete_events, static_cast<int>(records.size()));
  ASSERT_EQ(c.records_by_pid.size(), 1u);
  EXPECT_EQ(c.records_by_pid.begin()->second.size(), records.size());
  // One row per SM; SM 5 has two overlapping CTAs, so it needs a second lane.
  std::set<std::string> names;
  for (auto const& kv : c.thread_names) names.insert(kv.second);
  EXPECT_EQ(names, (std::set<std::string>{"SM 2", "SM 5", "SM 5 lane 1", "SM 131"}));
}

TEST(TraceJson, TimesAreRelativeMicroseconds) {
  auto const records = sample_records();
  JsonValue root;
  std::string why;
  ASSERT_TRUE(clc::json::parse(to_chrome_trace_json(records).value(), &root, &why)) << why;
  for (JsonValue const& e : root.find("traceEvents")->array) {
    if (e.find("ph")->string != "X") continue;
    auto const& r = records[static_cast<std::size_t>(e.find("args")->find("record")->number)];
    std::uint64_t const t0 = 1'700'000'000'000'000'000ull;
    EXPECT_NEAR(e.find("ts")->number, static_cast<double>(r.start_ns - t0) / 1000.0, 1e-9);
    EXPECT_NEAR(e.find("dur")->number, static_cast<double>(r.end_ns - r.start_ns) / 1000.0, 1e-9);
    EXPECT_EQ(static_cast<int>(e.find("args")->find("x")->number), r.x);
    EXPECT_EQ(static_cast<int>(e.find("args")->find("sm")->number), r.sm);
  }
}

TEST(TraceJson, NamesAreEscaped) {
  std::string const nasty = "quote\" back\\slash\nnew\ttab\x01 ctrl </svg> caf\xc3\xa9";
  std::vector<TraceGroup> groups{{nasty, sample_records()}, {"second", sample_records()}};
  TraceExportOptions o;
  o.title = nasty;
  auto json = to_chrome_trace_json(groups, o);
  ASSERT_TRUE(json.ok());
  Checked const c = check_trace(json.value());
  EXPECT_EQ(c.process_names.at(1), nasty);
  EXPECT_EQ(c.process_names.at(2), "second");
  EXPECT_EQ(c.records_by_pid.size(), 2u);
  for (auto const& kv : c.records_by_pid) EXPECT_EQ(kv.second.size(), sample_records().size());
}

TEST(TraceJson, EmptyAndInvalidInput) {
  auto empty = to_chrome_trace_json(std::vector<TileTraceRecord>{});
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(check_trace(empty.value()).complete_events, 0);
  auto bad = sample_records();
  bad[2].end_ns = bad[2].start_ns - 1;
  auto r = to_chrome_trace_json(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().status, Status::InvalidArgument);
  EXPECT_NE(r.error().message.find("record 2"), std::string::npos);
  EXPECT_FALSE(to_svg_gantt(bad).ok());
}

TEST(TraceJson, SimulatorResultsExportTheSameWay) {
  sim::Config c = sim::article_example();
  c.ctas_per_sm = 2;  // two CTAs per SM: tiles overlap on an SM and need lanes
  std::vector<TraceGroup> groups;
  for (sim::SourceKind k : sim::all_source_kinds()) groups.push_back(sim::to_trace_group(sim::simulate(c, k).value()));
  auto json = to_chrome_trace_json(groups);
  ASSERT_TRUE(json.ok());
  Checked const ck = check_trace(json.value());
  EXPECT_EQ(ck.records_by_pid.size(), groups.size());
  for (auto const& kv : ck.records_by_pid) EXPECT_EQ(kv.second.size(), 12u);
  EXPECT_EQ(ck.process_names.at(1), "single");
  auto const recs = sim::to_trace_records(sim::simulate(sim::article_example(), sim::SourceKind::Static).value(), 1000.0);
  ASSERT_EQ(recs.size(), 12u);
  EXPECT_EQ(recs[3].start_ns, 3000u);  // W3's first tile at 3t, 1 t = 1000 ns
  EXPECT_EQ(recs[3].source, 2);
}

// Balanced tags: every <x ...> has its </x>, self-closing tags count as both.
bool balanced_xml(std::string const& s, std::string& why) {
  std::vector<std::string> stack;
  std::size_t pos = 0;
  while ((pos = s.find('<', pos)) != std::string::npos) {
    std::size_t const end = s.find('>', pos);
    if (end == std::string::npos) { why = "unterminated tag"; return false; }
    std::string tag = s.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.empty()) { why = "empty tag"; return false; }
    if (tag[0] == '?' || tag[0] == '!') continue;
    bool const closing = tag[0] == '/';
    bool const self = tag.back() == '/';
    std::string name = tag.substr(closing ? 1 : 0);
    name = name.substr(0, name.find_first_of(" /\n\t"));
    if (self) continue;
    if (closing) {
      if (stack.empty() || stack.back() != name) { why = "unexpected </" + name + ">"; return false; }
      stack.pop_back();
    } else {
      stack.push_back(name);
    }
  }
  if (!stack.empty()) { why = "<" + stack.back() + "> not closed"; return false; }
  return true;
}

int count(std::string const& s, std::string const& what) {
  int n = 0;
  for (std::size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

TEST(TraceSvg, WellFormedOneRectPerTile) {
  auto const records = sample_records();
  TraceExportOptions o;
  o.title = "a <title> & more";
  auto svg = to_svg_gantt(records, o);
  ASSERT_TRUE(svg.ok());
  std::string const& s = svg.value();
  EXPECT_EQ(s.rfind("<svg", 0), 0u);
  EXPECT_NE(s.find("</svg>"), std::string::npos);
  std::string why;
  EXPECT_TRUE(balanced_xml(s, why)) << why;
  EXPECT_EQ(count(s, "class=\"tile\""), static_cast<int>(records.size()));
  EXPECT_NE(s.find("a &lt;title&gt; &amp; more"), std::string::npos);
  EXPECT_NE(s.find(">SM 131<"), std::string::npos);
  EXPECT_NE(s.find("time (us)"), std::string::npos);
}

TEST(TraceSvg, SimulatorPanelsWithBusyTime) {
  sim::Config c = sim::article_example();
  c.sms = 4;
  c.busy = {{3, 3.0}};
  std::vector<sim::GanttChart> charts;
  for (sim::SourceKind k : sim::all_source_kinds()) charts.push_back(sim::to_gantt_chart(sim::simulate(c, k).value()));
  std::string const s = sim::render_svg_gantt(charts);
  std::string why;
  EXPECT_TRUE(balanced_xml(s, why)) << why;
  EXPECT_EQ(count(s, "class=\"tile\""), 12 * static_cast<int>(charts.size()));
  EXPECT_EQ(count(s, "class=\"busy\""), static_cast<int>(charts.size()));
  EXPECT_EQ(count(s, "class=\"panel\""), static_cast<int>(charts.size()));
  EXPECT_NE(s.find("other kernel"), std::string::npos);
}

}  // namespace
}  // namespace clc
