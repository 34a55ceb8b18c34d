// The conversions an exhaustive sweep over 32-bit sources needs, for a
// block of lanes at once: float to an integer type, an integer type of at
// most 32 bits to float or double, float to half or double, in every
// rounding mode, and every integer type to every other. A second
// derivation of the rules int_convert.hpp and format_convert.hpp implement
// (OpenCL C 3.0 6.4.3.2 and 6.4.3.3; 6.15.7 for vstore_half), written as
// one branch-free loop per type and rounding mode in 32- and 64-bit lanes,
// which the compiler vectorizes (with AVX2 where the CPU has it).
// tests/reference/test_convert_block.cpp checks every lane against those
// headers on the edges of every binade, on both sides of every half and
// its rounding midpoints, on seeded samples, and every 8- and 16-bit
// source in full.
//
// Layout: N packed source patterns (the sweep's buffer, little-endian);
// the results as N packed patterns of the destination's element type.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reference/int_convert.hpp"
#include "reference/rounding.hpp"

namespace clconform::ref {

// float_to_int<Float> of N float patterns X into DST (any integer type):
// per lane BITS (IntResult::bits) and, without SATURATE, DEFINED (all ones
// where IntResult::defined, else 0; saturated, every result is defined and
// DEFINED, which may be null, is not written). T is DST's unsigned element
// type (uint8_t, uint16_t, uint32_t or uint64_t).
template <typename T>
void float_to_int_block(const void* x, std::size_t n, IntFormat dst, Rounding r, bool saturate, T* bits, T* defined);

// int_to_float<Float> of N patterns X of SRC (at most 32 bits) into BITS.
void int_to_float_block(const void* x, std::size_t n, IntFormat src, Rounding r, std::uint32_t* bits);

// int_to_int of N patterns X of SRC (any integer type) into DST (any
// integer type; T its unsigned element type): per lane BITS and, only
// without SATURATE and to a signed type (where an out-of-range result is
// implementation-defined), DEFINED as above; otherwise every result is
// defined and DEFINED, which may be null, is not written. No rounding
// mode enters: the value is an integer already, and int_to_int has none.
template <typename T>
void int_to_int_block(const void* x, std::size_t n, IntFormat src, IntFormat dst, bool saturate, T* bits, T* defined);

// convert<Float, Double> of N float patterns X into BITS: exact, so the
// same in every rounding mode. A NaN lane holds some NaN; the caller
// judges NaN lanes one by one.
void float_to_double_block(const void* x, std::size_t n, std::uint64_t* bits);

// int_to_float<Double> of N patterns X of SRC (at most 32 bits) into BITS:
// every such integer is a double, so the same in every rounding mode.
void int_to_double_block(const void* x, std::size_t n, IntFormat src, std::uint64_t* bits);

// convert<Float, Half> of N float patterns X into BITS.
void float_to_half_block(const void* x, std::size_t n, Rounding r, std::uint16_t* bits);

}  // namespace clconform::ref
