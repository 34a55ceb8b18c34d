// Exact answers of the integer built-ins of OpenCL C 3.0 section 6.15.3
// (Integer Functions and the fast 24-bit ones) and of the integer
// operators whose rules section 6.5 states (/ % << >> + - * <), on bit
// patterns of the eight integer formats. Pure integer arithmetic in 128
// bits, where every intermediate value of a 64-bit operand fits; knows
// nothing of OpenCL.
//
// Definitions the spec leaves to C99 or states briefly:
//  * mul24(x, y): the product of x and y taken as 24-bit values, reduced
//    modulo 2^32 (the "32-bit integer result" of 6.15.3); mad24 adds z to
//    it modulo 2^32. Defined only for x, y in [-2^23, 2^23-1] (int) or
//    [0, 2^24-1] (uint); elsewhere 6.15.3 calls the result
//    implementation-defined.
//  * mad_hi(a, b, c) = mul_hi(a, b) + c modulo 2^bits.
//  * rotate(v, i): the count is the low log2(bits) bits of i viewed as
//    unsigned (6.15.3 refers to the shift modulo rules of 6.3/6.5.10).
//  * clz(0), ctz(0): the bit width.
//  * clamp: undefined where minval > maxval.
//  * Operators: / and % truncate toward zero (C99 6.5.5), undefined for a
//    zero divisor and for the most negative value over -1; << and >> use
//    the count modulo the bit width (6.5.10), a signed << is undefined for
//    a negative left operand or a result that does not fit (C99 6.5.7), a
//    signed >> is arithmetic (every OpenCL C compiler's choice; C99 leaves a
//    negative left operand implementation-defined, which is why that case
//    is judged against the arithmetic shift: 6.5.10 describes >> as a shift
//    of the bits with sign extension for signed types); unsigned + - * wrap
//    modulo 2^bits; x < y is 1 or 0 (the caller maps true to -1 for vectors).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "reference/int_convert.hpp"

namespace clconform::ref::integer {

enum class Fn {
  Abs, AbsDiff, AddSat, Hadd, Rhadd, Clamp, Clz, Ctz, MadHi, MadSat, Max, Min, MulHi, Rotate, SubSat, Upsample,
  Popcount, Mad24, Mul24,
  OpDiv, OpRem, OpShl, OpShr, OpAdd, OpSub, OpMul, OpLt,
};

// "abs", "mad24", "op_div" ... as the catalog names them.
std::optional<Fn> function_named(const std::string& name);
unsigned arity(Fn fn);

// The format of FN's result for arguments of format T (the first
// argument's; upsample's lo is the unsigned format of hi's size).
IntFormat result_format(Fn fn, IntFormat t);

// The result pattern (zero-extended) of FN on argument patterns A[0..arity)
// of format T. Where the result is not defined the value is meaningless.
std::uint64_t eval(Fn fn, IntFormat t, const std::uint64_t* a);

// Whether the spec defines FN's result on these arguments.
bool defined(Fn fn, IntFormat t, const std::uint64_t* a);

}  // namespace clconform::ref::integer
