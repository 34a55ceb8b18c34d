// Comparing runs: the same cases on several devices, or one device on
// several nights. Cases are matched by id; the first run is the baseline.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "reports/compare_detail.hpp"
#include "reports/format.hpp"
#include "reports/ranking.hpp"
#include "reports/reports.hpp"
#include "reports/values.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kLinesPerList = 40;

// How good an outcome is, for telling regressions from improvements. An
// unsupported case has no outcome to compare: it ran nowhere.
std::optional<int> outcome(Status s) {
  switch (s) {
    case Status::Pass:
    case Status::XPass:
    case Status::Info: return 0;
    case Status::KnownFail: return 1;
    case Status::Regression:
    case Status::Fail: return 2;
    case Status::Timeout:
    case Status::Crash:
    case Status::Error: return 3;
    case Status::Unsupported: return std::nullopt;
  }
  return std::nullopt;
}

// NaN errors (a NaN where a number was due) compare as the worst, infinity.
std::optional<double> ulp_of(const CaseRecord& c) {
  auto u = worst_ulp(c);
  if (u && std::isnan(*u)) u = HUGE_VAL;
  return u;
}

// "math.sin.float4" -> "math.sin.float": the function and element type,
// whatever the vector width.
std::string function_of(const std::string& id) {
  std::string out, token;
  for (size_t i = 0; i <= id.size(); ++i) {
    if (i < id.size() && id[i] != '.' && id[i] != '_') {
      token += id[i];
      continue;
    }
    const std::string scalar = scalar_type_of(token);
    out += scalar.empty() ? token : scalar;
    if (i < id.size()) out += id[i];
    token.clear();
  }
  return out;
}

std::string basename(std::string dir) {
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  const size_t slash = dir.rfind('/');
  return slash == std::string::npos ? dir : dir.substr(slash + 1);
}

// Device and driver tell runs on different devices apart; runs on one
// device are told apart by their folder, and as a last resort by position.
std::vector<std::string> labels_of(const std::vector<RunData>& runs) {
  auto unique = [](const std::vector<std::string>& v) {
    for (size_t i = 0; i < v.size(); ++i) {
      for (size_t j = i + 1; j < v.size(); ++j) {
        if (v[i] == v[j]) return false;
      }
    }
    return true;
  };
  std::vector<std::string> by_device, by_dir;
  for (const RunData& r : runs) {
    const DeviceInfo& d = r.run.device;
    by_device.push_back((d.name.empty() ? "?" : d.name) + (d.driver_version.empty() ? "" : " " + d.driver_version));
    by_dir.push_back(basename(r.dir));
  }
  if (unique(by_device)) return by_device;
  if (unique(by_dir)) return by_dir;
  for (size_t i = 0; i < by_dir.size(); ++i) by_dir[i] += " #" + std::to_string(i + 1);
  return by_dir;
}

std::string status_text(const std::optional<Status>& s) { return s ? status_name(*s) : "-"; }

}  // namespace

std::string run_letter(size_t i) { return i < 26 ? std::string(1, char('A' + i)) : "R" + std::to_string(i + 1); }

bool same_ulp(const std::optional<double>& a, const std::optional<double>& b) {
  if (!a || !b) return !a && !b;
  return *a == *b || (std::isnan(*a) && std::isnan(*b));
}

Comparison compare(const std::vector<RunData>& runs) {
  if (runs.empty()) throw std::invalid_argument("nothing to compare: no runs given");
  Comparison cmp;
  cmp.labels = labels_of(runs);
  const size_t n = runs.size();

  std::vector<Comparison::Row> rows;
  std::unordered_map<std::string, size_t> where;
  for (size_t r = 0; r < n; ++r) {
    for (const CaseRecord& c : runs[r].cases) {
      auto [it, inserted] = where.emplace(c.id, rows.size());
      if (inserted) {
        rows.push_back({c.id, std::vector<std::optional<Status>>(n), std::vector<std::optional<double>>(n), {}});
      }
      Comparison::Row& row = rows[it->second];
      row.status[r] = c.status;
      row.max_ulp[r] = ulp_of(c);
      if (!row.bound && c.metrics && c.metrics->bound) row.bound = c.metrics->bound;
    }
  }

  std::unordered_map<std::string, size_t> function_at;
  for (const Comparison::Row& row : rows) {
    bool same_status = true, same_error = true, measured = false;
    for (size_t r = 0; r < n; ++r) {
      same_status = same_status && row.status[r] == row.status[0];
      same_error = same_error && same_ulp(row.max_ulp[r], row.max_ulp[0]);
      measured = measured || row.max_ulp[r];
    }
    if (same_status) {
      ++cmp.identical;
    } else {
      cmp.differing.push_back(row);
    }
    if (!same_error) cmp.ulp_differing.push_back(row);

    for (size_t r = 1; r < n && row.status[0]; ++r) {
      if (!row.status[r]) continue;
      const auto before = outcome(*row.status[0]), after = outcome(*row.status[r]);
      if (!before || !after || *before == *after) continue;
      (*after > *before ? cmp.regressions : cmp.improvements).push_back({row.id, r, *row.status[0], *row.status[r]});
    }

    if (!measured) continue;
    auto [it, inserted] = function_at.emplace(function_of(row.id), cmp.functions.size());
    if (inserted) cmp.functions.push_back({it->first, std::vector<std::optional<double>>(n), row.bound});
    Comparison::FunctionUlp& f = cmp.functions[it->second];
    for (size_t r = 0; r < n; ++r) {
      if (row.max_ulp[r] && (!f.max_ulp[r] || *row.max_ulp[r] > *f.max_ulp[r])) f.max_ulp[r] = row.max_ulp[r];
    }
    if (!f.bound) f.bound = row.bound;
  }

  for (const Comparison::FunctionUlp& f : cmp.functions) {
    for (size_t r = 1; r < n; ++r) {
      if (!f.max_ulp[0] || !f.max_ulp[r] || same_ulp(f.max_ulp[0], f.max_ulp[r])) continue;
      const Comparison::Delta d{f.function, r, *f.max_ulp[0], *f.max_ulp[r], f.bound};
      (d.to > d.from ? cmp.less_accurate : cmp.more_accurate).push_back(d);
    }
  }
  // A relative change ranks before an absolute one: 0.5 -> 1.5 ulp is a
  // larger loss than 1e6 -> 1.1e6.
  auto change = [](const Comparison::Delta& d) {
    const double lo = std::min(d.from, d.to), hi = std::max(d.from, d.to);
    return lo > 0 ? hi / lo : std::numeric_limits<double>::infinity();
  };
  auto by_change = [&](const Comparison::Delta& a, const Comparison::Delta& b) { return change(a) > change(b); };
  std::stable_sort(cmp.less_accurate.begin(), cmp.less_accurate.end(), by_change);
  std::stable_sort(cmp.more_accurate.begin(), cmp.more_accurate.end(), by_change);
  return cmp;
}

namespace {

std::string legend_text(const std::vector<RunData>& runs, const Comparison& cmp) {
  std::vector<std::vector<std::string>> legend;
  for (size_t r = 0; r < runs.size(); ++r) {
    const Counts total = tally(runs[r]).total;
    legend.push_back({run_letter(r), cmp.labels[r], runs[r].run.device.c_version, runs[r].dir,
                      format_count(total.cases) + " cases", format_count(total.failing()) + " failing",
                      runs[r].finished() ? "" : "DID NOT FINISH"});
  }
  return align_columns(legend, "  ", legend.front().size());
}

std::string more_text(size_t total) {
  return total > kLinesPerList ? "  ... and " + format_count(total - kLinesPerList) + " more\n" : "";
}

std::string changes_text(const char* title, const std::vector<Comparison::Change>& list) {
  if (list.empty()) return "";
  std::vector<std::vector<std::string>> lines;
  for (size_t i = 0; i < list.size() && i < kLinesPerList; ++i) {
    lines.push_back({run_letter(list[i].run), list[i].id,
                     std::string(status_name(list[i].from)) + " -> " + status_name(list[i].to)});
  }
  return "\n" + std::string(title) + " against A (" + format_count(list.size()) + "):\n" +
         align_columns(lines, "  ", 3) + more_text(list.size());
}

std::string differences_text(const Comparison& cmp, size_t n) {
  if (cmp.differing.empty()) return "";
  std::vector<std::vector<std::string>> lines{{"case"}};
  for (size_t r = 0; r < n; ++r) lines[0].push_back(run_letter(r));
  for (size_t i = 0; i < cmp.differing.size() && i < kLinesPerList; ++i) {
    std::vector<std::string> line{cmp.differing[i].id};
    for (size_t r = 0; r < n; ++r) line.push_back(status_text(cmp.differing[i].status[r]));
    lines.push_back(line);
  }
  return "\nStatus differences (" + format_count(cmp.differing.size()) + "):\n" + align_columns(lines, "  ", n + 1) +
         more_text(cmp.differing.size());
}

// Only the functions whose error is not the same in every run are listed.
std::string functions_text(const Comparison& cmp, size_t n) {
  if (cmp.functions.empty()) return "\nMax ULP per function: no run measured a ULP error.\n";
  std::vector<std::vector<std::string>> lines{{"function", "bound"}};
  for (size_t r = 0; r < n; ++r) lines[0].push_back(run_letter(r));
  size_t differ = 0;
  for (const Comparison::FunctionUlp& f : cmp.functions) {
    bool same = true;
    for (size_t r = 1; r < n; ++r) same = same && same_ulp(f.max_ulp[r], f.max_ulp[0]);
    if (same || ++differ > kLinesPerList) continue;
    std::vector<std::string> line{f.function, format_ulp(f.bound)};
    for (size_t r = 0; r < n; ++r) line.push_back(format_ulp(f.max_ulp[r]));
    lines.push_back(line);
  }
  std::string out = "\nMax ULP per function: " + format_count(cmp.functions.size() - differ) +
                    " the same in every run, " + format_count(differ) + " differ.\n";
  return differ ? out + align_columns(lines, "  ", 1) + more_text(differ) : out;
}

std::string deltas_text(const char* title, const std::vector<Comparison::Delta>& list) {
  if (list.empty()) return "";
  std::vector<std::vector<std::string>> lines{{"run", "function", "A", "run", "bound"}};
  for (size_t i = 0; i < list.size() && i < kLinesPerList; ++i) {
    const Comparison::Delta& d = list[i];
    lines.push_back({run_letter(d.run), d.function, format_ulp(d.from), format_ulp(d.to), format_ulp(d.bound)});
  }
  return "\n" + std::string(title) + " (" + format_count(list.size()) + "):\n" + align_columns(lines, "  ", 5) +
         more_text(list.size());
}

}  // namespace

std::string comparison_table(const std::vector<RunData>& runs) {
  const Comparison cmp = compare(runs);
  std::string out = "Comparing " + std::to_string(runs.size()) + " runs; A is the baseline.\n" + legend_text(runs, cmp);
  out += "\nStatus: " + format_count(cmp.identical) + " cases the same in every run, " +
         format_count(cmp.differing.size()) + " differ.\n";
  out += changes_text("Regressions", cmp.regressions);
  out += changes_text("Improvements", cmp.improvements);
  if (cmp.regressions.empty()) out += "\nNo regressions against A.\n";
  out += differences_text(cmp, runs.size());
  out += deltas_text("Less accurate than A, max ULP per function", cmp.less_accurate);
  out += deltas_text("More accurate than A", cmp.more_accurate);
  out += functions_text(cmp, runs.size());
  return out;
}

}  // namespace clconform::reports
