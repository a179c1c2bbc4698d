//! @file gantt_test.cpp
//! @brief The text Gantt: one line per row, equal widths, labels and busy time where expected.
#include <clc/sim/export.hpp>
#include <clc/sim/gantt.hpp>

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace clc::sim {
namespace {

std::vector<std::string> lines(std::string const& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(TextGantt, ArticleStaticChart) {
  GanttChart const c = to_gantt_chart(simulate(article_example(), SourceKind::Static).value());
  TextGanttOptions o;
  o.width = 60;  // 10 columns per t over 6t
  auto const l = lines(render_text_gantt(c, o));
  ASSERT_GE(l.size(), 6u);
  EXPECT_EQ(l[0].rfind("static: makespan 6", 0), 0u);
  // Rows 1..3, all the same width: name + " |" + 60 + "|".
  for (int r = 1; r <= 3; ++r) {
    EXPECT_EQ(l[static_cast<std::size_t>(r)].size(), l[1].size());
    EXPECT_EQ(l[static_cast<std::size_t>(r)].back(), '|');
  }
  EXPECT_EQ(l[1], "SM 0 |[0.......][4.......][8.......][3.......][7.......][11......]|");
  EXPECT_EQ(l[2], "SM 1 |[1.......][5.......][9.......]                              |");
  EXPECT_NE(l[5].find("6t"), std::string::npos);  // axis values
}

TEST(TextGantt, BusyAndTinyBars) {
  GanttChart c;
  c.title = "t";
  c.rows = {"a", "bb"};
  c.bars = {{0, 0.0, 5.0, "", "", GanttBar::kBusy}, {0, 5.0, 10.0, "7", "", 0}, {1, 0.0, 0.01, "123", "", 1}};
  TextGanttOptions o;
  o.width = 20;
  auto const l = lines(render_text_gantt(c, o));
  EXPECT_EQ(l[1], "a  |##########[7.......]|");
  EXPECT_EQ(l[2].substr(0, 5), "bb ||");  // a one-column bar with a long label shows as '|'
  EXPECT_NE(l.back().find("another kernel"), std::string::npos);
}

TEST(TextGantt, EmptyChartDoesNotCrash) {
  GanttChart c;
  std::string const s = render_text_gantt(c);
  EXPECT_FALSE(s.empty());
}

}  // namespace
}  // namespace clc::sim

namespace clc::sim {
namespace {

TEST(TextGantt, SurplusTicketLaunchesShowAsOverhead) {
  Config c = article_example();
  c.launch_latency = 0.25;
  SimResult const r = simulate(c, SourceKind::Ticket).value();
  GanttChart const chart = to_gantt_chart(r);
  int overhead = 0, tiles = 0;
  for (GanttBar const& b : chart.bars) {
    overhead += b.color == GanttBar::kOverhead ? 1 : 0;
    tiles += b.color >= 0 ? 1 : 0;
  }
  EXPECT_EQ(tiles, 12);
  EXPECT_EQ(overhead, 12);  // every launch pays its latency; 9 of them then find no ticket
  std::string const text = render_text_gantt(chart);
  EXPECT_NE(text.find("---"), std::string::npos);
  EXPECT_NE(text.find("worker without a tile"), std::string::npos);
}

}  // namespace
}  // namespace clc::sim

namespace clc::sim {
namespace {

// Past the twelve fixed colours, workers get golden-angle hues written as #rrggbb: hsl() is drawn
// black by some SVG renderers.
TEST(SvgGantt, ManyWorkersUseHexColoursOnly) {
  Config c;
  c.tiles = 200;
  c.sms = 40;
  GanttChart const chart = to_gantt_chart(simulate(c, SourceKind::Single).value());
  std::string const svg = render_svg_gantt({chart});
  EXPECT_EQ(svg.find("hsl("), std::string::npos);
  std::set<std::string> colours;
  for (std::size_t p = svg.find("fill=\"#"); p != std::string::npos; p = svg.find("fill=\"#", p + 1)) {
    std::string const col = svg.substr(p + 6, 7);
    for (std::size_t i = 1; i < col.size(); ++i) ASSERT_TRUE(std::isxdigit(static_cast<unsigned char>(col[i]))) << col;
    colours.insert(col);
  }
  EXPECT_GT(colours.size(), 20u) << "workers past the twelfth should get distinct colours";
}

}  // namespace
}  // namespace clc::sim
