// The plain-text summary and the Markdown summary.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <sstream>

#include "reports/reports.hpp"
#include "test_support.hpp"

namespace clconform::reports {
namespace {

using testing::count_of;
using testing::fixture;
using testing::read_file;
using testing::ScratchDir;

// The words of the line of TEXT that starts with FIRST.
std::vector<std::string> row(const std::string& text, const std::string& first) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::vector<std::string> out;
    for (std::string w; words >> w;) out.push_back(w);
    if (!out.empty() && out[0] == first) return out;
  }
  return {};
}

using Words = std::vector<std::string>;

TEST(SummaryTable, CountsPerSuiteAndTotal) {
  const std::string text = summary_table(load_run(fixture("normal")));
  EXPECT_EQ(row(text, "suite"), (Words{"suite", "pass", "fail", "known", "xpass", "unsup", "info", "timeout", "crash", "error", "regr", "values"}));
  EXPECT_EQ(row(text, "types"), (Words{"types", "2", "1", "0", "0", "0", "1", "0", "0", "0", "0", "81"})) << text;
  EXPECT_EQ(row(text, "astype"), (Words{"astype", "1", "1", "0", "0", "0", "0", "0", "0", "0", "0", "8,192"})) << text;
  EXPECT_EQ(row(text, "math"), (Words{"math", "2", "1", "1", "1", "0", "0", "1", "1", "0", "0", "208,896"})) << text;
  EXPECT_EQ(row(text, "half"), (Words{"half", "1", "0", "0", "0", "2", "0", "0", "0", "0", "0", "65,536"})) << text;
  EXPECT_EQ(row(text, "total"), (Words{"total", "6", "3", "1", "1", "2", "1", "1", "1", "0", "0", "282,705"})) << text;
  EXPECT_NE(text.find("RESULT: FAIL, 5 of 16 cases"), std::string::npos) << text;
}

// A case that could not be carried out (an OpenCL call failed) fails the run
// like a wrong value does, and has its own column.
TEST(SummaryTable, ErrorRecordsFailTheRun) {
  const std::string dir = ::testing::TempDir() + "/error_status_run";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/run.json") << R"({"format": 1, "suites": ["s"], "mode": "quick", "device": {"name": "d"}})";
  std::ofstream(dir + "/results.jsonl")
      << R"({"case": "s.a", "suite": "s", "group": "alpha", "labels": ["s"], "status": "pass", "checked": 4, "failed": 0})" "\n"
      << R"({"case": "s.b", "suite": "s", "group": "beta", "labels": ["s"], "status": "error", "detail": "clEnqueueNDRangeKernel failed with CL_OUT_OF_RESOURCES", "checked": 0, "failed": 0})" "\n";
  const RunData run = load_run(dir);
  EXPECT_EQ(run.cases.size(), 2u);
  EXPECT_EQ(tally(run).total.failing(), 1u);
  const std::string text = summary_table(run);
  EXPECT_EQ(row(text, "s"), (Words{"s", "1", "0", "0", "0", "0", "0", "0", "0", "1", "0", "4"})) << text;
  EXPECT_NE(text.find("RESULT: FAIL"), std::string::npos) << text;
  EXPECT_NE(text.find("s: alpha 1, beta 1"), std::string::npos) << text;  // cases per manifest group
}

TEST(SummaryTable, WorstFailuresFirstAndOneScreen) {
  const std::string text = summary_table(load_run(fixture("normal")));
  const size_t crash = text.find("crash    math.sqrt.double");
  const size_t timeout = text.find("timeout  math.pow.float");
  const size_t sin = text.find("math.sin.float4");
  ASSERT_NE(crash, std::string::npos) << text;
  ASSERT_NE(timeout, std::string::npos) << text;
  ASSERT_NE(sin, std::string::npos) << text;
  EXPECT_LT(crash, timeout);
  EXPECT_LT(timeout, sin);
  EXPECT_NE(text.find("max 5.5 ulp (bound 4)"), std::string::npos) << text;
  EXPECT_NE(text.find("1 xpass"), std::string::npos) << text;
  EXPECT_LE(count_of(text, "\n"), 30u) << text;
}

TEST(SummaryTable, SaysWhenARunDidNotFinishOrRanNothing) {
  const std::string crashed = summary_table(load_run(fixture("crashed")));
  EXPECT_NE(crashed.find("DID NOT FINISH (3 of 6 cases done)"), std::string::npos) << crashed;
  EXPECT_NE(crashed.find("warning: results.jsonl line 4 skipped: cut off mid-write"), std::string::npos) << crashed;
  EXPECT_NE(crashed.find("RESULT: INCOMPLETE"), std::string::npos) << crashed;

  const std::string empty = summary_table(load_run(fixture("empty")));
  EXPECT_NE(empty.find("RESULT: NO CASES"), std::string::npos) << empty;
}

TEST(Markdown, TablePerSuiteAndFailureList) {
  ScratchDir dir;
  write_markdown(load_run(fixture("normal")), dir.file("summary.md"));
  const std::string md = read_file(dir.file("summary.md"));
  EXPECT_NE(md.find("## clconform on pthread-haswell-AMD EPYC: FAIL"), std::string::npos) << md;
  EXPECT_NE(md.find("| math | 2 | 1 | 1 | 1 | 0 | 0 | 1 | 1 | 0 | 0 | 208,896 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| **total** | 6 | 3 | 1 | 1 | 2 | 1 | 1 | 1 | 0 | 0 | 282,705 |"), std::string::npos) << md;
  EXPECT_NE(md.find("### Failures (5)"), std::string::npos) << md;
  EXPECT_NE(md.find("- **crash** `math.sqrt.double`: worker died: signal 11 (SIGSEGV)"), std::string::npos) << md;
  EXPECT_NE(md.find("repro: `clconform run --suite astype --filter astype.float4.int4 --seed 1 --device 0:0 --index 17`"),
            std::string::npos) << md;
  EXPECT_NE(md.find("### Known failures (1)"), std::string::npos) << md;
  EXPECT_NE(md.find("known: PoCL tan near pi/2 (upstream issue 1234)"), std::string::npos) << md;
}

TEST(Markdown, CrashedRunIsMarkedIncompleteWithItsWarnings) {
  ScratchDir dir;
  write_markdown(load_run(fixture("crashed")), dir.file("summary.md"));
  const std::string md = read_file(dir.file("summary.md"));
  EXPECT_NE(md.find(": INCOMPLETE"), std::string::npos) << md;
  EXPECT_NE(md.find("**the run did not finish**"), std::string::npos) << md;
  EXPECT_NE(md.find("- results.jsonl line 4 skipped: cut off mid-write"), std::string::npos) << md;
}

}  // namespace
}  // namespace clconform::reports
