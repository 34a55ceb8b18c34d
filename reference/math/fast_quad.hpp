// The fast tier of the double judge: binary128 (__float128, gcc's soft
// float with libquadmath's functions) approximations of the real result at
// double arguments, each with a relative error bound that
// tests/reference/test_math_fast_quad.cpp checks against MPFR.
#pragma once

#include "reference/math/functions.hpp"

namespace clconform::ref::math {

// Relative error bound of every fast value: |q - real| <= kQuadRelError * |q|
// (plus kQuadAbsError, which covers results too small for a relative
// bound to mean anything to a double, whose spacing there is 2^-1074).
// 2^-100 is 2^12 binary128 ulps: libquadmath (glibc's ldbl-128 code)
// documents a few ulps; the margin costs nothing, since a double verdict
// needs about 2^-60.
inline const __float128 kQuadRelError = 0x1p-100Q;
inline const __float128 kQuadAbsError = 0x1p-1200Q;

// The fast value of F at ARGS into *Q; false where this tier has no value
// it can vouch for (the caller asks MPFR): functions without a quad
// version, trig arguments beyond 2^30 (their reduction is MPFR's), the
// gamma functions' poles, NaN or infinite arguments or results, and
// points outside each function's checked domain.
bool quad_value(Fn f, const double* args, __float128* q);

// Whether this tier's value of F at the finite ARGS is an infinity: a
// pole, or a result beyond binary128's range (within 2^-100 of it, so far
// beyond 2^1024, where every double verdict is that of the infinity). Its
// signed infinity into *Q.
bool quad_infinite(Fn f, const double* args, __float128* q);

// quad_value or quad_infinite from one evaluation (libquadmath's exp of a
// large argument costs a microsecond): *Q finite or infinite, false where
// neither answers.
bool quad_finite_or_infinite(Fn f, const double* args, __float128* q);

// Whether the real result of F at the finite ARGS is NaN by a domain
// error (C99 Annex F, and spec 7.5.1 for powr): log, log2, log10, sqrt,
// rsqrt and powr of x < 0, log1p of x < -1, asin, acos and atanh of
// |x| > 1, acosh of x < 1, pow of x < 0 with a finite non-integer y,
// rootn with n = 0 or of x < 0 with an even n.
bool domain_nan(Fn f, const double* args);

// Whether F has a fast quad value anywhere (for reports and tests).
bool has_quad_tier(Fn f);

}  // namespace clconform::ref::math
