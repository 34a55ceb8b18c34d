#include "case_result.hpp"

#include <algorithm>
#include <cstdio>

namespace clconform {

std::string hex_bits(uint64_t bits, unsigned bytes) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", int(bytes * 2), static_cast<unsigned long long>(bits));
  return buf;
}

void CaseResult::fail(Mismatch m) {
  ++checked;
  ++failed;
  if (status == "pass") status = "fail";  // one wrong value fails the case
  if (worst_.size() == kKeep && m.score <= worst_.back().score) return;
  auto at = std::upper_bound(worst_.begin(), worst_.end(), m,
                             [](const Mismatch& a, const Mismatch& b) { return a.score > b.score; });
  worst_.insert(at, std::move(m));
  if (worst_.size() > kKeep) worst_.pop_back();
}

json::Value CaseResult::to_json() const {
  json::Value v = json::Value::object();
  v["status"] = status;
  if (!detail.empty()) v["detail"] = detail;
  v["checked"] = static_cast<unsigned long long>(checked);
  v["failed"] = static_cast<unsigned long long>(failed);
  if (!worst_.empty()) {
    json::Value list = json::Value::array();
    for (const auto& m : worst_) {
      json::Value f = json::Value::object();
      f["index"] = static_cast<unsigned long long>(m.index);
      if (m.lane >= 0) f["lane"] = m.lane;
      json::Value in = json::Value::array();
      for (const auto& s : m.inputs) in.push_back(s);
      f["inputs"] = in;
      f["output"] = m.output;
      f["expected"] = m.expected;
      if (!m.note.empty()) f["note"] = m.note;
      if (m.ulp >= 0) f["ulp"] = m.ulp;
      list.push_back(f);
    }
    v["failures"] = list;
  }
  if (!build_log.empty()) v["build_log"] = build_log;
  if (!source.empty()) v["source"] = source;
  if (!metrics.is_null()) v["metrics"] = metrics;
  return v;
}

}  // namespace clconform
