#include "reference/math/coarse_log.hpp"

#include <immintrin.h>
#include <mpfr.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/double_double.hpp"
#include "reference/math/double_double_avx2.hpp"

// The error analysis, for m != 0 (|log x| >= ln sqrt(2) > 0.3466). t c = p
// + e exactly (FMA), p within 2^-7 of 1, so a = p - 1 is exact and u = a +
// e = uh + ul exactly (uh the rounded sum). m ln2 = m L1 + m L2 + m L3
// with L1 of 42 bits (m L1 exact for |m| < 2^11); s = m L1 - log c exactly
// as a two_sum; s + uh and then - q/2 (uh^2 = q + qe exactly, FMA) in two
// exact fast_two_sums, as |s| >= 0.33 dominates both. What is left, below
// 2^-31 in all (m L2 is the largest part), is summed in double: the sums'
// low parts, ul, log c's low part, m L2, m L3, -qe/2, -uh ul and u^3 Q(u)
// with Q(u) = 1/3 - u/4 + ... + u^6/9 (Horner, in double): about ten
// roundings of at most 2^-84, and the polynomial's own error, about
// 2^-50.5 of u^3/3 <= 2^-25.3, so 2^-75.8; the first term left out, u^10/10,
// is below 2^-82. Within 2^-75.7 absolute, 2^-74.2 relative; the bound is
// 2^-72.
//
// log2 and log10: that value times 1/ln 2 or 1/ln 10 as a double-double
// (from MPFR, within 2^-106 of itself): the product's high part exact by
// FMA, the two cross terms and the low part's rounding within about 2^-104
// of the product, lo times the constant's low part (2^-106) left out. So
// within 2^-74.1 relative; the same bound.

namespace clconform::ref::math {
namespace {

using dd::DD;

// t in [1/sqrt(2), sqrt(2)) has index floor(256 t) in [kFirst, kLast].
constexpr int kFirst = 181, kLast = 362, kEntries = kLast - kFirst + 1;
constexpr int kTerms = 10;  // Q's coefficients are those of u^3 .. u^9: 1/3 .. 1/9, alternating

struct Tables {
  alignas(64) double c[kEntries], minus_log_c_hi[kEntries], minus_log_c_lo[kEntries];
  double ln2[3] = {0, 0, 0};  // ln2 = [0] + [1] + [2], [0] of 42 bits
  DD inv_ln2{0, 0}, inv_ln10{0, 0};  // log2's and log10's scales
  double q[kTerms] = {};      // q[k] = (-1)^(k+1) / k for k = 3 .. 9
  Tables() {
    mpfr_t v, w;
    mpfr_inits2(400, v, w, static_cast<mpfr_ptr>(nullptr));
    for (int i = kFirst; i <= kLast; ++i) {
      // A 9-bit c near 1/t on the interval, 1 where t is within 2^-8 of 1.
      const double ci = (i == 255 || i == 256) ? 1.0 : std::nearbyint(512 * 256 / (i + 0.5)) / 512;
      c[i - kFirst] = ci;
      mpfr_set_d(v, ci, MPFR_RNDN);
      mpfr_log(v, v, MPFR_RNDN);
      mpfr_neg(v, v, MPFR_RNDN);
      const DD mlc = dd::from_mpfr(v);
      minus_log_c_hi[i - kFirst] = mlc.hi;
      minus_log_c_lo[i - kFirst] = mlc.lo;
    }
    mpfr_const_log2(v, MPFR_RNDN);
    mpfr_set_prec(w, 42);
    mpfr_set(w, v, MPFR_RNDN);
    ln2[0] = mpfr_get_d(w, MPFR_RNDN);
    mpfr_sub_d(v, v, ln2[0], MPFR_RNDN);
    ln2[1] = mpfr_get_d(v, MPFR_RNDN);
    mpfr_sub_d(v, v, ln2[1], MPFR_RNDN);
    ln2[2] = mpfr_get_d(v, MPFR_RNDN);
    mpfr_set_prec(w, 400);
    mpfr_const_log2(v, MPFR_RNDN);
    mpfr_ui_div(w, 1, v, MPFR_RNDN);
    inv_ln2 = dd::from_mpfr(w);
    mpfr_set_ui(v, 10, MPFR_RNDN);
    mpfr_log(v, v, MPFR_RNDN);
    mpfr_ui_div(w, 1, v, MPFR_RNDN);
    inv_ln10 = dd::from_mpfr(w);
    for (int k = 3; k < kTerms; ++k) {
      mpfr_set_si(w, k % 2 ? 1 : -1, MPFR_RNDN);
      mpfr_div_ui(w, w, static_cast<unsigned long>(k), MPFR_RNDN);
      q[k] = mpfr_get_d(w, MPFR_RNDN);
    }
    mpfr_clears(v, w, static_cast<mpfr_ptr>(nullptr));
  }
};

// Out of line: the loops that read the tables save no registers for its first call.
__attribute__((noinline)) const Tables& tables() {
  static const Tables t;
  return t;
}

// The lanes' code, once for each instruction set.
#define CLC_LANES_BODY "reference/math/coarse_log_lanes.inc"
#include "reference/math/simd_targets.inc"
#undef CLC_LANES_BODY

}  // namespace

void coarse_log_many(const double* x, size_t n, double* hi, double* lo, bool* vouched, int base) {
  if (dd::cpu_has_avx512()) return avx512::log_many(tables(), base, x, n, hi, lo, vouched);
  avx2::log_many(tables(), base, x, n, hi, lo, vouched);
}

void coarse_log_many_avx2(const double* x, size_t n, double* hi, double* lo, bool* vouched, int base) {
  avx2::log_many(tables(), base, x, n, hi, lo, vouched);
}

}  // namespace clconform::ref::math
