// The fast tier: the real result approximated in double precision, with an
// error bound in double ulps that tests/reference/test_math_fast_tier.cpp
// checks against MPFR. The Judge decides from it whenever the verdict
// cannot change within that error.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/math/functions.hpp"
#include "reference/math/grid_bits.hpp"  // double_spacing
#include "reference/math/integer_values.hpp"  // frexp_mantissa_value

namespace clconform::ref::math {

struct FastSpec {
  bool available = false;
  // |approx - real| <= error_dulps * dulp(approx), where dulp(a) is the
  // spacing of doubles in a's binade: 2^(max(floor(log2|a|), -1022) - 52),
  // 2^-1074 for a = 0. An infinite approx means a real result of at least
  // 2^1023 in magnitude, of that sign (or that infinity); a NaN approx
  // means a NaN real result. 0 for results computed exactly.
  double error_dulps = 0;
};

FastSpec fast_spec(Fn f);

// The fast approximation of F at ARGS into *APPROX; false when the fast
// tier does not cover these arguments (the Judge then asks MPFR).
bool fast_value(Fn f, const double* args, double* approx);

// The argument of largest (larger = true) or smallest magnitude, as
// maxmag/minmag define it (spec 6.15.2): fmax/fmin on a tie or a NaN.
// Exact for float and double arguments alike (the double judge's binary128
// tier takes it too).
double magnitude_pick(double x, double y, bool larger);

// The one-operation functions, which fast_value and the batch tier
// (fast_batch.cpp) share: x + y, x - y, x * y (exact for floats), x / y,
// 1 / x, sqrt x (a negative x answers NaN here rather than through libm's
// error handling, errno and the SVID wrapper: measured 6 ns a call against
// 4 for a positive argument, for half of a sweep's inputs).
template <Fn F>
inline double one_operation(double x, double y) {
  static_assert(F == Fn::add || F == Fn::sub || F == Fn::mul || F == Fn::divide || F == Fn::recip ||
                F == Fn::sqrt, "not a one-operation function");
  if constexpr (F == Fn::add) return x + y;
  if constexpr (F == Fn::sub) return x - y;
  if constexpr (F == Fn::mul) return x * y;
  if constexpr (F == Fn::divide) return x / y;
  if constexpr (F == Fn::recip) return 1 / x;
  if constexpr (F == Fn::sqrt) return x < 0 ? std::numeric_limits<double>::quiet_NaN() : std::sqrt(x);
}

// The exact one-argument functions of a float argument, which fast_value
// and the batch tier (fast_batch.cpp) share.
template <Fn F>
inline double exact_unary(double x) {
  static_assert(F == Fn::fabs || F == Fn::floor || F == Fn::fract_floor || F == Fn::ceil || F == Fn::trunc ||
                F == Fn::modf_int || F == Fn::round || F == Fn::rint || F == Fn::logb || F == Fn::fract ||
                F == Fn::modf || F == Fn::frexp_mantissa, "not an exact one-argument function");
  if constexpr (F == Fn::fabs) return std::fabs(x);
  if constexpr (F == Fn::floor || F == Fn::fract_floor) return std::floor(x);
  if constexpr (F == Fn::ceil) return std::ceil(x);
  if constexpr (F == Fn::trunc || F == Fn::modf_int) return std::trunc(x);
  if constexpr (F == Fn::round) {
    // Half away from zero, as C's round, without a call: x - trunc(x) is
    // exact, and an infinity's NaN difference keeps trunc's value.
    const double t = std::trunc(x);
    return std::fabs(x - t) >= 0.5 ? t + std::copysign(1.0, x) : t;
  }
  if constexpr (F == Fn::rint) return std::nearbyint(x);  // the host runs in round-to-nearest-even
  if constexpr (F == Fn::logb) {
    // ilogb's exponent from the bits (integer_values.hpp), without a libm
    // call for each point; C99 F.9.3.11: -inf at a zero, +inf at an
    // infinity, and (as glibc's x * x) a NaN stays a NaN.
    return x == 0 ? -HUGE_VAL : finite_value(x) ? static_cast<double>(frexp_exponent_of(x) - 1) : x * x;
  }
  if constexpr (F == Fn::fract) {
    if (std::isinf(x)) return std::copysign(0.0, x);
    if (std::isnan(x)) return x;
    return std::min(x - std::floor(x), 0x1.fffffep-1);
  }
  if constexpr (F == Fn::modf) return std::copysign(std::isinf(x) ? 0.0 : x - std::trunc(x), x);  // spec 7.5.2
  if constexpr (F == Fn::frexp_mantissa) return frexp_mantissa_value(x);  // no libm call
}

}  // namespace clconform::ref::math
