// Baselines: a run worse than its device's baseline is a regression, a
// better one an improvement; --update-baseline writes what a run measured.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "baseline.hpp"
#include "errors.hpp"

using namespace clconform;

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

RunOptions quick_run() {
  RunOptions o;
  o.mode = "quick";
  o.seed = 1;
  return o;
}

const char* kBaseline = R"({"device": "pocl-*", "driver": "3.1*", "runs": [
  {"mode": "quick", "seed": 1, "build_options": "",
   "cases": {"math.sin": {"failed": 2, "max_ulp": {"1": 1.5, "4": 1.5}}}}]})";

json::Value sin_record(const std::string& status, uint64_t failed, double ulp_w1, double ulp_w4) {
  json::Value r = json::parse(R"({"case": "math.sin", "status": "pass", "metrics": {"widths": {}}})");
  r["status"] = status;
  r["failed"] = static_cast<unsigned long long>(failed);
  json::Value w = json::Value::object();
  w["1"] = json::parse("{}");
  w["1"]["max_ulp"] = ulp_w1;
  w["4"] = json::parse("{}");
  w["4"]["max_ulp"] = ulp_w4;
  r["metrics"]["widths"] = w;
  return r;
}

}  // namespace

TEST(Baseline, WorseInsideTheBoundIsARegression) {
  const Baseline b = Baseline::load(write_temp("b1.json", kBaseline), "pocl-cpu", "3.1+debian", quick_run());
  json::Value same = sin_record("pass", 2, 1.5, 1.5);
  b.apply(same);
  EXPECT_EQ(same.at("status").as_string(), "pass");
  EXPECT_EQ(same.at("baseline").at("regressions").size(), 0u);

  json::Value worse = sin_record("pass", 2, 1.5, 2.25);
  b.apply(worse);
  EXPECT_EQ(worse.at("status").as_string(), "regression");
  EXPECT_NE(worse.at("baseline").at("regressions").as_array()[0].as_string().find("width 4"), std::string::npos);

  // The reference's estimate of the same results may move in the ninth
  // digit when a fast tier changes; a hundred-thousandth of an ulp is real.
  json::Value estimate = sin_record("pass", 2, 1.5, 1.5 + 2e-9);
  b.apply(estimate);
  EXPECT_EQ(estimate.at("status").as_string(), "pass");
  json::Value slightly_worse = sin_record("pass", 2, 1.5, 1.5 + 1e-5);
  b.apply(slightly_worse);
  EXPECT_EQ(slightly_worse.at("status").as_string(), "regression");

  json::Value more_wrong = sin_record("pass", 3, 1.5, 1.5);
  b.apply(more_wrong);
  EXPECT_EQ(more_wrong.at("status").as_string(), "regression");

  // A known_fail case's count is bounded by its entries, not the baseline;
  // its errors still are.
  json::Value excused = sin_record("known_fail", 3, 1.5, 1.5);
  b.apply(excused);
  EXPECT_EQ(excused.at("status").as_string(), "known_fail");
  json::Value excused_worse = sin_record("known_fail", 2, 1.5, 3.0);
  b.apply(excused_worse);
  EXPECT_EQ(excused_worse.at("status").as_string(), "regression");

  json::Value failing = sin_record("fail", 9, 9, 9);  // already failing: it stays a failure
  b.apply(failing);
  EXPECT_EQ(failing.at("status").as_string(), "fail");

  json::Value better = sin_record("pass", 1, 0.5, 1.5);
  b.apply(better);
  EXPECT_EQ(better.at("status").as_string(), "pass");
  EXPECT_EQ(better.at("baseline").at("improvements").size(), 2u);  // fewer wrong values, width 1 more accurate
}

TEST(Baseline, OnlyTheSameModeSeedAndOptionsCompare) {
  RunOptions other = quick_run();
  other.seed = 7;
  EXPECT_THROW(Baseline::load(write_temp("b2.json", kBaseline), "pocl-cpu", "3.1", other), SetupError);
  EXPECT_THROW(Baseline::load(write_temp("b3.json", kBaseline), "NVIDIA H100", "580", quick_run()), SetupError);
  EXPECT_THROW(Baseline::load(write_temp("b4.json", "not json"), "pocl-cpu", "3.1", quick_run()), SetupError);
}

TEST(Baseline, AFolderGivesTheDevicesFileOrNothing) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "baselines";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "pocl.json") << kBaseline;
  EXPECT_FALSE(Baseline::load(dir.string(), "pocl-cpu", "3.1", quick_run()).empty());
  EXPECT_TRUE(Baseline::load(dir.string(), "NVIDIA H100", "580", quick_run()).empty());
}

TEST(Baseline, UpdateWritesWhatTheRunMeasuredAndKeepsOtherRuns) {
  namespace fs = std::filesystem;
  const fs::path out = fs::path(testing::TempDir()) / "baseline_run";
  fs::remove_all(out);
  fs::create_directories(out);
  std::ofstream(out / "results.jsonl")
      << R"({"case": "math.sin", "status": "pass", "failed": 0, "device": "pocl-cpu", "driver": "3.1",)"
      << R"( "metrics": {"widths": {"1": {"max_ulp": 0.75}}}})" << "\n"
      << R"({"case": "math.cos", "status": "crash"})" << "\n";
  RunOptions o = quick_run();
  o.out_dir = out.string();
  const std::string file = write_temp("b5.json", kBaseline);
  o.build_options = "-cl-denorms-are-zero";
  Baseline::update(file, o);  // a second section beside the first
  const Baseline ftz = Baseline::load(file, "pocl-cpu", "3.1", o);
  json::Value r = sin_record("pass", 0, 0.75, 0.75);
  ftz.apply(r);
  EXPECT_EQ(r.at("status").as_string(), "pass");
  const Baseline plain = Baseline::load(file, "pocl-cpu", "3.1", quick_run());  // still there
  json::Value worse = sin_record("pass", 2, 1.5, 2.0);
  plain.apply(worse);
  EXPECT_EQ(worse.at("status").as_string(), "regression");
}

TEST(Baseline, UpdateFromARunThatMeasuredNothingLeavesTheFile) {
  namespace fs = std::filesystem;
  const fs::path out = fs::path(testing::TempDir()) / "baseline_unsupported_run";
  fs::remove_all(out);
  fs::create_directories(out);
  RunOptions o = quick_run();
  o.out_dir = out.string();
  const std::string file = write_temp("b6.json", kBaseline);
  std::ofstream(out / "results.jsonl") << "";
  EXPECT_THROW(Baseline::update(file, o), SetupError);  // no record at all: the run did nothing
  std::ofstream(out / "results.jsonl") << R"({"case": "pipes.read", "status": "unsupported", "device": "pocl-cpu"})"
                                       << "\n";
  Baseline::update(file, o);
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, kBaseline);
}
