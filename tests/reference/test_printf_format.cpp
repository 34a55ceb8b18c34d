// reference/printf_format: the parser's limits (OpenCL C 6.15.14.2) and the
// judge's freedoms (C99 7.19.6.1), each side of every boundary.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference/printf_format.hpp"

namespace clconform::ref {
namespace {

PrintfFormat parse(const std::string& f) {
  PrintfFormat out;
  std::string error;
  EXPECT_TRUE(parse_printf_format(f, out, error)) << f << ": " << error;
  return out;
}

bool rejected(const std::string& f) {
  PrintfFormat out;
  std::string error;
  return !parse_printf_format(f, out, error) && !error.empty();
}

PrintfValue fval(double f) {
  PrintfValue v;
  v.kind = PrintfValue::Kind::Float;
  v.f = f;
  return v;
}

PrintfValue ival(int64_t i, int size = 4) {
  PrintfValue v;
  v.kind = PrintfValue::Kind::Int;
  v.i = i;
  v.size = size;
  return v;
}

std::string judge1(const std::string& f, PrintfValue v, const std::string& text) {
  return judge_format(parse(f), {{v}}, text);
}

TEST(PrintfFormat, ParsesOpenClSpecifiers) {
  PrintfFormat f = parse("a%%b%+08.3v4hlf|%#hhx%ld%s%p");
  ASSERT_EQ(f.specs.size(), 5u);
  EXPECT_EQ(f.literals[0], "a%b");
  EXPECT_EQ(f.specs[0].flags, "+0");
  EXPECT_EQ(f.specs[0].width, 8);
  EXPECT_EQ(f.specs[0].precision, 3);
  EXPECT_EQ(f.specs[0].vector, 4);
  EXPECT_EQ(f.specs[0].length, "hl");
  EXPECT_EQ(f.specs[0].conv, 'f');
  EXPECT_EQ(f.specs[1].length, "hh");
  EXPECT_EQ(f.specs[2].length, "l");
  EXPECT_EQ(f.specs[0].text(), "%+08.3v4hlf");
}

TEST(PrintfFormat, RejectsWhatOpenClLeavesOut) {
  EXPECT_TRUE(rejected("%n"));
  EXPECT_TRUE(rejected("%*d"));
  EXPECT_TRUE(rejected("%.*d"));
  EXPECT_TRUE(rejected("%lld"));
  EXPECT_TRUE(rejected("%hld"));    // hl only with a vector specifier
  EXPECT_TRUE(rejected("%v4d"));    // a vector specifier needs a length modifier
  EXPECT_TRUE(rejected("%v5hld"));
  EXPECT_TRUE(rejected("%v4hhf"));
  EXPECT_TRUE(rejected("%hs"));
  EXPECT_TRUE(rejected("%5"));
}

TEST(PrintfFormat, IntegersAreExact) {
  EXPECT_EQ(judge1("%+6d", ival(42), "   +42"), "");
  EXPECT_NE(judge1("%+6d", ival(42), "  +42"), "");
  EXPECT_EQ(judge1("%.0d", ival(0), ""), "");      // C99: zero with precision 0 is no characters
  EXPECT_NE(judge1("%.0d", ival(0), "0"), "");
  EXPECT_EQ(judge1("%05.0d", ival(0), "     "), "");  // '0' ignored with a precision
  EXPECT_NE(judge1("%05.0d", ival(0), "00000"), "");
  EXPECT_EQ(judge1("%x", ival(-1), "ffffffff"), "");  // o u x X: the unsigned type of the argument's size
  EXPECT_EQ(judge1("%hhx", ival(-1, 1), "ff"), "");
  EXPECT_EQ(judge1("%#o", ival(8), "010"), "");
}

TEST(PrintfFormat, VectorsAreCommaSeparated) {
  PrintfFormat f = parse("%v2hld");
  EXPECT_EQ(judge_format(f, {{ival(1), ival(-2)}}, "1,-2"), "");
  EXPECT_NE(judge_format(f, {{ival(1), ival(-2)}}, "1, -2"), "");
  EXPECT_NE(judge_format(f, {{ival(1), ival(-2)}}, "1,-2,"), "");
  EXPECT_EQ(render_format(f, {{ival(1), ival(-2)}}), "1,-2");
}

TEST(PrintfFormat, InfinityAndNanForms) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(judge1("%f", fval(-inf), "-inf"), "");
  EXPECT_EQ(judge1("%f", fval(-inf), "-infinity"), "");
  EXPECT_EQ(judge1("%F", fval(inf), "INFINITY"), "");
  EXPECT_NE(judge1("%F", fval(inf), "inf"), "");
  EXPECT_NE(judge1("%f", fval(-inf), "inf"), "");
  EXPECT_EQ(judge1("%+f", fval(inf), "+inf"), "");
  EXPECT_EQ(judge1("% f", fval(inf), " inf"), "");
  EXPECT_EQ(judge1("% 6f", fval(-inf), "  -inf"), "");
  EXPECT_EQ(judge1("%08f", fval(inf), "     inf"), "");  // '0' has no effect
  EXPECT_NE(judge1("%08f", fval(inf), "00000inf"), "");
  EXPECT_EQ(judge1("%-6e", fval(inf), "inf   "), "");
  EXPECT_NE(judge1("%6e", fval(inf), "inf"), "");
  EXPECT_EQ(judge1("%g", fval(nan), "nan"), "");
  EXPECT_EQ(judge1("%g", fval(nan), "-nan"), "");
  EXPECT_EQ(judge1("%g", fval(nan), "nan(0x7ff8)"), "");
  EXPECT_EQ(judge1("%G", fval(nan), "NAN"), "");
  EXPECT_NE(judge1("%G", fval(nan), "nan"), "");
  EXPECT_NE(judge1("%g", fval(nan), "nan(x y)"), "");
  EXPECT_EQ(judge1("% g", fval(nan), " nan"), "");
  EXPECT_EQ(judge1("% g", fval(nan), "-nan"), "");
  EXPECT_EQ(judge1("% 6g", fval(nan), "  -nan"), "");
  EXPECT_EQ(judge1("% 6g", fval(nan), "   nan"), "");
  EXPECT_NE(judge1("% 6g", fval(nan), "  nan"), "");
  EXPECT_NE(judge1("%+g", fval(nan), "nan"), "");
}

TEST(PrintfFormat, HexFloatsJudgedByValue) {
  EXPECT_EQ(judge1("%a", fval(1.0), "0x1p+0"), "");
  EXPECT_EQ(judge1("%a", fval(1.0), "0x8p-3"), "");  // the leading digit is unspecified
  EXPECT_NE(judge1("%a", fval(1.0), "0x1p+1"), "");
  EXPECT_NE(judge1("%a", fval(1.0), "0X1P+0"), "");
  EXPECT_EQ(judge1("%A", fval(-0.75), "-0X1.8P-1"), "");
  EXPECT_EQ(judge1("%a", fval(0.0), "0x0p+0"), "");
  EXPECT_NE(judge1("%a", fval(0.0), "0x0p+3"), "");  // zero has exponent zero
  EXPECT_EQ(judge1("%.1a", fval(1.0 + 1.0 / 64), "0x1.0p+0"), "");
  EXPECT_NE(judge1("%.1a", fval(1.0 + 1.0 / 64), "0x1.00p+0"), "");
  EXPECT_NE(judge1("%.1a", fval(1.0), "0x1.2p+0"), "");
  EXPECT_NE(judge1("%.1a", fval(1.0 + 3.0 / 64), "0x1.0p+0"), "");  // 0x1.0c: nearest is 0x1.1
  EXPECT_EQ(judge1("%.1a", fval(1.0 + 3.0 / 64), "0x1.1p+0"), "");
  EXPECT_EQ(judge1("%#.0a", fval(1.0), "0x1.p+0"), "");
  EXPECT_NE(judge1("%.0a", fval(1.0), "0x1.p+0"), "");
  EXPECT_EQ(judge1("%010a", fval(1.0), "0x00001p+0"), "");  // '0' pads after 0x
  EXPECT_NE(judge1("%012a", fval(1.0), "0x00001p+0"), "");
  EXPECT_EQ(judge1("%012a", fval(1.0), "0x0000001p+0"), "");
  EXPECT_NE(judge1("%a", fval(1.0), "0x01p+0"), "");
  EXPECT_EQ(judge1("% a", fval(2.0), " 0x1p+1"), "");
  EXPECT_NE(judge1("%a", fval(std::ldexp(1.0, -1074)), "0x0p+0"), "");
}

TEST(PrintfFormat, DecimalDigitsPastDecimalDig) {
  // 2^70 = 1180591620717411303424: 22 significant digits; the first 17 must agree.
  const double v = std::ldexp(1.0, 70);
  EXPECT_EQ(judge1("%.0f", fval(v), "1180591620717411303424"), "");
  EXPECT_EQ(judge1("%.0f", fval(v), "1180591620717411300000"), "");
  EXPECT_NE(judge1("%.0f", fval(v), "1180591620717411400000"), "");
  EXPECT_NE(judge1("%.3f", fval(0.1), "0.101"), "");
  EXPECT_NE(judge1("%e", fval(1.0), "1.000000e+01"), "");
}

TEST(PrintfFormat, StringsAndChars) {
  PrintfValue s;
  s.kind = PrintfValue::Kind::String;
  s.s = "abc";
  EXPECT_EQ(judge1("%5.1s", s, "    a"), "");
  EXPECT_NE(judge1("%5.1s", s, " "), "");
  EXPECT_EQ(judge1("%-4s", s, "abc "), "");
  EXPECT_EQ(judge1("%3c", ival(0x141), "  A"), "");  // int converted to unsigned char
}

}  // namespace
}  // namespace clconform::ref
