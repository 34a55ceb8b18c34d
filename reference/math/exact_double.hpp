// The exact built-ins at double, in double arithmetic: their real result
// is a double (fabs, floor, ceil, trunc, round, rint, logb, frexp's
// mantissa, modf's two parts, fract's floor, fract where x - floor(x)
// is exact, nextafter, remainder and remquo's value, fmod, fmax, fmin,
// maxmag, minmag, copysign, ldexp where no subnormal rounds, fdim where
// x - y is exact or x <= y), so the double judge takes it as a double-double value with a
// zero low part and no error, and its sweeps count these results in blocks
// without binary128 software arithmetic. Each formula is the
// binary128 tier's (fast_quad.cpp) in double operations, so the two give
// the same value, zeros' signs included (tests/reference/
// test_math_exact_double.cpp compares them); fdim's +0 where x <= y,
// which that tier leaves to MPFR, is MPFR's.
#pragma once

#include "reference/math/functions.hpp"

namespace clconform::ref::math {

// The exact result of F at ARGS into *VALUE; false where F is not one of
// these, an argument is not finite, logb's argument is zero (its -inf is
// the other tiers'), fract's difference is inexact (x in (-1, 0)),
// remainder's or fmod's y is zero, ldexp's result is subnormal or beyond
// the doubles, or fdim's x - y rounds.
bool exact_double(Fn f, const double* args, double* value);

// fract where exact_double declines it, x in (-1, 0): x - floor(x) = 1 + x
// exactly, as two_sum's pair *HI + *LO, or the cap 1 - 2^-53 (spec 6.15.2:
// fract returns fmin(x - floor(x), 0x1.fffffffffffffp-1)) from x >= -2^-53 on.
// False for any other x.
bool exact_fract_pair(double x, double* hi, double* lo);

}  // namespace clconform::ref::math
