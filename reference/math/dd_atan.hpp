// atan, asin, acos, atan2 and their quotients by pi (atanpi, asinpi,
// acospi, atan2pi) at double as double-doubles (an unevaluated sum
// hi + lo), for the fast tier of the double judge (judge_double.cpp),
// where libquadmath's atanq, asinq, acosq and atan2q cost about a
// microsecond a call. All of them go through one core, atan of a
// double-double in [0, 1]: a table of atan(k/256) and the Taylor series of
// atan((w - c) / (1 + w c)), |w - c| <= 1/512. asin and acos are atan of
// the quotient of x and sqrt((1 - x)(1 + x)) (either way up, whichever is
// at most 1), atan of |x| > 1 and atan2 with |y| > |x| are pi/2 minus atan
// of the inverse quotient, and the pi functions are those values over pi,
// a multiple of 1/2 plus or minus the atan over pi (so that atanpi near
// +-1/2 and acospi near 1/2 lie on the real value's side of it). The error
// analysis is in dd_atan.cpp;
// tests/reference/test_math_dd_atan.cpp checks every bound against MPFR.
//
// Each function returns false where it does not vouch for its bound: a CPU
// without FMA, NaN, a domain error (|x| > 1 for asin and acos), and the
// arguments named at each below. Zero results (atan(0), asin(0), acos(1),
// and their pi forms) come back as an exact +0 (hi = lo = 0), whose sign
// the judge does not read (a zero's sign is an edge-case rule).
#pragma once

namespace clconform::ref::math {

// |hi + lo - real| <= bound * |hi + lo| for every value returned.
inline constexpr double kDdAtanRelError = 0x1p-98;    // atan, asin, acos, atan2
inline constexpr double kDdAtanPiRelError = 0x1p-97;  // atanpi, asinpi, acospi, atan2pi

// atan(X) for every X but NaN; atan(+-inf) = +-pi/2.
bool dd_atan(double x, double* hi, double* lo);
// asin(X) and acos(X) for |X| <= 1.
bool dd_asin(double x, double* hi, double* lo);
bool dd_acos(double x, double* hi, double* lo);

// atan(X) / pi for X = 0 and 2^-960 <= |X| (infinities included:
// +-1/2); asin(X) / pi for X = 0 and 2^-960 <= |X| <= 1; acos(X) / pi for
// |X| <= 1. Below 2^-960 the result's low part would be subnormal, its
// rounding no longer small relative to the result. atanpi(+-1) = +-1/4,
// asinpi(+-1) = +-1/2, acospi(0) = 1/2 and acospi(-1) = 1 come back exact.
bool dd_atanpi(double x, double* hi, double* lo);
bool dd_asinpi(double x, double* hi, double* lo);
bool dd_acospi(double x, double* hi, double* lo);

// atan2(Y, X) and atan2(Y, X) / pi for finite nonzero X and Y, except
// where X > 0 and |Y / X| < 2^-960 (the result, about Y / X, would need a
// subnormal low part). Zeros, infinities and NaN are left to the tiers
// that answer atan2's special values.
bool dd_atan2(double y, double x, double* hi, double* lo);
bool dd_atan2pi(double y, double x, double* hi, double* lo);

}  // namespace clconform::ref::math
