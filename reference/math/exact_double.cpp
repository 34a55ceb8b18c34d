#include "reference/math/exact_double.hpp"

#include <cmath>

#include "reference/math/fast_tier.hpp"

namespace clconform::ref::math {
namespace {

// The exact error of S = RN(A + B) (Knuth's two_sum), in plain double
// operations: this file runs on CPUs without FMA too.
double sum_error(double a, double b, double s) {
  const double back = s - a;
  return (a - (s - back)) + (b - back);
}

}  // namespace

bool exact_double(Fn f, const double* args, double* value) {
  const double x = args[0];
  if (!std::isfinite(x)) return false;
  switch (f) {
    case Fn::fabs: *value = std::fabs(x); return true;
    case Fn::floor: case Fn::fract_floor: *value = std::floor(x); return true;
    case Fn::ceil: *value = std::ceil(x); return true;
    case Fn::trunc: case Fn::modf_int: *value = std::trunc(x); return true;
    case Fn::round: *value = std::round(x); return true;
    case Fn::rint: *value = std::rint(x); return true;  // the host runs in round-to-nearest-even
    // x - trunc(x) is the fraction bits of x: exact (and +0 for an
    // integer, as x - truncq(x) is).
    case Fn::modf: *value = x - std::trunc(x); return true;
    case Fn::logb:
      if (x == 0) return false;
      *value = std::logb(x);
      return true;
    case Fn::frexp_mantissa: {
      int e;
      *value = std::frexp(x, &e);
      return true;
    }
    case Fn::fract: {
      // x - floor(x) rounds only for x in (-1, 0), whose 1 - |x| may need
      // more bits than a double has; the rounding error, from the two-sum,
      // says when.
      const double fl = std::floor(x), d = x - fl;
      if (sum_error(x, -fl, d) != 0) return false;
      *value = std::fmin(d, 0x1.fffffffffffffp-1);
      return true;
    }
    // Two finite arguments: the next double towards y, and the remainder
    // (remquo's value too), both doubles (IEEE remainder is exact).
    case Fn::nextafter:
      if (!std::isfinite(args[1])) return false;
      *value = std::nextafter(x, args[1]);
      return true;
    case Fn::remainder: case Fn::remquo:
      if (!std::isfinite(args[1]) || args[1] == 0) return false;
      *value = std::remainder(x, args[1]);
      return true;
    // One of the two finite arguments, or x with y's sign: fast_quad.cpp's
    // operations in double, which give the same bits
    // (test_math_exact_double.cpp).
    case Fn::fmax: case Fn::fmin: case Fn::maxmag: case Fn::minmag: case Fn::copysign: {
      const double y = args[1];
      if (!std::isfinite(y)) return false;
      if (f == Fn::copysign) *value = std::copysign(x, y);
      // Equal arguments (zeros of both signs): x, as fmaxq and fminq give,
      // where glibc's fmax and fmin give y.
      else if ((f == Fn::fmax || f == Fn::fmin) && x == y) *value = x;
      else if (f == Fn::fmax) *value = std::fmax(x, y);
      else if (f == Fn::fmin) *value = std::fmin(x, y);
      else *value = magnitude_pick(x, y, f == Fn::maxmag);
      return true;
    }
    // fmod is exact (C99 F.9.7.1), and fast_quad.cpp takes it from here.
    // glibc's remainder is far faster than its fmod and libquadmath's (bit
    // by bit when the exponents are far apart), so fmod comes from it: when
    // r = remainder(x, y) has the other sign than x, fmod is r + |y| with
    // x's sign, exact, since for |x| >= |y| both are multiples of ulp(y)
    // and the sum is at most |y| (for |x| < |y|, fmod is x).
    case Fn::fmod: {
      const double y = args[1];
      if (!std::isfinite(y) || y == 0) return false;
      if (std::fabs(x) < std::fabs(y)) {
        *value = x;
        return true;
      }
      const double r = std::remainder(x, y);
      *value = (r != 0 && std::signbit(r) != std::signbit(x)) ? r + std::copysign(y, x) : r;
      return true;
    }
    // x 2^n is exact unless it lands among the subnormals (a rounding) or
    // beyond the doubles (the other tiers' infinity).
    case Fn::ldexp: {
      const double n = std::fmin(std::fmax(args[1], -40000.0), 40000.0);
      const double r = std::ldexp(x, static_cast<int>(n));
      if (x != 0 && (!std::isfinite(r) || std::fabs(r) < 0x1p-1022)) return false;
      *value = r;
      return true;
    }
    // +0 where x <= y (C99 F.9.9.1); x - y only where the subtraction is
    // exact (its two-sum error is zero), else dd_arith.hpp's tier.
    case Fn::fdim: {
      const double y = args[1];
      if (!std::isfinite(y)) return false;
      if (!(x > y)) {
        *value = 0.0;
        return true;
      }
      const double d = x - y;
      if (!std::isfinite(d) || sum_error(x, -y, d) != 0) return false;
      *value = d;
      return true;
    }
    default: return false;
  }
}

bool exact_fract_pair(double x, double* hi, double* lo) {
  if (!(x > -1 && x < 0)) return false;
  if (x >= -0x1p-53) {
    *hi = 0x1.fffffffffffffp-1;
    *lo = 0;
    return true;
  }
  // hi + lo = 1 + x exactly. x <= -2^-53 makes every bit of x at least
  // 2^-105, so lo is a normal double (or zero).
  *hi = 1.0 + x;
  *lo = sum_error(1.0, x, *hi);
  return true;
}

}  // namespace clconform::ref::math
