// convert_<integer type>[_sat][_rtX](half): a half rounded to an integer in
// one of the four rounding modes, then fitted to the destination type
// (OpenCL C spec 6.4.3.2 rounding modes, _rtz by default for integer
// destinations; 6.4.3.3 out-of-range behaviour and _sat). Integer arithmetic
// on the half's bits only.
#pragma once

#include <cstdint>
#include <optional>

#include "reference/rounding.hpp"

namespace clconform::ref {

struct IntType {
  unsigned bits = 32;  // 8, 16, 32 or 64
  bool is_signed = true;
  int64_t min() const;
  uint64_t max() const;
};

// The half H rounded to an integer in mode R (+-inf and NaN have none).
// The magnitude of a finite half is at most 65504, so it fits.
std::optional<int64_t> round_half_to_integer(uint16_t h, Rounding r);

// The destination's bit pattern (two's complement, zero-extended to 64 bits)
// of converting H to TYPE. Out-of-range values and NaN: with SAT, the
// nearest representable value and 0 for NaN; without, nullopt, because the
// spec makes the result implementation-defined.
std::optional<uint64_t> half_to_int(uint16_t h, IntType type, Rounding r, bool sat);

}  // namespace clconform::ref
