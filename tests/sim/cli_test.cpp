//! @file cli_test.cpp
//! @brief clc-sim's argument handling (parse_cli / run_cli, called in-process).
#include "cli.hpp"

#include "json.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace clc::sim {
namespace {

std::string error_of(std::vector<std::string> const& args) {
  Expected<CliOptions> o = parse_cli(args);
  EXPECT_FALSE(o.ok()) << "accepted a bad command line";
  return o.ok() ? std::string() : o.error().message;
}

TEST(SimCli, BadArgumentsNameTheProblem) {
  EXPECT_NE(error_of({"--bogus"}).find("unknown option '--bogus'"), std::string::npos);
  EXPECT_NE(error_of({"--tiles"}).find("--tiles needs a value"), std::string::npos);
  EXPECT_NE(error_of({"--tiles", "12x"}).find("--tiles '12x'"), std::string::npos);
  EXPECT_NE(error_of({"--tiles=0"}).find("--tiles '0'"), std::string::npos);
  EXPECT_NE(error_of({"--source", "static,magic"}).find("magic"), std::string::npos);
  EXPECT_NE(error_of({"--cost", "cubic"}).find("--cost 'cubic'"), std::string::npos);
  EXPECT_NE(error_of({"--cost", "list:1,2"}).find("cost list has 2 entries"), std::string::npos);
  EXPECT_NE(error_of({"--busy", "7:1"}).find("busy slot 7"), std::string::npos);
  EXPECT_NE(error_of({"--busy", "1"}).find("--busy '1'"), std::string::npos);
  EXPECT_NE(error_of({"--example", "paper"}).find("article"), std::string::npos);
  EXPECT_NE(error_of({"--stages", "0"}).find("--stages"), std::string::npos);
  EXPECT_NE(error_of({"--no-gantt=1"}).find("takes no value"), std::string::npos);
  EXPECT_NE(error_of({"stray"}).find("unexpected argument"), std::string::npos);
}

TEST(SimCli, OptionsApplyOnTopOfTheExample) {
  Expected<CliOptions> o = parse_cli({"--source", "hardware", "--example", "article", "--fetch-latency=0.5",
                                      "--busy", "0:1,2:0.5", "--cost", "triangular-lpt:2"});
  ASSERT_TRUE(o.ok()) << o.error().what();
  EXPECT_EQ(o->config.workers, 4);
  EXPECT_EQ(o->config.sms, 3);
  EXPECT_DOUBLE_EQ(o->config.fetch_latency, 0.5);
  ASSERT_EQ(o->config.busy.size(), 2u);
  EXPECT_EQ(o->config.cost.kind, CostModel::Kind::Triangular);
  EXPECT_TRUE(o->config.cost.longest_first);
  ASSERT_EQ(o->sources.size(), 1u);
  EXPECT_EQ(o->sources[0], SourceKind::Hardware);
  EXPECT_TRUE(parse_cli({"--help"})->help);
  EXPECT_FALSE(cli_help().empty());
}

TEST(SimCli, ArticleReportAndFiles) {
  std::string const dir = ::testing::TempDir();
  std::string const svg = dir + "clc_sim_cli_test.svg";
  std::string const trace = dir + "clc_sim_cli_test.trace.json";
  std::string const json = dir + "clc_sim_cli_test.json";
  Expected<CliOptions> o = parse_cli({"--example", "article", "--svg", svg, "--trace", trace, "--json", json});
  ASSERT_TRUE(o.ok()) << o.error().what();
  std::string out;
  Error const e = run_cli(o.value(), out);
  ASSERT_TRUE(e.ok()) << e.what();
  EXPECT_NE(out.find("static               6.000     4.000           1.500"), std::string::npos) << out;
  EXPECT_NE(out.find("hardware             4.000     4.000           1.000"), std::string::npos) << out;
  for (std::string const& path : {trace, json}) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    clc::json::Value v;
    std::string why;
    EXPECT_TRUE(clc::json::parse(ss.str(), &v, &why)) << path << ": " << why;
  }
  std::ifstream in(svg);
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first.rfind("<svg", 0), 0u);
  std::remove(svg.c_str());
  std::remove(trace.c_str());
  std::remove(json.c_str());
}

TEST(SimCli, UnwritableOutputIsAnError) {
  Expected<CliOptions> o = parse_cli({"--svg", "/nonexistent-dir/x.svg", "--no-gantt"});
  ASSERT_TRUE(o.ok());
  std::string out;
  Error const e = run_cli(o.value(), out);
  EXPECT_FALSE(e.ok());
  EXPECT_NE(e.message.find("/nonexistent-dir/x.svg"), std::string::npos);
}

}  // namespace
}  // namespace clc::sim
