// atan and atanpi of a block of doubles to about 2^-68 relative, as an
// unevaluated sum hi + lo: the double judge's sweep tier for them
// (DoubleJudge::prepare_block with coarse blocks), as coarse_log.hpp is for
// log, at a fraction of dd_atan.hpp's cost.
//
// With a = |x| and w = a, or 1/a as a double-double where a > 1: c = k/256
// the nearest table point to w, r = (w - c) / (1 + w c) in double-double,
// atan w = atan c (from a table) + r - r^3/3 + r^5/5 - r^7/7 + r^9/9, the
// odd powers above r in double; for a > 1, atan a = pi/2 - atan w; atanpi
// is atan w times a double-double 1/pi, for a > 1 subtracted from 1/2, so
// that its low part below 1/2 is negative, as the real value is below 1/2
// (the judge relies on it: DoubleJudge::prepare_block). The tier vouches for every finite x
// with |x| >= 2^-500 (atan; below, atan x is x itself to 2^-1000, and the
// lanes are settled as x, vouched for) or |x| >= 2^-990 (atanpi; the lanes
// below are left to dd_atan); not for infinities and NaNs.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= kCoarseAtanRelError * |hi + lo| for every value
// coarse_atan_many vouches for (coarse_atan.cpp's analysis: 2^-68.2;
// tests/reference/test_math_coarse_atan.cpp checks it against MPFR). Looser
// than the other coarse tiers' 2^-72: a point this tier leaves undecided
// costs a double-double value, and at 2^-66 few are (the judge's enclosure
// is four times the bound: about one point in a thousand lies that near a
// rounding boundary).
inline constexpr double kCoarseAtanRelError = 0x1p-66;

// atan (PI false) or atanpi (PI true) of X[0 .. N) into HI[i] + LO[i], hi
// the double nearest hi + lo; VOUCHED[i] says whether the bound holds (as
// above). Only where has_coarse_trig() (coarse_trig.hpp): AVX2 and FMA.
void coarse_atan_many(const double* x, size_t n, bool pi, double* hi, double* lo, bool* vouched);

// For the tests: its AVX2 code, which must give every lane the AVX-512
// code's bits.
void coarse_atan_many_avx2(const double* x, size_t n, bool pi, double* hi, double* lo, bool* vouched);

}  // namespace clconform::ref::math
