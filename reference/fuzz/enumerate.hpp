// What every operation of the fuzz oracle does with value sets: the values
// to evaluate it at, their combinations across operands, and the results
// of a format that lie within a tolerance of the real ones.
#pragma once

#include <cstdint>
#include <vector>

#include "reference/fuzz/value_set.hpp"
#include "reference/mpfr_value.hpp"

namespace clconform::ref::fuzz {

// The values of S to evaluate at, as patterns of element E: every value
// when S holds at most LIMIT, else (CORNERS) the ends of its range and the
// zeros inside it. FLUSH_ZEROS adds both zeros to a float set holding a
// subnormal (7.5.3: a subnormal operand may be read as a zero). False when
// S is too wide.
bool values_of(const Set& s, const Elem& e, bool corners, bool flush_zeros, uint64_t limit, std::vector<uint64_t>* out);

// Whether the operands' value lists have at most LIMIT combinations.
bool product_fits(const std::vector<std::vector<uint64_t>>& vals, uint64_t limit);

// FN(one pattern per operand) for every combination of the operands' values.
template <typename Fn>
void for_each_combination(const std::vector<std::vector<uint64_t>>& vals, Fn&& fn) {
  std::vector<size_t> at(vals.size(), 0);
  std::vector<uint64_t> cur(vals.size());
  for (;;) {
    for (size_t i = 0; i < vals.size(); ++i) cur[i] = vals[i][at[i]];
    fn(cur);
    size_t i = 0;
    while (i < vals.size() && ++at[i] == vals[i].size()) at[i++] = 0;
    if (i == vals.size()) return;
  }
}

// The values of a FORMAT_BITS float format within SLACK of the reals [LO,
// HI], rounded inward. 7.4 permits an overflow within the bound, so an
// infinity stands for every magnitude of 2^(emax+1) and beyond
// (reference/fn_bound.hpp).
Set within(const Mpfr& lo, const Mpfr& hi, const Mpfr& slack, unsigned format_bits);

// within() with a slack of ULPS times UNIT (a power of two, the ulp the
// bound is counted in), rounded up.
Set within_ulps(const Mpfr& lo, const Mpfr& hi, const Mpfr& unit, double ulps, unsigned format_bits);

// The ulp of real X in a FORMAT_BITS float format (reference/ulp.hpp).
Mpfr ulp_in(const Mpfr& x, unsigned format_bits);

// The set holding exactly the float pattern BITS of format F.
template <typename F>
Set float_point(uint64_t bits) {
  return point_of(bits, Elem{true, F::total_bits, true});
}

}  // namespace clconform::ref::fuzz
