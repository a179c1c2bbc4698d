// clc::json: integers stay integers, doubles round-trip with the shortest text, strings escape and
// unescape, the reader is strict, and what the writer writes the reader reads back exactly.
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "json.hpp"

using clc::json::Value;
using clc::json::Writer;

namespace {

Value parsed(std::string const& text) {
  Value v;
  std::string why;
  EXPECT_TRUE(clc::json::parse(text, &v, &why)) << why << "\n" << text;
  return v;
}

}  // namespace

TEST(JsonWriter, IntegersAsIntegersDoublesShortestAndExact) {
  EXPECT_EQ(Writer::number(1048576.0), "1048576");  // was 1.04858e+06 with %.6g
  EXPECT_EQ(Writer::number(0.1), "0.1");
  EXPECT_EQ(Writer::number(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(Writer::number(-2.5), "-2.5");
  EXPECT_EQ(Writer::number(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(Writer::number(std::nan("")), "null");
  Writer w(0);
  w.begin_array().value(std::int64_t(9007199254740993)).value(std::uint64_t(18446744073709551615ull)).value(-7);
  w.value(true).value(nullptr).end_array();
  EXPECT_EQ(w.str(), "[9007199254740993,18446744073709551615,-7,true,null]");
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> u(-1e6, 1e6);
  for (int i = 0; i < 20000; ++i) {
    double const d = i % 2 ? u(rng) : std::ldexp(u(rng), int(rng() % 200) - 100);
    EXPECT_EQ(std::strtod(Writer::number(d).c_str(), nullptr), d) << Writer::number(d);
  }
}

TEST(JsonWriter, DocumentsReadBackWithTheirHeader) {
  Writer w(1);
  w.begin_object().header("test tool").field("name", "a \"quoted\"\\ line\nwith\ttabs \x01 and UTF-8 \xc3\xa9");
  w.begin_array("values").value(1).value(2.5).begin_object().field("k", 3).end_object().end_array();
  w.field("big_ns", std::uint64_t(1764547200123456789ull)).end_object();
  // Depth 1: the top object's members are on their own lines, everything deeper on one line.
  EXPECT_NE(w.str().find("\n  \"values\": [1,2.5,{\"k\":3}]"), std::string::npos) << w.str();
  Value const v = parsed(w.str());
  ASSERT_TRUE(v.is(Value::Type::Object));
  EXPECT_EQ(v.find("schema_version")->integer, clc::json::kSchemaVersion);
  EXPECT_EQ(v.find("tool")->string, "test tool");
  EXPECT_EQ(v.find("name")->string, "a \"quoted\"\\ line\nwith\ttabs \x01 and UTF-8 \xc3\xa9");
  ASSERT_EQ(v.find("values")->array.size(), 3u);
  EXPECT_TRUE(v.find("values")->array[0].integral);
  EXPECT_FALSE(v.find("values")->array[1].integral);
  EXPECT_EQ(v.find("values")->array[2].find("k")->integer, 3);
  Value const* big = v.find("big_ns");
  ASSERT_TRUE(big->integral);  // a double would round it
  EXPECT_EQ(big->integer, 1764547200123456789ll);
}

TEST(JsonReader, RejectsWhatAStrictConsumerRejects) {
  for (char const* bad : {"", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "1e", "\"\\x\"", "\"a\nb\"", "[1] x",
                          "{\"a\" 1}", "tru", "\"\\ud800\"", "{'a':1}"}) {
    Value v;
    std::string why;
    EXPECT_FALSE(clc::json::parse(bad, &v, &why)) << "accepted: " << bad;
    EXPECT_NE(why.find("offset"), std::string::npos) << bad;
  }
  Value const v = parsed(" {\"a\" : [ 1 , -0.5e-3 , \"\\u00e9\\ud83d\\ude00\" ] }\n");
  EXPECT_DOUBLE_EQ(v.find("a")->array[1].number, -0.5e-3);
  EXPECT_EQ(v.find("a")->array[2].string, "\xc3\xa9\xf0\x9f\x98\x80");
}
