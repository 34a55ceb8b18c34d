// What one case found: counts, the worst mismatches (never all of them), and
// the status. Written as one line of results.jsonl (see RESULTS.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "json.hpp"

namespace clconform {

struct Mismatch {
  uint64_t index = 0;  // input vector index; regenerates the inputs
  int lane = -1;       // -1 when the value is not a lane
  std::vector<std::string> inputs;
  std::string output, expected, note;
  double score = 0;  // larger is worse; ties keep the earliest
  double ulp = -1;   // numeric suites only
};

class CaseResult {
 public:
  static constexpr size_t kKeep = 16;

  std::string status = "pass";
  std::string detail;
  uint64_t checked = 0;
  uint64_t failed = 0;
  std::string build_log;
  std::string source;  // kernel source, kept when the case did not pass
  json::Value metrics;

  void pass(uint64_t n = 1) { checked += n; }
  void fail(Mismatch m);  // counts one wrong value, fails the case, keeps the value if among the worst
  const std::vector<Mismatch>& worst() const { return worst_; }

  json::Value to_json() const;

 private:
  std::vector<Mismatch> worst_;  // sorted worst first
};

// "0x" followed by BYTES*2 hex digits.
std::string hex_bits(uint64_t bits, unsigned bytes);

}  // namespace clconform
