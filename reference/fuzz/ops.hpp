// The operations of a fuzz program on value sets, one component at a time:
// what a conforming device may compute from any values the operands' sets
// hold. Float operations go through the math reference's enclosure of the
// real result (math/mpfr_eval.hpp) widened by the operation's bound;
// integer ones through the exact integer reference (integer.hpp).
//
// An operation over sets that are not single values is evaluated at every
// value they hold when there are few (kEnumerateLimit combinations), else at
// the ends of each range (with the zeros inside it) for the functions that
// are monotone in each argument on the range (ops.cpp lists them and their
// domains); anything else gives Unknown::Wide.
#pragma once

#include <string>
#include <vector>

#include "reference/fuzz/program.hpp"
#include "reference/fuzz/value_set.hpp"

namespace clconform::ref::fuzz {

inline constexpr uint64_t kEnumerateLimit = 64;

// The numerical freedoms of the build (harness/fp_rules.hpp fills them from
// the options and the device, with the sections they come from).
struct Rules {
  bool flush_half = false, flush_float = false, flush_double = false;  // 7.5.3: subnormals may be flushed
  bool finite_only = false;      // -cl-finite-math-only: no verdict on inf or NaN
  bool no_signed_zeros = false;  // -cl-no-signed-zeros: the sign of a zero is not significant
  bool mad_enable = false;       // -cl-mad-enable: a * b + c may become a mad of any accuracy
  // -cl-unsafe-math-optimizations: 7.4's relaxed table (the generator's
  // bounds) and no edge-case behaviour, so an exact zero is bounded like any
  // other result instead of prescribed (API spec, optimization options (d))
  bool relaxed = false;
  bool may_flush(unsigned bits) const { return bits == 64 ? flush_double : bits == 16 ? flush_half : flush_float; }
};

// A float result's set after the build's freedoms: subnormals may flush,
// zeros may take either sign, and an infinity or NaN ends the verdict
// under -cl-finite-math-only.
Set settle_float(Set s, unsigned format_bits, const Rules& rules);

// A math built-in (its OpenCL name: "sin", "fma", ...) or a float operator
// ("add", "sub", "mul", "divide") at format FORMAT_BITS under BOUND.
Set eval_math(const std::string& fn, const Bound& bound, unsigned format_bits, const std::vector<Set>& args,
              const Rules& rules);

// An integer built-in of 6.15.3 ("add_sat", "upsample", ...) or an integer
// operator (Op::Add ... Op::Shr, Op::And, Op::Or, Op::Xor, Op::Not) on
// operands of element ARG; RESULT is the result's element.
Set eval_int_fn(const std::string& fn, const Elem& arg, const Elem& result, const std::vector<Set>& args);
Set eval_int_op(Op op, const Elem& e, const std::vector<Set>& args);

// A comparison operator (Op::Lt ... Op::Ne) or relational built-in of 6.15.6
// on operands of element E; TRUE_VALUE is 1 (scalars, any/all) or -1
// (vectors).
Set eval_compare(Op op, const Set& a, const Set& b, const Elem& e, int true_value);
Set eval_relational(const std::string& fn, const std::vector<Set>& args, const Elem& e, int true_value);

// bitselect(a, b, c) of one component: the bits of b where c has ones,
// of a elsewhere (6.15.6), on patterns of element E.
Set eval_bitselect(const Set& a, const Set& b, const Set& c, const Elem& e);

// convert_<to>[_sat][_round] of one component.
Set eval_convert(const Set& a, const Elem& from, const Elem& to, bool sat, const std::string& round,
                 const Rules& rules);

}  // namespace clconform::ref::fuzz
