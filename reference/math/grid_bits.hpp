// Spacings of the double and float grids read from a double's bits: the
// judge's hot path needs them once per point, where frexp/ldexp would cost
// more than the verdict itself. Exact, with the same values as the
// frexp-based definitions they replace (reference/ulp.cpp for floats);
// tests/reference/test_math_judge.cpp compares the two.
#pragma once

#include <cstdint>

#include "reference/fp_bits.hpp"

namespace clconform::ref::math {

// 2^k for an integer -1074 <= k <= 1023, exactly.
inline double exact_power_of_two(int k) {
  if (k >= -1022) return double_from_bits(static_cast<uint64_t>(k + 1023) << 52);
  return double_from_bits(uint64_t{1} << (k + 1074));  // subnormal
}

// dulp(a): the spacing of doubles in a's binade, 2^(max(floor(log2|a|),
// -1022) - 52); 2^-1074 for a zero, an infinity or a NaN.
inline double double_spacing(double a) {
  const int biased = static_cast<int>((to_bits(a) >> 52) & 0x7ff);
  if (biased == 0x7ff) return exact_power_of_two(-1074);
  // Zeros and subnormals (biased 0) share the smallest normal binade's spacing.
  return exact_power_of_two((biased == 0 ? 1 : biased) - 1023 - 52);
}

// ulp_exponent<Float>(x) of reference/ulp.hpp for a double x that is not
// a NaN: the top binade's spacing beyond float's range (and at
// infinities), the subnormal spacing up to 2^-126, and at a power of two
// the spacing of the binade below.
inline int float_ulp_exponent(double x) {
  const uint64_t bits = to_bits(x) & ~Double::sign_mask;
  const int biased = static_cast<int>(bits >> 52);
  const int top = Float::emax - Float::precision + 1;
  if (biased == 0x7ff) return top;
  const int e = biased - Double::bias;  // floor(log2|x|) for normal doubles; zero and subnormals fall below emin
  if (e > Float::emax) return top;
  if (e <= Float::emin) return Float::subnormal_exponent;
  const bool power_of_two = (bits & Double::mantissa_mask) == 0;
  return power_of_two ? e - Float::precision : e - Float::precision + 1;
}

// 2^-float_ulp_exponent(x): error / ulp becomes error * scale, exactly.
inline double float_ulp_scale(double x) { return exact_power_of_two(-float_ulp_exponent(x)); }

}  // namespace clconform::ref::math
