#include "run_options.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "errors.hpp"
#include "run_info.hpp"

namespace clconform {
namespace {

// "K/N" with 1 <= K <= N.
void parse_shard(const std::string& text, RunOptions& o) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos) throw SetupError("--shard is K/N (for example 2/8), not '" + text + "'");
  o.shard = parse_count("shard", text.substr(0, slash));
  o.shards = parse_count("shard", text.substr(slash + 1));
  if (o.shards == 0 || o.shard == 0 || o.shard > o.shards)
    throw SetupError("--shard K/N needs 1 <= K <= N, not '" + text + "'");
}

std::string shown(const std::string& v) { return v.size() > 40 ? v.substr(0, 40) + "..." : v; }

}  // namespace

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(',', start);
    if (end == std::string::npos) end = s.size();
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

uint64_t parse_count(const std::string& option, const std::string& v) {
  // strtoull alone would take " -1" (as 2^64-1) and "010" (as octal 8).
  const bool hex = v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X');
  bool digits = !v.empty();
  for (size_t i = hex ? 2 : 0; i < v.size(); ++i)
    digits = digits && (hex ? std::isxdigit((unsigned char)v[i]) : std::isdigit((unsigned char)v[i]));
  if (!digits) throw SetupError("--" + option + " needs a whole number, not '" + shown(v) + "'");
  errno = 0;
  const unsigned long long n = std::strtoull(v.c_str() + (hex ? 2 : 0), nullptr, hex ? 16 : 10);
  if (errno == ERANGE) throw SetupError("--" + option + " is larger than 2^64-1: '" + shown(v) + "'");
  return n;
}

RunOptions run_options(const CliArgs& a, const std::string& default_known_failures) {
  if (!a.positional().empty()) throw SetupError("unexpected argument '" + shown(a.positional()[0]) + "'");
  RunOptions o;
  if (!a.has("suite") && !a.has("resume")) throw SetupError("'run' needs --suite S (a suite, a comma list, or all)");
  o.suites = split_commas(a.get("suite", "all"));
  o.device = a.get("device");
  o.mode = a.get("mode", "quick");
  if (o.mode != "quick" && o.mode != "full") throw SetupError("--mode is quick or full, not '" + shown(o.mode) + "'");
  o.seed = parse_count("seed", a.get("seed", "1"));
  o.build_options = a.get("build-options");
  o.filter = a.get("filter");
  if (a.has("resume")) {
    if (a.has("out") && a.get("out") != a.get("resume"))
      throw SetupError("--resume DIR already names the folder; drop --out");
    o.out_dir = a.get("resume");
    if (o.out_dir.empty()) throw SetupError("--resume needs a folder");
    o.resume = true;
  } else {
    o.out_dir = a.get("out", format_now("clconform-results/%Y%m%d-%H%M%S", false));
    if (o.out_dir.empty()) throw SetupError("--out needs a folder");
  }
  const uint64_t timeout = parse_count("timeout", a.get("timeout", "600"));
  if (timeout > kMaxTimeoutS) {
    throw SetupError("--timeout is at most " + std::to_string(kMaxTimeoutS) + " s (a week), not " +
                     std::to_string(timeout));
  }
  o.timeout_s = double(timeout);
  if (a.has("index")) o.index = parse_count("index", a.get("index"));
  if (a.has("shard")) parse_shard(a.get("shard"), o);
  o.known_failures = a.has("no-known-failures") ? "" : a.get("known-failures", default_known_failures);
  if (a.has("known-failures") && o.known_failures.empty()) throw SetupError("--known-failures needs a file");
  o.write_reports = !a.has("no-report");
  o.baseline = a.get("baseline");
  o.update_baseline = a.get("update-baseline");
  if (a.has("baseline") && o.baseline.empty()) throw SetupError("--baseline needs a file or folder");
  if (a.has("update-baseline") && o.update_baseline.empty()) throw SetupError("--update-baseline needs a file");
  if (!o.baseline.empty() && o.baseline == o.update_baseline)
    throw SetupError("--baseline and --update-baseline name the same file: compare, or write, not both");
  if (a.has("keep-failures")) {
    o.keep_failures = size_t(parse_count("keep-failures", a.get("keep-failures")));
    if (o.keep_failures > kMaxKeepFailures)
      throw SetupError("--keep-failures is at most " + std::to_string(kMaxKeepFailures) + ", not " +
                       std::to_string(o.keep_failures));
  }
  return o;
}

}  // namespace clconform
