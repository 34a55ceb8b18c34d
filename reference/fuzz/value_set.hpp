// The values one component of a fuzz program's node may hold on a
// conforming device: a closed range and, for floats, whether a NaN is among
// them. A range is a superset of the true set (the hull of what every
// permitted intermediate result leads to), so a device value outside it is
// wrong, and one inside it is not proven right, only not proven wrong.
//
// Floats are ordered by key(): -inf < ... < -0 < +0 < ... < +inf, so a
// range tells the zeros apart ([-0, -0] holds only -0). Integers are
// ordered by value.
#pragma once

#include <cstdint>
#include <string>

#include "reference/fuzz/program.hpp"

namespace clconform::ref::fuzz {

// Why a component has no usable range: its lane is left unjudged, and
// counted under the reason.
enum class Unknown : uint8_t {
  None,
  Branch,     // an `if` whose condition the ranges cannot decide
  Wide,       // a range too wide to evaluate an operation over
  NonFinite,  // -cl-finite-math-only: an infinity or NaN, on which the spec gives no verdict
  Undefined,  // an operation the spec leaves undefined for these operands
  Unbounded,  // an operation whose accuracy the spec does not bound here (a mad under -cl-mad-enable)
  Excluded,   // operands the built-in's suite does not judge either: a tolerance no rounded evaluation
              // can meet, a defining formula that overflows, a NaN beside an infinity in a length
};
const char* unknown_name(Unknown u);

struct Set {
  Unknown unknown = Unknown::None;
  bool nan = false;  // floats: some NaN is possible
  bool num = true;   // the range [lo, hi] is possible
  __int128 lo = 0, hi = 0;

  bool known() const { return unknown == Unknown::None; }
  bool is_point() const { return known() && num && !nan && lo == hi; }
};

Set unknown_set(Unknown why);
Set nan_set();

// Float keys: a monotone map of a format's non-NaN patterns to integers.
__int128 float_key(uint64_t bits, unsigned format_bits);
uint64_t float_bits(__int128 key, unsigned format_bits);
bool float_is_nan(uint64_t bits, unsigned format_bits);
// The default quiet NaN of a 16-, 32- or 64-bit float format.
uint64_t quiet_nan_bits(unsigned format_bits);
// The value of a half, float or double pattern, exactly, as a double.
double float_value(uint64_t bits, unsigned format_bits);

// The set holding exactly the value of pattern BITS of element E (a NaN
// pattern gives the NaN set).
Set point_of(uint64_t bits, const Elem& e);

// The pattern of an integer value, and the value of a pattern.
uint64_t int_bits(__int128 value, const Elem& e);
__int128 int_value(uint64_t bits, const Elem& e);

// The smallest set holding A and B.
Set hull(const Set& a, const Set& b);

// Whether device bits BITS lie in S.
bool contains(const Set& s, uint64_t bits, const Elem& e);

// Whether S (a float set of format FORMAT_BITS) holds a subnormal, an
// infinity, a zero.
bool has_subnormal(const Set& s, unsigned format_bits);
bool has_infinity(const Set& s, unsigned format_bits);
bool has_zero(const Set& s);

// S with both zeros added (the hull reaches from S to them).
Set with_zeros(const Set& s);

// How many values S holds (a NaN counts as one); saturates at LIMIT + 1.
uint64_t count(const Set& s, uint64_t limit);

// "[0x3f800000, 0x3f800002]", "{NaN}", "[1, 3] or NaN", "unknown (branch)":
// the expected value a failure record shows (floats as patterns and, for a
// person, decimal approximations).
std::string describe(const Set& s, const Elem& e);

}  // namespace clconform::ref::fuzz
