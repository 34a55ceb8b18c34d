// The help texts of the CLI: the overview (`clconform help`) and one page per
// command (`clconform COMMAND --help`).
#pragma once

#include <string>

namespace clconform {

const char* overview_usage();
// The options of COMMAND, or nullptr for an unknown command.
const char* command_usage(const std::string& command);

}  // namespace clconform
