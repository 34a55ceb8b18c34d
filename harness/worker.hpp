// The worker process: opens the device and runs the selected cases that have
// no record yet, appending one record per case. It tells the supervisor which
// case it is in through PROGRESS_FD ("BEGIN id" / "END id" lines), so that a
// hang or a crash can be pinned on that case.
#pragma once

#include "options.hpp"

namespace clconform {

// Returns 0 when every case has a record. Throws SetupError when the run
// cannot be done at all.
int run_worker(const RunOptions& opts, int progress_fd);

}  // namespace clconform
