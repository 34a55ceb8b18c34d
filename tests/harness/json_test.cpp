#include <gtest/gtest.h>

#include "json.hpp"

using clconform::json::ParseError;
using clconform::json::Value;
using clconform::json::parse;

TEST(Json, Uint64SurvivesRoundTrip) {
  Value v = parse("{\"bits\": 18446744073709551615, \"neg\": -9223372036854775808}");
  EXPECT_EQ(v.at("bits").as_uint(), 18446744073709551615ull);
  EXPECT_EQ(v.at("neg").as_int(), INT64_MIN);
  Value again = parse(v.dump());
  EXPECT_EQ(again.at("bits").as_uint(), 18446744073709551615ull);
}

TEST(Json, StringsEscapeAndUnescape) {
  Value v = Value::object();
  v["s"] = std::string("a\"b\\c\n\t\x01<é>");
  EXPECT_EQ(parse(v.dump()).at("s").as_string(), "a\"b\\c\n\t\x01<é>");
  EXPECT_EQ(parse("\"\\u00e9\\ud83d\\ude00\"").as_string(), "é\xF0\x9F\x98\x80");
}

TEST(Json, RealsKeepPrecisionAndNonFiniteBecomeStrings) {
  Value v = Value::array();
  v.push_back(0.1);
  v.push_back(1e308 * 10);
  Value back = parse(v.dump());
  EXPECT_EQ(back.as_array()[0].as_double(), 0.1);
  EXPECT_EQ(back.as_array()[1].as_string(), "inf");
}

TEST(Json, MalformedInputSaysWhere) {
  try {
    parse("{\"a\": 1,\n \"b\": }");
    FAIL() << "accepted malformed JSON";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse("[1, 2"), ParseError);
  EXPECT_THROW(parse("{} trailing"), ParseError);
  EXPECT_THROW(parse("\"unterminated"), ParseError);
}

TEST(Json, TypedReadsRejectTheWrongKind) {
  Value v = parse("{\"n\": \"7\", \"neg\": -1}");
  EXPECT_THROW(v.at("n").as_int(), ParseError);
  EXPECT_THROW(v.at("neg").as_uint(), ParseError);
  EXPECT_THROW(v.at("missing"), ParseError);
  EXPECT_TRUE(v.get("missing").is_null());
}

TEST(Json, CopiesDoNotShareMutations) {
  Value a = parse("{\"list\": [1]}");
  Value b = a;
  b["list"].push_back(2);
  EXPECT_EQ(a.at("list").size(), 1u);
  EXPECT_EQ(b.at("list").size(), 2u);
}
