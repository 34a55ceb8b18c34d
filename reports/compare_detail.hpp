// Pieces the text and HTML forms of a comparison share.
#pragma once

#include <optional>
#include <string>

namespace clconform::reports {

// "A", "B", ... the short name of run I in tables.
std::string run_letter(size_t i);

// Equal errors, where two absent values and two NaNs count as equal.
bool same_ulp(const std::optional<double>& a, const std::optional<double>& b);

}  // namespace clconform::reports
