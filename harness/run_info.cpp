#include "run_info.hpp"

#include <ctime>
#include <filesystem>

#include "results_file.hpp"

// CLCONFORM_VERSION: git describe of the sources this binary was built from.
#include "clconform_version.inc"

namespace clconform {

std::string format_now(const char* format, bool utc) {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  if (utc) gmtime_r(&t, &tm);
  else localtime_r(&t, &tm);
  char buf[128];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

std::string utc_now_iso() { return format_now("%Y-%m-%dT%H:%M:%SZ", true); }

std::string clconform_version() { return CLCONFORM_VERSION; }

void write_run_started(const RunOptions& opts, const Selection& sel, const DeviceInfo& device) {
  std::string path = opts.out_dir + "/run.json";
  json::Value run = json::Value::object();
  if (std::filesystem::exists(path)) {
    try {
      json::Value old = json::parse_file(path);
      if (old.get("started").is_string()) run["started"] = old.get("started");
    } catch (const json::ParseError&) {
      // a run.json cut short by a crash; start afresh
    }
  }
  if (!run.has("started")) run["started"] = utc_now_iso();
  run["format"] = 1;
  run["clconform_version"] = clconform_version();
  run["command"] = opts.command_line;
  json::Value suites = json::Value::array();
  for (const auto& s : sel.suites) suites.push_back(s.name);
  run["suites"] = suites;
  run["mode"] = opts.mode;
  run["seed"] = static_cast<unsigned long long>(opts.seed);
  if (opts.shards > 1) run["shard"] = std::to_string(opts.shard) + "/" + std::to_string(opts.shards);
  run["build_options"] = opts.build_options;
  run["filter"] = opts.filter.empty() ? "*" : opts.filter;
  run["cases_selected"] = static_cast<unsigned long long>(sel.cases.size());
  run["device"] = device.to_json();
  write_file_atomically(path, run.dump() + "\n");
}

void write_run_finished(const RunOptions& opts, double duration_s) {
  std::string path = opts.out_dir + "/run.json";
  json::Value run = json::parse_file(path);
  run["finished"] = utc_now_iso();
  run["duration_s"] = duration_s;
  write_file_atomically(path, run.dump() + "\n");
}

}  // namespace clconform
