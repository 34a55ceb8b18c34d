#include <unordered_map>

#include "reports/reports.hpp"

namespace clconform::reports {

uint64_t Counts::failing() const {
  return (*this)[Status::Fail] + (*this)[Status::Timeout] + (*this)[Status::Crash] + (*this)[Status::Error] +
         (*this)[Status::Regression];
}

void Counts::add(const CaseRecord& c) {
  ++by_status[size_t(c.status)];
  ++cases;
  checked += c.checked;
  failed_values += c.failed;
  if (c.time_s) time_s += *c.time_s;
}

Tally tally(const RunData& run) {
  Tally t;
  std::unordered_map<std::string, size_t> where;
  auto slot = [&](const std::string& suite) -> Counts& {
    auto [it, inserted] = where.emplace(suite, t.suites.size());
    if (inserted) t.suites.push_back({suite, {}});
    return t.suites[it->second].counts;
  };
  for (const std::string& s : run.run.suites) slot(s);
  for (const CaseRecord& c : run.cases) {
    slot(c.suite).add(c);
    t.total.add(c);
  }
  return t;
}

}  // namespace clconform::reports
