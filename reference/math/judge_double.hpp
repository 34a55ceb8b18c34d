// The math verdict on double results: is a device result of an OpenCL math
// built-in at double precision within its bound of the real value? The
// double half of judge.hpp: the same functions (functions()), bounds,
// verdicts, flush-to-zero rule (spec 7.5.3, for a device without
// CL_FP_DENORM in CL_DEVICE_DOUBLE_FP_CONFIG) and MPFR definition
// (mpfr_verdict_double, the same template as the float verdict), with a
// reference value wider than double.
//
// Two tiers, one answer:
//  * prepare encloses the real result in [q - e, q + e]: from a
//    double-double tier where the function has one and it vouches
//    (dd_trig.hpp, dd_exp_log.hpp, dd_arith.hpp), else with q a binary128
//    number (__float128) from libquadmath where the function has a
//    validated bound there (fast_quad.hpp; tests/reference/
//    test_math_fast_quad.cpp checks it against MPFR), else from MPFR at 128
//    bits (exact argument reduction of any double, poles of the gamma
//    functions, results beyond double's range).
//  * judge decides from the enclosure when every real value in it gives the
//    same verdict, and asks mpfr_verdict_double otherwise (used_mpfr).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "reference/math/judge.hpp"

namespace clconform::ref::math {

class DoubleJudge {
 public:
  // Throws std::invalid_argument for an unknown function or an integer one.
  DoubleJudge(const std::string& function, Denormals double_denormals);

  struct Point {
    double args[3] = {0, 0, 0};  // double (and int) argument values
    __float128 q = 0;            // |q - real| <= e
    __float128 e = -1;           // negative: no enclosure (several accepted results): judge asks MPFR
    double approx = 0;           // q rounded to double (reports; NaN and infinities as they are)
    uint64_t nearest = 0;        // the double bits the real result rounds to, when certain
    bool certain = false;
    bool prepared_by_mpfr = false;  // the enclosure came from MPFR, not the fast tier
    bool subnormal_arg = false;     // a double argument is subnormal (a flushing judge reads it as +-0 too)
    // mad without flushing: the point is the fused reading; the unfused one is accepted too, so a
    // result that fails the point goes to MPFR.
    bool other_alternative = false;
    // A point of a double-double tier (dd_trig.hpp, dd_exp_log.hpp) on the double-arithmetic
    // path: the enclosure is approx + dd_lo within dd_rel of itself (plus 2^-1200); q and e
    // are then unset (0), and the judge forms the binary128 enclosure where it needs one.
    bool dd = false;
    double dd_lo = 0, dd_rel = 0;
    // The judge's double-arithmetic path (finite approx with 2^-1021 <= |approx| < 2^1023): every
    // quantity in units of s, the spacing of approx's binade.
    bool fast = false;
    double prescale = 1;    // t: 2^200 where approx is below 2^-960, else 1
    double scale = 0;       // 1 / (s t)
    double resid = 0;       // (q - approx) / s
    double err = 0;         // e / s, rounded up
    double ulp_min = 0, ulp_max = 0;  // the least and largest spec ulp over [q - e, q + e], / s
    double ulp_q = 0;       // the spec ulp at q, / s (reported errors)
    // exp, pow, the gamma functions, cosh, sinh and expm1 far outside the
    // double range: +1 where the real result
    // is above 2^1024 with a positive sign (exp: x >= 710), -1 where it is
    // below 2^-2164 in magnitude (exp: x <= -1500; judge_double.cpp's
    // beyond_of). approx, nearest and certain are set (+inf, +0), q and e
    // are not: the judge accepts the expected result (+inf; a zero) from
    // these alone and evaluates the rest as any other point.
    int beyond = 0;
  };
  Point prepare(const double* args) const;
  void prepare_many(Point* points, size_t n) const;

  // A double-double tier's value handed to prepare_point, computed for a
  // block of points at once: the real result is within rel |hi + lo| of
  // hi + lo when vouched.
  struct DdValue {
    bool vouched;
    double hi, lo, rel;
  };

  // Points prepared together for a sweep (prepare_block), in arrays: what
  // pass_double_block (block_verdict_double.hpp) needs to find the results
  // that pass for certain, four points per instruction, and the whole
  // point where the judge needs more than that.
  struct Block {
    static constexpr size_t kCapacity = 256;
    enum Kind : uint64_t {
      kOther = 0,     // point() and judge decide
      kFast = 1,      // a double-double point on the judge's double arithmetic, nearest double certain
      kNanResult = 2, // the real result is a NaN: any NaN passes at 0 ulp
      kPlusInf = 3,   // beyond 2^1024 (Point::beyond): +inf passes at 0 ulp under a bound that is not absolute
      kZero = 4,      // below 2^-2164 in magnitude, or an exact zero: a zero of either sign passes at 0 ulp
      kCoarse = 5,    // as kFast, from the coarse tier (coarse_trig.hpp): its fields are wider than prepare's
      kMinusInf = 6,  // below -2^1024 (sinh's negative overflows): -inf passes at 0 ulp, as kPlusInf's +inf
    };
    size_t n = 0;                              // points [0, n) are in use
    alignas(32) double args[3][kCapacity];     // set by the caller
    alignas(32) uint64_t kind[kCapacity];
    // Point's fields of the same names, set for kFast and kCoarse points;
    // approx is also nearest's value there.
    alignas(32) double approx[kCapacity], prescale[kCapacity], scale[kCapacity], resid[kCapacity],
        err[kCapacity], ulp_min[kCapacity], ulp_max[kCapacity], ulp_q[kCapacity], dd_lo[kCapacity];
    double dd_rel = 0;  // the kFast points'
    // The block may hold kCoarse points: pass_double_block passes their
    // results only where the verdict and the reported error are settled.
    bool coarse = false;
    Point others[kCapacity];  // the kOther points, prepared as prepare prepares them
  };
  // Prepares points [0, B.n) from their args: the kinds and kFast fields
  // that prepare would give each point. COARSE: sin, cos, tan, log, log2,
  // log10, the inverse trigonometric functions of one argument, sinpi,
  // cospi, tanpi, lgamma and lgamma_r take the coarse tiers where the CPU
  // has them (B.coarse then says so): its points are kCoarse where its
  // value is not the double-double tier's own, and every point it leaves to
  // the others is prepared as prepare prepares it (kFast where that makes
  // it one). A kCoarse point lies at a power of two with |resid| <= err
  // only where the real value's side of it is known and the coarse value
  // and prepare's lie on it (atanpi at +-1/2, acospi at 1/2, cospi at +-1;
  // judge_double.cpp's coarse_side_is_real), so that judge's ulp there is
  // the same from either (block_verdict_double.hpp).
  void prepare_block(Block& b, bool coarse = false) const;
  // Point I of a prepared block, as prepare would return it (a kFast one
  // from the block's fields, a kOther one prepared already, any other
  // prepared again).
  Point point(const Block& b, size_t i) const;

  // The verdict on double bits GOT at POINT under BOUND.
  Verdict judge(const Point& point, uint64_t got, const Bound& bound) const;

  // judge's double arithmetic at a fast point P (judge_double.cpp gives
  // its error): the distance of GOT from the real result in units of s,
  // and whether a distance D passes, or fails, a bound of B ulps for
  // certain. A sweep's verifier reads the certain nearest double's verdict
  // from these, as judge gives it, without judge's other cases. Out of
  // line: compiled with the rest of reference/, without FP contraction,
  // so that every caller computes the same bits.
  static double fast_distance(const Point& p, uint64_t got);
  static bool fast_passes(const Point& p, double d, double b);
  static bool fast_fails(const Point& p, double d, double b);

  const FunctionInfo& info() const { return *info_; }

 private:
  // Sets P.subnormal_arg from its arguments.
  void mark_subnormal_arg(Point& p) const;
  // prepare_many's work for one point; PRE: its double-double value, or
  // null to compute it here.
  void prepare_point(Point& p, const DdValue* pre) const;

  const FunctionInfo* info_;
  Denormals denormals_;
  int id_;
  bool may_have_alternatives_ = false;
  bool float_args_[3] = {false, false, false};
};

}  // namespace clconform::ref::math
