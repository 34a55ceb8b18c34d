// The failures of report.html: every case whose status needs a look, worst
// first, with the values, the repro command, the build log and the kernel.
// A broken driver can fail every case, so only the worst get a full section
// and the rest a row each, up to a cap.
#include <algorithm>
#include <unordered_map>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_charts.hpp"
#include "reports/html_page.hpp"
#include "reports/html_sections.hpp"
#include "reports/ranking.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kDetailed = 300;    // cases with a full section
constexpr size_t kListed = 2000;     // further cases with one row each
constexpr size_t kOpenedFirst = 10;  // full sections shown opened

std::string values_table(const CaseRecord& c) {
  if (c.failures.empty()) return "";
  size_t args = 0;
  for (const Failure& f : c.failures) args = std::max(args, f.values.inputs.size());
  std::string out = "<table class=\"values\"><thead><tr><th class=\"n\">index</th><th class=\"n\">lane</th>";
  for (size_t i = 0; i < args; ++i) out += "<th>input " + std::to_string(i) + "</th>";
  out += "<th>output</th><th>expected</th><th class=\"n\">error (ulp)</th><th>note</th></tr></thead><tbody>\n";
  const ValueReader values(c);
  for (const Failure& f : c.failures) {
    out += "<tr><td class=\"n\">" + (f.index ? std::to_string(*f.index) : "") + "</td><td class=\"n\">" +
           (f.lane ? std::to_string(*f.lane) : "") + "</td>";
    for (size_t i = 0; i < args; ++i) {
      out += "<td>" + (i < f.values.inputs.size() ? value_html(values.input(i, f.values.inputs[i])) : "") + "</td>";
    }
    out += "<td>" + value_html(values.output(f.values.output)) + "</td><td>" +
           value_html(values.expected(f.values.expected)) + "</td><td class=\"n\">" +
           (f.ulp ? escape_text(format_ulp(f.ulp)) : "") + "</td><td>" + escape_text(f.note) + "</td></tr>\n";
  }
  return out + "</tbody></table>\n";
}

std::string facts(const CaseRecord& c) {
  std::string out = "<dl class=\"info\">";
  auto row = [&](const char* name, const std::string& html) { out += "<dt>" + std::string(name) + "</dt><dd>" + html + "</dd>"; };
  if (c.checked) row("values", escape_text(format_count(c.failed) + " of " + format_count(c.checked) + " wrong"));
  if (c.metrics && c.metrics->max_ulp) {
    row("max error", escape_text(format_ulp(c.metrics->max_ulp) + " ulp, bound " + format_ulp(c.metrics->bound)) + " " +
                         ulp_bar_svg(c.metrics->max_ulp, c.metrics->bound));
  }
  if (!c.known_failure_reason.empty() || !c.known_failure_entry.empty()) {
    row("known failure", escape_text(c.known_failure_reason) +
                             (c.known_failure_entry.empty() ? "" : " <code>" + escape_text(c.known_failure_entry) + "</code>"));
  }
  auto list = [](const std::vector<std::string>& items) {
    std::string s;
    for (const auto& i : items) s += (s.empty() ? "" : "; ") + i;
    return escape_text(s);
  };
  if (!c.baseline_regressions.empty()) row("worse than baseline", list(c.baseline_regressions));
  if (!c.baseline_improvements.empty()) row("better than baseline", list(c.baseline_improvements));
  if (!c.program.empty()) row("program", "<code>" + escape_text(c.program) + "</code> kernel <code>" + escape_text(c.kernel) + "</code>");
  if (!c.build_options.empty()) row("build options", "<code>" + escape_text(c.build_options) + "</code>");
  if (c.time_s) row("time", escape_text(format_seconds(c.time_s)));
  return out + "</dl>\n";
}

// Many failing cases share one program: each distinct source is printed
// once and later cases link to it, so a bad night stays a small file.
std::string source_part(const CaseRecord& c, std::unordered_map<std::string, std::string>& shown_in) {
  if (c.source.empty()) return "";
  auto [it, first] = shown_in.emplace(c.source, c.id);
  if (!first) {
    return "<p>kernel source: as in <a href=\"#" + escape_attr(case_anchor(it->second)) + "\">" +
           escape_text(it->second) + "</a></p>\n";
  }
  return "<details><summary>kernel source" + (c.program.empty() ? "" : " (" + escape_text(c.program) + ")") +
         "</summary><pre>" + escape_text(c.source) + "</pre></details>\n";
}

std::string case_section(const CaseRecord& c, bool open, std::unordered_map<std::string, std::string>& sources) {
  std::string out = "<details class=\"case\" id=\"" + escape_attr(case_anchor(c.id)) + "\"" + (open ? " open" : "") +
                    "><summary>" + badge(c.status) + " <code>" + escape_text(c.id) + "</code> <span class=\"muted\">" +
                    escape_text(c.detail) + "</span></summary>\n<div class=\"body\">\n";
  out += facts(c);
  out += values_table(c);
  if (!c.repro.empty()) out += "<div>repro:</div><pre class=\"repro\">" + escape_text(c.repro) + "</pre>\n";
  if (!c.build_log.empty()) {
    out += "<details><summary>build log</summary><pre>" + escape_text(c.build_log) + "</pre></details>\n";
  }
  out += source_part(c, sources);
  return out + "</div></details>\n";
}

std::string case_row(const CaseRecord& c) {
  return "<tr data-id=\"" + escape_attr(c.id) + "\"><td><code>" + escape_text(c.id) + "</code></td><td>" +
         badge(c.status) + "</td><td>" + escape_text(one_line(c.detail, 160)) + "</td>" +
         number_cell(double(c.failed), format_count(c.failed)) + "<td><code>" + escape_text(c.repro) + "</code></td></tr>\n";
}

}  // namespace

std::vector<const CaseRecord*> detailed_failures(const RunData& run) {
  std::vector<const CaseRecord*> cases = attention_cases(run);
  if (cases.size() > kDetailed) cases.resize(kDetailed);
  return cases;
}

std::string failures_section(const RunData& run) {
  const std::vector<const CaseRecord*> cases = attention_cases(run);
  std::string out = "<section id=\"failures\"><h2>Failures</h2>\n";
  if (cases.empty()) return out + "<p>No case failed.</p></section>\n";
  size_t failing = 0;
  for (const CaseRecord* c : cases) failing += fails_run(c->status);
  const size_t others = cases.size() - failing;
  out += "<p>" + plural(failing, "case") + " failing the run" +
         (others ? ", " + format_count(others) + " more known failures or xpass" : std::string()) +
         ". Worst first: crashes, timeouts, the largest share of wrong values, the largest error.</p>\n";

  std::unordered_map<std::string, std::string> sources;
  for (size_t i = 0; i < cases.size() && i < kDetailed; ++i) {
    out += case_section(*cases[i], i < kOpenedFirst && fails_run(cases[i]->status), sources);
  }
  if (cases.size() > kDetailed) {
    const size_t listed = std::min(cases.size(), kDetailed + kListed) - kDetailed;
    out += "<h3>" + format_count(listed) + " more, one line each</h3>\n" + filter_box("more-failures", "case id", false);
    out += "<table class=\"sortable\" id=\"more-failures\"><thead><tr><th>case</th><th>status</th><th>detail</th>"
           "<th class=\"n\">wrong</th><th>repro</th></tr></thead><tbody>\n";
    for (size_t i = kDetailed; i < kDetailed + listed; ++i) out += case_row(*cases[i]);
    out += "</tbody></table>\n";
  }
  if (cases.size() > kDetailed + kListed) {
    out += "<p class=\"warn\">" + format_count(cases.size() - kDetailed - kListed) +
           " more cases are left out of this page; results.jsonl and junit.xml hold every one.</p>\n";
  }
  return out + "</section>\n";
}

}  // namespace clconform::reports
