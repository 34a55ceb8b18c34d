// Exact conversions to and from OpenCL C's eight integer types, in every
// rounding mode and with or without saturation: the answers
// convert_<integer>[_sat][_rte|_rtz|_rtp|_rtn](float, double, integer) and
// convert_<float|double>_rtX(integer) must give.
//
// Everything is integer arithmetic on values and bit patterns (128-bit
// where 64 bits could overflow); the host FPU is never asked to convert, so
// its rounding mode and FTZ/DAZ flags cannot leak in. Integer to float goes
// through format_convert's round_scaled, which is exact in every mode.
//
// Rules (OpenCL C 3.0 spec 6.4.3 "Explicit Conversions"):
//  * 6.4.3.2: float to integer rounds the exact value in the requested
//    mode (default _rtz); the result is the rounded integer.
//  * 6.4.3.3: a value outside the destination's range is out of range.
//    With _sat it is clamped to the nearest representable value and NaN
//    becomes 0. Without _sat, from a float the result is
//    implementation-defined; between integers it follows C99 6.3.1.3: an
//    unsigned destination takes the value modulo 2^N (defined), a signed
//    one gets an implementation-defined value.
//  * "Out of range" is judged on the rounded integer, as IEEE 754-2008 5.8
//    does for convertToInteger (6.4.3.2 asks for IEEE 754 rules): 127.4
//    converts to char as 127 in _rte and _rtz, but is out of range in _rtp.
#pragma once

#include <cstdint>

#include "reference/fp_bits.hpp"
#include "reference/rounding.hpp"

namespace clconform::ref {

// One of char, uchar, short, ushort, int, uint, long, ulong.
struct IntFormat {
  unsigned bits;  // 8, 16, 32 or 64
  bool is_signed;

  __int128 min() const { return is_signed ? -(__int128(1) << (bits - 1)) : 0; }
  __int128 max() const { return is_signed ? (__int128(1) << (bits - 1)) - 1 : (__int128(1) << bits) - 1; }
  std::uint64_t mask() const { return bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1; }
  // The value a pattern (in the low BITS bits of P) stands for.
  __int128 value_of(std::uint64_t p) const;
  // The pattern of V modulo 2^bits (two's complement for signed formats).
  std::uint64_t pattern_of(__int128 v) const { return std::uint64_t(v) & mask(); }
};

// Where the (rounded) source value lies against the destination's range.
enum class IntRange { InRange, Above, Below, NaN };

struct IntResult {
  std::uint64_t bits = 0;   // the destination pattern, zero-extended
  IntRange range = IntRange::InRange;
  // False where the spec leaves the result to the implementation (an
  // out-of-range or NaN source without _sat, except an integer going to an
  // unsigned type). BITS then holds the (rounded) value modulo 2^N, the
  // two's complement wrap most devices give, for information only; 0 for a
  // NaN, an infinity or a magnitude of 2^65 or more.
  bool defined = true;
};

// A Float or Double pattern to an integer format.
template <typename F>
IntResult float_to_int(typename F::Bits x, IntFormat dst, Rounding r, bool saturate);

// An integer pattern of format SRC to format DST.
IntResult int_to_int(std::uint64_t x, IntFormat src, IntFormat dst, bool saturate);

// An integer pattern of format SRC to Float or Double, correctly rounded in R.
template <typename F>
typename F::Bits int_to_float(std::uint64_t x, IntFormat src, Rounding r);

}  // namespace clconform::ref
