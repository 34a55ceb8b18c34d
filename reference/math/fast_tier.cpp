#include "reference/math/fast_tier.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/math/gamma.hpp"
#include "reference/math/pi_functions.hpp"

namespace clconform::ref::math {
namespace {

// Error bounds, in double ulps, of glibc's libm (its manual's "Known
// Maximum Errors in Math Functions" lists at most 1-2 ulp for these on
// x86_64, more for erfc and tgamma), of IEEE double arithmetic (half an
// ulp per rounding) and of exact computations. Each is checked against MPFR
// by tests/reference/test_math_fast_tier.cpp; the margins over the
// documented figures cost nothing measurable (a fallback needs the real
// value within the bound of a float rounding boundary: odds ~2^-26).
constexpr double kLibm = 4;         // sin, cos, tan, exp*, log*, pow, cbrt, ...
constexpr double kLibmWeak = 16;    // erfc, and tgamma inside gamma.hpp: larger documented errors
constexpr double kOneRounding = 1;  // one correctly rounded double operation
constexpr double kTwoRoundings = 2; // 1 / sqrt(x)
constexpr double kExact = 0;
// tan: libm's or libmvec's 4, or above 2^16 tan or -1/tan of the argument
// reduced by quarter_turns.hpp (fast_batch.cpp): its 2^-51 relative error
// times tan's condition number on [0, pi/4] (at most 1.57) is 6.3 double
// ulps, and the reciprocal doubles the library's relative error (8) and
// rounds once more: 14.8.
constexpr double kTanErrorDulps = 16;
// rootn of a float: pow(|x|, 1/n) with 1/n rounded to double (relative
// error d <= 2^-53) is |x|^(1/n) times e^(d ln|x| / n), and |ln|x|| <= 104
// for a float: at most 104 double ulps besides pow's own 4.
constexpr double kRootnErrorDulps = 112;

}  // namespace

double magnitude_pick(double x, double y, bool larger) {
  const double ax = std::fabs(x), ay = std::fabs(y);
  if (ax != ay && !std::isnan(x) && !std::isnan(y)) return (ax > ay) == larger ? x : y;
  return larger ? std::fmax(x, y) : std::fmin(x, y);
}

FastSpec fast_spec(Fn f) {
  switch (f) {
    case Fn::tan:
      return {true, kTanErrorDulps};
    case Fn::sin: case Fn::cos: case Fn::sincos_sin: case Fn::sincos_cos:
    case Fn::exp: case Fn::exp2: case Fn::exp10: case Fn::expm1:
    case Fn::log: case Fn::log2: case Fn::log10: case Fn::log1p:
    case Fn::asin: case Fn::acos: case Fn::atan: case Fn::atan2:
    case Fn::sinh: case Fn::cosh: case Fn::tanh: case Fn::asinh: case Fn::acosh: case Fn::atanh:
    case Fn::cbrt: case Fn::hypot: case Fn::erf: case Fn::pow: case Fn::pown: case Fn::powr:
      return {true, kLibm};
    case Fn::erfc:
      return {true, kLibmWeak};
    case Fn::rootn:
      return {true, kRootnErrorDulps};
    case Fn::tgamma:
      return {true, kTgammaErrorDulps};
    case Fn::lgamma: case Fn::lgamma_r:
      return {true, kLgammaErrorDulps};
    case Fn::sinpi: case Fn::cospi:
      return {true, kPiTrigErrorDulps};
    case Fn::tanpi:
      return {true, kTanPiErrorDulps};
    case Fn::asinpi: case Fn::acospi: case Fn::atanpi: case Fn::atan2pi:
      return {true, kInversePiErrorDulps};
    case Fn::sqrt: case Fn::divide: case Fn::recip: case Fn::add: case Fn::sub: case Fn::fma: case Fn::mad:
    case Fn::fdim:
      return {true, kOneRounding};
    // fract of a float, x - floor(x) in double, is exact: a negative x with
    // |x| >= 2^-30 has ulp >= 2^-53, so 1 - |x| fits in 53 bits; below that
    // the real value and the rounded one both exceed the cap 1 - 2^-24, which
    // min() returns exactly. Its zeros are +0, as MPFR's x - floor(x) in
    // round-to-nearest. Declaring it exact keeps the zero results of the
    // integers (about 40% of floats) out of MPFR.
    case Fn::fract:
      return {true, kExact};
    case Fn::rsqrt:
      return {true, kTwoRoundings};
    case Fn::mul: case Fn::fabs: case Fn::floor: case Fn::ceil: case Fn::trunc: case Fn::round:
    case Fn::rint: case Fn::fmin: case Fn::fmax: case Fn::copysign: case Fn::ldexp:
    case Fn::fract_floor: case Fn::frexp_mantissa: case Fn::modf: case Fn::modf_int: case Fn::logb:
    case Fn::maxmag: case Fn::minmag: case Fn::fmod: case Fn::remainder: case Fn::remquo:
    case Fn::nextafter:
      return {true, kExact};
    default:
      return {};  // MPFR prepares these (no double function with a known bound, or two readings)
  }
}

bool fast_value(Fn f, const double* a, double* out) {
  const double x = a[0], y = a[1];
  if (is_pi_function(f)) {
    bool exact;  // an exact value is within any bound
    *out = pi_function(f, a, &exact);
    return true;
  }
  switch (f) {
    case Fn::sin: case Fn::sincos_sin: *out = std::sin(x); return true;
    case Fn::cos: case Fn::sincos_cos: *out = std::cos(x); return true;
    case Fn::tan: *out = std::tan(x); return true;
    case Fn::exp: *out = std::exp(x); return true;
    case Fn::exp2: *out = std::exp2(x); return true;
    case Fn::exp10: *out = ::exp10(x); return true;
    case Fn::expm1: *out = std::expm1(x); return true;
    case Fn::log: *out = std::log(x); return true;
    case Fn::log2: *out = std::log2(x); return true;
    case Fn::log10: *out = std::log10(x); return true;
    case Fn::log1p: *out = std::log1p(x); return true;
    case Fn::asin: *out = std::asin(x); return true;
    case Fn::acos: *out = std::acos(x); return true;
    case Fn::atan: *out = std::atan(x); return true;
    case Fn::atan2: *out = std::atan2(x, y); return true;  // atan2(y, x): args (y, x)
    case Fn::sinh: *out = std::sinh(x); return true;
    case Fn::cosh: *out = std::cosh(x); return true;
    case Fn::tanh: *out = std::tanh(x); return true;
    case Fn::asinh: *out = std::asinh(x); return true;
    case Fn::acosh: *out = std::acosh(x); return true;
    case Fn::atanh: *out = std::atanh(x); return true;
    case Fn::cbrt: *out = std::cbrt(x); return true;
    case Fn::hypot: *out = std::hypot(x, y); return true;
    case Fn::erf: *out = std::erf(x); return true;
    case Fn::erfc: *out = std::erfc(x); return true;
    case Fn::tgamma: {
      bool exact;  // an exact value is within any bound
      return tgamma_value(x, out, &exact);
    }
    case Fn::lgamma: case Fn::lgamma_r: {
      bool exact;
      *out = lgamma_value(x, &exact);
      return true;
    }
    case Fn::pow: *out = std::pow(x, y); return true;
    case Fn::pown: *out = std::pow(x, y); return true;  // C99 pow on an integer y is pown (spec 7.5.1 cases included)
    case Fn::rootn: {
      // Zeros, infinities, NaN and n = 0 are MPFR's (7.5.1's special values).
      if (!std::isfinite(x) || x == 0 || y == 0) return false;
      const bool odd = std::fmod(y, 2.0) != 0;
      if (x < 0 && !odd) {  // no real root
        *out = std::numeric_limits<double>::quiet_NaN();
        return true;
      }
      const double root = std::pow(std::fabs(x), 1 / y);
      *out = x < 0 ? -root : root;
      return true;
    }
    case Fn::powr:
      // A NaN argument or x < 0 (spec 7.5.1: a NaN; half of a sweep's
      // points); zeros and infinities are MPFR's (its own special values).
      if (std::isnan(x) || std::isnan(y) || x < 0) {
        *out = std::numeric_limits<double>::quiet_NaN();
        return true;
      }
      if (!(x > 0 && std::isfinite(x) && std::isfinite(y))) return false;
      *out = std::pow(x, y);
      return true;
    case Fn::sqrt: *out = one_operation<Fn::sqrt>(x, y); return true;
    case Fn::rsqrt:
      if (x == 0) return false;  // rsqrt(-0) accepts either infinity: MPFR
      *out = x < 0 ? std::numeric_limits<double>::quiet_NaN() : 1 / std::sqrt(x);
      return true;
    case Fn::divide: *out = one_operation<Fn::divide>(x, y); return true;
    case Fn::recip: *out = one_operation<Fn::recip>(x, y); return true;
    case Fn::add: *out = one_operation<Fn::add>(x, y); return true;
    case Fn::sub: *out = one_operation<Fn::sub>(x, y); return true;
    case Fn::mul: *out = one_operation<Fn::mul>(x, y); return true;  // 48-bit product of floats: exact
    case Fn::fma: case Fn::mad: *out = std::fma(x, y, a[2]); return true;  // mad: its fused reading (judge.cpp)
    case Fn::fdim: *out = std::fdim(x, y); return true;
    case Fn::fract: *out = exact_unary<Fn::fract>(x); return true;
    case Fn::fabs: *out = exact_unary<Fn::fabs>(x); return true;
    case Fn::floor: *out = exact_unary<Fn::floor>(x); return true;
    case Fn::fract_floor: *out = exact_unary<Fn::fract_floor>(x); return true;
    case Fn::ceil: *out = exact_unary<Fn::ceil>(x); return true;
    case Fn::trunc: *out = exact_unary<Fn::trunc>(x); return true;
    case Fn::modf_int: *out = exact_unary<Fn::modf_int>(x); return true;
    case Fn::round: *out = exact_unary<Fn::round>(x); return true;
    case Fn::rint: *out = exact_unary<Fn::rint>(x); return true;
    case Fn::fmin: *out = std::fmin(x, y); return true;
    case Fn::fmax: *out = std::fmax(x, y); return true;
    case Fn::copysign: *out = std::copysign(x, y); return true;
    case Fn::maxmag: *out = magnitude_pick(x, y, true); return true;
    case Fn::minmag: *out = magnitude_pick(x, y, false); return true;
    case Fn::fmod: *out = std::fmod(x, y); return true;
    case Fn::remainder: case Fn::remquo: *out = std::remainder(x, y); return true;
    case Fn::logb: *out = exact_unary<Fn::logb>(x); return true;
    case Fn::modf: *out = exact_unary<Fn::modf>(x); return true;
    case Fn::frexp_mantissa: *out = exact_unary<Fn::frexp_mantissa>(x); return true;
    case Fn::ldexp:
      // Exact while x * 2^k stays a normal double or overflows it (then
      // the real value is beyond 2^1023 anyway).
      if (y < -800) return false;
      *out = std::ldexp(x, static_cast<int>(y));
      return true;
    case Fn::nextafter:
      *out = std::nextafter(static_cast<float>(x), static_cast<float>(y));
      return true;
    default:
      return false;
  }
}

}  // namespace clconform::ref::math
