// The exact built-ins at double, in double arithmetic: their real result
// is a double (fabs, floor, ceil, trunc, round, rint, logb, frexp's
// mantissa, modf's two parts, fract's floor, fract where x - floor(x)
// is exact, nextafter, and remainder and remquo's value), so the double judge takes it as a double-double value with a
// zero low part and no error, and its sweeps count these results in blocks
// without binary128 software arithmetic. Each formula is the
// binary128 tier's (fast_quad.cpp) in double operations, so the two give
// the same value, zeros' signs included (tests/reference/
// test_math_exact_double.cpp compares them).
#pragma once

#include "reference/math/functions.hpp"

namespace clconform::ref::math {

// The exact result of F at ARGS into *VALUE; false where F is not one of
// these, an argument is not finite, logb's argument is zero (its -inf is
// the other tiers'), fract's difference is inexact (x in (-1, 0)), or
// remainder's y is zero.
bool exact_double(Fn f, const double* args, double* value);

}  // namespace clconform::ref::math
