// The integer results of spec 6.15.2 without an MPFR number: ilogb,
// frexp's exponent and lgamma_r's sign, each a function of one double, and
// frexp's mantissa, the exponent's other half, each with one definition
// for the point by point answers (integer_result, exact_unary) and the
// block forms (IntegerJudge::exact_block, the fast tier's exact_batch),
// which an exhaustive sweep asks for 2^32 times; and remquo's quotient
// bits, a function of two, answered point by point.
#pragma once

#include <climits>
#include <cmath>
#include <cstdint>

#include "reference/fp_bits.hpp"

namespace clconform::ref::math {

// X as a normal double and the power of two it was scaled by: a subnormal
// times 2^64 (exactly), so that its exponent field reads it; any other
// double as it is. A select, not a branch, so that a loop of them
// vectorizes (as do the functions below).
struct Normalized {
  double value;
  int32_t shift;
};
inline Normalized normalized(double x) {
  const bool subnormal = std::fabs(x) < 0x1p-1022;
  return {subnormal ? x * 0x1p64 : x, subnormal ? 64 : 0};
}

// Whether V is finite, as a comparison that vectorizes.
inline bool finite_value(double v) { return std::fabs(v) <= 0x1.fffffffffffffp1023; }

// frexp's exponent of a finite nonzero double: x = m 2^e, 1/2 <= |m| < 1
// (C99 7.12.6.4). Any other double gives some number.
inline int32_t frexp_exponent_of(double x) {
  const Normalized n = normalized(x);
  return int32_t((to_bits(n.value) >> 52) & 0x7ff) - 1022 - n.shift;
}

// frexp's mantissa m of x = m 2^e, exactly: x itself for a zero, x + x
// (as C's frexp) for an infinity or a NaN, otherwise x's sign and
// significand with the exponent field of [1/2, 1).
inline double frexp_mantissa_value(double x) {
  const uint64_t bits = to_bits(normalized(x).value);
  const double m = double_from_bits((bits & ~Double::exponent_mask) | (uint64_t(Double::bias - 1) << 52));
  return x == 0 ? x : finite_value(x) ? m : x + x;
}

// Spec 6.15.2.1: FP_ILOGB0 (INT_MIN here) for a zero, FP_ILOGBNAN
// (INT_MAX here) for a NaN; C99 F.9.3.5: INT_MAX for an infinity.
inline int32_t ilogb_value(double v) {
  const int32_t e = frexp_exponent_of(v) - 1;
  return v == 0 ? INT_MIN : finite_value(v) ? e : INT_MAX;
}

// Spec 7.5.1: 0 for an infinity and a NaN; C99: 0 for a zero.
inline int32_t frexp_exponent_value(double v) {
  const int32_t e = frexp_exponent_of(v);
  return v != 0 && finite_value(v) ? e : 0;
}

// The sign of Gamma(v); spec 7.5.1: 0 for a zero and the negative integers
// (-inf among them), and 0 for a NaN.
inline int32_t lgamma_sign_value(double v) {
  if (std::isnan(v) || v == 0 || (v < 0 && v == std::floor(v))) return 0;
  if (v > 0) return 1;
  // Gamma changes sign at each pole: negative on (-1, 0), positive on
  // (-2, -1), and so on: negative where floor(v) is odd. A negative
  // non-integer double is above -2^52, so floor(v) fits.
  return (static_cast<int64_t>(std::floor(v)) & 1) != 0 ? -1 : 1;
}

// remquo's quo (spec 6.15.2): the seven low bits of the integral quotient
// n of x/y, n rounded to nearest with ties to even as remainder's, with the
// sign of x/y; spec 7.5.1: 0 where remquo returns a NaN. Exact, without a
// division of the whole quotient: |x| = 128 k |y| + r1 with r1 =
// remainder(|x|, 128|y|) (exact, |r1| <= 64|y|), so |n| = 128 k + m where m
// is the quotient of remainder(r1, |y|) (exact too), whose ties break
// alike (128 k is even); |m| <= 64 is (r1 - remainder(r1, |y|)) / |y|
// within far less than 1/2, so rounding gives it, and |n| mod 128 is m's
// low seven bits. Where 128|y| would overflow, x and y are scaled by 2^-8
// first (exact for |x| >= 2^-1014; a smaller |x| has n = 0). glibc's
// remainder takes 150 ns on random doubles here, its fmod 950 ns, MPFR's
// remquo 440 ns.
inline int32_t remquo_quotient_value(double x, double y) {
  if (std::isnan(x) || std::isnan(y) || std::isinf(x) || y == 0) return 0;
  double ax = std::fabs(x), ay = std::fabs(y);
  if (ay >= 0x1p1016) {
    if (ax < 0x1p-1014) return 0;
    ax *= 0x1p-8;
    ay *= 0x1p-8;
  }
  const double r1 = std::remainder(ax, 128 * ay);
  const int32_t low = int32_t(std::nearbyint((r1 - std::remainder(r1, ay)) / ay)) & 0x7f;
  return std::signbit(x) != std::signbit(y) ? -low : low;
}

}  // namespace clconform::ref::math
