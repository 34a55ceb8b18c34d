// Runs real supervised workers on the default OpenCL device over a tiny
// generated-on-the-spot suite whose checks pass, hang, crash, or use a kernel
// that does not build, and checks that every case gets exactly one record
// with the right status, that the run goes on past each, and that --resume
// adds nothing to a finished run.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "checks.hpp"
#include "errors.hpp"
#include "json.hpp"
#include "supervisor.hpp"

using namespace clconform;
namespace fs = std::filesystem;

namespace {

void check_pass(CaseRun& run) {
  cl::Kernel k = run.kernel();
  std::vector<uint8_t> in(16, 7);
  auto out = run.launch(k, {&in}, {16}, 16);
  for (size_t i = 0; i < 16; ++i) {
    if (out[0][i] == 8) run.result.pass();
    else run.result.fail({i, -1, {"0x07"}, std::to_string(out[0][i]), "8", ""});
  }
}

void check_hang(CaseRun&) { sleep(60); }  // as a kernel that never returns looks to the supervisor

void check_crash(CaseRun&) {
  // A real invalid access: raise() would be absorbed by the signal handlers
  // an OpenCL compiler (LLVM in PoCL) installs.
  volatile int* nowhere = nullptr;
  *nowhere = 1;
}

void check_nothing(CaseRun&) {}  // a check that forgets to compare anything

const char* kManifest = R"({"format": 1, "suite": "selftest", "spec": "",
  "programs": {"good": {"file": "good.cl", "requires": []}, "bad": {"file": "bad.cl", "requires": []}},
  "cases": [
    {"id": "selftest.first", "labels": ["selftest"], "program": "good", "kernel": "inc", "check": "selftest.pass", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "selftest.hang", "labels": ["selftest"], "program": "good", "kernel": "inc", "check": "selftest.hang", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "selftest.crash", "labels": ["selftest"], "program": "good", "kernel": "inc", "check": "selftest.crash", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "selftest.broken_kernel", "labels": ["selftest"], "program": "bad", "kernel": "inc", "check": "selftest.pass", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "selftest.needs_magic", "labels": ["selftest"], "program": "good", "kernel": "inc", "check": "selftest.pass", "group": "g", "requires": ["cl_magic_unicorns"], "expect": "build", "params": {}},
    {"id": "selftest.wrong", "labels": ["selftest"], "program": "good", "kernel": "inc_twice", "check": "selftest.pass", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "selftest.vacuous", "labels": ["selftest"], "program": "good", "kernel": "inc", "check": "selftest.nothing", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "selftest.last", "labels": ["selftest"], "program": "good", "kernel": "inc", "check": "selftest.pass", "group": "g", "requires": [], "expect": "build", "params": {}}
  ]})";

struct SupervisorTest : testing::Test {
  std::string root;
  void SetUp() override {
    register_check("selftest.pass", check_pass);
    register_check("selftest.hang", check_hang);
    register_check("selftest.crash", check_crash);
    register_check("selftest.nothing", check_nothing);
    root = testing::TempDir() + "/supervisor_test_" + std::to_string(getpid());
    fs::remove_all(root);
    fs::create_directories(root + "/data/selftest");
    std::ofstream(root + "/data/selftest/manifest.json") << kManifest;
    std::ofstream(root + "/data/selftest/good.cl")
        << "__kernel void inc(__global const uchar* in, __global uchar* out) { size_t i = get_global_id(0); out[i] = in[i] + 1; }\n"
        << "__kernel void inc_twice(__global const uchar* in, __global uchar* out) { size_t i = get_global_id(0); out[i] = in[i] + 2; }\n";
    std::ofstream(root + "/data/selftest/bad.cl") << "__kernel void inc(__global uchar* in) { this is not C; }\n";
  }
  void TearDown() override { fs::remove_all(root); }

  RunOptions options() const {
    RunOptions o;
    o.suites = {"selftest"};
    o.data_dir = root + "/data";
    o.out_dir = root + "/out";
    o.timeout_s = 2;
    o.write_reports = false;
    return o;
  }

  std::vector<json::Value> records() const {
    std::vector<json::Value> out;
    std::ifstream in(root + "/out/results.jsonl");
    for (std::string line; std::getline(in, line);) out.push_back(json::parse(line));
    return out;
  }
};

}  // namespace

TEST_F(SupervisorTest, EveryCaseGetsOneRecordAndTheRunGoesOnPastHangsAndCrashes) {
  EXPECT_EQ(supervise_run(options()), 1);
  std::map<std::string, std::string> status;
  std::map<std::string, std::string> detail;
  auto recs = records();
  for (const auto& r : recs) {
    status[r.at("case").as_string()] = r.at("status").as_string();
    detail[r.at("case").as_string()] = r.get("detail").is_string() ? r.get("detail").as_string() : "";
  }
  EXPECT_EQ(recs.size(), 8u);
  EXPECT_EQ(status["selftest.first"], "pass");
  EXPECT_EQ(status["selftest.hang"], "timeout");
  EXPECT_EQ(status["selftest.crash"], "crash");
  EXPECT_NE(detail["selftest.crash"].find("killed by signal"), std::string::npos) << detail["selftest.crash"];
  EXPECT_EQ(status["selftest.broken_kernel"], "fail");
  EXPECT_NE(detail["selftest.broken_kernel"].find("failed to build"), std::string::npos);
  EXPECT_EQ(status["selftest.needs_magic"], "unsupported");
  EXPECT_EQ(status["selftest.wrong"], "fail");  // every value wrong: the case fails
  EXPECT_EQ(status["selftest.vacuous"], "error");
  EXPECT_EQ(status["selftest.last"], "pass");
  for (const auto& r : recs) {
    if (r.at("case").as_string() == "selftest.broken_kernel") {
      EXPECT_FALSE(r.at("build_log").as_string().empty());
    }
    if (r.at("case").as_string() == "selftest.wrong") {
      EXPECT_EQ(r.at("failed").as_uint(), 16u);
      EXPECT_EQ(r.at("failures").size(), 16u);  // the worst kept, never more
    }
  }
}

// With programs built ahead on two background threads, the same records:
// the crash, after which the supervisor runs the case again with programs
// built in line, is recorded once, for its own case; the kernel that does
// not build gets its log.
TEST_F(SupervisorTest, BuildingAheadGivesTheSameRecords) {
  EXPECT_EQ(supervise_run(options()), 1);
  std::map<std::string, std::string> in_line;
  for (const auto& r : records()) in_line[r.at("case").as_string()] = r.at("status").as_string();
  setenv("CLCONFORM_BUILD_THREADS", "2", 1);
  const int rc = supervise_run(options());
  unsetenv("CLCONFORM_BUILD_THREADS");
  EXPECT_EQ(rc, 1);
  std::map<std::string, std::string> ahead;
  size_t crashes = 0;
  for (const auto& r : records()) {
    ahead[r.at("case").as_string()] = r.at("status").as_string();
    crashes += r.at("status").as_string() == "crash";
    if (r.at("case").as_string() == "selftest.broken_kernel") {
      EXPECT_FALSE(r.at("build_log").as_string().empty());
    }
  }
  EXPECT_EQ(records().size(), 8u);
  EXPECT_EQ(ahead, in_line);
  EXPECT_EQ(crashes, 1u);
}

TEST_F(SupervisorTest, ResumeCompletesARunWithoutRepeatingFinishedCases) {
  RunOptions o = options();
  o.filter = "selftest.first,selftest.last";
  EXPECT_EQ(supervise_run(o), 0);
  EXPECT_EQ(records().size(), 2u);
  RunOptions resume = options();
  resume.filter = "selftest.first,selftest.last,selftest.needs_magic";
  resume.resume = true;
  EXPECT_EQ(supervise_run(resume), 0);
  auto recs = records();
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_EQ(recs[2].at("case").as_string(), "selftest.needs_magic");
}

TEST_F(SupervisorTest, UnknownSuiteOrCheckIsASetupError) {
  RunOptions o = options();
  o.suites = {"no_such_suite"};
  EXPECT_THROW(supervise_run(o), SetupError);
}
