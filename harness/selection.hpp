// Which cases a run covers: the chosen suites' manifests, filtered. Both the
// supervisor and the worker compute it, from the same options, without
// touching OpenCL.
#pragma once

#include <vector>

#include "manifest.hpp"
#include "options.hpp"

namespace clconform {

struct Selection {
  std::vector<Suite> suites;
  std::vector<std::pair<const Suite*, const Case*>> cases;
};

// Throws SetupError for an unknown suite, a bad manifest or a manifest that
// names a check no suite registered.
Selection select_cases(const RunOptions& opts);

}  // namespace clconform
