// Runs the sweep engine on the default OpenCL device: three kernels of
// widths 1, 3 and 16 share one input over many small chunks (the last one
// padded), and the host checks every lane of each. A kernel that skips one
// lane, and one that computes a wrong value in one lane, must be caught at
// exactly that lane, whatever chunk it falls in, also when its buffers are
// the ones an earlier case's sweep wrote (staged path).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "checks.hpp"
#include "json.hpp"
#include "supervisor.hpp"
#include "sweep.hpp"

using namespace clconform;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kFirst = 5, kTotal = 100001, kShortTotal = 100;  // sweeptest.short: one chunk

struct Tally {
  uint64_t ok = 0, bad = 0;
  uint64_t first_bad = UINT64_MAX;
};

// Every kernel computes out = in * 3 + 1 on uints; the host knows the input
// of lane i is (first + i) * 2654435761. In case sweeptest.throws the
// verification of lane 77777 throws, as a verifier's failure would.
void check_sweep(CaseRun& run) {
  const std::string prefix = run.c.kernel;  // "triple" or a broken variant
  const bool throws = run.c.id == "sweeptest.throws";
  std::vector<cl::Kernel> ks;
  const auto& p = run.program();
  if (!p.ok) throw BuildFailed{&p};
  for (const char* w : {"1", "3", "16"}) ks.emplace_back(p.program, (prefix + w).c_str());
  Sweep sweep(run, ks, SweepShape{{4}, {4}, {1, 3, 16}}, 4800);
  auto fill = [](const SweepChunk& ch, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i) {
      const uint32_t x = uint32_t((ch.first + i) * 2654435761u);
      std::memcpy(ch.in[0] + 4 * i, &x, 4);
    }
  };
  Sweep::Verify<Tally> verify = [throws](const SweepChunk& ch, size_t lo, size_t hi, Tally& t) {
    for (size_t i = lo; i < hi; ++i) {
      if (throws && ch.first + i == 77777) throw std::runtime_error("verifier failed at lane 77777");
      const uint32_t want = uint32_t((ch.first + i) * 2654435761u) * 3 + 1;
      for (const auto& out : ch.out) {
        uint32_t got;
        std::memcpy(&got, out[0] + 4 * i, 4);
        if (got == want) {
          ++t.ok;
        } else {
          ++t.bad;
          t.first_bad = std::min<uint64_t>(t.first_bad, ch.first + i);
        }
      }
    }
  };
  auto tallies = sweep.run<Tally>(kFirst, run.c.id == "sweeptest.short" ? kShortTotal : kTotal, fill, verify);
  Tally all;
  for (auto& t : tallies) {
    all.ok += t.ok;
    all.bad += t.bad;
    all.first_bad = std::min(all.first_bad, t.first_bad);
  }
  run.result.pass(all.ok);
  if (all.bad) run.result.fail({all.first_bad, -1, {}, "", "", std::to_string(all.bad) + " wrong"});
  run.result.metrics = json::Value::object();
  run.result.metrics["sweep"] = sweep.times_json();
}

const char* kManifest = R"({"format": 1, "suite": "sweeptest", "spec": "",
  "programs": {"p": {"file": "p.cl", "requires": []}},
  "cases": [
    {"id": "sweeptest.short", "labels": [], "program": "p", "kernel": "triple", "check": "sweeptest.run", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "sweeptest.good", "labels": [], "program": "p", "kernel": "triple", "check": "sweeptest.run", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "sweeptest.throws", "labels": [], "program": "p", "kernel": "triple", "check": "sweeptest.run", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "sweeptest.skips", "labels": [], "program": "p", "kernel": "skip", "check": "sweeptest.run", "group": "g", "requires": [], "expect": "build", "params": {}},
    {"id": "sweeptest.wrong", "labels": [], "program": "p", "kernel": "wrong", "check": "sweeptest.run", "group": "g", "requires": [], "expect": "build", "params": {}}
  ]})";

// The broken kernels go wrong at the input of lane 77777 only (BAD is
// 77777 * 2654435761 mod 2^32), wherever its chunk and work-item fall;
// "skip" leaves that lane as the 0xA5 fill shows an unwritten one.
const char* kKernels = R"(
#define BAD 3562199169u
#define BODY(N, SUF) \
__kernel void triple##N(__global const uint* in, __global uint* out) { \
  size_t i = get_global_id(0); vstore##SUF(vload##SUF(i, in) * 3u + 1u, i, out); } \
__kernel void wrong##N(__global const uint* in, __global uint* out) { \
  size_t i = get_global_id(0); vstore##SUF(vload##SUF(i, in) * 3u + 1u, i, out); \
  for (size_t l = i * N; l < i * N + N; ++l) if (in[l] == BAD) out[l] += 1; } \
__kernel void skip##N(__global const uint* in, __global uint* out) { \
  size_t i = get_global_id(0); vstore##SUF(vload##SUF(i, in) * 3u + 1u, i, out); \
  for (size_t l = i * N; l < i * N + N; ++l) if (in[l] == BAD) out[l] = 0xA5A5A5A5u; }
#define vload1(i, p) (p)[i]
#define vstore1(v, i, p) ((p)[i] = (v))
BODY(1, 1)
BODY(3, 3)
BODY(16, 16)
)";

struct SweepTest : testing::Test {
  std::string root;
  void SetUp() override {
    register_check("sweeptest.run", check_sweep);
    root = testing::TempDir() + "/sweep_test_" + std::to_string(getpid());
    fs::remove_all(root);
    fs::create_directories(root + "/data/sweeptest");
    std::ofstream(root + "/data/sweeptest/manifest.json") << kManifest;
    std::ofstream(root + "/data/sweeptest/p.cl") << kKernels;
  }
  void TearDown() override { if (!getenv("KEEP")) fs::remove_all(root); }
};

}  // namespace

// Both data paths, whichever the device would pick.
class SweepPathTest : public SweepTest, public testing::WithParamInterface<const char*> {};

TEST_P(SweepPathTest, EveryLaneOfEveryWidthIsCheckedAndOneBadLaneIsFound) {
  setenv("CLCONFORM_SWEEP_PATH", GetParam(), 1);
  RunOptions o;
  o.suites = {"sweeptest"};
  o.data_dir = root + "/data";
  o.out_dir = root + "/out";
  o.write_reports = false;
  EXPECT_EQ(supervise_run(o), 1);
  std::ifstream in(root + "/out/results.jsonl");
  int seen = 0;
  for (std::string line; std::getline(in, line); ++seen) {
    json::Value r = json::parse(line);
    const std::string id = r.at("case").as_string();
    if (id == "sweeptest.throws") {
      // The sweep stops, every host thread with it, and the case says why;
      // the cases after it still run.
      EXPECT_EQ(r.at("status").as_string(), "error");
      EXPECT_EQ(r.at("detail").as_string(), "verifier failed at lane 77777");
      continue;
    }
    const json::Value& sweep = r.at("metrics").at("sweep");
    EXPECT_EQ(sweep.at("chunks").as_uint(), id == "sweeptest.short" ? 1 : (kTotal + 4799) / 4800) << id;
    EXPECT_EQ(sweep.at("path").as_string(), GetParam()) << id;
    // The host threads' time is all accounted for: writing, verifying or
    // idle, in thread-seconds over the threads, adds up to the sweep's wall.
    const double wall = sweep.at("wall_s").as_double();
    const double spent =
        sweep.at("host_fill_s").as_double() + sweep.at("host_verify_s").as_double() + sweep.at("host_idle_s").as_double();
    EXPECT_NEAR(spent, wall, 1e-9 + 1e-9 * wall) << id;
    EXPECT_GT(sweep.at("host_verify_s").as_double(), 0) << id;
    if (std::string(GetParam()) == "staged") {
      // The first sweep makes its buffers, two of its three slots unused;
      // those after it take them from the session's pool, the throwing
      // case's too.
      const uint64_t made = sweep.at("buffers_made").as_uint(), reused = sweep.at("buffers_reused").as_uint();
      if (id == "sweeptest.short") {
        EXPECT_GT(made, 0u);
      } else {
        EXPECT_EQ(made, 0u) << id;
        EXPECT_GT(reused, 0u) << id;
      }
    }
    if (id == "sweeptest.short" || id == "sweeptest.good") {
      EXPECT_EQ(r.at("status").as_string(), "pass");
      EXPECT_EQ(r.at("checked").as_uint(), 3 * (id == "sweeptest.short" ? kShortTotal : kTotal));
    } else {
      // Lane 77777 is wrong in each of the three kernels, nothing else.
      EXPECT_EQ(r.at("status").as_string(), "fail") << id;
      EXPECT_EQ(r.at("failures").as_array().front().at("index").as_uint(), 77777u) << id;
      EXPECT_NE(r.at("failures").as_array().front().at("note").as_string().find("3 wrong"), std::string::npos) << id;
    }
  }
  EXPECT_EQ(seen, 5);
}

INSTANTIATE_TEST_SUITE_P(Paths, SweepPathTest, testing::Values("staged", "zero-copy"));
