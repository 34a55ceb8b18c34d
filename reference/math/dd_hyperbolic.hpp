// log1p, expm1, the hyperbolic functions and their inverses at double as
// double-doubles (an unevaluated sum hi + lo), for the fast tier of the
// double judge (judge_double.cpp), where libquadmath's functions cost about
// a microsecond a call. Each is built on dd_exp and dd_log
// (dd_exp_log.hpp) away from zero and on its own Taylor series near zero,
// where the formula through exp or log would cancel. The error analysis of
// each is in dd_hyperbolic.cpp; tests/reference/test_math_dd_hyperbolic.cpp
// checks every bound against MPFR.
//
// Each function returns false where it does not vouch for its bound: a CPU
// without FMA, a NaN or infinite argument, a zero argument (whose result is
// that zero, an edge-case rule the other tiers answer exactly), a pole or
// domain error, and the arguments named at each below.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= bound * |hi + lo| for every value returned.
inline constexpr double kDdLog1pRelError = 0x1p-95;   // log1p, asinh, acosh, atanh
inline constexpr double kDdCoshRelError = 0x1p-95;    // cosh
inline constexpr double kDdExpm1RelError = 0x1p-93;   // expm1, sinh, tanh: exp's bound where e^x - 1 cancels

// log1p(X) for X > -1.
bool dd_log1p(double x, double* hi, double* lo);
// expm1(X) for X <= 709 (above, where it overflows near 709.78, the
// binary128 tier answers).
bool dd_expm1(double x, double* hi, double* lo);
// sinh(X) and cosh(X) for |X| <= 709 (they overflow near 710.48).
bool dd_sinh(double x, double* hi, double* lo);
bool dd_cosh(double x, double* hi, double* lo);
// The same for X[0 .. N) into HI[i] + LO[i], VOUCHED[i] saying whether it
// vouches: dd_exp_many's values (four a vector) in place of each point's
// dd_exp, value for value the one-point forms' results.
void dd_expm1_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);
void dd_sinh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);
void dd_cosh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);
// tanh(X) for every finite nonzero X.
bool dd_tanh(double x, double* hi, double* lo);
// asinh(X) for every finite nonzero X.
bool dd_asinh(double x, double* hi, double* lo);
// acosh(X) for X > 1 (acosh(1) = +0 exactly).
bool dd_acosh(double x, double* hi, double* lo);
// atanh(X) for 0 < |X| < 1.
bool dd_atanh(double x, double* hi, double* lo);
// log1p, asinh and acosh of X[0 .. N) into HI[i] + LO[i], VOUCHED[i]
// saying whether it vouches: the logarithm each point takes from
// dd_log_many (four a vector) in place of its own dd_log, value for value
// the one-point forms' results.
void dd_log1p_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);
void dd_asinh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);
void dd_acosh_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);

}  // namespace clconform::ref::math
