// The math verdict interface (issue 6): is a device result of an OpenCL math
// built-in within its bound of the real value? This header is the contract
// between reference/math (which implements it) and suites/math (which
// calls it from every host thread of a sweep).
//
// Additions to the lead's first version (nothing removed or re-typed, so
// existing callers keep compiling):
//  * Bound::Kind::CorrectlyRounded: the bits must equal the round-to-nearest-
//    even float of the real value ("Correctly rounded" in the tables of
//    OpenCL C spec 7.4). Kind::Ulps with 0.5 also accepts the other float
//    of an exact tie; use CorrectlyRounded where the table says so. The
//    sign of a zero is not judged by either (spec 7.5.1 edge cases are).
//  * FunctionInfo::integer_result (ilogb, frexp.exponent, lgamma_r.sign,
//    remquo.quo: judged with exact_int_accepts, not with a Judge).
//  * exact_int_accepts(): the verdict on an integer result, including the
//    spec's either-or values (FP_ILOGB0, FP_ILOGBNAN), remquo's seven bits
//    and flush to zero of the arguments.
//  * Point::error: the fast value's error bound (negative: no fast value).
//  * Verdict::absolute: |device - real| for Absolute bounds.
//  * Point::ulp_scale, subnormal_arg: what prepare derives once per point
//    for the judge of every vector width.
//
// Two tiers (DESIGN.md principle 3): a fast approximation in double, with an
// error bound that tests/reference checks against MPFR on millions of
// inputs, decides every verdict it can decide for certain; MPFR decides the
// rest (near the bound, near a rounding tie, at a binade edge where ulp
// changes, or when no fast tier exists). Every verdict is exactly what the
// MPFR-only verdict would be; fallbacks are counted (Verdict::used_mpfr).
//
// Flush to zero (OpenCL C spec 7.5.3), as data: when `float_denormals` is
// Denormals::MayFlush, a denormal argument may be read as a zero of either
// sign, and a result that is subnormal before rounding (or any conforming
// result that is subnormal) may be returned as a zero of either sign; the
// result passes if any of those readings passes. reference/math/README.md
// spells out the exact rule.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "reference/math/grid_bits.hpp"  // float_bits_to_double, for judge's inline common case

namespace clconform::ref::math {

enum class Denormals { Kept, MayFlush };

// The format of a judged result and of its floating-point arguments: the
// same real functions, rounded to half, float or double (OpenCL C spec 7.4
// has one ULP table for each). Integer arguments and results are the same
// in all three.
enum class Format { Float, Double, Half };

// The smallest normal value of FORMAT (2^emin): below it a value is
// subnormal, and may be flushed (spec 7.5.3).
constexpr double min_normal_of(Format f) {
  return f == Format::Double ? 0x1p-1022 : f == Format::Half ? 0x1p-14 : 0x1p-126;
}

// One real-valued result of a built-in: "sin", "pow", "ldexp", the
// mantissa of "frexp" ("frexp.mantissa"), the "sincos.cos" part, ... Which
// components exist, and their argument kinds, is listed by functions().
enum class ArgKind { Float, Int };  // ints: ldexp's k, pown's and rootn's n

struct FunctionInfo {
  std::string name;              // as the catalog names it
  std::vector<ArgKind> args;
  bool exact = false;            // the result is always representable (fmin, frexp.mantissa, ...): bound is 0
  bool has_fast_tier = false;
  double fast_error_dulps = 0;   // fast tier's validated error bound, in double ulps of its result
  bool integer_result = false;   // an int result: use exact_int / exact_int_accepts, not a Judge
};

// Every function the reference can judge.
const std::vector<FunctionInfo>& functions();
const FunctionInfo* find_function(const std::string& name);  // nullptr when unknown

// A bound: ULPs of the real result (the full and embedded profiles, and the
// relaxed table's ULP entries), or an absolute error (the relaxed table's
// "absolute error <= 2^-11" kind of entry), or correct rounding (to nearest
// even; value unused). The suite computes a bound that depends on the input
// (relaxed exp: 3 + floor(fabs(2 * x)) ulp) per point.
struct Bound {
  enum class Kind { Ulps, Absolute, CorrectlyRounded } kind = Kind::Ulps;
  double value = 0;
  // Only the correctly rounded value passes: said so, or a bound of 0 ulp.
  bool correctly_rounded() const { return kind == Kind::CorrectlyRounded || (kind == Kind::Ulps && value == 0); }
};

// Integer results, exact: "ilogb", "frexp.exponent", "remquo.quo" (the
// sign of x/y and the 7 low bits of the integral quotient, as spec 6.15.2
// asks), "lgamma_r.sign". For ilogb, returns FP_ILOGB0 = INT_MIN and
// FP_ILOGBNAN = INT_MAX (spec 6.15.2.1 also allows -INT_MAX and INT_MIN;
// exact_int_accepts takes both). Throws std::invalid_argument for a name
// that is not an integer result.
int64_t exact_int(const std::string& name, const double* args);
// Whether GOT is a right value of the integer result at ARGS, under the
// denormal treatment (a flushed argument reads as +-0).
bool exact_int_accepts(const std::string& name, const double* args, int64_t got,
                       Denormals float_denormals, Format format = Format::Float);

// The same two for one integer result, its function looked up once (a
// sweep asks for billions).
class IntegerJudge {
 public:
  // Throws std::invalid_argument for a name that is not an integer result.
  IntegerJudge(const std::string& name, Denormals float_denormals, Format format = Format::Float);
  int64_t exact(const double* args) const;
  bool accepts(const double* args, int64_t got) const;
  // The same, where EXACT is exact(ARGS) already.
  bool accepts(const double* args, int64_t got, int64_t exact) const;
  // exact() of the points [0, N) whose only argument is X[i], into WANT[i],
  // for a function of one argument (ilogb, frexp's exponent, lgamma_r's
  // sign); false, with nothing written, for remquo's quotient. accepts()
  // takes each such value.
  bool exact_block(const double* x, size_t n, int32_t* want) const;
  // Bit i of PLAIN set where accepts() takes exact()'s value and no other
  // at the point whose only argument is X[i] (a function of exact_block):
  // not where the spec allows another (ilogb's FP_ILOGB0 and FP_ILOGBNAN,
  // lgamma_r's sign at NaN and -inf), nor at an argument that may be
  // flushed. The N bits' words are written whole.
  void plain_block(const double* x, size_t n, uint64_t* plain) const;

 private:
  int id_;
  Denormals denormals_;
  Format format_;
};

struct Verdict {
  bool pass = false;
  // Error in ulp of the real result (spec 7.4 definition; reference/ulp.hpp);
  // inf for a wrong NaN/inf. When MPFR decided, it is exact (rounded up);
  // when the fast tier decided, it is the fast estimate, off by at most the
  // approximation's error: its bound in double ulps (fast_tier.hpp) times
  // 2^-29 ulp of a normal float result, so 7.5e-9 ulp for a bound of 4 (a
  // histogram edge or a baseline maximum can move by that much when a fast
  // tier changes), except that when the real value is within the fast
  // tier's error of a power of two it may use either binade's ulp, a
  // factor of 2.
  // Under MayFlush it is the smallest error over the accepted readings, and
  // 0 for a zero accepted as a flushed result.
  double ulp = 0;
  double absolute = 0;     // |device - real| for Kind::Absolute (same accuracy remarks)
  bool used_mpfr = false;  // MPFR was needed for this verdict (in prepare or judge)
};

// Judges float results of one function against a bound. Thread-safe: one
// Judge is shared by every verifying thread.
class Judge {
 public:
  // Throws std::invalid_argument for an unknown function or an integer one.
  Judge(const std::string& function, Denormals float_denormals);

  // The reference for one argument tuple, computed once and shared by every
  // result judged against it (one per vector width). Args are the float or
  // int argument values, exactly, as doubles.
  struct Point {
    double args[3] = {0, 0, 0};
    double approx = 0;     // fast tier value (or MPFR's rounded to double); below 2^-970, a wider enclosure's centre
    double error = -1;     // |approx - real| <= error; negative: judge asks MPFR
    uint32_t nearest = 0;  // the float bits the fast tier says are correctly rounded, when certain
    bool certain = false;  // nearest is certain
    bool prepared_by_mpfr = false;  // no fast tier: approx came from MPFR
    // Derived by prepare, once for every vector width: 2^-u for the float
    // ulp exponent u of approx (reference/ulp.hpp), so that an error in
    // ulps is a product; and, for a judge that flushes denormals, whether a
    // float argument is subnormal (a flushed reading exists, spec 7.5.3).
    double ulp_scale = 0;
    bool subnormal_arg = false;
  };
  Point prepare(const double* args) const;
  // The same for N points whose args the caller has set (a batch lets the
  // fast tier use SIMD). Goes through prepare_block, so a Point has the
  // same fields whichever way it was prepared.
  void prepare_many(Point* points, size_t n) const;

  // Up to kCapacity points as arrays, one per field (structure of arrays):
  // the form a sweep's verifier reads, four lanes per instruction, without
  // building a Point per lane.
  struct Block {
    static constexpr size_t kCapacity = 256;
    size_t n = 0;                                // points [0, n) are in use
    alignas(32) double args[3][kCapacity];       // set by the caller
    alignas(32) double approx[kCapacity];        // Point::approx, and so on
    alignas(32) double error[kCapacity];
    alignas(32) uint32_t by_mpfr[kCapacity];     // 1 where MPFR prepared the point, else 0
    size_t mpfr_points = 0;                      // how many points MPFR prepared
    // Set only when SETTLED (settle.hpp): what settling the enclosure
    // gives, once for the block.
    bool settled = false;
    alignas(32) double ulp_scale[kCapacity];
    alignas(32) uint32_t nearest[kCapacity];
    alignas(32) uint32_t certain[kCapacity];     // all ones where certain, else 0
  };
  // Prepares points [0, B.n) from their args, as prepare does one; settles
  // them too when SETTLE is set.
  void prepare_block(Block& b, bool settle = true) const;
  // Point I of a prepared block, as prepare would have returned it (settled
  // here, for this point alone, when the block is not).
  Point point(const Block& b, size_t i) const;

  // The verdict on float bits GOT at POINT under BOUND. Inline: the common
  // cases of a sweep (the device returned the float the fast tier certainly
  // rounds to, under a bound of at least half an ulp or correct rounding;
  // a NaN or an infinity where the real result is one) are decided here in
  // a few nanoseconds.
  Verdict judge(const Point& point, uint32_t got, const Bound& bound) const {
    const bool bound_allows_nearest = bound.kind == Bound::Kind::CorrectlyRounded ||
                                      (bound.kind == Bound::Kind::Ulps && bound.value >= 0.5);
    if (got == point.nearest && point.certain && bound_allows_nearest && is_finite_float(got)) {
      Verdict v;
      v.absolute = std::fabs(float_bits_to_double(got) - point.approx);
      v.ulp = v.absolute * point.ulp_scale;
      v.pass = true;
      v.used_mpfr = point.prepared_by_mpfr;
      return v;
    }
    // A NaN for a NaN real result is right under every bound (any NaN); so
    // is an infinity for an infinite (or beyond 2^1023) real result of its
    // sign, except under an absolute bound (fast_verdict.cpp).
    const bool nan_for_nan = std::isnan(point.approx) && (got & 0x7fffffffu) > 0x7f800000u;
    const bool inf_for_inf = std::isinf(point.approx) && got == (point.approx > 0 ? 0x7f800000u : 0xff800000u) &&
                             bound.kind != Bound::Kind::Absolute;
    if (point.error >= 0 && (nan_for_nan || inf_for_inf)) {
      Verdict v;
      v.pass = true;
      v.used_mpfr = point.prepared_by_mpfr;
      return v;
    }
    return judge_further(point, got, bound);
  }

  const FunctionInfo& info() const { return *info_; }

 private:
  // Sets subnormal_arg (settle.hpp sets the rest of a prepared point).
  void mark_subnormal_arg(Point& p) const;
  // Point I of a block without a batch tier: the fast value, or MPFR's.
  void prepare_one(Block& b, size_t i) const;
  // judge beyond the common case: the fast verdict, else MPFR (judge.cpp).
  Verdict judge_further(const Point& point, uint32_t got, const Bound& bound) const;
  static bool is_finite_float(uint32_t bits) { return (bits & 0x7f800000u) != 0x7f800000u; }

  const FunctionInfo* info_;
  Denormals denormals_;
  int id_;  // index into the private function table (functions.hpp)
  // Fixed per function, looked up once here rather than per point.
  bool has_fast_ = false;
  bool may_have_alternatives_ = false;  // mad, rsqrt(-0), nextafter when flushing
  bool mad_fused_first_ = false;        // mad without flushing: points are the fused reading
  double fast_error_dulps_ = 0;
  bool float_args_[3] = {false, false, false};
  // The batch fast tier of this function (fast_batch.hpp); nullptr: none.
  void (*fast_batch_)(Block& b) = nullptr;
};

}  // namespace clconform::ref::math
