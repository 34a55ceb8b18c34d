// Branch-free lane formulas for the two block conversions; each loop body
// is compiled twice, for the baseline ISA and for AVX2, and chosen once per
// call by what the CPU has.
#include "reference/convert_block.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>

namespace clconform::ref {
namespace {

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

// 1 where the dropped part LOW of a magnitude (HALF: half the weight of the
// last bit kept) rounds the kept part KEPT up in R, for a value of sign
// NEGATIVE (1: negative), else 0. Nearest even: above one half, or at one
// half with an odd kept part, in one compare (two make GCC branch).
template <Rounding R, typename U>
__attribute__((always_inline)) inline U round_up(U kept, U low, U half, U negative) {
  if constexpr (R == Rounding::NearestEven) return U(low + (kept & 1u) > half);
  if constexpr (R == Rounding::TowardPositive) return U(low != 0) & (negative ^ 1u);
  if constexpr (R == Rounding::TowardNegative) return U(low != 0) & negative;
  return 0;
}

// The lane type of float to integer: 64 bits for a 64-bit destination,
// else 32.
template <typename T>
using Lane = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;

// Float to integer in lanes of U = Lane<T> bits. |x| = m * 2^e with a 24-bit
// m; a float of 2^U or more (biased exponent 127 + U and up, infinities and
// NaNs too) is beyond every destination here, and below that the rounded
// magnitude fits U bits. The wrapped pattern an out-of-range result carries
// for information is v modulo 2^U (then 2^N), as int_convert.hpp gives it:
// m << e where |x| < 2^65 (e <= 41: for 32-bit lanes every e from 32 up
// gives 0 modulo 2^32 anyway), else 0. Saturated, every result is defined
// and DEFINED is not written.
template <typename T, Rounding R, bool Saturate>
__attribute__((always_inline)) inline void float_to_int_lanes(const std::uint8_t* x, std::size_t n, Lane<T> max,
                                                              Lane<T> neg_limit, T* bits, T* defined) {
  using U = Lane<T>;
  constexpr int kBits = 8 * sizeof(U);
  constexpr std::uint32_t kBeyondBiased = 127u + kBits;
  constexpr std::int32_t kWrapBelow = kBits == 64 ? 42 : 32;
  // Selections as all-ones masks of the lane's width: a bool operand in a
  // selection keeps GCC from vectorizing the loop.
  const U max_pattern = max, min_pattern = U(0) - neg_limit;
  for (std::size_t i = 0; i < n; ++i) {
    // The fields decoded inline: through a helper returning them, GCC
    // stops vectorizing some of these loops (the half loop below too).
    std::uint32_t b;
    std::memcpy(&b, x + 4 * i, 4);
    const std::uint32_t biased = (b >> 23) & 0xff, fraction = b & 0x7fffff;
    const U negative = b >> 31;
    const U m = fraction | (biased != 0 ? 0x800000u : 0u);
    const std::int32_t e = std::int32_t(biased != 0 ? biased : 1) - 150;
    // e >= 0: the integer m * 2^e, modulo 2^U.
    const U left = e < kWrapBelow ? m << std::clamp(e, 0, kBits - 1) : U(0);
    // e < 0: the kept integer part and the dropped fraction against one
    // half, as integers; a shift of 25 or more keeps nothing, and 31 does
    // the same for every m.
    const U s = U(std::clamp(-e, 1, 31));
    const U kept = m >> s, low = m & ((U(1) << s) - 1), half = U(1) << (s - 1);
    const U magnitude = e >= 0 ? left : kept + round_up<R>(kept, low, half, negative);
    const U limit = negative != 0 ? neg_limit : max;
    const U outside = (U(0) - U(biased >= kBeyondBiased)) | (U(0) - U(magnitude > limit));
    const U wrapped = negative != 0 ? U(0) - magnitude : magnitude;
    if constexpr (Saturate) {
      const U nan = biased == 255 && fraction != 0 ? ~U(0) : U(0);
      const U clamped = ~nan & (negative != 0 ? min_pattern : max_pattern);
      bits[i] = T((clamped & outside) | (wrapped & ~outside));
    } else {
      bits[i] = T(wrapped);
      defined[i] = T(~outside);
    }
  }
}

// An integer to float: |v| (at most 2^32) is exactly the double 2^52 + |v|
// minus 2^52 (both exact, so no rounding mode or flush flag plays a part),
// whose 52-bit fraction is then rounded to 23 bits in R as an integer; a
// carry out of the fraction steps the exponent, as it should. 64-bit lanes.
template <typename Src, Rounding R>
__attribute__((always_inline)) inline void int_to_float_lanes(const std::uint8_t* x, std::size_t n,
                                                              std::uint32_t* bits) {
  for (std::size_t i = 0; i < n; ++i) {
    Src s;
    std::memcpy(&s, x + sizeof(Src) * i, sizeof(Src));
    const std::int64_t v = s;
    // Selections as masks and arithmetic, not branches, as above.
    const std::uint64_t minus = std::uint64_t(v >> 63);  // all ones for a negative v
    const std::uint64_t negative = minus & 1u;
    const std::uint64_t a = (std::uint64_t(v) ^ minus) - minus;
    double d;
    const std::uint64_t biased_a = 0x4330000000000000u | a;
    std::memcpy(&d, &biased_a, 8);
    d -= 0x1p52;
    std::uint64_t db;
    std::memcpy(&db, &d, 8);
    const std::uint64_t fraction = db & ((std::uint64_t{1} << 52) - 1), dropped = fraction & ((1u << 29) - 1);
    const std::uint64_t top = fraction >> 29, half = std::uint64_t{1} << 28;
    // Rebias from double (1023) to float (127); 0 stays 0.
    const std::uint64_t magnitude = (((db >> 52) - 896) << 23 | top) + round_up<R>(top, dropped, half, negative);
    const std::uint64_t nonzero = 0u - std::uint64_t(a != 0);
    bits[i] = std::uint32_t((magnitude | negative << 31) & nonzero);
  }
}

// Float to half in 32-bit lanes: |x| = m * 2^(e - 150) with a 24-bit m and
// e the biased exponent (1 for a subnormal). A half keeps m's top 11 bits
// in its normal range (biased exponent 113 and up: shift 13) and fewer
// below it, down to none (shift capped at 31: m < 2^30 is then below one
// half). The kept integer plus the exponent field's base is the half's
// magnitude pattern: its implicit bit, or a carry out of the fraction,
// steps the exponent, and a subnormal that rounds up to 2^-14 becomes the
// smallest normal. At 2^16 or more (biased 143 and up), or when rounding
// reaches the infinity pattern, the mode decides between infinity and the
// largest finite half. NaNs keep their top fraction bits and are made
// quiet, as format_convert.hpp does.
template <Rounding R>
__attribute__((always_inline)) inline void float_to_half_lanes(const std::uint8_t* x, std::size_t n,
                                                               std::uint16_t* bits) {
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t b;
    std::memcpy(&b, x + 4 * i, 4);
    const std::uint32_t biased = (b >> 23) & 0xff, fraction = b & 0x7fffff;
    const std::uint32_t negative = b >> 31;
    const std::uint32_t m = fraction | (biased != 0 ? 0x800000u : 0u);
    const std::int32_t e = std::int32_t(biased != 0 ? biased : 1);
    const std::uint32_t shift = std::uint32_t(std::clamp(126 - e, 13, 31));
    const std::uint32_t kept = m >> shift, low = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    const std::uint32_t up = round_up<R>(kept, low, half, negative);
    const std::uint32_t base = e >= 113 ? std::uint32_t(e - 113) << 10 : 0u;  // e - 127 + 15 - 1
    const std::uint32_t rounded = base + kept + up;
    // Overflow: infinity, or the largest finite half where the mode rounds
    // toward zero for this sign.
    std::uint32_t overflow = 0x7c00;
    if constexpr (R == Rounding::TowardZero) overflow = 0x7bff;
    if constexpr (R == Rounding::TowardPositive) overflow = 0x7c00 - negative;
    if constexpr (R == Rounding::TowardNegative) overflow = 0x7bff + negative;
    // Masks, not a bool condition of two compares (see float_to_int_lanes).
    const std::uint32_t overflows = (0u - std::uint32_t(e >= 143)) | (0u - std::uint32_t(rounded >= 0x7c00));
    const std::uint32_t finite = (overflow & overflows) | (rounded & ~overflows);
    const std::uint32_t special = fraction != 0 ? 0x7e00u | (fraction >> 13) : 0x7c00u;
    bits[i] = std::uint16_t(negative << 15 | (biased == 255 ? special : finite));
  }
}

template <typename T, Rounding R, bool Saturate>
void float_to_int_base(const std::uint8_t* x, std::size_t n, Lane<T> max, Lane<T> neg_limit, T* bits, T* defined) {
  float_to_int_lanes<T, R, Saturate>(x, n, max, neg_limit, bits, defined);
}
template <typename T, Rounding R, bool Saturate>
__attribute__((target("avx2"))) void float_to_int_avx2(const std::uint8_t* x, std::size_t n, Lane<T> max,
                                                       Lane<T> neg_limit, T* bits, T* defined) {
  float_to_int_lanes<T, R, Saturate>(x, n, max, neg_limit, bits, defined);
}

template <typename T, Rounding R>
void float_to_int_for(const std::uint8_t* x, std::size_t n, Lane<T> max, Lane<T> neg_limit, bool sat, T* bits,
                      T* defined) {
  const bool avx2 = cpu_has_avx2();
  if (sat) {
    if (avx2) float_to_int_avx2<T, R, true>(x, n, max, neg_limit, bits, defined);
    else float_to_int_base<T, R, true>(x, n, max, neg_limit, bits, defined);
  } else {
    if (avx2) float_to_int_avx2<T, R, false>(x, n, max, neg_limit, bits, defined);
    else float_to_int_base<T, R, false>(x, n, max, neg_limit, bits, defined);
  }
}

template <typename Src, Rounding R>
void int_to_float_base(const std::uint8_t* x, std::size_t n, std::uint32_t* bits) {
  int_to_float_lanes<Src, R>(x, n, bits);
}
template <typename Src, Rounding R>
__attribute__((target("avx2"))) void int_to_float_avx2(const std::uint8_t* x, std::size_t n, std::uint32_t* bits) {
  int_to_float_lanes<Src, R>(x, n, bits);
}

template <typename Src>
void int_to_float_from(const std::uint8_t* x, std::size_t n, Rounding r, std::uint32_t* bits) {
  const bool avx2 = cpu_has_avx2();
  switch (r) {
    case Rounding::NearestEven:
      return avx2 ? int_to_float_avx2<Src, Rounding::NearestEven>(x, n, bits)
                  : int_to_float_base<Src, Rounding::NearestEven>(x, n, bits);
    case Rounding::TowardZero:
      return avx2 ? int_to_float_avx2<Src, Rounding::TowardZero>(x, n, bits)
                  : int_to_float_base<Src, Rounding::TowardZero>(x, n, bits);
    case Rounding::TowardPositive:
      return avx2 ? int_to_float_avx2<Src, Rounding::TowardPositive>(x, n, bits)
                  : int_to_float_base<Src, Rounding::TowardPositive>(x, n, bits);
    case Rounding::TowardNegative:
      return avx2 ? int_to_float_avx2<Src, Rounding::TowardNegative>(x, n, bits)
                  : int_to_float_base<Src, Rounding::TowardNegative>(x, n, bits);
  }
}

template <Rounding R>
void float_to_half_base(const std::uint8_t* x, std::size_t n, std::uint16_t* bits) {
  float_to_half_lanes<R>(x, n, bits);
}
template <Rounding R>
__attribute__((target("avx2"))) void float_to_half_avx2(const std::uint8_t* x, std::size_t n, std::uint16_t* bits) {
  float_to_half_lanes<R>(x, n, bits);
}
template <Rounding R>
void float_to_half_for(const std::uint8_t* x, std::size_t n, std::uint16_t* bits) {
  if (cpu_has_avx2()) float_to_half_avx2<R>(x, n, bits);
  else float_to_half_base<R>(x, n, bits);
}

// Integer to integer. A lane's value v is compared with DST's range in
// 64-bit lanes of the source's signedness: LO and HI are DST's bounds
// clamped to that type (a signed source never exceeds INT64_MAX, an
// unsigned one is never negative), so the compare is exact. The pattern is
// v modulo 2^N (in range, or out of range without _sat); with _sat an
// out-of-range value takes MAX_PATTERN or MIN_PATTERN. Without _sat an
// out-of-range value is defined only for an unsigned destination, which
// the caller knows: DEFINED is written only where it is not null.
template <typename Src, typename T, bool Saturate>
__attribute__((always_inline)) inline void int_to_int_lanes(const std::uint8_t* x, std::size_t n, std::uint64_t lo,
                                                            std::uint64_t hi, T max_pattern, T min_pattern, T* bits,
                                                            T* defined) {
  using W = std::conditional_t<std::is_signed_v<Src>, std::int64_t, std::uint64_t>;
  const W w_lo = W(lo), w_hi = W(hi);
  for (std::size_t i = 0; i < n; ++i) {
    Src s;
    std::memcpy(&s, x + i * sizeof(Src), sizeof(Src));
    const W v = W(s);
    const T above = T(T(0) - T(v > w_hi)), below = T(T(0) - T(v < w_lo));
    const T wrapped = T(v);
    if constexpr (Saturate) {
      bits[i] = T((wrapped & T(~(above | below))) | (max_pattern & above) | (min_pattern & below));
    } else {
      bits[i] = wrapped;
      if (defined) defined[i] = T(~(above | below));
    }
  }
}

template <typename Src, typename T, bool Saturate>
void int_to_int_base(const std::uint8_t* x, std::size_t n, std::uint64_t lo, std::uint64_t hi, T max_pattern,
                     T min_pattern, T* bits, T* defined) {
  int_to_int_lanes<Src, T, Saturate>(x, n, lo, hi, max_pattern, min_pattern, bits, defined);
}
template <typename Src, typename T, bool Saturate>
__attribute__((target("avx2"))) void int_to_int_avx2(const std::uint8_t* x, std::size_t n, std::uint64_t lo,
                                                     std::uint64_t hi, T max_pattern, T min_pattern, T* bits,
                                                     T* defined) {
  int_to_int_lanes<Src, T, Saturate>(x, n, lo, hi, max_pattern, min_pattern, bits, defined);
}

template <typename Src, typename T>
void int_to_int_from(const std::uint8_t* x, std::size_t n, IntFormat dst, bool sat, T* bits, T* defined) {
  // DST's bounds in the compare type of the source's signedness.
  __int128 lo = dst.min(), hi = dst.max();
  if constexpr (std::is_signed_v<Src>) {
    hi = std::min<__int128>(hi, std::numeric_limits<std::int64_t>::max());
  } else {
    lo = std::max<__int128>(lo, 0);
  }
  const T max_pattern = T(dst.pattern_of(dst.max())), min_pattern = T(dst.pattern_of(dst.min()));
  const auto run = cpu_has_avx2() ? (sat ? int_to_int_avx2<Src, T, true> : int_to_int_avx2<Src, T, false>)
                                  : (sat ? int_to_int_base<Src, T, true> : int_to_int_base<Src, T, false>);
  run(x, n, std::uint64_t(lo), std::uint64_t(hi), max_pattern, min_pattern, bits, defined);
}

// Float to double: a normal float's fields moved into the wider ones; a
// subnormal one (m * 2^-149, p the position of m's leading bit) is the
// normal double 2^(p - 149) * (m / 2^p); infinities and NaNs keep their
// fraction, shifted.
__attribute__((always_inline)) inline void float_to_double_lanes(const std::uint8_t* x, std::size_t n,
                                                                 std::uint64_t* bits) {
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t f;
    std::memcpy(&f, x + 4 * i, 4);
    const std::uint64_t sign = std::uint64_t(f >> 31) << 63, e = (f >> 23) & 0xffu, m = f & 0x7fffffu;
    const std::uint64_t normal = (e + (e == 0xff ? 1792u : 896u)) << 52 | m << 29;
    const unsigned p = 63u - unsigned(__builtin_clzll(m | 1));
    const std::uint64_t subnormal = m == 0 ? 0 : (std::uint64_t(p) + 874u) << 52 | ((m << (52 - p)) & 0xfffffffffffffull);
    bits[i] = sign | (e == 0 ? subnormal : normal);
  }
}

// An integer of at most 32 bits to double: |v| < 2^33, so its leading bit
// at p and the bits below it, shifted up to 52 places, are the double.
template <typename Src>
__attribute__((always_inline)) inline void int_to_double_lanes(const std::uint8_t* x, std::size_t n,
                                                               std::uint64_t* bits) {
  for (std::size_t i = 0; i < n; ++i) {
    Src s;
    std::memcpy(&s, x + i * sizeof(Src), sizeof(Src));
    const std::int64_t v = s;
    const std::uint64_t sign = v < 0 ? std::uint64_t{1} << 63 : 0, a = std::uint64_t(v < 0 ? -v : v);
    const unsigned p = 63u - unsigned(__builtin_clzll(a | 1));
    bits[i] = a == 0 ? 0 : sign | (std::uint64_t(p) + 1023u) << 52 | ((a << (52 - p)) & 0xfffffffffffffull);
  }
}

void float_to_double_base(const std::uint8_t* x, std::size_t n, std::uint64_t* bits) {
  float_to_double_lanes(x, n, bits);
}
__attribute__((target("avx2"))) void float_to_double_avx2(const std::uint8_t* x, std::size_t n,
                                                          std::uint64_t* bits) {
  float_to_double_lanes(x, n, bits);
}
template <typename Src>
void int_to_double_base(const std::uint8_t* x, std::size_t n, std::uint64_t* bits) {
  int_to_double_lanes<Src>(x, n, bits);
}
template <typename Src>
__attribute__((target("avx2"))) void int_to_double_avx2(const std::uint8_t* x, std::size_t n, std::uint64_t* bits) {
  int_to_double_lanes<Src>(x, n, bits);
}
template <typename Src>
void int_to_double_from(const std::uint8_t* x, std::size_t n, std::uint64_t* bits) {
  if (cpu_has_avx2()) int_to_double_avx2<Src>(x, n, bits);
  else int_to_double_base<Src>(x, n, bits);
}

// F called with a value of the C integer type of SRC (any of the eight),
// so that a block function is instantiated for each source type once;
// those that take at most 32 bits are not called with a 64-bit one.
template <class F>
void with_int_type(IntFormat src, F f) {
  switch (src.bits) {
    case 8: return src.is_signed ? f(std::int8_t{}) : f(std::uint8_t{});
    case 16: return src.is_signed ? f(std::int16_t{}) : f(std::uint16_t{});
    case 32: return src.is_signed ? f(std::int32_t{}) : f(std::uint32_t{});
    default: return src.is_signed ? f(std::int64_t{}) : f(std::uint64_t{});
  }
}

}  // namespace

template <typename T>
void float_to_int_block(const void* x, std::size_t n, IntFormat dst, Rounding r, bool saturate, T* bits, T* defined) {
  const auto* p = static_cast<const std::uint8_t*>(x);
  const Lane<T> max = Lane<T>(dst.max()), neg_limit = Lane<T>(-dst.min());
  switch (r) {
    case Rounding::NearestEven: return float_to_int_for<T, Rounding::NearestEven>(p, n, max, neg_limit, saturate, bits, defined);
    case Rounding::TowardZero: return float_to_int_for<T, Rounding::TowardZero>(p, n, max, neg_limit, saturate, bits, defined);
    case Rounding::TowardPositive: return float_to_int_for<T, Rounding::TowardPositive>(p, n, max, neg_limit, saturate, bits, defined);
    case Rounding::TowardNegative: return float_to_int_for<T, Rounding::TowardNegative>(p, n, max, neg_limit, saturate, bits, defined);
  }
}

void int_to_float_block(const void* x, std::size_t n, IntFormat src, Rounding r, std::uint32_t* bits) {
  const auto* p = static_cast<const std::uint8_t*>(x);
  with_int_type(src, [&](auto type) {
    if constexpr (sizeof(type) <= 4) int_to_float_from<decltype(type)>(p, n, r, bits);
  });
}

void float_to_double_block(const void* x, std::size_t n, std::uint64_t* bits) {
  const auto* p = static_cast<const std::uint8_t*>(x);
  if (cpu_has_avx2()) float_to_double_avx2(p, n, bits);
  else float_to_double_base(p, n, bits);
}

void int_to_double_block(const void* x, std::size_t n, IntFormat src, std::uint64_t* bits) {
  const auto* p = static_cast<const std::uint8_t*>(x);
  with_int_type(src, [&](auto type) {
    if constexpr (sizeof(type) <= 4) int_to_double_from<decltype(type)>(p, n, bits);
  });
}

void float_to_half_block(const void* x, std::size_t n, Rounding r, std::uint16_t* bits) {
  const auto* p = static_cast<const std::uint8_t*>(x);
  switch (r) {
    case Rounding::NearestEven: return float_to_half_for<Rounding::NearestEven>(p, n, bits);
    case Rounding::TowardZero: return float_to_half_for<Rounding::TowardZero>(p, n, bits);
    case Rounding::TowardPositive: return float_to_half_for<Rounding::TowardPositive>(p, n, bits);
    case Rounding::TowardNegative: return float_to_half_for<Rounding::TowardNegative>(p, n, bits);
  }
}

template <typename T>
void int_to_int_block(const void* x, std::size_t n, IntFormat src, IntFormat dst, bool saturate, T* bits,
                      T* defined) {
  const auto* p = static_cast<const std::uint8_t*>(x);
  if (saturate || !dst.is_signed) defined = nullptr;
  with_int_type(src, [&](auto type) { int_to_int_from<decltype(type)>(p, n, dst, saturate, bits, defined); });
}

template void float_to_int_block<std::uint8_t>(const void*, std::size_t, IntFormat, Rounding, bool, std::uint8_t*,
                                                std::uint8_t*);
template void float_to_int_block<std::uint16_t>(const void*, std::size_t, IntFormat, Rounding, bool, std::uint16_t*,
                                                std::uint16_t*);
template void float_to_int_block<std::uint32_t>(const void*, std::size_t, IntFormat, Rounding, bool, std::uint32_t*,
                                                std::uint32_t*);
template void float_to_int_block<std::uint64_t>(const void*, std::size_t, IntFormat, Rounding, bool, std::uint64_t*,
                                                std::uint64_t*);

template void int_to_int_block<std::uint8_t>(const void*, std::size_t, IntFormat, IntFormat, bool, std::uint8_t*,
                                              std::uint8_t*);
template void int_to_int_block<std::uint16_t>(const void*, std::size_t, IntFormat, IntFormat, bool, std::uint16_t*,
                                               std::uint16_t*);
template void int_to_int_block<std::uint32_t>(const void*, std::size_t, IntFormat, IntFormat, bool, std::uint32_t*,
                                               std::uint32_t*);
template void int_to_int_block<std::uint64_t>(const void*, std::size_t, IntFormat, IntFormat, bool, std::uint64_t*,
                                               std::uint64_t*);

}  // namespace clconform::ref
