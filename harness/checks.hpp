// The registry of checks: a manifest case names its check ("astype.bits"),
// and the suites/ library registers the routine under that name.
#pragma once

#include <string>

#include "case_run.hpp"

namespace clconform {

using CheckFn = void (*)(CaseRun&);

// How the shards of a campaign (--shard K/N) share a check's cases.
enum class Sharding {
  Whole,   // each case runs whole, in one shard of the campaign (owner_shard)
  Slices,  // a sweep: it takes its inputs from CaseRun::range(), and every shard runs its slice
};

struct Check {
  CheckFn fn = nullptr;
  Sharding sharding = Sharding::Whole;
};

void register_check(const std::string& name, CheckFn fn, Sharding sharding = Sharding::Whole);
const Check* find_check(const std::string& name);  // nullptr when unknown

// The shard (1..SHARDS) that runs a whole case: the selection's cases are
// dealt out in turn by their place in it, ORDINAL (0-based), so that the
// shards share the whole cases' time, and a campaign runs each of them once.
uint64_t owner_shard(uint64_t ordinal, uint64_t shards);

// Defined in suites/: registers every suite's checks.
void register_all_checks();

}  // namespace clconform
