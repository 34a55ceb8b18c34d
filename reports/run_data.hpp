// What a results folder holds, read into plain structs once (load_run), so
// every writer works on typed fields instead of re-walking JSON. The fields
// mirror harness/RESULTS.md; a key a record leaves out stays empty here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clconform::reports {

// Regression: inside the spec's bound, but worse than the device's accuracy
// baseline (harness/baseline.hpp); it fails the run like a failure.
enum class Status { Pass, Fail, KnownFail, XPass, Unsupported, Info, Timeout, Crash, Error, Regression };
inline constexpr int kStatusCount = 10;

const char* status_name(Status s);                        // as written in results.jsonl
std::optional<Status> parse_status(const std::string& s);
bool fails_run(Status s);                                 // fail, timeout, crash, error, regression

struct DeviceInfo {
  std::string selector, name, vendor, platform, platform_version;
  std::string driver_version, version, c_version;
  std::vector<std::string> extensions;
  std::optional<bool> fp16, fp64;
  std::vector<std::string> half_fp_config, single_fp_config, double_fp_config;
  std::optional<uint64_t> address_bits, max_alloc_bytes, global_mem_bytes;
  std::optional<uint64_t> max_work_group_size, compute_units;
};

struct RunInfo {
  std::string clconform_version, command, mode, build_options, filter;
  std::string started, finished;  // finished is empty when the run was cut off
  std::vector<std::string> suites;
  std::optional<uint64_t> seed;
  std::optional<uint64_t> cases_selected;  // how many cases the run set out to do
  std::optional<double> duration_s;
  DeviceInfo device;
};

// Bit patterns stay the strings the harness wrote ("0x7f800001"); the
// reports decide how to show them (values.hpp).
struct ValueSample {
  std::vector<std::string> inputs;
  std::string output;
  std::string expected;  // reference bits, or a reference value in decimal
};

struct Failure {
  ValueSample values;
  std::optional<uint64_t> index, lane;
  std::string note;
  std::optional<double> ulp;  // may be infinite or NaN
};

struct Histogram {
  // Bin i covers [edges[i], edges[i+1]); with as many edges as counts the
  // last bin has no upper end.
  std::vector<double> edges;
  std::vector<uint64_t> counts;
  uint64_t total() const;
};

struct Metrics {
  std::optional<double> max_ulp, bound;
  std::optional<ValueSample> worst;
  std::optional<Histogram> histogram;
  std::optional<uint64_t> mpfr_fallbacks;
};

// The element type of each argument and of the result, when the record says
// so ("types": {"inputs": ["float", "int"], "output": "float"}); without it
// the type is inferred from the case id (values.hpp).
struct ArgTypes {
  std::vector<std::string> inputs;
  std::string output;
};

struct CaseRecord {
  std::string id, suite, group, detail;  // group: the case's group in its manifest
  std::vector<std::string> labels;
  Status status = Status::Pass;
  uint64_t checked = 0, failed = 0;
  std::optional<double> time_s;
  std::string program, kernel, device, driver, build_options;
  std::vector<Failure> failures;
  std::string build_log, source, repro;
  std::optional<Metrics> metrics;
  std::string known_failure_reason, known_failure_entry;
  // Against the accuracy baseline: what got worse, what got better.
  std::vector<std::string> baseline_regressions, baseline_improvements;
  std::optional<ArgTypes> types;
};

struct RunData {
  std::string dir;
  RunInfo run;
  std::vector<CaseRecord> cases;   // one per case id, in order of first appearance
  size_t skipped_lines = 0;        // unreadable lines of results.jsonl (a crash mid-write)
  size_t superseded_records = 0;   // earlier records of a case that a later one replaced
  std::vector<std::string> warnings;  // one line each, shown in every report

  bool finished() const { return !run.finished.empty(); }
};

}  // namespace clconform::reports
