// Host references of the geometric built-ins (OpenCL C 3.0 spec, 6.15.5)
// on vectors of half, float or double bit patterns (n = 1..4 components, given as
// a pointer and a count). dot and cross are exact (sums of products of
// values of the format fit in MPFR at enough precision); length, distance
// and normalize are the real results to kPrecision bits. None of them
// rounds to the format: reference/fn_bound.hpp judges against the real.
#pragma once

#include <vector>

#include "reference/fp_bits.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::ref::geometric {

constexpr mpfr_prec_t kPrecision = 300;

// Enough bits for a sum of up to four products of two values of F to be exact.
template <typename F>
constexpr mpfr_prec_t exact_precision() {
  return 2 * (F::emax - F::subnormal_exponent) + 2 * F::precision + 64;
}

// The largest magnitude among the components of the given vectors (exact).
template <typename F>
Mpfr max_abs(const std::vector<const typename F::Bits*>& vectors, unsigned n);

// sum p0[i] * p1[i], exactly.
template <typename F>
Mpfr dot(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n);

// Component I (0, 1, 2) of the cross product of p0.xyz and p1.xyz, exactly.
template <typename F>
Mpfr cross(const typename F::Bits* p0, const typename F::Bits* p1, unsigned i);

// sqrt(sum p[i]^2) and sqrt(sum (p0[i] - p1[i])^2), to kPrecision bits: the
// spec's infinitely precise results, with no intermediate overflow or
// underflow (7.5.1 asks length and distance for exactly that).
template <typename F>
Mpfr length(const typename F::Bits* p, unsigned n);
template <typename F>
Mpfr distance(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n);
// The exact sum of squares, for the fast_ functions' domain rules.
template <typename F>
Mpfr sum_of_squares(const typename F::Bits* p, unsigned n);

// Component I of p / length(p), to kPrecision bits, for finite p not all zero.
template <typename F>
Mpfr normalize(const typename F::Bits* p, unsigned n, unsigned i);

// 7.5.1: "normalize(v) for which any element in v is infinite shall proceed
// as if the elements in v were replaced" by copysign(1.0, v[i]) for the
// infinite ones and 0.0 * v[i] (a zero of v[i]'s sign) for the others.
template <typename F>
std::vector<typename F::Bits> normalize_infinite_replacement(const typename F::Bits* p, unsigned n);

// A NaN and an infinity among the components of p0 (of p0 - p1 where P1 is
// given; a difference beyond the largest finite value counts as infinite):
// there length and distance are not judged, since sqrt of the sum of squares
// gives a NaN while a length computed without overflow as 7.5.1 asks follows
// hypot, +inf whatever the NaN (C99 F.9.4.3).
template <typename F>
bool nan_with_infinity(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n);

// Whether the exact sum of squares of p0 (of p0 - p1) lies within [MIN, MAX]
// of F, where the defining formula neither overflows nor underflows.
template <typename F>
bool squares_in_range(const typename F::Bits* p0, const typename F::Bits* p1, unsigned n);

// Whether dot or cross can be held to the tolerance TOL = max * max * K *
// EPS (MAX_ABS the largest operand magnitude): max * max within the format's
// range, and TOL at least K halves of the spacing of the format's smallest
// values (the subnormal spacing, or MIN's where subnormals flush), which is
// what a sequence of K rounded operations may lose.
template <typename F>
bool max_sq_judgeable(const Mpfr& max_abs, const Mpfr& tol, double k, bool flush);

}  // namespace clconform::ref::geometric
