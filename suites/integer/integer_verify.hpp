// What the integer check does on the host, apart from the device: writes a
// case's input tuples into a sweep chunk and verifies every width's results
// against the exact reference. Knows the case only through its manifest
// params, so the benchmark (bench/integer_verify_bench) and the unit tests
// drive the very code the suite runs, without a device.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "case_result.hpp"
#include "integer_inputs.hpp"
#include "json.hpp"
#include "reference/integer.hpp"
#include "reference/integer_block.hpp"
#include "sweep.hpp"

namespace clconform::suites::integer {

constexpr size_t kMaxWidths = 8;

// One verifying thread's counts and wrong values.
struct VerifyAcc {
  uint64_t checked[kMaxWidths] = {}, failed[kMaxWidths] = {};
  uint64_t unjudged = 0, probes = 0, probe_failed = 0;
  // Lanes of a block sent to the per-lane path where the block reference
  // (reference/integer_block.hpp) and the per-lane reference disagree: an
  // internal error, never a verdict.
  uint64_t disagreements = 0;
  FailureTally failures;  // every wrong value, matched against the known failures
};

class Verifier {
 public:
  // PARAMS: the case's manifest params; FULL, SEED, STREAM: the input plan's.
  Verifier(const json::Value& params, bool full, uint64_t seed, uint64_t stream);

  const InputPlan& plan() const { return *plan_; }
  // Widens [begin, end) to whole blocks of broadcast lanes (scalar arguments
  // are shared by a work-item's lanes, so each block is one tuple of them).
  void align(uint64_t& begin, uint64_t& end) const;
  SweepShape shape() const;

  // Writes the input tuples of lanes [lo, hi) of CH.
  void fill(const SweepChunk& ch, size_t lo, size_t hi) const;
  // Verifies lanes [lo, hi) of CH at every width into ACC, block by block:
  // the block's expected results come from the block reference, and a block
  // whose every defined lane matches at every width is counted as such; any
  // other block goes through verify_lanes, which counts and records it
  // exactly as if it had been sent there directly.
  void verify(const SweepChunk& ch, size_t lo, size_t hi, VerifyAcc& acc) const;
  // The same, lane by lane with the per-lane reference (reference/integer.hpp).
  void verify_lanes(const SweepChunk& ch, size_t lo, size_t hi, VerifyAcc& acc) const;

  const std::string& name() const { return name_; }
  const std::vector<unsigned>& widths() const { return widths_; }

 private:
  void tuple(uint64_t lane, uint64_t* t) const;
  void fill_exhaustive(const SweepChunk& ch, size_t lo, size_t hi) const;
  template <class R>
  bool block_matches(const SweepChunk& ch, size_t at, size_t n, const R* want, const R* mask, R* want_vec,
                     uint64_t& judged) const;
  template <class R>
  void cross_check(const SweepChunk& ch, size_t at, size_t n, const R* want, const R* mask, VerifyAcc& acc) const;
  // A wrong result of width W for TALLY, in its scratch Mismatch: what
  // known-failure entries match on, without its text (texts() writes that
  // for a kept one).
  Mismatch& bare_mismatch(FailureTally& tally, uint64_t lane, unsigned w, const uint64_t* a, uint64_t got,
                          uint64_t want) const;
  // The text of M, a wrong result of width W at the arguments A, of the
  // check "NAME_ WHAT".
  void texts(Mismatch& m, unsigned w, const uint64_t* a, const char* what) const;

  std::string name_, result_type_;
  ref::integer::Fn fn_ = ref::integer::Fn::Abs;
  ref::IntFormat format_{32, true}, result_{32, true};
  std::vector<unsigned> arg_bytes_, widths_, broadcast_;
  unsigned bcast_block_ = 48;
  bool probe_ = false;
  std::unique_ptr<InputPlan> plan_;
  ref::integer::BlockEval block_ = nullptr;
};

}  // namespace clconform::suites::integer
