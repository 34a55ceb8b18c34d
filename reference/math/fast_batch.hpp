// The fast tier over a block of points (Judge::Block): what
// Judge::prepare_block uses for the functions that dominate exhaustive
// sweeps. exp, exp2, exp10, expm1, log, log2, log10, log1p, asin, acos,
// atan, sinh, cosh, tanh, acosh, atanh, cbrt, erf, erfc: glibc's
// libmvec (the AVX2 variants, _ZGVdN4v_*: four doubles per call, at most 4
// ulp of error by glibc's manual) where the CPU has AVX2 and FMA; asinh:
// its series, or libmvec's log of x + sqrt(x^2 + 1), with a bound per
// point (fast_batch.cpp, asinh_four); sin, cos
// and tan: libmvec on the argument, or on its reduction by quarter_turns.hpp
// above 2^16, four at a time or with AVX-512 eight (libm for sin and cos
// without AVX2, point by point); pow and pown: libm; x + y, x - y, x * y,
// x / y, 1 / x and sqrt without a dispatch per point; fabs, floor, ceil,
// trunc, round, rint, logb, fract, modf and frexp's mantissa, exact, and
// 1 / sqrt(x) but at zeros, with AVX2; the *pi functions (pi_functions.hpp) and tgamma (gamma.hpp;
// Stirling's formula with libmvec's pow and exp from 2^-6 up and through
// the reflection formula), whose exact values (zeros, poles, +-1) get no
// error. Overflows, underflows,
// poles and domain errors are answered without libm, whose error paths
// compute with subnormals (grid_bits.hpp). Every path's bound is checked
// against MPFR by tests/reference/test_math_fast_tier.cpp.
//
// A function with AVX2 code keeps its loops inside AVX2 functions: on the
// hosts measured here, calling an AVX2 function once per four points from
// SSE code cost three times the whole batch (sin: 34 against 11 ns a
// point), however the upper halves were cleaned.
#pragma once

#include <cstddef>

#include "reference/math/functions.hpp"

namespace clconform::ref::math {

// Sets approx and error (>= 0: |approx - real| <= error) of points [0, n)
// of the block from their args; nothing else. A point the batch does not
// take (rsqrt's zeros) is left with a negative error, for
// Judge::prepare_block to prepare as it prepares a function without a
// batch.
using FastBatch = void (*)(Judge::Block& b);

// Whether this CPU runs libmvec's AVX2 variants (checked once).
bool cpu_has_avx2_fma();

// The batch fast tier of F, using libmvec when VECTOR is set (which needs
// cpu_has_avx2_fma()); nullptr when F has none on this path (the Judge then
// evaluates point by point). With VECTOR, sin, cos and tan run eight points
// a step where the CPU has AVX-512 (dd::cpu_has_avx512), with the same
// bits as four: FOUR_LANES asks for the four-lane code anyway (tests
// compare the two).
FastBatch fast_batch(Fn f, bool vector, bool four_lanes = false);

// The error bound, in double ulps, of sin and cos at arguments reduced by
// quarter_turns.hpp: the library's 4 over the reduced argument, plus the
// reduction's relative error (2^-51) carried through sin or cos.
constexpr double kReducedTrigErrorDulps = 10;

}  // namespace clconform::ref::math
