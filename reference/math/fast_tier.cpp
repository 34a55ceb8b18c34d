#include "reference/math/fast_tier.hpp"

#include <cmath>

namespace clconform::ref::math {

FastSpec fast_spec(Fn) { return {}; }

bool fast_value(Fn, const double*, double*) { return false; }

double double_spacing(double a) {
  if (a == 0 || !std::isfinite(a)) return 0x1p-1074;
  int e = 0;
  std::frexp(a, &e);  // |a| = m * 2^e, 1/2 <= m < 1: floor(log2|a|) = e - 1
  return std::ldexp(1.0, std::max(e - 1, -1022) - 52);
}

}  // namespace clconform::ref::math
