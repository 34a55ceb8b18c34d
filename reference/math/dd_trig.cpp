#include "reference/math/dd_trig.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "reference/math/double_double.hpp"
#include "reference/math/double_double_avx2.hpp"

namespace clconform::ref::math {
namespace {

using dd::DD;
using dd::from_mpfr;
using dd::add;
using dd::fast_two_sum;
using dd::mul;
using dd::negate;
using dd::power_of_two;
using dd::add4;
using dd::DD4;
using dd::fma4;
using dd::M4;
using dd::mul4;
using dd::select4;
using dd::V4;

// Taylor coefficients: sin r = r * sum_k s_k z^k, cos r = sum_k c_k z^k,
// z = r^2, s_k = (-1)^k / (2k+1)!, c_k = (-1)^k / (2k)!. With |r| <= pi/4
// (z <= 0.617) the terms from k = 16 on are below 2^-112 of the sum; terms
// from k = 9 on (below 2^-56 of it) are summed in double.
constexpr int kTerms = 16, kDoubleFrom = 9;

// 2/pi's bits after the point behind one word of zeros (word k + 1 holds
// bits 64k + 1 .. 64k + 64, most significant first): a 256-bit window
// starting at bit e - 1 >= -54 for any double of magnitude at least 1/2,
// and at most at bit 970 (the largest double), reads words up to 20.
constexpr int kWords = 22;

struct Constants {
  uint64_t two_over_pi[kWords] = {};
  DD half_pi{0, 0};
  DD sin_c[kTerms], cos_c[kTerms];
  Constants() {
    mpfr_t v, w;
    mpfr_inits2(1500, v, w, static_cast<mpfr_ptr>(nullptr));
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_ui_div(w, 2, v, MPFR_RNDN);  // 2/pi within 2^-1500, far below the 1344 bits kept
    mpfr_mul_2ui(w, w, 64 * (kWords - 1), MPFR_RNDN);
    mpz_t z;
    mpz_init(z);
    mpfr_get_z(z, w, MPFR_RNDZ);
    static_assert(sizeof(mp_limb_t) == 8, "64-bit GMP limbs expected");
    for (int k = 0; k < kWords - 1; ++k) two_over_pi[kWords - 1 - k] = mpz_getlimbn(z, k);
    mpz_clear(z);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);  // pi/2
    half_pi = from_mpfr(v);
    for (int k = 0; k < kTerms; ++k) {
      mpfr_set_ui(v, 1, MPFR_RNDN);
      mpfr_set_ui(w, 1, MPFR_RNDN);
      for (int j = 2; j <= 2 * k + 1; ++j) {
        mpfr_div_ui(v, v, static_cast<unsigned long>(j), MPFR_RNDN);        // 1/j!
        if (j == 2 * k) mpfr_set(w, v, MPFR_RNDN);                           // 1/(2k)!
      }
      if (k % 2) mpfr_neg(v, v, MPFR_RNDN), mpfr_neg(w, w, MPFR_RNDN);
      sin_c[k] = from_mpfr(v);
      cos_c[k] = from_mpfr(w);
    }
    mpfr_clears(v, w, static_cast<mpfr_ptr>(nullptr));
  }
};

const Constants& constants() {
  static const Constants c;
  return c;
}

int leading_zeros(uint64_t v) { return v ? __builtin_clzll(v) : 64; }

// V negated where NEGATE is 1 (0 leaves it): its sign bit flipped, which is
// negation bit for bit, without a branch on a sign that is a coin toss.
inline double negated_if(double v, uint64_t negate) {
  uint64_t b;
  std::memcpy(&b, &v, 8);
  b ^= negate << 63;
  std::memcpy(&v, &b, 8);
  return v;
}

// The top 64 bits of HIGH:LOW (one 128-bit number) shifted left by S,
// 0 <= S < 64 (a shift of 0 gives HIGH), without a branch on S.
inline uint64_t funnel_left(uint64_t high, uint64_t low, int s) {
  using u128 = unsigned __int128;
  return static_cast<uint64_t>(((static_cast<u128>(high) << 64 | low) << s) >> 64);
}

// |x| = (4k + quadrant) * pi/2 + r, |r| <= pi/4, r as a double-double.
// False when r is below 2^-80 quarter turns (never for a double, see the
// header) and the truncations below would stop being relatively small.
CLC_DD_FMA bool reduce(double a, const Constants& c, int* quadrant, DD* r) {
  uint64_t bits;
  std::memcpy(&bits, &a, 8);
  const uint64_t m = (bits & 0xFFFFFFFFFFFFFull) | (uint64_t{1} << 52);  // a normal double: a >= 1/2
  const int e = static_cast<int>(bits >> 52) - 1075;                     // a = m * 2^e, e >= -53
  // Bits of 2/pi of weight 2^-i with i <= e - 2 add multiples of 4 to
  // a * 2/pi: the window starts at bit i0 = e - 1. With W the window's 256
  // bits as an integer, a * 2/pi = m * W * 2^-254 (mod 4), short by less
  // than m * 2^-254 < 2^-201.
  const int position = e - 1 + 63;  // bit i0 in the zero-padded table
  const int word = position >> 6, shift = position & 63;
  const uint64_t* t = c.two_over_pi + word;
  const auto window = [&](int k) { return funnel_left(t[k], t[k + 1], shift); };
  // P = m * W mod 2^256, as words p[0] (most significant) .. p[3].
  using u128 = unsigned __int128;
  uint64_t p[4];
  u128 acc = static_cast<u128>(m) * window(3);
  p[3] = static_cast<uint64_t>(acc);
  acc = static_cast<u128>(m) * window(2) + (acc >> 64);
  p[2] = static_cast<uint64_t>(acc);
  acc = static_cast<u128>(m) * window(1) + (acc >> 64);
  p[1] = static_cast<uint64_t>(acc);
  acc = static_cast<u128>(m) * window(0) + (acc >> 64);
  p[0] = static_cast<uint64_t>(acc);
  // Bits 255 and 254 are the quadrant; below them the fraction f of a
  // quarter turn, f = F * 2^-254.
  // f >= 1/2: the next multiple of pi/2 is nearer, r = (f - 1) * pi/2,
  // and F becomes 2^254 - F (the two's complement of the 256-bit number,
  // masked). Without a branch: which way f lies is a coin toss.
  const uint64_t top = p[0] >> 62;
  p[0] &= (uint64_t{1} << 62) - 1;
  const uint64_t negative = p[0] >> 61;
  const int q = static_cast<int>((top + negative) & 3);
  const uint64_t flip = 0 - negative;  // all ones where negative
  uint64_t carry = negative;
#pragma GCC unroll 4
  for (int k = 3; k >= 0; --k) {
    const u128 s = static_cast<u128>(p[k] ^ flip) + carry;
    p[k] = static_cast<uint64_t>(s);
    carry = static_cast<uint64_t>(s >> 64);
  }
  p[0] &= (uint64_t{1} << 62) - 1;
  // Normalise: lz leading zeros of the 256-bit F; its top 106 bits as
  // 53 + 53, the rest (below 2^-105 of F) dropped.
  int lz = leading_zeros(p[0]);
  if (lz == 64) lz += leading_zeros(p[1]);
  if (lz > 2 + 80) return false;  // f < 2^-81
  // ws <= 1, so words ws .. ws + 2 all lie in p.
  const int ws = lz >> 6, bs = lz & 63;
  const uint64_t a1 = funnel_left(p[ws], p[ws + 1], bs), a2 = funnel_left(p[ws + 1], p[ws + 2], bs);
  // F << lz = a1 * 2^192 + a2 * 2^128 + ..., its top bit at 255:
  // f = (F << lz) * 2^(-254 - lz); the top 53 bits h = a1 >> 11 weigh
  // 2^(203 - 254 - lz), the next 53 bits l weigh 2^(150 - 254 - lz).
  const uint64_t h = a1 >> 11;
  const uint64_t l = ((a1 & 0x7FF) << 42) | (a2 >> 22);
  // h and l are below 2^53: exact as signed integers, one instruction each.
  const DD f = fast_two_sum(static_cast<double>(static_cast<int64_t>(h)) * power_of_two(-51 - lz),
                            static_cast<double>(static_cast<int64_t>(l)) * power_of_two(-104 - lz));
  const DD product = mul(f, c.half_pi);
  const DD reduced{negated_if(product.hi, negative), negated_if(product.lo, negative)};
  *quadrant = q;
  *r = reduced;
  return true;
}

// sin r (COSINE false) or cos r for |r| <= pi/4.
CLC_DD_FMA DD evaluate(DD r, bool cosine, const Constants& c) {
  const DD z = mul(r, r);
  const DD* coef = cosine ? c.cos_c : c.sin_c;
  double tail = coef[kTerms - 1].hi;
  for (int k = kTerms - 2; k >= kDoubleFrom; --k) tail = __builtin_fma(tail, z.hi, coef[k].hi);
  DD sum{tail, 0};
  for (int k = kDoubleFrom - 1; k >= 0; --k) sum = add(mul(sum, z), coef[k]);
  return cosine ? sum : mul(sum, r);
}

// Coefficient K of each lane's polynomial (both parts): the cosine's where
// the lane's mask is all ones, else the sine's.
CLC_DD_AVX2 inline DD4 coefficient4(M4 cosine, int k, const Constants& c) {
  const DD& cs = c.cos_c[k];
  const DD& sn = c.sin_c[k];
  return {select4(cosine, dd::broadcast4(cs.hi), dd::broadcast4(sn.hi)),
          select4(cosine, dd::broadcast4(cs.lo), dd::broadcast4(sn.lo))};
}

// evaluate() on four reduced arguments per vector (double_double_avx2.hpp:
// every lane gets evaluate()'s bits), kGroups vectors at once: each Horner
// step waits on the one before, about 60 cycles of latency, so independent
// vectors fill them.
constexpr size_t kGroups = 4;
CLC_DD_AVX2 void evaluate4(const DD4* r, const M4* cosine, DD4* out, const Constants& c) {
  DD4 z[kGroups], sum[kGroups];
  for (size_t g = 0; g < kGroups; ++g) {
    z[g] = mul4(r[g], r[g]);
    V4 tail = coefficient4(cosine[g], kTerms - 1, c).hi;
    for (int k = kTerms - 2; k >= kDoubleFrom; --k) tail = fma4(tail, z[g].hi, coefficient4(cosine[g], k, c).hi);
    sum[g] = {tail, dd::broadcast4(0)};
  }
  for (int k = kDoubleFrom - 1; k >= 0; --k)
    for (size_t g = 0; g < kGroups; ++g) sum[g] = add4(mul4(sum[g], z[g]), coefficient4(cosine[g], k, c));
  for (size_t g = 0; g < kGroups; ++g) {
    const DD4 sine = mul4(sum[g], r[g]);
    out[g] = {select4(cosine[g], sum[g].hi, sine.hi), select4(cosine[g], sum[g].lo, sine.lo)};
  }
}

// Below kTiny, sin x = x and cos x = 1 to the tier's precision: the first
// neglected term (x^3/6 of sin x, x^2/2 of cos x) is under 2^-119 of the
// result, and x^2 would underflow on the way. Above kReduceAbove (0.78125
// < pi/4) an argument is reduced; up to it, it is its own reduced argument.
constexpr double kTiny = 0x1p-60, kReduceAbove = 0x1.9p-1;

// sin|x| and cos|x| by QUADRANT: sin, cos, -sin, -cos of r (sine), or
// cos, -sin, -cos, sin (cosine). Which polynomial of r gives sin x (COSINE
// false) or cos x, and whether its value is negated (1), the sign of x
// included; no branch, so that a block of lanes can take it.
struct Turn {
  bool cosine;
  uint64_t negate;
};
inline Turn turn_of(int quadrant, bool cosine, double x) {
  const int turn = quadrant + (cosine ? 1 : 0);
  return {(turn & 1) != 0, static_cast<uint64_t>((turn >> 1) & 1) ^ static_cast<uint64_t>(!cosine & std::signbit(x))};
}

// What sin_cos settles before the polynomial: false where the tier does not
// vouch; else either the result itself (*DONE, into *HI + *LO) or the
// reduced argument, which polynomial of it (sine or cosine) and whether
// its value is negated.
struct Reduced {
  DD r{0, 0};
  Turn turn{false, 0};
};
CLC_DD_FMA bool reduce_for(double x, bool cosine, const Constants& c, Reduced* out, bool* done, double* hi,
                           double* lo) {
  const double a = std::fabs(x);
  if (a < kTiny) {
    *hi = cosine ? 1.0 : x;
    *lo = 0;
    *done = true;
    return true;
  }
  *done = false;
  int quadrant = 0;
  DD r{a, 0};
  if (a > kReduceAbove && !reduce(a, c, &quadrant, &r)) return false;
  out->r = r;
  out->turn = turn_of(quadrant, cosine, x);
  return true;
}

CLC_DD_FMA bool sin_cos(double x, bool cosine, double* hi, double* lo) {
  const Constants& c = constants();
  Reduced red;
  bool done = false;
  if (!reduce_for(x, cosine, c, &red, &done, hi, lo)) return false;
  if (done) return true;
  DD v = evaluate(red.r, red.turn.cosine, c);
  if (red.turn.negate) v = negate(v);
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

// sin_cos for a block of arguments. The lanes are sorted first without a
// branch on their magnitudes, which in a sweep are a coin toss: a tiny
// lane keeps its value at once, as reduce_for settles it, every other
// finite lane is packed for the polynomial, and those above kReduceAbove
// are listed again to be reduced in a loop of their own. The polynomials
// then run 4 kGroups lanes at a time.
CLC_DD_AVX2 void sin_cos_many(const double* x, size_t n, bool cosine, double* hi, double* lo, bool* vouched) {
  const Constants& c = constants();
  constexpr size_t kBlock = 64, kStep = 4 * kGroups;
  alignas(32) double r_hi[kBlock + kStep], r_lo[kBlock + kStep], v_hi[kBlock + kStep], v_lo[kBlock + kStep];
  alignas(32) long long is_cosine[kBlock + kStep];  // all ones: the lane takes the cosine polynomial
  size_t index[kBlock], reduced[kBlock];
  int quadrant[kBlock];
  uint64_t negate[kBlock];
  for (size_t b = 0; b < n; b += kBlock) {
    const size_t end = b + kBlock < n ? b + kBlock : n;
    size_t m = 0, h = 0;
    for (size_t i = b; i < end; ++i) {
      const double a = std::fabs(x[i]);
      const bool finite = std::isfinite(x[i]);
      vouched[i] = finite;
      hi[i] = cosine ? 1.0 : x[i];
      lo[i] = 0;
      r_hi[m] = a;
      r_lo[m] = 0;
      quadrant[m] = 0;
      index[m] = i;
      reduced[h] = m;
      h += static_cast<size_t>(finite & (a > kReduceAbove));
      m += static_cast<size_t>(finite & !(a < kTiny));
    }
    for (size_t j = 0; j < h; ++j) {
      const size_t k = reduced[j];
      DD r{0, 0};
      if (!reduce(r_hi[k], c, &quadrant[k], &r)) vouched[index[k]] = false;
      r_hi[k] = r.hi;
      r_lo[k] = r.lo;
    }
    for (size_t j = 0; j < m; ++j) {
      const Turn t = turn_of(quadrant[j], cosine, x[index[j]]);
      is_cosine[j] = t.cosine ? -1 : 0;
      negate[j] = t.negate;
    }
    for (size_t j = m; j % kStep != 0; ++j) r_hi[j] = r_lo[j] = 0, is_cosine[j] = 0;  // whole last groups
    for (size_t j = 0; j < m; j += kStep) {
      DD4 r[kGroups], v[kGroups];
      M4 k[kGroups];
      for (size_t g = 0; g < kGroups; ++g) {
        r[g] = {dd::load4(r_hi + j + 4 * g), dd::load4(r_lo + j + 4 * g)};
        std::memcpy(&k[g], is_cosine + j + 4 * g, sizeof k[g]);
      }
      evaluate4(r, k, v, c);
      for (size_t g = 0; g < kGroups; ++g) {
        dd::store4(v_hi + j + 4 * g, v[g].hi);
        dd::store4(v_lo + j + 4 * g, v[g].lo);
      }
    }
    for (size_t j = 0; j < m; ++j) {
      hi[index[j]] = negated_if(v_hi[j], negate[j]);
      lo[index[j]] = negated_if(v_lo[j], negate[j]);
    }
  }
}

// sin r / cos r (RECIPROCAL false) or cos r / sin r for |r| <= pi/4, both
// polynomials' values. The quotient of two double-doubles: q1 = a.hi /
// b.hi, the remainder a - q1 b exactly enough (FMA products), q2 its
// quotient; relative error about 2^-104.
CLC_DD_FMA DD tan_or_cot(DD r, bool reciprocal, const Constants& c) {
  const DD sine = evaluate(r, false, c), cosine = evaluate(r, true, c);
  const DD num = reciprocal ? cosine : sine, den = reciprocal ? sine : cosine;
  const double q1 = num.hi / den.hi;
  const DD p = mul(DD{q1, 0}, den);
  const DD rem = add(num, negate(p));
  const double q2 = rem.hi / den.hi;
  return fast_two_sum(q1, q2);
}

// tan x = sin|x| / cos|x| with the sign of x: tan r for an even
// quadrant, -cos r / sin r for an odd one.
CLC_DD_FMA bool tangent(double x, double* hi, double* lo) {
  const Constants& c = constants();
  const double a = std::fabs(x);
  if (a < kTiny) {  // tan x = x + x^3/3 + ...: the rest is below 2^-121 of x
    *hi = x;
    *lo = 0;
    return true;
  }
  int quadrant = 0;
  DD r{a, 0};
  if (a > kReduceAbove && !reduce(a, c, &quadrant, &r)) return false;
  const bool odd = (quadrant & 1) != 0;
  DD t = tan_or_cot(r, odd, c);
  if (odd != (x < 0)) t = negate(t);
  *hi = t.hi;
  *lo = t.lo;
  return true;
}

// The largest reduced argument the polynomials take: pi/4 rounded up, with
// room for a double-double product's error (the truncation bounds above
// hold to z = 0.617, beyond 0.7854^2).
constexpr double kReducedLimit = 0.7854;

}  // namespace

bool dd_tan(double x, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !std::isfinite(x)) return false;
  return tangent(x, hi, lo);
}

bool dd_sin_cos(double x, bool cosine, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !std::isfinite(x)) return false;
  return sin_cos(x, cosine, hi, lo);
}

void dd_sin_cos_many(const double* x, size_t n, bool cosine, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx2_fma()) return sin_cos_many(x, n, cosine, hi, lo, vouched);
  for (size_t i = 0; i < n; ++i) vouched[i] = dd_sin_cos(x[i], cosine, &hi[i], &lo[i]);
}

bool dd_sin_cos_of_reduced(double r_hi, double r_lo, bool cosine, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(std::fabs(r_hi) <= kReducedLimit)) return false;
  if (std::fabs(r_hi) < kTiny) {  // as reduce_for: sin r = r, cos r = 1 to within 2^-121
    *hi = cosine ? 1.0 : r_hi;
    *lo = cosine ? 0.0 : r_lo;
    return true;
  }
  const DD v = evaluate(DD{r_hi, r_lo}, cosine, constants());
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

bool dd_tan_of_reduced(double r_hi, double r_lo, bool reciprocal, double* hi, double* lo) {
  const double a = std::fabs(r_hi);
  if (!dd::cpu_has_fma() || !(a <= kReducedLimit)) return false;
  if (a < kTiny) {
    if (reciprocal) return false;
    *hi = r_hi;  // tan r = r + r^3/3 + ...: the rest is below 2^-121 of r
    *lo = r_lo;
    return true;
  }
  const DD t = tan_or_cot(DD{r_hi, r_lo}, reciprocal, constants());
  *hi = t.hi;
  *lo = t.lo;
  return true;
}

}  // namespace clconform::ref::math
