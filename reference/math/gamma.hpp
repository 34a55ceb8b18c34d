// The fast tier of tgamma and lgamma over every float argument. glibc's
// tgamma is used only where its documented bound holds, at x >= 2^-6 and
// 1 - x; near the pole at 0 a series does without it; the other negative
// arguments go through the reflection formula
// tgamma(x) = pi / (sinpi(x) tgamma(1 - x)), whose sinpi is reduced exactly
// (pi_functions.hpp), so that the poles at the negative integers cost
// nothing in accuracy. Without these, MPFR answered three floats in four
// for tgamma and every one for lgamma.
#pragma once

#include <cmath>
#include <cstddef>

namespace clconform::ref::math {

// Error bound in double ulps of the result. Reflection: sinpi's 8 double
// ulps and tgamma's 16 (fast_tier.cpp's kLibmWeak) are at most 8 * 2^-52
// and 16 * 2^-52 relative, 48 double ulps of the quotient, plus four
// roundings of 2^-53 (pi, 1 - x, the product, the quotient) and the
// condition number of tgamma at 1 - x when 1 - x is inexact (below 0.6 on
// (1, 2)): 52. Below 2^-6 in magnitude, Gamma(1 + x) / x with Gamma(1 + x)
// from its Taylor series (coefficients from MPFR, gamma.cpp): about 1.1.
constexpr double kTgammaErrorDulps = 64;

// tgamma(X) for a float X into *OUT: within kTgammaErrorDulps, or the real
// result itself when *EXACT is set (a NaN at a pole or at -inf, an
// infinity at +-0 or +inf, a factorial at an integer up to 23); +inf for X >= 172 (a real result beyond
// 2^1023). False for a non-integer X below -170.5, where |tgamma(X)| is
// below 2^-1000 and a double approximation would be subnormal: its sign is
// then the sign of *OUT.
bool tgamma_value(double x, double* out, bool* exact);

// Where tgamma_value and lgamma_value take the series at 0 (gamma.cpp):
// 0 < |x| < kGammaSeriesLimit.
constexpr double kGammaSeriesLimit = 0x1p-6;
inline bool gamma_series_domain(double x) { return x != 0 && std::fabs(x) < kGammaSeriesLimit; }

// tgamma_value's series for N points X at once into OUT, where
// gamma_series_domain (elsewhere OUT is left as it is, or overwritten): the
// same bits, four points a step with AVX2.
void tgamma_series_many(const double* x, double* out, size_t n);

// lgamma (log |tgamma|): glibc's lgamma_r, within kLgammaErrorDulps, but
// in gamma_series_domain, where it is log Gamma(1 + x) - log |x|: glibc's
// log (or libmvec's, with log_gamma_one_plus_many) within 4 double ulps of
// log |x| (above 4.15 in magnitude), the series below 2^-6.7 with an error
// under 2^-58, one rounding: at most 8.5 double ulps of the result, which
// may lie a binade below log |x|. Its
// relative error matters most where lgamma is small: at its zeros, 1 and 2
// (glibc expands around them) and x = -n +- 1/n! nearly for n from 2 to 10
// (below -11 no float is that close to an integer, and |tgamma| stays under
// 0.03). Every float in (-11, -2) was checked against MPFR with glibc 2.36
// (`ctest -L slow`, the test LgammaBetweenMinus11AndMinus2): at most 7.24
// double ulps; CI checks every 1024th of them and every float within 256 of
// each zero. Exact where *EXACT is set: +inf at a pole (zero, a negative
// integer) and at +-inf, a NaN, and +0 at 1 and 2.
constexpr double kLgammaErrorDulps = 16;
double lgamma_value(double x, bool* exact);

// From this argument on, a block's lgamma comes from Stirling's series
// with libmvec's log (fast_batch.cpp, lgamma_stirling_four): within 12.3
// double ulps, under kLgammaErrorDulps; from its negative down, from the
// reflection formula with that series (lgamma_reflected_four): within
// 17.2 double ulps, a bound of its own; from there to -2^-6, as log
// |tgamma| from tgamma's reflection (lgamma_by_tgamma_four), within
// 51.9 / |lgamma| + 8 double ulps, taken with the bound 53 / |y| + 9 where
// that is at most 64 (|y| >= 0.96). The point path keeps glibc's.
constexpr double kLgammaStirlingFrom = 32;
// (log(2 pi) - 1) / 2, the constant of that series, and log pi, that of
// the reflection formula (lgamma_reflected_four), rounded from MPFR.
double lgamma_stirling_constant();
double log_pi_constant();

// A block's tgamma from 2^-6 up, and through the reflection formula from
// -170.5 to -2^-6, comes from Stirling's formula at y >= this (after
// y = x + n, Gamma(x) = Gamma(y) / (x (x + 1) ... (y - 1))), with
// libmvec's pow and exp (fast_batch.cpp, gamma_positive_four): within 40.1
// double ulps, and 51.9 reflected, under kTgammaErrorDulps. The point
// path keeps glibc's tgamma.
constexpr double kTgammaStirlingFrom = 10;
// sqrt(2 pi), that formula's constant, rounded from MPFR.
double sqrt_two_pi_constant();

// log Gamma(1 + x), lgamma_value's series, for N points X at once into OUT,
// as tgamma_series_many: the caller subtracts log |x|.
void log_gamma_one_plus_many(const double* x, double* out, size_t n);

}  // namespace clconform::ref::math
