// The small pieces every writer relies on: escaping, decoding bit
// patterns, number formatting.
#include <gtest/gtest.h>

#include <cmath>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/values.hpp"

namespace clconform::reports {
namespace {

TEST(Escape, MarkupAndQuotes) {
  EXPECT_EQ(escape_text("a < b && c > \"d\" 'e'"), "a &lt; b &amp;&amp; c &gt; \"d\" 'e'");
  EXPECT_EQ(escape_attr("a < b && \"d\" 'e'"), "a &lt; b &amp;&amp; &quot;d&quot; &#39;e&#39;");
  EXPECT_EQ(escape_attr("one\ttwo\nthree\rfour"), "one&#9;two&#10;three&#13;four");
  EXPECT_EQ(escape_text("keep\ttabs\nand lines"), "keep\ttabs\nand lines");
}

TEST(Escape, CharactersXmlForbidsBecomeVisible) {
  EXPECT_EQ(escape_text(std::string("nul\0bell\x07" "esc\x1b" "del\x7f", 17)), "nul\\x00bell\\x07esc\\x1Bdel\\x7F");
  EXPECT_EQ(escape_text("c1 \xc2\x85 nonchar \xef\xbf\xbf"), "c1 \\x85 nonchar \\uFFFF");
}

TEST(Escape, InvalidUtf8BecomesReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(escape_text("a\xff" "b"), "a" + fffd + "b");
  EXPECT_EQ(escape_text("\xc0\xaf"), fffd + fffd);            // overlong '/'
  EXPECT_EQ(escape_text("\xed\xa0\x80"), fffd + fffd + fffd);  // a surrogate
  EXPECT_EQ(escape_text("cut \xe2\x82"), "cut " + fffd + fffd);
  EXPECT_EQ(escape_text("ok \xe2\x82\xac \xf0\x9f\x98\x80"), "ok \xe2\x82\xac \xf0\x9f\x98\x80");
}

CaseRecord record(const std::string& id) {
  CaseRecord c;
  c.id = id;
  return c;
}

TEST(Values, TypeFromTheCaseId) {
  const CaseRecord sin = record("math.sin.float4");
  const ValueReader v(sin);
  EXPECT_EQ(v.input(0, "0x3f800000").plain(), "0x3f800000 (float 1)");
  EXPECT_EQ(v.input(0, "0xc0490fdb").plain(), "0xc0490fdb (float -3.1415927)");
  EXPECT_EQ(v.input(0, "0x7f800000").plain(), "0x7f800000 (float inf)");
  EXPECT_EQ(v.input(0, "0x7f800001").plain(), "0x7f800001 (float snan)");
  EXPECT_EQ(v.input(0, "0xffc00000").plain(), "0xffc00000 (float -nan)");
  EXPECT_EQ(v.input(0, "0x00000001").plain(), "0x00000001 (float 1e-45)");
  EXPECT_EQ(v.input(0, "0x3ff0000000000000").plain(), "0x3ff0000000000000");  // no 64-bit type named
  EXPECT_EQ(v.expected("1.2345e-3").plain(), "1.2345e-3");                    // a reference value as written

  const CaseRecord conv = record("conversions.convert_uchar_sat_rte.double");
  const ValueReader c(conv);
  EXPECT_EQ(c.output("0xff").plain(), "0xff (uchar 255)");
  EXPECT_EQ(c.input(0, "0xc00921fb54442d18").plain(), "0xc00921fb54442d18 (double -3.141592653589793)");
}

TEST(Values, IntegersAndHalf) {
  const CaseRecord i = record("integer.abs.int.char16.long.short2");
  const ValueReader v(i);
  EXPECT_EQ(v.input(0, "0xffffffff").plain(), "0xffffffff (int -1)");
  EXPECT_EQ(v.input(0, "0x80").plain(), "0x80 (char -128)");
  EXPECT_EQ(v.input(0, "0x8000").plain(), "0x8000 (short -32768)");
  EXPECT_EQ(v.input(0, "0x8000000000000000").plain(), "0x8000000000000000 (long -9223372036854775808)");

  const CaseRecord h = record("half.vload_half.half8");
  const ValueReader hv(h);
  EXPECT_EQ(hv.input(0, "0x3c00").plain(), "0x3c00 (half 1)");
  EXPECT_EQ(hv.input(0, "0x0001").plain(), "0x0001 (half 5.9605e-08)");
  EXPECT_EQ(hv.input(0, "0x7bff").plain(), "0x7bff (half 65504)");
  EXPECT_EQ(hv.input(0, "0xfe00").plain(), "0xfe00 (half -nan)");
}

TEST(Values, AmbiguousOrUnknownStaysHex) {
  const CaseRecord astype = record("astype.float4.int4");
  EXPECT_EQ(ValueReader(astype).input(0, "0x3f800000").plain(), "0x3f800000");
  const CaseRecord none = record("types.swizzle.illegal");
  EXPECT_EQ(ValueReader(none).output("0x01").plain(), "0x01");
  const CaseRecord odd = record("math.sin.float");
  EXPECT_EQ(ValueReader(odd).output("0x3f80000").plain(), "0x3f80000");  // 7 digits: no width
  EXPECT_EQ(ValueReader(odd).output("0xzzzzzzzz").plain(), "0xzzzzzzzz");
}

TEST(Values, DeclaredTypesWin) {
  CaseRecord c = record("astype.float4.int4");
  c.types = ArgTypes{{"float"}, "int4"};
  const ValueReader v(c);
  EXPECT_EQ(v.input(0, "0x3f800000").plain(), "0x3f800000 (float 1)");
  EXPECT_EQ(v.output("0x3f800000").plain(), "0x3f800000 (int 1065353216)");
  EXPECT_EQ(v.output("0x3f80").plain(), "0x3f80");  // declared type does not fit the width
}

TEST(Format, NumbersAndText) {
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_count(1234567), "1,234,567");
  EXPECT_EQ(format_ulp(std::nullopt), "-");
  EXPECT_EQ(format_ulp(0.5), "0.5");
  EXPECT_EQ(format_ulp(HUGE_VAL), "inf");
  EXPECT_EQ(format_seconds(70.2), "70.2 s");
  EXPECT_EQ(format_seconds(7260), "2 h 01 min");
  // A damaged run.json may hold any duration: the fuzzer found one whose
  // minutes overflowed a long (tests/fuzz/crashes/run_json-huge-duration).
  EXPECT_EQ(format_seconds(1e300), "1e+300 s");
  EXPECT_EQ(one_line("a\nb", 10), "a b");
  EXPECT_EQ(one_line("abcdefghij", 6), "abc...");
  EXPECT_EQ(one_line("ab\xe2\x82\xac" "cdef", 6), "ab...");  // never half a character
  EXPECT_EQ(scalar_type_of("float16"), "float");
  EXPECT_EQ(scalar_type_of("float5"), "");
  EXPECT_EQ(scalar_type_of("sin"), "");
}

}  // namespace
}  // namespace clconform::reports
