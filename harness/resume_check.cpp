#include "resume_check.hpp"

#include <filesystem>
#include <map>

#include "errors.hpp"
#include "json.hpp"

namespace clconform {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void refuse(const std::string& what) { throw SetupError("cannot resume: " + what); }

std::string shard_of(const RunOptions& o) {
  return o.shards > 1 ? std::to_string(o.shard) + "/" + std::to_string(o.shards) : "";
}

// The options that change what a case records; --filter and --suite may
// differ (a resumed run may add cases).
void check_run_json(const RunOptions& opts, const std::string& path) {
  json::Value run;
  try {
    run = json::parse_file(path);
    if (!run.is_object()) throw json::ParseError(path + ": not a JSON object");
  } catch (const json::ParseError& e) {
    refuse(e.what());
  }
  auto differs = [&](const char* key, const std::string& option, const std::string& now) {
    const json::Value& v = run.get(key);
    std::string then = v.is_string() ? v.as_string() : v.is_null() ? "" : v.dump();
    if (then != now) {
      refuse(path + " records " + option + " '" + then + "', this run has '" + now +
             "'; results of different options must not be mixed");
    }
  };
  differs("mode", "--mode", opts.mode);
  differs("seed", "--seed", std::to_string(opts.seed));
  differs("build_options", "--build-options", opts.build_options);
  differs("shard", "--shard", shard_of(opts));
}

void check_results(const RunOptions& opts, const std::string& path) {
  std::string text;
  try {
    text = json::read_file(path, json::kMaxResultsFileBytes);
  } catch (const json::ParseError& e) {
    refuse(e.what());
  }
  std::map<std::string, size_t> seen;  // case -> line
  size_t line_no = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    const bool last_cut_off = end == std::string::npos;  // a kill mid-write: that case runs again
    if (last_cut_off) end = text.size();
    const std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    const std::string where = path + " line " + std::to_string(line_no) + ": ";
    try {
      json::Value rec = json::parse(line);
      const std::string& id = rec.at("case").as_string();
      const json::Value& options = rec.get("build_options");
      if (options.is_string() && options.as_string() != opts.build_options) {
        refuse(where + "case " + id + " ran with --build-options '" + options.as_string() + "', this run has '" +
               opts.build_options + "'");
      }
      auto [it, fresh] = seen.emplace(id, line_no);
      if (!fresh)
        refuse(where + "case " + id + " is recorded twice (first on line " + std::to_string(it->second) + ")");
    } catch (const json::LimitError& e) {
      refuse(where + e.what());
    } catch (const json::ParseError& e) {
      if (!last_cut_off) refuse(where + e.what());
    }
  }
}

}  // namespace

void check_resumable(const RunOptions& opts) {
  const std::string& dir = opts.out_dir;
  std::error_code ec;
  if (!fs::exists(dir, ec)) refuse(dir + " does not exist");
  if (!fs::is_directory(dir, ec)) refuse(dir + " is not a folder");
  if (fs::exists(dir + "/run.json", ec)) check_run_json(opts, dir + "/run.json");
  if (fs::exists(dir + "/results.jsonl", ec)) check_results(opts, dir + "/results.jsonl");
}

}  // namespace clconform
