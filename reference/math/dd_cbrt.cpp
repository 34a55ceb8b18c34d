#include "reference/math/dd_cbrt.hpp"

#include <cmath>

#include "reference/math/double_double.hpp"

namespace clconform::ref::math {

CLC_DD_FMA bool dd_cbrt(double x, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || x == 0 || !std::isfinite(x)) return false;
  // Scaled by 2^300 or 2^-300 (exact: powers of two, the results normal)
  // where a term would underflow, or y^3 round up beyond the double range.
  const double a = std::fabs(x);
  const double pre = a < 0x1p-900 ? 0x1p300 : a > 0x1p1000 ? 0x1p-300 : 1.0;
  const double scale = a < 0x1p-900 ? 0x1p-100 : a > 0x1p1000 ? 0x1p100 : 1.0;
  const double xs = x * pre;
  const double y = std::cbrt(xs);
  const dd::DD y2 = dd::two_prod(y, y);
  const dd::DD y3 = dd::mul(y2, dd::DD{y, 0});
  const double residual = (xs - y3.hi) - y3.lo;  // xs - y3.hi is exact (Sterbenz)
  const dd::DD v = dd::fast_two_sum(y, residual / (3 * y2.hi));
  *hi = v.hi * scale;
  *lo = v.lo * scale;
  return true;
}

}  // namespace clconform::ref::math
