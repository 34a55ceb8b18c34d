// Expected results of the work-group and sub-group collective functions
// (OpenCL C 3.0 spec 6.15.16 and 6.15.19): reduce, inclusive scan and
// exclusive scan with add, min or max, over int, uint, long, ulong, half,
// float and double.
//
// Integers are exact (add wraps modulo 2^bits; the suites keep signed sums in
// range, since signed overflow is undefined). min and max are exact for
// floats too. For a floating-point add the spec leaves the order of the
// additions unspecified (6.15.16 and 6.15.19, the notes after the tables),
// so the result is any sum of the same terms in some order and grouping,
// each addition correctly rounded (7.4: x + y is correctly rounded; 7.1:
// round to nearest is the default). With n terms each term passes through at
// most n - 1 roundings, so the result is sum(a_i * prod(1 + d_j)) with
// |d_j| <= u = 2^-p, and |result - S| <= g(n-1) * sum|a_i| where S is the
// exact sum and g(m) = m*u / (1 - m*u) (Higham, Accuracy and Stability of
// Numerical Algorithms, 2nd ed., section 4.2). That holds while no partial
// sum overflows or falls into the subnormal range, which the suites' inputs
// guarantee (their README shows why). The accepted interval is that bound,
// computed in exact arithmetic (MPFR) and rounded outwards.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clconform::ref {

enum class CollectiveKind { reduce, scan_inclusive, scan_exclusive };
enum class CollectiveOp { add, min, max };

// An element type: 'i' signed or 'u' unsigned integer, 'f' IEEE binary
// float (BYTES 2, 4 or 8), of BYTES bytes.
struct ElemType {
  char format = 'i';
  unsigned bytes = 4;
};

// What one work-item may return.
struct Accepted {
  bool interval = false;  // false: exactly BITS; true: any value of the format in [lo, hi]
  uint64_t bits = 0;      // the exact result, or the format's value nearest the exact sum
  double lo = 0, hi = 0;  // the interval's ends (every half, float and double is a double)
  bool accepts(ElemType t, uint64_t got) const;  // GOT: the bits a work-item returned
};

CollectiveKind collective_kind(const std::string& name);  // "reduce", "scan_inclusive", "scan_exclusive"
CollectiveOp collective_op(const std::string& name);      // "add", "min", "max"

// The value of BITS read as type T (integers as their value, floats exactly).
double elem_value(ElemType t, uint64_t bits);
// BITS as text: decimal for integers, %.17g and hex bits for floats.
std::string elem_text(ElemType t, uint64_t bits);

// The identity of OP for type T (6.15.16): 0 for add; the type's largest
// value (+INF for floats) for min; its smallest value (0 unsigned, -INF for
// floats) for max.
uint64_t collective_identity(CollectiveOp op, ElemType t);

// The result each member must return, members given by their inputs in scan
// order (increasing local linear id, or sub-group local id). Float inputs
// must not be NaN, and min and max inputs must not mix +0 and -0 (which of
// them min(-0, +0) gives is not specified).
std::vector<Accepted> collective_expected(CollectiveKind kind, CollectiveOp op, ElemType t,
                                          const std::vector<uint64_t>& inputs);

// The interval of 'any order' sums of TERMS (exact values of a binary format
// with P significand bits): [S - g(n-1) sum|a|, S + g(n-1) sum|a|], rounded
// outwards to doubles, and the format's value nearest S as NEAREST (a double).
struct SumInterval {
  double lo, hi, nearest;
};
SumInterval any_order_sum(const std::vector<double>& terms, int p);

}  // namespace clconform::ref
