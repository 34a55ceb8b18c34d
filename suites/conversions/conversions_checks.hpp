// Shared by the conversions suite's checks: how big a sweep is, and the
// registration of each check file.
#pragma once

#include <cstdint>

#include "case_run.hpp"

namespace clconform::suites::conversions {

// PoCL compiles a kernel again for every new work-group size, and picks the
// work-group size from the global size when none is given (its largest
// divisor up to 4096, split further when there are fewer groups than
// compute units). A sweep runs six widths, so six global sizes (lanes / n):
// keeping every one a multiple of 4096 * (enough groups for every compute
// unit) makes PoCL choose 4096 for all of them, and compile each kernel
// once. The lane counts below are multiples of 48 * 4096 for that reason; a
// GPU driver does not care, and gets the sweep engine's own chunk size.
struct SweepPlan {
  uint64_t quick_lanes;  // lanes of a quick-mode sweep
  uint64_t cpu_chunk;    // lanes per chunk on a CPU device, 0 elsewhere (automatic)
  size_t chunk_lanes(uint64_t total) const;
};
SweepPlan plan_sweep(CaseRun& run);

void register_explicit_check();
void register_scalar_checks();

}  // namespace clconform::suites::conversions
