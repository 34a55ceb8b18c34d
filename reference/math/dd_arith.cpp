#include "reference/math/dd_arith.hpp"

#include <cfloat>
#include <cmath>

#include "reference/math/double_double.hpp"

namespace clconform::ref::math {
namespace {

// The range where every operand, result and correcting term below is a
// normal double: from 2^-900 the exact errors and remainders (at least
// about 2^-106 of the values involved) stay above 2^-1022.
bool in_range(double v) {
  const double a = std::fabs(v);
  return a >= 0x1p-900 && a <= 0x1p1000;
}

}  // namespace

// two_sum: hi + lo equals a + b exactly (Knuth).
bool dd_add(double a, double b, double* hi, double* lo) {
  if (!in_range(a) || !in_range(b)) return false;
  const dd::DD s = dd::two_sum(a, b);
  if (!in_range(s.hi)) return false;  // cancellation down to a tiny sum: the binary128 tier decides
  *hi = s.hi;
  *lo = s.lo;
  return true;
}

bool dd_sub(double a, double b, double* hi, double* lo) { return dd_add(a, -b, hi, lo); }

// two_prod: hi + lo equals a * b exactly when the product is at least
// 2^-969 (its error term is then representable).
CLC_DD_FMA bool dd_mul(double a, double b, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !in_range(a) || !in_range(b)) return false;
  const dd::DD p = dd::two_prod(a, b);
  if (!in_range(p.hi)) return false;
  *hi = p.hi;
  *lo = p.lo;
  return true;
}

// q = RN(a / b); r = a - q b is a double (|a| >= 2^-900: no underflow) and
// the FMA gives it exactly; a / b = q + r / b. |r / b| <= ulp(q) / 2 <=
// 2^-53 |q|, so rounding r / b adds at most 2^-53 of that: the error is
// below 2^-106 |q|, and 2^-105 of |hi + lo|. r / b, when not zero, is at
// least about 2^-107 |q| >= 2^-1007: normal.
CLC_DD_FMA bool dd_divide(double a, double b, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !in_range(a) || !in_range(b)) return false;
  const double q = a / b;
  if (!in_range(q)) return false;
  const double r = __builtin_fma(-q, b, a);
  *hi = q;
  *lo = r / b;
  return true;
}

// 1 / x for 2^-1022 <= |x| <= 2^968, the quotient q = RN(1 / x) from
// 2^-968 to 2^1022: r = 1 - q x is a multiple of ulp(q) ulp(x) >= 2^-1074
// (both normal, q x near 1), so the FMA gives it exactly, and 1 / x = q +
// r / x. |r / x| <= 2^-53 |q|; rounding it adds at most 2^-53 of that, or
// 2^-1075 where it is subnormal, which is 2^-107 of |q| >= 2^-968: below
// 2^-105 of |hi + lo|.
CLC_DD_FMA bool dd_recip(double x, double* hi, double* lo) {
  const double a = std::fabs(x);
  if (!dd::cpu_has_fma() || !(a >= 0x1p-1022 && a <= 0x1p968)) return false;
  const double q = 1 / x;
  const double r = __builtin_fma(-q, x, 1.0);
  *hi = q;
  *lo = r / x;
  return true;
}

// a b = ph + pl exactly (two_prod: |ph| >= 2^-900) and ph + c = sh + sl
// exactly (two_sum), so a b + c = sh + sl + pl; t = RN(sl + pl) is its only
// rounding, and hi + lo = sh + t exactly (two_sum). Either c and ph have
// opposite signs and |c| is within a factor of 2 of |ph|: then ph + c is
// exact (Sterbenz), sl = 0, t = pl, and so is hi + lo. Or |ph| <= 2 |sh|:
// then |t - (sl + pl)| <= 2^-53 (|sl| + |pl|) <= 2^-106 (|sh| + |ph|) <= 3
// 2^-106 |sh|, and |sh| exceeds |hi + lo| by at most 2^-50 of itself:
// below 2^-104 of |hi + lo|. Every value is at most 2^1001 in magnitude,
// and t is normal or an exact sum.
CLC_DD_FMA bool dd_fma(double a, double b, double c, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !in_range(a) || !in_range(b) || !in_range(c)) return false;
  const dd::DD p = dd::two_prod(a, b);
  if (!in_range(p.hi)) return false;
  const dd::DD s = dd::two_sum(p.hi, c);
  if (!in_range(s.hi)) return false;  // cancellation down to a tiny sum: the binary128 tier decides
  const dd::DD v = dd::two_sum(s.hi, s.lo + p.lo);
  if (!in_range(v.hi)) return false;
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

// hypot(x, y) = 2^k sqrt(u^2 + v^2) with u = a 2^-k in [1, 2) for the
// larger magnitude a and v = b 2^-k <= u for the smaller, both exact (v
// where it stays normal; a v below 2^-1022 has v^2 below 2^-2044 of u^2,
// and its square's loss, under 2^-1074 absolute, is below 2^-1074 of the
// sum). u^2 and v^2 are exact double-doubles (two_prod; v^2's low part
// may underflow by as much), their sum is within 3u^2 = 2^-104.4 of
// itself (add, no cancellation), and square_root's root and correction add
// a few u^2 more: below 2^-102 of the result. Scaling back by 2^k is exact
// where 2^-968 <= a < 2^1022 (the low part stays normal, nothing
// overflows). A NaN or infinite argument is refused (fmax would pass
// over a NaN; x - x is NaN for both).
CLC_DD_FMA bool dd_hypot(double x, double y, double* hi, double* lo) {
  const double a = std::fmax(std::fabs(x), std::fabs(y)), b = std::fmin(std::fabs(x), std::fabs(y));
  if (!dd::cpu_has_fma() || !(x - x == 0 && y - y == 0) || !(a >= 0x1p-968 && a < 0x1p1022)) return false;
  const int k = std::ilogb(a);
  const double u = std::ldexp(a, -k), v = std::ldexp(b, -k);
  const dd::DD r = dd::square_root(dd::add(dd::two_prod(u, u), dd::two_prod(v, v)));
  *hi = std::ldexp(r.hi, k);
  *lo = std::ldexp(r.lo, k);
  return true;
}

// s = RN(sqrt(a)); r = a - s^2 is a double and the FMA gives it exactly:
// for a >= 2^-968, s >= 2^-484 and r is a multiple of ulp(s)^2 >= 2^-1072,
// so it does not underflow (Boldo and Daumas); up to the largest double
// nothing overflows (s^2 exists only inside the FMA). |sqrt(a) - s| <=
// 2^-53 s, so |r| <= 2^-51.9 s^2, and sqrt(a) = s sqrt(1 + r / s^2) = s +
// r / (2 s) - r^2 / (8 s^3) + ...: the dropped terms are below 2^-106.8 s,
// rounding r / (2 s) (a normal double, s >= 2^-484) adds at most 2^-53 of
// 2^-52.9 s: below 2^-105 of |hi + lo| in all.
CLC_DD_FMA bool dd_sqrt(double a, double* hi, double* lo) {
  if (!dd::cpu_has_fma() || !(a >= 0x1p-968 && a <= DBL_MAX)) return false;
  const double s = std::sqrt(a);
  const double r = __builtin_fma(-s, s, a);
  *hi = s;
  *lo = r / (2 * s);
  return true;
}

// rsqrt(a) = 1 / (s + t), s + t dd_sqrt's value (within 2^-105 of
// sqrt(a), s from 2^-484 to 2^512, so q from 2^-512 to 2^484): q = RN(1 /
// s), and 1 - q (s + t) is r = fma(-q, s, 1) (exact)
// less q t (at most 2^-52 of q s, rounded within 2^-105); 1 / (s + t) = q
// + q r / (1 + ...), whose dropped terms are below 2^-104 of q and whose
// product q r rounds within 2^-105 of it: below 2^-102 of |hi + lo| with
// dd_sqrt's own error.
CLC_DD_FMA bool dd_rsqrt(double a, double* hi, double* lo) {
  double s, t;
  if (!dd_sqrt(a, &s, &t)) return false;
  const double q = 1 / s;
  const double r = __builtin_fma(-q, s, 1.0) - q * t;
  const dd::DD v = dd::fast_two_sum(q, q * r);
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

}  // namespace clconform::ref::math
