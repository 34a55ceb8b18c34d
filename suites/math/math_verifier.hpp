// The math suite's verification of a sweep, apart from any device: how a
// case's inputs are laid out in a chunk, and how every width's results are
// judged against one reference per input tuple (reference/math/judge.hpp)
// under the bound the run's regime selects (math_bounds.hpp), with the
// catalog's edge-case checks on the first lanes (math_edge_checks.hpp).
// math_checks.cpp runs it on a device through harness/sweep.hpp;
// bench/verify_bench.cpp runs it on synthetic results, so the benchmark
// times exactly the suite's code.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "case_result.hpp"
#include "inputs.hpp"
#include "json.hpp"
#include "known_failures.hpp"
#include "math_bounds.hpp"
#include "math_edge_checks.hpp"
#include "math_inputs.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/block_verdict.hpp"
#include "reference/math/block_verdict_double.hpp"
#include "reference/math/judge.hpp"
#include "reference/math/judge_double.hpp"
#include "reference/math/judge_half.hpp"
#include "reference/mpfr_value.hpp"
#include "sweep_chunk.hpp"

namespace clconform::suites::math {

using ref::Double;
using ref::Float;
namespace rm = ref::math;

// The three formats of a math case: the result's bits, its judge, and the
// size of one element in the kernel's arrays.
struct FloatFormat {
  using Bits = uint32_t;
  using Judge = rm::Judge;
  static constexpr unsigned bytes = 4;
  static constexpr bool fp64 = false;
  static constexpr bool half = false;
  static constexpr rm::Format format = rm::Format::Float;
  static constexpr const char* every = "every float";
  using Value = float;
  static constexpr char code = 'f';  // WrongBits' format letter
  static constexpr uint64_t quiet_nan = Float::quiet_nan_bits;
  static bool is_nan(uint64_t b) { return ref::is_nan<Float>(uint32_t(b)); }
  static bool quiet(uint64_t b) { return (b & Float::quiet_bit) != 0; }
};
struct DoubleFormat {
  using Bits = uint64_t;
  using Judge = rm::DoubleJudge;
  static constexpr unsigned bytes = 8;
  static constexpr bool fp64 = true;
  static constexpr bool half = false;
  static constexpr rm::Format format = rm::Format::Double;
  static constexpr const char* every = "every double";
  using Value = double;
  static constexpr char code = 'd';
  static constexpr uint64_t quiet_nan = Double::quiet_nan_bits;
  static bool is_nan(uint64_t b) { return ref::is_nan<Double>(b); }
  static bool quiet(uint64_t b) { return (b & Double::quiet_bit) != 0; }
};
// Half (cl_khr_fp16): judged lane by lane (verify_points), every lane's
// reference from the float tier or MPFR (judge_half.hpp).
struct HalfFormat {
  using Bits = uint16_t;
  using Judge = rm::HalfJudge;
  static constexpr unsigned bytes = 2;
  static constexpr bool fp64 = false;
  static constexpr bool half = true;
  static constexpr rm::Format format = rm::Format::Half;
  static constexpr const char* every = "every half";
  static constexpr char code = 'h';
  static constexpr uint64_t quiet_nan = ref::Half::quiet_nan_bits;
  static bool is_nan(uint64_t b) { return ref::is_nan<ref::Half>(uint16_t(b)); }
  static bool quiet(uint64_t b) { return (b & ref::Half::quiet_bit) != 0; }
  // A failure's expected bits where the nearest half is not certain: the
  // half nearest the reference's double.
  static uint64_t bits_near(double v) { return ref::Mpfr(v, 53).round_to<ref::Half>(); }
};

// Histogram bin edges in ulp; the last bin is open ([65536, inf), and NaN
// or infinitely wrong results).
constexpr std::array<double, 18> kEdges = {0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 16, 64, 256, 1024, 4096, 8192, 65536};
constexpr double kFirstEdge = 0.5;  // kEdges[1]: the first bin holds errors below it
// Every edge from 0.5 to 65536 starts a quarter of a binade (2^e, 1.25
// 2^e, 1.5 2^e or 1.75 2^e), so an error's bin is a function of its
// exponent and its two leading fraction bits. kQuarterBins[0] is the bin
// of the errors below 0.5, kQuarterBins[q + 1] that of the q-th quarter
// from [0.5, 0.625) up, q = 0 .. 68 (the last starts at 65536).
constexpr size_t kQuarters = 69;
constexpr std::array<uint8_t, kQuarters + 1> kQuarterBins = [] {
  std::array<uint8_t, kQuarters + 1> bins{};
  for (size_t q = 0; q < kQuarters; ++q) {
    double low = 0.5;
    for (size_t e = 0; e < q / 4; ++e) low *= 2;
    low *= 1 + 0.25 * double(q % 4);
    size_t bin = 0;
    while (bin + 1 < kEdges.size() && kEdges[bin + 1] <= low) ++bin;
    bins[q + 1] = uint8_t(bin);
  }
  return bins;
}();
// The histogram bin of an error of U ulp (U >= 0; infinite for a NaN or an
// infinitely wrong result: the last bin), without a branch (a device's
// errors fall anywhere): the quarter of a binade U lies in, from its bits,
// clamped to [0.5, 65536].
inline size_t bin_of(double u) {
  constexpr int64_t kHalfQuarter = int64_t(ref::Double::bias - 1) << 2;  // 0.5's exponent and fraction bits
  const int64_t q = int64_t((ref::to_bits(u) >> 50) & 0x1fff) - kHalfQuarter;
  return kQuarterBins[size_t(std::clamp<int64_t>(q, -1, int64_t(kQuarters) - 1) + 1)];
}
constexpr size_t kBatch = 256;  // points prepared together
constexpr size_t kMaxWidths = 16;  // kernels (vector widths) per case
inline const std::string kNoEdge;  // a result that checks no named edge case

template <class Fmt>
struct Output {
  std::string judge_name;
  bool is_int = false, is_nan_fn = false;
  std::unique_ptr<typename Fmt::Judge> judge;
  std::unique_ptr<rm::IntegerJudge> int_judge;  // an integer result's
  BoundSpec spec;
  // A bound that is the same for every lane, worked out once.
  std::optional<LaneBound> fixed;
  // A float result whose fixed bound accepts the correctly rounded float
  // (correctly rounded, exact, or at least half an ulp): the common lane,
  // and a float case's blocks, take it.
  bool common = false;
};

struct Worst {
  double ulp = -1;
  uint64_t lane = 0;
  unsigned width = 0;
  uint64_t got = 0;
  Tuple in;
  std::string expected;
};

struct WidthStats {
  uint64_t checked = 0, failed = 0;
  double max_ulp = 0;
};

struct Acc {
  std::vector<WidthStats> widths;
  std::vector<uint64_t> hist = std::vector<uint64_t>(kEdges.size(), 0);
  uint64_t mpfr = 0, unjudged = 0, quiet_nans = 0, nans = 0;
  Worst worst;
  std::vector<uint64_t> check_pass, check_fail, check_skip;
  FailureTally failures;
  // Per output, the matching of a wrong integer value of it against the
  // known-failure entries, set at the first such value.
  std::vector<IntegerCover> int_covers;
};

inline std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

inline std::string ulp_text(double u) { return std::isinf(u) ? "inf" : fmt("%.4g", u); }

// "0x1.921fb6p+1 (0x40490fdb)": the reference value, and its correctly
// rounded float when the reference knows it for certain.
inline std::string reference_text(const rm::Judge::Point& p) {
  std::string s = fmt("%.9g", p.approx);
  if (p.certain) s += " (" + hex_bits(p.nearest, 4) + ")";
  return s;
}

inline std::string reference_text(const rm::HalfJudge::Point& p) {
  std::string s = fmt("%.6g", p.approx);
  if (p.certain) s += " (" + hex_bits(p.nearest, 2) + ")";
  return s;
}

inline std::string reference_text(const rm::DoubleJudge::Point& p) {
  std::string s = fmt("%.17g", p.approx);
  if (p.certain) s += " (" + hex_bits(p.nearest, 8) + ")";
  return s;
}

inline Arg arg_kind(const std::string& k) {
  if (k == "float") return Arg::Float;
  if (k == "double") return Arg::Double;
  if (k == "int") return Arg::Int;
  if (k == "uint") return Arg::Uint;
  if (k == "ulong") return Arg::Ulong;
  if (k == "half") return Arg::Half;
  if (k == "ushort") return Arg::Ushort;
  throw std::runtime_error("a math case has an argument of unknown type '" + k + "'");
}

template <class Fmt>
class MathVerifier {
  using Bits = typename Fmt::Bits;
  using Judge = typename Fmt::Judge;
  using Point = typename Judge::Point;
  using Output = math::Output<Fmt>;

 public:
  // PARAMS: the case's manifest parameters; FULL, SEED, STREAM choose its
  // input sequence (math_inputs.hpp).
  MathVerifier(const json::Value& params, const Regime& regime, bool full, uint64_t seed, uint64_t stream)
      : params_(params), full_(full) {
    for (const auto& a : params_.at("args").as_array()) args_.push_back(arg_kind(a.as_string()));
    for (const auto& w : params_.at("widths").as_array()) widths_.push_back(unsigned(w.as_int()));
    if (widths_.size() > kMaxWidths) throw std::runtime_error("a math case has more than 16 widths");
    regime_ = regime;
    judged_ = params_.at("judged").as_bool();
    denormals_ = regime_.denorms_may_flush || params_.at("flushes").as_bool() ? rm::Denormals::MayFlush
                                                                                : rm::Denormals::Kept;
    const json::Value& specs = params_.at("bounds").at(regime_.table());
    const bool cr = regime_.cr_divide_sqrt && params_.at("cr_divide_sqrt").as_bool();
    size_t j = 0;
    for (const auto& o : params_.at("outputs").as_array()) {
      Output out;
      out.is_int = o.at("kind").as_string() == "int";
      out.is_nan_fn = o.at("judge").is_null();
      out.spec = cr ? BoundSpec::correctly_rounded() : BoundSpec::parse(specs.as_array().at(j++));
      if (!out.is_nan_fn) {
        out.judge_name = o.at("judge").as_string();
        if (!rm::find_function(out.judge_name))
          throw std::runtime_error("reference/math has no judge for '" + out.judge_name + "' yet");
        if (out.is_int) out.int_judge = std::make_unique<rm::IntegerJudge>(out.judge_name, denormals_, Fmt::format);
        else out.judge = std::make_unique<Judge>(out.judge_name, denormals_);
      }
      if (out.spec.constant()) out.fixed = out.spec.at(nullptr);
      out.common = out.judge && out.fixed && out.fixed->kind != LaneBound::Kind::Undefined &&
                    (out.fixed->bound.correctly_rounded() ||
                     (out.fixed->bound.kind == rm::Bound::Kind::Ulps && out.fixed->bound.value >= 0.5));
      outputs_.push_back(std::move(out));
    }
    // common_case applies to a single such result, and a float case's
    // blocks to any, when no lane is skipped for a non-finite argument or
    // result (finite-math-only).
    common_case_ok_ = outputs_.size() == 1 && outputs_.front().common && !regime_.finite_only;
    blocks_ok_ = !regime_.finite_only;
    // A double case's blocks serve its common, integer and nan() outputs:
    // with none, the lanes go point by point.
    if (Fmt::fp64)
      blocks_ok_ = blocks_ok_ && std::any_of(outputs_.begin(), outputs_.end(), [](const Output& o) {
                     return o.common || o.is_int || o.is_nan_fn;
                   });
    // nan()'s blocks read only the results.
    blocks_read_args_ = std::any_of(outputs_.begin(), outputs_.end(), [](const Output& o) { return !o.is_nan_fn; });
    one_float_arg_ = args_.size() == 1 && args_[0] == Arg::Float;
    one_double_arg_ = args_.size() == 1 && args_[0] == Arg::Double;
    if (Fmt::half) common_case_ok_ = blocks_ok_ = false;  // lane by lane
    checks_ = math::parse_edge_checks(params_.at("rules"), args_);
    std::vector<Tuple> check_tuples;
    for (size_t c = 0; c < checks_.size(); ++c) {
      for (const Tuple& t : checks_[c].tuples) {
        check_tuples.push_back(t);
        check_of_lane_.push_back(c);
      }
    }
    std::vector<std::string> sets;
    for (const auto& s : params_.at("inputs").as_array()) sets.push_back(s.as_string());
    plan_ = std::make_unique<math::InputPlan>(args_, sets, check_tuples, full, seed, stream, Fmt::format);
  }

  // Sends every lane through the per-lane path (numeric_lane), as before
  // common_case and blocks existed: the equivalence test compares the two.
  void disable_common_case() { common_case_ok_ = blocks_ok_ = false; }

  const std::vector<Arg>& args() const { return args_; }
  const std::vector<unsigned>& widths() const { return widths_; }
  // Bytes of one lane of each output array.
  std::vector<unsigned> out_bytes() const {
    std::vector<unsigned> b;
    for (const Output& o : outputs_) b.push_back(out_bytes(o));
    return b;
  }
  uint64_t total() const { return plan_->total(); }
  // The case's input sequence (tests/suites/known_failure_extent_test.cpp
  // counts the lanes a known-failure entry's inputs can cover).
  const math::InputPlan& plan() const { return *plan_; }

  // Writes the input tuples of lanes [LO, HI) of the chunk; lanes from
  // END on (padding) get zero bits.
  void fill(const SweepChunk& ch, size_t lo, size_t hi, uint64_t end) const {
    const uint64_t fixed = plan_->check_lanes() + plan_->edge_lanes();
    if (plan_->exhaustive() && !Fmt::half && ch.first + lo >= fixed && ch.first + hi <= end) {
      fill_counter(ch, lo, hi, ch.first - fixed);  // every float in order: lane L holds L - fixed (InputPlan::at)
      return;
    }
    if (plan_->one_random_double() && ch.first + lo >= fixed && ch.first + hi <= end) {
      plan_->random_doubles(ch.first + lo, hi - lo, reinterpret_cast<uint64_t*>(ch.in[0]) + lo);
      return;
    }
    for (size_t i = lo; i < hi; ++i) {
      const uint64_t lane = ch.first + i;
      const Tuple t = lane < end ? plan_->at(lane) : Tuple{};
      for (size_t a = 0; a < args_.size(); ++a) {
        const unsigned n = math::arg_bytes(args_[a]);  // the low bytes of the bits (little-endian host)
        std::memcpy(ch.in[a] + n * i, &t.bits[a], n);
      }
    }
  }

  // A thread's accumulator, counting its wrong values in TALLY.
  Acc start(FailureTally tally) const {
    Acc a;
    init(a);
    a.failures = std::move(tally);
    return a;
  }

  // Checks lanes [LO, HI) of the chunk (called from many threads at once,
  // each with its own accumulator).
  void verify(const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) const { verify_lanes(ch, lo, hi, acc); }

 private:
  void init(Acc& a) const {
    if (!a.widths.empty()) return;
    a.widths.resize(widths_.size());
    a.check_pass.assign(checks_.size(), 0);
    a.check_fail.assign(checks_.size(), 0);
    a.check_skip.assign(checks_.size(), 0);
  }

  static unsigned out_bytes(const Output& o) { return o.is_int ? 4 : Fmt::bytes; }

  // Field by field, in place: a tuple built elsewhere and copied whole
  // would be read back across several smaller stores, which stalls the
  // load (no store forwarding) on every lane.
  void read_tuple(const SweepChunk& ch, size_t i, Tuple& t) const {
    for (size_t a = 0; a < args_.size(); ++a) {
      if (math::arg_bytes(args_[a]) == 4) {
        uint32_t b;
        std::memcpy(&b, ch.in[a] + 4 * i, 4);
        t.bits[a] = b;
      } else if (math::arg_bytes(args_[a]) == 2) {
        uint16_t b;
        std::memcpy(&b, ch.in[a] + 2 * i, 2);
        t.bits[a] = b;
      } else {
        uint64_t b;
        std::memcpy(&b, ch.in[a] + 8 * i, 8);
        t.bits[a] = b;
      }
    }
  }

  void to_args(const Tuple& t, double* args) const {
    for (size_t a = 0; a < args_.size(); ++a) args[a] = plan_->value(unsigned(a), t.bits[a]);
  }

  bool nonfinite_arg(const Tuple& t) const {
    for (size_t a = 0; a < args_.size(); ++a)
      if ((args_[a] == Arg::Float || args_[a] == Arg::Double || args_[a] == Arg::Half) &&
          !std::isfinite(plan_->value(unsigned(a), t.bits[a])))
        return true;
    return false;
  }

  // A wrong value's rank among those a case keeps: its error, with NaN
  // and infinity (a NaN or infinity where a number was due, any wrong
  // integer) ranked alike, above every finite error.
  static double failure_score(double ulp) { return std::isnan(ulp) || ulp > 1e300 ? 1e300 : ulp; }

  // Counts in ACC's tally the wrong results of output OUT at widths [K0,
  // K1) of LANE, all the same bits GOT (a built-in with several outputs
  // names it, for the known-failure entries that name one); WANT is the
  // reference's in the output's format ('f' or 'i'); EDGE names the edge
  // case it checks and KIND, where not empty,
  // its kind of wrong value. EXPECTED() and NOTE() give the reference's
  // text and what was checked; they run only for a result the tally keeps,
  // so a defect across a sweep costs no text per wrong value.
  template <class Expected, class Note>
  void add_failures(Acc& acc, const Output& out, uint64_t lane, size_t k0, size_t k1, const Tuple& t, char format,
                    uint64_t got, uint64_t want, double ulp, Expected&& expected, Note&& note,
                    const std::string& edge = kNoEdge, const char* kind = "") const {
    Mismatch& m = acc.failures.scratch();
    m.index = lane;
    if (outputs_.size() > 1) m.output_name = out.judge_name;
    m.ulp = ulp;
    m.score = failure_score(ulp);
    // The inputs are read in the case's format, integer arguments (ldexp's,
    // pown's) too.
    if (!m.bits) m.bits.emplace();
    WrongBits& b = *m.bits;
    b.in_format = Fmt::code;
    b.out_format = format;
    b.in_bytes = Fmt::bytes;
    b.out_bytes = format == 'i' ? 4u : Fmt::bytes;
    b.inputs.assign(t.bits, t.bits + args_.size());
    b.output = got;
    b.expected = want;
    if (!edge.empty()) m.edge = edge;
    if (*kind) m.kind = kind;
    acc.failures.add_widths(m, lane, widths_.data() + k0, k1 - k0, [&](Mismatch& kept) {
      for (size_t a = 0; a < args_.size(); ++a)
        kept.inputs.push_back(hex_bits(t.bits[a], math::arg_bytes(args_[a])));
      kept.output = format == 'i' ? std::to_string(int32_t(uint32_t(got))) : hex_bits(got, Fmt::bytes);
      kept.expected = expected();
      kept.note = "width " + std::to_string(kept.bits->width) + ": " + note();
    });
  }

  void verify_lanes(const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) const {
    init(acc);
    if (!blocks_ok_) {
      verify_points(ch, lo, hi, acc);
      return;
    }
    // The edge-case lanes (the sweep's first) point by point, the rest in
    // blocks.
    const uint64_t check_lanes = plan_->check_lanes();
    const size_t split = ch.first + hi <= check_lanes ? hi
                         : ch.first + lo >= check_lanes ? lo
                                                        : size_t(check_lanes - ch.first);
    verify_points(ch, lo, split, acc);
    if constexpr (Fmt::fp64) verify_double_blocks(ch, split, hi, acc);
    else if constexpr (!Fmt::half) verify_blocks(ch, split, hi, acc);
  }

  // Whether an error of U ulp at LANE is the worst result so far: the
  // largest error, and of equal errors the lowest lane (the first width of
  // that lane), whatever order lanes are counted in; merge breaks ties the
  // same way.
  static bool beats_worst(const Acc& acc, double u, uint64_t lane) {
    return u > acc.worst.ulp || (u == acc.worst.ulp && lane < acc.worst.lane);
  }

  // Lanes [LO, HI), point by point: the edge-case lanes, double cases, and
  // float cases the blocks do not take.
  void verify_points(const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) const {
    std::vector<std::vector<Point>> points(outputs_.size());
    Tuple tuples[kBatch];
    const uint64_t check_lanes = plan_->check_lanes();  // read once: the loop's stores might alias it
    const uint8_t* outs[kMaxWidths];  // the first output of every width
    for (size_t k = 0; k < ch.out.size() && k < kMaxWidths; ++k) outs[k] = ch.out[k][0];
    for (size_t b0 = lo; b0 < hi; b0 += kBatch) {
      const size_t b1 = std::min(hi, b0 + kBatch);
      for (size_t i = b0; i < b1; ++i) read_tuple(ch, i, tuples[i - b0]);
      for (size_t j = 0; j < outputs_.size(); ++j) {
        if (!outputs_[j].judge) continue;
        points[j].resize(b1 - b0);
        Point* pts = points[j].data();
        if (one_float_arg_) {  // the common shape, without to_args' switch per argument
          for (size_t i = 0; i < b1 - b0; ++i) pts[i].args[0] = double(ref::float_from_bits(uint32_t(tuples[i].bits[0])));
        } else {
          for (size_t i = 0; i < b1 - b0; ++i) to_args(tuples[i], pts[i].args);
        }
        outputs_[j].judge->prepare_many(points[j].data(), b1 - b0);
      }
      Common common;
      for (size_t i = b0; i < b1; ++i) {
        const uint64_t lane = ch.first + i;
        const Tuple& t = tuples[i - b0];
        if (common_case_ok_ && lane >= check_lanes &&
            common_case(outs, i, lane, t, points[0][i - b0], common, acc))
          continue;
        // Under -cl-finite-math-only a lane whose real result is a NaN or an
        // infinity is outside the program's contract, for every output.
        bool nonfinite_result = false;
        for (size_t j = 0; j < outputs_.size(); ++j)
          if (outputs_[j].judge && !std::isfinite(points[j][i - b0].approx)) nonfinite_result = true;
        for (size_t j = 0; j < outputs_.size(); ++j) {
          const Point* p = outputs_[j].judge ? &points[j][i - b0] : nullptr;
          if (lane < plan_->check_lanes()) {
            edge_lane(ch, i, lane, t, j, p, acc);
          } else {
            numeric_lane(ch, i, lane, t, j, p, nonfinite_result, acc);
          }
        }
      }
      common.add_to(acc, widths_.size());
    }
  }

  // What common_case counted in a batch, added to the accumulator once:
  // counts and maxima do not depend on the order of the lanes.
  struct Common {
    uint64_t lanes = 0;     // lanes counted whole (count_passing_lane)
    double lanes_max = 0;   // their largest error
    uint64_t width_checked[kMaxWidths] = {};  // other lanes' widths that returned it
    double width_max[kMaxWidths] = {};
    uint64_t first_bin = 0;  // results in the histogram's first bin
    uint64_t mpfr = 0;
    void add_to(Acc& acc, size_t nk) const {
      for (size_t k = 0; k < nk; ++k) {
        acc.widths[k].checked += lanes + width_checked[k];
        acc.widths[k].max_ulp = std::max(acc.widths[k].max_ulp, std::max(lanes_max, width_max[k]));
      }
      acc.hist[0] += first_bin;
      acc.mpfr += mpfr;
    }
  };

  // Lanes [LO, HI) of a float case (blocks_ok_), a block of kBatch at a
  // time, one output after the other: for a common one, the reference of
  // the whole block in arrays (Judge::prepare_block) and the results that
  // pass for certain counted by rm::pass_block in SIMD, exactly as
  // common_case and record count them, every other lane going through
  // other_lane; for an integer one, int_block; for nan()'s, nan_block; any
  // other lane by lane (numeric_lane).
  void verify_blocks(const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) const {
    static_assert(kBatch == rm::Judge::Block::kCapacity, "a batch is a block");
    if (lo >= hi) return;
    rm::Judge::Block blk;
    clear_unused_args(blk);
    rm::BlockPasses passes;
    const size_t nk = widths_.size();
    for (size_t b0 = lo; b0 < hi; b0 += kBatch) {
      const size_t n = std::min(hi, b0 + kBatch) - b0;
      blk.n = n;
      if (one_float_arg_) {
        for (size_t i = 0; i < n; ++i) {
          uint32_t bits;
          std::memcpy(&bits, ch.in[0] + 4 * (b0 + i), 4);
          blk.args[0][i] = double(ref::float_from_bits(bits));
        }
      } else if (blocks_read_args_) {
        tuple_args(ch, b0, n, blk);
      }
      for (size_t j = 0; j < outputs_.size(); ++j) {
        const Output& out = outputs_[j];
        if (other_output(ch, b0, n, j, blk, acc)) continue;
        const uint32_t* results[kMaxWidths];
        for (size_t k = 0; k < nk; ++k) results[k] = reinterpret_cast<const uint32_t*>(ch.out[k][j] + 4 * b0);
        // Judge::point settles the others' points.
        out.judge->prepare_block(blk, rm::needs_settled_block(out.fixed->bound));
        rm::pass_block(blk, results, nk, out.fixed->bound, kFirstEdge, kEdges.back(), passes);
        Common c;
        count_passes(ch, b0, out, blk, results[0], passes, c, acc);
        for_each_other(passes.passed, n, [&](size_t i) { other_lane(ch, b0, i, j, blk, results, c, acc); });
        c.add_to(acc, nk);
      }
    }
  }

  // Output J of the N lanes of a block from B0 where it is not a common
  // one: an integer result (int_block), nan()'s (nan_block), or any other
  // lane by lane; false, having done nothing, for a common output, which
  // the caller's passes take.
  template <class Block>
  bool other_output(const SweepChunk& ch, size_t b0, size_t n, size_t j, Block& blk, Acc& acc) const {
    const Output& out = outputs_[j];
    if (out.int_judge) {
      int_block(ch, b0, n, j, blk, acc);
    } else if (out.is_nan_fn) {
      nan_block(ch, b0, n, j, acc);
    } else if (!out.common) {
      lane_by_lane(ch, b0, n, j, blk, acc);
    } else {
      return false;
    }
    return true;
  }

  // Output J of the N lanes of a block from B0, lane by lane
  // (numeric_lane), each with its point from the block's references where
  // the output has a judge: an output the blocks' passes do not take.
  template <class Block>
  void lane_by_lane(const SweepChunk& ch, size_t b0, size_t n, size_t j, Block& blk, Acc& acc) const {
    const Output& out = outputs_[j];
    if (out.judge) out.judge->prepare_block(blk, true);
    for (size_t i = 0; i < n; ++i) {
      Tuple t;
      read_tuple(ch, b0 + i, t);
      const std::optional<Point> p = out.judge ? std::optional<Point>(out.judge->point(blk, i)) : std::nullopt;
      numeric_lane(ch, b0 + i, ch.first + b0 + i, t, j, p ? &*p : nullptr, false, acc);
    }
  }

  // The passes of a block (pass_block, pass_double_block) of output OUT
  // from lane B0, whose first width's results are RESULTS0, counted in C
  // and ACC as count_passing_lane would count them lane by lane.
  template <class Block>
  void count_passes(const SweepChunk& ch, size_t b0, const Output& out, const Block& blk, const Bits* results0,
                    const rm::BlockPasses& passes, Common& c, Acc& acc) const {
    // Errors of 65536 ulp and more (the last bin) are counted from the
    // block's marks (BlockPasses::huge) alone: an implementation-defined
    // built-in (native_sin) has most of its results there.
    const size_t nk = widths_.size();
    uint64_t large = 0, huge = 0;
    for (size_t w = 0; w < rm::BlockPasses::kWords; ++w) {
      large += uint64_t(__builtin_popcountll(passes.large[w]));
      huge += uint64_t(__builtin_popcountll(passes.huge[w]));
      for (uint64_t bits = passes.large[w] & ~passes.huge[w]; bits != 0; bits &= bits - 1)
        acc.hist[bin_of(passes.ulp[64 * w + size_t(__builtin_ctzll(bits))])] += nk;
    }
    acc.hist[kEdges.size() - 1] += nk * huge;
    c.lanes = passes.count;
    c.first_bin = nk * (passes.count - large);
    c.mpfr = passes.by_mpfr;
    if (passes.count == 0) return;
    c.lanes_max = passes.max_ulp;
    // Of the passed points, only the first with the block's largest error
    // can beat the worst so far.
    if (passes.max_ulp < acc.worst.ulp) return;
    const size_t i = passes.max_point();
    if (beats_worst(acc, passes.max_ulp, ch.first + b0 + i)) {
      Tuple t;
      read_tuple(ch, b0 + i, t);
      acc.worst = {passes.max_ulp, ch.first + b0 + i, widths_[0], results0[i], t,
                   reference_text(out.judge->point(blk, i))};
    }
  }

  // F(i) for each of the first N points of a block whose bit in PASSED
  // (BlockPasses::passed) is clear: those left undecided.
  template <class F>
  static void for_each_other(const uint64_t (&passed)[rm::BlockPasses::kWords], size_t n, F f) {
    for (size_t w = 0; w * 64 < n; ++w) {
      const uint64_t valid = n - 64 * w >= 64 ? ~uint64_t(0) : (uint64_t(1) << (n - 64 * w)) - 1;
      for (uint64_t others = ~passed[w] & valid; others != 0; others &= others - 1)
        f(64 * w + size_t(__builtin_ctzll(others)));
    }
  }

  // The arguments and results of the block of lanes from FROM (below HI),
  // asked for from memory a block ahead of their use: a double sweep reads
  // each once, from memory the device has just written, and the widths'
  // streams are too many for the processor's own prefetching to keep
  // ahead. Issued a block ahead, they overlap the work on the block
  // before; issued at a block's start, the loop that issued them stalled
  // (perf here: about 7% of fp64 sin's verification). The float blocks,
  // which read half the bytes a lane, measured no faster with them.
  void prefetch_block(const SweepChunk& ch, size_t from, size_t hi) const {
    if (from >= hi) return;
    const size_t m = std::min(hi, from + kBatch) - from;
    const auto lines = [](const uint8_t* p, size_t bytes) {
      for (size_t i = 0; i < bytes; i += 64) __builtin_prefetch(p + i, 0, 2);
    };
    for (size_t a = 0; a < args_.size(); ++a) {
      const size_t e = math::arg_bytes(args_[a]);
      lines(ch.in[a] + e * from, e * m);
    }
    for (size_t k = 0; k < widths_.size(); ++k)
      for (size_t j = 0; j < outputs_.size(); ++j) {
        const size_t e = out_bytes(outputs_[j]);
        lines(ch.out[k][j] + e * from, e * m);
      }
  }

  // Lanes [LO, HI) of a double case with a common, integer or nan() output
  // (blocks_ok_), a block of kBatch at a time, one output after the other:
  // for a common one, the references of the block
  // (DoubleJudge::prepare_block), the results that pass for certain counted
  // by rm::pass_double_block, or width by width by
  // rm::pass_double_each_width where the widths differ, every other lane as
  // verify_points takes it (common_case for a case of one output, else
  // numeric_lane); for an integer one, int_block; for nan()'s, nan_block;
  // any other output lane by lane (numeric_lane).
  void verify_double_blocks(const SweepChunk& ch, size_t lo, size_t hi, Acc& acc) const {
    static_assert(kBatch == rm::DoubleJudge::Block::kCapacity, "a batch is a block");
    if (lo >= hi) return;
    rm::DoubleJudge::Block blk;
    clear_unused_args(blk);
    rm::BlockPasses passes;
    const size_t nk = widths_.size();
    const uint8_t* outs[kMaxWidths];  // the first output of every width, for common_case
    for (size_t k = 0; k < nk; ++k) outs[k] = ch.out[k][0];
    prefetch_block(ch, lo, hi);
    for (size_t b0 = lo; b0 < hi; b0 += kBatch) {
      const size_t n = std::min(hi, b0 + kBatch) - b0;
      blk.n = n;
      if (one_double_arg_) {
        std::memcpy(blk.args[0], ch.in[0] + 8 * b0, 8 * n);
      } else if (blocks_read_args_) {
        tuple_args(ch, b0, n, blk);
      }
      for (size_t j = 0; j < outputs_.size(); ++j) {
        const Output& out = outputs_[j];
        if (j + 1 == outputs_.size()) prefetch_block(ch, b0 + kBatch, hi);
        if (other_output(ch, b0, n, j, blk, acc)) continue;
        const uint64_t* results[kMaxWidths];
        for (size_t k = 0; k < nk; ++k) results[k] = reinterpret_cast<const uint64_t*>(ch.out[k][j] + 8 * b0);
        out.judge->prepare_block(blk, true);
        // Every width's maximum is at least this, so a coarse block's pass
        // below it changes no maximum.
        double max_so_far = acc.widths[0].max_ulp;
        for (size_t k = 1; k < nk; ++k) max_so_far = std::min(max_so_far, acc.widths[k].max_ulp);
        rm::pass_double_block(blk, results, nk, out.fixed->bound, kFirstEdge, kEdges.back(), max_so_far, passes);
        Common c;
        count_passes(ch, b0, out, blk, results[0], passes, c, acc);
        for_each_other(passes.passed, n, [&](size_t i) {
          const uint64_t lane = ch.first + b0 + i;
          double ulp[kMaxWidths];
          if (rm::pass_double_each_width(blk, i, results, nk, out.fixed->bound, kFirstEdge, kEdges.back(),
                                         max_so_far, ulp)) {
            count_each_width(ch, b0, i, out, blk, results, ulp, c, acc);
            return;
          }
          Tuple t;
          read_tuple(ch, b0 + i, t);
          const Point p = out.judge->point(blk, i);
          if (common_case_ok_ && common_case(outs, b0 + i, lane, t, p, c, acc)) return;
          numeric_lane(ch, b0 + i, lane, t, j, &p, !std::isfinite(p.approx), acc);
        });
        c.add_to(acc, nk);
      }
    }
  }

  // The arguments of lanes [B0, B0 + N) into BLK's arrays, tuple by tuple.
  template <class Block>
  void tuple_args(const SweepChunk& ch, size_t b0, size_t n, Block& blk) const {
    for (size_t i = 0; i < n; ++i) {
      Tuple t;
      read_tuple(ch, b0 + i, t);
      double a[3] = {0, 0, 0};
      to_args(t, a);
      for (size_t k = 0; k < 3; ++k) blk.args[k][i] = a[k];
    }
  }

  // The arguments a one-argument case's blocks never set, as zeros: a
  // point's three arguments are read whole (quad_finite_or_infinite
  // checks that all three are finite, for one).
  template <class Block>
  void clear_unused_args(Block& blk) const {
    if (!one_float_arg_ && !one_double_arg_) return;
    std::fill(blk.args[1], blk.args[1] + Block::kCapacity, 0.0);
    std::fill(blk.args[2], blk.args[2] + Block::kCapacity, 0.0);
  }

  // Output J, nan()'s result, of the N lanes of a block from B0: a lane
  // whose every width returned a NaN (rm::nan_results_block) is counted as
  // numeric_lane counts it, any other lane by numeric_lane.
  void nan_block(const SweepChunk& ch, size_t b0, size_t n, size_t j, Acc& acc) const {
    const size_t nk = widths_.size();
    const Bits* results[kMaxWidths];
    for (size_t k = 0; k < nk; ++k) results[k] = reinterpret_cast<const Bits*>(ch.out[k][j] + sizeof(Bits) * b0);
    uint64_t nan[rm::BlockPasses::kWords];
    uint64_t quiet = 0;
    rm::nan_results_block(results, nk, n, nan, &quiet);
    uint64_t lanes = 0;
    for (size_t w = 0; w < rm::BlockPasses::kWords; ++w) lanes += uint64_t(__builtin_popcountll(nan[w]));
    for (size_t k = 0; k < nk; ++k) acc.widths[k].checked += lanes;
    acc.nans += lanes * nk;
    acc.quiet_nans += quiet;
    for_each_other(nan, n, [&](size_t i) {
      Tuple t;
      read_tuple(ch, b0 + i, t);
      numeric_lane(ch, b0 + i, ch.first + b0 + i, t, j, nullptr, false, acc);
    });
  }

  // Output J, an integer result, of the N lanes of a block from B0: a lane
  // whose every width returned the same accepted value is counted as
  // numeric_lane counts it; where the block's exact values are known, a
  // lane with a wrong value goes through count_plain_lane (in bulk) or
  // int_lane, else numeric_lane. Where the integer judge has a block form
  // (a function of one argument), the block's exact values come first,
  // and a lane whose every width returned its exact value (an accepted
  // one) needs nothing else; only the others are asked about lane by lane.
  template <class Block>
  void int_block(const SweepChunk& ch, size_t b0, size_t n, size_t j, const Block& blk, Acc& acc) const {
    const Output& out = outputs_[j];
    const size_t nk = widths_.size();
    int32_t want[kBatch];
    uint64_t equal[rm::BlockPasses::kWords] = {};
    // Bit i set where every width returned the first width's value.
    uint64_t same_bits[rm::BlockPasses::kWords] = {};
    const uint32_t* results[kMaxWidths];
    for (size_t k = 0; k < nk; ++k) results[k] = reinterpret_cast<const uint32_t*>(ch.out[k][j] + 4 * b0);
    const bool exact = out.int_judge->exact_block(blk.args[0], n, want);
    if (exact) rm::equal_to_block(reinterpret_cast<const uint32_t*>(want), results, nk, n, equal);
    rm::equal_to_block(results[0], results + 1, nk - 1, n, same_bits);
    // Lanes counted here at every width, and the wrong values counted in
    // bulk per width.
    uint64_t checked = 0, wrong[kMaxWidths] = {};
    for (size_t w = 0; w < rm::BlockPasses::kWords; ++w) checked += uint64_t(__builtin_popcountll(equal[w]));
    Bulk bulk;
    uint64_t plain[rm::BlockPasses::kWords];
    const bool in_bulk = exact && checked < n && bulk_counting(j, ch.first + b0, acc, bulk);
    if (in_bulk) {
      out.int_judge->plain_block(blk.args[0], n, plain);
      // Whole groups of eight lanes first: their lanes with a wrong value
      // join EQUAL's, which the loop below skips.
      uint64_t taken[rm::BlockPasses::kWords];
      Group group{bulk, acc.failures};
      rm::count_wrong_groups(reinterpret_cast<const uint32_t*>(want), results, nk, n, plain,
                             uint32_t(kUnwrittenPattern), take_group, &group, taken, wrong);
      for (size_t w = 0; w < rm::BlockPasses::kWords; ++w) {
        checked += uint64_t(__builtin_popcountll(taken[w]));
        equal[w] |= taken[w];
      }
    }
    for_each_other(equal, n, [&](size_t i) {
      if (in_bulk && (plain[i / 64] >> (i % 64) & 1) != 0 && count_plain_lane(results, i, want[i], bulk, wrong, acc)) {
        ++checked;
        return;
      }
      int32_t got0;
      std::memcpy(&got0, results[0] + i, 4);
      const bool same = (same_bits[i / 64] >> (i % 64) & 1) != 0;
      const double args[3] = {blk.args[0][i], blk.args[1][i], blk.args[2][i]};
      if (same && (exact ? out.int_judge->accepts(args, got0, want[i]) : out.int_judge->accepts(args, got0))) {
        ++checked;
        return;
      }
      if (exact && int_lane(ch, b0 + i, j, args, want[i], got0, same, acc)) return;
      Tuple t;
      read_tuple(ch, b0 + i, t);
      numeric_lane(ch, b0 + i, ch.first + b0 + i, t, j, nullptr, false, acc);
    });
    for (size_t k = 0; k < nk; ++k) {
      acc.widths[k].checked += checked;
      acc.widths[k].failed += wrong[k];
    }
  }

  // What count_plain_lane needs: whether the failure tally keeps no more
  // unexcused or excused wrong integer values, and the output's matching
  // (null without known-failure entries).
  struct Bulk {
    bool unexcused_unkept = false, excused_unkept = false;
    IntegerCover* cover = nullptr;
    // Whether a wrong value that entry E excuses (-1: none) is counted here.
    bool counts(int e) const { return e < 0 ? unexcused_unkept : excused_unkept; }
  };

  // rm::count_wrong_groups' TAKE: the COUNT wrong values of a group of
  // lanes whose exact value is V, all written, counted where the tally
  // keeps none of them (they rank alike: an infinite error).
  struct Group {
    const Bulk& bulk;
    FailureTally& tally;
  };
  static bool take_group(void* context, uint32_t v, uint64_t count) {
    Group& g = *static_cast<Group*>(context);
    const int e = g.bulk.cover ? g.bulk.cover->cover_written(v) : -1;
    if (!g.bulk.counts(e)) return false;
    g.tally.count_unkept_known(e, size_t(count), HUGE_VAL);
    return true;
  }

  // Whether output J's wrong values from input vector FROM on may be
  // counted in bulk, into BULK: counted, they are judged (numeric_lane
  // leaves none unjudged), matched from the output and expected value
  // alone (no entry names widths or reads the inputs), and one of the
  // tally's lists keeps no more of them.
  bool bulk_counting(size_t j, uint64_t from, Acc& acc, Bulk& bulk) const {
    if (!judges_every_lane(outputs_[j])) return false;
    const CaseExcuses* excuses = acc.failures.excuses();
    bulk.cover = nullptr;
    if (excuses && !excuses->empty()) {
      if (excuses->names_widths()) return false;
      bulk.cover = &int_cover(j, acc);
      if (bulk.cover->reads_inputs()) return false;
    }
    // add_failures' rank of an integer's wrong value: an infinite error.
    const double score = failure_score(HUGE_VAL);
    bulk.unexcused_unkept = acc.failures.keeps_none_from(false, score, from);
    bulk.excused_unkept = acc.failures.keeps_none_from(true, score, from);
    return bulk.unexcused_unkept || bulk.excused_unkept;
  }

  // Lane I of an integer output whose judge takes only the exact value
  // WANT there (IntegerJudge::plain_block), where not every width returned
  // it: counted as int_lane counts it, its wrong values per width into
  // WRONG, where the tally keeps none of them (BULK); false, having
  // counted nothing, where it might keep one.
  bool count_plain_lane(const uint32_t* const* results, size_t i, int32_t want, const Bulk& bulk, uint64_t* wrong,
                        Acc& acc) const {
    const size_t nk = widths_.size();
    // The runs of widths [from[r], to[r]) that returned one wrong value,
    // which entry[r] excuses (-1: none).
    size_t from[kMaxWidths], to[kMaxWidths], runs = 0;
    int entry[kMaxWidths];
    for (size_t k0 = 0, k1; k0 < nk; k0 = k1) {
      const uint32_t got = results[k0][i];
      for (k1 = k0 + 1; k1 < nk && results[k1][i] == got;) ++k1;
      if (got == uint32_t(want)) continue;
      const int e = bulk.cover ? bulk.cover->cover_pair(got, uint32_t(want)) : -1;
      if (!bulk.counts(e)) return false;
      from[runs] = k0;
      to[runs] = k1;
      entry[runs++] = e;
    }
    for (size_t r = 0; r < runs; ++r) {
      for (size_t k = from[r]; k < to[r]; ++k) ++wrong[k];
      // add_failures' error of an integer's wrong value: infinite.
      acc.failures.count_unkept_known(entry[r], to[r] - from[r], HUGE_VAL);
    }
    return true;
  }

  // Whether numeric_lane judges every lane of OUT, an integer output: its
  // bound is the same at every lane and defined, and no regime leaves
  // non-finite arguments unjudged.
  bool judges_every_lane(const Output& out) const {
    return out.fixed && out.fixed->kind != LaneBound::Kind::Undefined && !regime_.finite_only;
  }

  // Output J's matching of wrong integer values against the known-failure
  // entries (there are some), made at its first use.
  IntegerCover& int_cover(size_t j, Acc& acc) const {
    if (acc.int_covers.empty())
      for (const Output& o : outputs_)
        acc.int_covers.emplace_back(*acc.failures.excuses(), outputs_.size() > 1 ? o.judge_name : "");
    return acc.int_covers[j];
  }

  // Lane I, output J, an integer, whose exact value is WANT at the
  // arguments ARGS, where the first width returned GOT0 (SAME: every width
  // did, and the judge rejects it): counted as numeric_lane counts it, run
  // by run of widths that returned the same value, but that a wrong value
  // the failure tally would not keep is matched against the known-failure
  // entries from its bits and counted without a text (a defect such as
  // NVIDIA's lgamma_r signs makes billions, some at a few widths only).
  // False, having counted nothing, for a lane numeric_lane may leave
  // unjudged.
  bool int_lane(const SweepChunk& ch, size_t i, size_t j, const double* args, int32_t want, int32_t got0, bool same,
                Acc& acc) const {
    const Output& out = outputs_[j];
    if (!judges_every_lane(out)) return false;
    const size_t nk = widths_.size();
    int32_t got[kMaxWidths];
    got[0] = got0;
    if (!same)
      for (size_t k = 1; k < nk; ++k) std::memcpy(&got[k], ch.out[k][j] + 4 * i, 4);
    const uint64_t lane = ch.first + i;
    Tuple t;
    bool read = false;
    for (size_t k0 = 0, k1; k0 < nk; k0 = k1) {
      for (k1 = same ? nk : k0 + 1; k1 < nk && got[k1] == got[k0];) ++k1;
      for (size_t k = k0; k < k1; ++k) ++acc.widths[k].checked;
      if (!same && out.int_judge->accepts(args, got[k0], want)) continue;
      for (size_t k = k0; k < k1; ++k) ++acc.widths[k].failed;
      if (!read) read_tuple(ch, i, t);
      read = true;
      if (!count_unkept_int(t, lane, j, got[k0], want, k1 - k0, acc))
        add_int_failures(acc, out, lane, k0, k1, t, got[k0], want);
    }
    return true;
  }

  // COUNT widths of input vector LANE (arguments T), output J, that
  // returned the wrong integer GOT for the exact WANT: counted in the
  // failure tally as add_int_failures counts them, where the tally would
  // keep none of them. False, with nothing counted, where it would keep
  // one, or where an entry names widths and so matches width by width.
  bool count_unkept_int(const Tuple& t, uint64_t lane, size_t j, int32_t got, int32_t want, size_t count,
                        Acc& acc) const {
    const CaseExcuses* excuses = acc.failures.excuses();
    if (excuses && excuses->names_widths()) return false;
    int e = -1;
    if (excuses && !excuses->empty())
      e = int_cover(j, acc).cover(t.bits, args_.size(), Fmt::code, Fmt::bytes, uint32_t(got), uint32_t(want));
    // add_failures' rank of an integer's wrong value: an infinite error.
    return acc.failures.count_unkept(e, count, HUGE_VAL, failure_score(HUGE_VAL), lane);
  }

  // The wrong integer GOT, for WANT, at widths [K0, K1) of LANE, output
  // OUT, with its text where the tally keeps it. Out of line: inlined, its
  // text's code made int_lane's every lane slower (7% of a flood of
  // excused values, here).
  __attribute__((noinline)) void add_int_failures(Acc& acc, const Output& out, uint64_t lane, size_t k0, size_t k1,
                                                  const Tuple& t, int32_t got, int32_t want) const {
    add_failures(acc, out, lane, k0, k1, t, 'i', uint32_t(got), uint32_t(want), HUGE_VAL,
                 [&] { return std::to_string(want); }, [&] { return out.judge_name + ": wrong integer result"; });
  }

  // Lane B0 + I of a block, whose results RESULTS[k][I] passed width by
  // width with errors ULP[k] (rm::pass_each_width, pass_double_each_width),
  // counted in C and ACC as record counts each width's result.
  template <class Block, class Result>
  void count_each_width(const SweepChunk& ch, size_t b0, size_t i, const Output& out, const Block& blk,
                        const Result* const* results, const double* ulp, Common& c, Acc& acc) const {
    const uint64_t lane = ch.first + b0 + i;
    for (size_t k = 0; k < widths_.size(); ++k) {
      const double u = ulp[k];
      ++acc.hist[bin_of(u)];
      ++c.width_checked[k];
      c.width_max[k] = std::max(c.width_max[k], u);
      if (beats_worst(acc, u, lane)) {
        Tuple t;
        read_tuple(ch, b0 + i, t);
        acc.worst = {u, lane, widths_[k], results[k][i], t, reference_text(out.judge->point(blk, i))};
      }
    }
  }

  // Lane B0 + I of a block, output J, which pass_block left undecided:
  // counted as record counts each width's result when every width passes
  // on its own (rm::pass_each_width), else through common_case (a single
  // output) or numeric_lane.
  void other_lane(const SweepChunk& ch, size_t b0, size_t i, size_t j, const rm::Judge::Block& blk,
                  const uint32_t* const* results, Common& c, Acc& acc) const {
    const uint64_t lane = ch.first + b0 + i;
    const Output& out = outputs_[j];
    double ulp[kMaxWidths];
    if (rm::pass_each_width(blk, i, results, widths_.size(), out.fixed->bound, ulp)) {
      count_each_width(ch, b0, i, out, blk, results, ulp, c, acc);
      return;
    }
    Tuple t;
    read_tuple(ch, b0 + i, t);
    const Point p = out.judge->point(blk, i);
    if (common_case_ok_) {
      const uint8_t* outs[kMaxWidths];
      for (size_t k = 0; k < widths_.size(); ++k) outs[k] = ch.out[k][0];
      if (common_case(outs, b0 + i, lane, t, p, c, acc)) return;
    }
    numeric_lane(ch, b0 + i, lane, t, j, &p, !std::isfinite(p.approx), acc);
  }

  // A lane whose every width returned GOT (the certain nearest value, or
  // for a double a result the judge's double arithmetic passes), with
  // error U ulp (histogram bin BIN), counted in C and ACC as numeric_lane
  // and record would count it.
  __attribute__((always_inline)) void count_passing_lane(const Point& p, double u, size_t bin, Bits got,
                                                         uint64_t lane, const Tuple& t, Common& c, Acc& acc) const {
    const size_t nk = widths_.size();
    c.mpfr += p.prepared_by_mpfr;
    if (bin == 0) c.first_bin += nk; else acc.hist[bin] += nk;
    ++c.lanes;
    c.lanes_max = std::max(c.lanes_max, u);
    if (beats_worst(acc, u, lane)) acc.worst = {u, lane, widths_[0], got, t, reference_text(p)};
  }

  // The lanes of a sweep where the reference knows the correctly rounded
  // float for certain, under a bound that accepts it (nearly all of them).
  // Counts them exactly as numeric_lane would: its runs of widths with the
  // same bits, in order; a run that returned the nearest float is counted
  // in C as Judge::judge's first case and record would count it; any other
  // run is judged and recorded as numeric_lane does. Returns false, having
  // counted nothing, for any other lane.
  // Inlined into verify_lanes: called for every lane, it then keeps C in
  // registers (measured: 2 ns of 28 per input for sin).
  // A double lane is taken only when every width returned the same bits
  // and either they pass by the judge's double arithmetic
  // (DoubleJudge::fast_distance, fast_passes; the certain nearest double
  // under a correctly rounded bound) or the real result is a NaN and they
  // are one: its verdict and error are then judge's.
  __attribute__((always_inline)) bool common_case(const uint8_t* const* outs, size_t i, uint64_t lane,
                                                  const Tuple& t, const Point& p, Common& c, Acc& acc) const {
    if constexpr (Fmt::half) {
      return false;  // half lanes go through numeric_lane
    } else if constexpr (Fmt::fp64) {
      const size_t nk = widths_.size();
      const bool nan_result = p.certain && std::isnan(p.approx);  // such a point is never fast
      if (!p.fast && !nan_result) return false;
      uint64_t got0, differ = 0;
      std::memcpy(&got0, outs[0] + 8 * i, 8);
      for (size_t k = 1; k < nk; ++k) {
        uint64_t got;
        std::memcpy(&got, outs[k] + 8 * i, 8);
        differ |= got ^ got0;
      }
      if (differ != 0) return false;
      if (nan_result) {
        // A NaN real result (log of a negative number) and one NaN from
        // every width: it passes at 0 ulp, judge's first case, as one run
        // of equal bits.
        if (!Fmt::is_nan(got0)) return false;
        count_passing_lane(p, 0.0, bin_of(0.0), got0, lane, t, c, acc);
        return true;
      }
      // One result from every width (a GPU's widths share their code):
      // under a correctly rounded bound it passes only as the certain
      // nearest double; under an ulp bound any finite result that judge's
      // double arithmetic passes, the nearest double or not.
      const rm::Bound& bound = outputs_.front().fixed->bound;
      if (bound.correctly_rounded() ? !(p.certain && got0 == p.nearest)
                                    : (got0 & ref::Double::infinity_bits) == ref::Double::infinity_bits)
        return false;
      const double d = rm::DoubleJudge::fast_distance(p, got0);
      if (!bound.correctly_rounded() && !rm::DoubleJudge::fast_passes(p, d, bound.value)) return false;
      const double u = d / p.ulp_q;
      count_passing_lane(p, u, bin_of(u), got0, lane, t, c, acc);
      return true;
    } else {
      if (!p.certain || (p.nearest & 0x7f800000u) == 0x7f800000u) return false;
      const size_t nk = widths_.size();
      const uint32_t want = p.nearest;
      uint32_t got[kMaxWidths];
      uint32_t differ = 0;
      for (size_t k = 0; k < nk; ++k) {
        std::memcpy(&got[k], outs[k] + 4 * i, 4);
        differ |= got[k] ^ want;
      }
      const double u = std::fabs(double(ref::float_from_bits(want)) - p.approx) * p.ulp_scale;
      const size_t bin = bin_of(u);
      if (differ == 0) {
        count_passing_lane(p, u, bin, want, lane, t, c, acc);
        return true;
      }
      const Output& out = outputs_.front();
      for (size_t k0 = 0, k1; k0 < nk; k0 = k1) {
        for (k1 = k0 + 1; k1 < nk && got[k1] == got[k0];) ++k1;
        if (got[k0] != want) {
          const rm::Verdict v = out.judge->judge(p, got[k0], out.fixed->bound);
          acc.mpfr += v.used_mpfr;
          record(out, p, *out.fixed, v, got[k0], lane, k0, k1, t, acc, out.judge_name);
          continue;
        }
        c.mpfr += p.prepared_by_mpfr;
        if (bin == 0) c.first_bin += k1 - k0; else acc.hist[bin] += k1 - k0;
        for (size_t k = k0; k < k1; ++k) {
          ++c.width_checked[k];
          c.width_max[k] = std::max(c.width_max[k], u);
        }
        if (beats_worst(acc, u, lane)) acc.worst = {u, lane, widths_[k0], want, t, reference_text(p)};
      }
      return true;
    }
  }

  // An output's bits: a result of the format, or an int output's 4 bytes
  // (wider than a half).
  uint64_t got_bits(const SweepChunk& ch, size_t k, size_t j, size_t i) const {
    uint64_t g = 0;
    const unsigned n = out_bytes(outputs_[j]);
    std::memcpy(&g, ch.out[k][j] + n * i, n);
    return g;
  }

  // One width's float result against the bound; returns whether it passed.
  // WHAT names the check for a failure's note ("sin", an edge case's name).
  // EDGE: the edge case this lane checks, "" for an ordinary lane.
  bool judge_one(const Output& out, const Point& p, const LaneBound& lb, Bits got, uint64_t lane,
                 size_t k, const Tuple& t, Acc& acc, const std::string& what, const std::string& edge) const {
    const rm::Verdict v = out.judge->judge(p, got, lb.bound);
    acc.mpfr += v.used_mpfr;
    return record(out, p, lb, v, got, lane, k, k + 1, t, acc, what, edge);
  }

  // Counts the results GOT of widths [K0, K1), whose error is U ulp, in the
  // histogram, the widths' maxima and the worst result.
  void measure(const Point& p, double u, Bits got, uint64_t lane, size_t k0, size_t k1, const Tuple& t,
               Acc& acc) const {
    acc.hist[bin_of(u)] += k1 - k0;
    for (size_t k = k0; k < k1; ++k) {
      WidthStats& ws = acc.widths[k];
      ++ws.checked;
      ws.max_ulp = std::max(ws.max_ulp, u);
    }
    if (beats_worst(acc, u, lane)) acc.worst = {u, lane, widths_[k0], got, t, reference_text(p)};
  }

  // Counts the results GOT of widths [K0, K1), which share the verdict V,
  // keeping each one that fails; returns whether they passed.
  bool record(const Output& out, const Point& p, const LaneBound& lb, const rm::Verdict& v, Bits got,
              uint64_t lane, size_t k0, size_t k1, const Tuple& t, Acc& acc, const std::string& what,
              const std::string& edge = kNoEdge) const {
    const double u = std::isnan(v.ulp) ? HUGE_VAL : v.ulp;
    measure(p, u, got, lane, k0, k1, t, acc);
    const bool fails = !v.pass && lb.kind == LaneBound::Kind::Judge && judged_;
    if (!fails) return true;
    const auto note = [&] {
      std::string n = what + ": " + ulp_text(u) + " ulp";
      if (lb.bound.kind == rm::Bound::Kind::Absolute) n += ", absolute error " + fmt("%.3g", v.absolute);
      return n + "; bound " + out.spec.describe();
    };
    Bits want;
    if constexpr (Fmt::half) want = p.certain ? Bits(p.nearest) : Bits(Fmt::bits_near(p.approx));
    else want = p.certain ? Bits(p.nearest) : Bits(ref::to_bits(typename Fmt::Value(p.approx)));
    for (size_t k = k0; k < k1; ++k) ++acc.widths[k].failed;
    add_failures(acc, out, lane, k0, k1, t, Fmt::code, got, want, u, [&] { return reference_text(p); }, note, edge);
    return false;
  }

  void numeric_lane(const SweepChunk& ch, size_t i, uint64_t lane, const Tuple& t, size_t j,
                    const Point* p, bool nonfinite_result, Acc& acc) const {
    const Output& out = outputs_[j];
    double own[3] = {0, 0, 0};
    if (!p) to_args(t, own);
    const double* args = p ? p->args : own;  // a Point holds its arguments already
    if (out.is_nan_fn) {  // nan(nancode): a NaN (a quiet one, 7.5.1 "should")
      for (size_t k = 0; k < widths_.size(); ++k) {
        const Bits got = Bits(got_bits(ch, k, j, i));
        ++acc.widths[k].checked;
        ++acc.nans;
        if (Fmt::is_nan(got)) {
          acc.quiet_nans += Fmt::quiet(got);
        } else {
          ++acc.widths[k].failed;
          add_failures(acc, out, lane, k, k + 1, t, Fmt::code, got, Fmt::quiet_nan, HUGE_VAL,
                      [] { return std::string("a NaN"); }, [] { return std::string("nan() must return a NaN"); });
        }
      }
      return;
    }
    const LaneBound lb = out.fixed ? *out.fixed : out.spec.at(args);
    const bool skip_nonfinite = regime_.finite_only && (nonfinite_arg(t) || nonfinite_result);
    if (lb.kind == LaneBound::Kind::Undefined || skip_nonfinite) {
      acc.unjudged += widths_.size();
      return;
    }
    if (out.is_int) {
      // Widths that returned the same integer share one answer.
      const size_t nk = widths_.size();
      int32_t got[kMaxWidths];
      for (size_t k = 0; k < nk; ++k) std::memcpy(&got[k], ch.out[k][j] + 4 * i, 4);
      for (size_t k0 = 0, k1; k0 < nk; k0 = k1) {
        for (k1 = k0 + 1; k1 < nk && got[k1] == got[k0];) ++k1;
        for (size_t k = k0; k < k1; ++k) ++acc.widths[k].checked;
        if (out.int_judge->accepts(args, got[k0])) continue;
        const int32_t want = int32_t(out.int_judge->exact(args));
        for (size_t k = k0; k < k1; ++k) ++acc.widths[k].failed;
        add_int_failures(acc, out, lane, k0, k1, t, got[k0], want);
      }
      return;
    }
    // Every width's bits are read first, so their loads overlap. Widths
    // that returned the same bits (nearly always all of them) share one
    // verdict: it depends only on the point, the bound and the bits.
    const size_t nk = widths_.size();
    Bits got[kMaxWidths];
    for (size_t k = 0; k < nk; ++k) got[k] = Bits(got_bits(ch, k, j, i));
    for (size_t k0 = 0, k1; k0 < nk; k0 = k1) {
      for (k1 = k0 + 1; k1 < nk && got[k1] == got[k0];) ++k1;
      const rm::Verdict v = out.judge->judge(*p, got[k0], lb.bound);
      acc.mpfr += v.used_mpfr;
      record(out, *p, lb, v, got[k0], lane, k0, k1, t, acc, out.judge_name);
    }
  }

  void edge_lane(const SweepChunk& ch, size_t i, uint64_t lane, const Tuple& t, size_t j, const Point* p,
                 Acc& acc) const {
    const size_t c = check_of_lane_[lane];
    const EdgeCheck& check = checks_[c];
    const Output& out = outputs_[j];
    if (!judged_) {  // native_: edge cases are not required of an implementation-defined function
      ++acc.check_skip[c];
      return;
    }
    for (size_t k = 0; k < widths_.size(); ++k) {
      const uint64_t got = got_bits(ch, k, j, i);
      Outcome o = out.is_int ? math::check_int(check, j, t, args_, int32_t(uint32_t(got)), regime_)
                             : math::check_float(check, j, t, args_, got, regime_, Fmt::format);
      if (o == Outcome::Numeric) {
        double args[3] = {0, 0, 0};
        to_args(t, args);
        const LaneBound lb = out.spec.at(args);
        if (lb.kind == LaneBound::Kind::Undefined || !p) {
          o = Outcome::Skip;
        } else {
          o = judge_one(out, *p, lb, got, lane, k, t, acc, check.name, check.name) ? Outcome::Pass : Outcome::Fail;
          if (o == Outcome::Fail) {  // judge_one kept the record
            ++acc.check_fail[c];
            continue;
          }
        }
      }
      if (o == Outcome::Skip) {
        ++acc.check_skip[c];
      } else if (o == Outcome::Pass) {
        ++acc.check_pass[c];
        ++acc.widths[k].checked;
      } else {
        ++acc.check_fail[c];
        ++acc.widths[k].checked;
        ++acc.widths[k].failed;
        // An expectation that is no single value ("lt1") cannot be read as
        // a kind of wrong value from the bits.
        const std::optional<uint64_t> want = math::expected_bits(check, j, t, Fmt::format);
        add_failures(
            acc, out, lane, k, k + 1, t, out.is_int ? 'i' : Fmt::code, got, want.value_or(got), HUGE_VAL,
            [&] { return math::expected_text(check, j); },
            [&] { return "edge case \"" + check.name + "\" (" + check.section + ")"; }, check.name,
            want ? "" : "wrong_value");
      }
    }
  }

 public:
  Acc merge(std::vector<Acc>& accs) const {
    Acc all;
    init(all);
    for (Acc& a : accs) {
      if (a.widths.empty()) continue;
      for (size_t k = 0; k < widths_.size(); ++k) {
        all.widths[k].checked += a.widths[k].checked;
        all.widths[k].failed += a.widths[k].failed;
        all.widths[k].max_ulp = std::max(all.widths[k].max_ulp, a.widths[k].max_ulp);
      }
      for (size_t b = 0; b < kEdges.size(); ++b) all.hist[b] += a.hist[b];
      for (size_t c = 0; c < checks_.size(); ++c) {
        all.check_pass[c] += a.check_pass[c];
        all.check_fail[c] += a.check_fail[c];
        all.check_skip[c] += a.check_skip[c];
      }
      all.mpfr += a.mpfr;
      all.unjudged += a.unjudged;
      all.nans += a.nans;
      all.quiet_nans += a.quiet_nans;
      if (a.worst.ulp > all.worst.ulp || (a.worst.ulp == all.worst.ulp && a.worst.lane < all.worst.lane))
        all.worst = a.worst;
      all.failures.merge(std::move(a.failures));
    }
    return all;
  }

  // The case's metrics (accuracy profile, edge cases, sweep times) and
  // detail into R, and its wrong values merged into R's tally.
  // [BEGIN, END): the lanes this run judged (a shard's slice, or all). The
  // fixed lanes (edge values and edge-case checks) come first; in an
  // exhaustive sweep they repeat values the sweep holds anyway, so "inputs"
  // counts the swept values alone (2^32 for every float) and "edge_lanes"
  // the repeats; in a sampled run every lane is an input of its own.
  void report(const Acc& all, uint64_t begin, uint64_t end, json::Value sweep_times, CaseResult& r) const {
    const uint64_t fixed = plan_->check_lanes() + plan_->edge_lanes();
    const uint64_t edge_lanes = std::min(end, fixed) - std::min(begin, fixed);
    const uint64_t inputs = plan_->exhaustive() ? end - begin - edge_lanes : end - begin;
    uint64_t checked = 0;
    for (const auto& w : all.widths) checked += w.checked;
    r.checked += checked;
    r.merge(FailureTally(all.failures));

    const std::string name = params_.at("builtin").as_string();
    const Output& primary = outputs_.front();
    json::Value m = json::Value::object();
    double max_ulp = 0;
    for (const auto& w : all.widths) max_ulp = std::max(max_ulp, w.max_ulp);
    const bool measured = primary.judge != nullptr || outputs_.size() > 1;
    if (measured) {
      m["max_ulp"] = std::isinf(max_ulp) ? 1e308 : max_ulp;
      if (auto b = primary.spec.nominal_ulps(); b && judged_) m["bound"] = *b;
      json::Value h = json::Value::object(), edges = json::Value::array(), counts = json::Value::array();
      for (double e : kEdges) edges.push_back(e);
      for (uint64_t c : all.hist) counts.push_back(static_cast<unsigned long long>(c));
      h["edges"] = edges;
      h["counts"] = counts;
      m["histogram"] = h;
      if (all.worst.ulp >= 0) {
        json::Value w = json::Value::object(), in = json::Value::array();
        for (size_t a = 0; a < args_.size(); ++a) in.push_back(hex_bits(all.worst.in.bits[a], math::arg_bytes(args_[a])));
        w["inputs"] = in;
        w["output"] = hex_bits(all.worst.got, out_bytes(primary));
        w["expected"] = all.worst.expected;
        w["index"] = static_cast<unsigned long long>(all.worst.lane);
        w["width"] = all.worst.width;
        m["worst"] = w;
      }
      m["mpfr_fallbacks"] = static_cast<unsigned long long>(all.mpfr);
    }
    json::Value per_width = json::Value::object();
    std::string width_text;
    for (size_t k = 0; k < widths_.size(); ++k) {
      json::Value w = json::Value::object();
      w["max_ulp"] = std::isinf(all.widths[k].max_ulp) ? 1e308 : all.widths[k].max_ulp;
      w["checked"] = static_cast<unsigned long long>(all.widths[k].checked);
      w["failed"] = static_cast<unsigned long long>(all.widths[k].failed);
      per_width[std::to_string(widths_[k])] = w;
      width_text += (k ? " " : "") + std::to_string(widths_[k]) + ":" + ulp_text(all.widths[k].max_ulp);
    }
    m["widths"] = per_width;
    json::Value edge = json::Value::array();
    std::string edge_text;
    for (size_t c = 0; c < checks_.size(); ++c) {
      const char* status = all.check_fail[c] ? "fail" : all.check_pass[c] ? "pass" : "skipped";
      json::Value e = json::Value::object();
      e["name"] = checks_[c].name;
      e["section"] = checks_[c].section;
      e["status"] = status;
      edge.push_back(e);
      // Each check only shows when run: with --index or a shard, most are not.
      if (all.check_pass[c] + all.check_fail[c] + all.check_skip[c] == 0) continue;
      edge_text += std::string(edge_text.empty() ? "" : "; ") + checks_[c].name + " " +
                   (all.check_fail[c] ? "FAILED" : all.check_pass[c] ? "ok" : "skipped");
    }
    m["edge_cases"] = edge;
    m["unjudged"] = static_cast<unsigned long long>(all.unjudged);
    m["regime"] = regime_.describe();
    m["bound_text"] = primary.spec.describe();
    m["inputs"] = static_cast<unsigned long long>(inputs);
    m["edge_lanes"] = static_cast<unsigned long long>(edge_lanes);
    m["sweep"] = std::move(sweep_times);
    r.metrics = m;

    std::string d = name + ": " + std::to_string(inputs) + " inputs" +
                    (plan_->exhaustive() ? " + " + std::to_string(edge_lanes) + " edge-case lanes" : "") + " x " +
                    std::to_string(widths_.size()) + " widths (" +
                    (plan_->exhaustive() ? Fmt::every : full_ ? "full sample" : "quick") + "), " + regime_.describe() +
                    "; ";
    if (measured) d += "max " + ulp_text(max_ulp) + " ulp (" + width_text + "), bound " + primary.spec.describe();
    for (size_t j = 1; j < outputs_.size(); ++j)
      d += "; " + outputs_[j].judge_name + ": " + outputs_[j].spec.describe();
    if (primary.is_nan_fn) d += std::to_string(all.quiet_nans) + " of " + std::to_string(all.nans) + " NaNs quiet";
    if (measured) d += "; " + std::to_string(all.mpfr) + " MPFR fallbacks";
    if (all.unjudged) d += "; " + std::to_string(all.unjudged) + " results not judged (undefined there)";
    if (!edge_text.empty()) d += "; edge cases: " + edge_text;
    if (all.failures.failed()) d = std::to_string(all.failures.failed()) + " of " + std::to_string(checked) + " results wrong; " + d;
    r.detail = d;
    if (!judged_ && r.status == "pass") r.status = "info";  // native_: implementation-defined (7.4)
  }

 private:
  const json::Value& params_;
  bool full_ = false;
  std::vector<Arg> args_;
  std::vector<unsigned> widths_;
  Regime regime_;
  bool judged_ = true;
  bool common_case_ok_ = false;
  bool blocks_ok_ = false;  // the lanes go in blocks: not under finite-math-only, nor a double case with no output they serve
  bool blocks_read_args_ = true;  // some output's blocks read the arguments (all but nan()'s)
  bool one_float_arg_ = false;
  bool one_double_arg_ = false;
  rm::Denormals denormals_ = rm::Denormals::Kept;
  std::vector<Output> outputs_;
  std::vector<EdgeCheck> checks_;
  std::vector<size_t> check_of_lane_;
  std::unique_ptr<math::InputPlan> plan_;
};

}  // namespace clconform::suites::math
