// length, distance and normalize as an implementation of their defining
// formula sqrt(p.x^2 + p.y^2 + ...) computes them under
// -cl-unsafe-math-optimizations (suites/geometric/README.md gives the
// spec's text): each square below the normal range (2^emin) may come out of
// its multiplication as zero (7.5.3: a subnormal result may be flushed, and
// the option includes -cl-denorms-are-zero), since the option lets the
// implementation violate 7.5.1's "without ... extraordinary precision loss
// due to underflow", and 7.4 lets a derived implementation's operations be
// relaxed. A result passes when, for some set S of those small squares, it
// is within the function's ulp bound of the real result with the squares
// of S left out of the sum. The caller decides where the rule applies (the
// catalog's relaxed entry) and keeps every other rule.
#pragma once

#include "reference/fn_bound.hpp"
#include "reference/fp_bits.hpp"

namespace clconform::ref::geometric {

// Bit i set: the exact square of component i (p0[i] - p1[i] where P1 is
// given) is below 2^emin of F. Finite components only; n <= 16.
template <typename F>
unsigned small_squares(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n);

// sqrt of the sum of the squares of p (of p0 - p1) outside DROP (a bit set
// as above), to kPrecision bits.
template <typename F>
Mpfr length_without(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n, unsigned drop);

struct RelaxedVerdict {
  fn::Verdict verdict;  // against the reference that came closest (in ratio)
  Mpfr reference;       // that reference
  unsigned dropped = 0; // the squares it leaves out
};

// GOT against length(p) (P1 null) or distance(p0, p1) (LANE < 0), or
// component LANE of normalize(p), with every subset of small_squares left
// out in turn; passes if one passes. The full sum (nothing dropped) is
// among the subsets. Subsets that leave nothing of a normalize's sum are
// skipped (the formula divides by zero there).
template <typename F>
RelaxedVerdict judge_small_squares_dropped(typename F::Bits got, const typename F::Bits* p0, const typename F::Bits* p1,
                                           unsigned n, int lane, double bound_ulp);

}  // namespace clconform::ref::geometric
