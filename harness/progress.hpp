// A one-line progress display on a terminal (cases and values done, rate,
// time left); silent when stderr is not a terminal, so logs stay clean.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace clconform {

class Progress {
 public:
  explicit Progress(size_t total_cases);
  ~Progress();
  void update(size_t cases_done, uint64_t values_done, const std::string& current);

 private:
  bool enabled_;
  size_t total_;
  std::chrono::steady_clock::time_point start_, last_;
  bool drawn_ = false;
};

}  // namespace clconform
