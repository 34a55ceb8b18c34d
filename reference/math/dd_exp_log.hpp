// exp, log, pow and rootn of double arguments as double-doubles (an unevaluated sum
// hi + lo), for the fast tier of the double judge (judge_double.cpp) where
// libquadmath's expq and logq cost about a microsecond a call.
//
// exp: x = (64 m + j) ln2 / 64 + r with the Cody-Waite split of ln2/64 in
// three parts (k * the first part is exact), |r| <= ln2/128, then
// 2^m * 2^(j/64) * exp(r), with 2^(j/64) from a table and exp(r) from its
// Taylor polynomial. log: x = 2^m * t, t in [1/sqrt(2), sqrt(2)), t * c = 1
// + u exactly as a double-double for a 9-bit c near 1/t from a table, then
// m ln2 - log(c) + log1p(u) with |u| < 2^-7.9 and log1p(u) from its Taylor
// polynomial. Tables and ln2 come from MPFR at start-up; products are FMA
// exact.
#pragma once

#include <cstddef>

#include "reference/math/double_double.hpp"

namespace clconform::ref::math {

// |hi + lo - real| <= kDdExpLogRelError * |hi + lo| for every value
// dd_exp and dd_log return (analysis in dd_exp_log.cpp: about 2^-100);
// tests/reference/test_math_dd_exp_log.cpp checks it against MPFR.
inline constexpr double kDdExpLogRelError = 0x1p-97;

// exp(X) into *HI + *LO for -650 <= X <= 709 (results between 2^-937 and
// 2^1023: lo stays a normal double and keeps its relative precision);
// false outside that range, for NaN, or on a CPU without FMA.
bool dd_exp(double x, double* hi, double* lo);

// exp(X + X_LO) of a double-double argument, -650 <= x <= 709 and
// |x_lo| <= 2^-52 |x|, into *HI + *LO, within kDdExpLogRelError of exp of
// the argument itself (dd_exp's reduction takes x_lo in); false outside
// that range, for NaN, or on a CPU without FMA.
bool dd_exp_dd(double x, double x_lo, double* hi, double* lo);

// dd_exp of X[0 .. N) into HI[i] + LO[i], VOUCHED[i] saying whether it
// vouches: the same operations, value for value, with four values in the
// lanes of AVX2 vectors where the CPU has them.
void dd_exp_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);

// log(X) for finite X > 0 (subnormals included); false otherwise, or on a
// CPU without FMA.
bool dd_log(double x, double* hi, double* lo);

// log2(X) and log10(X) for finite X > 0: dd_log's value times 1/ln 2 or
// 1/ln 10 (double-doubles from MPFR, within 2^-106), the product within
// 2^-104 (double_double.hpp's mul): within kDdLogBaseRelError, dd_log's
// bound and those two, of the real value.
inline constexpr double kDdLogBaseRelError = 0x1.1p-97;
bool dd_log2(double x, double* hi, double* lo);
bool dd_log10(double x, double* hi, double* lo);

// exp2(X) and exp10(X) where x ln 2 or x ln 10 lies in dd_exp's range:
// exp of that product as a double-double. The product's error (2^-103.5 of
// it, at most 709) moves the result by at most 2^-94 of itself; with
// dd_exp's own bound, within kDdExpBaseRelError of the real value.
inline constexpr double kDdExpBaseRelError = 0x1p-93;
bool dd_exp2(double x, double* hi, double* lo);
bool dd_exp10(double x, double* hi, double* lo);

// dd_log of X[0 .. N) into HI[i] + LO[i], VOUCHED[i] saying whether it
// vouches: the same operations, value for value, with four values in the
// lanes of AVX2 vectors where the CPU has them.
void dd_log_many(const double* x, size_t n, double* hi, double* lo, bool* vouched);

// The block form of a one-point form WITH that takes one logarithm, of
// ARGUMENT(x) (0 where it takes none): the points that take one packed,
// dd_log_many of their arguments, then WITH(x, &log, ...) where
// dd_log_many vouched and WITH(x, nullptr, ...) elsewhere, so that WITH
// takes its own dd_log: the one-point form's result either way. VOUCHED[i]
// is WITH's return.
using WithLog = bool (*)(double x, const dd::DD* log, double* hi, double* lo);
void dd_many_with_log(WithLog with, double (*argument)(double x), const double* x, size_t n, double* hi, double* lo,
                      bool* vouched);

// pow(X, Y) = exp(Y log X) for finite X > 0 and finite Y where Y log X
// lies in exp's range above, within kDdPowRelError (log's error scaled by
// |Y log X| <= 709, plus exp's); false otherwise, or on a CPU without FMA.
inline constexpr double kDdPowRelError = 0x1p-86;
bool dd_pow(double x, double y, double* hi, double* lo);

// rootn(X, N) = exp(log(X) / N) for finite X > 0 and N != 0 where log(X) / N
// lies in exp's range above, within kDdPowRelError (the same analysis as
// pow's, the division in place of the product); false otherwise, or on a
// CPU without FMA.
bool dd_rootn(double x, int n, double* hi, double* lo);

}  // namespace clconform::ref::math
