// Inputs of the fp16 conversion checks that are not the store suite's:
// integer edge values, stable and the same for every run.
#pragma once

#include <cstdint>
#include <vector>

namespace clconform::suites::half {

// Integer edge values for conversions from a type of BITS bits: 0, +-1,
// around every power of two (where half's spacing changes and where
// rounding to half starts), the half range's end (65504, 65520) and the
// type's extremes; two's complement patterns, zero-extended.
std::vector<uint64_t> integer_edges(unsigned bits, bool is_signed);

}  // namespace clconform::suites::half
