#include "reference/math/quarter_turns.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/avx512_diagnostics.hpp"
#include "reference/math/grid_bits.hpp"
#include "reference/math/quarter_turns_avx2.hpp"
#include "reference/math/quarter_turns_avx512.hpp"

namespace clconform::ref::math {
namespace {

using u128 = unsigned __int128;

// The bits of 2/pi after the binary point, preceded by one word of zeros
// (the bits of 2/pi "before" it, which windows starting left of the point
// read): word k + 1 holds bits 64k + 1 .. 64k + 64, most significant
// first. 320 bits reach past the last bit a float argument uses
// (exponent 127: bit 230).
struct TwoOverPi {
  uint64_t words[6] = {};
  TwoOverPi() {
    mpfr_t v, w;
    mpfr_inits2(448, v, w, static_cast<mpfr_ptr>(nullptr));
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_ui_div(w, 2, v, MPFR_RNDN);  // 2/pi within 2^-445, far below the 320 bits kept
    mpfr_mul_2ui(w, w, 320, MPFR_RNDN);
    mpz_t z;
    mpz_init(z);
    mpfr_get_z(z, w, MPFR_RNDZ);  // floor(2^320 * 2/pi): five 64-bit words
    static_assert(sizeof(mp_limb_t) == 8, "64-bit GMP limbs expected");
    for (int k = 0; k < 5; ++k) words[5 - k] = mpz_getlimbn(z, k);
    mpz_clear(z);
    mpfr_clears(v, w, static_cast<mpfr_ptr>(nullptr));
  }

  // For |x| = m * 2^e with a 24-bit integer m (a normal float: |x| >= 1):
  // bits i of 2/pi (weight 2^-i) with i <= e - 2 add multiples of 4 to
  // |x| * 2/pi, which do not change the quadrant, so the window starts at
  // i0 = e - 1 and takes 128 bits: |x| * 2/pi = P * 2^-126 (mod 4) for the
  // integer P = m * window, short by less than m * 2^-126 < 2^-102.
  // Returns the 64 bits of the window from bit 64 * HALF on.
  uint64_t window(int e, int half) const {
    const int position = e - 1 + 63 + 64 * half;  // bit i0 in the zero-padded table (e >= -23: position >= 39)
    const int word = position >> 6, shift = position & 63;
    return static_cast<uint64_t>(((static_cast<u128>(words[word]) << 64 | words[word + 1]) << shift) >> 64);
  }
};

QuarterTurnTables make_tables() {
  QuarterTurnTables t;
  const TwoOverPi two_over_pi;
  for (int biased = 127; biased < 255; ++biased) {
    t.window_hi[biased] = two_over_pi.window(biased - 127 - 23, 0);
    t.window_lo[biased] = two_over_pi.window(biased - 127 - 23, 1);
  }
  mpfr_t v;
  mpfr_init2(v, 448);
  mpfr_const_pi(v, MPFR_RNDN);
  mpfr_div_2ui(v, v, 1, MPFR_RNDN);  // pi/2
  t.half_pi_hi = mpfr_get_d(v, MPFR_RNDN);
  mpfr_sub_d(v, v, t.half_pi_hi, MPFR_RNDN);
  t.half_pi_lo = mpfr_get_d(v, MPFR_RNDN);
  mpfr_clear(v);
  return t;
}

int leading_zeros(u128 v) {
  const uint64_t hi = static_cast<uint64_t>(v >> 64);
  return hi != 0 ? __builtin_clzll(hi) : 64 + __builtin_clzll(static_cast<uint64_t>(v));
}

}  // namespace

const QuarterTurnTables& quarter_turn_tables() {
  static const QuarterTurnTables t = make_tables();
  return t;
}

bool reduce_quarter_turns(double x, QuarterTurns* out) {
  const QuarterTurnTables& c = quarter_turn_tables();
  float magnitude = std::fabs(static_cast<float>(x));
  uint32_t bits;
  std::memcpy(&bits, &magnitude, sizeof bits);
  // |x| = m * 2^e with a 24-bit integer m (a normal float: |x| >= 1).
  const uint64_t m = (bits & 0x7fffffu) | 0x800000u;
  const uint64_t hi = c.window_hi[bits >> 23], lo = c.window_lo[bits >> 23];  // TwoOverPi::window
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

__attribute__((target("avx2,fma"))) unsigned reduce_quarter_turns_four(const double* x, double* r, int* quadrant) {
  __m256d reduced;
  __m256i q;
  const unsigned valid = reduce_four(quarter_turn_tables(), _mm256_loadu_pd(x), &reduced, &q);
  _mm256_storeu_pd(r, reduced);
  // The quadrants, as 32-bit integers: the low halves of the 64-bit lanes.
  const __m256i packed = _mm256_permutevar8x32_epi32(q, _mm256_set_epi32(7, 7, 7, 7, 6, 4, 2, 0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(quadrant), _mm256_castsi256_si128(packed));
  return valid;
}

CLC_AVX512_CODE_BEGIN
__attribute__((target("avx512f,avx2,fma"))) unsigned reduce_quarter_turns_eight(const double* x, double* r, int* quadrant) {
  __m512d reduced;
  __m512i q;
  const __mmask8 valid = reduce_eight(quarter_turn_tables(), _mm512_loadu_pd(x), &reduced, &q);
  _mm512_storeu_pd(r, reduced);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(quadrant), _mm512_cvtepi64_epi32(q));
  return valid;
}
CLC_AVX512_CODE_END

}  // namespace clconform::ref::math
