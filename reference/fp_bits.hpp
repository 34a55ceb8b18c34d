// Bit-level view of the three IEEE 754 binary formats OpenCL C uses:
// half (binary16, stored as uint16_t because C++17 has no half type),
// float (binary32) and double (binary64).
//
// Everything here works on bit patterns, never on host arithmetic, so the
// answers do not depend on the host FPU's rounding mode, FTZ/DAZ flags or on
// the compiler quieting signalling NaNs.  A format is a tag type (Half,
// Float, Double) whose static members describe it; the functions are
// templates over that tag.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace clconform::ref {

// The shape of one binary interchange format.  `MantBits` is the stored
// fraction width (the significand has one more, implicit, bit).
template <typename BitsT, int MantBits, int ExpBits>
struct IeeeFormat {
  using Bits = BitsT;
  static constexpr int total_bits = static_cast<int>(sizeof(Bits) * 8);
  static constexpr int mantissa_bits = MantBits;       // stored fraction bits
  static constexpr int precision = MantBits + 1;       // significand bits, p
  static constexpr int exponent_bits = ExpBits;
  static constexpr int bias = (1 << (ExpBits - 1)) - 1;
  static constexpr int emax = bias;                    // largest binade: [2^emax, 2^(emax+1))
  static constexpr int emin = 1 - bias;                // smallest normal binade
  // Exponent of the smallest subnormal, 2^(emin - p + 1): the spacing of
  // the subnormal range and of the smallest normal binade.
  static constexpr int subnormal_exponent = emin - MantBits;
  // The same range in MPFR's convention (x = m * 2^e with 1/2 <= m < 1),
  // as mpfr_set_emin/emax want it when emulating this format with
  // mpfr_subnormalize: binary16 gives -23/16, binary32 -148/128,
  // binary64 -1073/1024.
  static constexpr long mpfr_emin = subnormal_exponent + 1;
  static constexpr long mpfr_emax = emax + 1;

  static constexpr Bits one_bit = 1;
  static constexpr Bits sign_mask = static_cast<Bits>(one_bit << (total_bits - 1));
  static constexpr Bits mantissa_mask = static_cast<Bits>((one_bit << MantBits) - 1);
  static constexpr Bits exponent_mask =
      static_cast<Bits>(((one_bit << ExpBits) - 1) << MantBits);
  static constexpr Bits exponent_field_max = static_cast<Bits>((one_bit << ExpBits) - 1);
  // IEEE 754-2008 6.2.1: the first fraction bit set means a quiet NaN.
  static constexpr Bits quiet_bit = static_cast<Bits>(one_bit << (MantBits - 1));
  static constexpr Bits implicit_bit = static_cast<Bits>(one_bit << MantBits);

  // Constants, as positive bit patterns.
  static constexpr Bits zero_bits = 0;
  static constexpr Bits min_subnormal_bits = 1;
  static constexpr Bits max_subnormal_bits = mantissa_mask;
  static constexpr Bits min_normal_bits = implicit_bit;   // 2^emin
  static constexpr Bits max_finite_bits = static_cast<Bits>(exponent_mask - 1);
  static constexpr Bits infinity_bits = exponent_mask;
  static constexpr Bits quiet_nan_bits = static_cast<Bits>(exponent_mask | quiet_bit);
  static constexpr Bits one_bits = static_cast<Bits>(static_cast<Bits>(bias) << MantBits);
  // Machine epsilon as the C headers define it (FLT_EPSILON, DBL_EPSILON,
  // HALF_EPSILON in OpenCL C): the gap between 1 and the next value, 2^(1-p).
  static constexpr Bits epsilon_bits =
      static_cast<Bits>(static_cast<Bits>(bias - MantBits) << MantBits);
};

struct Half : IeeeFormat<std::uint16_t, 10, 5> {
  static constexpr const char* name = "half";
};
struct Float : IeeeFormat<std::uint32_t, 23, 8> {
  using Value = float;
  static constexpr const char* name = "float";
};
struct Double : IeeeFormat<std::uint64_t, 52, 11> {
  using Value = double;
  static constexpr const char* name = "double";
};

static_assert(sizeof(float) == 4 && sizeof(double) == 8, "IEEE binary32/64 host types expected");

// ---- host values <-> bits (memcpy: the portable C++17 bit_cast) ----------

inline std::uint32_t to_bits(float x) {
  std::uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
inline std::uint64_t to_bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
inline float float_from_bits(std::uint32_t b) {
  float x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
inline double double_from_bits(std::uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// Host value of a Float/Double pattern (there is no host half type; use
// format_convert.hpp's half_to_float / half_to_double for half).
template <typename F>
typename F::Value value_from_bits(typename F::Bits b) {
  typename F::Value v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}

// ---- fields ---------------------------------------------------------------

template <typename F>
constexpr bool sign_bit(typename F::Bits b) {
  return (b & F::sign_mask) != 0;
}
// The raw exponent field, 0 .. 2^ExpBits - 1.
template <typename F>
constexpr int biased_exponent(typename F::Bits b) {
  return static_cast<int>((b & F::exponent_mask) >> F::mantissa_bits);
}
// The exponent the encoding scales by: field - bias for normals, emin for
// zeros and subnormals (they share the smallest normal binade's scale),
// emax + 1 for infinities and NaNs.  This is NOT floor(log2|x|) for
// subnormals.
template <typename F>
constexpr int unbiased_exponent(typename F::Bits b) {
  const int e = biased_exponent<F>(b);
  return e == 0 ? F::emin : e - F::bias;
}
// The stored fraction field.
template <typename F>
constexpr typename F::Bits mantissa(typename F::Bits b) {
  return static_cast<typename F::Bits>(b & F::mantissa_mask);
}
// The integer significand m, implicit bit included for normals, so that a
// finite |x| = m * 2^(unbiased_exponent - mantissa_bits).
template <typename F>
constexpr typename F::Bits significand(typename F::Bits b) {
  const auto m = mantissa<F>(b);
  return biased_exponent<F>(b) == 0 ? m : static_cast<typename F::Bits>(m | F::implicit_bit);
}
// Assemble sign, biased exponent field and fraction field.
template <typename F>
constexpr typename F::Bits compose(bool negative, int biased_exp, typename F::Bits fraction) {
  return static_cast<typename F::Bits>((negative ? F::sign_mask : 0) |
                                       (static_cast<typename F::Bits>(biased_exp) << F::mantissa_bits) |
                                       (fraction & F::mantissa_mask));
}
template <typename F>
constexpr typename F::Bits abs_bits(typename F::Bits b) {
  return static_cast<typename F::Bits>(b & ~F::sign_mask);
}
template <typename F>
constexpr typename F::Bits negate_bits(typename F::Bits b) {
  return static_cast<typename F::Bits>(b ^ F::sign_mask);
}

// ---- classification -------------------------------------------------------

enum class FpClass { Zero, Subnormal, Normal, Infinity, QuietNaN, SignalingNaN };

constexpr const char* fp_class_name(FpClass c) {
  switch (c) {
    case FpClass::Zero: return "zero";
    case FpClass::Subnormal: return "subnormal";
    case FpClass::Normal: return "normal";
    case FpClass::Infinity: return "infinity";
    case FpClass::QuietNaN: return "quiet NaN";
    case FpClass::SignalingNaN: return "signalling NaN";
  }
  return "?";
}

template <typename F>
constexpr FpClass classify(typename F::Bits b) {
  const int e = biased_exponent<F>(b);
  const auto m = mantissa<F>(b);
  if (e == 0) return m == 0 ? FpClass::Zero : FpClass::Subnormal;
  if (e == static_cast<int>(F::exponent_field_max)) {
    if (m == 0) return FpClass::Infinity;
    return (m & F::quiet_bit) ? FpClass::QuietNaN : FpClass::SignalingNaN;
  }
  return FpClass::Normal;
}

template <typename F>
constexpr bool is_nan(typename F::Bits b) {
  return abs_bits<F>(b) > F::infinity_bits;
}
template <typename F>
constexpr bool is_inf(typename F::Bits b) {
  return abs_bits<F>(b) == F::infinity_bits;
}
template <typename F>
constexpr bool is_finite(typename F::Bits b) {
  return abs_bits<F>(b) < F::infinity_bits;
}
template <typename F>
constexpr bool is_zero(typename F::Bits b) {
  return abs_bits<F>(b) == 0;
}
template <typename F>
constexpr bool is_subnormal(typename F::Bits b) {
  return classify<F>(b) == FpClass::Subnormal;
}

// ---- neighbours -----------------------------------------------------------
//
// IEEE 754-2008 nextUp / nextDown on patterns.  Sign-magnitude encoding
// means that, for a fixed sign, consecutive magnitudes are consecutive
// integers, so stepping is +-1 on the magnitude with the sign flips handled
// at zero:
//   next_up(-0) = next_up(+0) = +min_subnormal; next_up(-min_subnormal) = -0;
//   next_up(max_finite) = +inf; next_up(+inf) = +inf; next_up(-inf) = -max_finite.
// A NaN is returned unchanged (IEEE returns a quiet NaN; the pattern itself
// is more useful to a caller walking bit patterns).

template <typename F>
constexpr typename F::Bits next_up(typename F::Bits b) {
  using Bits = typename F::Bits;
  if (is_nan<F>(b)) return b;
  if (b == F::infinity_bits) return b;
  if (is_zero<F>(b)) return F::min_subnormal_bits;
  if (sign_bit<F>(b)) return static_cast<Bits>(b - 1);  // magnitude shrinks; -min_sub -> -0
  return static_cast<Bits>(b + 1);                      // max_finite + 1 = infinity
}

template <typename F>
constexpr typename F::Bits next_down(typename F::Bits b) {
  using Bits = typename F::Bits;
  if (is_nan<F>(b)) return b;
  if (b == (F::infinity_bits | F::sign_mask)) return b;
  if (is_zero<F>(b)) return static_cast<Bits>(F::min_subnormal_bits | F::sign_mask);
  if (sign_bit<F>(b)) return static_cast<Bits>(b + 1);  // -max_finite - 1ulp = -inf
  return static_cast<Bits>(b - 1);                      // +min_sub -> +0
}

}  // namespace clconform::ref
