//! @file trace_export_test.cpp
//! @brief GPU-trace export path on synthetic records: the completeness check names what is wrong,
//! the summary adds up, and write_trace_files writes trace-event JSON (parsed back) and an SVG beside it.
#include <gpu_trace.hpp>

#include "json.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace clc {
namespace {

using JsonValue = clc::json::Value;

// A trace as the GPU writes it: record i names tile i, absolute globaltimer values, 2 tiles per SM.
std::vector<TileTraceRecord> synthetic(TileSpace const& ts, int sms) {
  std::uint64_t const base = 1'760'000'000'000'000'000ull;
  std::vector<TileTraceRecord> recs(static_cast<std::size_t>(ts.tiles()));
  for (std::size_t i = 0; i < recs.size(); ++i) {
    TileTraceRecord& r = recs[i];
    r.x = static_cast<int>(i % ts.x);
    r.y = static_cast<int>((i / ts.x) % ts.y);
    r.z = static_cast<int>(i / (std::size_t(ts.x) * ts.y));
    r.worker = static_cast<int>(i % sms);
    r.cta_rank = 0;
    r.sm = static_cast<int>(i % sms);
    r.source = 1;
    r.start_ns = base + 1000 * (i / sms);
    r.end_ns = r.start_ns + 900;
  }
  return recs;
}

std::string read_all(std::string const& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(GpuTraceCheck, AcceptsACompleteTrace) {
  TileSpace const ts(5, 3, 2);
  EXPECT_TRUE(check_tile_trace(synthetic(ts, 4), ts, 4).ok());
}

TEST(GpuTraceCheck, NamesTheTileThatNeverRan) {
  TileSpace const ts(8);
  auto recs = synthetic(ts, 4);
  recs[6] = TileTraceRecord{};
  Error const e = check_tile_trace(recs, ts, 4);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.message.find("record 6"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("never ran"), std::string::npos) << e.message;
}

TEST(GpuTraceCheck, RefusesWrongCoordinatesTimesSmAndSize) {
  TileSpace const ts(4, 2);
  auto bad = synthetic(ts, 2);
  bad[3].x = 0;  // record 3 should be tile (3, 0)
  EXPECT_NE(check_tile_trace(bad, ts, 2).message.find("names tile 0,0,0"), std::string::npos);
  bad = synthetic(ts, 2);
  bad[1].end_ns = bad[1].start_ns - 1;
  EXPECT_NE(check_tile_trace(bad, ts, 2).message.find("before start_ns"), std::string::npos);
  bad = synthetic(ts, 2);
  bad[2].sm = 2;
  EXPECT_NE(check_tile_trace(bad, ts, 2).message.find("SM id 2"), std::string::npos);
  bad = synthetic(ts, 2);
  bad[0].cta_rank = 1;  // 1-CTA clusters
  EXPECT_NE(check_tile_trace(bad, ts, 2).message.find("CTA rank 1"), std::string::npos);
  bad = synthetic(ts, 2);
  bad.pop_back();
  EXPECT_NE(check_tile_trace(bad, ts, 2).message.find("7 records"), std::string::npos);
}

TEST(GpuTraceSummary, SpanMeanSmsWorkers) {
  TileSpace const ts(8);
  TraceSummary const s = summarize_trace(synthetic(ts, 4));  // two waves of 4 tiles, 0.9 us each
  EXPECT_EQ(s.tiles, 8);
  EXPECT_DOUBLE_EQ(s.span_us, 1.9);
  EXPECT_DOUBLE_EQ(s.mean_tile_us, 0.9);
  EXPECT_EQ(s.sms, 4);
  EXPECT_EQ(s.workers, 4);
}

TEST(GpuTraceFiles, SvgPathBesideJson) {
  EXPECT_EQ(svg_path_beside("out/run.json"), "out/run.svg");
  EXPECT_EQ(svg_path_beside("trace"), "trace.svg");
  EXPECT_EQ(svg_path_beside(".json"), ".json.svg");
}

TEST(GpuTraceFiles, WritesParsableTraceAndSvgForTwoLaunches) {
  TileSpace const ts(6, 2);
  std::vector<TraceGroup> groups{{"ticket", synthetic(ts, 3)}, {"static", synthetic(ts, 3)}};
  for (auto& r : groups[1].records) r.source = 2;
  std::string const json_path = ::testing::TempDir() + "clc_gpu_trace_test.json";
  ASSERT_TRUE(write_trace_files(groups, json_path).ok());
  std::string const json = read_all(json_path);
  std::string const svg = read_all(svg_path_beside(json_path));

  JsonValue root;
  std::string why;
  ASSERT_TRUE(clc::json::parse(json, &root, &why)) << why;
  JsonValue const* events = root.find("traceEvents");
  ASSERT_NE(events, nullptr);
  int complete = 0;
  std::set<std::string> cats;
  std::set<std::string> rows;
  for (JsonValue const& e : events->array) {
    JsonValue const* ph = e.find("ph");
    ASSERT_NE(ph, nullptr);
    if (ph->string == "X") {
      ++complete;
      cats.insert(e.find("cat")->string);
    }
    if (ph->string == "M" && e.find("name")->string == "thread_name") rows.insert(e.find("args")->find("name")->string);
  }
  EXPECT_EQ(complete, 24);
  EXPECT_EQ(cats, (std::set<std::string>{"ticket", "static"}));
  EXPECT_EQ(rows, (std::set<std::string>{"SM 0", "SM 1", "SM 2"}));  // one row per SM: no overlap
  EXPECT_EQ(svg.rfind("<svg", 0) == 0 || svg.find("<svg") != std::string::npos, true);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("ticket"), std::string::npos);
  std::remove(json_path.c_str());
  std::remove(svg_path_beside(json_path).c_str());
}

TEST(GpuTraceFiles, ReadBackRoundTripsAndAlignsLaunches) {
  TileSpace const ts(7, 3);
  std::vector<TraceGroup> groups{{"first \"launch\"", synthetic(ts, 4)}, {"second", synthetic(ts, 3)}};
  for (auto& r : groups[1].records) {  // ran 5 ms later, on Static
    r.start_ns += 5'000'000;
    r.end_ns += 5'000'000;
    r.source = 2;
  }
  TraceExportOptions o;
  o.title = "round trip";
  auto json = to_chrome_trace_json(groups, o);
  ASSERT_TRUE(json.ok());
  std::vector<TraceGroup> back;
  std::string title;
  ASSERT_TRUE(read_chrome_trace(json.value(), &back, &title).ok());
  EXPECT_EQ(title, "round trip");
  ASSERT_EQ(back.size(), 2u);
  for (std::size_t g = 0; g < 2; ++g) {
    EXPECT_EQ(back[g].name, groups[g].name);
    ASSERT_EQ(back[g].records.size(), groups[g].records.size());
    // The exporter lays records out per SM, so compare as sets of (tile, times, sm, worker, source).
    auto key = [](TileTraceRecord const& r) {
      return std::to_string(r.x) + "," + std::to_string(r.y) + "," + std::to_string(r.z) + "," +
             std::to_string(r.start_ns) + "," + std::to_string(r.end_ns) + "," + std::to_string(r.sm) + "," +
             std::to_string(r.worker) + "," + std::to_string(r.source);
    };
    std::multiset<std::string> a, b;
    for (auto const& r : groups[g].records) a.insert(key(r));
    for (auto const& r : back[g].records) b.insert(key(r));
    EXPECT_EQ(a, b);
  }
  align_group_starts(back);
  std::uint64_t s0 = UINT64_MAX, s1 = UINT64_MAX;
  for (auto const& r : back[0].records) s0 = std::min(s0, r.start_ns);
  for (auto const& r : back[1].records) s1 = std::min(s1, r.start_ns);
  EXPECT_EQ(s0, s1);
  EXPECT_EQ(s0, groups[0].records[0].start_ns);
  EXPECT_FALSE(read_chrome_trace("{}", &back).ok());
  EXPECT_FALSE(read_chrome_trace("{\"traceEvents\": [", &back).ok());
}

TEST(GpuTraceFiles, ReadsJsonAsJsonWhateverItsLayout) {
  // A trace re-indented by a formatter (one token per line) or squeezed onto one line reads back the
  // same: the reader parses JSON, it does not expect one event per line.
  TileSpace const ts(5, 2);
  std::vector<TraceGroup> groups{{"g", synthetic(ts, 2)}};
  auto json = to_chrome_trace_json(groups);
  ASSERT_TRUE(json.ok());
  std::string one_line, spread;
  bool in_string = false;
  for (char c : json.value()) {
    if (c == '"') in_string = !in_string;
    if (c == '\n' && !in_string) continue;
    one_line += c;
    spread += c;
    if (!in_string && (c == ',' || c == '{' || c == '[' || c == ':')) spread += "\n    ";
  }
  for (std::string const& text : {one_line, spread}) {
    std::vector<TraceGroup> back;
    ASSERT_TRUE(read_chrome_trace(text, &back).ok()) << text.substr(0, 200);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_EQ(back[0].records.size(), groups[0].records.size());
    std::uint64_t lo = UINT64_MAX;
    for (auto const& r : back[0].records) lo = std::min(lo, r.start_ns);
    EXPECT_EQ(lo, groups[0].records[0].start_ns);  // absolute times again, through time_origin_ns
  }
}

TEST(GpuTraceFiles, RefusesNoGroupsAndUnwritablePath) {
  EXPECT_FALSE(write_trace_files({}, "x.json").ok());
  TileSpace const ts(2);
  Error const e = write_trace_files({{"t", synthetic(ts, 1)}}, "/nonexistent-dir/clc/trace.json");
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.message.find("/nonexistent-dir/clc/trace.json"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace clc
