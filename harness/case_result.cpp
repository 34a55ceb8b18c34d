#include "case_result.hpp"

#include <algorithm>
#include <cstdio>

#include "known_failures.hpp"

namespace clconform {

std::string hex_bits(uint64_t bits, unsigned bytes) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llx", int(bytes * 2), static_cast<unsigned long long>(bits));
  return buf;
}

namespace {

size_t keep_unexcused = 16;

// Whether a value ranked SCORE_A at index INDEX_A is worse than one ranked
// SCORE_B at INDEX_B: a larger score, or the earlier of a tie.
bool ranks_worse(double score_a, uint64_t index_a, double score_b, uint64_t index_b) {
  return score_a != score_b ? score_a > score_b : index_a < index_b;
}
bool worse(const Mismatch& a, const Mismatch& b) { return ranks_worse(a.score, a.index, b.score, b.index); }

}  // namespace

size_t FailureTally::keep_limit() { return keep_unexcused; }
void FailureTally::set_keep_limit(size_t n) { keep_unexcused = n; }

FailureTally::FailureTally(const CaseExcuses* excuses)
    : excuses_(excuses), per_width_(excuses && excuses->names_widths()) {
  const size_t n = excuses ? excuses->size() : 0;
  per_entry_.assign(n, 0);
  entry_max_ulp_.assign(n, 0);
}

int FailureTally::match(const Mismatch& m) const { return excuses_ ? excuses_->cover(m) : -1; }

std::vector<Mismatch>* FailureTally::count(const Mismatch& m, int* excused_by) {
  *excused_by = match(m);
  return count_as(m, *excused_by, 1);
}

std::vector<Mismatch>* FailureTally::count_as(const Mismatch& m, int e, size_t count) {
  tally(e, count, m.ulp);
  std::vector<Mismatch>& list = e < 0 ? worst_ : excused_;
  return keeps(list, m.score, m.index, limit_of(list)) ? &list : nullptr;
}

bool FailureTally::keeps(const std::vector<Mismatch>& list, double score, uint64_t index, size_t limit) {
  // A limit of 0 (--keep-failures 0) keeps nothing.
  return list.size() < limit || (!list.empty() && ranks_worse(score, index, list.back().score, list.back().index));
}

bool FailureTally::count_unkept(int e, size_t count, double ulp, double score, uint64_t index) {
  const std::vector<Mismatch>& list = e < 0 ? worst_ : excused_;
  if (keeps(list, score, index, limit_of(list))) return false;
  tally(e, count, ulp);
  return true;
}

void FailureTally::keep_worst(std::vector<Mismatch>& list, Mismatch m, size_t limit) {
  if (!keeps(list, m, limit)) return;
  list.insert(std::upper_bound(list.begin(), list.end(), m, worse), std::move(m));
  if (list.size() > limit) list.pop_back();
}

void FailureTally::merge(FailureTally&& o) {
  if (!excuses_ && o.excuses_) {  // an empty accumulator takes the entries of what it merges
    excuses_ = o.excuses_;
    per_width_ = o.per_width_;
    per_entry_.assign(o.per_entry_.size(), 0);
    entry_max_ulp_.assign(o.entry_max_ulp_.size(), 0);
  }
  failed_ += o.failed_;
  unexcused_ += o.unexcused_;
  for (size_t i = 0; i < per_entry_.size() && i < o.per_entry_.size(); ++i) {
    per_entry_[i] += o.per_entry_[i];
    entry_max_ulp_[i] = std::max(entry_max_ulp_[i], o.entry_max_ulp_[i]);
  }
  for (Mismatch& m : o.worst_) keep_worst(worst_, std::move(m), keep_unexcused);
  for (Mismatch& m : o.excused_) keep_worst(excused_, std::move(m), kKeepExcused);
}

void CaseResult::fail(Mismatch m) {
  ++checked;
  if (status == "pass") status = "fail";  // one wrong value fails the case
  tally_.add(std::move(m));
}

void CaseResult::merge(FailureTally&& t) {
  if (t.failed() > 0 && status == "pass") status = "fail";
  tally_.merge(std::move(t));
}

namespace {

json::Value mismatch_json(const Mismatch& m) {
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
  f["kind"] = wrong_kind(m);
  if (m.bits) f["width"] = m.bits->width;
  if (!m.edge.empty()) f["edge"] = m.edge;
  return f;
}

}  // namespace

json::Value CaseResult::to_json() const {
  json::Value v = json::Value::object();
  v["status"] = status;
  if (!detail.empty()) v["detail"] = detail;
  v["checked"] = static_cast<unsigned long long>(checked);
  v["failed"] = static_cast<unsigned long long>(tally_.failed());
  if (!tally_.worst().empty()) {
    json::Value list = json::Value::array();
    for (const auto& m : tally_.worst()) list.push_back(mismatch_json(m));
    v["failures"] = list;
  }
  if (!tally_.excused().empty()) {
    json::Value list = json::Value::array();
    for (const auto& m : tally_.excused()) {
      json::Value f = mismatch_json(m);
      f["excused_by"] = m.excused_by;
      list.push_back(f);
    }
    v["excused_failures"] = list;
  }
  if (!build_log.empty()) v["build_log"] = build_log;
  if (!source.empty()) v["source"] = source;
  if (!metrics.is_null()) v["metrics"] = metrics;
  return v;
}

}  // namespace clconform
