// The MPFR tier: the real result of each judged function, enclosed between
// two MPFR numbers that are adjacent at the working precision (or equal,
// when MPFR says the result is exact), with the OpenCL/C99 special-value
// semantics of OpenCL C spec 6.15.2 and 7.5.1 (C99 Annex F where the spec
// defers to it).
#pragma once

#include <cstdint>

#include "reference/math/functions.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::ref::math {

// lo <= real <= hi; lo == hi (and exact) when the real value is an MPFR
// number of the working precision. Both NaN when the real result is NaN.
// Results beyond MPFR's exponent range are replaced by a proxy that gives
// every float verdict the same answer: +-inf for an overflow, the smallest
// MPFR number of the right sign for an underflow (mpfr_eval.cpp says why).
struct Enclosure {
  Mpfr lo, hi;
  bool exact = false;
  bool is_nan() const { return lo.is_nan(); }
};

// How many real results the function accepts at ARGS: 2 for mad (a fused
// or an unfused multiply-add, spec 7.4), for rsqrt(-0) (+inf or -inf: the
// spec prescribes neither), and for nextafter's flush-to-zero edge cases
// (spec 7.5.3) when `flush` is set; 1 otherwise.
int alternatives(Fn f, const double* args, bool flush, Format format = Format::Float);

// Alternative ALT (0 .. alternatives()-1) of F at ARGS, at PREC bits (raised
// where exactness needs more, for sums and fused products).
// FORMAT matters where the function's definition names its format: fract's
// cap, nextafter's neighbour, mad's rounded product, and the precision at
// which sums are exact.
Enclosure enclose(Fn f, const double* args, mpfr_prec_t prec, int alt = 0, Format format = Format::Float);

// The integer results (ilogb, frexp.exponent, lgamma_r.sign, remquo.quo) at
// ARGS, exactly, as exact_int documents them.
int64_t integer_result(Fn f, const double* args);

}  // namespace clconform::ref::math
