// `clconform merge`: joins the results folders of the shards of one campaign
// (`clconform run --shard K/N`, K = 1..N, on one or many hosts) into one
// results folder, as one process running every slice would have written it.
//
// It refuses, with a one-line reason (SetupError, exit 2) and without writing
// anything, shards that are not one campaign (a different build, seed, mode,
// build options, filter, suites, case count, device, driver or N), a missing
// or duplicated K, a shard that did not finish, a shard without a record of
// every selected case, and a sweep whose slices do not cover its inputs
// exactly once.
//
// Records of one case are joined thus: a sweep's records (they carry
// "slice": {"begin", "end", "total"}) add their counts, keep the worst
// status, the worst failures and the union of their metrics (largest ULP
// error, histograms added, edge-case verdicts joined); then the known
// failures are settled again on the added counts (an entry's max_count
// bounds the whole campaign; xpass only when no shard found a wrong value),
// and a shard whose slice held no input (status info) gives no verdict. A
// case that is not a sweep ran whole in the one shard that owns it
// ("whole_in_shard", checks.hpp), whose record is kept; where the device
// lacks what it needs, every shard recorded that, and the worst is kept.
#pragma once

#include <string>
#include <vector>

#include "json.hpp"

namespace clconform {

struct Shard {
  std::string dir;
  json::Value run;                   // run.json
  std::vector<json::Value> records;  // one per case, in the order written
};

// Reads DIR (run.json and results.jsonl). Throws SetupError.
Shard read_shard(const std::string& dir);

// Checks that SHARDS form one whole campaign and joins them: returns the
// merged run.json and records. Throws SetupError with the reason.
struct Merged {
  json::Value run;
  std::vector<json::Value> records;
};
Merged merge_shards(std::vector<Shard> shards);

// The command: reads DIRS, merges, writes OUT (which must not hold results
// yet) and, with WRITE_REPORTS, its reports. Returns 0 when every case
// passed, 1 for a conformance failure; throws SetupError when it refuses.
int merge_command(const std::vector<std::string>& dirs, const std::string& out, bool write_reports,
                  const std::string& command_line);

}  // namespace clconform
