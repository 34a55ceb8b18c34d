// Integer-only rounding of sign * significand * 2^exponent to a binary
// format; every conversion in this file reduces to it.
#include "reference/format_convert.hpp"

#include <algorithm>

namespace clconform::ref {
namespace {

int bit_length(std::uint64_t m) {
#if defined(__GNUC__) || defined(__clang__)
  return m == 0 ? 0 : 64 - __builtin_clzll(m);
#else
  int n = 0;
  for (; m != 0; m >>= 1) ++n;
  return n;
#endif
}

// Where the discarded part of the significand lies relative to half of the
// last kept bit's weight.
enum class Remainder { Zero, BelowHalf, Half, AboveHalf };

bool round_up(Remainder rem, bool kept_is_odd, bool negative, Rounding r) {
  if (rem == Remainder::Zero) return false;
  switch (r) {
    case Rounding::NearestEven:
      return rem == Remainder::AboveHalf || (rem == Remainder::Half && kept_is_odd);
    case Rounding::TowardZero: return false;
    case Rounding::TowardPositive: return !negative;  // magnitude up only for positives
    case Rounding::TowardNegative: return negative;
  }
  return false;
}

}  // namespace

template <typename To>
typename To::Bits round_scaled(bool negative, std::uint64_t m, int e, Rounding r) {
  using Bits = typename To::Bits;
  constexpr int p = To::precision;
  if (m == 0) return negative ? To::sign_mask : Bits{0};

  // The value lies in [2^E, 2^(E+1)).
  const long E = static_cast<long>(e) + bit_length(m) - 1;
  // At or above 2^(emax+1) every mode overflows (RTZ and the "inward"
  // directed mode give max_finite, the others infinity).
  if (E > To::emax) return overflow_result<To>(negative, r);

  // Weight 2^q of the last significand bit the result can keep: the
  // binade's spacing for normals, the fixed subnormal spacing below 2^emin.
  long q = std::max<long>(E, To::emin) - (p - 1);
  const long shift = q - e;  // how many low bits of m fall below 2^q

  std::uint64_t kept;
  Remainder rem;
  if (shift <= 0) {
    // Exact: kept = m * 2^-shift < 2^p, which fits easily.
    kept = m << (-shift);
    rem = Remainder::Zero;
  } else if (shift > 64) {
    // Everything is discarded and m < 2^64 <= 2^(shift-1) = half the weight.
    kept = 0;
    rem = Remainder::BelowHalf;
  } else {
    const std::uint64_t low = shift == 64 ? m : (m & ((std::uint64_t{1} << shift) - 1));
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    kept = shift == 64 ? 0 : (m >> shift);
    rem = low == 0 ? Remainder::Zero
          : low < half ? Remainder::BelowHalf
          : low == half ? Remainder::Half
                        : Remainder::AboveHalf;
  }
  if (round_up(rem, (kept & 1) != 0, negative, r)) ++kept;
  // A carry out of the significand moves to the next binade.
  if (kept >> p) {
    kept >>= 1;
    ++q;
  }

  if (kept >= (std::uint64_t{1} << (p - 1))) {
    // Normal: the leading bit has weight 2^(q + p - 1).
    const long result_exp = q + p - 1;
    if (result_exp > To::emax) return overflow_result<To>(negative, r);
    return compose<To>(negative, static_cast<int>(result_exp + To::bias),
                       static_cast<Bits>(kept & To::mantissa_mask));
  }
  // Subnormal or zero: here q is the subnormal spacing, so the fraction
  // field is kept itself (a zero keeps the sign).
  return compose<To>(negative, 0, static_cast<Bits>(kept));
}

template <typename From, typename To>
typename To::Bits convert(typename From::Bits b, Rounding r) {
  using Bits = typename To::Bits;
  const bool negative = sign_bit<From>(b);
  switch (classify<From>(b)) {
    case FpClass::QuietNaN:
    case FpClass::SignalingNaN: {
      const std::uint64_t frac = mantissa<From>(b);
      std::uint64_t aligned;
      if constexpr (To::mantissa_bits >= From::mantissa_bits)
        aligned = frac << (To::mantissa_bits - From::mantissa_bits);
      else
        aligned = frac >> (From::mantissa_bits - To::mantissa_bits);
      return compose<To>(negative, static_cast<int>(To::exponent_field_max),
                         static_cast<Bits>(aligned | To::quiet_bit));
    }
    case FpClass::Infinity:
      return static_cast<Bits>(To::infinity_bits | (negative ? To::sign_mask : 0));
    case FpClass::Zero:
      return negative ? To::sign_mask : Bits{0};
    case FpClass::Subnormal:
    case FpClass::Normal:
      break;
  }
  return round_scaled<To>(negative, significand<From>(b),
                          unbiased_exponent<From>(b) - From::mantissa_bits, r);
}

template <typename To>
typename To::Bits from_int64(std::int64_t v, Rounding r) {
  // |INT64_MIN| = 2^63 does not fit an int64_t but does fit a uint64_t.
  const bool negative = v < 0;
  const std::uint64_t mag =
      negative ? static_cast<std::uint64_t>(-(v + 1)) + 1 : static_cast<std::uint64_t>(v);
  return round_scaled<To>(negative, mag, 0, r);
}

template <typename To>
typename To::Bits from_uint64(std::uint64_t v, Rounding r) {
  return round_scaled<To>(false, v, 0, r);
}

std::uint16_t float_to_half(float x, Rounding r) {
  return convert<Float, Half>(to_bits(x), r);
}
std::uint16_t double_to_half(double x, Rounding r) {
  return convert<Double, Half>(to_bits(x), r);
}
float double_to_float(double x, Rounding r) {
  return float_from_bits(convert<Double, Float>(to_bits(x), r));
}
float half_to_float(std::uint16_t h) { return float_from_bits(convert<Half, Float>(h)); }
double half_to_double(std::uint16_t h) { return double_from_bits(convert<Half, Double>(h)); }
double float_to_double(float x) { return double_from_bits(convert<Float, Double>(to_bits(x))); }

#define CLCONFORM_CONVERT_PAIR(FROM, TO) \
  template TO::Bits convert<FROM, TO>(FROM::Bits, Rounding);
#define CLCONFORM_CONVERT_TO(TO)                                           \
  template TO::Bits round_scaled<TO>(bool, std::uint64_t, int, Rounding); \
  template TO::Bits from_int64<TO>(std::int64_t, Rounding);               \
  template TO::Bits from_uint64<TO>(std::uint64_t, Rounding);             \
  CLCONFORM_CONVERT_PAIR(Half, TO)                                         \
  CLCONFORM_CONVERT_PAIR(Float, TO)                                        \
  CLCONFORM_CONVERT_PAIR(Double, TO)

CLCONFORM_CONVERT_TO(Half)
CLCONFORM_CONVERT_TO(Float)
CLCONFORM_CONVERT_TO(Double)

#undef CLCONFORM_CONVERT_TO
#undef CLCONFORM_CONVERT_PAIR

}  // namespace clconform::ref
