#include "reference/math/dd_atan.hpp"

#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/double_double.hpp"

// Error analysis. u = 2^-53; U = 2^-100 as the unit of the sums below.
// Each double-double operation on exact operands is within, relative to
// its exact result: add 3u^2 = 0.05 U (Joldes, Muller and Popescu's
// accurate sum, whatever the signs); mul 5u^2 = 0.08 U (the three FMAs of
// double_double.hpp's mul: two roundings of terms below 2u of the
// product, and the dropped lo * lo below u^2), and 2u^2 where one factor
// is a double (one rounding, of the low part's product plus the exact
// error); divide 12u^2 < 0.25 U (below: the remainder a.hi - q b.hi is
// exact, then three roundings of terms below 3u of a, and the
// correction's own rounding and its b.lo left out, each below 3u^2 of the
// quotient); sqrt 0.125 U (the exact remainder t.hi - r^2, one rounding
// of it plus t.lo, one Newton step whose neglected term is below u^2 / 2).
// Constants from MPFR are within 2^-106 = 0.016 U (double_double.hpp's
// from_mpfr). An argument w with relative error d reaches atan's value
// multiplied by the condition number w / ((1 + w^2) atan w) <= 1: within d.
//
// The series. atan r = r + r y S_1(y), y = r^2 <= 2^-18 (1 + 2^-50) for
// |r| <= 2^-9 (with the excess of low parts and of the quotient of high
// parts that picks k), S_1(y) = sum_n (-1)^n y^(n-1) / (2n + 1) for n = 1
// .. 5: the first term of atan r left out (n = 6) is below 2^-108 / 13 <
// 2^-111 of |r|, and atan r >= r (1 - y/3), an alternating series whose
// terms decrease. Terms n = 3 .. 5 (together about y^2 / 7 in S_1, y^3 /
// 7 < 2^-56 of r in atan r) are summed by Horner's rule in double, within
// 5u of themselves: 2^-107.5 of r. Two double-double Horner steps give
// S_1 near -1/3 within a few u^2; r y (two muls) within 0.16 U; their
// product, below 2^-19.6 of r, carries those errors at 2^-19 of their
// size. So the sum r + r y S_1 (no cancellation: |r y S_1| < 2^-19 |r|) is
// within 0.05 U (the add) + 2^-107.5 + 2^-111 < 0.06 U of atan r for an
// exact r. Below 2^-500, atan w is w itself: the next term is below
// w^2 / 3 < 2^-1000 of it, relative.
//
// The table, for an exact double a in [0, 1] (atan_of_double): k =
// round(256 a) (256 a exact, to nearest, ties to even) and c = k / 256,
// |a - c| <= 2^-9; atan a = atan c + atan r with r = (a - c) / (1 + a c).
// For k >= 1, a - c is exact (Sterbenz: c/2 <= a <= 2c, since a >= (k -
// 1/2) / 256), a c is an exact two_prod and 1 + a c an add (0.05 U), the
// quotient 0.25 U: r within 0.3 U, |r| <= |a - c| <= 2^-9, atan r within
// 0.36 U. The sum atan c + atan r: atan c / atan a <= 2 and |atan r| /
// atan a <= 1 (the worst at k = 1, a = 1/512, where r = -1/512 nearly), so
// within 0.36 U + 2 * 0.016 U + 0.05 U = 0.44 U. Below 1/512 (k = 0) the
// series takes a directly: 0.06 U.
//
// The table for a quotient w = n / d of double-doubles, n <= d
// (atan_ratio): k = round(256 fl(n.hi / d.hi)), and r = (n - c d) / (d +
// c n), which is (w - c) / (1 + w c) exactly. c d and c n are muls by a
// double (2u^2 each); d + c n adds terms of one sign: within 5u^2
// relative. n - c d may cancel: its add is within 3u^2 of the difference,
// but c d's error, 2u^2 c |d|, is absolute: it reaches r as 2u^2 c
// absolute (d + c n >= d), and atan a as 2u^2 c / atan w <= 4.4u^2 =
// 0.07 U (w >= c/2 as above, up to the quotient's excess, and c / atan(c /
// 2) <= 1 / atan(1/2) = 2.16 for c <= 1). The quotient: 3u^2 + 5u^2 +
// 12u^2 = 0.31 U relative; with the series, atan r within 0.37 U of
// |atan r| and 0.07 U of atan w; the sum with atan c as above: 0.37 U +
// 0.07 U + 0.03 U + 0.05 U = 0.52 U. Below 1/512 (k = 0), atan of the
// quotient n / d itself: 0.25 U + 0.06 U; below 2^-500, the quotient: 0.25
// U. The relative errors d_n, d_d of n and d themselves add d_n + d_d (the
// condition number, as w's error).
//
// atan(x): |x| <= 1, 0.44 U. |x| > 1: pi/2 - atan_ratio(1, |x|), 0.52 U:
// atan(1/x) <= pi/4 <= the result, so 0.52 U + the constant pi/2 (twice
// 0.016 U, pi/2 being at most twice the result) + the add's 0.05 U = 0.60
// U. Beyond 2^500, atan(1/x) is 1/x itself, within the quotient's error.
//
// asin and acos: s = sqrt((1 - a)(1 + a)), a = |x|, both factors exact
// double-doubles (two_sum), their mul 0.08 U, halved by the root, and the
// root's 0.125 U: s within 0.17 U. asin a = atan(a / s) for a <= s, else
// pi/2 - atan(s / a); acos a = atan(s / a) or pi/2 - atan(a / s): atan of
// the quotient within 0.52 U + 0.17 U = 0.69 U, with pi/2 - (at most
// pi/4) 0.77 U. acos(x) for x < 0 is pi - acos(a) >= pi/2, with acos(a)
// <= pi/2: 0.77 U + 2 * 0.016 U + 0.05 U = 0.85 U. No step cancels but
// n - c d (above): 1 - a and 1 + a are exact, and each difference pi/2 - t
// or pi - t has t at most the result.
//
// atan2(y, x) for finite nonzero x, y: with n = min(|x|, |y|), d = max,
// both scaled by one power of two (exact: up while d < 2^-1000, then to d
// in [1, 2); a scaled n below 2^-1022 loses bits only where n / d <
// 2^-1022, see below): atan(n / d) within 0.52 U. The quadrants: x > 0,
// |y| <= |x|: atan(n / d); x > 0, |y| > |x|: pi/2 - atan(n / d) (atan(n
// / d) <= pi/4 <= the result): 0.60 U; x < 0: pi - atan(n / d) or pi/2 +
// atan(n / d), each at least 3 times atan(n / d): below 0.3 U. Where x >
// 0 and n / d < 2^-960, the result, about n / d, would need a subnormal
// low part and is refused; elsewhere a tiny n / d (even one lost to
// underflow) is below 2^-900 of the result, absolute. Signs are flipped
// exactly.
//
// The pi functions: each value above is k pi/2 +- t with t the atan of a
// ratio at most 1 (t <= pi/4, within 0.52 U, 0.69 U for asin and acos),
// or t alone; its pi form is k/2 +- t/pi, t times 1/pi from MPFR (0.016 U)
// in a mul (0.08 U), then the add with k/2 (0.05 U), whose result is at
// least t/pi: within 0.69 U + 0.15 U = 0.84 U. (Taking t/pi alone, rather
// than the angle times 1/pi, keeps the rounding of pi/2 and 1/pi out of a
// value near 1/2 or 1: its low part lies on the real value's side.) For
// |x| >= 2^-960 (the results of atanpi and asinpi, refused below) every
// product's low part is normal.
//
// In all: atan, asin, acos and atan2 within 0.85 U = 2^-100.2 (stated:
// kDdAtanRelError = 2^-98), the pi functions within 0.95 U = 2^-100.1
// (stated: kDdAtanPiRelError = 2^-97); the margins cover the rounding of
// the estimates above.

namespace clconform::ref::math {
namespace {

using dd::add;
using dd::DD;
using dd::divide;
using dd::fast_two_sum;
using dd::from_mpfr;
using dd::mul;
using dd::negate;
using dd::square_root;
using dd::two_prod;
using dd::two_sum;
using dd::with_sign_of;

constexpr int kTableSteps = 256;  // c = k / 256, k = 0 .. 256
constexpr int kSeriesTerms = 6;   // n = 0 .. 5 of S(y) (above)
constexpr int kDoubleFrom = 3;    // terms n >= 3 in double
constexpr double kTiny = 0x1p-500;           // below: atan w = w, asin x = x
constexpr double kLeastPiArgument = 0x1p-960;  // atanpi, asinpi and atan2pi's direct case refuse below

struct Constants {
  DD table[kTableSteps + 1];  // atan(k / 256)
  DD series[kSeriesTerms];    // (-1)^n / (2n + 1)
  DD half_pi, pi, inv_pi;

  Constants() {
    mpfr_t v;
    mpfr_init2(v, 320);
    for (int k = 0; k <= kTableSteps; ++k) {
      mpfr_set_ui(v, static_cast<unsigned long>(k), MPFR_RNDN);
      mpfr_div_ui(v, v, kTableSteps, MPFR_RNDN);  // exact
      mpfr_atan(v, v, MPFR_RNDN);
      table[k] = from_mpfr(v);
    }
    for (int n = 0; n < kSeriesTerms; ++n) {
      mpfr_set_si(v, n % 2 ? -1 : 1, MPFR_RNDN);
      mpfr_div_ui(v, v, static_cast<unsigned long>(2 * n + 1), MPFR_RNDN);
      series[n] = from_mpfr(v);
    }
    mpfr_const_pi(v, MPFR_RNDN);
    pi = from_mpfr(v);
    half_pi = {pi.hi / 2, pi.lo / 2};  // exact
    mpfr_ui_div(v, 1, v, MPFR_RNDN);
    inv_pi = from_mpfr(v);
    mpfr_clear(v);
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

// atan(R) = R + R Y S_1(Y), Y = R^2, for |R| <= 2^-9 (1 + 2^-50).
CLC_DD_FMA DD atan_series(DD r, const Constants& c) {
  const DD y = mul(r, r);
  const DD ry = mul(r, y);
  double tail = c.series[kSeriesTerms - 1].hi;
  for (int n = kSeriesTerms - 2; n >= kDoubleFrom; --n) tail = __builtin_fma(tail, y.hi, c.series[n].hi);
  DD sum{tail, 0};
  for (int n = kDoubleFrom - 1; n >= 1; --n) sum = add(mul(sum, y), c.series[n]);
  return add(r, mul(sum, ry));
}

// atan(A) for 0 <= A <= 1.
CLC_DD_FMA DD atan_of_double(double a, const Constants& c) {
  if (a < kTiny) return {a, 0};
  const int k = static_cast<int>(std::nearbyint(a * kTableSteps));  // the product exact
  if (k == 0) return atan_series(DD{a, 0}, c);
  const double ck = k * (1.0 / kTableSteps);
  const DD den = add(DD{1, 0}, two_prod(a, ck));
  return add(c.table[k], atan_series(divide(DD{a - ck, 0}, den), c));  // a - ck exact (Sterbenz)
}

// atan(N / D) for N, D >= 0, D > 0, n.hi <= d.hi, each normalised: the
// table and the series of (w - c) / (1 + w c), w = N / D, formed as (n -
// c d) / (d + c n), with k from the quotient of the high parts.
CLC_DD_FMA DD atan_ratio(DD n, DD d, const Constants& c) {
  const double q = n.hi / d.hi;
  if (q < kTiny) return divide(n, d);
  const int k = static_cast<int>(std::nearbyint(q * kTableSteps));
  if (k == 0) return atan_series(divide(n, d), c);
  const DD ck{k * (1.0 / kTableSteps), 0};
  const DD num = add(n, negate(mul(d, ck)));
  const DD den = add(d, mul(n, ck));
  return add(c.table[k], atan_series(divide(num, den), c));
}

// sqrt((1 - A)(1 + A)) for 0 <= A <= 1: both factors exact (two_sum).
CLC_DD_FMA DD cosine_of(double a) {
  if (a == 1) return {0, 0};
  return square_root(mul(two_sum(1, -a), two_sum(1, a)));
}

void put(DD v, double* hi, double* lo) {
  *hi = v.hi;
  *lo = v.lo;
}

bool refused(double x) { return !dd::cpu_has_fma() || std::isnan(x); }

// An angle HALVES pi/2 + T, or HALVES pi/2 - T where MINUS, with T >= 0
// from atan of a ratio at most 1 (so at most pi/4: a subtraction's
// subtrahend is at most the result), or the whole angle where HALVES is 0.
struct Angle {
  DD t;
  int halves;
  bool minus;
};

CLC_DD_FMA DD value_of(Angle v, const Constants& c) {
  if (v.halves == 0) return v.t;
  const DD base = v.halves == 1 ? c.half_pi : c.pi;
  return add(base, v.minus ? negate(v.t) : v.t);
}

// The angle over pi: HALVES / 2 + T / pi, or less it. The quotient is taken
// of T alone, so that a value near a multiple of 1/2 (atanpi of a large x,
// acospi of a small one) has its low part on the side the real value lies,
// where (pi/2) * (1/pi) would leave the rounding of those constants.
CLC_DD_FMA DD over_pi(Angle v, const Constants& c) {
  const DD t = mul(v.t, c.inv_pi);
  if (v.halves == 0) return t;
  return add(DD{0.5 * v.halves, 0}, v.minus ? negate(t) : t);
}

// atan(N / D) for N, D >= 0, not both 0, each normalised: atan of the
// smaller over the larger, or pi/2 less it.
CLC_DD_FMA Angle atan_quotient(DD n, DD d, const Constants& c) {
  if (n.hi <= d.hi) return {atan_ratio(n, d, c), 0, false};
  return {atan_ratio(d, n, c), 1, true};
}

// atan(|X|), asin(|X|) and acos(X) (every sign) as the functions below
// take them, for X in their domains.
CLC_DD_FMA Angle atan_magnitude(double a, const Constants& c) {
  if (a <= 1) return {atan_of_double(a, c), 0, false};
  if (std::isinf(a)) return {DD{0, 0}, 1, false};
  return {atan_ratio(DD{1, 0}, DD{a, 0}, c), 1, true};
}
CLC_DD_FMA Angle asin_magnitude(double a, const Constants& c) {
  if (a < kTiny) return {DD{a, 0}, 0, false};
  return atan_quotient(DD{a, 0}, cosine_of(a), c);
}
CLC_DD_FMA Angle acos_angle(double x, const Constants& c) {
  const double a = std::fabs(x);
  const Angle v = atan_quotient(cosine_of(a), DD{a, 0}, c);
  if (x >= 0) return v;
  // pi - acos(a): pi less T, or pi/2 plus T where acos(a) = pi/2 - T.
  return v.halves == 0 ? Angle{v.t, 2, true} : Angle{v.t, 1, false};
}

// atan2(Y, X) for finite nonzero X and Y, or false (dd_atan.hpp).
CLC_DD_FMA bool atan2_value(double y, double x, const Constants& c, DD* out) {
  if (!dd::cpu_has_fma() || !std::isfinite(x) || !std::isfinite(y) || x == 0 || y == 0) return false;
  const double ay = std::fabs(y), ax = std::fabs(x);
  const bool steep = ay > ax;
  double n = steep ? ax : ay, d = steep ? ay : ax;
  if (d < 0x1p-1000) {  // exact
    n *= 0x1p600;
    d *= 0x1p600;
  }
  // d to [1, 2): d's exponent e in [-1000, 1023], two factors 2^h and
  // 2^(-e - h) of one sign, each in [2^-512, 2^500]; n * 2^h is exact
  // wherever the final n is normal.
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  const int e = static_cast<int>(bits >> 52) - 1023;
  const int h = -e / 2;
  const double s1 = dd::power_of_two(h), s2 = dd::power_of_two(-e - h);
  n = n * s1 * s2;
  d = d * s1 * s2;
  if (!steep && x > 0 && n / d < kLeastPiArgument) return false;
  DD v = atan_ratio(DD{n, 0}, DD{d, 0}, c);
  if (steep)
    v = add(c.half_pi, x > 0 ? negate(v) : v);
  else if (x < 0)
    v = add(c.pi, negate(v));
  *out = with_sign_of(v, y);
  return true;
}

// V / pi.
CLC_DD_FMA DD over_pi(DD v, const Constants& c) { return mul(v, c.inv_pi); }

}  // namespace

CLC_DD_FMA bool dd_atan(double x, double* hi, double* lo) {
  if (refused(x)) return false;
  const Constants& c = constants();
  put(with_sign_of(value_of(atan_magnitude(std::fabs(x), c), c), x), hi, lo);
  return true;
}

CLC_DD_FMA bool dd_asin(double x, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (refused(x) || !(a <= 1)) return false;
  const Constants& c = constants();
  put(with_sign_of(value_of(asin_magnitude(a, c), c), x), hi, lo);
  return true;
}

CLC_DD_FMA bool dd_acos(double x, double* hi, double* lo) {
  if (refused(x) || !(std::fabs(x) <= 1)) return false;
  const Constants& c = constants();
  put(value_of(acos_angle(x, c), c), hi, lo);
  return true;
}

CLC_DD_FMA bool dd_atanpi(double x, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (refused(x) || (a != 0 && a < kLeastPiArgument)) return false;
  DD v;
  if (a == 1) {
    v = {0.25, 0};
  } else if (std::isinf(a)) {
    v = {0.5, 0};
  } else {
    const Constants& c = constants();
    v = over_pi(atan_magnitude(a, c), c);
  }
  put(with_sign_of(v, x), hi, lo);
  return true;
}

CLC_DD_FMA bool dd_asinpi(double x, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (refused(x) || !(a <= 1) || (a != 0 && a < kLeastPiArgument)) return false;
  DD v{0.5, 0};
  if (a < 1) {
    const Constants& c = constants();
    v = over_pi(asin_magnitude(a, c), c);
  }
  put(with_sign_of(v, x), hi, lo);
  return true;
}

CLC_DD_FMA bool dd_acospi(double x, double* hi, double* lo) {
  if (refused(x) || !(std::fabs(x) <= 1)) return false;
  DD v;
  if (x == 0) {
    v = {0.5, 0};
  } else if (x == -1) {
    v = {1, 0};
  } else {
    const Constants& c = constants();
    v = over_pi(acos_angle(x, c), c);  // acos(1) = +0 exactly
  }
  put(v, hi, lo);
  return true;
}

CLC_DD_FMA bool dd_atan2(double y, double x, double* hi, double* lo) {
  DD v;
  if (!atan2_value(y, x, constants(), &v)) return false;
  put(v, hi, lo);
  return true;
}

CLC_DD_FMA bool dd_atan2pi(double y, double x, double* hi, double* lo) {
  if (std::isfinite(x) && std::isfinite(y) && x != 0 && std::fabs(y) == std::fabs(x) && dd::cpu_has_fma()) {
    put(with_sign_of(DD{x > 0 ? 0.25 : 0.75, 0}, y), hi, lo);  // the diagonals: exact
    return true;
  }
  const Constants& c = constants();
  DD v;
  if (!atan2_value(y, x, c, &v)) return false;
  put(over_pi(v, c), hi, lo);
  return true;
}

}  // namespace clconform::ref::math
