// The larger sections of report.html, each built in its own file.
#pragma once

#include <string>
#include <vector>

#include "reports/run_data.hpp"

namespace clconform::reports {

std::string failures_section(const RunData& run);    // html_failures.cpp
// The cases that failures_section gives a section (and an anchor) of their own.
std::vector<const CaseRecord*> detailed_failures(const RunData& run);
std::string accuracy_section(const RunData& run);    // html_accuracy.cpp: table and histograms

}  // namespace clconform::reports
