// `clconform run`: a supervising process that forks a worker, watches which
// case it is in, and kills it when a case outruns --timeout (OpenCL cannot
// cancel a running kernel). A hung or crashed case is recorded as timeout or
// crash, and a fresh worker carries on with the cases that have no record.
#pragma once

#include "options.hpp"

namespace clconform {

// Returns the exit code: 0 all passed, 1 a conformance failure, 2 the run
// could not be done (the reason is already on stderr).
int supervise_run(const RunOptions& opts);

}  // namespace clconform
