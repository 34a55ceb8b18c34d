// sinpi, cospi and tanpi of a double argument as a double-double (an
// unevaluated sum hi + lo), for the fast tier of the double judge
// (judge_double.cpp), where libquadmath's sinq, cosq and tanq of pi r cost
// about a microsecond a call.
//
// The reduction is exact in double arithmetic, as pi_functions.cpp's: t =
// x - 2 round(x / 2) in [-1, 1], then the symmetries of each function take
// |t| to a in [0, 1/4] through complements (1 - |t|, 1/2 - a) that are
// exact by Sterbenz's lemma. pi a is then one double-double product with
// pi (from MPFR), and dd_trig.cpp's polynomials (dd_sin_cos_of_reduced,
// dd_tan_of_reduced) take it from there.
//
// The zeros (sinpi and tanpi at integers, half of a sweep's doubles, which
// are all integers from 2^52 on; cospi at half-integers) come back as an
// exact +0 (hi = lo = 0: within any relative bound of 0 only if exact),
// whose sign the judge does not read (a zero's sign is an edge-case rule);
// tanpi's poles (half-integers) are refused, left to the next tier. The
// exact +-1 (sinpi at half-integers, cospi at integers, tanpi at odd
// multiples of 1/4) are returned as they are, with lo = 0.
#pragma once

namespace clconform::ref::math {

// |hi + lo - real| <= kDdSinCosPiRelError * |hi + lo| for every value
// dd_sinpi and dd_cospi return, and kDdTanPiRelError for dd_tanpi
// (analysis in dd_pi.cpp); tests/reference/test_math_dd_pi.cpp checks both
// against MPFR.
inline constexpr double kDdSinCosPiRelError = 0x1p-97;
inline constexpr double kDdTanPiRelError = 0x1p-95;

// sinpi(X) into *HI + *LO. False (no value) for NaN and infinities, for
// 0 < |x| < 2^-960 (pi x would need a subnormal
// lo, whose absolute rounding is no longer small relative to pi x), and
// on a CPU without FMA.
bool dd_sinpi(double x, double* hi, double* lo);

// cospi(X) into *HI + *LO. False for NaN and infinities, and on a CPU
// without FMA; every other finite x, subnormals
// included (cospi is 1 to within 2^-121 below 2^-62).
bool dd_cospi(double x, double* hi, double* lo);

// tanpi(X) into *HI + *LO. False for NaN and infinities, at half-integers
// (the poles), for 0 < |x| < 2^-960 (as dd_sinpi),
// and on a CPU without FMA.
bool dd_tanpi(double x, double* hi, double* lo);

}  // namespace clconform::ref::math
