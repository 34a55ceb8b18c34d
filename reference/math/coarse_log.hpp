// log, log2 and log10 of a block of doubles to about 2^-74 relative, as an
// unevaluated sum hi + lo: the double judge's sweep tier for them (DoubleJudge::prepare_block
// with coarse blocks), as coarse_trig.hpp is for sin, cos and tan, at a third
// of dd_exp_log.hpp's cost.
//
// x = 2^m t with t in [1/sqrt(2), sqrt(2)), t c = 1 + u exactly for a
// 9-bit c near 1/t from a table (|u| < 2^-7.9), and log x = m ln2 - log c
// + log1p(u): m ln2 and -log c (from the table) summed exactly with u and
// -u^2/2, the rest of log1p(u) in double; log2 and log10 are that times a
// double-double 1/ln 2 or 1/ln 10. The tier vouches where m != 0,
// so that |log x| >= 0.34 and an absolute error of 2^-76 is relative
// 2^-74; the arguments between 1/sqrt(2) and sqrt(2) (one positive double
// in about 2000 of a full sweep) are left to dd_exp_log.
#pragma once

#include <cstddef>

namespace clconform::ref::math {

// |hi + lo - real| <= kCoarseLogRelError * |hi + lo| for every value
// coarse_log_many vouches for (coarse_log.cpp's analysis: about 2^-74;
// tests/reference/test_math_coarse_log.cpp checks it against MPFR).
inline constexpr double kCoarseLogRelError = 0x1p-72;

// log (BASE 0 or 1), log2 (BASE 2) or log10 (BASE 10)
// of X[0 .. N) into HI[i] + LO[i], hi the double nearest hi + lo;
// VOUCHED[i] says whether the bound holds: for finite X[i] > 0 outside
// [1/sqrt(2), sqrt(2)). Only where has_coarse_trig() (coarse_trig.hpp):
// AVX2 and FMA.
void coarse_log_many(const double* x, size_t n, double* hi, double* lo, bool* vouched, int base = 0);

// For the tests: its AVX2 code, which must give every lane the AVX-512
// code's bits.
void coarse_log_many_avx2(const double* x, size_t n, double* hi, double* lo, bool* vouched, int base = 0);

}  // namespace clconform::ref::math
