// ULP error of a device result against a reference real value, following
// the definition of ulp(x) in the OpenCL specification (OpenCL C spec,
// "Relative Error as ULPs"; the same text is in the OpenCL API spec's
// floating-point accuracy section):
//
//   "If x is a real number that lies between two finite consecutive
//    floating-point numbers a and b, without being equal to one of them,
//    then ulp(x) = |b - a|, otherwise ulp(x) is the distance between the two
//    non-equal finite floating-point numbers nearest x.  Moreover, ulp(NaN)
//    is NaN."
//
// What that gives for a format with precision p and normal exponents
// emin..emax ("non-equal" = the two numbers differ from each other; x
// itself counts when it is representable):
//
//  * x strictly inside a binade [2^E, 2^(E+1)), emin <= E <= emax, or equal
//    to a representable number there that is not a power of two:
//    ulp = 2^(E-p+1), the binade's spacing.
//  * x = +-2^E exactly with emin < E <= emax: the nearest finite numbers are
//    x itself and its neighbour below, 2^(E-p) away (the gap above is
//    twice that), so ulp = 2^(E-p), the spacing of the binade BELOW.  E.g.
//    float ulp(1.0) = 2^-24, not 2^-23.  Consequence: against an exact
//    power-of-two reference, the next number up is 2 ulp away.
//  * |x| < 2^emin (subnormal range, zero of either sign, values between 0
//    and the smallest subnormal) and x = +-2^emin: ulp = 2^(emin-p+1), the
//    subnormal spacing (at 2^emin both gaps are that size).
//  * |x| above the largest finite value (and +-infinity as a limit): the
//    two nearest finite numbers are max_finite and its predecessor, so
//    ulp = 2^(emax-p+1), the top binade's spacing.
//  * ulp(NaN) = NaN.
//
// Error conventions of ulp_error (all documented in reference/README.md):
//  * |device - ref| / ulp(ref), computed exactly in MPFR (ulp is a power of
//    two, the difference is taken at the precision exactness needs) and
//    rounded UPWARD to a double, so `ulp_error(...) <= bound` never passes
//    a result whose true error exceeds the bound.
//  * Signed zeros: the error is numeric; -0 against +0 is 0 ulp.  (Sign of
//    zero requirements belong to the edge-case rules, or use
//    is_correctly_rounded, which compares bits.)
//  * NaN: NaN result against NaN reference is 0; a NaN result against a
//    number, or a number against a NaN reference, is +infinity.
//  * Infinite reference: the same infinity is 0, anything else +infinity.
//  * Infinite result against a finite reference: an infinity stands for
//    all reals of magnitude >= 2^(emax+1) (where rounding with an unbounded
//    exponent would first leave the format), and the error is the distance
//    from ref to the nearest of them: 0 if ref has the infinity's sign and
//    |ref| >= 2^(emax+1), else |(+-2^(emax+1)) - ref| / ulp(ref).  So a
//    correctly rounded overflow (ref >= max + half a top-binade ulp) scores
//    at most 0.5, and infinity for a reference well inside the range scores
//    astronomically (float: about 2^152 for ref = 1).
#pragma once

#include "reference/fp_bits.hpp"
#include "reference/mpfr_value.hpp"
#include "reference/rounding.hpp"

namespace clconform::ref {

// log2(ulp(x)) for format F.  x = NaN throws std::domain_error
// (ulp(NaN) is NaN, which an int cannot hold); +-inf gives the top
// binade's spacing (the limit of the "beyond the largest finite" case).
template <typename F>
int ulp_exponent(const Mpfr& x);
// The same for a double x (exact; for fast first-tier checks).
template <typename F>
int ulp_exponent(double x);

// ulp(x) exactly, as a power of two; NaN for NaN.
template <typename F>
Mpfr ulp_of(const Mpfr& x);

// The error in ulps, as an MPFR number.  Exact whenever the device value
// and the reference are within ~65000 binades of each other; otherwise
// rounded away from zero (never below the truth).  +inf for the
// "infinitely wrong" cases above.
template <typename F>
Mpfr ulp_error_exact(typename F::Bits device, const Mpfr& reference);

// The error in ulps rounded upward to a double (+inf when it does not fit).
template <typename F>
double ulp_error(typename F::Bits device, const Mpfr& reference);
double ulp_error(float device, const Mpfr& reference);
double ulp_error(double device, const Mpfr& reference);

// error <= bound, decided exactly (no rounding of the error to double).
template <typename F>
bool within_ulps(typename F::Bits device, const Mpfr& reference, double bound);

// Whether `device` is the correctly rounded result of `reference` in
// direction r: its bits equal reference.round_to<F>(r), which honours F's
// exponent range and subnormals and resolves ties exactly.  Any NaN
// matches a NaN reference.  Zero signs must match (a tiny negative
// reference rounds to -0).  For r = NearestEven this is the "within 0.5
// ulp, ties to even" test, decided on bits, with no epsilon.  The answer is
// only as good as the reference: it must be exact, or accurate enough that
// rounding it cannot differ from rounding the true value.
template <typename F>
bool is_correctly_rounded(typename F::Bits device, const Mpfr& reference,
                          Rounding r = Rounding::NearestEven);

}  // namespace clconform::ref
