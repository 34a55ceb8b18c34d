// A run of 100,000 cases, written here rather than kept as a fixture: the
// reports must stay fast to write and small enough to open.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "reports/reports.hpp"
#include "test_support.hpp"

namespace clconform::reports {
namespace {

using testing::count_of;
using testing::read_file;
using testing::ScratchDir;

constexpr int kCases = 100000;

// Mostly passes, as a real run is, with every status present and a
// generous share of failures carrying values, sources and metrics.
void write_large_run(const std::string& dir) {
  std::filesystem::create_directory(dir);
  std::ofstream run(dir + "/run.json");
  run << R"({"format": 1, "clconform_version": "v0.1.0", "suites": ["types", "vectors", "conversions", "math", "half"],)"
         R"( "mode": "full", "seed": 7, "started": "2026-11-20T23:00:00Z", "finished": "2026-11-21T01:00:00Z",)"
         R"( "duration_s": 7200, "device": {"name": "big device", "driver_version": "1.0"}})";
  std::ofstream out(dir + "/results.jsonl");
  const char* suites[] = {"types", "vectors", "conversions", "math", "half"};
  const char* types[] = {"float", "float2", "float4", "float8", "float16", "double", "int4", "uchar16"};
  for (int i = 0; i < kCases; ++i) {
    const std::string suite = suites[i % 5];
    const std::string id = suite + ".fn" + std::to_string(i / 40) + "." + types[i % 8] + ".v" + std::to_string(i);
    std::string status = "pass";
    if (i % 50 == 1) status = "fail";
    else if (i % 97 == 2) status = "unsupported";
    else if (i % 199 == 3) status = "info";
    else if (i % 499 == 4) status = "known_fail";
    else if (i % 1999 == 5) status = "xpass";
    else if (i % 4999 == 6) status = "timeout";
    else if (i % 9999 == 7) status = "crash";
    const std::string detail =
        status == "unsupported" ? "needs cl_khr_fp16 (reason " + std::to_string(i % 3) + ")" : "case " + std::to_string(i);
    out << R"({"case": ")" << id << R"(", "suite": ")" << suite << R"(", "labels": [")" << suite << R"("], "status": ")"
        << status << R"(", "detail": ")" << detail << R"(", "checked": 4096, "failed": )" << (status == "fail" ? 3 : 0)
        << R"(, "time_s": 0.01)";
    if (status == "fail" || status == "crash" || status == "timeout") {
      out << R"(, "failures": [{"index": 1, "lane": 0, "inputs": ["0x3f800000", "0x40000000"], "output": "0x7fc00000",)"
             R"( "expected": "0x3f800001", "ulp": 7}, {"index": 2, "lane": 1, "inputs": ["0x3f800001", "0x40000001"],)"
             R"( "output": "0x7fc00000", "expected": "0x3f800002", "ulp": 6}])"
          << R"(, "source": "__kernel void k)" << i % 40
          << R"((__global float* x) {\n  if (x[0] < 1 && x[1] > 2) x[2] = 3;\n  /* a longer body to weigh like a real kernel */\n}\n")"
          << R"(, "repro": "clconform run --suite )" << suite << " --filter " << id << R"( --seed 7 --index 1")";
    }
    if (suite == "math") {
      out << R"(, "metrics": {"max_ulp": )" << (i % 9) * 0.5 << R"(, "bound": 4, "worst": {"inputs": ["0x3f800000"],)"
          << R"( "output": "0x3f800001", "expected": "0x3f800000"}, "histogram": {"edges": [0, 0.5, 1, 2, 4, 8],)"
          << R"( "counts": [4000, 80, 10, 5, 1]}, "mpfr_fallbacks": 2})";
    }
    out << "}\n";
  }
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

TEST(LargeRun, HundredThousandCasesStayFastAndSmall) {
  ScratchDir dir;
  const std::string run_dir = dir.file("large");
  write_large_run(run_dir);
  // bench/json_parse.md reads this run: CLCONFORM_KEEP_LARGE_RUN=DIR keeps a copy.
  if (const char* keep = std::getenv("CLCONFORM_KEEP_LARGE_RUN")) {
    std::filesystem::copy(run_dir, keep, std::filesystem::copy_options::recursive |
                                             std::filesystem::copy_options::overwrite_existing);
  }

  auto t0 = std::chrono::steady_clock::now();
  const RunData run = load_run(run_dir);
  const double load_s = seconds_since(t0);
  ASSERT_EQ(run.cases.size(), size_t(kCases));
  const Counts total = tally(run).total;
  EXPECT_EQ(total[Status::Fail], 2000u);

  t0 = std::chrono::steady_clock::now();
  write_html(run, dir.file("report.html"));
  const double html_s = seconds_since(t0);

  t0 = std::chrono::steady_clock::now();
  write_junit(run, dir.file("junit.xml"));
  write_markdown(run, dir.file("summary.md"));
  const std::string text = summary_table(run);
  const double others_s = seconds_since(t0);

  const std::string html = read_file(dir.file("report.html"));
  const std::string md = read_file(dir.file("summary.md"));
  std::printf("load %.2f s, html %.2f s (%.1f MB), junit+md+summary %.2f s (junit %.1f MB)\n", load_s, html_s,
              html.size() / 1e6, others_s, std::filesystem::file_size(dir.file("junit.xml")) / 1e6);

  // Loading is mostly JSON parsing; the wide limit only catches quadratic
  // behaviour (a Release build takes under a second, a sanitizer build ~15 s).
  EXPECT_LT(load_s, 30.0);
  EXPECT_LT(html_s, 5.0);
  EXPECT_LT(others_s, 5.0);
  EXPECT_LT(html.size(), 30u * 1000 * 1000);
  // Passing cases are not rows: the page holds a few thousand rows at most.
  EXPECT_LT(count_of(html, "<tr"), 12000u);
  EXPECT_LE(count_of(html, "<details class=\"case\""), 300u);
  EXPECT_LE(count_of(html, "<svg class=\"hist\""), 120u);
  // Each distinct kernel source is printed once.
  EXPECT_LE(count_of(html, "<summary>kernel source"), 40u);
  EXPECT_NE(html.find("more cases are left out of this page") + html.find("more, one line each"), std::string::npos);
  EXPECT_LE(count_of(text, "\n"), 30u);
  EXPECT_LT(md.size(), 30000u);
}

}  // namespace
}  // namespace clconform::reports
