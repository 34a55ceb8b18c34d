#include "reference/math/gamma.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <immintrin.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "reference/math/fast_batch.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/pi_functions.hpp"

namespace clconform::ref::math {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Whether the finite X is an integer: every double from 2^52 on is, and
// below that the conversion to int64 truncates exactly (std::trunc is a
// libm call on a plain x86-64 build).
bool is_integer(double x) { return std::fabs(x) >= 0x1p52 || static_cast<double>(static_cast<int64_t>(x)) == x; }

// Below kGammaSeriesLimit in magnitude tgamma(x) = Gamma(1 + x) / x and
// lgamma(x) = log Gamma(1 + x) - log |x|, from the Taylor series at 0 of
// Gamma(1 + x) and of its logarithm (more than half of all floats).
constexpr int kSeriesDegree = 10;

// The Taylor coefficients at 0, k <= kSeriesDegree, rounded to doubles
// from MPFR at start-up: l_k of log Gamma(1 + x) = -gamma x + sum over
// k >= 2 of (-1)^k zeta(k) x^k / k, and g_k of Gamma(1 + x), the
// exponential of that series (g_0 = 1, n g_n = sum over k = 1..n of
// k l_k g_(n-k)).
struct GammaSeries {
  double g[kSeriesDegree + 1];
  double l[kSeriesDegree + 1];
  GammaSeries() {
    constexpr mpfr_prec_t kBits = 256;
    mpfr_t l[kSeriesDegree + 1], c[kSeriesDegree + 1], t, sum;
    for (int k = 0; k <= kSeriesDegree; ++k) mpfr_inits2(kBits, l[k], c[k], static_cast<mpfr_ptr>(nullptr));
    mpfr_inits2(kBits, t, sum, static_cast<mpfr_ptr>(nullptr));
    mpfr_const_euler(l[1], MPFR_RNDN);
    mpfr_neg(l[1], l[1], MPFR_RNDN);
    for (int k = 2; k <= kSeriesDegree; ++k) {
      mpfr_zeta_ui(l[k], static_cast<unsigned long>(k), MPFR_RNDN);
      mpfr_div_ui(l[k], l[k], static_cast<unsigned long>(k), MPFR_RNDN);
      if (k % 2 == 1) mpfr_neg(l[k], l[k], MPFR_RNDN);
    }
    mpfr_set_ui(c[0], 1, MPFR_RNDN);
    g[0] = 1;
    this->l[0] = 0;
    for (int k = 1; k <= kSeriesDegree; ++k) this->l[k] = mpfr_get_d(l[k], MPFR_RNDN);
    for (int n = 1; n <= kSeriesDegree; ++n) {
      mpfr_set_zero(sum, 1);
      for (int k = 1; k <= n; ++k) {
        mpfr_mul(t, l[k], c[n - k], MPFR_RNDN);
        mpfr_mul_ui(t, t, static_cast<unsigned long>(k), MPFR_RNDN);
        mpfr_add(sum, sum, t, MPFR_RNDN);
      }
      mpfr_div_ui(c[n], sum, static_cast<unsigned long>(n), MPFR_RNDN);
      g[n] = mpfr_get_d(c[n], MPFR_RNDN);
    }
    for (int k = 0; k <= kSeriesDegree; ++k) mpfr_clears(l[k], c[k], static_cast<mpfr_ptr>(nullptr));
    mpfr_clears(t, sum, static_cast<mpfr_ptr>(nullptr));
  }
};

const GammaSeries& gamma_series() {
  static const GammaSeries series;
  return series;
}

// tgamma(X) for 0 < |X| < kGammaSeriesLimit: the series' value by Horner, then
// the quotient. Every |g_k| is below 10 (Cauchy's bound for Gamma(2 + x)
// on |x| = 3/2, divided by 1 + x), so the terms left out are below
// 10 * 2^-66 * 64/63 relative; the coefficients' roundings weigh at most
// 2^-53 |g_1 x| < 2^-59, the Horner steps before the last at most 2^-52
// |x| < 2^-58, the last addition and the quotient half a double ulp each:
// about 1.1 double ulps in all, far inside kTgammaErrorDulps.
double tgamma_series(const GammaSeries& series, double x) {
  double p = series.g[kSeriesDegree];
  for (int k = kSeriesDegree - 1; k >= 0; --k) p = series.g[k] + x * p;
  return p / x;
}

// log Gamma(1 + X) for |X| < kGammaSeriesLimit, by Horner: |l_k| <= zeta(2)/2
// < 1, so the terms left out are below 2^-66 * 64/63, and the value is
// below 2^-6.7 in magnitude with an error under 2^-58 (its use:
// lgamma_value).
double log_gamma_one_plus(const GammaSeries& series, double x) {
  double p = series.l[kSeriesDegree];
  for (int k = kSeriesDegree - 1; k >= 1; --k) p = series.l[k] + x * p;
  return x * p;
}

}  // namespace

bool tgamma_value(double x, double* out, bool* exact) {
  *exact = true;
  // C99 F.9.5.4: tgamma(+-0) = +-inf, tgamma(-inf) = NaN, tgamma(+inf) = +inf.
  if (std::isnan(x) || x == -kInf) return *out = kNaN, true;
  if (x == 0 || x == kInf) return *out = std::copysign(kInf, x), true;
  if (std::fabs(x) < kGammaSeriesLimit) return *exact = false, *out = tgamma_series(gamma_series(), x), true;
  // (n - 1)! for an integer n <= 23: a double (and an error of exactly one
  // ulp, a histogram edge, on either side of it if rounded).
  if (x >= 1 && x <= 23 && is_integer(x)) {
    double f = 1;
    for (double k = 2; k < x; ++k) f *= k;
    return *out = f, true;
  }
  *exact = false;
  if (x > 0) {
    // Gamma(172) > 2^1024; glibc answers inf itself above 171.62.
    *out = x >= 172 ? kInf : std::tgamma(x);
    return true;
  }
  if (is_integer(x)) {  // a pole: NaN (C99 F.9.5.4, and MPFR)
    *exact = true;
    *out = kNaN;
    return true;
  }
  if (x < -170.5) {  // 1 - x > 171.5: |tgamma(x)| < pi / (2^-15 tgamma(171.5)) < 2^-1000
    // The sign of sinpi(x), as tgamma(1 - x) > 0: negative where floor(x)
    // is odd (x is no integer, and above -2^23, so the conversion truncates
    // exactly towards zero: floor(x) = trunc(x) - 1).
    const int64_t floor_x = static_cast<int64_t>(x) - 1;
    *out = (floor_x & 1) != 0 ? -1.0 : 1.0;
    return false;
  }
  bool sinpi_exact;  // not a zero here: x is no integer
  const double s = pi_function(Fn::sinpi, &x, &sinpi_exact);
  *out = kPiDouble / (s * std::tgamma(1 - x));
  return true;
}

namespace {

// tgamma_series or log_gamma_one_plus (LOG) with AVX2, four points a step,
// skipping the fours with no point in the domain (in a sweep they come in
// long runs): the same operations in the same order (the reference is
// compiled without contraction into FMA), so the same bits.
template <bool Log>
__attribute__((target("avx2,fma"))) void series_four(const GammaSeries& series, const double* x, double* out,
                                                     size_t n4) {
  const __m256d limit = _mm256_set1_pd(kGammaSeriesLimit);
  const __m256d magnitude_mask = _mm256_castsi256_pd(_mm256_set1_epi64x(INT64_MAX));
  const double* c = Log ? series.l : series.g;
  for (size_t i = 0; i < n4; i += 4) {
    const __m256d v = _mm256_loadu_pd(x + i);
    if (_mm256_movemask_pd(_mm256_cmp_pd(_mm256_and_pd(v, magnitude_mask), limit, _CMP_LT_OQ)) == 0) continue;
    __m256d p = _mm256_set1_pd(c[kSeriesDegree]);
    for (int k = kSeriesDegree - 1; k >= (Log ? 1 : 0); --k) p = _mm256_add_pd(_mm256_set1_pd(c[k]), _mm256_mul_pd(v, p));
    _mm256_storeu_pd(out + i, Log ? _mm256_mul_pd(v, p) : _mm256_div_pd(p, v));
  }
  _mm256_zeroupper();
}

template <bool Log>
void series_many(const double* x, double* out, size_t n) {
  const GammaSeries& series = gamma_series();
  size_t i = 0;
  if (cpu_has_avx2_fma()) {
    i = n / 4 * 4;
    series_four<Log>(series, x, out, i);
  }
  for (; i < n; ++i)
    if (gamma_series_domain(x[i])) out[i] = Log ? log_gamma_one_plus(series, x[i]) : tgamma_series(series, x[i]);
}

}  // namespace

void tgamma_series_many(const double* x, double* out, size_t n) { series_many<false>(x, out, n); }
void log_gamma_one_plus_many(const double* x, double* out, size_t n) { series_many<true>(x, out, n); }

namespace {

// C initialised to 128 bits and set to 2^K pi.
void init_pi_times(mpfr_t c, unsigned long k) {
  mpfr_init2(c, 128);
  mpfr_const_pi(c, MPFR_RNDN);
  mpfr_mul_2ui(c, c, k, MPFR_RNDN);
}

// C, computed to 128 bits, rounded once to a double; C is cleared.
double rounded_and_cleared(mpfr_t c) {
  const double d = mpfr_get_d(c, MPFR_RNDN);
  mpfr_clear(c);
  return d;
}

}  // namespace

double lgamma_stirling_constant() {
  mpfr_t c;
  init_pi_times(c, 1);
  mpfr_log(c, c, MPFR_RNDN);
  mpfr_sub_ui(c, c, 1, MPFR_RNDN);
  mpfr_div_2ui(c, c, 1, MPFR_RNDN);
  return rounded_and_cleared(c);
}

double log_pi_constant() {
  mpfr_t c;
  init_pi_times(c, 0);
  mpfr_log(c, c, MPFR_RNDN);
  return rounded_and_cleared(c);
}

double sqrt_two_pi_constant() {
  mpfr_t c;
  init_pi_times(c, 1);
  mpfr_sqrt(c, c, MPFR_RNDN);
  return rounded_and_cleared(c);
}

double lgamma_value(double x, bool* exact) {
  *exact = true;
  if (std::isnan(x)) return kNaN;
  // C99 F.9.5.3: lgamma(1) = lgamma(2) = +0, +inf at +-inf, zero and the
  // negative integers.
  if (std::isinf(x) || x == 0 || (x < 0 && is_integer(x))) return kInf;
  if (x == 1 || x == 2) return 0.0;
  *exact = false;
  if (std::fabs(x) < kGammaSeriesLimit) return log_gamma_one_plus(gamma_series(), x) - std::log(std::fabs(x));
  int sign;
  return ::lgamma_r(x, &sign);
}

}  // namespace clconform::ref::math
