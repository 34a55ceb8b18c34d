#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "errors.hpp"
#include "known_failures.hpp"

using namespace clconform;

namespace {
std::string write_temp(const std::string& text) {
  std::string path = testing::TempDir() + "/known_failures_test.json";
  std::ofstream(path) << text;
  return path;
}
json::Value record(const std::string& id, const std::string& status) {
  json::Value r = json::Value::object();
  r["case"] = id;
  r["status"] = status;
  return r;
}
}  // namespace

TEST(KnownFailures, MatchesDeviceDriverAndCasePatterns) {
  auto k = KnownFailures::load(write_temp(R"({"entries": [
    {"device": "*EPYC*", "driver": "3.*", "case": "math.sin.float*", "reason": "sin off by 5 ulp",
     "evidence": {"input": "0x3f800000", "device_output": "0x3f576aa6", "correct": "0x3f576aa4"}}]})"));
  json::Value fail = record("math.sin.float4", "fail");
  k.apply(fail, "pthread-haswell-AMD EPYC", "3.1+debian");
  EXPECT_EQ(fail.at("status").as_string(), "known_fail");
  EXPECT_EQ(fail.at("known_failure").at("reason").as_string(), "sin off by 5 ulp");

  json::Value pass = record("math.sin.float", "pass");
  k.apply(pass, "pthread-haswell-AMD EPYC", "3.1+debian");
  EXPECT_EQ(pass.at("status").as_string(), "xpass");

  json::Value other_device = record("math.sin.float4", "fail");
  k.apply(other_device, "NVIDIA H200", "3.1");
  EXPECT_EQ(other_device.at("status").as_string(), "fail");

  json::Value other_driver = record("math.sin.float4", "fail");
  k.apply(other_driver, "pthread-haswell-AMD EPYC", "5.0");
  EXPECT_EQ(other_driver.at("status").as_string(), "fail");

  json::Value unsupported = record("math.sin.float4", "unsupported");
  k.apply(unsupported, "pthread-haswell-AMD EPYC", "3.1");
  EXPECT_EQ(unsupported.at("status").as_string(), "unsupported");
}

TEST(KnownFailures, AnEntryWithBuildOptionsMatchesOnlyRunsWithThem) {
  auto k = KnownFailures::load(write_temp(R"({"entries": [
    {"device": "*", "case": "math.log1p", "build_options": "*-cl-denorms-are-zero*", "reason": "flushes a normal result",
     "evidence": {"input": "0x80800000", "device_output": "0x00000000", "correct": "0x80800000"}}]})"));
  json::Value ftz = record("math.log1p", "fail");
  ftz["build_options"] = "-cl-denorms-are-zero";
  k.apply(ftz, "dev", "1");
  EXPECT_EQ(ftz.at("status").as_string(), "known_fail");
  EXPECT_NE(ftz.at("known_failure").at("entry").as_string().find("options"), std::string::npos);

  json::Value plain = record("math.log1p", "fail");
  plain["build_options"] = "";
  k.apply(plain, "dev", "1");
  EXPECT_EQ(plain.at("status").as_string(), "fail");
}

TEST(KnownFailures, MalformedFilesAreSetupErrors) {
  EXPECT_THROW(KnownFailures::load(write_temp("{\"entries\": [{\"device\": \"x\"}]}")), SetupError);
  EXPECT_THROW(KnownFailures::load(write_temp("not json")), SetupError);
  EXPECT_THROW(KnownFailures::load("/nonexistent/known.json"), SetupError);
  EXPECT_NO_THROW(KnownFailures::load(""));
}
