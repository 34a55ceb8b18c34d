// sin, cos and tan of a block of doubles to about 2^-75 relative, as an
// unevaluated sum hi + lo: the double judge's sweep tier for these three
// functions (DoubleJudge::prepare_block with coarse blocks). Much cheaper
// than dd_trig.hpp's 2^-101, and still far below what a verdict on a double
// result needs (2^-72 of a value is 2^-19 of its ulp); the judge takes
// dd_trig's value wherever the difference could show (judge_double.hpp).
//
// Every lane runs the same instructions, without a branch (AVX-512 where
// the CPU has it, else AVX2):
//  * |x| above 0.78125 is reduced modulo pi/2 by products of x with three
//    53-bit pieces of 2/pi chosen by x's exponent (a table from MPFR), each
//    split exactly by FMA and stripped of its integer part, which only adds
//    to the quadrant: the fraction of a quarter turn comes out within
//    2^-102 absolute (the analysis in coarse_trig.cpp), so the tier vouches
//    where that fraction is at least 2^-24 (relative error 2^-78), and
//    leaves the rest (one reduced argument in 2^23) to dd_trig;
//  * the reduced argument r (|r| <= pi/4) goes through a Taylor polynomial
//    whose four leading terms are in double-double and the rest in double;
//    tan takes both polynomials and their quotient in double-double.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= kCoarseTrigRelError * |hi + lo| for every value
// coarse_sin_cos_many vouches for. coarse_trig.cpp's analysis gives about
// 2^-75.5; tests/reference/test_math_coarse_trig.cpp checks the bound
// against MPFR.
inline constexpr double kCoarseTrigRelError = 0x1p-72;

// Below this magnitude an argument's value is x (sin) or 1 (cos) with lo
// 0, as dd_trig.hpp's is: the two tiers agree there bit for bit.
inline constexpr double kCoarseTrigSettledBelow = 0x1p-60;

// Whether this CPU can run coarse_sin_cos_many (AVX2 and FMA).
bool has_coarse_trig();

// sin (COSINE false) or cos of X[0 .. N) into HI[i] + LO[i], hi the double
// nearest hi + lo; VOUCHED[i] says whether the bound holds: false for a NaN
// or an infinity, and for an argument within 2^-24 of a quarter turn of a
// multiple of pi/2 (dd_trig then decides). Only where has_coarse_trig().
void coarse_sin_cos_many(const double* x, size_t n, bool cosine, double* hi, double* lo, bool* vouched);

// |hi + lo - real| <= kCoarseTanRelError * |hi + lo| for every value
// coarse_tan_many vouches for (coarse_trig.cpp: about 2^-74.5).
inline constexpr double kCoarseTanRelError = 0x1p-72;

// tan of X[0 .. N), as coarse_sin_cos_many: the same arguments vouched
// for, and below kCoarseTrigSettledBelow the value x with lo 0, dd_trig's.
void coarse_tan_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);

// sinpi, cospi and tanpi of X[0 .. N), as above from the exact reduction
// |x| = n/2 + f, r = pi f, within kCoarseTrigRelError (tanpi:
// kCoarseTanRelError). Vouched for: cospi, every finite x; sinpi and
// tanpi, finite x from 2^-960 on in magnitude (below, the value's low
// part would be subnormal: left to dd_pi), but tanpi's poles (x = n + 1/2).
// Where cospi rounds to +-1 at a non-integer, its low part is not zero and
// lies toward 0, on the real value's side of +-1 (the judge relies on it).
enum class PiTrig { sinpi, cospi, tanpi };
void coarse_pi_many(PiTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched);

// For the tests: whether coarse_sin_cos_many runs AVX-512 code here, and
// the AVX2 code, which must give every lane the same bits.
bool coarse_trig_has_avx512();
void coarse_sin_cos_many_avx2(const double* x, size_t n, bool cosine, double* hi, double* lo, bool* vouched);
void coarse_tan_many_avx2(const double* x, size_t n, double* hi, double* lo, bool* vouched);
void coarse_pi_many_avx2(PiTrig f, const double* x, size_t n, double* hi, double* lo, bool* vouched);

}  // namespace clconform::ref::math
