// The command line that re-runs exactly one case (and, with an index, one
// input vector of it) on the same device with the same options.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "options.hpp"

namespace clconform {

std::string shell_quote(const std::string& s);
std::string repro_command(const RunOptions& opts, const std::string& suite, const std::string& case_id,
                          const std::string& device_selector, std::optional<uint64_t> index);

}  // namespace clconform
