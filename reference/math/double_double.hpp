// Double-double arithmetic for the double judge's fast tiers (dd_trig.cpp,
// dd_exp_log.cpp): a value as the unevaluated sum hi + lo of two doubles.
// With u = 2^-53, two_sum and two_prod are exact (Knuth; FMA); add's
// relative error is at most about 3u^2 when the operands do not cancel,
// mul's about 4u^2 for normalised operands (Joldes, Muller and Popescu,
// "Tight and rigorous error bounds for basic building blocks of
// double-word arithmetic", 2017). Every function is compiled for FMA: its
// callers check the CPU (cpu_has_fma()) before using them.
#pragma once

#include <mpfr.h>

#include <cstdint>
#include <cstring>

#define CLC_DD_FMA __attribute__((target("fma")))

namespace clconform::ref::math::dd {

struct DD {
  double hi, lo;
};

// V as hi + lo: hi the double nearest V, lo the double nearest V - hi
// (exact at V's own precision), so within 2^-106 of V relative.
inline DD from_mpfr(mpfr_srcptr v) {
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(v));
  const double hi = mpfr_get_d(v, MPFR_RNDN);
  mpfr_sub_d(t, v, hi, MPFR_RNDN);
  const double lo = mpfr_get_d(t, MPFR_RNDN);
  mpfr_clear(t);
  return {hi, lo};
}

CLC_DD_FMA inline DD fast_two_sum(double a, double b) {  // |a| >= |b| or a == 0
  const double s = a + b;
  return {s, b - (s - a)};
}
CLC_DD_FMA inline DD two_sum(double a, double b) {
  const double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
CLC_DD_FMA inline DD add(DD a, DD b) {
  DD s = two_sum(a.hi, b.hi);
  const DD t = two_sum(a.lo, b.lo);
  s.lo += t.hi;
  s = fast_two_sum(s.hi, s.lo);
  s.lo += t.lo;
  return fast_two_sum(s.hi, s.lo);
}
CLC_DD_FMA inline DD mul(DD a, DD b) {
  const double p = a.hi * b.hi;
  double e = __builtin_fma(a.hi, b.hi, -p);
  e = __builtin_fma(a.hi, b.lo, e);
  e = __builtin_fma(a.lo, b.hi, e);
  return fast_two_sum(p, e);
}
CLC_DD_FMA inline DD two_prod(double a, double b) {
  const double p = a * b;
  return {p, __builtin_fma(a, b, -p)};
}

CLC_DD_FMA inline DD negate(DD a) { return {-a.hi, -a.lo}; }
// V, negated where X is negative.
CLC_DD_FMA inline DD with_sign_of(DD v, double x) { return x < 0 ? negate(v) : v; }

// A / B: the quotient of the high parts and one correction from the
// remainder a - q b, whose leading part a.hi - q b.hi is exact (FMA):
// within about 12 u^2 of the quotient (the tiers that use it state 2^-102).
CLC_DD_FMA inline DD divide(DD a, DD b) {
  const double q = a.hi / b.hi;
  const DD p = two_prod(q, b.hi);
  const double r = (((a.hi - p.hi) - p.lo) + a.lo) - q * b.lo;
  return fast_two_sum(q, r / b.hi);
}

// sqrt(T) for a normal T > 0: the root of the high part and one Newton
// correction from the exact remainder t.hi - r^2 (FMA), within a few u^2.
CLC_DD_FMA inline DD square_root(DD t) {
  const double r = __builtin_sqrt(t.hi);
  const double rem = __builtin_fma(-r, r, t.hi) + t.lo;
  return fast_two_sum(r, rem / (2 * r));
}

// Whether this CPU has FMA, asked once.
inline bool cpu_has_fma() {
  static const bool has = __builtin_cpu_supports("fma");
  return has;
}

// 2^k, a normal double (-1022 <= k <= 1023).
inline double power_of_two(int k) {
  const uint64_t b = static_cast<uint64_t>(k + 1023) << 52;
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

// A one-argument tier's entry: F(X, &v) for finite X on a CPU with FMA,
// v into *HI and *LO where F vouches for it.
template <class F>
bool finite_tier(F f, double x, double* hi, double* lo) {
  if (!cpu_has_fma() || !(x - x == 0)) return false;  // NaN and infinities: x - x is NaN
  DD v;
  if (!f(x, &v)) return false;
  *hi = v.hi;
  *lo = v.lo;
  return true;
}

}  // namespace clconform::ref::math::dd
