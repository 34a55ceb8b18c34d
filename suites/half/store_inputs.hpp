// The inputs of the store checks and the verdict on one stored half.
//
// Inputs (float or double bit patterns, as uint64_t): the edge values around
// every rounding boundary of half (store_edges), then seeded random lanes
// (random_lane) that cover every source exponent. Lane numbers are stable,
// so a failing lane is re-run by its number alone (--index).
#pragma once

#include <cstdint>
#include <vector>

#include "reference/rounding.hpp"

namespace clconform::suites::half {

// Every half denormal and a spread of mantissas in every half binade: each
// exact value, the midpoint to the next half, and their neighbours in the
// source format, both signs; the overflow thresholds near 65504 and 65520;
// underflow to zero; +-0, +-inf, quiet and signalling NaNs with payloads.
// Double inputs add neighbours one double ulp from each midpoint, which
// catch a double rounding through float.
std::vector<uint64_t> store_edges(bool from_double);

// Seeded random lane R (counter_bits output): odd R have an exponent in or
// near half's range, even R are random bits over every exponent.
uint64_t random_lane(bool from_double, uint64_t r);

// The numbers of lanes of a store case's input: edges first, then random.
constexpr uint64_t kQuickRandom = 8192;

// What one stored half means. Half results are never flushed (6.15.7);
// where the build (-cl-denorms-are-zero) or the device (no CL_FP_DENORM)
// may flush the source format's denormals, a denormal operand may first
// become a zero of either sign (7.5.3, rule 3), whose half is that zero.
struct StoreRule {
  bool from_double = false;
  ref::Rounding rounding = ref::Rounding::NearestEven;
  bool flush_inputs = false;
};

enum class StoreVerdict { Exact, NaN, Flushed, Wrong };

// The correctly rounded half of input X (reference/format_convert).
uint16_t store_reference(const StoreRule& rule, uint64_t x);

// The verdict on GOT for input X whose correctly rounded half is WANT.
StoreVerdict judge_store(const StoreRule& rule, uint64_t x, uint16_t got, uint16_t want);

}  // namespace clconform::suites::half
