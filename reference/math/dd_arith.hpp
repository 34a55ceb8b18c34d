// The correctly rounded operations of the double table (spec 7.4: +, -, *,
// / and sqrt) and fma's real result as double-doubles hi + lo, for the fast
// tier of the double judge (judge_double.cpp), where binary128 arithmetic
// in software costs 100-200 ns a point. hi is the operation rounded by the
// CPU (fma's aside, below); lo comes from its exact error (two_sum,
// two_prod) or its exact remainder (a - hi * b, x - hi * hi, one FMA each),
// each representable when nothing underflows (Bohlender, Walter, Kornerup
// and Matula, "Semantics for exact floating point operations", 1991; Boldo
// and Daumas, "Representable correcting terms for possibly underflowing
// floating point operations", 2003).
#pragma once

namespace clconform::ref::math {

// |hi + lo - real| <= kDdArithRelError * |hi + lo| for every value the
// functions below return; the analysis is in dd_arith.cpp, and
// tests/reference/test_math_dd_arith.cpp checks it against MPFR.
inline constexpr double kDdArithRelError = 0x1p-100;

// A + B, A - B, A * B and A / B into *HI + *LO. False where the tier does
// not vouch: a CPU without FMA, a non-finite or zero operand or result, or
// a result or operand outside [2^-900, 2^1000] in magnitude (there the
// correcting terms might underflow or overflow).
bool dd_add(double a, double b, double* hi, double* lo);
bool dd_sub(double a, double b, double* hi, double* lo);
bool dd_mul(double a, double b, double* hi, double* lo);
bool dd_divide(double a, double b, double* hi, double* lo);
// sqrt(A) for 2^-968 <= A <= the largest double; 1 / X (recip) for
// 2^-1022 <= |X| <= 2^968. False elsewhere, and on a CPU without FMA.
bool dd_sqrt(double a, double* hi, double* lo);
bool dd_recip(double x, double* hi, double* lo);
// hypot(X, Y) where the larger magnitude is from 2^-968 up to (not
// including) 2^1022 (NaN and infinite arguments refused).
bool dd_hypot(double x, double y, double* hi, double* lo);
// A * B + C, the fused real result (fma, and mad's first reading), under
// dd_add's and dd_mul's conditions on every operand, the product, the sum
// of the product's rounding and C, and the result. Its hi need not be
// RN(A * B + C): the pair is within the bound, not a rounding.
bool dd_fma(double a, double b, double c, double* hi, double* lo);
// 1 / sqrt(A), from dd_sqrt's value (not a correctly rounded operation,
// but within the same bound), where dd_sqrt vouches.
bool dd_rsqrt(double a, double* hi, double* lo);

}  // namespace clconform::ref::math
