// Shell-style wildcards for case ids and device names: '*' any run of
// characters (dots included), '?' one character. A filter is a
// comma-separated list of patterns; a case is selected when any matches, and
// a pattern starting with '-' removes what it matches.
#pragma once

#include <string>

namespace clconform {

bool glob_match(const std::string& pattern, const std::string& text);
bool filter_selects(const std::string& filter, const std::string& case_id);

}  // namespace clconform
