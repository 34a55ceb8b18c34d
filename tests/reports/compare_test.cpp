// Comparing runs: last night (normal) against tonight, and more.
#include <gtest/gtest.h>

#include <algorithm>

#include "reports/reports.hpp"
#include "test_support.hpp"

namespace clconform::reports {
namespace {

using testing::count_of;
using testing::fixture;
using testing::read_file;
using testing::ScratchDir;

bool has_change(const std::vector<Comparison::Change>& list, const std::string& id, Status from, Status to) {
  return std::any_of(list.begin(), list.end(),
                     [&](const Comparison::Change& c) { return c.id == id && c.run == 1 && c.from == from && c.to == to; });
}

const Comparison::FunctionUlp* function(const Comparison& cmp, const std::string& name) {
  for (const auto& f : cmp.functions) {
    if (f.function == name) return &f;
  }
  return nullptr;
}

TEST(Compare, RegressionsAndImprovementsAgainstTheFirstRun) {
  const Comparison cmp = compare({load_run(fixture("normal")), load_run(fixture("tonight"))});
  ASSERT_EQ(cmp.labels.size(), 2u);
  EXPECT_EQ(cmp.labels[0], "pthread-haswell-AMD EPYC 3.1");
  EXPECT_EQ(cmp.labels[1], "pthread-haswell-AMD EPYC 3.2");

  EXPECT_EQ(cmp.regressions.size(), 2u);
  EXPECT_TRUE(has_change(cmp.regressions, "types.char2.swizzle", Status::Pass, Status::Crash));
  EXPECT_TRUE(has_change(cmp.regressions, "math.cos.float", Status::Pass, Status::Fail));
  EXPECT_EQ(cmp.improvements.size(), 2u);
  EXPECT_TRUE(has_change(cmp.improvements, "math.sin.float4", Status::Fail, Status::Pass));
  EXPECT_TRUE(has_change(cmp.improvements, "math.sqrt.double", Status::Crash, Status::Pass));

  // Differing: the four changes and math.pow.float, which has no record tonight.
  EXPECT_EQ(cmp.differing.size(), 5u);
  EXPECT_EQ(cmp.identical, 11u);
  const auto pow = std::find_if(cmp.differing.begin(), cmp.differing.end(),
                                [](const Comparison::Row& r) { return r.id == "math.pow.float"; });
  ASSERT_NE(pow, cmp.differing.end());
  EXPECT_EQ(pow->status[0], Status::Timeout);
  EXPECT_FALSE(pow->status[1].has_value());
}

TEST(Compare, MaxUlpPerFunctionAcrossVectorWidths) {
  const Comparison cmp = compare({load_run(fixture("normal")), load_run(fixture("tonight"))});
  const auto* sin = function(cmp, "math.sin.float");
  ASSERT_NE(sin, nullptr);
  EXPECT_EQ(sin->max_ulp[0], 5.5);
  EXPECT_EQ(sin->max_ulp[1], 2.0);
  EXPECT_EQ(sin->bound, 4.0);
  const auto* sqrt = function(cmp, "math.sqrt.double");
  ASSERT_NE(sqrt, nullptr);
  EXPECT_FALSE(sqrt->max_ulp[0].has_value());  // crashed: nothing measured
  EXPECT_EQ(sqrt->max_ulp[1], 0.5);
  EXPECT_EQ(function(cmp, "math.pow.float"), nullptr);  // never measured
  // sin, cos and sqrt changed; ldexp, tan and exp did not.
  EXPECT_EQ(cmp.ulp_differing.size(), 3u);
}

// Per function, each run's change of max ULP against A, losses first.
TEST(Compare, AccuracyDeltasLossesFirst) {
  const Comparison cmp = compare({load_run(fixture("tonight")), load_run(fixture("normal"))});
  ASSERT_FALSE(cmp.less_accurate.empty());
  const Comparison::Delta& worst = cmp.less_accurate.front();
  EXPECT_EQ(worst.function, "math.sin.float");  // 2 -> 5.5 ulp
  EXPECT_EQ(worst.from, 2.0);
  EXPECT_EQ(worst.to, 5.5);
  for (const auto& d : cmp.less_accurate) EXPECT_GT(d.to, d.from) << d.function;
  for (const auto& d : cmp.more_accurate) EXPECT_LT(d.to, d.from) << d.function;
  const std::string text = comparison_table({load_run(fixture("tonight")), load_run(fixture("normal"))});
  EXPECT_NE(text.find("Less accurate than A"), std::string::npos) << text;
  EXPECT_LT(text.find("Less accurate than A"), text.find("Max ULP per function")) << text;
}

TEST(Compare, TextTable) {
  const std::string text = comparison_table({load_run(fixture("normal")), load_run(fixture("tonight"))});
  EXPECT_NE(text.find("Comparing 2 runs; A is the baseline."), std::string::npos) << text;
  EXPECT_NE(text.find("Status: 11 cases the same in every run, 5 differ."), std::string::npos) << text;
  EXPECT_NE(text.find("Regressions against A (2):"), std::string::npos) << text;
  EXPECT_NE(text.find("pass -> crash"), std::string::npos) << text;
  EXPECT_NE(text.find("Improvements against A (2):"), std::string::npos) << text;
  EXPECT_NE(text.find("math.pow.float"), std::string::npos) << text;
  EXPECT_NE(text.find("Max ULP per function: 3 the same in every run, 3 differ."), std::string::npos) << text;
}

TEST(Compare, SameRunTwiceHasNothingToReport) {
  const RunData run = load_run(fixture("normal"));
  const Comparison cmp = compare({run, run});
  EXPECT_EQ(cmp.labels[0], "normal #1");
  EXPECT_EQ(cmp.labels[1], "normal #2");
  EXPECT_TRUE(cmp.differing.empty());
  EXPECT_TRUE(cmp.regressions.empty());
  EXPECT_EQ(cmp.identical, 16u);
  EXPECT_NE(comparison_table({run, run}).find("No regressions against A."), std::string::npos);
}

TEST(Compare, ThreeRunsIncludingACrashedOne) {
  const std::vector<RunData> runs{load_run(fixture("normal")), load_run(fixture("tonight")), load_run(fixture("crashed"))};
  const Comparison cmp = compare(runs);
  EXPECT_EQ(cmp.labels[2], "crashed");  // devices agree, folders differ
  for (const auto& row : cmp.differing) EXPECT_EQ(row.status.size(), 3u);
  const std::string text = comparison_table(runs);
  EXPECT_NE(text.find("DID NOT FINISH"), std::string::npos) << text;
}

TEST(Compare, NoRunsIsAnError) { EXPECT_THROW(compare({}), std::invalid_argument); }

TEST(Compare, HtmlSideBySide) {
  ScratchDir dir;
  write_comparison_html({load_run(fixture("normal")), load_run(fixture("tonight"))}, dir.file("compare.html"));
  const std::string html = read_file(dir.file("compare.html"));
  EXPECT_EQ(count_of(html, "https://") + count_of(html, "http://") + count_of(html, "<script src"), 0u);
  EXPECT_NE(html.find("<span class=\"verdict fail\">2 regressions against A</span>"), std::string::npos);
  EXPECT_NE(html.find("<tr><td><code>types.char2.swizzle</code></td><td>B pthread-haswell-AMD EPYC 3.2</td>"
                      "<td><span class=\"badge pass\">pass</span></td><td><span class=\"badge crash\">crash</span></td>"),
            std::string::npos);
  EXPECT_NE(html.find("5 cases differ between the runs; 11 have the same status in every run"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"muted\">no record</td>"), std::string::npos);
  EXPECT_NE(html.find("<tr data-id=\"math.sin.float\">"), std::string::npos);
  EXPECT_NE(html.find(">5.5</td>"), std::string::npos);
  EXPECT_NE(html.find(">2 *</td>"), std::string::npos);
  EXPECT_EQ(count_of(html, "<table"), count_of(html, "</table>"));
}

}  // namespace
}  // namespace clconform::reports
