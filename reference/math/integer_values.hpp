// The integer results that need no MPFR number (spec 6.15.2): ilogb,
// frexp's exponent and lgamma_r's sign, each a function of one double; and
// frexp's mantissa, the exponent's other half. One definition for the
// point by point answers (integer_result, exact_unary) and the block forms
// (IntegerJudge::exact_block, the fast tier's exact_batch), which an
// exhaustive sweep asks for 2^32 times.
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

}  // namespace clconform::ref::math
