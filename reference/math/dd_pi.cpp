#include "reference/math/dd_pi.hpp"

#include <mpfr.h>

#include <cmath>

#include "reference/math/dd_trig.hpp"
#include "reference/math/double_double.hpp"

namespace clconform::ref::math {
namespace {

using dd::DD;

// Error analysis. The reduction below is exact, so the only errors are
// pi a's and the polynomials'.
//
// pi a: pi = P.hi + P.lo from MPFR is within 2^-106 of pi relative
// (double_double.hpp's from_mpfr). mul(P, a) forms p = P.hi a, its exact
// error e = fma(P.hi, a, -p) (exact while p >= 2^-1021: a >= 2^-960
// keeps p >= 2^-958), then fma(P.lo, a, e), one rounding of a number
// below 2^-52 |p| (2^-105 |p|, or 2^-1075 absolute in the subnormal range,
// below 2^-116 |p|), and fast_two_sum, exact. So r = pi a (1 + e1) with
// |e1| < 2^-104.4.
//
// r's error reaches the result multiplied by the condition number on
// (0, pi/4]: r cot r <= 1 for sin, r tan r <= pi/4 for cos, and
// 2r / sin 2r <= pi/2 for tan and cot. dd_sin_cos_of_reduced is within
// kDdTrigRelError = 2^-98 of sin r or cos r, dd_tan_of_reduced within
// kDdTanRelError = 2^-96 of tan r or cot r (dd_trig.hpp). In all,
// sinpi and cospi within 2^-98 + 2^-104.4 < 2^-97 (kDdSinCosPiRelError),
// tanpi within 2^-96 + (pi/2) 2^-104.4 < 2^-95 (kDdTanPiRelError). Signs
// are flipped exactly.

// sinpi and tanpi refuse nonzero arguments below this (dd_pi.hpp).
constexpr double kLeastArgument = 0x1p-960;
// Below this, pi a < 2^-60 and cos(pi a) = 1 - (pi a)^2 / 2 + ... is 1 to
// within 2^-121.
constexpr double kCosineIsOne = 0x1p-62;

const DD& pi_dd() {
  static const DD pi = [] {
    mpfr_t v;
    mpfr_init2(v, 256);
    mpfr_const_pi(v, MPFR_RNDN);
    const DD d = dd::from_mpfr(v);
    mpfr_clear(v);
    return d;
  }();
  return pi;
}

// pi A for 2^-960 <= A <= 1/2, within 2^-104.4 of itself (above).
CLC_DD_FMA DD pi_times(double a) { return dd::mul(pi_dd(), DD{a, 0}); }

// x - 2 round(x / 2), in [-1, 1] and exact: for |x| < 1 round(x / 2) is
// 0; from 1 on both terms are multiples of x's ulp (at least 2^-52) and
// the difference, at most 1, fits 53 bits; from 2^53 on x / 2 is an
// integer and the difference is 0. x / 2 of a subnormal may round, but
// to a value that rounds to the integer 0 as well.
double half_turns(double x) { return x - 2 * std::nearbyint(x / 2); }

// sin (COSINE false) or cos of pi A, 0 < A <= 1/4 (A >= 2^-960 for the sine).
CLC_DD_FMA bool sin_cos_pi(double a, bool cosine, DD* v) {
  const DD r = pi_times(a);
  return dd_sin_cos_of_reduced(r.hi, r.lo, cosine, &v->hi, &v->lo);
}

// sinpi(x) = sin(pi t), t = half_turns(x), its sign t's; with a = |t|,
// sin(pi a) = sin(pi (1 - a)) takes a to [0, 1/2] (1 - a exact, Sterbenz),
// and sin(pi a) = cos(pi (1/2 - a)) takes it to [0, 1/4] (1/2 - a exact
// for a in [1/4, 1/2]).
CLC_DD_FMA bool sinpi(double x, DD* out) {
  const double t = half_turns(x);
  double a = std::fabs(t);
  if (a > 0.5) a = 1 - a;
  if (a == 0) {  // an integer: a zero of sinpi
    *out = {0, 0};
    return true;
  }
  if (std::fabs(x) < kLeastArgument) return false;
  DD v{1, 0};
  if (a < 0.5 && !(a <= 0.25 ? sin_cos_pi(a, false, &v) : sin_cos_pi(0.5 - a, true, &v))) return false;
  *out = t < 0 ? dd::negate(v) : v;
  return true;
}

// cospi(x) = cos(pi a), a = |half_turns(x)|; cos(pi a) = -cos(pi (1 - a))
// takes a to [0, 1/2], cos(pi a) = sin(pi (1/2 - a)) to [0, 1/4].
CLC_DD_FMA bool cospi(double x, DD* out) {
  double a = std::fabs(half_turns(x));
  const bool negative = a > 0.5;
  if (negative) a = 1 - a;
  if (a == 0.5) {  // a half-integer: a zero of cospi
    *out = {0, 0};
    return true;
  }
  DD v{1, 0};
  if (a >= kCosineIsOne && !(a <= 0.25 ? sin_cos_pi(a, true, &v) : sin_cos_pi(0.5 - a, false, &v))) return false;
  *out = negative ? dd::negate(v) : v;
  return true;
}

// tanpi(x) = tan(pi u), u = t - round(t) in [-1/2, 1/2] (tan has period
// pi; exact, Sterbenz where round(t) = +-1), its sign u's; with a = |u|,
// tan(pi a) = cot(pi (1/2 - a)) takes a to [0, 1/4].
CLC_DD_FMA bool tanpi(double x, DD* out) {
  const double t = half_turns(x);
  const double u = t - std::nearbyint(t);
  const double a = std::fabs(u);
  if (a == 0) {  // an integer: a zero of tanpi
    *out = {0, 0};
    return true;
  }
  if (a == 0.5 || std::fabs(x) < kLeastArgument) return false;  // a pole, or too small
  DD v{1, 0};
  if (a != 0.25) {
    const bool cotangent = a > 0.25;
    const DD r = pi_times(cotangent ? 0.5 - a : a);
    if (!dd_tan_of_reduced(r.hi, r.lo, cotangent, &v.hi, &v.lo)) return false;
  }
  *out = u < 0 ? dd::negate(v) : v;
  return true;
}

}  // namespace

bool dd_sinpi(double x, double* hi, double* lo) { return dd::finite_tier(sinpi, x, hi, lo); }
bool dd_cospi(double x, double* hi, double* lo) { return dd::finite_tier(cospi, x, hi, lo); }
bool dd_tanpi(double x, double* hi, double* lo) { return dd::finite_tier(tanpi, x, hi, lo); }

}  // namespace clconform::ref::math
