// What the fp16 checks share: a parallel loop for verifications that call
// MPFR per lane.
#pragma once

#include <functional>

#include "case_run.hpp"

namespace clconform::suites::half {

// Calls FN(lo, hi, t) over [0, count) split across T threads; FN's results
// go into per-thread slots the caller merges.
void parallel_lanes(size_t count, unsigned threads, const std::function<void(size_t, size_t, unsigned)>& fn);
unsigned verify_threads();

}  // namespace clconform::suites::half
