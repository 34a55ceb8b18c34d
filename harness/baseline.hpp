// Accuracy baselines: for one device and driver, what a reviewed run
// measured in each case: the number of wrong values, and the largest ULP
// error of each vector width (metrics.widths, or metrics.max_ulp). A later
// run of the same mode, seed and build options that does worse, even inside
// the spec's bound, is a regression (the count of a known_fail case is left
// to its known-failure entries, which bound it) (status "regression", which fails the
// run); one that does better is an improvement (noted in the record). The
// idea is glibc's libm-test-ulps: a bound says what is allowed, a baseline
// says what this implementation achieved.
//
// File format (JSON; one file per device, in suites/baselines/):
//   {"device": glob on the device name, "driver": glob on the driver version,
//    "runs": [{"mode": "quick", "seed": 1, "build_options": "",
//              "cases": {"math.sin": {"failed": 191, "max_ulp": {"1": 1.31, "4": 1.1e43, ...}}}}]}
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "json.hpp"
#include "options.hpp"

namespace clconform {

struct BaselineCase {
  uint64_t failed = 0;
  std::map<std::string, double> max_ulp;  // width ("1", "16", or "all") -> ulp
};

class Baseline {
 public:
  Baseline() = default;
  // PATH: a baseline file (its device must match: otherwise SetupError), or
  // a folder, whose file matching the device is taken (none: no baseline).
  // The run's mode, seed and build options select the section; a file
  // named directly without one is a SetupError naming --update-baseline,
  // a file found in a folder without one compares nothing.
  static Baseline load(const std::string& path, const std::string& device, const std::string& driver,
                       const RunOptions& opts);

  bool empty() const { return file_.empty(); }
  const std::string& file() const { return file_; }

  // Compares a finished record with its case's baseline: record["baseline"]
  // lists regressions and improvements, and a pass or known_fail with a
  // regression becomes "regression".
  void apply(json::Value& record) const;

  // Writes (or merges into) PATH the section of this run from its
  // results.jsonl: the run's cases replace theirs, other sections stay.
  static void update(const std::string& path, const RunOptions& opts);

  // What a record measured, in baseline form.
  static BaselineCase measured(const json::Value& record);

 private:
  std::string file_;
  std::map<std::string, BaselineCase> cases_;
};

}  // namespace clconform
