// The private function table of reference/math: one id per judged result
// (a built-in, or one component of a built-in with several outputs), its
// public FunctionInfo, and how each tier computes it. Ids index functions().
#pragma once

#include <string>

#include "reference/math/judge.hpp"

namespace clconform::ref::math {

enum class Fn : int {
  // One float argument.
  acos, acosh, acospi, asin, asinh, asinpi, atan, atanh, atanpi, cbrt, ceil,
  cos, cosh, cospi, erfc, erf, exp, exp2, exp10, expm1, fabs, floor, fract,
  fract_floor, frexp_mantissa, lgamma, lgamma_r, log, log2, log10, log1p, logb,
  modf, modf_int, rint, round, rsqrt, sin, sincos_sin, sincos_cos, sinh, sinpi,
  sqrt, tan, tanh, tanpi, tgamma, trunc, recip,
  // Two float arguments.
  atan2, atan2pi, copysign, fdim, fmax, fmin, fmod, hypot, maxmag, minmag,
  nextafter, pow, powr, remainder, remquo, add, sub, mul, divide,
  // Three float arguments.
  fma, mad,
  // A float and an int.
  ldexp, pown, rootn,
  // Integer results.
  ilogb, frexp_exponent, lgamma_r_sign, remquo_quo,
  count
};

inline Fn fn_of(int id) { return static_cast<Fn>(id); }

// Whether V, an argument passed as a double, holds an int's value (ldexp's
// k, pown's and rootn's n); the tiers leave anything else to MPFR.
inline bool is_int_value(double v) { return v >= -2147483648.0 && v <= 2147483647.0 && v == static_cast<int>(v); }
inline int id_of(Fn f) { return static_cast<int>(f); }

// The id of a public name; -1 when unknown.
int function_id(const std::string& name);

}  // namespace clconform::ref::math
