// A regression against the accuracy baseline is a status of its own: it
// fails the run and shows in the summary, the HTML report and JUnit, where
// its failure type lets a CI server select it.
#include <gtest/gtest.h>

#include "reports/reports.hpp"
#include "test_support.hpp"

using namespace clconform::reports;
using namespace clconform::testing;

namespace {

const char* kRun = R"({"format": 1, "suites": ["math"], "mode": "quick", "seed": 1, "device": {"name": "d"},
  "finished": "2026-11-23T10:00:00Z"})";
const char* kRecords =
    R"({"case": "math.sin", "suite": "math", "labels": ["math"], "status": "regression", "checked": 600, "failed": 0, "detail": "worse than the baseline (width 4: max error 2.5 ulp, baseline 1.5); 600 values", "metrics": {"max_ulp": 2.5, "bound": 4}, "baseline": {"file": "b.json", "regressions": ["width 4: max error 2.5 ulp, baseline 1.5"], "improvements": []}})"
    "\n"
    R"({"case": "math.cos", "suite": "math", "labels": ["math"], "status": "pass", "checked": 600, "failed": 0, "baseline": {"file": "b.json", "regressions": [], "improvements": ["width 1: max error 0.5 ulp, baseline 0.9"]}})"
    "\n";

}  // namespace

TEST(BaselineReport, RegressionShowsEverywhereAndFailsTheRun) {
  ScratchDir dir;
  write_text(dir.file("run.json"), kRun);
  write_text(dir.file("results.jsonl"), kRecords);
  const RunData run = load_run(dir.path().string());
  ASSERT_EQ(run.cases.size(), 2u);
  EXPECT_EQ(run.cases[0].status, Status::Regression);
  EXPECT_TRUE(fails_run(Status::Regression));
  EXPECT_EQ(tally(run).total.failing(), 1u);

  const std::string summary = summary_table(run);
  EXPECT_NE(summary.find("1 regressions"), std::string::npos) << summary;
  EXPECT_NE(summary.find("1 cases more accurate than the baseline"), std::string::npos) << summary;
  EXPECT_NE(summary.find("RESULT: FAIL"), std::string::npos) << summary;

  write_html(run, dir.file("report.html"));
  const std::string html = read_file(dir.file("report.html"));
  EXPECT_NE(html.find("worse than baseline"), std::string::npos);
  EXPECT_NE(html.find("width 4: max error 2.5 ulp, baseline 1.5"), std::string::npos);
  // The baseline section lists the regression before the improvement.
  const size_t section = html.find("<section id=\"baseline\">");
  ASSERT_NE(section, std::string::npos);
  EXPECT_LT(html.find("math.sin", section), html.find("math.cos", section));

  write_junit(run, dir.file("junit.xml"));
  const std::string junit = read_file(dir.file("junit.xml"));
  EXPECT_NE(junit.find("type=\"regression\""), std::string::npos) << junit;
  EXPECT_NE(junit.find("worse than the baseline: width 4"), std::string::npos) << junit;
  EXPECT_EQ(count_of(junit, "<failure"), 1u);
}
