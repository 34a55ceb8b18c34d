// The edge values of a double argument (math_inputs.hpp's sequence for the
// double cases): the float lists' counterparts at double's limits.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clconform::suites::math {

// One double argument: specials, both ends of every binade, and the
// catalog's SETS ("trig", "halves", "unit", "exp:e", "exp:2", "exp:10",
// "hyper", "gamma"; "int:*" sets are ignored here). Sorted, unique.
// Throws std::runtime_error for an unknown set.
std::vector<uint64_t> double_edges(const std::vector<std::string>& sets);

// The shorter list of one argument of a multi-argument cross product: a
// core list plus at most 64 values of SETS.
std::vector<uint64_t> double_cross_edges(const std::vector<std::string>& sets);

// nan()'s ulong codes.
std::vector<uint64_t> ulong_edges();

// Published arguments that are hard for sin, cos and tan at double: doubles
// extremely close to a multiple of pi/2 (data; math_inputs_fp64.cpp cites
// where each comes from).
const std::vector<uint64_t>& hard_trig_doubles();

}  // namespace clconform::suites::math
