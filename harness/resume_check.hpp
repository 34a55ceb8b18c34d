// What `run --resume DIR` checks before it touches DIR: that DIR holds a run
// this one may complete. Results made under other options must not be
// mixed into one verdict, and a damaged file must not be taken for work done.
#pragma once

#include "options.hpp"

namespace clconform {

// Throws SetupError with a one-line reason naming the file and the problem:
// DIR is not a folder; run.json or results.jsonl is unreadable, not JSON,
// beyond the reader's limits, or records another run's mode, seed, build
// options or shard; a line of results.jsonl other than a last one cut off
// mid-write is not a record; a case is recorded twice.
void check_resumable(const RunOptions& opts);

}  // namespace clconform
