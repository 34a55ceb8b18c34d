// The common (6.15.4) and geometric (6.15.5) built-ins of a fuzz program on
// value sets. Each value is judged as the built-in's suite judges it
// (suites/commonfn/README.md, suites/geometric/README.md), from the same
// references (reference/common_fns, reference/geometric,
// reference/geometric_relaxed): a result set holds every value those rules
// accept for some operand value the operands' sets hold; where a rule
// judges nothing (an undefined result, a tolerance out of reach) the set is
// unknown.
#pragma once

#include <string>
#include <vector>

#include "reference/fuzz/ops.hpp"

namespace clconform::ref::fuzz {

bool is_common(const std::string& fn);
bool is_geometric(const std::string& fn);

// One component of common built-in FN on floats of FORMAT_BITS; a scalar
// operand of a vector form is given for every component.
Set eval_common(const std::string& fn, const Bound& bound, unsigned format_bits, const std::vector<Set>& args,
                const Rules& rules);

// Geometric built-in FN: ARGS are its operand vectors (n components each);
// the result has RESULT_WIDTH components (1, n, or 3 or 4 for cross).
std::vector<Set> eval_geometric(const std::string& fn, const Bound& bound, unsigned format_bits,
                                const std::vector<std::vector<Set>>& args, unsigned result_width, const Rules& rules);

}  // namespace clconform::ref::fuzz
