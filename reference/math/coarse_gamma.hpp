// lgamma of a block of doubles to about 2^-70 relative, as an unevaluated
// sum hi + lo: the double judge's sweep tier for lgamma and lgamma_r's
// value (DoubleJudge::prepare_block with coarse blocks), in the regions
// where dd_gamma.hpp's lgamma answers, at a fraction of its cost: the
// logarithms from coarse_log.hpp, sin(pi x) from coarse_trig.hpp's
// coarse_pi_many, the rest in double-double where it matters and in
// double where it does not.
//
//  * |x| < 2^-6 (x != 0): lgamma x = -log|x| + log Gamma(1 + x), the
//    latter's Taylor series -g x + sum_k (-1)^k zeta(k)/k x^k, its first
//    two terms in double-double;
//  * x >= 32: Stirling's series, (x - 1/2) log x - x + log(2 pi)/2 + 1/(12
//    x) - ..., its first term over x in double-double, the rest in double;
//  * x <= -32, not an integer: the reflection, -lgamma|x| - log(|x|
//    |sin(pi x)| / pi).
//
// Not vouched for elsewhere (2^-6 <= |x| < 32, the poles, infinities,
// NaN), nor where a logarithm is coarse_log's refusal (an argument in
// [1/sqrt(2), sqrt(2))) or the value would overflow.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= kCoarseLgammaRelError * |hi + lo| for every value
// coarse_lgamma_many vouches for (coarse_gamma.cpp's analysis;
// tests/reference/test_math_coarse_gamma.cpp checks it against MPFR).
inline constexpr double kCoarseLgammaRelError = 0x1p-66;

// lgamma of X[0 .. N) into HI[i] + LO[i], hi the double nearest hi + lo;
// VOUCHED[i] says whether the bound holds (as above). Only where
// has_coarse_trig() (coarse_trig.hpp): AVX2 and FMA.
void coarse_lgamma_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);

// For the tests: its AVX2 code (its logarithms' and sines' too), which
// must give every lane the AVX-512 code's bits.
void coarse_lgamma_many_avx2(const double* x, size_t n, double* hi, double* lo, bool* vouched);

}  // namespace clconform::ref::math
