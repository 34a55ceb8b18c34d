#include "merge.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "errors.hpp"
#include "known_failures.hpp"
#include "options.hpp"
#include "results_file.hpp"
#include "run_report.hpp"

namespace clconform {
namespace {

namespace fs = std::filesystem;
using json::Value;

std::string text_of(const Value& v) { return v.is_null() ? "(none)" : v.is_string() ? v.as_string() : v.dump(); }

// The keys of run.json that every shard of one campaign shares.
const char* const kCampaignKeys[] = {"clconform_version", "mode", "seed", "build_options", "filter", "suites",
                                     "cases_selected", "known_failures"};
const char* const kDeviceKeys[] = {"name", "vendor", "platform", "platform_version", "driver_version", "version"};

struct ShardNo {
  uint64_t k = 0, n = 0;
};

// A run without --shard (or with --shard 1/1, which records none) is the
// whole campaign: shard 1 of 1.
ShardNo shard_no(const Shard& s) {
  const Value& v = s.run.get("shard");
  if (v.is_null()) return {1, 1};
  if (!v.is_string()) throw SetupError(s.dir + ": unreadable \"shard\" " + v.dump() + " in run.json");
  const std::string& t = v.as_string();
  size_t slash = t.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument(t);
    return {std::stoull(t.substr(0, slash)), std::stoull(t.substr(slash + 1))};
  } catch (const std::exception&) {
    throw SetupError(s.dir + ": unreadable \"shard\" '" + t + "' in run.json");
  }
}

// Larger is worse; the merged record keeps the worst status of its shards.
int status_rank(const std::string& s) {
  static const std::map<std::string, int> rank = {{"unsupported", 0}, {"pass", 1}, {"info", 2},    {"xpass", 3},
                                                  {"known_fail", 4},  {"fail", 5}, {"error", 6},   {"timeout", 7},
                                                  {"crash", 8}};
  auto it = rank.find(s);
  return it == rank.end() ? 6 : it->second;
}

const std::string& status_of(const Value& rec) { return rec.at("status").as_string(); }

double number(const Value& v) { return v.is_number() ? v.as_double() : 0; }

// Joins metric objects of the slices of one sweep, key by key (see merge.hpp).
Value merge_metrics(const std::vector<const Value*>& parts);

Value merge_value(const std::string& key, const std::vector<const Value*>& parts) {
  const Value& first = *parts.front();
  if (key == "max_ulp") {
    Value best = first;
    for (const Value* p : parts)
      if (p->is_number() && (!best.is_number() || p->as_double() > best.as_double())) best = *p;
    return best;
  }
  if (key == "histogram") {
    // Added bin by bin when every slice used the same edges.
    Value out = first;
    if (!first.get("counts").is_array()) return out;
    std::vector<unsigned long long> sum(first.at("counts").size(), 0);
    for (const Value* p : parts) {
      if (p->get("edges").dump() != first.get("edges").dump() || p->get("counts").size() != sum.size()) return first;
      for (size_t i = 0; i < sum.size(); ++i) sum[i] += p->at("counts").as_array()[i].as_uint();
    }
    Value counts = Value::array();
    for (auto c : sum) counts.push_back(c);
    out["counts"] = counts;
    return out;
  }
  if (key == "edge_cases" && first.is_array()) {
    // One verdict per named check: failed anywhere, else passed anywhere,
    // else skipped.
    Value out = first;
    for (size_t i = 0; i < out.size(); ++i) {
      std::string best = "skipped";
      for (const Value* p : parts) {
        if (!p->is_array() || i >= p->size()) continue;
        const Value& st = p->as_array()[i].get("status");
        const std::string s = st.is_string() ? st.as_string() : "";
        if (s == "fail" || (s == "pass" && best == "skipped")) best = s;
      }
      out.as_array()[i]["status"] = best;
    }
    return out;
  }
  switch (first.kind()) {
    case Value::Kind::Int:
    case Value::Kind::Uint: {
      unsigned long long sum = 0;
      for (const Value* p : parts) sum += p->is_number() ? p->as_uint() : 0;
      return Value(sum);
    }
    case Value::Kind::Real: {
      double sum = 0;
      for (const Value* p : parts) sum += number(*p);
      return Value(sum);
    }
    case Value::Kind::Object:
      return merge_metrics(parts);
    default:
      return first;  // texts (bounds, regimes) are the same in every slice
  }
}

Value merge_metrics(const std::vector<const Value*>& parts) {
  Value out = Value::object();
  for (const auto& [key, v] : parts.front()->as_object()) {
    (void)v;
    if (key == "worst" || key == "bound") continue;
    std::vector<const Value*> sub;
    for (const Value* p : parts)
      if (p->is_object() && p->has(key)) sub.push_back(&p->at(key));
    out[key] = merge_value(key, sub);
  }
  // The worst value and the bound come from the slice with the largest error.
  const Value* worst = parts.front();
  for (const Value* p : parts)
    if (number(p->get("max_ulp")) > number(worst->get("max_ulp"))) worst = p;
  if (worst->has("worst")) out["worst"] = worst->at("worst");
  if (parts.front()->has("bound")) out["bound"] = parts.front()->at("bound");
  return out;
}

struct Slice {
  uint64_t begin, end, total;
};

Slice slice_of(const Value& rec) {
  const Value& s = rec.at("slice");
  return {s.at("begin").as_uint(), s.at("end").as_uint(), s.at("total").as_uint()};
}

// A shard that held none of a small sweep's inputs, or only inputs whose
// results are undefined: it gave no verdict.
bool holds_no_input(const Value& rec) {
  return rec.has("slice") && status_of(rec) == "info" && number(rec.get("checked")) == 0;
}

// A whole case's record in a shard that left it to its owner (checks.hpp,
// owner_shard): no verdict.
bool left_to_owner(const Value& rec, uint64_t k) {
  const Value& owner = rec.get("whole_in_shard");
  return owner.is_number() && owner.as_uint() != k && status_of(rec) == "info";
}

// PARTS are one case's records, in shard order 1..N.
Value merge_case(const std::string& id, const std::vector<const Value*>& parts, const std::vector<Shard>& shards) {
  std::vector<const Value*> sliced, judged;
  for (size_t i = 0; i < parts.size(); ++i) {
    const Value* p = parts[i];
    if (p->has("slice")) sliced.push_back(p);
    if (!holds_no_input(*p) && !left_to_owner(*p, i + 1)) judged.push_back(p);
  }
  if (judged.empty() && sliced.empty())
    throw SetupError("case " + id + ": no shard ran it (each left it to shard " +
                     text_of(parts.front()->get("whole_in_shard")) + ")");
  if (judged.empty()) judged = parts;
  const Value* worst = judged.front();
  for (const Value* p : judged)
    if (status_rank(status_of(*p)) > status_rank(status_of(*worst))) worst = p;
  if (sliced.empty()) {
    // Not a sweep: its owner ran the whole case (or, where the device lacks
    // what it needs, every shard recorded that).
    Value out = *worst;
    if (worst != judged.front() && status_of(*worst) != status_of(*judged.front())) {
      out["detail"] = text_of(worst->get("detail")) + " (the other shards recorded " + status_of(*judged.front()) + ")";
    }
    return out;
  }
  // A sweep: the slices must tile [0, total) in shard order. A shard whose
  // worker died in this case has a crash or timeout record without a slice.
  uint64_t next = 0;
  const uint64_t total = slice_of(*sliced.front()).total;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (!parts[i]->has("slice")) {
      const std::string& st = status_of(*parts[i]);
      if (st == "crash" || st == "timeout" || st == "error") continue;
      throw SetupError(shards[i].dir + ": case " + id + " has no \"slice\" but other shards swept it");
    }
    Slice s = slice_of(*parts[i]);
    if (s.total != total)
      throw SetupError(shards[i].dir + ": case " + id + " swept " + std::to_string(s.total) + " inputs, " +
                       shards.front().dir + " " + std::to_string(total));
    if (s.begin != next && status_rank(status_of(*worst)) < status_rank("error"))
      throw SetupError(shards[i].dir + ": case " + id + " starts at input " + std::to_string(s.begin) +
                       ", expected " + std::to_string(next) + ": the slices do not tile the sweep");
    next = s.end;
  }
  if (next != total && status_rank(status_of(*worst)) < status_rank("error"))
    throw SetupError("case " + id + ": the slices end at input " + std::to_string(next) + " of " +
                     std::to_string(total));

  Value out = *worst;
  out.as_object();
  unsigned long long checked = 0, failed = 0;
  double time_s = 0, build_s = 0;
  std::vector<Value> failures;
  for (const Value* p : parts) {
    checked += p->get("checked").is_number() ? p->at("checked").as_uint() : 0;
    failed += p->get("failed").is_number() ? p->at("failed").as_uint() : 0;
    time_s += number(p->get("time_s"));
    build_s += number(p->get("build_s"));
    if (p->get("failures").is_array())
      for (const Value& f : p->at("failures").as_array()) failures.push_back(f);
  }
  // The worst failures first (largest ULP error; the earliest among equals),
  // as many as one record keeps.
  std::stable_sort(failures.begin(), failures.end(),
                   [](const Value& a, const Value& b) { return number(a.get("ulp")) > number(b.get("ulp")); });
  if (failures.size() > 16) failures.resize(16);
  out["checked"] = checked;
  out["failed"] = failed;
  out["time_s"] = time_s;
  out["build_s"] = build_s;
  if (!failures.empty()) out["failures"] = Value(Value::Array(failures));
  std::vector<const Value*> metrics;
  for (const Value* p : sliced)
    if (p->get("metrics").is_object()) metrics.push_back(&p->at("metrics"));
  if (!metrics.empty()) out["metrics"] = merge_metrics(metrics);
  Value slice = Value::object();
  slice["begin"] = 0;
  slice["end"] = static_cast<unsigned long long>(total);
  slice["total"] = static_cast<unsigned long long>(total);
  out["slice"] = slice;
  out["detail"] = std::to_string(parts.size()) + " shards, " + std::to_string(total) + " inputs in all; " +
                  (worst == parts.front() ? "shard 1" : "the worst shard") + ": " + text_of(worst->get("detail"));
  if (status_rank(status_of(*worst)) >= status_rank("error")) return out;
  // Known-failure counts and xpass are the campaign's, not a shard's: an
  // entry's max_count bounds the wrong values of every shard together, and
  // an entry is stale only when no shard met its defect.
  if (KnownFailures::settle_merged(out, judged)) return out;
  if (status_of(out) == "pass" && checked == 0) {
    out["status"] = "error";
    out["detail"] = "the check compared no values in any shard";
  }
  return out;
}

}  // namespace

Shard read_shard(const std::string& dir) {
  Shard s;
  s.dir = dir;
  if (!fs::exists(dir + "/run.json")) throw SetupError(dir + ": no run.json (not a results folder)");
  try {
    s.run = json::parse_file(dir + "/run.json");
  } catch (const json::ParseError& e) {
    throw SetupError(dir + ": unreadable run.json: " + e.what());
  }
  std::ifstream in(dir + "/results.jsonl");
  if (!in) throw SetupError(dir + ": no results.jsonl");
  std::map<std::string, size_t> at;
  for (std::string line; std::getline(in, line);) {
    Value v;
    try {
      v = json::parse(line);
      v.at("case").as_string();
      v.at("status").as_string();
    } catch (const json::ParseError&) {
      continue;  // a line cut short by a kill; a resumed run wrote the case again
    }
    const std::string id = v.at("case").as_string();
    auto it = at.find(id);
    if (it == at.end()) {
      at[id] = s.records.size();
      s.records.push_back(std::move(v));
    } else {
      s.records[it->second] = std::move(v);  // a later record replaces an earlier one
    }
  }
  return s;
}

Merged merge_shards(std::vector<Shard> shards) {
  if (shards.empty()) throw SetupError("'merge' needs the shards' results folders");
  for (const Shard& s : shards) {
    if (!s.run.has("finished"))
      throw SetupError(s.dir + ": the shard did not finish; complete it with 'clconform run --resume " + s.dir + "'");
  }
  // One campaign: the same build, inputs, options, cases and device.
  const Shard& ref = shards.front();
  for (const Shard& s : shards) {
    for (const char* key : kCampaignKeys) {
      if (s.run.get(key).dump() != ref.run.get(key).dump())
        throw SetupError(s.dir + ": " + key + " is " + text_of(s.run.get(key)) + " but " + ref.dir + " has " +
                         text_of(ref.run.get(key)) + ": not the same campaign");
    }
    for (const char* key : kDeviceKeys) {
      if (s.run.at("device").get(key).dump() != ref.run.at("device").get(key).dump())
        throw SetupError(s.dir + ": device " + key + " is " + text_of(s.run.at("device").get(key)) + " but " +
                         ref.dir + " has " + text_of(ref.run.at("device").get(key)) + ": not the same campaign");
    }
  }
  // Every K of 1..N exactly once.
  const uint64_t n = shard_no(ref).n;
  std::map<uint64_t, size_t> by_k;
  for (size_t i = 0; i < shards.size(); ++i) {
    ShardNo no = shard_no(shards[i]);
    if (no.n != n)
      throw SetupError(shards[i].dir + ": shard " + std::to_string(no.k) + "/" + std::to_string(no.n) + " but " +
                       ref.dir + " is one of " + std::to_string(n) + ": not the same campaign");
    if (by_k.count(no.k))
      throw SetupError(shards[i].dir + " and " + shards[by_k[no.k]].dir + " are both shard " + std::to_string(no.k) +
                       "/" + std::to_string(n));
    by_k[no.k] = i;
  }
  for (uint64_t k = 1; k <= n; ++k) {
    if (!by_k.count(k)) {
      throw SetupError("shard " + std::to_string(k) + "/" + std::to_string(n) + " is missing (" +
                       std::to_string(shards.size()) + " of " + std::to_string(n) + " shards given)");
    }
  }
  std::vector<Shard> ordered;
  for (const auto& [k, i] : by_k) ordered.push_back(std::move(shards[i]));

  // The same cases in every shard, each with a record.
  const uint64_t selected = ordered.front().run.get("cases_selected").is_number()
                                ? ordered.front().run.at("cases_selected").as_uint()
                                : ordered.front().records.size();
  std::vector<std::map<std::string, const Value*>> index(ordered.size());
  for (size_t i = 0; i < ordered.size(); ++i) {
    for (const Value& r : ordered[i].records) index[i][r.at("case").as_string()] = &r;
    if (index[i].size() != selected)
      throw SetupError(ordered[i].dir + ": " + std::to_string(index[i].size()) + " case records but " +
                       std::to_string(selected) + " cases selected; complete it with 'clconform run --resume " +
                       ordered[i].dir + "'");
  }
  Merged m;
  for (const Value& r : ordered.front().records) {
    const std::string id = r.at("case").as_string();
    std::vector<const Value*> parts;
    for (size_t i = 0; i < ordered.size(); ++i) {
      auto it = index[i].find(id);
      if (it == index[i].end()) throw SetupError(ordered[i].dir + ": no record of case " + id);
      parts.push_back(it->second);
    }
    m.records.push_back(merge_case(id, parts, ordered));
  }

  // run.json: the campaign's, without the shard number, with its span.
  m.run = Value::object();
  for (const auto& [key, v] : ordered.front().run.as_object()) {
    if (key != "shard") m.run[key] = v;
  }
  std::string started = text_of(ordered.front().run.get("started")), finished = text_of(ordered.front().run.get("finished"));
  double longest = 0;
  Value from = Value::array();
  for (const Shard& s : ordered) {
    started = std::min(started, text_of(s.run.get("started")));
    finished = std::max(finished, text_of(s.run.get("finished")));
    longest = std::max(longest, number(s.run.get("duration_s")));
    from.push_back(s.dir);
  }
  m.run["started"] = started;
  m.run["finished"] = finished;
  m.run["duration_s"] = longest;  // the campaign's wall time, if the shards ran at once
  m.run["merged_from"] = from;
  m.run["shards"] = static_cast<unsigned long long>(n);
  return m;
}

int merge_command(const std::vector<std::string>& dirs, const std::string& out, bool write_reports,
                  const std::string& command_line) {
  if (dirs.empty()) throw SetupError("'merge' needs the shards' results folders (see 'clconform merge --help')");
  if (out.empty()) throw SetupError("'merge' needs --out DIR for the merged folder");
  std::error_code ec;
  for (const auto& d : dirs) {
    if (fs::equivalent(d, out, ec)) throw SetupError("--out " + out + " is one of the shards");
  }
  if (fs::exists(out + "/results.jsonl"))
    throw SetupError(out + " already holds results; merge into a new folder");
  std::vector<Shard> shards;
  for (const auto& d : dirs) shards.push_back(read_shard(d));
  Merged m = merge_shards(std::move(shards));
  m.run["merge_command"] = command_line;
  fs::create_directories(out, ec);
  if (ec) throw SetupError("cannot create " + out + ": " + ec.message());
  std::string lines;
  for (const Value& r : m.records) lines += r.dump() + "\n";
  write_file_atomically(out + "/results.jsonl", lines);
  write_file_atomically(out + "/run.json", m.run.dump() + "\n");
  RunOptions o;
  o.out_dir = out;
  o.write_reports = write_reports;
  return finish_run(o);
}

}  // namespace clconform
