// What the functions of the sub-group extensions may return (OpenCL C spec
// 6.15.20.1 to 6.15.20.7), given the values of the work-items they combine.
// Which work-items those are (active, in a cluster, before this one) is the
// caller's business; this file holds the arithmetic and the bitfields.
//
// add and mul of floats: the order of the operations is not guaranteed
// (the notes after 6.15.20.2's and 6.15.20.3's tables), so a result is any
// evaluation of the terms in some order and grouping, each operation
// correctly rounded (7.4). add uses collective.hpp's bound. For mul, with n
// terms every result is P * prod(1 + d_j) over n - 1 roundings, |d_j| <=
// u = 2^-p (no partial product overflows or is subnormal: the suite's
// inputs lie within 2^-6 of +-1), so it lies in [P (1-u)^(n-1),
// P (1+u)^(n-1)] for P > 0, mirrored for P < 0; the ends are computed
// exactly (MPFR) and rounded outwards.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reference/collective.hpp"

namespace clconform::ref {

enum class SgOp { add, mul, min, max, bit_and, bit_or, bit_xor, logical_and, logical_or, logical_xor };
SgOp sg_op(const std::string& name);  // "add" ... "logical_xor", as in the built-in names
bool sg_logical(SgOp op);

// What one result may be.
struct SgExpect {
  enum class Kind { value, truth };
  Kind kind = Kind::value;
  Accepted value;      // kind value: exact bits, or an interval of values
  bool truth = false;  // kind truth: whether the result must be non-zero (6.15.20.2: a non-zero return is true)
  bool accepts(ElemType t, uint64_t got) const;
};

// The identity of OP (6.15.20.3, the exclusive scans): add 0, mul 1, min the
// largest value (+INF), max the smallest (-INF), and ~0, or and xor 0;
// logical_and true, logical_or and logical_xor false.
SgExpect sg_identity(SgOp op, ElemType t);

// OP over TERMS (bits of type T; logical ops read int predicates); the
// identity when TERMS is empty. Signed add and mul must stay in range
// (signed overflow is undefined); the suite's inputs see to it, and a sum
// or product that leaves the range throws.
SgExpect sg_combine(SgOp op, ElemType t, const std::vector<uint64_t>& terms);

// The interval of any-order products of TERMS in a format of P significand
// bits (see the comment at the top), and the format's value nearest the
// exact product as NEAREST.
SumInterval any_order_product(const std::vector<double>& terms, int p);

// The ballot bitfield: bit i of word i / 32 stands for sub-group local id i.
using Ballot = std::array<uint32_t, 4>;
bool ballot_bit(const Ballot& b, unsigned i);
// The number of set bits of B with index < BELOW (at most 128).
unsigned ballot_count(const Ballot& b, unsigned below);
// The smallest or largest set bit of B with index < BELOW; nullopt when
// there is none (the result is then undefined, 6.15.20.1).
std::optional<unsigned> ballot_lsb(const Ballot& b, unsigned below);
std::optional<unsigned> ballot_msb(const Ballot& b, unsigned below);
// get_sub_group_<WHICH>_mask() (WHICH eq, ge, gt, le or lt) for sub-group
// local id LID in a dispatch of maximum sub-group size MAX: ge and gt stop
// below MAX (6.15.20.1).
Ballot sub_group_mask(const std::string& which, unsigned lid, unsigned max);

}  // namespace clconform::ref
