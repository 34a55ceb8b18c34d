// Inputs of the fp16 checks, lane by lane and stable (a lane's value depends
// only on the seed, the case and the lane number, so --index re-runs it).
//
// Functions of one half: every one of the 65536 patterns, lane e = e mod
// 65536. Functions of several arguments: first every combination of a list
// of special values (zeros, denormals, 1, 0.5, 2, the largest finite,
// infinities, NaNs, integers and ties; ints: 0, +-1, small and extreme
// exponents, INT_MIN, INT_MAX), then seeded random lanes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reference/half_math.hpp"

namespace clconform::suites::half {

class Fp16Inputs {
 public:
  // KINDS is the argument kinds ("h", "hh", "hhh", "hi"); RANDOM the number
  // of random lanes after the special combinations (ignored for "h").
  Fp16Inputs(std::string kinds, uint64_t seed, uint64_t stream, uint64_t random);
  uint64_t lanes() const { return total_; }
  std::vector<ref::half_math::Arg> lane(uint64_t e) const;

 private:
  std::string kinds_;
  uint64_t seed_, stream_, combos_, total_;
  const std::vector<uint16_t>& specials() const;
};

// Integer edge values for conversions from a type of BITS bits: 0, +-1,
// around every power of two (where half's spacing changes and where
// rounding to half starts), the half range's end (65504, 65520) and the
// type's extremes; two's complement patterns, zero-extended.
std::vector<uint64_t> integer_edges(unsigned bits, bool is_signed);

}  // namespace clconform::suites::half
