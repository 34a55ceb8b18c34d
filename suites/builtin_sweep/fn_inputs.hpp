// Input values for the built-in function suites, as bit patterns: the edge
// values every float argument must meet, random bit patterns, values of a
// moderate magnitude, and values in [0, 1].
#pragma once

#include <cstdint>
#include <vector>

#include "fn_case.hpp"

namespace clconform::suites::fn {

// Signed zeros, the subnormal and normal range's ends, +-1, infinities,
// quiet and signalling NaNs (with payloads) of half (BYTES = 2), float (4) or
// double (8).
const std::vector<uint64_t>& float_edges(unsigned bytes);

// Random bits of the format.
uint64_t random_bits(Rng& rng, unsigned bytes);
// A random sign, an exponent in [lo, hi] (unbiased; for half clamped to its
// normal binades), a random significand.
uint64_t float_in_binades(Rng& rng, unsigned bytes, int lo, int hi);
// A value in [0, 1]: 0, 1 and 0.5 now and then, else uniform.
uint64_t unit_value(Rng& rng, unsigned bytes);
// Work-items below this index draw their float values from the edge values.
constexpr uint64_t kEdgeItems = 48;
// An edge value for work-items below kEdgeItems, else a mix: random bits,
// moderate magnitudes (binades -20..20; half: -8..8) and values near 1.
uint64_t any_float(Rng& rng, uint64_t index, unsigned bytes);
// As any_float, but finite (the edge values without infinities and NaNs).
uint64_t finite_float(Rng& rng, uint64_t index, unsigned bytes);
// The value of a half/float/double bit pattern as a double (exact).
double as_double(uint64_t bits, unsigned bytes);
// V rounded to the nearest value of the format (ties to even).
uint64_t from_double(double v, unsigned bytes);

}  // namespace clconform::suites::fn
