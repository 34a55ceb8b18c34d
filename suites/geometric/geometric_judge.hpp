// The geometric suite's judge of one built-in (6.15.5) over half, float or
// double: the inputs it draws per work-item and its rules per result lane.
// The suite's check runs it through suites/builtin_sweep; tests read its
// inputs to count what a known-failure entry can cover in a full run.
#pragma once

#include <memory>
#include <string>

#include "builtin_sweep/fn_case.hpp"

namespace clconform::suites {

// BUILTIN and ELEM as a geometric case's params name them ("normalize",
// "float"); R the build's regime.
std::unique_ptr<fn::Judge> geometric_judge(const std::string& builtin, const std::string& elem, const fn::Regime& r);

}  // namespace clconform::suites
