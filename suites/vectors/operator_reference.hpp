// The operators on vector lanes (OpenCL C 6.5), computed on the host from
// the operator's name, and the operands each operator's case uses: chosen
// so that every result the host expects is defined by the spec (no signed
// overflow, no division by zero, no integer division overflow) while still
// reaching the corners (unsigned wrap, shift counts beyond the width, NaN
// and signed zeros in comparisons).
#pragma once

#include <cstdint>
#include <string>

#include "manifest.hpp"

namespace clconform::suites::vectors {

enum class Operand { A, B, Cond };

// The bits of operand ROLE of operator OP at element POSITION of a
// work-item's region; position % 16 decides the patterns (zeros, equal
// pairs, NaN), RANDOM the rest. Cond is the signed integer of ELEM's size.
uint64_t operand_bits(const std::string& op, Operand role, const TypeDesc& elem, unsigned position, uint64_t random);

// OP applied to one lane: binary operators take (a, b); unary ones and
// ++/-- take a; "select" is cond ? a : b as select(b, a, cond) defines it.
// Relational, equality and logical results are the -1/0 lanes of the
// signed integer of ELEM's size. Throws std::invalid_argument for an
// unknown operator.
uint64_t apply(const std::string& op, const TypeDesc& elem, uint64_t a, uint64_t b, uint64_t cond);

// True for the operators with one operand (+x -x ~x !x ++ --).
bool is_unary(const std::string& op);

// True for the relational and equality operators, whose operands the
// checks make equal at every third lane (by drawing both from one random
// number) so that both outcomes occur.
bool is_comparison(const std::string& op);

}  // namespace clconform::suites::vectors
