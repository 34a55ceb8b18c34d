// The end of `clconform run`: reports written next to the results, the
// summary printed, and the exit code derived from the records.
#pragma once

#include "options.hpp"

namespace clconform {

// 0 when no record fails the run, 1 otherwise (see RESULTS.md's statuses).
int finish_run(const RunOptions& opts);

}  // namespace clconform
