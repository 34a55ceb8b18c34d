#include "glob.hpp"

#include <sstream>

namespace clconform {

bool glob_match(const std::string& p, const std::string& t) {
  // Iterative matcher with one backtrack point: linear enough for ids.
  size_t pi = 0, ti = 0, star = std::string::npos, mark = 0;
  while (ti < t.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == t[ti])) {
      ++pi;
      ++ti;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = ti;
    } else if (star != std::string::npos) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

bool filter_selects(const std::string& filter, const std::string& id) {
  if (filter.empty()) return true;
  bool any_positive = false, selected = false;
  std::stringstream ss(filter);
  for (std::string pat; std::getline(ss, pat, ',');) {
    if (pat.empty()) continue;
    if (pat[0] == '-') {
      if (glob_match(pat.substr(1), id)) return false;
    } else {
      any_positive = true;
      selected = selected || glob_match(pat, id);
    }
  }
  return selected || !any_positive;
}

}  // namespace clconform
