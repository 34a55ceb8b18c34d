#include "reference/math/dd_hyperbolic.hpp"

#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/dd_exp_log.hpp"
#include "reference/math/double_double.hpp"

// Error analysis. u = 2^-53; dd_exp and dd_log are within E = 2^-97 of
// their real values (kDdExpLogRelError); a double-double add of operands of
// one sign, mul, and the divide and sqrt below are each within a few u^2
// (below 2^-103). Arguments of magnitude below 2^-500 return x itself: the
// next term of each series is below |x|^3, so x is within 2^-1000 of the
// result, relative. From 2^-500 up no product here underflows into a
// subnormal except the low parts of terms far below 2^-900 of a sum near 1,
// whose absolute error (2^-1075) is nothing to that sum.
//
// Series near zero: sum_n c_n v^n by Horner in double-double arithmetic,
// the terms from `DoubleFrom` on (each below 2^-56 of the sum) evaluated in
// double: their error is below 2^-56 * 2^-52 of the sum. The first term
// left out is below 2^-106 of the sum (the figures at each series). The
// sums below never cancel (alternating terms that fall at least fourfold,
// or terms of one sign), so each Horner step keeps its relative error: a
// sum within about 2 * 12 * 2^-104 < 2^-98 of its value. Every series here
// starts at 1 and no coefficient exceeds 1 in magnitude, so for |v| <
// 2^-e (e >= 5) the terms from v^k on, k e >= 110, add below 2^-109.9 of
// the sum: a series stops there when that is before its last term, which
// for the small arguments of a sweep (|x| from 2^-500 up) is after a term
// or two.
//
// log1p(w) for |w| >= 2^-5: 1 + w = s + e with s = fl(1 + w.hi) and e the
// exact rest (two_sum, plus w.lo rounded once), |e| <= 2^-52 s; then
// log(s + e) = log(s) + log1p(e / s), and log1p(e / s) = e / s within
// (e / s)^2 / 2 + 2 u |e / s| <= 2^-103.4 absolute. |log1p(w)| >= 2^-5.05
// there, so that is 2^-98.3 of it; with dd_log's E and the add, within
// 2^-96.5. For |w| < 2^-5 log1p's own series (below).
//
// exp's formulas: e^x - 1 within E e^x / |e^x - 1| <= 8.51 E (|x| >= 1/8,
// the worst at x = 1/8) = 2^-93.9; sinh x = (e^x - e^-x) / 2 within E
// coth(x) <= 8.05 E = 2^-94.0 (x >= 1/8); cosh x = (e^x + e^-x) / 2 within
// E plus the add; tanh = sinh / cosh within the sum of both and the divide,
// 2^-93.8. For x > 40, e^-x is below 2^-115 of e^x and is left out.
// e^-x is 1 / e^x (one divide, within E + 2^-104).
//
// The inverse functions: asinh x = log(x + sqrt(x^2 + 1)) and acosh x =
// log(x + sqrt(x^2 - 1)) with the argument of log a double-double within
// 2^-102 of itself (sums of positive terms; x^2 - 1 >= 3 for x > 2), and
// log of w = log(w.hi) + w.lo / w.hi within 2^-105 absolute of a result
// at least 0.12 (asinh from 1/8, acosh from 2): within E + 2^-100. Near 1,
// acosh(1 + d) = log1p(d + sqrt(d (d + 2))) with d exact (Sterbenz) and
// log1p's bound. Beyond 2^28, log(2x) -+ 1 / (4 x^2), the next term below
// 2^-115 of the result. atanh x = log1p(2x / (1 - x)) / 2 for x >= 1/8,
// 1 - x exact as a double-double, the quotient within 2^-102: log1p's
// bound; negative x by symmetry (the formula at x < 0 would cancel in
// log1p near -1).

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

// log1p(u) = u sum (-1)^n u^n / (n + 1) for |u| < 2^-5: the term n = 21 is
// below 2^-105 / 22, those from n = 11 on below 2^-58.
constexpr int kLog1pTerms = 21, kLog1pDoubleFrom = 11;
// expm1(x) = x sum x^n / (n + 1)! for |x| < 1/8: n = 18 below 2^-54 / 19!
// = 2^-110.8; from n = 10 on below 2^-55.
constexpr int kExpm1Terms = 18, kExpm1DoubleFrom = 10;
// sinh(x) = x sum y^k / (2k + 1)!, y = x^2 < 2^-6: k = 9 below 2^-54 / 19!;
// from k = 5 on below 2^-55.
constexpr int kSinhTerms = 9, kSinhDoubleFrom = 5;
// asinh(x) = x sum (-1)^k C(2k, k) 4^-k y^k / (2k + 1) and atanh(x) = x sum
// y^k / (2k + 1), y < 2^-6: k = 17 below 2^-102 / 35 = 2^-107.1; from k = 9
// on below 2^-58.
constexpr int kSeriesInYTerms = 17, kSeriesInYDoubleFrom = 9;

constexpr double kTiny = 0x1p-500;  // below: the result is x itself (see above)
constexpr double kNearZero = 0.125;  // below: the series
constexpr double kLog1pSeriesBelow = 0x1p-5;  // log1p's
constexpr double kLogOfDoubleAbove = 0x1p28;  // asinh and acosh: log(2x) -+ 1 / (4 x^2)

struct Constants {
  DD log1p_c[kLog1pTerms];
  DD expm1_c[kExpm1Terms];
  DD sinh_c[kSinhTerms];
  DD asinh_c[kSeriesInYTerms];
  DD atanh_c[kSeriesInYTerms];
  DD ln2{0, 0};

  Constants() {
    mpfr_t v, b;
    mpfr_inits2(400, v, b, static_cast<mpfr_ptr>(nullptr));
    for (int n = 0; n < kLog1pTerms; ++n) {
      mpfr_set_si(v, n % 2 ? -1 : 1, MPFR_RNDN);
      mpfr_div_ui(v, v, static_cast<unsigned long>(n + 1), MPFR_RNDN);
      log1p_c[n] = from_mpfr(v);
    }
    mpfr_set_ui(v, 1, MPFR_RNDN);
    for (int n = 0; n < kExpm1Terms; ++n) {  // 1 / (n + 1)!
      mpfr_div_ui(v, v, static_cast<unsigned long>(n + 1), MPFR_RNDN);
      expm1_c[n] = from_mpfr(v);
    }
    mpfr_set_ui(v, 1, MPFR_RNDN);
    for (int k = 0; k < kSinhTerms; ++k) {  // 1 / (2k + 1)!
      if (k > 0) mpfr_div_ui(v, v, static_cast<unsigned long>(2 * k * (2 * k + 1)), MPFR_RNDN);
      sinh_c[k] = from_mpfr(v);
    }
    mpfr_set_ui(b, 1, MPFR_RNDN);  // C(2k, k) / 4^k
    for (int k = 0; k < kSeriesInYTerms; ++k) {
      if (k > 0) {
        mpfr_mul_ui(b, b, static_cast<unsigned long>(2 * k - 1), MPFR_RNDN);
        mpfr_div_ui(b, b, static_cast<unsigned long>(2 * k), MPFR_RNDN);
      }
      mpfr_div_ui(v, b, static_cast<unsigned long>(2 * k + 1), MPFR_RNDN);
      if (k % 2) mpfr_neg(v, v, MPFR_RNDN);
      asinh_c[k] = from_mpfr(v);
      mpfr_set_ui(v, 1, MPFR_RNDN);
      mpfr_div_ui(v, v, static_cast<unsigned long>(2 * k + 1), MPFR_RNDN);
      atanh_c[k] = from_mpfr(v);
    }
    mpfr_const_log2(v, MPFR_RNDN);
    ln2 = from_mpfr(v);
    mpfr_clears(v, b, static_cast<mpfr_ptr>(nullptr));
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

// How many terms of a series (at most N) the argument V needs: k with k e
// >= 110 for |v| < 2^-e (the analysis above; e >= 5 for every series here).
inline int terms_for(double v, int n) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  const int e = 1022 - static_cast<int>(bits >> 52 & 0x7ff);  // |v| < 2^-e; a subnormal or 0 gives 1022
  return std::min(n, (110 + e - 1) / e);
}

// sum_n C[n] V^n (the analysis above), to the terms V needs.
template <int N, int DoubleFrom>
CLC_DD_FMA DD series(const DD (&c)[N], DD v) {
  int k = terms_for(v.hi, N) - 1;
  DD sum = c[k];
  if (k >= DoubleFrom) {
    double tail = c[k].hi;
    for (--k; k >= DoubleFrom; --k) tail = __builtin_fma(tail, v.hi, c[k].hi);
    sum = {tail, 0};
  } else {
    --k;
  }
  for (; k >= 0; --k) sum = add(mul(sum, v), c[k]);
  return sum;
}

DD half(DD a) { return {a.hi / 2, a.lo / 2}; }  // exact: no result here is subnormal

// dd_log(X), or *GIVEN where a block form computed it (dd_log_many: the
// same value).
CLC_DD_FMA DD log_or(double x, const DD* given) {
  if (given) return *given;
  DD v;
  dd_log(x, &v.hi, &v.lo);
  return v;
}

// log(W) for W >= 1 with |w.lo| <= u |w.hi|; GIVEN: log(w.hi), as log_or.
CLC_DD_FMA DD log_of(DD w, const DD* given = nullptr) { return add(log_or(w.hi, given), DD{w.lo / w.hi, 0}); }

// log1p(W) for W > -1 (W >= 0 where w.lo is not 0), |w.lo| <= 2^-52 |w.hi|;
// GIVEN: log of fl(1 + w.hi), as log_or.
CLC_DD_FMA DD log1p_of(DD w, const Constants& c, const DD* given = nullptr) {
  if (std::fabs(w.hi) < kLog1pSeriesBelow) return mul(series<kLog1pTerms, kLog1pDoubleFrom>(c.log1p_c, w), w);
  const DD s = two_sum(1, w.hi);  // s.hi = 1 + w.hi >= 2^-53 > 0: exact for w.hi in (-1, -1/2]
  const double e = s.lo + w.lo;
  return add(log_or(s.hi, given), DD{e / s.hi, 0});
}

// e^-A from E = e^A for 0 <= A <= 709 (0 beyond 40, where it is below
// 2^-115 of e^A).
CLC_DD_FMA DD exp_minus(double a, DD e) { return a > 40 ? DD{0, 0} : divide(DD{1, 0}, e); }

// e^A and e^-A for 0 <= A <= 709.
CLC_DD_FMA void exp_pair(double a, DD* e, DD* e_minus) {
  dd_exp(a, &e->hi, &e->lo);
  *e_minus = exp_minus(a, *e);
}

// dd_exp(A) into *E, or *GIVEN where a block form computed it (dd_exp_many:
// the same value).
CLC_DD_FMA void exp_of(double a, const DD* given, DD* e) {
  if (given) *e = *given;
  else dd_exp(a, &e->hi, &e->lo);
}

bool refused(double x) { return !dd::cpu_has_fma() || x == 0 || !std::isfinite(x); }

void put(DD v, double* hi, double* lo) {
  *hi = v.hi;
  *lo = v.lo;
}

}  // namespace

namespace {

// log1p, asinh and acosh, taking the one logarithm each needs from GIVEN
// where a block form computed it (of log_argument's value), else from
// dd_log: the one-point and the block forms share these operations, so
// they give the same values.
CLC_DD_FMA bool log1p_with(double x, const DD* given, double* hi, double* lo) {
  if (refused(x) || !(x > -1)) return false;
  put(std::fabs(x) < kTiny ? DD{x, 0} : log1p_of(DD{x, 0}, constants(), given), hi, lo);
  return true;
}

// w = a + sqrt(a^2 + 1), asinh's argument of log from 1/8 to 2^28.
CLC_DD_FMA DD asinh_w(double a) { return add(DD{a, 0}, square_root(add(two_prod(a, a), DD{1, 0}))); }
// w = x + sqrt(x^2 - 1), acosh's from 2 to 2^28.
CLC_DD_FMA DD acosh_w(double x) { return add(DD{x, 0}, square_root(add(two_prod(x, x), DD{-1, 0}))); }

CLC_DD_FMA bool asinh_with(double x, const DD* given, double* hi, double* lo) {
  if (refused(x)) return false;
  const Constants& c = constants();
  const double a = std::fabs(x);
  DD v{a, 0};
  if (a > kLogOfDoubleAbove) {
    v = add(add(log_or(a, given), c.ln2), DD{0.25 / a / a, 0});
  } else if (a >= kNearZero) {
    v = log_of(asinh_w(a), given);
  } else if (a >= kTiny) {
    v = mul(series<kSeriesInYTerms, kSeriesInYDoubleFrom>(c.asinh_c, two_prod(a, a)), DD{a, 0});
  }
  put(with_sign_of(v, x), hi, lo);
  return true;
}

CLC_DD_FMA bool acosh_with(double x, const DD* given, double* hi, double* lo) {
  if (refused(x) || !(x > 1)) return false;
  const Constants& c = constants();
  DD v;
  if (x > kLogOfDoubleAbove) {
    v = add(add(log_or(x, given), c.ln2), DD{-0.25 / x / x, 0});
  } else if (x > 2) {
    v = log_of(acosh_w(x), given);
  } else {
    const double d = x - 1;  // exact: x in (1, 2]
    v = log1p_of(add(DD{d, 0}, square_root(add(two_prod(d, d), DD{2 * d, 0}))), c);
  }
  put(v, hi, lo);
  return true;
}

// The double whose dd_log the function's `with` takes (GIVEN), or 0 where
// it takes none.
CLC_DD_FMA double log1p_log_argument(double x) {
  return std::isfinite(x) && x > -1 && std::fabs(x) >= kLog1pSeriesBelow ? two_sum(1, x).hi : 0;
}
CLC_DD_FMA double asinh_log_argument(double x) {
  const double a = std::fabs(x);
  if (!std::isfinite(a) || a < kNearZero) return 0;
  return a > kLogOfDoubleAbove ? a : asinh_w(a).hi;
}
CLC_DD_FMA double acosh_log_argument(double x) {
  if (!std::isfinite(x) || !(x > 2)) return 0;
  return x > kLogOfDoubleAbove ? x : acosh_w(x).hi;
}

}  // namespace

bool dd_log1p(double x, double* hi, double* lo) { return log1p_with(x, nullptr, hi, lo); }
void dd_log1p_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  dd_many_with_log(log1p_with, log1p_log_argument, x, n, hi, lo, vouched);
}

namespace {

// expm1, sinh and cosh, taking e^x (expm1) or e^|x| from E where a block
// form computed it, else from dd_exp: the one-point and the block forms
// share these operations, so they give the same values.
CLC_DD_FMA bool expm1_with(double x, const DD* e_x, double* hi, double* lo) {
  if (refused(x) || x > 709) return false;
  const Constants& c = constants();
  DD v;
  if (std::fabs(x) < kTiny) {
    v = {x, 0};
  } else if (std::fabs(x) < kNearZero) {
    v = mul(series<kExpm1Terms, kExpm1DoubleFrom>(c.expm1_c, DD{x, 0}), DD{x, 0});
  } else if (x < -650) {
    v = {-1, 0};  // -1 + e^x, e^x below 2^-937
  } else {
    DD e;
    exp_of(x, e_x, &e);
    v = add(e, DD{-1, 0});
  }
  put(v, hi, lo);
  return true;
}

// sinh(A) for 2^-500 <= A <= 709, with e^A and e^-A for A >= 1/8.
CLC_DD_FMA DD sinh_of(double a, DD e, DD e_minus, const Constants& c) {
  if (a < kNearZero) return mul(series<kSinhTerms, kSinhDoubleFrom>(c.sinh_c, two_prod(a, a)), DD{a, 0});
  return half(add(e, negate(e_minus)));
}

CLC_DD_FMA bool sinh_with(double x, const DD* e_a, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (refused(x) || a > 709) return false;
  DD v{a, 0}, e{0, 0}, e_minus{0, 0};
  if (a >= kNearZero) {
    exp_of(a, e_a, &e);
    e_minus = exp_minus(a, e);
  }
  if (a >= kTiny) v = sinh_of(a, e, e_minus, constants());
  put(with_sign_of(v, x), hi, lo);
  return true;
}

CLC_DD_FMA bool cosh_with(double x, const DD* e_a, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (refused(x) || a > 709) return false;
  DD e;
  exp_of(a, e_a, &e);
  put(half(add(e, exp_minus(a, e))), hi, lo);
  return true;
}

// A block: dd_exp_many of every x (expm1) or |x| in chunks, then WITH for
// each point, with that value where dd_exp_many vouches for it and with
// its own dd_exp elsewhere: the one-point form's result either way.
void many_with_exp(bool (*with)(double, const DD*, double*, double*), bool magnitude, const double* x, size_t n,
                   double* hi, double* lo, bool* vouched) {
  constexpr size_t kChunk = 64;
  double arg[kChunk], e_hi[kChunk], e_lo[kChunk];
  bool e_ok[kChunk];
  for (size_t b = 0; b < n; b += kChunk) {
    const size_t m = std::min(kChunk, n - b);
    for (size_t i = 0; i < m; ++i) arg[i] = magnitude ? std::fabs(x[b + i]) : x[b + i];
    dd_exp_many(arg, m, e_hi, e_lo, e_ok);
    for (size_t i = 0; i < m; ++i) {
      const DD e{e_hi[i], e_lo[i]};
      vouched[b + i] = with(x[b + i], e_ok[i] ? &e : nullptr, &hi[b + i], &lo[b + i]);
    }
  }
}

}  // namespace

bool dd_expm1(double x, double* hi, double* lo) { return expm1_with(x, nullptr, hi, lo); }
bool dd_sinh(double x, double* hi, double* lo) { return sinh_with(x, nullptr, hi, lo); }
bool dd_cosh(double x, double* hi, double* lo) { return cosh_with(x, nullptr, hi, lo); }

void dd_expm1_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  many_with_exp(expm1_with, false, x, n, hi, lo, vouched);
}
void dd_sinh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  many_with_exp(sinh_with, true, x, n, hi, lo, vouched);
}
void dd_cosh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  many_with_exp(cosh_with, true, x, n, hi, lo, vouched);
}

CLC_DD_FMA bool dd_tanh(double x, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (refused(x)) return false;
  DD v{a, 0};
  if (a >= 40) {
    v = {1, 0};  // 1 - 2 / (e^2a + 1), the rest below 2^-114
  } else if (a >= kTiny) {
    DD e, e_minus;
    exp_pair(a, &e, &e_minus);
    v = divide(sinh_of(a, e, e_minus, constants()), half(add(e, e_minus)));
  }
  put(with_sign_of(v, x), hi, lo);
  return true;
}

bool dd_asinh(double x, double* hi, double* lo) { return asinh_with(x, nullptr, hi, lo); }
bool dd_acosh(double x, double* hi, double* lo) { return acosh_with(x, nullptr, hi, lo); }
void dd_asinh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  dd_many_with_log(asinh_with, asinh_log_argument, x, n, hi, lo, vouched);
}
void dd_acosh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  dd_many_with_log(acosh_with, acosh_log_argument, x, n, hi, lo, vouched);
}

CLC_DD_FMA bool dd_atanh(double x, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (refused(x) || !(a < 1)) return false;
  const Constants& c = constants();
  DD v{a, 0};
  if (a >= kNearZero) {
    v = half(log1p_of(divide(DD{2 * a, 0}, two_sum(1, -a)), c));
  } else if (a >= kTiny) {
    v = mul(series<kSeriesInYTerms, kSeriesInYDoubleFrom>(c.atanh_c, two_prod(a, a)), DD{a, 0});
  }
  put(with_sign_of(v, x), hi, lo);
  return true;
}

}  // namespace clconform::ref::math
