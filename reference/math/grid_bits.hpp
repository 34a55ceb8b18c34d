// Spacings of the double and float grids read from a double's bits, and
// conversions between float bits and doubles: the judge's hot path needs
// them once per point or per result, where frexp/ldexp would cost more
// than the verdict itself. Exact, with the same values as the frexp-based
// definitions and the host conversions they replace (reference/ulp.cpp for
// floats); tests/reference/test_math_grid_bits.cpp compares them.
//
// Nothing here computes with subnormal numbers: without DAZ/FTZ (which the
// reference may not set), Intel CPUs take a microcode assist of about 150
// cycles for every operation with a subnormal input or output, and sweeps
// meet them often (exp of every float below -745 lies below double's normal
// range; results in float's subnormal range convert to subnormal floats).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "reference/fp_bits.hpp"

namespace clconform::ref::math {

// dulp(a): the spacing of doubles in a's binade, 2^(max(floor(log2|a|),
// -1022) - 52); 2^-1074 for a zero, an infinity or a NaN. Branch-free:
// sweeps of random argument tuples make every branch here a coin toss.
inline double double_spacing(double a) {
  const int biased = static_cast<int>((to_bits(a) >> 52) & 0x7ff);
  // Zeros and subnormals share the smallest normal binade's spacing;
  // infinities and NaNs get the smallest spacing.
  const int field = biased == 0x7ff ? 1 : (biased == 0 ? 1 : biased);
  // 2^(field - 1075): a normal double from field 53 up, subnormal below.
  const uint64_t normal = static_cast<uint64_t>(field - 52) << 52;
  const uint64_t subnormal = uint64_t{1} << ((field - 1) & 63);
  return double_from_bits(field >= 53 ? normal : subnormal);
}

// ulp_exponent<Float>(x) of reference/ulp.hpp for a double x that is not
// a NaN (which gets the top binade's spacing). Where |x| has the double exponent e (floor(log2|x|) for normal
// doubles), the float ulp is 2^(e - 23), or 2^(e - 24) at a power of two
// (the binade below's spacing); clamped below at the subnormal spacing
// 2^-149 (everything up to 2^-126, zeros and subnormal doubles included)
// and above at the top binade's 2^104 (beyond float's range and at the
// infinities). Branch-free, as above.
inline int float_ulp_exponent(double x) {
  const uint64_t bits = to_bits(x) & ~Double::sign_mask;
  const int e = static_cast<int>(bits >> 52) - Double::bias;
  const int power_of_two = (bits & Double::mantissa_mask) == 0;
  const int u = e - (Float::precision - 1) - power_of_two;
  const int smallest = Float::subnormal_exponent, largest = Float::emax - Float::precision + 1;
  return std::min(std::max(u, smallest), largest);
}

// 2^-u for a float ulp exponent u (-149 .. 104: a normal double), so that
// error / ulp becomes error * scale, exactly.
inline double float_scale_of(int u) { return double_from_bits(static_cast<uint64_t>(Double::bias - u) << 52); }

// 2^-float_ulp_exponent(x).
inline double float_ulp_scale(double x) { return float_scale_of(float_ulp_exponent(x)); }

// The float with bits B as a double (exact).
inline double float_bits_to_double(uint32_t b) {
  if (__builtin_expect((b & Float::exponent_mask) != 0, 1)) return static_cast<double>(float_from_bits(b));
  // A zero or a subnormal: its integer multiple of 2^-149, with its sign.
  const double magnitude = static_cast<double>(b & Float::mantissa_mask) * 0x1p-149;
  return (b & Float::sign_mask) != 0 ? -magnitude : magnitude;
}

// The bits of static_cast<float>(x) in the host's round-to-nearest-even
// mode, for a double x that is not subnormal.
inline uint32_t round_to_float_bits(double x) {
  const uint64_t bits = to_bits(x);
  const uint64_t magnitude_bits = bits & ~Double::sign_mask;
  // Only results in float's subnormal range (rare in most sweeps) need the
  // detour; down to half the smallest subnormal the host would produce a
  // subnormal float.
  if (__builtin_expect(magnitude_bits >= to_bits(0x1p-126) || magnitude_bits < to_bits(0x1p-151), 1))
    return to_bits(static_cast<float>(x));  // normal, overflowing, NaN, or a zero
  // The nearest multiple of 2^-149, ties to even: |x| * 2^149 < 2^23 is
  // exact, and adding 2^52 rounds it to an integer. 2^23 units is the
  // smallest normal float's bit pattern, as it should be.
  const double units = (double_from_bits(magnitude_bits) * 0x1p149 + 0x1p52) - 0x1p52;
  return (static_cast<uint32_t>(bits >> 32) & Float::sign_mask) | static_cast<uint32_t>(units);
}

// The fast tier's enclosure |real - approx| <= dulps * dulp(approx) (DULPS
// a small integer), stored as *APPROX, *ERROR in normal doubles (or
// zeros; an infinite or NaN approx gets error 0). Where |approx| < 2^-970 its error would be subnormal, so the
// enclosure becomes a wider one: [0, 2^-969] with approx's sign when the
// original lies on one side of zero, [-2^-969, 2^-969] when it holds zero.
// Both lie far inside the interval that rounds to a zero float, and a
// wider enclosure never changes a verdict, only when MPFR is asked.
inline void enclose_in_normal_doubles(double dulps, double* approx, double* error) {
  const uint64_t magnitude = to_bits(*approx) & ~Double::sign_mask;
  const int biased = static_cast<int>(magnitude >> 52);
  if (biased >= 53) {
    // |approx| >= 2^-970: dulp is a normal double, 2^(biased - 1075). An
    // infinity or a NaN has its own meaning (fast_tier.hpp) and no error.
    const uint64_t spacing_bits = biased == 0x7ff ? 0 : static_cast<uint64_t>(biased - 52) << 52;
    *error = dulps * double_from_bits(spacing_bits);
    return;
  }
  if (magnitude == 0 && dulps == 0) {  // an exact zero
    *error = 0;
    return;
  }
  // A normal approx is more than 2^47 times its error here; a subnormal
  // one is a multiple of 2^-1074, as its error dulps * 2^-1074 is.
  const bool one_side = biased != 0 || magnitude >= static_cast<uint64_t>(dulps);
  constexpr double kTiny = 0x1p-970;
  if (one_side) {
    *approx = std::signbit(*approx) ? -kTiny : kTiny;
    *error = kTiny;
  } else {
    *approx = 0;
    *error = 2 * kTiny;
  }
}

}  // namespace clconform::ref::math
