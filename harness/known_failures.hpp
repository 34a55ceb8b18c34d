// Expected failures: proven device defects, listed with their evidence, so
// that CI stays green on a device with genuine defects without hiding new
// ones. A listed failure becomes known_fail; a listed case that passes
// becomes xpass (the entry is stale); anything unlisted keeps its status.
//
// File format (JSON):
//   {"entries": [{"device": "glob on device name", "driver": "glob on driver version",
//                 "case": "glob on case id",
//                 "build_options": "glob on the run's build options (optional, default *)",
//                 "reason": "...",
//                 "evidence": {"input": "0x...", "device_output": "0x...", "correct": "0x..."}}]}
#pragma once

#include <string>
#include <vector>

#include "json.hpp"

namespace clconform {

struct KnownFailure {
  std::string device, driver, case_pattern, build_options, reason;
  json::Value evidence;
};

class KnownFailures {
 public:
  KnownFailures() = default;
  static KnownFailures load(const std::string& path);  // throws SetupError; "" = none

  const KnownFailure* match(const std::string& device, const std::string& driver, const std::string& case_id,
                            const std::string& build_options = "") const;
  // Applies the list to a finished record: fail -> known_fail, pass -> xpass.
  void apply(json::Value& record, const std::string& device, const std::string& driver) const;

 private:
  std::vector<KnownFailure> entries_;
};

}  // namespace clconform
