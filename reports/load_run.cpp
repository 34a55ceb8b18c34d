// Reading a results folder. Reports must work on the folder of a run that
// crashed, so results.jsonl is read line by line and a line that cannot be
// used is skipped with a warning instead of failing the whole report. A file
// or line beyond the JSON reader's limits (json.hpp) is no crash residue and
// fails the load.
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <unordered_map>

#include "json.hpp"
#include "reports/reports.hpp"

namespace clconform::reports {
namespace {

using json::Value;

constexpr size_t kMaxLineWarnings = 10;

// Optional fields of the wrong kind are treated as absent: one odd key must
// not cost the whole record.
std::string str(const Value& v, const char* key) {
  const Value& x = v.get(key);
  return x.is_string() ? x.as_string() : std::string();
}

std::vector<std::string> strings(const Value& v) {
  std::vector<std::string> out;
  if (!v.is_array()) return out;
  for (const Value& x : v.as_array()) {
    if (x.is_string()) out.push_back(x.as_string());
  }
  return out;
}

std::optional<uint64_t> uint_of(const Value& v) {
  if (!v.is_number()) return std::nullopt;
  try {
    return v.as_uint();
  } catch (const json::ParseError&) {
    return std::nullopt;
  }
}

// The JSON writer stores non-finite numbers as the strings "inf", "-inf" and
// "nan"; an ULP error of infinity is a real result and must survive.
std::optional<double> number_of(const Value& v) {
  if (v.is_number()) return v.as_double();
  if (!v.is_string()) return std::nullopt;
  const std::string& s = v.as_string();
  if (s == "inf" || s == "+inf") return HUGE_VAL;
  if (s == "-inf") return -HUGE_VAL;
  if (s == "nan") return std::nan("");
  return std::nullopt;
}

std::optional<bool> bool_of(const Value& v) {
  if (v.kind() != Value::Kind::Bool) return std::nullopt;
  return v.as_bool();
}

ValueSample sample_of(const Value& v) {
  ValueSample s;
  s.inputs = strings(v.get("inputs"));
  s.output = str(v, "output");
  s.expected = str(v, "expected");
  return s;
}

DeviceInfo device_of(const Value& d) {
  DeviceInfo out;
  out.selector = str(d, "selector");
  out.name = str(d, "name");
  out.vendor = str(d, "vendor");
  out.platform = str(d, "platform");
  out.platform_version = str(d, "platform_version");
  out.driver_version = str(d, "driver_version");
  out.version = str(d, "version");
  out.c_version = str(d, "c_version");
  out.extensions = strings(d.get("extensions"));
  out.fp16 = bool_of(d.get("fp16"));
  out.fp64 = bool_of(d.get("fp64"));
  out.half_fp_config = strings(d.get("half_fp_config"));
  out.single_fp_config = strings(d.get("single_fp_config"));
  out.double_fp_config = strings(d.get("double_fp_config"));
  out.address_bits = uint_of(d.get("address_bits"));
  out.max_alloc_bytes = uint_of(d.get("max_alloc_bytes"));
  out.global_mem_bytes = uint_of(d.get("global_mem_bytes"));
  out.max_work_group_size = uint_of(d.get("max_work_group_size"));
  out.compute_units = uint_of(d.get("compute_units"));
  return out;
}

RunInfo run_of(const Value& v) {
  if (!v.is_object()) throw json::ParseError("not a JSON object");
  RunInfo r;
  r.clconform_version = str(v, "clconform_version");
  r.command = str(v, "command");
  r.mode = str(v, "mode");
  r.build_options = str(v, "build_options");
  r.filter = str(v, "filter");
  r.started = str(v, "started");
  r.finished = str(v, "finished");
  r.suites = strings(v.get("suites"));
  r.seed = uint_of(v.get("seed"));
  r.cases_selected = uint_of(v.get("cases_selected"));
  r.duration_s = number_of(v.get("duration_s"));
  r.device = device_of(v.get("device"));
  return r;
}

std::optional<Metrics> metrics_of(const Value& v) {
  if (!v.is_object()) return std::nullopt;
  Metrics m;
  m.max_ulp = number_of(v.get("max_ulp"));
  m.bound = number_of(v.get("bound"));
  if (v.get("worst").is_object()) m.worst = sample_of(v.get("worst"));
  const Value& h = v.get("histogram");
  if (h.is_object() && h.get("edges").is_array() && h.get("counts").is_array()) {
    Histogram hist;
    for (const Value& e : h.get("edges").as_array()) hist.edges.push_back(number_of(e).value_or(NAN));
    for (const Value& c : h.get("counts").as_array()) hist.counts.push_back(uint_of(c).value_or(0));
    m.histogram = std::move(hist);
  }
  m.mpfr_fallbacks = uint_of(v.get("mpfr_fallbacks"));
  return m;
}

// "entry (N wrong values excused, at most M)" for each entry that applied,
// then how many wrong values no entry describes (harness/known_failures.hpp).
std::string known_entries_text(const Value& known) {
  if (!known.is_object()) return "";
  std::string out;
  const Value& entries = known.get("entries");
  if (entries.is_array()) {
    for (const auto& e : entries.as_array()) {
      const auto count = uint_of(e.get("excused")), max = uint_of(e.get("max_count"));
      out += (out.empty() ? "" : "; ") + str(e, "entry") + " (" + std::to_string(count.value_or(0)) +
             " wrong values excused, at most " + std::to_string(max.value_or(0)) + ")";
    }
  }
  if (const auto missed = uint_of(known.get("unexcused")); missed && *missed)
    out += "; " + std::to_string(*missed) + " wrong values not described by any entry";
  return out;
}

// Throws json::ParseError naming what is wrong when a required key is
// missing or of the wrong kind.

CaseRecord record_of(const Value& v) {
  if (!v.is_object()) throw json::ParseError("not a JSON object");
  CaseRecord c;
  c.id = v.at("case").as_string();
  c.suite = v.at("suite").as_string();
  c.group = str(v, "group");
  const std::string& status = v.at("status").as_string();
  auto s = parse_status(status);
  if (!s) throw json::ParseError("unknown status \"" + status + "\"");
  c.status = *s;
  c.labels = strings(v.get("labels"));
  c.detail = str(v, "detail");
  c.checked = uint_of(v.get("checked")).value_or(0);
  c.failed = uint_of(v.get("failed")).value_or(0);
  c.time_s = number_of(v.get("time_s"));
  c.program = str(v, "program");
  c.kernel = str(v, "kernel");
  c.device = str(v, "device");
  c.driver = str(v, "driver");
  c.build_options = str(v, "build_options");
  if (v.get("failures").is_array()) {
    for (const Value& f : v.get("failures").as_array()) {
      Failure out;
      out.values = sample_of(f);
      out.index = uint_of(f.get("index"));
      out.lane = uint_of(f.get("lane"));
      out.note = str(f, "note");
      out.ulp = number_of(f.get("ulp"));
      c.failures.push_back(std::move(out));
    }
  }
  c.build_log = str(v, "build_log");
  c.source = str(v, "source");
  c.repro = str(v, "repro");
  c.metrics = metrics_of(v.get("metrics"));
  const Value& known = v.get("known_failure");
  c.known_failure_reason = str(known, "reason");
  c.known_failure_entry = known_entries_text(known);
  const Value& baseline = v.get("baseline");
  c.baseline_regressions = strings(baseline.get("regressions"));
  c.baseline_improvements = strings(baseline.get("improvements"));
  const Value& types = v.get("types");
  if (types.is_object()) c.types = ArgTypes{strings(types.get("inputs")), str(types, "output")};
  return c;
}

void read_results(RunData& data, const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    data.warnings.push_back("results.jsonl is missing: no case finished");
    return;
  }
  std::string text;
  try {
    text = json::read_file(path, json::kMaxResultsFileBytes);
  } catch (const json::ParseError& e) {  // a folder, unreadable, too large
    throw std::runtime_error(std::string("cannot load the run: ") + e.what());
  }
  std::unordered_map<std::string, size_t> where;  // case id -> index in data.cases
  size_t line_no = 0, line_warnings = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    const bool cut_off = end == std::string::npos;  // no newline: the writer stopped mid-line
    if (cut_off) end = text.size();
    const std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      CaseRecord rec = record_of(json::parse(line));
      auto [it, inserted] = where.emplace(rec.id, data.cases.size());
      if (inserted) {
        data.cases.push_back(std::move(rec));
      } else {
        data.cases[it->second] = std::move(rec);
        ++data.superseded_records;
      }
    } catch (const json::LimitError& e) {
      // Beyond the reader's limits: no crash leaves such a line behind.
      throw std::runtime_error("cannot load the run: " + path + " line " + std::to_string(line_no) + ": " + e.what());
    } catch (const json::ParseError& e) {
      ++data.skipped_lines;
      if (++line_warnings <= kMaxLineWarnings) {
        data.warnings.push_back("results.jsonl line " + std::to_string(line_no) + " skipped: " +
                                (cut_off ? std::string("cut off mid-write") : std::string(e.what())));
      }
    }
  }
  if (line_warnings > kMaxLineWarnings) {
    data.warnings.push_back(std::to_string(line_warnings - kMaxLineWarnings) +
                            " more unreadable lines of results.jsonl skipped");
  }
}

}  // namespace

RunData load_run(const std::string& dir) {
  RunData data;
  data.dir = dir;
  const std::string run_json = dir + "/run.json";
  json::Value run;
  try {
    run = json::parse_file(run_json);  // its errors name the file
  } catch (const json::ParseError& e) {
    throw std::runtime_error(std::string("cannot load the run: ") + e.what());
  }
  try {
    data.run = run_of(run);
  } catch (const json::ParseError& e) {
    throw std::runtime_error("cannot load the run: " + run_json + ": " + e.what());
  }
  read_results(data, dir + "/results.jsonl");
  if (!data.finished()) {
    data.warnings.push_back("the run did not finish (run.json has no \"finished\"): it crashed, was killed or is still going");
  }
  return data;
}

}  // namespace clconform::reports
