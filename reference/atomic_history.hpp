// Whether the results of concurrent atomic read-modify-write operations on
// one memory location are consistent with some serial order of them
// (OpenCL C 3.0 spec 6.15.12.8: each legacy atomic function reads the old
// value, computes and stores the new one "in one atomic transaction";
// 6.15.12.7 for the C11-style ones). Knows nothing of OpenCL.
//
// Every operation is an edge from the value it returned (the old value) to
// the value it stored, which the host computes from the old value and the
// operation's operands (an operation that stores nothing, a failed
// compare-exchange, is a self-loop). A serial order exists exactly when the
// edges form one trail that starts at the location's initial value, ends at
// its final value and uses every edge once: an Eulerian trail, which exists
// iff every value's out-degree minus in-degree is [value == initial] -
// [value == final] and the edges are connected (each operation in the trail
// reads what the previous one stored).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace clconform::ref {

struct AtomicEdge {
  uint64_t old_value, new_value;
};

// "" when a serial order exists, else why none does.
std::string serial_history_error(uint64_t initial, uint64_t final_value, const std::vector<AtomicEdge>& edges);

// The value a legacy or C11-style atomic read-modify-write stores, for
// integers of BITS (32 or 64) bits, SIGNED for min and max. OP is one of
// add sub xchg inc dec min max and or xor; cmpxchg takes COMPARE; fadd fsub
// fmin fmax are cl_ext_float_atomics' operations on a half, float or double
// of BITS bits, each correctly rounded.
uint64_t atomic_new_value(const std::string& op, unsigned bits, bool is_signed, uint64_t old_value, uint64_t operand,
                          uint64_t compare = 0);

}  // namespace clconform::ref
