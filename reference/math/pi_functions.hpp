// The fast tier of sinpi, cospi, tanpi, asinpi, acospi, atanpi and
// atan2pi: libm's sin, cos, tan, asin, acos, atan and atan2 around an
// exact reduction. Without it every sweep of these functions asked MPFR
// for each input (a microsecond or more each).
//
// sinpi, cospi, tanpi: t = x - 2 round(x / 2) is exact for every double
// (a multiple of x's ulp no larger than 1 in magnitude), and the
// symmetries sinpi(1 - a) = sinpi(a), cospi(1 - a) = -cospi(a),
// cospi(a) = sinpi(1/2 - a), tanpi(a) = 1 / tanpi(1/2 - a) take |t| to
// [0, 1/4] through differences that are exact by Sterbenz's lemma. Then
// libm evaluates its function at pi a, rounded once: that rounding and pi's
// own (2^-53 and 2^-54.6 relative) reach the result multiplied by the
// function's condition number there, at most 1 for sin, 0.79 for cos and
// 1.57 for tan on [0, pi/4]. Where the result is a zero, +-1 or a pole (the
// only dyadic values these take at float arguments, by Niven's theorem; the
// others are never a histogram edge away from a float) it is answered
// exactly, with MPFR's signs.
//
// asinpi, acospi, atanpi, atan2pi: libm's function times 1/pi (two
// roundings of 2^-53 relative, one of them 1/pi's own).
#pragma once

#include "reference/math/functions.hpp"

namespace clconform::ref::math {

// Error bounds in double ulps of the result (fast_tier.hpp's FastSpec),
// over libm's own 4 (fast_tier.cpp's kLibm). sinpi, cospi: 4 + 1.33 of the
// argument's rounding. tanpi: 4 + 2.1 below a quarter turn; above it the
// reciprocal doubles tan's relative error (4 double ulps of tan, up to 8 of
// its reciprocal) and adds a rounding: 11.1. The inverse functions: 4
// double ulps of libm are at most 4 * 2^-52 relative, up to 8 of the
// product, plus the two roundings: 10.
constexpr double kPiTrigErrorDulps = 8;
constexpr double kTanPiErrorDulps = 16;
constexpr double kInversePiErrorDulps = 12;

// pi rounded to double (2^-54.6 relative: within the bounds above).
constexpr double kPiDouble = 0x1.921fb54442d18p+1;

// Whether F is one of the functions above.
bool is_pi_function(Fn f);

// F at ARGS (atan2pi: (y, x)); sets *EXACT when the value returned is the
// real result itself (a zero, a pole's infinity, a NaN), else the value is
// within F's bound above.
double pi_function(Fn f, const double* args, bool* exact);

}  // namespace clconform::ref::math
