// What the fp16 checks share: whether the device may flush half denormals,
// and a parallel loop for verifications that call MPFR per lane.
#pragma once

#include <functional>

#include "case_run.hpp"

namespace clconform::suites::half {

// Half denormals may be flushed only where CL_DEVICE_HALF_FP_CONFIG lacks
// CL_FP_DENORM: -cl-denorms-are-zero speaks of single and double precision
// only (OpenCL API spec, program build options), and OpenCL C 7.5.3 applies
// to the formats a device flushes.
inline bool half_may_flush(const CaseRun& run) { return !(run.device().half_fp_config & CL_FP_DENORM); }

// Calls FN(lo, hi, t) over [0, count) split across T threads; FN's results
// go into per-thread slots the caller merges.
void parallel_lanes(size_t count, unsigned threads, const std::function<void(size_t, size_t, unsigned)>& fn);
unsigned verify_threads();

}  // namespace clconform::suites::half
