#include "reference/math/coarse_atan.hpp"

#include <immintrin.h>
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "reference/math/double_double.hpp"
#include "reference/math/double_double_avx2.hpp"

// The error analysis; u = 2^-53. Where a > 1, w = 1/a as q + q e, q =
// fl(1/a) and e = 1 - q a exactly (FMA): within 2u^2 of 1/a relative (e q
// is one rounding from e / a, and q differs from 1/a by u relative), or
// 2^-1074 absolute where q or q e is subnormal, which is below 2^-1000 of
// the result pi/2 - atan w. k = rint(256 w.hi), c = k/256 (exact):
// |w.hi - c| <= 2^-9, and w.hi - c is exact (Sterbenz for k >= 1, c = 0
// for k = 0), so the numerator w - c is exact as a two_sum with w.lo. The
// denominator 1 + w c: w.hi c exactly as a two_prod, 1 + its high part
// exactly as a fast_two_sum (w c <= 1), the three other terms (each below
// 2^-52) in double: within 2u^2. The quotient: q = fl(n.hi / d.hi), its
// remainder n.hi - q d.hi exact (FMA), the correction (remainder + n.lo -
// q d.lo) / d.hi below 2u of q and within 3u of itself: r within 8u^2
// relative, 10u^2 = 2^-103.7 with the denominator's error; |r| <= 2^-9 (1
// + 2^-50).
//
// atan r = r + r^3 S(r^2), S(y) = -1/3 + y/5 - y^2/7 + y^3/9; the first
// term left out, r^11/11, is below 2^-93.4 of |r|. r^3 S is evaluated in
// double from r's high part: its square, Horner's rule on S (S near -1/3,
// each step's rounding within u of S), two more products: within 5u of
// itself, and r.hi for r changes r^3 by 3 * 2^-52 relative: within 11u of
// |r^3 S| <= 2^-19.5 |r|, so 2^-69.1 |r|. The sum atan c + r + r^3 S:
// atan c's table value within 2^-106 of it (MPFR, from_mpfr); atan c.hi +
// r.hi exactly (two_sum); the rest (atan c.lo, r.lo, the sum's low part
// and r^3 S, all below 2^-9 of the sum) in double, three roundings:
// 2^-60.4 of their sum, 2^-69.4 of atan w. Relative to atan w: |r| <=
// atan w (for k >= 1, atan w >= atan(1/512) > 1/512 (1 - 2^-19) >= |r|;
// for k = 0, c = 0 and r = w), so atan w is within 2^-69.1 + 2^-69.4 +
// 2^-93.4 + 2^-103.7 < 2^-68.2 of itself.
//
// atan x for |x| > 1 is pi/2 (from MPFR) - atan w, and atanpi x is atan w
// times 1/pi (from MPFR; the product's high part exact by FMA, the cross
// terms within 2^-104, lo times the constant's low part left out) or 1/2
// less that: each subtraction's two parts as two_sums (2u^2), and atan w
// <= pi/4 (or its product <= 1/4) is at most the result, so its error
// carries over at most once. For atanpi and |x| >= 2^-990 the product's
// low part is above 2^-1044, so its rounding (at most 2^-1075) is below
// 2^-83 of the result. In all within about 2^-68 of the result.
//
// asin and acos of a = |x| <= 1: 1 - a and 1 + a exactly (two_sums), their
// product's high part exact by FMA and the cross terms (each below 2^-52
// of it) in double, the low parts' product (below 2^-104) left out: within
// 2^-103.5; the root, sqrt of the high part and one correction (the
// remainder exact by FMA), within 2u^2 more, and halving the product's
// error: s within 2^-103.4. The quotient w = a / s or s / a (at most 1),
// within 8u^2 more: 2^-101.6, which atan w carries at most once (its
// condition number, w / ((1 + w^2) atan w), is at most 1). Then as atan:
// pi/2 - atan w, or for acos x < 0, pi - acos a (acos a <= pi/2 <= the
// result), and the pi forms as atanpi's, with 1 - acospi a for x < 0: every
// subtraction's subtrahend at most the result. Within about 2^-68.
//
// The bound is 2^-66. (MathCoarseAtan's worst, measured: 2^-70.1.)

namespace clconform::ref::math {
namespace {

using dd::DD;

constexpr int kSteps = 256;                  // c = k / 256, k = 0 .. 256
constexpr double kSettledBelow = 0x1p-500;   // atan: x itself below
constexpr double kPiLeastArgument = 0x1p-990;  // atanpi, asinpi: left to dd_atan below
// InverseTrig as the lanes' switch takes it.
constexpr int kAtan = int(InverseTrig::atan), kAtanPi = int(InverseTrig::atanpi), kAsin = int(InverseTrig::asin),
              kAsinPi = int(InverseTrig::asinpi), kAcos = int(InverseTrig::acos);

struct Tables {
  alignas(64) double atan_hi[kSteps + 1], atan_lo[kSteps + 1];
  DD half_pi{0, 0}, pi{0, 0}, inv_pi{0, 0};
  Tables() {
    mpfr_t v;
    mpfr_init2(v, 320);
    for (int k = 0; k <= kSteps; ++k) {
      mpfr_set_ui(v, static_cast<unsigned long>(k), MPFR_RNDN);
      mpfr_div_ui(v, v, kSteps, MPFR_RNDN);  // exact
      mpfr_atan(v, v, MPFR_RNDN);
      const DD a = dd::from_mpfr(v);
      atan_hi[k] = a.hi;
      atan_lo[k] = a.lo;
    }
    mpfr_const_pi(v, MPFR_RNDN);
    pi = dd::from_mpfr(v);
    half_pi = {pi.hi / 2, pi.lo / 2};  // exact
    mpfr_const_pi(v, MPFR_RNDN);
    mpfr_ui_div(v, 1, v, MPFR_RNDN);
    inv_pi = dd::from_mpfr(v);
    mpfr_clear(v);
  }
};

// Out of line: the loops that read the tables save no registers for its first call.
__attribute__((noinline)) const Tables& tables() {
  static const Tables t;
  return t;
}

// The lanes' code, once for each instruction set.
#define CLC_LANES_BODY "reference/math/coarse_atan_lanes.inc"
#include "reference/math/simd_targets.inc"
#undef CLC_LANES_BODY

}  // namespace

void coarse_atan_many(InverseTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  if (dd::cpu_has_avx512()) return avx512::arc_many(tables(), int(f), x, n, hi, lo, vouched);
  avx2::arc_many(tables(), int(f), x, n, hi, lo, vouched);
}

void coarse_atan_many_avx2(InverseTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  avx2::arc_many(tables(), int(f), x, n, hi, lo, vouched);
}

}  // namespace clconform::ref::math
