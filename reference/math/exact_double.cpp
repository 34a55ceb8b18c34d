#include "reference/math/exact_double.hpp"

#include <cmath>

namespace clconform::ref::math {

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
      const double back = d - x;
      const double err = (x - (d - back)) + (-fl - back);
      if (err != 0) return false;
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
    default: return false;
  }
}

}  // namespace clconform::ref::math
