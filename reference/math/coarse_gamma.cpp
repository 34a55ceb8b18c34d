#include "reference/math/coarse_gamma.hpp"

#include <immintrin.h>
#include <mpfr.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/coarse_log.hpp"
#include "reference/math/coarse_trig.hpp"
#include "reference/math/double_double.hpp"
#include "reference/math/double_double_avx2.hpp"

// The error analysis; u = 2^-53, and the logarithms within 2^-74.2 of
// themselves (coarse_log.cpp's analysis), sin(pi x) within 2^-75.5
// (coarse_trig.cpp's).
//
// |x| < 2^-6: -g x as a double-double (g's from MPFR, x exact: within
// 2^-104 of itself), zeta(2)/2 x^2 likewise (x^2 an exact two_prod), the
// terms from x^3 on (below 2^-19.3 in all) in double by Horner's rule on
// x, about four roundings: within 2^-69.3 absolute; the terms left out (k
// > 13) below 2^-80; below 2^-200 the whole series (below 2^-200) is left
// out. log Gamma(1 + x) <= 2^-5.5 in magnitude and -log|x| >= 4.15, so the
// sum (double-double adds) is within 2^-74.2 + 2^-69.3 / 4.15 < 2^-71.2
// of itself.
//
// x >= 32, l = log x: (l - 1) as a two_sum with l's low part added (l >=
// 3.4), x (l - 1) by a two_prod and an FMA of x and the low part: 2^-104
// of it; - l/2 and + log(2 pi)/2 (from MPFR) in double-double adds;
// 1/(12 x) as a double-double (1/x's remainder exact by FMA) times the
// constant, 2^-104; the series' terms from x^-3 on (below 2^-23.5 for x >=
// 32) in double, about five roundings: 2^-74.8 absolute; the terms left
// out (x^-15 on) below 2^-80. The result lgamma x >= 78 is at least (x -
// 1/2)(l - 1) - 1/2, so l's error reaches it at most (x - 1/2) l / lgamma x
// <= 1.42 times: in all within 2^-73.7 + 2^-74.8 / 78 + 2^-100 < 2^-73.5.
//
// x <= -32 (|x| < 2^52, not an integer), a = |x|: lgamma x = -(lgamma a +
// log p), p = a |sin(pi x)| / pi. lgamma a = G as above (2^-73.5, G >=
// 78); p as a double-double from a (exact), the sine (2^-75.5) and 1/pi
// (from MPFR), within 2^-75.4; log p = log(p.hi) + p.lo / p.hi, within
// 2^-74.2 |log p| + 2^-75.4 + 2^-104 absolute. p <= a / pi, and p >= a *
// 2 ulp(a) / pi (sin(pi f) >= 2f for |f| <= 1/2, and f, x's distance to the
// nearest integer, is at least ulp(a)), so |log p| <= 2 log2(a) ln 2 + 1
// <= 73 for a < 2^52, and log p > -30 at a = 32 (ulp 2^-47). G grows
// faster than |log p| can: |lgamma x| = G + log p >= G / 2 throughout
// (at a = 32, G = 78.1 and |lgamma x| > 48). So within (2^-73.5 G +
// 2^-74.2 * 73 + 2^-75.4) / (G / 2) < 2^-70.
//
// The bound is 2^-66. (MathCoarseGamma's worst, measured: 2^-73.5.)

namespace clconform::ref::math {
namespace {

using dd::DD;

constexpr double kSeriesBelow = 0x1p-6, kStirlingFrom = 32, kIntegersFrom = 0x1p52;
constexpr int kZetaTerms = 13;     // zeta(k)/k for k = 2 .. 13
constexpr int kStirlingTerms = 7;  // B_2k / (2k (2k - 1)), k = 1 .. 7

struct Constants {
  DD euler{0, 0}, half_zeta2{0, 0}, half_log_2pi{0, 0}, inv_pi{0, 0}, twelfth{0, 0};
  double zeta[kZetaTerms + 1] = {};         // zeta[k] = (-1)^k zeta(k)/k, from k = 3
  double stirling[kStirlingTerms + 1] = {};  // stirling[k] = B_2k / (2k (2k - 1)), from k = 2
  Constants() {
    mpfr_t v;
    mpfr_init2(v, 320);
    mpfr_const_euler(v, MPFR_RNDN);
    euler = dd::from_mpfr(v);
    mpfr_zeta_ui(v, 2, MPFR_RNDN);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    half_zeta2 = dd::from_mpfr(v);
    for (int k = 3; k <= kZetaTerms; ++k) {
      mpfr_zeta_ui(v, static_cast<unsigned long>(k), MPFR_RNDN);
      mpfr_div_ui(v, v, static_cast<unsigned long>(k), MPFR_RNDN);
      zeta[k] = (k % 2 ? -1 : 1) * mpfr_get_d(v, MPFR_RNDN);
    }
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_mul_2ui(v, v, 1, MPFR_RNDN);
    mpfr_log(v, v, MPFR_RNDN);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    half_log_2pi = dd::from_mpfr(v);
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_ui_div(v, 1, v, MPFR_RNDN);
    inv_pi = dd::from_mpfr(v);
    mpfr_set_ui(v, 1, MPFR_RNDN);
    mpfr_div_ui(v, v, 12, MPFR_RNDN);
    twelfth = dd::from_mpfr(v);
    // B_2k / (2k (2k - 1)) for k = 2 .. 7: -1/360, 1/1260, -1/1680, 1/1188,
    // -691/360360, 1/156.
    const long num[] = {0, 0, -1, 1, -1, 1, -691, 1}, den[] = {1, 1, 360, 1260, 1680, 1188, 360360, 156};
    for (int k = 2; k <= kStirlingTerms; ++k) {
      mpfr_set_si(v, num[k], MPFR_RNDN);
      mpfr_div_si(v, v, den[k], MPFR_RNDN);
      stirling[k] = mpfr_get_d(v, MPFR_RNDN);
    }
    mpfr_clear(v);
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

// The lanes' code, once for each instruction set.
#define CLC_LANES_BODY "reference/math/coarse_gamma_lanes.inc"
#include "reference/math/simd_targets.inc"
#undef CLC_LANES_BODY

void lgamma_many(bool wide, const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  const Constants& c = constants();
  // Chunks of 256 points, their arrays padded to a multiple of the lanes
  // (16) with a harmless argument.
  constexpr size_t kChunk = 256, kRoom = kChunk + 16;
  alignas(64) double xs[kRoom], r[kRoom], a[kRoom], lh[kRoom], ll[kRoom], sh[kRoom], sl[kRoom], ph[kRoom],
      pl[kRoom], qh[kRoom], ql[kRoom], h[kRoom], l[kRoom];
  bool lv[kRoom], sv[kRoom], pv[kRoom];
  for (size_t base = 0; base < n; base += kChunk) {
    const size_t m = std::min(kChunk, n - base), padded = (m + 15) / 16 * 16;
    std::copy(x + base, x + base + m, xs);
    std::fill(xs + m, xs + padded, 64.0);
    for (size_t i = 0; i < padded; ++i) a[i] = std::fabs(xs[i]);
    const auto log_many = wide ? coarse_log_many : coarse_log_many_avx2;
    log_many(a, padded, lh, ll, lv, 0);
    // The sines and the reflection's logarithms of the lanes that take
    // the reflection (x <= -32) only: the others' arguments are zeros,
    // which both tiers leave without a value (so without their cost).
    for (size_t i = 0; i < padded; ++i) r[i] = xs[i] <= -kStirlingFrom ? xs[i] : 0;
    (wide ? coarse_pi_many : coarse_pi_many_avx2)(PiTrig::sinpi, r, padded, sh, sl, sv);
    if (wide) avx512::reflection_p(c, a, sh, sl, padded, ph, pl);
    else avx2::reflection_p(c, a, sh, sl, padded, ph, pl);
    for (size_t i = 0; i < padded; ++i) ph[i] = r[i] != 0 ? ph[i] : 0;
    log_many(ph, padded, qh, ql, pv, 0);
    if (wide) avx512::lgamma_lanes(c, xs, lh, ll, qh, ql, ph, pl, padded, h, l);
    else avx2::lgamma_lanes(c, xs, lh, ll, qh, ql, ph, pl, padded, h, l);
    // Each lane's region, and whether its parts were vouched for.
    for (size_t i = 0; i < m; ++i) {
      const double v = xs[i], av = a[i];
      const bool reflected = (v <= -kStirlingFrom) & (av < kIntegersFrom) & (std::floor(v) != v) & sv[i] & pv[i];
      const bool region = ((av < kSeriesBelow) & (v != 0)) | (v >= kStirlingFrom) | reflected;
      const bool ok = region & lv[i] & (std::fabs(h[i]) < 0x1p1023);
      hi[base + i] = ok ? h[i] : 0;
      lo[base + i] = ok ? l[i] : 0;
      vouched[base + i] = ok;
    }
  }
}

}  // namespace

void coarse_lgamma_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  lgamma_many(dd::cpu_has_avx512(), x, n, hi, lo, vouched);
}

void coarse_lgamma_many_avx2(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  lgamma_many(false, x, n, hi, lo, vouched);
}

}  // namespace clconform::ref::math
