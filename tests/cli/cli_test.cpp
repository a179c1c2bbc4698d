// The one strict parser of the tools: whole values, ranges, the option named in every error, exit 2
// on misuse, --help and --version built in.
#include <gtest/gtest.h>

#include "clc_cli.hpp"

namespace {

struct Opts {
  bool flag = false;
  int runs = 50;
  int cluster = 0;
  double frac = 0;
  std::string json;
  int source = 0;
  std::vector<std::string> shapes;
};

clc::cli::Parser make(Opts* o) {
  clc::cli::Parser p("tool sub", "a test tool");
  p.flag("--b-col", &o->flag, "B column-major")
      .integer("--runs", 1, 100000, &o->runs, "timed runs")
      .integer_of("--cluster", {0, 1, 2}, &o->cluster, "CTAs per cluster")
      .number("--interfere", 0.0, 0.99, &o->frac, "fraction of the SMs held")
      .text("--json", "FILE", &o->json, "write JSON")
      .choice("--source", {"auto", "ticket", "static"}, &o->source, "work source")
      .custom("--shape", "MxNxK", "a shape", [o](std::string const& v) {
        if (v.find('x') == std::string::npos) return clc::invalid_argument("want MxNxK");
        o->shapes.push_back(v);
        return clc::success();
      }, true);
  return p;
}

clc::cli::Result run(std::vector<std::string> args, Opts* o) { return make(o).parse(args); }

TEST(Cli, AcceptsGoodValuesInBothForms) {
  Opts o;
  auto r = run({"--b-col", "--runs", "7", "--cluster=2", "--interfere", "0.25", "--json", "x.json", "--source",
                "static", "--shape", "8x8x8", "--shape=16x16x16"},
               &o);
  ASSERT_EQ(r.outcome, clc::cli::Outcome::Run) << r.text;
  EXPECT_TRUE(o.flag);
  EXPECT_EQ(o.runs, 7);
  EXPECT_EQ(o.cluster, 2);
  EXPECT_DOUBLE_EQ(o.frac, 0.25);
  EXPECT_EQ(o.json, "x.json");
  EXPECT_EQ(o.source, 2);
  EXPECT_EQ(o.shapes.size(), 2u);
}

TEST(Cli, RefusesJunkNamingTheOption) {
  struct Case {
    std::vector<std::string> args;
    char const* must_name;
  };
  std::vector<Case> const cases = {
      {{"--runs", "abc"}, "--runs 'abc'"},       {{"--runs", "7x"}, "--runs '7x'"},
      {{"--runs", ""}, "--runs ''"},             {{"--runs", "0"}, "--runs '0'"},
      {{"--runs", "99999999999"}, "--runs"},     {{"--cluster", "7"}, "--cluster '7'"},
      {{"--interfere", "abc"}, "--interfere"},   {{"--interfere", "1.5"}, "--interfere '1.5'"},
      {{"--interfere", "nan"}, "--interfere"},   {{"--source", "hardwarez"}, "--source"},
      {{"--shape", "8"}, "--shape '8'"},         {{"--runs"}, "--runs needs a value"},
      {{"--nope"}, "unknown option '--nope'"},   {{"positional"}, "unexpected argument 'positional'"},
      {{"--runs", "3", "--runs", "4"}, "given twice"}, {{"--b-col=1"}, "takes no value"},
  };
  for (auto const& c : cases) {
    Opts o;
    auto r = run(c.args, &o);
    EXPECT_EQ(r.outcome, clc::cli::Outcome::Misuse) << c.args[0];
    EXPECT_EQ(r.exit_code(), 2);
    EXPECT_NE(r.text.find(c.must_name), std::string::npos) << r.text;
  }
}

TEST(Cli, HelpAndVersion) {
  Opts o;
  auto h = run({"--help"}, &o);
  EXPECT_EQ(h.outcome, clc::cli::Outcome::Help);
  EXPECT_EQ(h.exit_code(), 0);
  for (char const* name : {"--b-col", "--runs", "--cluster", "--interfere", "--json", "--source", "--shape", "--version"})
    EXPECT_NE(h.text.find(name), std::string::npos) << name;
  auto v = run({"--version"}, &o);
  EXPECT_EQ(v.outcome, clc::cli::Outcome::Version);
  EXPECT_NE(v.text.find("clc "), std::string::npos);
  EXPECT_NE(v.text.find("commit"), std::string::npos);
}

TEST(Cli, Positionals) {
  std::string in, out;
  clc::cli::Parser p("align", "x");
  p.positional("IN", &in, "input").positional("OUT", &out, "output");
  EXPECT_EQ(p.parse(std::vector<std::string>{"a.json", "b.json"}).outcome, clc::cli::Outcome::Run);
  EXPECT_EQ(in, "a.json");
  EXPECT_EQ(out, "b.json");
  auto missing = p.parse(std::vector<std::string>{"a.json"});
  EXPECT_EQ(missing.outcome, clc::cli::Outcome::Misuse);
  EXPECT_NE(missing.text.find("missing argument OUT"), std::string::npos) << missing.text;
  auto extra = p.parse(std::vector<std::string>{"a", "b", "c"});
  EXPECT_EQ(extra.outcome, clc::cli::Outcome::Misuse);
  EXPECT_EQ(p.parse(std::vector<std::string>{"--help"}).outcome, clc::cli::Outcome::Help);
}

TEST(Cli, WholeValueParsers) {
  long long i = 0;
  double d = 0;
  EXPECT_TRUE(clc::cli::parse_int("42", 0, 100, &i));
  EXPECT_EQ(i, 42);
  EXPECT_FALSE(clc::cli::parse_int("42 ", 0, 100, &i));
  EXPECT_FALSE(clc::cli::parse_int("101", 0, 100, &i));
  EXPECT_TRUE(clc::cli::parse_double("0.5", 0, 1, &d));
  EXPECT_FALSE(clc::cli::parse_double("inf", -1e300, 1e300, &d));
  EXPECT_FALSE(clc::cli::parse_double("0.5.", 0, 1, &d));
}

}  // namespace
