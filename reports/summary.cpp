// The text the CLI prints after a run or for `clconform report DIR`: it has
// to fit one terminal screen whatever the size of the run.
#include <map>
#include <string>
#include <vector>

#include "reports/format.hpp"
#include "reports/ranking.hpp"
#include "reports/reports.hpp"
#include "reports/verdict.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kWorstShown = 8;
constexpr size_t kWarningsShown = 3;
constexpr size_t kLineWidth = 110;

std::vector<std::string> count_row(const std::string& name, const Counts& c) {
  std::vector<std::string> row{name};
  for (uint64_t n : c.by_status) row.push_back(format_count(n));
  row.push_back(format_count(c.checked));
  return row;
}

std::string failure_line(const CaseRecord& c) {
  std::string what = c.detail;
  if (c.checked && c.failed) what = format_count(c.failed) + "/" + format_count(c.checked) + " wrong; " + what;
  if (auto ulp = worst_ulp(c)) {
    what = "max " + format_ulp(ulp) + " ulp" +
           (c.metrics && c.metrics->bound ? " (bound " + format_ulp(c.metrics->bound) + ")" : "") + "; " + what;
  }
  return what;
}

// "astype: defined 122, implementation_defined 398, reject 224": the case
// counts per manifest group, so a reader can match them to what a suite
// promises.
std::string group_lines(const RunData& run) {
  std::vector<std::string> suites;
  std::map<std::string, std::map<std::string, uint64_t>> counts;
  for (const CaseRecord& c : run.cases) {
    if (c.group.empty()) continue;
    if (!counts.count(c.suite)) suites.push_back(c.suite);
    ++counts[c.suite][c.group];
  }
  std::string out;
  for (const std::string& s : suites) {
    std::string line = s + ":";
    for (const auto& [group, n] : counts[s]) line += " " + group + " " + format_count(n) + ",";
    line.pop_back();
    out += one_line(line, kLineWidth) + "\n";
  }
  return out.empty() ? out : "\ncases per group\n" + out;
}

}  // namespace

std::string summary_table(const RunData& run) {
  const DeviceInfo& d = run.run.device;
  std::string out = "clconform " + run.run.clconform_version + " on " + (d.name.empty() ? "?" : d.name);
  if (!d.driver_version.empty()) out += ", driver " + d.driver_version;
  if (!d.c_version.empty()) out += ", " + d.c_version;
  out += "\nmode " + (run.run.mode.empty() ? "?" : run.run.mode);
  if (run.run.seed) out += ", seed " + std::to_string(*run.run.seed);
  if (!run.run.build_options.empty()) out += ", build options \"" + run.run.build_options + "\"";
  const Tally t = tally(run);
  if (run.finished()) {
    out += ", finished in " + format_seconds(run.run.duration_s);
  } else {
    out += ", DID NOT FINISH";
    if (run.run.cases_selected) {
      out += " (" + format_count(t.total.cases) + " of " + format_count(*run.run.cases_selected) + " cases done)";
    }
  }
  out += "\n\n";

  // Short names keep the table narrow; the order is that of Status.
  std::vector<std::vector<std::string>> rows{
      {"suite", "pass", "fail", "known", "xpass", "unsup", "info", "timeout", "crash", "error", "regr", "values"}};
  for (const SuiteCounts& s : t.suites) rows.push_back(count_row(s.suite, s.counts));
  rows.push_back(count_row("total", t.total));
  out += align_columns(rows, "", 1);

  out += group_lines(run);

  const std::vector<const CaseRecord*> attention = attention_cases(run);
  std::vector<std::vector<std::string>> worst;
  for (const CaseRecord* c : attention) {
    if (!fails_run(c->status) || worst.size() == kWorstShown) continue;
    worst.push_back({status_name(c->status), c->id, failure_line(*c)});
  }
  if (!worst.empty()) {
    out += "\nworst failures (" + std::to_string(worst.size()) + " of " + format_count(t.total.failing()) + "):\n";
    std::string lines = align_columns(worst, "  ", 3);
    size_t pos = 0;
    while (pos < lines.size()) {  // long details are cut, not wrapped
      const size_t end = lines.find('\n', pos);
      out += one_line(lines.substr(pos, end - pos), kLineWidth) + "\n";
      pos = end + 1;
    }
  }
  if (t.total[Status::Regression]) {
    out += "\n" + format_count(t.total[Status::Regression]) +
           " regressions: inside the bound, but worse than the device's accuracy baseline\n";
  }
  size_t improved = 0;
  for (const CaseRecord& c : run.cases) improved += !c.baseline_improvements.empty();
  if (improved) out += "\n" + format_count(improved) + " cases more accurate than the baseline (update it to keep the gain)\n";
  if (t.total[Status::XPass]) {
    out += "\n" + format_count(t.total[Status::XPass]) + " xpass: known-failures entries no longer needed\n";
  }

  if (!run.warnings.empty()) out += "\n";
  for (size_t i = 0; i < run.warnings.size() && i < kWarningsShown; ++i) out += "warning: " + run.warnings[i] + "\n";
  if (run.warnings.size() > kWarningsShown) {
    out += "(" + std::to_string(run.warnings.size() - kWarningsShown) + " more warnings)\n";
  }

  out += "\n";
  switch (verdict_of(run, t.total)) {
    case Verdict::Fail:
      out += "RESULT: FAIL, " + format_count(t.total.failing()) + " of " + format_count(t.total.cases) + " cases\n";
      break;
    case Verdict::Incomplete:
      out += "RESULT: INCOMPLETE, no failure among " + format_count(t.total.cases) + " cases\n";
      break;
    case Verdict::NoCases:
      out += "RESULT: NO CASES, nothing was checked\n";
      break;
    case Verdict::Pass:
      out += "RESULT: PASS, " + format_count(t.total.cases) + " cases\n";
      break;
  }
  return out;
}

}  // namespace clconform::reports
