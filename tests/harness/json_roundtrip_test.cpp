// dump() must write exactly what it always wrote: records from real device
// runs (tests/harness/data/device_runs: every 40th record of four runs'
// results.jsonl, the two records files of an exhaustive run and three
// run.json files, written by dump()) must come back byte for byte, and the hand-written fixtures must give the dumps recorded in
// tests/harness/data/json_dump (made by the writer these files were made with).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "json.hpp"

namespace {

using clconform::json::parse;

std::string source(const std::string &rel) { return std::string(CLCONFORM_SOURCE_DIR) + "/" + rel; }

std::vector<std::string> lines_of(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(JsonRoundTrip, DeviceRunFilesComeBackByteForByte) {
  size_t lines = 0;
  for (const char *f : {"nvidia-h200.results.jsonl", "nvidia-h200.run.json", "oclgrind.results.jsonl",
                        "oclgrind.run.json", "pocl3-debian.results.jsonl", "pocl3-debian.run.json",
                        "pocl5-h200-host.results.jsonl", "nvidia-h200-exhaustive.math.results.jsonl",
                        "nvidia-h200-exhaustive.sweeps.results.jsonl"}) {
    size_t n = 0;
    for (const std::string &line : lines_of(source(std::string("tests/harness/data/device_runs/") + f))) {
      ++n;
      ASSERT_EQ(parse(line).dump(), line) << f << " line " << n;
    }
    EXPECT_GT(n, 0u) << f;
    lines += n;
  }
  EXPECT_GT(lines, 250u);
}

TEST(JsonRoundTrip, FixturesGiveTheRecordedDumps) {
  for (const char *f : {"tests/reports/data/crashed/results.jsonl", "tests/reports/data/normal/results.jsonl",
                        "tests/reports/data/resumed/results.jsonl", "tests/reports/data/tonight/results.jsonl",
                        "tests/reports/data/normal/run.json", "tests/reports/data/tonight/run.json"}) {
    std::string name = f;
    for (char &c : name) c = c == '/' ? '_' : c;
    const std::vector<std::string> want = lines_of(source("tests/harness/data/json_dump/" + name));
    std::vector<std::string> got;
    if (name.find(".jsonl") != std::string::npos) {
      for (const std::string &line : lines_of(source(f))) {
        try {
          got.push_back(parse(line).dump());
        } catch (const clconform::json::ParseError &) {
          got.push_back("unparsable");  // the lines a crash cut short
        }
      }
    } else {
      std::ifstream in(source(f), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      got.push_back(parse(ss.str()).dump());
    }
    EXPECT_EQ(got, want) << f;
  }
}

}  // namespace
