// atan, asin, acos and their quotients by pi (atanpi, asinpi, acospi) of a
// block of doubles to about 2^-68 relative, as an unevaluated sum hi + lo:
// the double judge's sweep tier for them (DoubleJudge::prepare_block with
// coarse blocks), as coarse_log.hpp is for log, at a fraction of
// dd_atan.hpp's cost.
//
// One core, atan w for a double-double w in [0, 1]: c = k/256 the nearest
// table point to w, r = (w - c) / (1 + w c) in double-double, atan w =
// atan c (from a table) + r - r^3/3 + r^5/5 - r^7/7 + r^9/9, the powers
// above r in double. With a = |x|: atan a is atan w for w = a, or pi/2 -
// atan w for w = 1/a where a > 1; asin a and acos a are atan of a / s or
// s / a, s = sqrt((1 - a)(1 + a)), whichever is at most 1, or pi/2 less
// that; acos x = pi - acos a for x < 0. The pi functions take atan w / pi
// and subtract it from 1/2 (and 1), so that a value near 1/2 or 1 has its
// low part on the side the real value lies (atanpi(x) below 1/2 for every
// finite x: the judge relies on it, DoubleJudge::prepare_block).
//
// Vouched for: atan, every finite x; asin, |x| <= 1 (both settled as x
// itself below 2^-500, where the next term is below 2^-1000 of it);
// atanpi and asinpi likewise from 2^-990 on (below, the result's low part
// would be subnormal: left to dd_atan); acos and acospi, |x| <= 1. Not
// for infinities and NaNs.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= kCoarseAtanRelError * |hi + lo| for every value
// coarse_atan_many vouches for (coarse_atan.cpp's analysis: about 2^-68;
// tests/reference/test_math_coarse_atan.cpp checks it against MPFR). Looser
// than the other coarse tiers' 2^-72: a point this tier leaves undecided
// costs a double-double value, and at 2^-66 few are (the judge's enclosure
// is four times the bound: about one point in a thousand lies that near a
// rounding boundary).
inline constexpr double kCoarseAtanRelError = 0x1p-66;

// The functions of coarse_atan_many.
enum class InverseTrig { atan, atanpi, asin, asinpi, acos, acospi };

// F of X[0 .. N) into HI[i] + LO[i], hi the double nearest hi + lo;
// VOUCHED[i] says whether the bound holds (as above). Only where
// has_coarse_trig() (coarse_trig.hpp): AVX2 and FMA.
void coarse_atan_many(InverseTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched);

// For the tests: its AVX2 code, which must give every lane the AVX-512
// code's bits.
void coarse_atan_many_avx2(InverseTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched);

}  // namespace clconform::ref::math
