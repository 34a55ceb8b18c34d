// The option values of `clconform run`, read from the command line and
// checked: a bad value (empty, negative, malformed, too large) is a
// SetupError with a one-line reason, never a wrapped or undefined number.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "cli_args.hpp"
#include "options.hpp"

namespace clconform {

inline const std::set<std::string> kRunValued = {
    "suite", "device", "mode",           "seed", "build-options", "filter",          "out",          "resume",
    "timeout", "index", "shard", "known-failures", "data", "baseline", "update-baseline", "keep-failures"};
inline const std::set<std::string> kRunFlags = {"no-report", "no-known-failures", "split"};

// The longest --timeout: a week, far beyond any case, and small enough for
// every clock computation that uses it.
inline constexpr uint64_t kMaxTimeoutS = 7 * 24 * 3600;
// The most wrong values one record keeps: each is a JSON object of a few
// hundred bytes, and a record is one line of results.jsonl (support/README.md).
inline constexpr uint64_t kMaxKeepFailures = 100000;

// "a,b,,c" -> {a, b, c}.
std::vector<std::string> split_commas(const std::string& s);
// A whole number in decimal (or 0x hexadecimal) that fits in 64 bits.
uint64_t parse_count(const std::string& option, const std::string& value);

// Everything but command_line and data_dir; DEFAULT_KNOWN_FAILURES is used
// unless --known-failures or --no-known-failures says otherwise.
RunOptions run_options(const CliArgs& a, const std::string& default_known_failures);

}  // namespace clconform
