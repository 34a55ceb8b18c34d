// The integer built-ins and operators of reference/integer.hpp again, for a
// block of argument tuples at once: one tight loop per function and element
// type, in the element's own C++ type (and the next wider one where a sum or
// a product needs it), which the compiler vectorizes. A second derivation of
// the same definitions (those of integer.hpp's comment, OpenCL C 3.0
// sections 6.15.3 and 6.5); tests/reference/test_integer_block.cpp checks
// that the two agree on every defined lane, and on which lanes are defined.
//
// Layout: argument k is N packed patterns of the element type (little-
// endian, as in the sweep's buffers; upsample's lo argument is the unsigned
// type of the same size); the results are N packed patterns of the result
// type; DEFINED gets one mask per lane, of the result type's size, all ones
// where the spec defines the result and 0 where it does not (the result
// there is meaningless).
#pragma once

#include <cstddef>

#include "reference/integer.hpp"

namespace clconform::ref::integer {

using BlockEval = void (*)(const void* const* args, std::size_t n, void* out, void* defined);

// The block form of FN on arguments of format T whose result has format
// RESULT (result_format(FN, T), or for OpLt the 1/0 result's type), or
// nullptr where there is none: upsample of 64-bit types, the 24-bit
// functions on other than 32-bit types, a RESULT that does not fit.
BlockEval block_eval(Fn fn, IntFormat t, IntFormat result);

}  // namespace clconform::ref::integer
