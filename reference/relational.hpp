// Host references of the relational built-ins (OpenCL C 3.0 spec, 6.15.6).
// Pure bit-pattern logic: the IEEE comparison of two values of a float
// format (any comparison with a NaN is false, -0 == +0), the
// classification predicates, the MSB tests of any/all, and the bit-wise
// selections. Results are "true"/"false"; the caller turns them into 1/0
// for scalars and -1/0 for vectors (6.15.6).
#pragma once

#include <cstdint>
#include <string>

#include "reference/fp_bits.hpp"

namespace clconform::ref::relational {

// Whether NAME ("isequal", ..., "signbit") is one of the 14 predicates, and its arity.
int predicate_arity(const std::string& name);  // 0: not a predicate

// The predicate NAME on values X (and Y for the two-argument ones) of F.
template <typename F>
bool predicate(const std::string& name, typename F::Bits x, typename F::Bits y);

// The most significant bit of a lane of BYTES bytes.
inline bool msb(uint64_t bits, unsigned bytes) { return (bits >> (8 * bytes - 1)) & 1; }

// bitselect: each bit from B where C has a 1, else from A.
inline uint64_t bitselect(uint64_t a, uint64_t b, uint64_t c) { return (a & ~c) | (b & c); }

// select: for a vector lane, B where the selector lane's MSB is set, else A;
// for a scalar, B where the selector is non-zero, else A.
inline uint64_t select(uint64_t a, uint64_t b, uint64_t c, unsigned c_bytes, bool vector) {
  return (vector ? msb(c, c_bytes) : c != 0) ? b : a;
}

}  // namespace clconform::ref::relational
