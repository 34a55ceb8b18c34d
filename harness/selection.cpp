#include "selection.hpp"

#include "checks.hpp"
#include "errors.hpp"
#include "glob.hpp"

namespace clconform {

Selection select_cases(const RunOptions& opts) {
  Selection sel;
  std::vector<std::string> names = opts.suites;
  if (names.empty() || (names.size() == 1 && names[0] == "all")) names = available_suites(opts.data_dir);
  if (names.empty()) throw SetupError("no suites found in " + opts.data_dir + "; build the project first");
  sel.suites.reserve(names.size());  // cases point into this vector
  for (const auto& n : names) sel.suites.push_back(load_suite(opts.data_dir, n));
  for (const Suite& s : sel.suites) {
    for (const Case& c : s.cases) {
      if (!find_check(c.check)) {
        throw SetupError("manifest of suite " + s.name + " names check '" + c.check + "', which this build lacks");
      }
      if (filter_selects(opts.filter, c.id)) sel.cases.emplace_back(&s, &c);
    }
  }
  return sel;
}

}  // namespace clconform
