#include "reference/math/dd_gamma.hpp"

#include <mpfr.h>

#include <cmath>
#include <cstddef>

#include "reference/math/dd_exp_log.hpp"
#include "reference/math/dd_pi.hpp"
#include "reference/math/double_double.hpp"

namespace clconform::ref::math {
namespace {

using dd::add;
using dd::DD;
using dd::fast_two_sum;
using dd::from_mpfr;
using dd::mul;
using dd::two_prod;

// Error analysis, with u2 = 2^-104.4 for add (3u^2) and 2^-104 for mul
// (double_double.hpp), and dd_log within 2^-97 (dd_exp_log.hpp).
//
// (a) 0 < |x| < 2^-6. L = log Gamma(1 + x) = sum_k c_k x^k, c_1 = -g, c_k =
// (-1)^k zeta(k) / k: |c_k x^k| < 2^-6k / k, so the terms from k = 18 on
// add below 2^-112, and |L| <= g 2^-6 + zeta(2) 2^-13 < 0.0092. Horner
// from k = 9 on in double (those terms weigh below 2^-54, their
// roundings below 2^-110 absolute), the first eight in double-double,
// every partial sum dominated by its coefficient (|c_{k+1} x| < |c_k| / 40),
// so L is within 2^-101 of itself, 2^-107 absolute. -log|x| >= log 64 =
// 4.159 dominates: |result| >= 4.159 - 0.0092 = 4.150, so log's 2^-97
// grows by at most 4.159 / 4.150 < 1.003, and with L's and the sum's
// errors the result is within 2^-96.9 of lgamma(x).
//
// (b) x >= 32. l = log x within 2^-97 |l|; l - 1 (l >= 3.4657) within
// 2^-97 l / (l - 1) <= 1.4056 2^-97 of itself, plus u2; T = x (l - 1)
// within 2^-96.49. The other terms: -l/2 (exact halving, error 2^-97 l/2),
// log(2 pi)/2 (2^-106), the series S (below 1/(12x) <= 2^-8.58 and within
// 2^-100 of itself: 1/x within 2^-104, Horner from k = 5 on in double,
// those terms below 2^-55 absolute; the first term left out, k = 12, is
// 2^-107.7 at x = 32 and smaller beyond, and Stirling's remainder is
// below it). The result R = T - l/2 + 0.9189 + S has T / R <= 1.0104 and
// (l/2) / R <= 0.0222 (both largest at x = 32, where T = 78.90 and R =
// lgamma(32) = 78.09): relative error 1.0104 2^-96.49 + 0.0222 2^-97 +
// three additions (3 u2 1.0104) + the rest < 2^-96.4.
//
// (c) x <= -32, not an integer (so |x| < 2^52). G = lgamma(|x|) by (b),
// within 2^-96.4. P = |x| |sin(pi x)| / pi: dd_sinpi within 2^-97, two
// products and 1/pi (2^-104 + 2^-104 + 2^-106): P within 2^-96.96 of
// itself. s = log P = log(P.hi) + P.lo / P.hi (log1p(e) = e to e^2/2 <
// 2^-107, the quotient rounded to 2^-106 absolute): within 2^-96.96 +
// 2^-97 |s| absolute. The result is -(G + s). A double x with |x| in
// [2^k, 2^(k+1)) lies at least 2^(k-52) from an integer, so |sin(pi x)| >=
// 2^(k-51) and s >= (2k - 51) log 2 - log pi; with k = 5, s >= -29.56
// while G >= lgamma(32) = 78.09, so |G + s| >= 48.53 (for k >= 6, G >=
// lgamma(64) = 201 and s >= -28.2: far less cancellation; s > 0 adds
// none). Absolute error 78.09 2^-96.4 + 2^-96.96 + 29.56 2^-97 = 2^-89.78
// at most, relative to 48.53: 2^-95.38, plus the sum's u2. Hence
// kDdLgammaRelError = 2^-95 over all three.
//
// tgamma. x >= 32: exp of R (b) with R <= 709: R's absolute error at most
// 709 2^-96.4 = 2^-86.9 becomes a relative one of exp(R), plus exp's
// 2^-97. 2^-1022 <= |x| < 2^-6: exp(L) / x, L's absolute error 2^-107,
// exp's 2^-97 and the division's 2^-104. Both below 2^-86.

constexpr double kSeriesLimit = 0x1p-6;
constexpr double kStirlingFrom = 32;
// Below this lgamma's value is vouched for: the real one is then at most
// 2^-95 beyond it, still below the largest double.
constexpr double kLargestValue = 0x1.ffffffffffffp1023;
// Gamma(1 + x) = exp(L) with L from its series; below 2^-60, L = c_1 x to
// within 2^-120.
constexpr double kLinearBelow = 0x1p-60;

// Taylor coefficients c_1 .. c_17 of log Gamma(1 + x) (index k - 1), the
// terms from c_9 on in double.
constexpr int kTaylorTerms = 17, kTaylorDoubleFrom = 8;
// Stirling's coefficients B_2k / (2k (2k - 1)), k = 1 .. 11 (index k - 1),
// those from k = 5 on in double.
constexpr int kStirlingTerms = 11, kStirlingDoubleFrom = 4;

struct Constants {
  DD taylor[kTaylorTerms];
  DD stirling[kStirlingTerms];
  DD half_log_2pi{0, 0}, inv_pi{0, 0};
  Constants() {
    mpfr_t v, w, pi;
    mpfr_inits2(256, v, w, pi, static_cast<mpfr_ptr>(nullptr));
    mpfr_const_pi(pi, MPFR_RNDN);
    mpfr_const_euler(v, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    taylor[0] = from_mpfr(v);
    for (int k = 2; k <= kTaylorTerms; ++k) {
      mpfr_zeta_ui(v, static_cast<unsigned long>(k), MPFR_RNDN);
      mpfr_div_ui(v, v, static_cast<unsigned long>(k), MPFR_RNDN);
      if (k % 2) mpfr_neg(v, v, MPFR_RNDN);
      taylor[k - 1] = from_mpfr(v);
    }
    // B_2k = (-1)^(k+1) 2 (2k)! zeta(2k) / (2 pi)^2k, so B_2k / (2k (2k -
    // 1)) = (-1)^(k+1) 2 (2k - 2)! zeta(2k) / (2 pi)^2k.
    for (int k = 1; k <= kStirlingTerms; ++k) {
      mpfr_zeta_ui(v, static_cast<unsigned long>(2 * k), MPFR_RNDN);
      mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
      for (int j = 2; j <= 2 * k - 2; ++j) mpfr_mul_ui(v, v, static_cast<unsigned long>(j), MPFR_RNDN);
      mpfr_mul_2ui(w, pi, 1, MPFR_RNDN);
      mpfr_pow_ui(w, w, static_cast<unsigned long>(2 * k), MPFR_RNDN);
      mpfr_div(v, v, w, MPFR_RNDN);
      if (k % 2 == 0) mpfr_neg(v, v, MPFR_RNDN);
      stirling[k - 1] = from_mpfr(v);
    }
    mpfr_mul_2ui(v, pi, 1, MPFR_RNDN);
    mpfr_log(v, v, MPFR_RNDN);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    half_log_2pi = from_mpfr(v);
    mpfr_ui_div(v, 1, pi, MPFR_RNDN);
    inv_pi = from_mpfr(v);
    mpfr_clears(v, w, pi, static_cast<mpfr_ptr>(nullptr));
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

CLC_DD_FMA bool log_of(double x, DD* out) { return dd_log(x, &out->hi, &out->lo); }

// log Gamma(1 + X) for |x| < 2^-6: (a) above.
CLC_DD_FMA DD log_gamma_1p(double x, const Constants& c) {
  const DD xx{x, 0};
  if (std::fabs(x) < kLinearBelow) return mul(c.taylor[0], xx);
  double tail = c.taylor[kTaylorTerms - 1].hi;
  for (int k = kTaylorTerms - 2; k >= kTaylorDoubleFrom; --k) tail = __builtin_fma(tail, x, c.taylor[k].hi);
  DD sum{tail, 0};
  for (int k = kTaylorDoubleFrom - 1; k >= 0; --k) sum = add(mul(sum, xx), c.taylor[k]);
  return mul(sum, xx);
}

// lgamma(X) for x >= 32 by Stirling's series, L = log x: (b) above. False
// where a part overflows (a NaN or an infinity) or the value reaches
// kLargestValue.
CLC_DD_FMA bool stirling_with(double x, DD l, const Constants& c, DD* out) {
  DD r = mul(DD{x, 0}, add(l, DD{-1, 0}));
  // 1/x = q1 + q2: the remainder 1 - q1 x is exact (one FMA).
  const double q1 = 1 / x;
  const DD w = fast_two_sum(q1, __builtin_fma(-q1, x, 1) / x);
  const DD z = mul(w, w);
  double tail = c.stirling[kStirlingTerms - 1].hi;
  for (int k = kStirlingTerms - 2; k >= kStirlingDoubleFrom; --k) tail = __builtin_fma(tail, z.hi, c.stirling[k].hi);
  DD series{tail, 0};
  for (int k = kStirlingDoubleFrom - 1; k >= 0; --k) series = add(mul(series, z), c.stirling[k]);
  series = mul(series, w);
  r = add(r, DD{-0.5 * l.hi, -0.5 * l.lo});
  r = add(r, c.half_log_2pi);
  r = add(r, series);
  if (!(std::fabs(r.hi) < kLargestValue)) return false;
  *out = r;
  return true;
}

CLC_DD_FMA bool stirling(double x, const Constants& c, DD* out) {
  DD l;
  return log_of(x, &l) && stirling_with(x, l, c, out);
}

// Whether X is in the tier's three regions: finite and nonzero, and below
// 2^-6 in magnitude, from 32 up, or a non-integer from -32 down.
bool lgamma_region(double x) {
  const double a = std::fabs(x);
  return x != 0 && a < HUGE_VAL &&
         (a < kSeriesLimit || x >= kStirlingFrom || (x <= -kStirlingFrom && std::floor(x) != x));
}

// lgamma(X), taking log|x| from GIVEN where a block form computed it
// (dd_many_with_log), else from dd_log: the one-point and the block forms
// share these operations, so they give the same values.
CLC_DD_FMA bool lgamma_with(double x, const DD* given, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !lgamma_region(x)) return false;  // 2^-6 <= |x| < 32, poles, NaN, infinities
  const Constants& c = constants();
  const double a = std::fabs(x);
  const bool series = a < kSeriesLimit, stirling = x >= kStirlingFrom;
  DD l, v;
  if (given) {
    l = *given;
  } else if (!log_of(a, &l)) {
    return false;
  }
  if (series) {  // (a)
    v = add(dd::negate(l), log_gamma_1p(x, c));
  } else if (stirling) {  // (b)
    if (!stirling_with(x, l, c, &v)) return false;
  } else {
    // (c): x is not an integer, so |x| < 2^52.
    DD g, s;
    if (!stirling_with(a, l, c, &g) || !dd_sinpi(x, &s.hi, &s.lo)) return false;
    if (s.hi < 0) s = dd::negate(s);
    const DD p = mul(mul(DD{a, 0}, s), c.inv_pi);
    DD logp;
    if (!log_of(p.hi, &logp)) return false;
    logp = add(logp, DD{p.lo / p.hi, 0});
    v = dd::negate(add(g, logp));
  }
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

// The argument of lgamma_with's dd_log, |x|, in the tier's regions, else 0
// (dd_many_with_log).
double lgamma_log_argument(double x) { return lgamma_region(x) ? std::fabs(x) : 0; }

// E / X for a double-double E near 1 and |x| >= 2^-1022: q1 = e.hi / x,
// the remainder e - q1 x exactly enough (two_prod exact, e.hi - p.hi
// exact by Sterbenz), q2 its quotient; within about 2^-104.
CLC_DD_FMA DD divided(DD e, double x) {
  const double q1 = e.hi / x;
  const DD p = two_prod(q1, x);
  const double rem = ((e.hi - p.hi) - p.lo) + e.lo;
  return fast_two_sum(q1, rem / x);
}

CLC_DD_FMA bool tgamma_of(double x, DD* out) {
  const Constants& c = constants();
  const double a = std::fabs(x);
  DD e;
  if (a < kSeriesLimit) {
    if (!(a >= 0x1p-1022)) return false;  // zero and subnormals: 1/x would overflow
    const DD l = log_gamma_1p(x, c);
    if (!dd_exp_dd(l.hi, l.lo, &e.hi, &e.lo)) return false;
    *out = divided(e, x);
    return true;
  }
  DD r;
  if (!(x >= kStirlingFrom) || !stirling(x, c, &r)) return false;
  if (!dd_exp_dd(r.hi, r.lo, &e.hi, &e.lo)) return false;  // beyond 709: refused
  *out = e;
  return true;
}

}  // namespace

bool dd_lgamma(double x, double* hi, double* lo) { return lgamma_with(x, nullptr, hi, lo); }

void dd_lgamma_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  dd_many_with_log(lgamma_with, lgamma_log_argument, x, n, hi, lo, vouched);
}
bool dd_tgamma(double x, double* hi, double* lo) { return dd::finite_tier(tgamma_of, x, hi, lo); }

}  // namespace clconform::ref::math
