// Rounding a binary floating-point value to an integer with integer
// arithmetic only, and fitting integers into narrower or other-signed types.
#include "reference/int_convert.hpp"

#include "reference/format_convert.hpp"

namespace clconform::ref {
namespace {

int bit_length(std::uint64_t m) { return m == 0 ? 0 : 64 - __builtin_clzll(m); }

// Fits an exact integer V (already rounded) into DST.
IntResult fit(__int128 v, IntFormat dst, bool saturate, bool wrap_defined) {
  IntResult out;
  if (v > dst.max()) out.range = IntRange::Above;
  if (v < dst.min()) out.range = IntRange::Below;
  if (out.range == IntRange::InRange) {
    out.bits = dst.pattern_of(v);
  } else if (saturate) {
    out.bits = dst.pattern_of(out.range == IntRange::Above ? dst.max() : dst.min());
  } else {
    out.bits = dst.pattern_of(v);
    out.defined = wrap_defined;
  }
  return out;
}

// The saturated or implementation-defined answer for a value beyond any
// 64-bit range (|x| >= 2^64, or an infinity) or a NaN.
IntResult beyond(IntRange range, IntFormat dst, bool saturate) {
  IntResult out;
  out.range = range;
  if (!saturate) {
    out.defined = false;
    return out;
  }
  if (range == IntRange::Above) out.bits = dst.pattern_of(dst.max());
  if (range == IntRange::Below) out.bits = dst.pattern_of(dst.min());
  return out;  // NaN: 0
}

}  // namespace

__int128 IntFormat::value_of(std::uint64_t p) const {
  p &= mask();
  if (is_signed && (p >> (bits - 1)) & 1) return __int128(p) - (__int128(1) << bits);
  return __int128(p);
}

template <typename F>
IntResult float_to_int(typename F::Bits x, IntFormat dst, Rounding r, bool saturate) {
  const bool negative = sign_bit<F>(x);
  if (is_nan<F>(x)) return beyond(IntRange::NaN, dst, saturate);
  if (is_inf<F>(x)) return beyond(negative ? IntRange::Below : IntRange::Above, dst, saturate);

  // |x| = m * 2^e exactly.
  const std::uint64_t m = significand<F>(x);
  const int e = unbiased_exponent<F>(x) - F::mantissa_bits;
  if (m != 0 && bit_length(m) + e > 65) {
    // |x| >= 2^65: beyond every destination, whatever the rounding (below
    // that, the magnitude fits 128 bits and fit() decides).
    return beyond(negative ? IntRange::Below : IntRange::Above, dst, saturate);
  }
  unsigned __int128 magnitude;
  if (e >= 0) {
    magnitude = static_cast<unsigned __int128>(m) << e;  // < 2^65
  } else {
    // Integer part and where the dropped fraction lies against one half,
    // compared as integers: low against half = 2^(shift-1).
    const int shift = -e;
    std::uint64_t kept = 0, low = m;
    bool above_half = false, at_half = false;
    if (shift < 64) {
      kept = m >> shift;
      low = m & ((std::uint64_t{1} << shift) - 1);
      const std::uint64_t half = std::uint64_t{1} << (shift - 1);
      above_half = low > half;
      at_half = low == half;
    } else if (shift == 64) {
      above_half = m > (std::uint64_t{1} << 63);
      at_half = m == (std::uint64_t{1} << 63);
    }  // shift > 64: m < 2^64 <= 2^(shift-1), below one half
    bool up = false;
    if (low != 0) {
      switch (r) {
        case Rounding::NearestEven: up = above_half || (at_half && (kept & 1)); break;
        case Rounding::TowardZero: up = false; break;
        case Rounding::TowardPositive: up = !negative; break;
        case Rounding::TowardNegative: up = negative; break;
      }
    }
    magnitude = static_cast<unsigned __int128>(kept) + (up ? 1 : 0);
  }
  const __int128 v = negative ? -static_cast<__int128>(magnitude) : static_cast<__int128>(magnitude);
  return fit(v, dst, saturate, false);
}

IntResult int_to_int(std::uint64_t x, IntFormat src, IntFormat dst, bool saturate) {
  // C99 6.3.1.3p2 defines the wrap only for an unsigned destination.
  return fit(src.value_of(x), dst, saturate, !dst.is_signed);
}

template <typename F>
typename F::Bits int_to_float(std::uint64_t x, IntFormat src, Rounding r) {
  const __int128 v = src.value_of(x);
  if (src.is_signed) return from_int64<F>(static_cast<std::int64_t>(v), r);
  return from_uint64<F>(static_cast<std::uint64_t>(v), r);
}

template IntResult float_to_int<Float>(Float::Bits, IntFormat, Rounding, bool);
template IntResult float_to_int<Double>(Double::Bits, IntFormat, Rounding, bool);
template Float::Bits int_to_float<Float>(std::uint64_t, IntFormat, Rounding);
template Double::Bits int_to_float<Double>(std::uint64_t, IntFormat, Rounding);

}  // namespace clconform::ref
