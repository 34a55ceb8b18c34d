#include "reference/math/dd_erf.hpp"

#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "reference/math/double_double.hpp"

// Error analysis. u = 2^-53. Double-doubles from MPFR (dd::from_mpfr) are
// within u^2 of their 320-bit values; every MPFR value below is within
// 2^-290 of the real one (the start-up computation says why).
//
// One double-double Horner step S <- a + S v (step(), below; S = sh + sl
// unnormalised, |sl| <= 3 u |sh|; v a double or a double-double): p = S v
// is sh v.hi rounded plus its exact error (FMA) plus sh v.lo + sl v.hi
// rounded once, within 4 u^2 |S v|; a.hi + p.hi is exact (two_sum) and
// the low parts are added with two roundings, each below u (u |a| + 4 u
// |S v|): in all within 8 u^2 (|a| + |S v|).
//
// Near zero, |x| < 15/128: erf(x) = x S(y), y = x^2 (exact as the
// double-double two_prod(x, x)), S(y) = (2 / sqrt(pi)) sum (-1)^n y^n /
// (n! (2n + 1)) with y < 2^-6.18: the term n = 13 is below 2^-117 of S;
// those from n = 7 on, below 2^-59 of S in all, are summed in double (with
// their coefficients rounded to double: within 7 u 2^-59 = 2^-109.2 of S);
// the first seven by the double-double steps. The terms fall at least
// 48-fold, so sum |s_n y^n| < 1.01 S and the steps' errors, each 8 u^2
// times terms that sum to at most 1.01 S, scaled by y^n, add to below
// 8.2 u^2 S; the coefficients' rounding u^2 1.01 S, the product by x (one
// rounding of its low part) u^2 S: below 10.3 u^2 + 2^-109.2 + 2^-117 <
// 2^-102.3 of erf(x). Below |x| = 2^-28 only S = s_0 + s_1 y is kept (the
// next term below 2^-112 of S; s_1 y in double, within 2^-108.5 of S).
// Below |x| = 2^-960 the result's low part would be subnormal: refused.
//
// From 15/128 on: x = x0 + t with x0 = k/64 the nearest grid point and
// |t| <= tau = 1/128, t exact (x >= 2^-4 has ulp >= 2^-56, and t, a
// multiple of it, is below 2^-7). With g(s) = e^(-s^2) = sum g_n (s -
// x0)^n, (n + 1) g_(n+1) = -2 x0 g_n - 2 g_(n-1) (from g' = -2 s g, that
// is g_n = e^(-x0^2) (-1)^n H_n(x0) / n!), and
//   erf(x0 + t) = erf(x0) + P(t),  erfc(x0 + t) = erfc(x0) - P(t),
//   P(t) = sum_(n >= 1) a_n t^n,  a_n = (2 / sqrt(pi)) g_(n-1) / n.
// Truncation: on the circle |z| = R > tau, |e^(-(x0 + z)^2)| <= e^(-x0^2)
// e^(2 x0 R + R^2), so (Cauchy) |g_n| <= e^(-x0^2) e^(2 x0 R + R^2) R^-n
// and the terms after the N-th sum to at most (2 / sqrt(pi)) e^(-x0^2)
// e^(2 x0 R + R^2) R (tau / R)^(N + 1) / ((N + 1) (1 - tau / R)). Each
// grid point keeps, for each function, the least N for which that bound
// (R near its best) is below 2^-110 L, L the least value of the function
// on the interval: erfc(x0 + tau), erf(x0 - tau). The terms after the
// M-th, whose magnitudes sum to at most 2^-58 L (the least such M, per
// point), are summed in double: with their coefficients rounded to double,
// within (N - M + 1) u 2^-58 L <= 2^-107.4 L (N - M <= 10 here; start-up
// refuses above 15). The first M by the double-double steps: their errors,
// 8 u^2 (|a_n| + |S t|) scaled by t^n, add to at most 8 u^2 K L with K =
// sum n |a_n| tau^n / L (the term a_i tau^i is in the bound of i steps).
// The coefficients' own rounding adds u^2 sum |a_n| tau^n, the value at x0
// u^2 |V0|, the final product by t 3 u^2 |P|, and the add of V0 and +-P
// 3 u^2 of the result (double_double.hpp: within 3 u^2 of the exact sum
// even where it cancels, as erfc's does by up to e^(-0.8)). With A = (|V0|
// + sum |a_n| tau^n) / L:
//   |error| <= (A + 3 (A - 1) + 8 K + 3) u^2 L + 2^-110 L + 2^-107.4 L.
// At start-up the largest are erfc's at x0 = 25.6 (A = 2.23, K = 0.89, N =
// 24, M = 14); erf's are A <= 1.14, K <= 0.07 (N <= 15, M <= 7). That is
// (2.23 + 3.7 + 7.1 + 3) u^2 + 2^-110 + 2^-107.4 < 2^-101.8 of L <=
// |result| for erfc, 2^-103 for erf. Start-up refuses everything (valid)
// where any point exceeds A = 2.5 or K = 1.5 (still below 2^-101), which
// these tables do not. An underflow to a subnormal in one of the about 150
// operations costs at most 2^-1075 absolute, nothing beside a result of at
// least 2^-951.
//
// erfc(x) = 1 - erf(x) for 0 < x < 15/128: erf(x) <= 0.132, so its error
// moves 1 - erf(x) >= 0.868 by at most 0.152 of erf's relative bound, plus
// the add's 3 u^2. erfc(-a) = 1 + erf(a): two positive terms, the larger
// relative error of the two plus the add's. Below 2^-960, erfc(+-a) = 1 -+
// (2 / sqrt(pi)).hi a, within 2^-1070 absolute. From |x| = 8.625 on,
// erfc(|x|) <= erfc(8.625) < 2^-111 (start-up checks it): erf(x) = +-1 and
// erfc(x) = 2 for x <= -8.625 within that. So every value is within
// 2^-101 of the real one, under kDdErfRelError and kDdErfcRelError
// (2^-100).

namespace clconform::ref::math {
namespace {

using dd::add;
using dd::DD;
using dd::fast_two_sum;
using dd::from_mpfr;
using dd::negate;
using dd::two_prod;
using dd::two_sum;
using dd::with_sign_of;

constexpr double kTau = 1.0 / 128;     // half the grid spacing 1/64
constexpr double kGridFrom = 15.0 / 128;  // below: erf's own series
constexpr int kFirst = 8;              // grid points k/64, k in [kFirst, kLastErfc]
constexpr int kLastErf = 552;          // 8.625: beyond, erf is +-1
constexpr int kLastErfc = 1638;        // 25.59375, covering up to 25.6
constexpr double kErfIsOne = 8.625;
constexpr double kErfcMax = 25.6;      // erfc(25.6) ~ 2^-951
constexpr double kTiny = 0x1p-960;     // erf below: refused
constexpr double kSmall = 0x1p-28;     // erf below: two terms of its series

// erf's series near zero (above): terms 0 .. 12, double from 7 on.
constexpr int kSeriesTerms = 13, kSeriesDoubleFrom = 7;

// The start-up limits of the analysis above.
constexpr double kMaxA = 2.5, kMaxK = 1.5;
constexpr int kMaxDoubleTerms = 15;

constexpr int kPrec = 320;
constexpr int kHermiteTerms = 80;  // for the start-up steps between grid points

struct Point {
  DD erf0, erfc0;  // at x0 = k/64 (erf0 only up to kLastErf)
  uint32_t offset;  // of a_1 in Tables::coef
  uint8_t n_erf, m_erf, n_erfc, m_erfc;  // terms kept, and those in double-double
};

struct Tables {
  DD series[kSeriesTerms];
  std::vector<Point> point;  // index k - kFirst
  std::vector<DD> coef;
  bool valid = true;
  Tables();
};

// log2 of a positive MPFR value (as a double: enough for the choices).
double log2_of(mpfr_srcptr v) {
  long e;
  const double m = mpfr_get_d_2exp(&e, v, MPFR_RNDN);
  return std::log2(m) + static_cast<double>(e);
}

// The least N for which the Cauchy bound above on the terms after the N-th
// of P at x0 is below 2^-110 of L (LOG2_L its log2); 0 if none below 64.
int terms_needed(double x0, double log2_l) {
  const double log2_c = std::log2(2 / std::sqrt(M_PI)), log2e = 1 / std::log(2.0);
  for (int n = 1; n < 64; ++n) {
    // R minimising 2 x0 R + R^2 - n ln R, kept above 2 tau.
    const double r = std::fmax(2 * kTau, (-2 * x0 + std::sqrt(4 * x0 * x0 + 8 * n)) / 4);
    const double log2_bound = log2_c + log2e * (-x0 * x0 + 2 * x0 * r + r * r) + std::log2(r) +
                              (n + 1) * std::log2(kTau / r) - std::log2(n + 1.0) - std::log2(1 - kTau / r);
    // A margin of 2 for the double arithmetic of this bound.
    if (log2_bound + 1 <= log2_l - 110) return n;
  }
  return 0;
}

Tables::Tables() {
  mpfr_t c, x0, t, term, sum, erfc_k, erfc_down, l, g[kHermiteTerms];
  mpfr_inits2(kPrec, c, x0, t, term, sum, erfc_k, erfc_down, l, static_cast<mpfr_ptr>(nullptr));
  for (auto& v : g) mpfr_init2(v, kPrec);
  mpfr_const_pi(c, MPFR_RNDN);
  mpfr_sqrt(c, c, MPFR_RNDN);
  mpfr_ui_div(c, 2, c, MPFR_RNDN);  // 2 / sqrt(pi)

  // Near zero: (2 / sqrt(pi)) (-1)^n / (n! (2n + 1)).
  mpfr_set(term, c, MPFR_RNDN);
  for (int n = 0; n < kSeriesTerms; ++n) {
    if (n > 0) mpfr_div_si(term, term, -n, MPFR_RNDN);
    mpfr_div_ui(t, term, static_cast<unsigned long>(2 * n + 1), MPFR_RNDN);
    series[n] = from_mpfr(t);
  }

  // The grid, from the top down: erfc at the top from MPFR, and each lower
  // grid point's erfc from the expansion at the one above with t = -1/64.
  // What each step adds, (2 / sqrt(pi)) times the integral of e^(-s^2) over
  // the step, is positive, and 80 terms leave out less than 2^-400 of it;
  // each step's roundings (about 400 of 2^-320 relative to terms no larger
  // than e^0.8 times the sum) keep erfc within 2^-290 after the 1631 steps.
  const int top = kLastErfc + 1;
  point.resize(kLastErfc - kFirst + 1);
  mpfr_set_si(x0, top, MPFR_RNDN);
  mpfr_div_2ui(x0, x0, 6, MPFR_RNDN);
  mpfr_erfc(erfc_k, x0, MPFR_RNDN);
  for (int k = top; k >= kFirst; --k) {
    mpfr_set_si(x0, k, MPFR_RNDN);
    mpfr_div_2ui(x0, x0, 6, MPFR_RNDN);  // exact
    // g_n: g_0 = e^(-x0^2), g_1 = -2 x0 g_0, (n + 1) g_(n+1) = -2 x0 g_n - 2 g_(n-1).
    mpfr_sqr(t, x0, MPFR_RNDN);  // exact: k^2 / 4096
    mpfr_neg(t, t, MPFR_RNDN);
    mpfr_exp(g[0], t, MPFR_RNDN);
    mpfr_mul(g[1], g[0], x0, MPFR_RNDN);
    mpfr_mul_si(g[1], g[1], -2, MPFR_RNDN);
    for (int n = 1; n + 1 < kHermiteTerms; ++n) {
      mpfr_mul(t, g[n], x0, MPFR_RNDN);
      mpfr_add(t, t, g[n - 1], MPFR_RNDN);
      mpfr_mul_si(t, t, -2, MPFR_RNDN);
      mpfr_div_ui(g[n + 1], t, static_cast<unsigned long>(n + 1), MPFR_RNDN);
    }
    // erfc(x0 - 1/64) = erfc(x0) - sum a_n (-1/64)^n, a_n = c g_(n-1) / n.
    mpfr_set(erfc_down, erfc_k, MPFR_RNDN);
    for (int n = 1; n <= kHermiteTerms; ++n) {
      mpfr_mul(term, c, g[n - 1], MPFR_RNDN);
      mpfr_div_si(term, term, n % 2 ? -n : n, MPFR_RNDN);
      mpfr_div_2ui(term, term, static_cast<unsigned long>(6 * n), MPFR_RNDN);
      mpfr_sub(erfc_down, erfc_down, term, MPFR_RNDN);
    }
    if (k <= kLastErfc) {
      Point& p = point[k - kFirst];
      p.erfc0 = from_mpfr(erfc_k);
      // The least values on the interval: erfc(x0 + tau) and erf(x0 - tau),
      // from the same expansion at x0 with t = +-1/128.
      mpfr_set(l, erfc_k, MPFR_RNDN);
      mpfr_ui_sub(sum, 1, erfc_k, MPFR_RNDN);
      for (int n = 1; n <= kHermiteTerms; ++n) {
        mpfr_mul(term, c, g[n - 1], MPFR_RNDN);
        mpfr_div_ui(term, term, static_cast<unsigned long>(n), MPFR_RNDN);
        mpfr_div_2ui(term, term, static_cast<unsigned long>(7 * n), MPFR_RNDN);
        mpfr_sub(l, l, term, MPFR_RNDN);
        if (n % 2) mpfr_neg(term, term, MPFR_RNDN);
        mpfr_add(sum, sum, term, MPFR_RNDN);
      }
      const double log2_l_erfc = log2_of(l);
      int n_erfc = terms_needed(mpfr_get_d(x0, MPFR_RNDN), log2_l_erfc), n_erf = 0;
      double log2_l_erf = 0;
      if (k <= kLastErf) {
        mpfr_ui_sub(t, 1, erfc_k, MPFR_RNDN);
        p.erf0 = from_mpfr(t);
        log2_l_erf = log2_of(sum);
        n_erf = terms_needed(mpfr_get_d(x0, MPFR_RNDN), log2_l_erf);
        if (n_erf == 0) valid = false;
      } else {
        p.erf0 = {1, 0};
      }
      if (n_erfc == 0) valid = false;
      const int n_max = n_erfc > n_erf ? n_erfc : n_erf;
      p.offset = static_cast<uint32_t>(coef.size());
      // r[n] = |a_n| tau^n as log2 (a double would underflow near 25.6).
      std::vector<double> log2_r(static_cast<size_t>(n_max) + 1, 0);
      for (int n = 1; n <= n_max; ++n) {
        mpfr_mul(term, c, g[n - 1], MPFR_RNDN);
        mpfr_div_ui(term, term, static_cast<unsigned long>(n), MPFR_RNDN);
        coef.push_back(from_mpfr(term));
        mpfr_abs(term, term, MPFR_RNDN);
        log2_r[n] = log2_of(term) - 7.0 * n;
      }
      // M, A and K of the analysis, for one function with log2 L and N.
      const auto choose = [&](int n_kept, double log2_l, double log2_v0, uint8_t* n_out, uint8_t* m_out) {
        double tail = 0;
        int m = n_kept;
        while (m > 1 && tail + std::exp2(log2_r[m] - log2_l) <= 0x1p-58) tail += std::exp2(log2_r[m--] - log2_l);
        double a = std::exp2(log2_v0 - log2_l), kk = 0;
        for (int n = 1; n <= n_kept; ++n) {
          a += std::exp2(log2_r[n] - log2_l);
          kk += n * std::exp2(log2_r[n] - log2_l);
        }
        if (!(a <= kMaxA && kk <= kMaxK && n_kept - m <= kMaxDoubleTerms)) valid = false;
        *n_out = static_cast<uint8_t>(n_kept);
        *m_out = static_cast<uint8_t>(m);
      };
      choose(n_erfc, log2_l_erfc, log2_of(erfc_k), &p.n_erfc, &p.m_erfc);
      if (k <= kLastErf) {
        mpfr_ui_sub(t, 1, erfc_k, MPFR_RNDN);
        choose(n_erf, log2_l_erf, log2_of(t), &p.n_erf, &p.m_erf);
      } else {
        p.n_erf = p.m_erf = 0;
      }
    }
    // erf is +-1 from 8.625 on: erfc there at most erfc(8.625) < 2^-111.
    if (k == kLastErf && !(log2_of(erfc_k) < -111)) valid = false;
    mpfr_swap(erfc_k, erfc_down);
  }
  for (auto& v : g) mpfr_clear(v);
  mpfr_clears(c, x0, t, term, sum, erfc_k, erfc_down, l, static_cast<mpfr_ptr>(nullptr));
}

const Tables& tables() {
  static const Tables t;
  return t;
}

// One double-double Horner step S <- A + S V with V = v.hi + v.lo (v.lo
// may be 0), S unnormalised (sl below a few u of sh).
CLC_DD_FMA inline void step(double& sh, double& sl, DD a, DD v) {
  const double ph = sh * v.hi;
  double pe = __builtin_fma(sh, v.hi, -ph);
  pe = __builtin_fma(sh, v.lo, pe);
  const double pl = __builtin_fma(sl, v.hi, pe);
  const DD s = two_sum(a.hi, ph);
  sh = s.hi;
  sl = s.lo + (a.lo + pl);
}

// erf(A) for 2^-960 <= A < 15/128.
CLC_DD_FMA DD erf_series(double a, const Tables& tb) {
  double sh, sl;
  if (a < kSmall) {
    sh = tb.series[0].hi;
    sl = __builtin_fma(tb.series[1].hi, a * a, tb.series[0].lo);
  } else {
    const DD y = two_prod(a, a);
    double tail = tb.series[kSeriesTerms - 1].hi;
    for (int n = kSeriesTerms - 2; n >= kSeriesDoubleFrom; --n) tail = __builtin_fma(tail, y.hi, tb.series[n].hi);
    sh = tail;
    sl = 0;
    for (int n = kSeriesDoubleFrom - 1; n >= 0; --n) step(sh, sl, tb.series[n], y);
  }
  const double ph = sh * a;
  return fast_two_sum(ph, __builtin_fma(sl, a, __builtin_fma(sh, a, -ph)));
}

// P(t) = sum_(n=1..N) a_n t^n, a_n = A[n - 1], the terms after the M-th in
// double.
CLC_DD_FMA DD grid_sum(const DD* a, int n, int m, double t) {
  double tail = 0;
  for (int j = n - 1; j >= m; --j) tail = __builtin_fma(tail, t, a[j].hi);
  double sh = tail, sl = 0;
  for (int j = m - 1; j >= 0; --j) step(sh, sl, a[j], DD{t, 0});
  const double ph = sh * t;
  return fast_two_sum(ph, __builtin_fma(sl, t, __builtin_fma(sh, t, -ph)));
}

// erf(A) for 2^-960 <= A (finite), sign included by the caller.
CLC_DD_FMA DD erf_positive(double a, const Tables& tb) {
  if (a < kGridFrom) return erf_series(a, tb);
  if (a >= kErfIsOne) return {1, 0};
  const int k = static_cast<int>(std::rint(a * 64));
  const Point& p = tb.point[static_cast<size_t>(k - kFirst)];
  const double t = a - k * (1.0 / 64);  // exact
  return add(p.erf0, grid_sum(&tb.coef[p.offset], p.n_erf, p.m_erf, t));
}

bool refused(double x) { return !dd::cpu_has_fma() || !std::isfinite(x); }

void put(DD v, double* hi, double* lo) {
  *hi = v.hi;
  *lo = v.lo;
}

}  // namespace

CLC_DD_FMA bool dd_erf(double x, double* hi, double* lo) {
  if (refused(x)) return false;
  const double a = std::fabs(x);
  if (a == 0) {
    put({0, 0}, hi, lo);
    return true;
  }
  if (a < kTiny) return false;
  const Tables& tb = tables();
  if (!tb.valid) return false;
  const DD v = erf_positive(a, tb);
  put(with_sign_of(v, x), hi, lo);
  return true;
}

CLC_DD_FMA bool dd_erfc(double x, double* hi, double* lo) {
  if (refused(x) || x > kErfcMax) return false;
  if (x == 0) {
    put({1, 0}, hi, lo);
    return true;
  }
  const Tables& tb = tables();
  if (!tb.valid) return false;
  const double a = std::fabs(x);
  DD v;
  if (x < 0) {
    v = a < kTiny ? fast_two_sum(1, a * tb.series[0].hi) : add(DD{1, 0}, erf_positive(a, tb));
  } else if (a < kTiny) {
    v = fast_two_sum(1, -a * tb.series[0].hi);  // the rest below 2^-1070, absolute
  } else if (a < kGridFrom) {
    const DD e = erf_series(a, tb);
    v = add(DD{1, 0}, negate(e));
  } else {
    const int k = static_cast<int>(std::rint(a * 64));
    const Point& p = tb.point[static_cast<size_t>(k - kFirst)];
    const double t = a - k * (1.0 / 64);
    const DD s = grid_sum(&tb.coef[p.offset], p.n_erfc, p.m_erfc, t);
    v = add(p.erfc0, negate(s));
  }
  put(v, hi, lo);
  return true;
}

}  // namespace clconform::ref::math
