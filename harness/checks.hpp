// The registry of checks: a manifest case names its check ("astype.bits"),
// and the suites/ library registers the routine under that name.
#pragma once

#include <string>

#include "case_run.hpp"

namespace clconform {

using CheckFn = void (*)(CaseRun&);

void register_check(const std::string& name, CheckFn fn);
CheckFn find_check(const std::string& name);  // nullptr when unknown

// Defined in suites/: registers every suite's checks.
void register_all_checks();

}  // namespace clconform
