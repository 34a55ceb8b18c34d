// erf and erfc at double as double-doubles (an unevaluated sum hi + lo), for
// the fast tier of the double judge (judge_double.cpp), where libquadmath's
// erfq and erfcq cost about a microsecond a call. Near zero erf is its odd
// Taylor series; from 15/128 on both are Taylor expansions about the grid
// points k/64, whose coefficients come from the derivatives of e^(-x^2)
// (Hermite polynomials) and whose values erf(k/64) and erfc(k/64) MPFR
// computes once at start-up. The error analysis is in dd_erf.cpp;
// tests/reference/test_math_dd_erf.cpp checks both bounds against MPFR.
//
// Each function returns false where it does not vouch for its bound: a CPU
// without FMA, a NaN or infinite argument, and the arguments named below.
#pragma once

namespace clconform::ref::math {

// |hi + lo - real| <= bound * |hi + lo| for every value returned.
inline constexpr double kDdErfRelError = 0x1p-100;   // erf
inline constexpr double kDdErfcRelError = 0x1p-100;  // erfc

// erf(X) for every finite X with |X| >= 2^-960, and erf(+-0) as an exact
// zero (hi = lo = +0). Below 2^-960 in magnitude the result's low part
// would be subnormal and is refused. From |X| = 8.625 on the result is +-1
// exactly (erfc is below 2^-110 there).
bool dd_erf(double x, double* hi, double* lo);

// erfc(X) for every finite X <= 25.6 (the result is then at least
// 2^-951, so no low part is subnormal); refused above, where erfc
// falls toward its underflow near 27.2. erfc(+-0) = 1 exactly; from
// X = -8.625 down the result is 2 exactly.
bool dd_erfc(double x, double* hi, double* lo);

}  // namespace clconform::ref::math
