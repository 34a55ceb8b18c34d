#include "reference/math/gamma.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include "reference/math/functions.hpp"
#include "reference/math/pi_functions.hpp"

namespace clconform::ref::math {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Whether the finite X is an integer: every double from 2^52 on is, and
// below that the conversion to int64 truncates exactly (std::trunc is a
// libm call on a plain x86-64 build).
bool is_integer(double x) { return std::fabs(x) >= 0x1p52 || static_cast<double>(static_cast<int64_t>(x)) == x; }

// glibc's tgamma at 1 + D (D = x or -x): asked once for 1 itself, which
// 1 + D is for every |D| below 2^-53 (nearly a third of all floats), with
// the same bits each time.
double tgamma_near_one(double d) {
  static const double at_one = std::tgamma(1.0);
  const double v = 1 + d;
  return v == 1 ? at_one : std::tgamma(v);
}

}  // namespace

bool tgamma_value(double x, double* out, bool* exact) {
  *exact = true;
  // C99 F.9.5.4: tgamma(+-0) = +-inf, tgamma(-inf) = NaN, tgamma(+inf) = +inf.
  if (std::isnan(x) || x == -kInf) return *out = kNaN, true;
  if (x == 0 || x == kInf) return *out = std::copysign(kInf, x), true;
  // (n - 1)! for an integer n <= 23: a double (and an error of exactly one
  // ulp, a histogram edge, on either side of it if rounded).
  if (x >= 1 && x <= 23 && is_integer(x)) {
    double f = 1;
    for (double k = 2; k < x; ++k) f *= k;
    return *out = f, true;
  }
  *exact = false;
  if (x > 0) {
    // Gamma(172) > 2^1024; glibc answers inf itself above 171.62.
    if (x >= 172) *out = kInf;
    else if (x < 0x1p-20) *out = tgamma_near_one(x) / x;  // glibc near its pole at 0: avoided
    else *out = std::tgamma(x);
    return true;
  }
  if (is_integer(x)) {  // a pole: NaN (C99 F.9.5.4, and MPFR)
    *exact = true;
    *out = kNaN;
    return true;
  }
  bool sinpi_exact;  // not a zero here: x is no integer
  const double s = pi_function(Fn::sinpi, &x, &sinpi_exact);
  if (x < -170.5) {  // 1 - x > 171.5: |tgamma(x)| < pi / (2^-15 tgamma(171.5)) < 2^-1000
    *out = std::copysign(1.0, s);
    return false;
  }
  *out = kPiDouble / (s * tgamma_near_one(-x));
  return true;
}

double lgamma_value(double x, bool* exact) {
  *exact = true;
  if (std::isnan(x)) return kNaN;
  // C99 F.9.5.3: lgamma(1) = lgamma(2) = +0, +inf at +-inf, zero and the
  // negative integers.
  if (std::isinf(x) || x == 0 || (x < 0 && is_integer(x))) return kInf;
  if (x == 1 || x == 2) return 0.0;
  *exact = false;
  int sign;
  return ::lgamma_r(x, &sign);
}

}  // namespace clconform::ref::math
