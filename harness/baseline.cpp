#include "baseline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "errors.hpp"
#include "glob.hpp"

namespace clconform {
namespace {

// Two errors printed and read back may differ in the last digits, and a
// largest error the reference's fast tier measured is an estimate, off by
// at most its approximation's error: tens of double ulps, each 2^-29 ulp of
// a float (reference/math/judge.hpp), so the same results measure a little
// differently once a reference tier changes. A change within both margins
// is not a change of accuracy.
constexpr double kRelative = 1e-9;
constexpr double kAbsoluteUlps = 1e-6;

bool worse(double now, double before) { return now > before * (1 + kRelative) + kAbsoluteUlps; }

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

bool same_section(const json::Value& s, const RunOptions& o) {
  return s.get("mode").is_string() && s.get("mode").as_string() == o.mode && s.get("seed").is_number() &&
         s.get("seed").as_uint() == o.seed && s.get("build_options").is_string() &&
         s.get("build_options").as_string() == o.build_options;
}

std::string section_text(const RunOptions& o) {
  return "mode " + o.mode + ", seed " + std::to_string(o.seed) + ", build options \"" + o.build_options + "\"";
}

json::Value read_json(const std::string& path) {
  try {
    return json::parse_file(path);
  } catch (const json::ParseError& e) {
    throw SetupError(std::string("unreadable baseline file: ") + e.what());
  }
}

bool matches_device(const json::Value& doc, const std::string& device, const std::string& driver) {
  return doc.get("device").is_string() && glob_match(doc.get("device").as_string(), device) &&
         (!doc.get("driver").is_string() || glob_match(doc.get("driver").as_string(), driver));
}

}  // namespace

BaselineCase Baseline::measured(const json::Value& record) {
  BaselineCase b;
  b.failed = record.get("failed").is_number() ? record.get("failed").as_uint() : 0;
  const json::Value& m = record.get("metrics");
  if (!m.is_object()) return b;
  const json::Value& widths = m.get("widths");
  if (widths.is_object()) {
    for (const auto& [w, stats] : widths.as_object())
      if (stats.is_object() && stats.get("max_ulp").is_number()) b.max_ulp[w] = stats.get("max_ulp").as_double();
  } else if (m.get("max_ulp").is_number()) {
    b.max_ulp["all"] = m.get("max_ulp").as_double();
  }
  return b;
}

Baseline Baseline::load(const std::string& path, const std::string& device, const std::string& driver,
                        const RunOptions& opts) {
  namespace fs = std::filesystem;
  Baseline b;
  if (path.empty()) return b;
  std::error_code ec;
  std::string file = path;
  json::Value doc;
  const bool from_folder = fs::is_directory(path, ec);
  if (from_folder) {
    file.clear();
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(path, ec))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      json::Value d = read_json(f);
      if (matches_device(d, device, driver)) {
        file = f;
        doc = d;
        break;
      }
    }
    if (file.empty()) return b;  // no baseline for this device: nothing to compare
  } else {
    doc = read_json(path);
    if (!matches_device(doc, device, driver))
      throw SetupError("baseline " + path + " is for device '" +
                       (doc.get("device").is_string() ? doc.get("device").as_string() : "?") + "', not '" + device +
                       "' (driver " + driver + ")");
  }
  if (!doc.get("runs").is_array()) throw SetupError("baseline " + file + ": expected a \"runs\" list");
  for (const auto& s : doc.get("runs").as_array()) {
    if (!same_section(s, opts)) continue;
    if (!s.get("cases").is_object()) throw SetupError("baseline " + file + ": a run without a \"cases\" object");
    for (const auto& [id, c] : s.get("cases").as_object()) {
      if (!c.is_object() || !c.get("failed").is_number())
        throw SetupError("baseline " + file + ": case " + id + " needs a \"failed\" count");
      BaselineCase& bc = b.cases_[id];
      bc.failed = c.get("failed").as_uint();
      if (c.get("max_ulp").is_object())
        for (const auto& [w, u] : c.get("max_ulp").as_object())
          if (u.is_number()) bc.max_ulp[w] = u.as_double();
    }
    b.file_ = file;
    return b;
  }
  if (from_folder) return Baseline();  // the device's file has no such run: nothing to compare
  throw SetupError("baseline " + file + " has no run for " + section_text(opts) +
                   "; write one with --update-baseline " + file);
}

void Baseline::apply(json::Value& record) const {
  if (file_.empty()) return;
  const std::string status = record.at("status").as_string();
  if (status != "pass" && status != "known_fail" && status != "fail") return;
  auto it = cases_.find(record.at("case").as_string());
  json::Value note = json::Value::object();
  note["file"] = file_;
  if (it == cases_.end()) {
    note["note"] = "no baseline for this case";
    record["baseline"] = note;
    return;
  }
  const BaselineCase& before = it->second;
  const BaselineCase now = measured(record);
  json::Value regressions = json::Value::array(), improvements = json::Value::array();
  // The wrong values of a known_fail case are bounded by its entries'
  // max_count instead: some defects give a different count on every run
  // (PoCL's CL_HALF_FLOAT image writes store garbage that only sometimes
  // happens to be right).
  if (status != "known_fail" && now.failed > before.failed)
    regressions.push_back(std::to_string(now.failed) + " wrong values, baseline " + std::to_string(before.failed));
  else if (status != "known_fail" && now.failed < before.failed)
    improvements.push_back(std::to_string(now.failed) + " wrong values, baseline " + std::to_string(before.failed));
  for (const auto& [w, ulp] : now.max_ulp) {
    auto b = before.max_ulp.find(w);
    if (b == before.max_ulp.end()) continue;
    const std::string what = (w == "all" ? std::string("max error ") : "width " + w + ": max error ") + fmt(ulp) +
                             " ulp, baseline " + fmt(b->second);
    if (worse(ulp, b->second)) regressions.push_back(what);
    else if (worse(b->second, ulp)) improvements.push_back(what);
  }
  note["regressions"] = regressions;
  note["improvements"] = improvements;
  record["baseline"] = note;
  if (regressions.size() > 0 && status != "fail") {
    record["status"] = "regression";
    std::string d = record.get("detail").is_string() ? record.get("detail").as_string() : "";
    std::string first = regressions.as_array().front().as_string();
    record["detail"] = "worse than the baseline (" + first + (regressions.size() > 1 ? ", ..." : "") + "); " + d;
  }
}

void Baseline::update(const std::string& path, const RunOptions& opts) {
  const std::string results = opts.out_dir + "/results.jsonl";
  std::ifstream in(results);
  if (!in) throw SetupError("--update-baseline: cannot read " + results);
  json::Value cases = json::Value::object();
  std::string device, driver, line;
  size_t records = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    json::Value r;
    try {
      r = json::parse(line);
    } catch (const json::ParseError&) {
      continue;  // a line cut off by a crash: that case has no measurement
    }
    ++records;
    const std::string status = r.get("status").is_string() ? r.get("status").as_string() : "";
    if (status != "pass" && status != "known_fail" && status != "regression" && status != "fail") continue;
    if (device.empty() && r.get("device").is_string()) device = r.get("device").as_string();
    if (driver.empty() && r.get("driver").is_string()) driver = r.get("driver").as_string();
    const BaselineCase m = measured(r);
    json::Value c = json::Value::object();
    c["failed"] = static_cast<unsigned long long>(m.failed);
    if (!m.max_ulp.empty()) {
      json::Value u = json::Value::object();
      for (const auto& [w, v] : m.max_ulp) u[w] = std::isfinite(v) ? v : 1e308;
      c["max_ulp"] = u;
    }
    cases[r.at("case").as_string()] = c;
  }
  if (records == 0) throw SetupError("--update-baseline: " + results + " holds no finished case");
  // Every case unsupported, info or not run to its end: nothing to record,
  // and the file stays as it is.
  if (cases.size() == 0) {
    std::fprintf(stderr, "clconform: --update-baseline: no case of this run measured anything; %s unchanged\n",
                 path.c_str());
    return;
  }

  std::error_code ec;
  json::Value doc = std::filesystem::exists(path, ec) ? read_json(path) : json::Value::object();
  if (!doc.get("device").is_string()) doc["device"] = device;
  if (!doc.get("driver").is_string()) doc["driver"] = driver;
  if (!matches_device(doc, device, driver))
    throw SetupError("--update-baseline: " + path + " is the baseline of '" + doc.get("device").as_string() +
                     "', not of '" + device + "'");
  json::Value runs = json::Value::array();
  json::Value section = json::Value::object();
  section["mode"] = opts.mode;
  section["seed"] = static_cast<unsigned long long>(opts.seed);
  section["build_options"] = opts.build_options;
  if (doc.get("runs").is_array()) {
    for (const auto& s : doc.get("runs").as_array()) {
      if (!same_section(s, opts)) {
        runs.push_back(s);
        continue;
      }
      section = s;  // keep the cases this run did not touch
    }
  }
  json::Value merged = section.get("cases").is_object() ? section.get("cases") : json::Value::object();
  for (const auto& [id, c] : cases.as_object()) merged[id] = c;
  section["cases"] = merged;
  runs.push_back(section);
  doc["runs"] = runs;

  // One case a line, so that a review reads the change as a short diff.
  std::ostringstream out;
  out << "{\n  \"device\": " << json::quote(doc.get("device").as_string())
      << ",\n  \"driver\": " << json::quote(doc.get("driver").as_string()) << ",\n  \"runs\": [";
  const auto& list = runs.as_array();
  for (size_t i = 0; i < list.size(); ++i) {
    const json::Value& s = list[i];
    out << (i ? "," : "") << "\n    {\"mode\": " << s.get("mode").dump() << ", \"seed\": " << s.get("seed").dump()
        << ", \"build_options\": " << s.get("build_options").dump() << ",\n     \"cases\": {";
    bool first = true;
    for (const auto& [id, c] : s.get("cases").as_object()) {
      out << (first ? "" : ",") << "\n      " << json::quote(id) << ": " << c.dump();
      first = false;
    }
    out << "}}";
  }
  out << "\n  ]\n}\n";
  std::ofstream f(path, std::ios::trunc);
  if (!(f << out.str())) throw SetupError("--update-baseline: cannot write " + path);
  std::printf("baseline: %s (%zu cases of %s); review the change with git diff\n", path.c_str(), cases.size(),
              section_text(opts).c_str());
}

}  // namespace clconform
