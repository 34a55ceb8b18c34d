// lgamma (lgamma_r's value too) and tgamma of a double argument as a
// double-double (an unevaluated sum hi + lo), for the fast tier of the
// double judge (judge_double.cpp) where libquadmath's lgammaq and tgammaq
// cost one to two microseconds a call. Only where no zero of lgamma and no
// cancellation is near:
//
// - 0 < |x| < 2^-6: lgamma(x) = log Gamma(1 + x) - log|x|, the first from
//   its Taylor series at 0, -g x + sum_{k >= 2} zeta(k) (-x)^k / k (g
//   Euler's constant; coefficients from MPFR at start-up), the second from
//   dd_log;
// - x >= 32: Stirling's series, x (log x - 1) - (log x) / 2 + log(2 pi) / 2
//   + sum_{k=1..11} B_2k / (2k (2k - 1) x^(2k - 1)) (Bernoulli numbers
//   from zeta(2k) by MPFR);
// - x <= -32, not an integer: the reflection Gamma(x) Gamma(1 - x) = pi /
//   sin(pi x) with Gamma(1 - x) = -x Gamma(-x): lgamma(x) = -lgamma(|x|)
//   - log(|x| |sin(pi x)| / pi), sin(pi x) from dd_sinpi (dd_pi.hpp).
//
// Everything else, 2^-6 <= |x| < 32 (lgamma's zeros), the poles (0 and
// the negative integers, every x <= -2^52 among them), NaN and the
// infinities, is refused: the next tier keeps it.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= kDdLgammaRelError * |hi + lo| for every value
// dd_lgamma returns (analysis in dd_gamma.cpp: 2^-96.9, 2^-96.4 and
// 2^-95.3 in the three regions); tests/reference/test_math_dd_gamma.cpp
// checks it against MPFR.
inline constexpr double kDdLgammaRelError = 0x1p-95;

// lgamma(X) into *HI + *LO for 0 < |x| < 2^-6 (subnormals included), for
// 32 <= x while lgamma(x) stays below 0x1.ffffffffffffp1023 (x up to
// about 2.5563e305), and for non-integer x with -2^52 < x <= -32. False
// elsewhere, and on a CPU without FMA.
bool dd_lgamma(double x, double* hi, double* lo);

// dd_lgamma of X[0 .. N) into HI[i] + LO[i], VOUCHED[i] saying whether it
// vouches: the same values, with the logarithms of a block taken at once
// (dd_log_many).
void dd_lgamma_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);

// tgamma(X) into *HI + *LO for 32 <= x <= about 171.4 (exp of the lgamma
// value while it is at most 709), and for 2^-1022 <= |x| < 2^-6 (Gamma(1
// + x) / x, exp of the series). Within kDdTgammaRelError: lgamma's
// absolute error (at most 2^-96.4 of 709) and exp's 2^-97. False
// elsewhere (negative x from -2^-6 down, subnormals, 2^-6 <= x < 32,
// beyond 171.4), and on a CPU without FMA.
inline constexpr double kDdTgammaRelError = 0x1p-86;
bool dd_tgamma(double x, double* hi, double* lo);

}  // namespace clconform::ref::math
