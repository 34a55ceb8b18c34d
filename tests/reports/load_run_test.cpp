#include <gtest/gtest.h>

#include <cmath>

#include "reports/reports.hpp"
#include "test_support.hpp"

namespace clconform::reports {
namespace {

using testing::fixture;
using testing::ScratchDir;
using testing::write_text;

const CaseRecord* find(const RunData& run, const std::string& id) {
  for (const CaseRecord& c : run.cases) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

TEST(LoadRun, ReadsRunJsonAndEveryRecord) {
  const RunData run = load_run(fixture("normal"));
  EXPECT_TRUE(run.finished());
  EXPECT_TRUE(run.warnings.empty());
  EXPECT_EQ(run.skipped_lines, 0u);
  EXPECT_EQ(run.cases.size(), 16u);
  EXPECT_EQ(run.run.mode, "quick");
  EXPECT_EQ(run.run.seed, 1u);
  EXPECT_EQ(run.run.build_options, "-cl-denorms-are-zero");
  EXPECT_EQ(run.run.device.name, "pthread-haswell-AMD EPYC");
  EXPECT_EQ(run.run.device.c_version, "OpenCL C 1.2 PoCL");
  EXPECT_EQ(run.run.device.fp64, true);
  EXPECT_EQ(run.run.device.fp16, false);
  EXPECT_EQ(run.run.device.max_alloc_bytes, 4294967296u);
  EXPECT_EQ(run.run.device.single_fp_config.size(), 4u);
}

TEST(LoadRun, KeepsFailureDetails) {
  const RunData run = load_run(fixture("normal"));
  const CaseRecord* sin = find(run, "math.sin.float4");
  ASSERT_NE(sin, nullptr);
  EXPECT_EQ(sin->status, Status::Fail);
  ASSERT_EQ(sin->failures.size(), 2u);
  EXPECT_EQ(sin->failures[0].index, 4242u);
  EXPECT_EQ(sin->failures[0].lane, 1u);
  EXPECT_EQ(sin->failures[0].values.inputs, std::vector<std::string>{"0x40490fdb"});
  EXPECT_EQ(sin->failures[0].ulp, 5.5);
  ASSERT_TRUE(sin->metrics && sin->metrics->histogram);
  EXPECT_EQ(sin->metrics->bound, 4.0);
  EXPECT_EQ(sin->metrics->histogram->total(), 65536u);
  EXPECT_EQ(sin->metrics->mpfr_fallbacks, 12u);

  const CaseRecord* tan = find(run, "math.tan.double2");
  ASSERT_NE(tan, nullptr);
  EXPECT_EQ(tan->known_failure_entry, "pocl-3.1/math.tan.double* (1 wrong values excused, at most 1)");

  const CaseRecord* ldexp = find(run, "math.ldexp.float");
  ASSERT_TRUE(ldexp && ldexp->types);
  EXPECT_EQ(ldexp->types->inputs, (std::vector<std::string>{"float", "int"}));

  const CaseRecord* vload = find(run, "types.ushort3.vload");
  ASSERT_NE(vload, nullptr);
  EXPECT_NE(vload->build_log.find('\x1b'), std::string::npos);  // escapes arrive as written
}

TEST(LoadRun, EmptyRunHasNoCasesButItsSuites) {
  const RunData run = load_run(fixture("empty"));
  EXPECT_TRUE(run.cases.empty());
  EXPECT_TRUE(run.warnings.empty());
  const Tally t = tally(run);
  ASSERT_EQ(t.suites.size(), 1u);
  EXPECT_EQ(t.suites[0].suite, "types");
  EXPECT_EQ(t.total.cases, 0u);
}

TEST(LoadRun, CrashedRunSkipsTheCutOffLine) {
  const RunData run = load_run(fixture("crashed"));
  EXPECT_FALSE(run.finished());
  EXPECT_EQ(run.cases.size(), 3u);
  EXPECT_EQ(run.skipped_lines, 1u);
  ASSERT_EQ(run.warnings.size(), 2u);
  EXPECT_NE(run.warnings[0].find("line 4"), std::string::npos);
  EXPECT_NE(run.warnings[0].find("cut off"), std::string::npos);
  EXPECT_NE(run.warnings[1].find("did not finish"), std::string::npos);
}

TEST(LoadRun, LastRecordOfACaseWins) {
  const RunData run = load_run(fixture("resumed"));
  ASSERT_EQ(run.cases.size(), 4u);
  EXPECT_EQ(run.superseded_records, 1u);
  EXPECT_EQ(run.skipped_lines, 1u);  // the half line the crash left in the middle
  EXPECT_EQ(run.cases[0].id, "types.int.literal_hex");  // first appearance keeps its place
  EXPECT_EQ(run.cases[0].status, Status::Pass);
  EXPECT_EQ(run.cases[0].detail, "16 values, bits identical (after resume)");
  EXPECT_EQ(tally(run).total[Status::Crash], 0u);
}

TEST(LoadRun, UnreadableFolderThrowsOneLine) {
  try {
    load_run(fixture("no-such-run"));
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("run.json"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST(LoadRun, BrokenRunJsonThrows) {
  ScratchDir dir;
  write_text(dir.file("run.json"), "{\"format\": 1, \"device\": ");
  write_text(dir.file("results.jsonl"), "");
  EXPECT_THROW(load_run(dir.path().string()), std::runtime_error);
}

TEST(LoadRun, BadRecordsAreSkippedWithAReason) {
  ScratchDir dir;
  write_text(dir.file("run.json"), "{\"format\": 1, \"finished\": \"x\"}");
  write_text(dir.file("results.jsonl"),
             "{\"case\": \"a.b\", \"suite\": \"a\", \"status\": \"exploded\", \"checked\": 1, \"failed\": 0}\n"
             "{\"suite\": \"a\", \"status\": \"pass\"}\n"
             "\n"
             "{\"case\": \"a.c\", \"suite\": \"a\", \"status\": \"pass\", \"checked\": 2, \"failed\": 0,"
             " \"metrics\": {\"max_ulp\": \"inf\", \"bound\": 4}}\n");
  const RunData run = load_run(dir.path().string());
  ASSERT_EQ(run.cases.size(), 1u);
  EXPECT_TRUE(std::isinf(*run.cases[0].metrics->max_ulp));
  EXPECT_EQ(run.skipped_lines, 2u);
  ASSERT_EQ(run.warnings.size(), 2u);
  EXPECT_NE(run.warnings[0].find("unknown status \"exploded\""), std::string::npos) << run.warnings[0];
  EXPECT_NE(run.warnings[1].find("missing key \"case\""), std::string::npos) << run.warnings[1];
}

TEST(LoadRun, MissingResultsFileIsAWarningNotAnError) {
  ScratchDir dir;
  write_text(dir.file("run.json"), "{\"format\": 1}");
  const RunData run = load_run(dir.path().string());
  EXPECT_TRUE(run.cases.empty());
  ASSERT_FALSE(run.warnings.empty());
  EXPECT_NE(run.warnings[0].find("results.jsonl is missing"), std::string::npos);
}

}  // namespace
}  // namespace clconform::reports
