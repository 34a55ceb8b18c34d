// report.html of the recorded runs: content, escaping, self-containment.
#include <gtest/gtest.h>

#include "reports/reports.hpp"
#include "test_support.hpp"

namespace clconform::reports {
namespace {

using testing::count_of;
using testing::fixture;
using testing::read_file;
using testing::ScratchDir;

std::string html_of(const std::string& name, ScratchDir& dir) {
  write_html(load_run(fixture(name)), dir.file(name + ".html"));
  return read_file(dir.file(name + ".html"));
}

// What the element with id="ID" opens with up to its end tag (approximate:
// up to the next close of the same kind, enough for these flat sections).
std::string element(const std::string& html, const std::string& id, const std::string& end_tag) {
  const size_t start = html.find("id=\"" + id + "\"");
  if (start == std::string::npos) return "";
  const size_t end = html.find(end_tag, start);
  return html.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

TEST(Html, SelfContainedAndBalanced) {
  ScratchDir dir;
  const std::string html = html_of("normal", dir);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(count_of(html, "<script src"), 0u);
  EXPECT_EQ(count_of(html, "<link"), 0u);
  EXPECT_EQ(count_of(html, "http://"), 0u);
  EXPECT_EQ(count_of(html, "https://"), 0u);
  EXPECT_EQ(count_of(html, "<details"), count_of(html, "</details>"));
  EXPECT_EQ(count_of(html, "<table"), count_of(html, "</table>"));
  EXPECT_EQ(count_of(html, "<section"), count_of(html, "</section>"));
  EXPECT_EQ(count_of(html, "<svg"), count_of(html, "</svg>"));
  EXPECT_EQ(count_of(html, "<script>"), 1u);
  // Without the script the controls that need it stay hidden; the tables are all there.
  EXPECT_EQ(count_of(html, "<div class=\"filter\" hidden"), count_of(html, "<div class=\"filter\""));
}

TEST(Html, HeaderDescribesDeviceAndRun) {
  ScratchDir dir;
  const std::string html = html_of("normal", dir);
  const std::string run = element(html, "run", "</section>");
  for (const char* want : {"pthread-haswell-AMD EPYC", "Portable Computing Language, OpenCL 3.0 PoCL 3.1",
                           "<dd>3.1</dd>", "OpenCL 3.0 PoCL HSTR: pthread-x86_64", "OpenCL C 1.2 PoCL", "no / yes",
                           "denorm, inf_nan, round_to_nearest, fma", "<code>-cl-denorms-are-zero</code>",
                           "<dd>quick</dd>", "<dd>1</dd>", "2026-11-20T23:00:00Z", "2026-11-20T23:01:10Z", "70.2 s",
                           "v0.1.0-12-gabcdef", "16 GiB, 4 GiB", "3 extensions", "<dt>half fp config</dt><dd>none</dd>",
                           "16 recorded of 16 selected"}) {
    EXPECT_NE(run.find(want), std::string::npos) << want;
  }
  EXPECT_NE(html.find("<span class=\"verdict fail\">FAIL: 5 of 16 cases</span>"), std::string::npos);
}

TEST(Html, SummaryCountsPerSuite) {
  ScratchDir dir;
  const std::string summary = element(html_of("normal", dir), "summary-table", "</table>");
  // math: 7 cases, then pass fail known_fail xpass unsupported info timeout crash
  const std::string math = summary.substr(summary.find("<td>math</td>"));
  std::string cells;
  for (size_t p = math.find("data-v=\""); p != std::string::npos && cells.size() < 40; p = math.find("data-v=\"", p + 1)) {
    cells += math.substr(p + 8, math.find('"', p + 8) - p - 8) + " ";
  }
  EXPECT_EQ(cells.substr(0, 18), "7 2 1 1 1 0 0 1 1 ") << cells;
  EXPECT_NE(summary.find("<tr class=\"total\"><td>total</td><td class=\"n\" data-v=\"16\">16</td>"), std::string::npos);
}

TEST(Html, FailuresShowValuesReproAndEscapedSource) {
  ScratchDir dir;
  const std::string html = html_of("normal", dir);
  const std::string sin = element(html, "case-math.sin.float4", "</details>\n<details class=\"case\"");
  ASSERT_FALSE(sin.empty());
  EXPECT_NE(sin.find("<code>0x40490fdb</code><span class=\"dec\">float 3.1415927</span>"), std::string::npos) << sin;
  EXPECT_NE(sin.find("<code>0xb3bbbd30</code>"), std::string::npos) << sin;
  EXPECT_NE(sin.find("5.5"), std::string::npos);
  EXPECT_NE(sin.find("clconform run --suite math --filter math.sin.float4 --seed 1 --device 0:0 --index 4242"),
            std::string::npos);

  // as_type between float and int: the type is ambiguous, so hex only.
  const std::string astype = element(html, "case-astype.float4.int4", "</details>\n<details class=\"case\"");
  EXPECT_NE(astype.find("<code>0x7f800001</code></td>"), std::string::npos) << astype;
  EXPECT_NE(astype.find("signalling NaN payload changed"), std::string::npos);
  EXPECT_NE(astype.find("clconform run --suite astype --filter astype.float4.int4 --seed 1 --device 0:0 --index 17"),
            std::string::npos);
  EXPECT_NE(astype.find("out[i] = as_int4(in[i]); /* bits &lt; 2^32 &amp; kept */"), std::string::npos) << astype;

  // Kernel source and build log are escaped; the terminal escape becomes visible text.
  EXPECT_NE(html.find("if (v.x &lt; 3 &amp;&amp; v.y &gt; 1)"), std::string::npos);
  EXPECT_EQ(html.find("v.x < 3"), std::string::npos);
  EXPECT_NE(html.find("\\x1B[1m&lt;source&gt;:3:5: error:\\x1B[0m"), std::string::npos);
  EXPECT_EQ(html.find('\x1b'), std::string::npos);

  // Timeouts, crashes, known failures and xpass are listed too.
  for (const char* id : {"math.pow.float", "math.sqrt.double", "math.tan.double2", "math.exp.float16", "types.ushort3.vload"}) {
    EXPECT_NE(html.find(std::string("id=\"case-") + id + "\""), std::string::npos) << id;
  }
  EXPECT_NE(html.find("PoCL tan near pi/2 (upstream issue 1234)"), std::string::npos);
}

TEST(Html, AccuracyTableAndHistograms) {
  ScratchDir dir;
  const std::string html = html_of("normal", dir);
  const std::string table = element(html, "accuracy-table", "</table>");
  EXPECT_EQ(count_of(table, "<tr data-id="), 5u);  // sin, cos, ldexp, tan, exp
  EXPECT_NE(table.find("<tr data-id=\"math.sin.float4\" data-over=\"1\">"), std::string::npos);
  EXPECT_NE(table.find("<tr data-id=\"math.cos.float\" data-over=\"0\">"), std::string::npos);
  // Worst first: sin is at 137% of its bound, tan at 140%.
  EXPECT_LT(table.find("math.tan.double2"), table.find("math.sin.float4"));
  EXPECT_LT(table.find("math.sin.float4"), table.find("math.cos.float"));
  // Declared argument types decode mixed signatures; a decimal reference stays as written.
  EXPECT_NE(table.find("<code>0x00000003</code><span class=\"dec\">int 3</span>"), std::string::npos);
  EXPECT_NE(table.find("<code>0x3f800000</code><span class=\"dec\">float 1</span>"), std::string::npos);
  EXPECT_NE(table.find("<td>-4.3711388e-08</td>"), std::string::npos);
  EXPECT_EQ(count_of(table, "<svg class=\"bar\""), 5u);
  EXPECT_EQ(count_of(html, "<svg class=\"hist\""), 2u);
}

TEST(Html, UnsupportedInfoAndPassed) {
  ScratchDir dir;
  const std::string html = html_of("normal", dir);
  const std::string unsupported = element(html, "unsupported", "</section>");
  EXPECT_NE(unsupported.find("<td>needs cl_khr_fp16</td><td class=\"n\">2</td>"), std::string::npos) << unsupported;
  EXPECT_NE(unsupported.find("half.half_arith.half4"), std::string::npos);
  EXPECT_NE(element(html, "info", "</section>").find("size_t is 64 bits on this device"), std::string::npos);
  const std::string passed = element(html, "passed", "</section>");
  EXPECT_NE(passed.find("types: 2 passed"), std::string::npos) << passed;
  EXPECT_NE(passed.find("types.int.literal_hex"), std::string::npos);
}

TEST(Html, CrashedAndEmptyRuns) {
  ScratchDir dir;
  const std::string crashed = html_of("crashed", dir);
  EXPECT_NE(crashed.find("INCOMPLETE: the run did not finish (3 of 6 cases done)"), std::string::npos);
  EXPECT_NE(crashed.find("<div class=\"warn\">results.jsonl line 4 skipped: cut off mid-write</div>"), std::string::npos);
  EXPECT_NE(crashed.find("<strong>did not finish</strong>"), std::string::npos);

  const std::string empty = html_of("empty", dir);
  EXPECT_NE(empty.find("NO CASES"), std::string::npos);
  EXPECT_NE(empty.find("No case failed."), std::string::npos);
  EXPECT_NE(empty.find("No case measured a ULP error."), std::string::npos);
}

TEST(Html, WriteAllWritesTheThreeFiles) {
  ScratchDir dir;
  const std::string run = dir.copy_fixture("normal");
  write_all(run);
  for (const char* name : {"junit.xml", "summary.md", "report.html"}) {
    EXPECT_GT(read_file(run + "/" + name).size(), 500u) << name;
  }
}

TEST(Html, UnwritablePathThrows) {
  const RunData run = load_run(fixture("empty"));
  EXPECT_THROW(write_html(run, "/nonexistent-folder/report.html"), std::runtime_error);
}

}  // namespace
}  // namespace clconform::reports
