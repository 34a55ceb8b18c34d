// The optional integer built-ins of OpenCL C spec 6.15.3 and 6.15.3.1,
// exactly: the extended bit operations on a BITS-bit integer (the value's
// low BITS bits; results likewise), and the 4x8-bit dot products.
#pragma once

#include <cstdint>

namespace clconform::ref {

// Whether OFFSET and COUNT are defined for a BITS-bit type: 6.15.3.1 leaves
// the result undefined when count, offset or offset + count exceeds BITS.
bool bitfield_defined(unsigned offset, unsigned count, unsigned bits);

// bitfield_insert: BASE with bits [offset, offset + count - 1] taken from
// bits [0, count - 1] of INSERT.
uint64_t bitfield_insert(uint64_t base, uint64_t insert, unsigned offset, unsigned count, unsigned bits);
// bitfield_extract_signed / _unsigned: bits [offset, offset + count - 1] of
// BASE as bits [0, count - 1], the rest copies of bit count - 1 (signed) or
// 0 (unsigned); 0 when COUNT is 0.
uint64_t bitfield_extract(uint64_t base, unsigned offset, unsigned count, unsigned bits, bool sign_extend);
// bit_reverse: bit n of the result is bit BITS - n - 1 of BASE.
uint64_t bit_reverse(uint64_t base, unsigned bits);

// dot of two 4-vectors of 8-bit components packed in A and B (component i in
// bits 8i .. 8i + 7), each signed or not: the exact sum of the products.
int64_t dot_4x8(uint32_t a, bool a_signed, uint32_t b, bool b_signed);
// dot_acc_sat: add_sat(dot, ACC) in the 32-bit result type (signed or not),
// ACC and the result as that type's bits.
uint32_t dot_acc_sat_4x8(uint32_t a, bool a_signed, uint32_t b, bool b_signed, uint32_t acc, bool result_signed);

}  // namespace clconform::ref
