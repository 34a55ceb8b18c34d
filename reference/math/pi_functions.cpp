#include "reference/math/pi_functions.hpp"

#include <cmath>
#include <limits>

namespace clconform::ref::math {
namespace {

constexpr double kInvPi = 0x1.45f306dc9c883p-2;  // 1/pi rounded to double
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// x - 2 round(x / 2), in [-1, 1]: exact (pi_functions.hpp).
double half_turns(double x) { return x - 2 * std::nearbyint(x / 2); }

double sinpi(double x, bool* exact) {
  if (!std::isfinite(x)) {
    *exact = true;
    return kNaN;
  }
  const double t = half_turns(x);
  double a = std::fabs(t);
  if (a > 0.5) a = 1 - a;
  *exact = a == 0 || a == 0.5;
  if (a == 0) return std::copysign(0.0, x);  // x an integer: MPFR's sinpi(+-n) = +-0
  if (a == 0.5) return std::copysign(1.0, t);
  return std::copysign(a <= 0.25 ? std::sin(kPiDouble * a) : std::cos(kPiDouble * (0.5 - a)), t);
}

double cospi(double x, bool* exact) {
  if (!std::isfinite(x)) {
    *exact = true;
    return kNaN;
  }
  double a = std::fabs(half_turns(x));
  const bool negative = a > 0.5;
  if (negative) a = 1 - a;
  *exact = a == 0.5 || a == 0;
  if (a == 0.5) return 0.0;  // x a half-integer: cospi(n + 1/2) = +0
  if (a == 0) return negative ? -1.0 : 1.0;
  const double v = a <= 0.25 ? std::cos(kPiDouble * a) : std::sin(kPiDouble * (0.5 - a));
  return negative ? -v : v;
}

double tanpi(double x, bool* exact) {
  *exact = true;
  if (!std::isfinite(x)) return kNaN;
  const double t = half_turns(x);
  const double u = t - std::nearbyint(t);  // in [-1/2, 1/2]: tan has period pi
  const double a = std::fabs(u);
  // tanpi = sinpi / cospi with MPFR's signs: at an integer n, +-0 with x's
  // sign when n is even (t = 0), the other one when it is odd (t = +-1);
  // at a half-integer, the infinity with sinpi's sign there (t's).
  if (a == 0) return std::copysign(0.0, std::fabs(t) == 1 ? -x : x);
  if (a == 0.5) return std::copysign(kInf, t);
  if (a == 0.25) return std::copysign(1.0, u);
  *exact = false;
  const double v = a <= 0.25 ? std::tan(kPiDouble * a) : 1 / std::tan(kPiDouble * (0.5 - a));
  return std::copysign(v, u);
}

// The inverse functions are exact where their result is a multiple of 1/4
// (a NaN outside their domains, a zero, +-1/4, +-1/2, +-3/4, +-1): rounding
// there would put an error of exactly one ulp (a histogram edge) on either
// side of it.
double asinpi(double x, bool* exact) {
  *exact = !(std::fabs(x) < 1) || x == 0;
  if (!(std::fabs(x) <= 1)) return kNaN;
  if (x == 0) return x;
  if (std::fabs(x) == 1) return x / 2;
  return std::asin(x) * kInvPi;
}

double acospi(double x, bool* exact) {
  *exact = !(std::fabs(x) < 1) || x == 0;
  if (!(std::fabs(x) <= 1)) return kNaN;
  if (x == 1) return 0.0;
  if (x == -1) return 1.0;
  if (x == 0) return 0.5;
  return std::acos(x) * kInvPi;
}

double atanpi(double x, bool* exact) {
  *exact = true;
  if (x == 0 || std::isnan(x)) return x;
  if (std::fabs(x) == 1) return x / 4;
  if (std::isinf(x)) return std::copysign(0.5, x);
  *exact = false;
  return std::atan(x) * kInvPi;
}

// atan2pi(y, x), as C99 F.9.1.4 gives atan2's special values, over pi.
double atan2pi(double y, double x, bool* exact) {
  *exact = true;
  if (std::isnan(x) || std::isnan(y)) return kNaN;
  if (y == 0) return std::signbit(x) ? std::copysign(1.0, y) : y;   // +-0 or +-1
  if (x == 0) return std::copysign(0.5, y);
  const double ay = std::fabs(y), ax = std::fabs(x);
  if (ay == ax) return std::copysign(std::signbit(x) ? 0.75 : 0.25, y);  // the diagonals, infinite ones too
  if (std::isinf(ay)) return std::copysign(0.5, y);
  if (std::isinf(ax)) return std::signbit(x) ? std::copysign(1.0, y) : std::copysign(0.0, y);
  *exact = false;
  return std::atan2(y, x) * kInvPi;
}

}  // namespace

bool is_pi_function(Fn f) {
  return f == Fn::sinpi || f == Fn::cospi || f == Fn::tanpi || f == Fn::asinpi || f == Fn::acospi ||
         f == Fn::atanpi || f == Fn::atan2pi;
}

double pi_function(Fn f, const double* args, bool* exact) {
  switch (f) {
    case Fn::sinpi: return sinpi(args[0], exact);
    case Fn::cospi: return cospi(args[0], exact);
    case Fn::tanpi: return tanpi(args[0], exact);
    case Fn::asinpi: return asinpi(args[0], exact);
    case Fn::acospi: return acospi(args[0], exact);
    case Fn::atanpi: return atanpi(args[0], exact);
    case Fn::atan2pi: return atan2pi(args[0], args[1], exact);
    default: *exact = false; return kNaN;
  }
}

}  // namespace clconform::ref::math
