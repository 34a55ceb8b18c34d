#include "reports/run_data.hpp"

namespace clconform::reports {

namespace {
// Index = Status value; the names are the ones results.jsonl uses.
constexpr const char* kNames[kStatusCount] = {"pass", "fail",    "known_fail", "xpass", "unsupported",
                                              "info", "timeout", "crash",      "error", "regression"};
}  // namespace

const char* status_name(Status s) { return kNames[size_t(s)]; }

std::optional<Status> parse_status(const std::string& s) {
  for (int i = 0; i < kStatusCount; ++i) {
    if (s == kNames[i]) return Status(i);
  }
  return std::nullopt;
}

bool fails_run(Status s) {
  return s == Status::Fail || s == Status::Timeout || s == Status::Crash || s == Status::Error || s == Status::Regression;
}

uint64_t Histogram::total() const {
  uint64_t n = 0;
  for (uint64_t c : counts) n += c;
  return n;
}

}  // namespace clconform::reports
