#include "reference/math/quarter_turns.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/grid_bits.hpp"

namespace clconform::ref::math {
namespace {

using u128 = unsigned __int128;

// The bits of 2/pi after the binary point, preceded by one word of zeros
// (the bits of 2/pi "before" it, which windows starting left of the point
// read): word k + 1 holds bits 64k + 1 .. 64k + 64, most significant
// first. 320 bits reach past the last bit a float argument uses
// (exponent 127: bit 230); pi/2 as an unevaluated sum of two doubles.
struct Constants {
  uint64_t two_over_pi[6] = {};
  double half_pi_hi = 0, half_pi_lo = 0;
  Constants() {
    mpfr_t v, w;
    mpfr_inits2(448, v, w, static_cast<mpfr_ptr>(nullptr));
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_ui_div(w, 2, v, MPFR_RNDN);  // 2/pi within 2^-445, far below the 320 bits kept
    mpfr_mul_2ui(w, w, 320, MPFR_RNDN);
    mpz_t z;
    mpz_init(z);
    mpfr_get_z(z, w, MPFR_RNDZ);  // floor(2^320 * 2/pi): five 64-bit words
    static_assert(sizeof(mp_limb_t) == 8, "64-bit GMP limbs expected");
    for (int k = 0; k < 5; ++k) two_over_pi[5 - k] = mpz_getlimbn(z, k);
    mpz_clear(z);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);  // pi/2
    half_pi_hi = mpfr_get_d(v, MPFR_RNDN);
    mpfr_sub_d(v, v, half_pi_hi, MPFR_RNDN);
    half_pi_lo = mpfr_get_d(v, MPFR_RNDN);
    mpfr_clears(v, w, static_cast<mpfr_ptr>(nullptr));
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

int leading_zeros(u128 v) {
  const uint64_t hi = static_cast<uint64_t>(v >> 64);
  return hi != 0 ? __builtin_clzll(hi) : 64 + __builtin_clzll(static_cast<uint64_t>(v));
}

}  // namespace

bool reduce_quarter_turns(double x, QuarterTurns* out) {
  const Constants& c = constants();
  float magnitude = std::fabs(static_cast<float>(x));
  uint32_t bits;
  std::memcpy(&bits, &magnitude, sizeof bits);
  // |x| = m * 2^e with a 24-bit integer m (a normal float: |x| >= 1).
  const uint64_t m = (bits & 0x7fffffu) | 0x800000u;
  const int e = static_cast<int>(bits >> 23) - 127 - 23;
  // Bits i of 2/pi (weight 2^-i) with i <= e - 2 add multiples of 4 to
  // |x| * 2/pi, which do not change the quadrant: the window starts at
  // i0 = e - 1 and takes 128 bits, so |x| * 2/pi = P * 2^-126 (mod 4) for
  // the integer P = m * window, short by less than m * 2^-126 < 2^-102.
  const int position = e - 1 + 63;  // bit i0 in the zero-padded table (e >= -23: position >= 39)
  const int word = position >> 6, shift = position & 63;
  const uint64_t* t = c.two_over_pi;
  const auto window = [&](int k) {  // 64 bits from bit `shift` of words k, k + 1
    return static_cast<uint64_t>(((static_cast<u128>(t[k]) << 64 | t[k + 1]) << shift) >> 64);
  };
  const uint64_t hi = window(word), lo = window(word + 1);
  const u128 low_product = static_cast<u128>(m) * lo;
  const u128 high_product = static_cast<u128>(m) * hi;
  const u128 middle = (low_product >> 64) + static_cast<uint64_t>(high_product);
  // P's bits 126 and 127 are the quadrant; below them, the fraction F of a
  // quarter turn as F * 2^-126.
  const uint64_t p1 = static_cast<uint64_t>(middle), p0 = static_cast<uint64_t>(low_product);
  int quadrant = static_cast<int>(p1 >> 62);
  u128 fraction = (static_cast<u128>(p1 & ((uint64_t{1} << 62) - 1)) << 64) | p0;
  // The nearest multiple of pi/2: a fraction above one half rounds up.
  bool negative = false;
  if (fraction >> 125) {
    quadrant = (quadrant + 1) & 3;
    fraction = (static_cast<u128>(1) << 126) - fraction;
    negative = true;
  }
  // |f| >= 2^-40 keeps the truncation (< 2^-102) under 2^-62 relative.
  if (fraction < (static_cast<u128>(1) << 86)) return false;
  const int zeros = leading_zeros(fraction);
  // The top 63 bits (truncation: < 2^-62 relative), as a signed integer,
  // which converts in one instruction: f = top * 2^(65 - zeros - 126),
  // rounded once to double (2^-53). The scale is a normal double.
  const int64_t top = static_cast<int64_t>((fraction << zeros) >> 65);
  const double f = static_cast<double>(top) * double_from_bits(static_cast<uint64_t>(Double::bias - 61 - zeros) << 52);
  // r = f * pi/2: two roundings of 2^-53 (f * hi, the sum; f * lo is far
  // below), so |r - r_real| < 2^-51.4 |r_real| with f's own rounding.
  const double r = f * c.half_pi_hi + f * c.half_pi_lo;
  out->quadrant = quadrant;
  out->r = negative ? -r : r;
  return true;
}

}  // namespace clconform::ref::math
