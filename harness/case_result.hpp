// What one case found: counts, the worst mismatches (never all of them), and
// the status. Written as one line of results.jsonl (see RESULTS.md).
//
// Every wrong value goes through a FailureTally, which asks the known-failure
// entries that apply to the case (known_failures.hpp) whether one of them
// describes it. A check that verifies on one thread calls CaseResult::fail;
// a sweep gives each host thread its own tally (CaseResult::tally()) and
// merges them once (CaseResult::merge), so no lock is taken per value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json.hpp"

namespace clconform {

class CaseExcuses;

// The numbers behind a wrong value, which known-failure entries match on:
// the formats say how to read the bits ('h', 'f', 'd' for IEEE half, float
// and double; 'i' for signed and 'u' for unsigned integers of BYTES bytes).
struct WrongBits {
  char in_format = 'u', out_format = 'u';
  unsigned in_bytes = 4, out_bytes = 4;
  unsigned width = 1;            // vector width of the kernel that produced the value (1: scalar)
  std::vector<uint64_t> inputs;  // this lane's inputs, one per argument
  uint64_t output = 0;           // what the device wrote
  uint64_t expected = 0;         // the reference's nearest value in the output format
};

struct Mismatch {
  uint64_t index = 0;  // input vector index; regenerates the inputs
  int lane = -1;       // -1 when the value is not a lane
  std::vector<std::string> inputs;
  std::string output, expected, note;
  double score = 0;  // larger is worse; ties keep the earliest
  double ulp = -1;   // numeric suites only
  // For known-failure matching. A numeric check sets BITS; a named edge case
  // sets EDGE; KIND overrides the kind derived from the bits (known_failures.hpp
  // lists the kinds: "accepted_illegal" for an illegal program that built).
  std::optional<WrongBits> bits = std::nullopt;
  std::string edge = {};
  // The value's edge case, if any, is not named (a `clconform fuzz` finding:
  // its oracle judges intervals and names no edge cases). An entry's edge
  // condition then stands aside where the entry scopes its values otherwise
  // (an input or expected condition, or kinds without wrong_value); an entry
  // scoped by its edge alone describes no such value.
  bool edge_unnamed = false;
  std::string kind = {};
  // Which result of a built-in with several the value is (math: the
  // output's judge, such as "lgamma_r.sign"); empty where there is one.
  std::string output_name = {};
  int excused_by = -1;  // set by the tally: index of the entry that describes it
};

// Wrong values seen by one thread: counts, what the known-failure entries
// excuse, and the worst of each kind kept.
class FailureTally {
 public:
  static constexpr size_t kKeepExcused = 4;  // excused values kept, as examples
  // Unexcused values kept per case: 16, or what --keep-failures asked for
  // (a vendor measuring a defect's extent wants them all).
  static size_t keep_limit();
  static void set_keep_limit(size_t n);

  explicit FailureTally(const CaseExcuses* excuses = nullptr);

  void add(const Mismatch& m) { add(m, [](Mismatch&) {}); }  // one wrong value
  // One wrong value whose text (inputs, output, expected, note) DESCRIBE
  // writes into the tally's copy of M only if the tally keeps it: M carries
  // what the known-failure entries match on (bits, edge, kind, ulp) and
  // what ranks it (score, index). A defect that makes millions of wrong
  // values costs a sweep the matching and the counting, not millions of
  // texts.
  template <class Describe>
  void add(const Mismatch& m, Describe&& describe) {
    int excused_by = -1;
    if (std::vector<Mismatch>* list = count(m, &excused_by)) keep(*list, m, excused_by, describe);
  }
  // The same wrong value at widths WIDTHS[0, N) of input vector LANE: as
  // add(M, DESCRIBE) once per width W, in that order, with M's lane LANE %
  // W and its bits' width W (M must have bits).
  template <class Describe>
  void add_widths(Mismatch& m, uint64_t lane, const unsigned* widths, size_t n, Describe&& describe) {
    const auto at = [&](size_t k) {
      m.lane = int(lane % widths[k]);
      m.bits->width = widths[k];
    };
    if (per_width_) {
      for (size_t k = 0; k < n; ++k) {
        at(k);
        add(m, describe);
      }
      return;
    }
    // No entry names widths: the values are matched once and counted at
    // once. They rank alike (score and index), so where the first is not
    // kept, none is.
    at(0);
    const int excused_by = match(m);
    std::vector<Mismatch>* list = count_as(m, excused_by, n);
    for (size_t k = 0; list && k < n; ++k) {
      at(k);
      if (keeps(*list, m, limit_of(*list))) keep(*list, m, excused_by, describe);
    }
  }
  void merge(FailureTally&& other);
  // COUNT wrong values alike, ranked SCORE at input vector INDEX with error
  // ULP, which entry E excuses (-1: none), counted as add_widths counts
  // them, where the list that would hold them keeps none: true. False,
  // with nothing counted, where it would keep one; the caller then adds
  // them whole, with their text. A defect with billions of wrong values
  // costs a sweep only the matching and this.
  bool count_unkept(int e, size_t count, double ulp, double score, uint64_t index);
  // Whether the list of excused (EXCUSED) or unexcused values keeps none
  // ranked SCORE at any input vector from FROM on: it is full of values
  // ranked as badly or worse. It keeps none later either (what it holds
  // only ever ranks worse).
  bool keeps_none_from(bool excused, double score, uint64_t from) const {
    const std::vector<Mismatch>& list = excused ? excused_ : worst_;
    return !keeps(list, score, from, limit_of(list));
  }
  // COUNT wrong values with error ULP that entry E excuses (-1: none),
  // counted as add_widths counts them, where keeps_none_from said that
  // their list keeps none of them.
  void count_unkept_known(int e, size_t count, double ulp) { tally(e, count, ulp); }
  const CaseExcuses* excuses() const { return excuses_; }
  // A Mismatch for the caller to fill and hand to add or add_widths: the
  // same one each time, its fields back at their defaults but for its bits,
  // which keep their storage (the caller sets every field of them), so that
  // a wrong value costs no allocation.
  Mismatch& scratch() {
    Mismatch& m = scratch_;
    m.index = 0;
    m.lane = -1;
    m.inputs.clear();
    m.output.clear();
    m.expected.clear();
    m.note.clear();
    m.score = 0;
    m.ulp = -1;
    m.edge.clear();
    m.kind.clear();
    m.output_name.clear();
    m.excused_by = -1;
    return m;
  }

  uint64_t failed() const { return failed_; }
  uint64_t unexcused() const { return unexcused_; }
  const std::vector<uint64_t>& per_entry() const { return per_entry_; }  // excused values per entry
  const std::vector<double>& entry_max_ulp() const { return entry_max_ulp_; }
  const std::vector<Mismatch>& worst() const { return worst_; }       // unexcused, worst first
  const std::vector<Mismatch>& excused() const { return excused_; }   // examples, worst first

 private:
  // Counts M as excused (by entry *EXCUSED_BY) or not, and returns the list
  // that keeps it among its worst, or nullptr where it is not kept.
  std::vector<Mismatch>* count(const Mismatch& m, int* excused_by);
  // The same for COUNT values like M, matched already: excused by entry
  // EXCUSED_BY, or not (-1); the list is the one that would keep M.
  std::vector<Mismatch>* count_as(const Mismatch& m, int excused_by, size_t count);
  // The counts of COUNT wrong values with error ULP, excused by entry E
  // (-1: none).
  void tally(int e, size_t count, double ulp) {
    failed_ += count;
    if (e < 0) {
      unexcused_ += count;
      return;
    }
    per_entry_[size_t(e)] += count;
    // Stored only when it grows: a flood of one defect's values stores
    // nothing after its first.
    double& max_ulp = entry_max_ulp_[size_t(e)];
    if (max_ulp < ulp) max_ulp = ulp;
  }
  int match(const Mismatch& m) const;  // the entry that excuses M, or -1
  // Whether LIST (worst first, at most LIMIT long) would take a value
  // ranked SCORE at INDEX, or M.
  static bool keeps(const std::vector<Mismatch>& list, double score, uint64_t index, size_t limit);
  static bool keeps(const std::vector<Mismatch>& list, const Mismatch& m, size_t limit) {
    return keeps(list, m.score, m.index, limit);
  }
  // Inserts M into LIST if it keeps it, dropping what falls past LIMIT.
  static void keep_worst(std::vector<Mismatch>& list, Mismatch m, size_t limit);
  size_t limit_of(const std::vector<Mismatch>& list) const { return &list == &excused_ ? kKeepExcused : keep_limit(); }
  // Keeps a copy of M, excused by entry EXCUSED_BY (or -1), described.
  template <class Describe>
  void keep(std::vector<Mismatch>& list, const Mismatch& m, int excused_by, Describe& describe) {
    Mismatch kept = m;
    kept.excused_by = excused_by;
    describe(kept);
    keep_worst(list, std::move(kept), limit_of(list));
  }

  const CaseExcuses* excuses_;
  bool per_width_ = false;  // an entry names widths: add_widths matches at each
  Mismatch scratch_;
  uint64_t failed_ = 0, unexcused_ = 0;
  std::vector<uint64_t> per_entry_;
  std::vector<double> entry_max_ulp_;
  std::vector<Mismatch> worst_, excused_;
};

class CaseResult {
 public:
  explicit CaseResult(const CaseExcuses* excuses = nullptr) : excuses_(excuses), tally_(excuses) {}

  std::string status = "pass";
  std::string detail;
  uint64_t checked = 0;
  std::string build_log;
  std::string source;  // kernel source, kept when the case did not pass
  json::Value metrics;

  void pass(uint64_t n = 1) { checked += n; }
  void fail(Mismatch m);  // counts one wrong value (checked too) and fails the case
  // A tally for one verifying thread, matched against the same entries.
  FailureTally tally() const { return FailureTally(excuses_); }
  // Adds a thread's wrong values; the caller counts its checked values itself.
  void merge(FailureTally&& t);

  uint64_t failed() const { return tally_.failed(); }
  const FailureTally& failures() const { return tally_; }
  const std::vector<Mismatch>& worst() const { return tally_.worst(); }
  const CaseExcuses* excuses() const { return excuses_; }

  json::Value to_json() const;

 private:
  const CaseExcuses* excuses_;
  FailureTally tally_;
};

// "0x" followed by BYTES*2 hex digits.
std::string hex_bits(uint64_t bits, unsigned bytes);

}  // namespace clconform
