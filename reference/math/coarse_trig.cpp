#include "reference/math/coarse_trig.hpp"

#include <gmp.h>
#include <immintrin.h>
#include <mpfr.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/double_double.hpp"
#include "reference/math/double_double_avx2.hpp"

// The error analysis, in units of a quarter turn for the reduction.
//
// Reduction of a = |x| > 0.78125, a = m 2^E (m a 53-bit integer, E >= -53).
// With 2/pi = sum of b_i 2^-i, the bits i <= E - 2 add multiples of 4 to
// a * 2/pi; the table holds, for each E, the next 159 bits as three
// doubles c0, c1, c2 of 53 bits each (from bit i0 = E - 1 on), and the
// bits after them add a * R < 2^-104. So a * 2/pi = P0 + P1 + P2 + a R
// (mod 4), where the exact products are
//   P0 = a c0 = m C0 2^-51 < 2^55 (C0 < 2^53 an integer),
//   P1 = a c1 = m C1 2^-104 < 4, P2 = a c2 < 2^-51.
// FMA splits each exactly: P = p + e. p0 and e0 are multiples of 2^-51
// (p0 is P0 itself below 4, else its ulp is at least 2^-50), |e0| <= 2;
// rounding each to an integer and keeping the differences (exact, at most
// 1/2 each) leaves s = (p0 - n0) + (e0 - m0), exact as a double (a
// multiple of 2^-51 below 1 in magnitude). p1 - n1 (|.| <= 1/2) joins s
// in an exact two_sum, whose high part loses its integer part too. The
// integers only change the quadrant, whose sum modulo 4 is exact in
// double. What is left, the two_sum's low part (<= 2^-53), e1 (<= 2^-52),
// p2 (< 2^-51) and e2 (<= 2^-104), is summed in double: three roundings
// of at most 2^-105, 2^-104 and 2^-104; with a R, the fraction F of a
// quarter turn is within 2^-102.2 of the real one, so within 2^-78.2 of
// itself where |F| >= 2^-24. r = F pi/2 in double-double adds about 2^-104.
//
// Polynomials, |r| <= pi/4 (z = r^2 <= 0.617): sin r = r + r z S(z),
// cos r = 1 + z C(z), Taylor to the 11th coefficient (the first term
// left out is below 2^-82 of the value). Coefficients 4 to 10 are
// summed in double (Horner): their relative error, about 2^-52, weighs
// at most z^5/10! <= 2^-25.3 of cos r (2^-28.7 of sin r), so 2^-77.3;
// coefficients 0 to 3 in double-double, with products split by FMA and
// the coefficient the larger addend (exact sums of their high parts), so
// their roundings stay near 2^-100. With r's own error, every value is
// within about 2^-75.5 of its real one; kCoarseTrigRelError is 2^-72.
//
// The pi functions: |x| = n/2 + f exactly (2|x| exact below 2^52; f the
// difference of two multiples of x's ulp, within a quarter), r = pi f in
// double-double within 2^-104 relative, so the same polynomials and
// quotient give the same bounds, for every f (no reduction error to grow
// near a zero: sinpi near an integer is pi f to full relative accuracy).

namespace clconform::ref::math {
namespace {

using dd::DD;

constexpr int kFirstExponent = -53;  // E of 0.78125, the least argument reduced
constexpr int kEntries = 971 - kFirstExponent + 1;  // up to the largest double's E
constexpr int kScaledFrom = 600;  // from this E on: a * 2^-600 and the pieces * 2^600 (no subnormal piece)
constexpr int kDoubleDoubleTerms = 4, kTerms = 11;
constexpr double kReduceAbove = 0x1.9p-1, kTiny = kCoarseTrigSettledBelow, kLeastFraction = 0x1p-24;
constexpr double kPiLeastArgument = 0x1p-960;  // sinpi, tanpi: left to dd_pi below

struct Tables {
  alignas(64) double c0[kEntries], c1[kEntries], c2[kEntries];
  DD half_pi{0, 0};
  DD sin_c[kTerms], cos_c[kTerms];  // only the first kDoubleDoubleTerms' low parts are read
  Tables() {
    constexpr int kBits = 1300;  // bits of 2/pi kept: the last piece ends at bit 971 - 2 + 159 = 1128
    mpfr_t v, w;
    mpfr_inits2(kBits + 100, v, w, static_cast<mpfr_ptr>(nullptr));
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_ui_div(w, 2, v, MPFR_RNDN);
    mpfr_mul_2ui(w, w, kBits, MPFR_RNDN);
    mpz_t z, piece;
    mpz_inits(z, piece, static_cast<mpz_ptr>(nullptr));
    mpfr_get_z(z, w, MPFR_RNDZ);  // bit kBits - i of z is b_i
    for (int k = 0; k < kEntries; ++k) {
      const int e = kFirstExponent + k, i0 = e - 1;
      double* out[3] = {c0, c1, c2};
      for (int j = 0; j < 3; ++j) {
        const int last = i0 + 53 * j + 52;  // the piece's last bit: its weight 2^-last
        mpz_fdiv_q_2exp(piece, z, static_cast<mp_bitcnt_t>(kBits - last));
        mpz_fdiv_r_2exp(piece, piece, 53);
        const int scale = e >= kScaledFrom ? kScaledFrom : 0;
        out[j][k] = std::ldexp(mpz_get_d(piece), scale - last);  // < 2^53: exact
      }
    }
    mpz_clears(z, piece, static_cast<mpz_ptr>(nullptr));
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    half_pi = dd::from_mpfr(v);
    // S's coefficient k is (-1)^(k+1) / (2k+3)!, C's (-1)^(k+1) / (2k+2)!.
    mpfr_set_ui(v, 1, MPFR_RNDN);
    for (unsigned j = 2; j <= 2 * kTerms + 1; ++j) {
      mpfr_div_ui(v, v, j, MPFR_RNDN);  // 1/j!
      mpfr_set(w, v, MPFR_RNDN);
      const unsigned k = (j - 2) / 2;
      if (k % 2 == 0) mpfr_neg(w, w, MPFR_RNDN);
      (j % 2 == 0 ? cos_c : sin_c)[k] = dd::from_mpfr(w);
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
#define CLC_LANES_BODY "reference/math/coarse_trig_lanes.inc"
#include "reference/math/simd_targets.inc"
#undef CLC_LANES_BODY

}  // namespace

bool has_coarse_trig() { return dd::cpu_has_avx2_fma(); }

void coarse_sin_cos_many(const double* x, size_t n, bool cosine, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx512()) return avx512::sin_cos_many(tables(), x, n, cosine, hi, lo, vouched);
  avx2::sin_cos_many(tables(), x, n, cosine, hi, lo, vouched);
}

void coarse_tan_many(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx512()) return avx512::tan_many(tables(), x, n, hi, lo, vouched);
  avx2::tan_many(tables(), x, n, hi, lo, vouched);
}

void coarse_tan_many_avx2(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  avx2::tan_many(tables(), x, n, hi, lo, vouched);
}

void coarse_pi_many(PiTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx512()) return avx512::pi_many(tables(), int(f), x, n, hi, lo, vouched);
  avx2::pi_many(tables(), int(f), x, n, hi, lo, vouched);
}

void coarse_pi_many_avx2(PiTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  avx2::pi_many(tables(), int(f), x, n, hi, lo, vouched);
}

bool coarse_trig_has_avx512() { return dd::cpu_has_avx512(); }

void coarse_sin_cos_many_avx2(const double* x, size_t n, bool cosine, double* hi, double* lo, bool* vouched) {
  avx2::sin_cos_many(tables(), x, n, cosine, hi, lo, vouched);
}

}  // namespace clconform::ref::math
