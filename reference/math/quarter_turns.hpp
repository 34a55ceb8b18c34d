// Reduction of a float argument modulo pi/2, for the fast tier of sin and
// cos at large arguments. glibc's sin and cos (scalar and libmvec) switch to
// a multi-precision reduction above about 2^20, at 60-70 ns a call, and
// four in ten float bit patterns lie there; a float has only 24 significant
// bits, so one 24 x 128-bit integer product with the bits of 2/pi (derived
// from MPFR at start-up) reduces it in a few nanoseconds.
#pragma once

#include <cstdint>

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

// What the reduction reads, built once from MPFR: the 128-bit window of
// 2/pi that a float of biased exponent E needs, as two words (E from 127,
// |x| >= 1), and pi/2 as an unevaluated sum of two doubles.
struct QuarterTurnTables {
  uint64_t window_hi[256] = {}, window_lo[256] = {};
  double half_pi_hi = 0, half_pi_lo = 0;
};
const QuarterTurnTables& quarter_turn_tables();

// The same for the four float values X[0..3] at once, each finite with
// magnitude at least 1, with AVX2 and FMA (cpu_has_avx2_fma(),
// fast_batch.hpp): R[k] and QUADRANT[k] are bit for bit what
// reduce_quarter_turns gives X[k], in lanes whose bit k is set in the
// result; the others are those where it returns false. The arrays' form
// of quarter_turns_avx2.hpp's reduce_four, which the batch tier inlines.
unsigned reduce_quarter_turns_four(const double* x, double* r, int* quadrant);
// The same for eight, X[0..7], with AVX-512 (dd::cpu_has_avx512): the
// arrays' form of quarter_turns_avx512.hpp's reduce_eight.
unsigned reduce_quarter_turns_eight(const double* x, double* r, int* quadrant);

}  // namespace clconform::ref::math
