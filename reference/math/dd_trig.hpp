// sin, cos and tan of a double argument as a double-double (an unevaluated sum
// hi + lo), for the fast tier of the double judge (judge_double.cpp) at
// every finite argument, the largest included.
//
// Reduction modulo pi/2 is exact in the way quarter_turns.cpp is for float:
// |x| = m * 2^e with m a 53-bit integer, and only the bits of 2/pi from
// weight 2^(1-e) on can change |x| * 2/pi modulo 4, so one product of m
// with a 256-bit window of 2/pi (its bits derived from MPFR at start-up)
// gives the quadrant and the fraction of a quarter turn to 2^-201 (Payne
// and Hanek's method). The reduced argument r (|r| <= pi/4) is then
// evaluated by Taylor polynomials in double-double arithmetic (FMA
// products), with coefficients from MPFR.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= kDdTrigRelError * |hi + lo| for every value
// dd_sin_cos returns. The analysis in dd_trig.cpp gives about 2^-101;
// tests/reference/test_math_dd_trig.cpp checks the bound against MPFR.
inline constexpr double kDdTrigRelError = 0x1p-98;

// sin (COSINE false) or cos of the finite double X into *HI + *LO. False
// where this tier does not vouch for its bound: a CPU without FMA, or an
// argument whose distance to the nearest multiple of pi/2 is below 2^-80
// of a quarter turn (no double comes closer than about 2^-61).
bool dd_sin_cos(double x, bool cosine, double* hi, double* lo);

// dd_sin_cos of X[0 .. N) into HI[i] + LO[i], VOUCHED[i] saying whether it
// vouches: the same operations, value for value, with four points'
// polynomials in the lanes of AVX2 vectors where the CPU has them, so a
// batch of sweep points costs less.
void dd_sin_cos_many(const double* x, size_t n, bool cosine, double* hi, double* lo, bool* vouched);

// tan of the finite double X into *HI + *LO, as sin / cos of the same
// reduced argument: within kDdTanRelError of the real tan (the two
// polynomials' bounds plus the division's 2^-104). False as dd_sin_cos.
inline constexpr double kDdTanRelError = 0x1p-96;
bool dd_tan(double x, double* hi, double* lo);

// The polynomials alone, for a caller that reduced its argument itself
// (dd_pi.cpp): sin r (COSINE false) or cos r of the double-double r =
// R_HI + R_LO, |r_hi| <= 0.7854 (just above pi/4), within kDdTrigRelError
// of the sine or cosine of r itself (the error of r is the caller's).
// False for a larger argument, or on a CPU without FMA.
bool dd_sin_cos_of_reduced(double r_hi, double r_lo, bool cosine, double* hi, double* lo);

// tan r (RECIPROCAL false) or cot r = cos r / sin r of the same reduced
// argument, within kDdTanRelError: the quotient dd_tan takes. False as
// dd_sin_cos_of_reduced, and for cot r of |r| < 2^-60.
bool dd_tan_of_reduced(double r_hi, double r_lo, bool reciprocal, double* hi, double* lo);

}  // namespace clconform::ref::math
