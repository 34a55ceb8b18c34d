// Verdicts of one floating-point result against the bound kinds of the
// common and geometric built-ins (OpenCL C 3.0 spec 7.4): a ULP bound, an
// absolute tolerance, and the tolerance max * max * k * 2^e of dot and
// cross. Every decision is exact (MPFR); the reference value is exact or
// accurate far beyond the bound (callers compute it at 300+ bits).
//
// Conventions shared by every kind:
//  * a NaN reference accepts any NaN and nothing else; a NaN result against
//    a number fails;
//  * an infinite result stands for the reals of magnitude >= 2^(emax+1) with
//    its sign (7.4: "result overflow within the specified ULP error is
//    permitted"), so it passes exactly when such a real is within the bound;
//  * zeros of either sign are equal (the bounds are numeric; sign rules are
//    the edge cases' business).
#pragma once

#include <string>

#include "reference/fp_bits.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::ref::fn {

struct Verdict {
  bool pass = false;
  double ulp = 0;    // |result - reference| / ulp(reference), rounded up
  double abs = 0;    // |result - reference|, rounded up (inf for an infinitely wrong result)
  double ratio = 0;  // error / bound (ulp or absolute), rounded up; inf when the bound is 0 and the error is not
};

// At most BOUND ulp (BOUND = 0: the numeric value itself).
template <typename F>
Verdict judge_ulp(typename F::Bits got, const Mpfr& reference, double bound);

// |result - reference| <= TOLERANCE, decided exactly.
template <typename F>
Verdict judge_abs(typename F::Bits got, const Mpfr& reference, const Mpfr& tolerance);

// max * max * k * 2^eps_log2, exactly (k a small integer).
Mpfr max_sq_tolerance(const Mpfr& max_abs, double k, int eps_log2);

// The value an infinity stands for in the comparisons above: +-2^(emax+1).
template <typename F>
Mpfr overflow_value(bool negative);

}  // namespace clconform::ref::fn
