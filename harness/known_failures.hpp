// Known failures: proven device defects, each described by the wrong results
// it accounts for, so that CI stays green on a device with genuine defects
// without hiding new ones. An entry applies to a case by device, driver,
// build options and case id; within the case it excuses only the wrong
// values that fit its description, and at most max_count of them. A case
// becomes known_fail only when every wrong value is excused and no entry
// exceeds its count; a case that passes while an entry applies is xpass (the
// entry is stale); anything else keeps its status, and the record says how
// many wrong values were excused and how many were not.
//
// File format (JSON, validated on load; suites/known_failures.schema.json):
//   {"entries": [{
//      "device": glob on the device name, "driver": glob on the driver version (default *),
//      "build_options": glob on the run's build options (default *; "" only a run without any),
//      "build_options_except": [globs] (optional): options under which the
//                  entry does not apply, although build_options matches (an
//                  option whose rules already accept the defect's values, so
//                  that the case passes there and the entry would be xpass),
//      "case": glob on the case id,
//      "reason": what is wrong, in words,
//      "excuses": {
//        "kinds": ["wrong_value" | "flushed" | "sign_of_zero" | "nan_instead" |
//                  "value_instead_of_nan" | "unwritten" | "wrote_outside" | "build_failure" |
//                  "accepted_illegal", ...],
//        "widths": [1, 2, 3, 4, 8, 16]            (optional: any width),
//        "inputs": {"arg": N (optional: any argument may satisfy),
//                   "class": ["zero" | "subnormal" | "normal" | "inf" | "nan", ...],
//                   "integer": true                (only values with no fraction),
//                   "range": ["lo", "hi"]         (the input's value, decimal or hex float text),
//                   "abs_range": ["lo", "hi"]     (its magnitude),
//                   "bits": ["0x...", ...]}       (optional; every condition given must hold),
//        "expected": {the same conditions, less "arg", on the correct result} (optional),
//        "edge": glob on the edge-case name        (optional),
//        "output": glob on which result of a built-in with several the value
//                  is (optional; math: the output's judge, "lgamma_r.sign"):
//                  an entry that names one excuses no value of another,
//        "max_ulp": N                              (optional: any error),
//        "max_count": N,                           (wrong values excused in one run of the case)
//        "max_count_full": N                       (optional: the same under --mode full)
//      },
//      "evidence": {...}}]}
//
// The default list is every suites/<suite>/known_failures.json; a path to a
// folder reads every known_failures.json one level below it.
#pragma once

#include <string>
#include <vector>

#include "case_result.hpp"
#include "json.hpp"

namespace clconform {

struct ValueCondition {
  int arg = -1;  // -1: any argument
  unsigned classes = 0;  // bit set of the classes, 0: any
  bool integer = false;  // only finite values with no fraction
  bool has_range = false, has_abs_range = false;
  double lo = 0, hi = 0, abs_lo = 0, abs_hi = 0;
  std::vector<uint64_t> bits;
};

struct KnownFailure {
  std::string device, driver, case_pattern, build_options, reason, source;  // source: "file: entry N"
  std::vector<std::string> build_options_except;
  unsigned kinds = 0;  // bit set of the kinds
  std::vector<unsigned> widths;
  bool has_inputs = false, has_expected = false;
  ValueCondition inputs, expected;
  std::string edge;  // empty: any
  std::string output;  // glob on Mismatch::output_name; empty: any
  // Whether OUTPUT has a wildcard. A plain name is compared as a string: a
  // defect with billions of wrong values feels the difference (verify_bench
  // here, lgamma_r with every sign wrong: glob_match added about 11 ns to
  // each wrong value, the comparison about 2).
  bool output_is_glob = false;
  double max_ulp = -1;  // <0: any error
  uint64_t max_count = 0, max_count_full = 0;
  json::Value evidence;
  // build_options matches OPTIONS and no glob of build_options_except does.
  bool applies_to_options(const std::string& options) const;

  std::string describe() const;  // "device / driver / case [/ options]"
};

// The kind of a wrong value: the Mismatch's own kind when it names one, else
// derived from its bits.
std::string wrong_kind(const Mismatch& m);

// The entries that apply to one case of one run, asked about each wrong value.
class CaseExcuses {
 public:
  CaseExcuses() = default;
  CaseExcuses(std::vector<const KnownFailure*> entries, bool full_mode)
      : entries_(std::move(entries)), full_(full_mode) {
    for (const KnownFailure* e : entries_) names_widths_ = names_widths_ || !e->widths.empty();
  }

  bool empty() const { return entries_.empty(); }
  size_t size() const { return entries_.size(); }
  const KnownFailure& entry(size_t i) const { return *entries_[i]; }
  uint64_t max_count(size_t i) const;
  // The index of the first entry that describes M, or -1. Thread-safe.
  int cover(const Mismatch& m) const;
  // Whether an entry names vector widths: otherwise cover's answer for a
  // wrong value is the same at every width.
  bool names_widths() const { return names_widths_; }
  // A wrong value of a 4-byte integer output named OUTPUT_NAME ("" for a
  // built-in's only result) carries bits, no edge, no kind of its own and
  // an infinite error: integer_candidates lists the entries that may
  // describe one, in order, and cover_integer is cover() of such a value
  // from its N INPUTS (IN_FORMAT, IN_BYTES), OUTPUT and EXPECTED, without
  // a Mismatch. Only for cases where no entry names widths.
  std::vector<int> integer_candidates(const std::string& output_name) const;
  int cover_integer(const std::vector<int>& candidates, const uint64_t* inputs, size_t n, char in_format,
                    unsigned in_bytes, uint32_t output, uint32_t expected) const;

 private:
  std::vector<const KnownFailure*> entries_;
  bool full_ = false;
  bool names_widths_ = false;
};

// What the harness fills an output with before a kernel runs, byte by
// byte: a result still holding it was not written (the kind "unwritten").
constexpr uint64_t kUnwrittenPattern = 0xA5A5A5A5A5A5A5A5ull;
// Whether the device left OUTPUT (BYTES bytes) as the harness filled it,
// where EXPECTED is something else.
inline bool unwritten_value(uint64_t output, uint64_t expected, unsigned bytes) {
  const uint64_t pattern = kUnwrittenPattern >> (64 - 8 * (bytes < 8 ? bytes : 8));
  return output == pattern && expected != pattern;
}

// CaseExcuses::cover_integer for the wrong values of one integer output,
// which remembers its recent answers where no candidate entry reads the
// inputs: then the answer depends on the wrong value's kind (unwritten or
// not) and the expected value alone, and a defect's billions of wrong
// values repeat a few of those (NVIDIA's lgamma_r signs: +1, -1 or 0).
class IntegerCover {
 public:
  IntegerCover(const CaseExcuses& excuses, const std::string& output_name);
  // Whether a candidate entry reads the inputs; if not, cover_pair answers.
  bool reads_inputs() const { return reads_inputs_; }
  int cover(const uint64_t* inputs, size_t n, char in_format, unsigned in_bytes, uint32_t output, uint32_t expected);
  int cover_pair(uint32_t output, uint32_t expected) { return answer(unwritten_value(output, expected, 4), expected); }
  // cover_pair of any written wrong value (not the unwritten pattern).
  int cover_written(uint32_t expected) { return answer(false, expected); }

 private:
  struct Answer {
    bool set = false;
    uint32_t expected = 0;
    int entry = -1;
  };
  int answer(bool unwritten, uint32_t expected) {
    const Answer& a = recent_[unwritten][slot(expected)];
    return a.set && a.expected == expected ? a.entry : remember(unwritten, expected);
  }
  // Fibonacci hashing: every bit of EXPECTED moves the slot.
  static size_t slot(uint32_t expected) { return size_t((uint64_t(expected) * 0x9e3779b97f4a7c15u) >> 61); }
  int remember(bool unwritten, uint32_t expected);

  const CaseExcuses* excuses_;
  std::vector<int> candidates_;
  bool reads_inputs_ = false;
  Answer recent_[2][8];  // by kind (unwritten or not), then slot()
};

class KnownFailures {
 public:
  KnownFailures() = default;
  // Reads a file, or every known_failures.json one level below a folder;
  // "" = none. Throws SetupError naming the file and entry of any fault.
  static KnownFailures load(const std::string& path);

  CaseExcuses for_case(const std::string& device, const std::string& driver, const std::string& case_id,
                       const std::string& build_options, bool full_mode) const;
  // The entries for DEVICE, DRIVER and BUILD_OPTIONS whose case pattern names
  // BUILTIN in one of its dot-separated parts, where a part's wildcards
  // count ("mad_sat" in "integer.builtins.mad_sat.long", "convert_uint4_sat"
  // in "half.fp16.convert.convert_uint*_sat.half"): what a fuzz finding that involves the
  // built-in may be excused by.
  std::vector<const KnownFailure*> for_builtin(const std::string& device, const std::string& driver,
                                               const std::string& builtin, const std::string& build_options) const;
  // Settles a finished record with the result's tally: fail -> known_fail
  // when every wrong value was excused within the counts, pass -> xpass when
  // an entry applied, and the record's "known_failure" says what matched.
  static void apply(json::Value& record, const CaseResult& result);
  // The same settlement for a campaign's merged record of one sweep, from
  // its shards' records PARTS: the entries' counts are added over the shards
  // and judged against max_count once, and the case is xpass only when no
  // shard found a wrong value. Sets RECORD's status, detail and
  // "known_failure"; returns false, changing nothing, where the parts carry
  // no settlement to add up (no entry applied, a failure that is no wrong
  // value, or records written before "check_status" was).
  static bool settle_merged(json::Value& record, const std::vector<const json::Value*>& parts);

  size_t size() const { return entries_.size(); }

 private:
  void read_file(const std::string& path);
  std::vector<KnownFailure> entries_;
};

}  // namespace clconform
