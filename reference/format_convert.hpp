// Bit-exact conversions between half, float and double, and from 64-bit
// integers, in each OpenCL rounding mode.
//
// These are the answers vstore_half*_rte/_rtz/_rtp/_rtn, vload_half* and
// convert_float_rtX(double) must give.  They are computed with integer
// arithmetic on the bit patterns only: the host FPU's conversions depend on
// its current rounding mode and FTZ/DAZ flags, and a test must not assume
// those.  The OpenCL C spec says half conversions never flush denormals, so
// nothing here flushes: subnormal results and inputs are kept exactly.
//
// Rules (IEEE 754-2008 4.3 and 7.4):
//  * Ties (RTE) go to the even significand; the carry out of the largest
//    significand moves to the next binade, and out of the top binade it is
//    an overflow.
//  * Overflow of a finite value: RTE gives +-inf; RTZ gives +-max_finite
//    (never inf); RTP gives +inf for positives and -max_finite for
//    negatives; RTN gives -inf for negatives and +max_finite for positives.
//  * Underflow: results round into the subnormal range at its fixed spacing;
//    a value that rounds to zero keeps its sign (-tiny -> -0).
//  * Zeros and infinities keep their sign; exact whatever the mode.
//  * NaN: the result is a quiet NaN with the input's sign.  Its payload is
//    the input's fraction field aligned at the top: narrowing keeps the top
//    (target mantissa_bits) bits of the fraction and drops the rest,
//    widening appends zeros; then the quiet bit is forced on.  So a
//    signalling NaN whose payload lies only in the dropped low bits becomes
//    the default quiet NaN.  This follows IEEE 754-2008 6.2.3 (keep as much
//    of the payload as fits, so narrowing back after widening gives the
//    same NaN) and matches x86 SSE; other hardware may return a canonical
//    NaN instead, and OpenCL does not specify payloads, so verifiers
//    should accept any NaN where a NaN is due.
#pragma once

#include <cstdint>

#include "reference/fp_bits.hpp"
#include "reference/rounding.hpp"

namespace clconform::ref {

// The result of an overflow of a finite value of the given sign.
template <typename F>
constexpr typename F::Bits overflow_result(bool negative, Rounding r) {
  bool to_inf = false;
  switch (r) {
    case Rounding::NearestEven: to_inf = true; break;
    case Rounding::TowardZero: to_inf = false; break;
    case Rounding::TowardPositive: to_inf = !negative; break;
    case Rounding::TowardNegative: to_inf = negative; break;
  }
  const typename F::Bits mag = to_inf ? F::infinity_bits : F::max_finite_bits;
  return static_cast<typename F::Bits>(mag | (negative ? F::sign_mask : 0));
}

// (-1)^negative * significand * 2^exponent, correctly rounded to To.
// Works for any significand (including 0 -> signed zero) and exponent.
template <typename To>
typename To::Bits round_scaled(bool negative, std::uint64_t significand, int exponent,
                               Rounding r);

// Any format to any format; widening is exact and ignores `r`.
template <typename From, typename To>
typename To::Bits convert(typename From::Bits bits, Rounding r = Rounding::NearestEven);

// Integers (convert_half/float/double_rtX of long and ulong).
template <typename To>
typename To::Bits from_int64(std::int64_t v, Rounding r);
template <typename To>
typename To::Bits from_uint64(std::uint64_t v, Rounding r);

// Convenience forms of convert<>.  Passing a host float/double by value
// keeps its bits on x86-64 and AArch64 (no arithmetic is done on it), but
// the *_bits forms via convert<> are the authoritative ones.
std::uint16_t float_to_half(float x, Rounding r);
std::uint16_t double_to_half(double x, Rounding r);
float double_to_float(double x, Rounding r);
float half_to_float(std::uint16_t h);
double half_to_double(std::uint16_t h);
double float_to_double(float x);

}  // namespace clconform::ref
