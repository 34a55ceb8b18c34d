// The engine shared by the common, geometric and relational suites: a case
// is one built-in over one element type with one kernel per overload (the
// manifest's "overloads"). For each overload it makes the inputs of every
// work-item on the host (the suite's Judge decides them), runs the kernel,
// and has the Judge rule on every result lane; then it reports per
// overload the values checked and failed and, for measured functions, the
// largest error against the bound, a histogram and the worst input, in the
// metrics the report's accuracy profile reads (harness/RESULTS.md).
//
// Inputs are a pure function of (seed, case, overload, work-item), so
// `clconform run --index N` re-runs work-item N of every overload. The
// work-items are drawn and judged on several threads at once (fn_case.cpp),
// so a Judge's inputs() and judge() must be safe to call concurrently.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case_run.hpp"
#include "json.hpp"

namespace clconform::suites::fn {

struct Operand {
  std::string type;  // element type name
  char kind = 'f';   // 'f', 'i' (signed), 'u'
  unsigned bytes = 4, n = 1;
};

struct Overload {
  std::string kernel, form;
  unsigned n = 1;
  std::vector<Operand> args;
  Operand result;
  json::Value bound;  // the 7.4 spec per profile (common and geometric only)
};

// What the build options and the device allow (7.4, 7.5.3, and the build
// options -cl-fast-relaxed-math, -cl-finite-math-only, -cl-no-signed-zeros).
// Half denormals may flush only where CL_DEVICE_HALF_FP_CONFIG lacks
// CL_FP_DENORM: -cl-denorms-are-zero speaks of single and double precision
// (as suites/half handles them).
struct Regime {
  bool embedded = false, relaxed = false, finite_only = false, no_signed_zeros = false;
  bool ftz2 = false, ftz4 = false, ftz8 = false;
  bool ftz(unsigned bytes) const { return bytes == 8 ? ftz8 : bytes == 2 ? ftz2 : ftz4; }
  std::string profile() const { return embedded ? "embedded" : "full"; }
  std::string describe() const;
};

// Counter-based random bits for one work-item.
class Rng {
 public:
  Rng(uint64_t seed, uint64_t stream, uint64_t index) : seed_(seed), stream_(stream), base_(index << 12) {}
  uint64_t next();
  double uniform() { return double(next() >> 11) * 0x1p-53; }  // [0, 1)
  uint64_t below(uint64_t n) { return next() % n; }

 private:
  uint64_t seed_, stream_, base_, k_ = 0;
};

// One work-item: its index, every argument's lanes (a scalar argument has
// one lane), and the result's lanes.
struct Item {
  uint64_t index = 0;
  std::vector<std::vector<uint64_t>> args;
  std::vector<uint64_t> out;
};

// The verdict on one result lane. Every failed lane becomes a Mismatch with
// its WrongBits (harness/case_result.hpp): the formats and sizes of the first
// argument and of the result, the overload's width, the lane's inputs (one
// per argument for componentwise functions; for the others, such as dot or
// normalize, every component of every argument in order), the output and
// expected_bits.
struct Lane {
  enum class Status { Pass, Fail, Unjudged };
  Status status = Status::Pass;
  double ulp = -1;    // error in ulp of the reference; -1 where none was measured
  double ratio = -1;  // error / bound for a judged numeric bound
  double abs = -1;    // absolute error, where the bound is absolute
  std::string expected, rule;  // for failures and the worst value
  // The reference's nearest value in the result's format (its bits), which
  // known-failure entries match on; for exact results the value itself.
  uint64_t expected_bits = 0;
  std::string edge;  // the named edge case the rule checks; empty: none
};

class Judge {
 public:
  virtual ~Judge() = default;
  // Work-items per overload in quick and in full mode.
  virtual uint64_t items(bool full) const = 0;
  // Fills ITEM.args (lanes per argument: 1 for a scalar) for overload OV.
  virtual void inputs(const Overload& ov, Rng& rng, Item& item) const = 0;
  // Rules on every lane of ITEM.out; LANES has one entry per result lane.
  virtual void judge(const Overload& ov, const Item& item, std::vector<Lane>& lanes) const = 0;
  // Whether errors are measured (ulp metrics, histogram); false for exact
  // integer results.
  virtual bool measured() const { return true; }
  // Whether result lane l depends on lane l of each vector argument only
  // (failure records then show that lane's inputs, else whole vectors).
  virtual bool componentwise() const { return true; }
  // The bound of OV in this run, for the metrics: ulps (or -1 where the
  // bound is not in ulps), its text, and whether it is judged.
  struct BoundInfo {
    double ulps = -1;
    std::string text;
    bool judged = true;
  };
  virtual BoundInfo bound(const Overload&) const { return {}; }
};

Regime regime_of(CaseRun& run);
std::vector<Overload> overloads_of(const json::Value& params);

// The WrongBits format letter of an operand: 'h', 'f', 'd' for half, float
// and double; 'i' or 'u' for integers.
char format_of(const Operand& o);

// "0x3f800000" for a value, "(0x.., 0x..)" for several lanes.
std::string lanes_text(const std::vector<uint64_t>& lanes, unsigned bytes);

// Work-item INDEX of overload OV, the case's overload number OVERLOAD, into
// IT: its index, its argument lanes zeroed, then JUDGE's inputs, drawn
// from SEED and the case's CASE_STREAM (harness case_stream). Each overload
// has a stream of its own, so the overloads see different values. run_case
// draws every item so; tests count a full plan's inputs the same way.
void draw_item(const Judge& judge, const Overload& ov, uint64_t seed, uint64_t case_stream, size_t overload,
               uint64_t index, Item& it);

void run_case(CaseRun& run, const Judge& judge);


}  // namespace clconform::suites::fn
