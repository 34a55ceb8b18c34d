// Reduction of a float argument modulo pi/2, for the fast tier of sin and
// cos at large arguments. glibc's sin and cos (scalar and libmvec) switch to
// a multi-precision reduction above about 2^20, at 60-70 ns a call, and
// four in ten float bit patterns lie there; a float has only 24 significant
// bits, so one 24 x 128-bit integer product with the bits of 2/pi (derived
// from MPFR at start-up) reduces it in a few nanoseconds.
#pragma once

namespace clconform::ref::math {

struct QuarterTurns {
  int quadrant = 0;  // |x| = (4k + quadrant) * pi/2 + r
  double r = 0;      // |r| <= pi/4
};

// Reduces |X|, a finite float value (as a double) of magnitude at least 1,
// into *OUT with |r - r_real| <= 2^-51 |r_real|, the bound that
// kReducedTrigErrorDulps in fast_batch.cpp builds on. Returns false when
// the reduced argument is too small for that bound to be guaranteed
// (|r| < 2^-40, which no float is known to reach): the caller then uses
// the library function on X.
bool reduce_quarter_turns(double x, QuarterTurns* out);

}  // namespace clconform::ref::math
