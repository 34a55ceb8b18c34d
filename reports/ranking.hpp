// Which cases deserve a reader's attention first. Every report lists
// failures worst first, so they all share this order.
#pragma once

#include <vector>

#include "reports/run_data.hpp"

namespace clconform::reports {

// The cases whose status needs a look (fail, timeout, crash, known_fail,
// xpass): crashes, then timeouts, then failures with the largest share of
// wrong values and the largest ULP error, then known failures, then xpass.
std::vector<const CaseRecord*> attention_cases(const RunData& run);

// The largest ULP error a record shows: metrics.max_ulp, else the worst of
// its kept failures.
std::optional<double> worst_ulp(const CaseRecord& c);

}  // namespace clconform::reports
