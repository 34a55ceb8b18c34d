// `clconform fuzz`: random kernels (generators/fuzz/) run on a device and
// judged by the host's oracle (reference/fuzz/); each failing kernel is
// reduced to a smaller one that still fails, and recorded in the results
// format (RESULTS.md, suite "fuzz") with a `--replay` command. A failure
// whose reduced kernel comes down to one built-in that a known-failure entry
// names for the device is a known failure. Exit codes
// are `run`'s: 0 nothing failed, 1 something failed, 2 the run could not be
// done.
#pragma once

#include <string>
#include <vector>

namespace clconform {

// DEFAULT_KNOWN_FAILURES: the lists a run reads unless told otherwise.
int fuzz_command(const std::vector<std::string>& args, const std::string& command_line,
                 const std::string& default_known_failures);

}  // namespace clconform
