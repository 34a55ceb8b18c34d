// What converting one scalar of any of the ten element types to another
// must give, by the rules of OpenCL C 3.0 spec 6.4.3 (reference/int_convert,
// reference/format_convert), and what flush-to-zero (7.5.3) may change.
#pragma once

#include <cstdint>
#include <string>

#include "manifest.hpp"
#include "reference/int_convert.hpp"
#include "reference/rounding.hpp"

namespace clconform::suites::conversions {

struct Expected {
  uint64_t bits = 0;
  bool defined = true;  // false: implementation-defined, not judged
  bool nan = false;     // a floating-point NaN is due: any NaN is right
  bool out_of_range = false;
};

// SRC and DST are scalar element types; X is a pattern of SRC (low bytes).
Expected convert_scalar(const TypeDesc& src, const TypeDesc& dst, uint64_t x, ref::Rounding r, bool saturate);

// Whether GOT (a DST pattern) is one of the extra results 7.5.3 allows when
// denormals may be flushed: FLUSH_SRC / FLUSH_DST say whether the device may
// flush SRC's / DST's format. A subnormal operand may read as a zero of
// either sign (rules 3 and 4); a result that is subnormal before rounding
// may be a zero of either sign (rule 2).
bool flush_allows(const TypeDesc& src, const TypeDesc& dst, uint64_t x, uint64_t got, ref::Rounding r,
                  bool saturate, bool flush_src, bool flush_dst);

bool is_float_nan(const TypeDesc& t, uint64_t bits);
bool is_subnormal(const TypeDesc& t, uint64_t bits);
// A NaN or an infinity of T; never for an integer type.
bool is_nonfinite(const TypeDesc& t, uint64_t bits);
ref::IntFormat int_format(const TypeDesc& t);
uint64_t load_lane(const uint8_t* base, unsigned elem_size, size_t lane);
void store_lane(uint8_t* base, unsigned elem_size, size_t lane, uint64_t bits);
// The value of a pattern for failure records: "0x... (decimal)".
std::string show(const TypeDesc& t, uint64_t bits);

}  // namespace clconform::suites::conversions
