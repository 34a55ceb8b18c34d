// The comparison page: runs side by side, what changed against the first
// run, and how the measured accuracy differs per function and per case.
// Only rows that differ are listed; identical ones are counted.
#include "reports/compare_detail.hpp"
#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_page.hpp"
#include "reports/reports.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kRows = 2000;

std::string cell(const std::string& text) { return "<td>" + escape_text(text) + "</td>"; }

std::string runs_table(const std::vector<RunData>& runs, const Comparison& cmp) {
  std::string out = "<section id=\"runs\"><h2>Runs</h2>\n<table><thead><tr><th></th><th>run</th><th>device</th>"
                    "<th>platform</th><th>driver</th><th>OpenCL C</th><th>fp16 / fp64</th><th>build options</th>"
                    "<th>mode, seed</th><th>started</th><th>duration</th><th>clconform</th><th>folder</th></tr></thead><tbody>\n";
  for (size_t r = 0; r < runs.size(); ++r) {
    const RunInfo& i = runs[r].run;
    out += "<tr><td><strong>" + run_letter(r) + "</strong></td>" + cell(cmp.labels[r]) + cell(i.device.name) +
           cell(i.device.platform_version.empty() ? i.device.platform : i.device.platform_version) +
           cell(i.device.driver_version) + cell(i.device.c_version) +
           cell(format_yes_no(i.device.fp16) + " / " + format_yes_no(i.device.fp64)) + "<td><code>" +
           escape_text(i.build_options) + "</code></td>" +
           cell(i.mode + (i.seed ? ", " + std::to_string(*i.seed) : "")) + cell(i.started) +
           (runs[r].finished() ? cell(format_seconds(i.duration_s)) : "<td class=\"bad\">did not finish</td>") +
           cell(i.clconform_version) + cell(runs[r].dir) + "</tr>\n";
  }
  return out + "</tbody></table></section>\n";
}

std::string totals_table(const std::vector<RunData>& runs) {
  std::vector<Counts> totals;
  for (const RunData& r : runs) totals.push_back(tally(r).total);
  std::string out = "<section id=\"summary\"><h2>Summary</h2>\n<table><thead><tr><th></th>";
  for (size_t r = 0; r < runs.size(); ++r) out += "<th class=\"n\">" + run_letter(r) + "</th>";
  out += "</tr></thead><tbody>\n";
  auto line = [&](const std::string& name, auto value, bool bad_if_more) {
    out += "<tr><td>" + name + "</td>";
    for (size_t r = 0; r < runs.size(); ++r) {
      const uint64_t v = value(totals[r]), base = value(totals[0]);
      std::string text = format_count(v);
      if (r > 0 && v != base) text += v > base ? " (+" + format_count(v - base) + ")" : " (-" + format_count(base - v) + ")";
      out += number_cell(double(v), text, bad_if_more && v > base ? "bad" : "");
    }
    out += "</tr>\n";
  };
  line("cases", [](const Counts& c) { return c.cases; }, false);
  for (int i = 0; i < kStatusCount; ++i) {
    const Status s = Status(i);
    line(badge(s), [s](const Counts& c) { return c[s]; }, fails_run(s));
  }
  line("values checked", [](const Counts& c) { return c.checked; }, false);
  line("values wrong", [](const Counts& c) { return c.failed_values; }, true);
  return out + "</tbody></table></section>\n";
}

std::string changes_table(const char* id, const char* title, const std::vector<Comparison::Change>& list,
                          const Comparison& cmp) {
  std::string out = "<section id=\"" + std::string(id) + "\"><h2>" + title + " against A (" + format_count(list.size()) +
                    ")</h2>\n";
  if (list.empty()) return out + "<p>None.</p></section>\n";
  out += "<table class=\"sortable\"><thead><tr><th>case</th><th>run</th><th>A</th><th>now</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < list.size() && i < kRows; ++i) {
    const Comparison::Change& c = list[i];
    out += "<tr><td><code>" + escape_text(c.id) + "</code></td>" + cell(run_letter(c.run) + " " + cmp.labels[c.run]) +
           "<td>" + badge(c.from) + "</td><td>" + badge(c.to) + "</td></tr>\n";
  }
  out += "</tbody></table>\n";
  if (list.size() > kRows) out += "<p class=\"muted\">... and " + format_count(list.size() - kRows) + " more</p>\n";
  return out + "</section>\n";
}

std::string run_heads(size_t n) {
  std::string out;
  for (size_t r = 0; r < n; ++r) out += "<th>" + run_letter(r) + "</th>";
  return out;
}

std::string differences_table(const Comparison& cmp, size_t n) {
  std::string out = "<section id=\"differences\"><h2>Status differences</h2>\n<p>" + format_count(cmp.differing.size()) +
                    " cases differ between the runs; " + format_count(cmp.identical) +
                    " have the same status in every run and are not listed.</p>\n";
  if (cmp.differing.empty()) return out + "</section>\n";
  out += filter_box("differences-table", "case id", false) +
         "<table class=\"sortable\" id=\"differences-table\"><thead><tr><th>case</th>" + run_heads(n) + "</tr></thead><tbody>\n";
  for (size_t i = 0; i < cmp.differing.size() && i < kRows; ++i) {
    const Comparison::Row& row = cmp.differing[i];
    out += "<tr data-id=\"" + escape_attr(row.id) + "\"><td><code>" + escape_text(row.id) + "</code></td>";
    for (size_t r = 0; r < n; ++r) {
      out += row.status[r] ? "<td>" + badge(*row.status[r]) + "</td>" : "<td class=\"muted\">no record</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody></table>\n";
  if (cmp.differing.size() > kRows) {
    out += "<p class=\"muted\">... and " + format_count(cmp.differing.size() - kRows) + " more</p>\n";
  }
  return out + "</section>\n";
}

std::string ulp_cells(const std::vector<std::optional<double>>& ulps, const std::optional<double>& bound) {
  std::string out;
  for (size_t r = 0; r < ulps.size(); ++r) {
    const bool over = ulps[r] && bound && *ulps[r] > *bound;
    const bool changed = r > 0 && !same_ulp(ulps[r], ulps[0]);
    out += number_cell(ulps[r].value_or(-1), format_ulp(ulps[r]) + (changed ? " *" : ""), over ? "bad" : "");
  }
  return out;
}

std::string deltas_table(const Comparison& cmp) {
  std::string out = "<section id=\"deltas\"><h2>Accuracy against A</h2>\n<p>Per function, the largest error over "
                    "its widths in each run against A's; losses first, the largest relative change first.</p>\n";
  if (cmp.less_accurate.empty() && cmp.more_accurate.empty()) return out + "<p>No change.</p></section>\n";
  out += "<table><thead><tr><th></th><th>run</th><th>function</th><th class=\"n\">A</th><th class=\"n\">run</th>"
         "<th class=\"n\">bound</th></tr></thead><tbody>\n";
  size_t shown = 0;
  for (const auto* list : {&cmp.less_accurate, &cmp.more_accurate}) {
    const bool worse = list == &cmp.less_accurate;
    for (const Comparison::Delta& d : *list) {
      if (shown++ == kRows) break;
      const bool over = d.bound && d.to > *d.bound;
      out += std::string("<tr><td>") + (worse ? "less accurate" : "more accurate") + "</td><td>" +
             run_letter(d.run) + "</td><td><code>" + escape_text(d.function) + "</code></td>" +
             number_cell(d.from, format_ulp(d.from)) + number_cell(d.to, format_ulp(d.to), over || worse ? "bad" : "") +
             number_cell(d.bound.value_or(-1), format_ulp(d.bound)) + "</tr>\n";
    }
  }
  return out + "</tbody></table></section>\n";
}

std::string accuracy_tables(const Comparison& cmp, size_t n) {
  std::string out = "<section id=\"accuracy\"><h2>Max ULP per function</h2>\n";
  if (cmp.functions.empty()) return out + "<p>No run measured a ULP error.</p></section>\n";
  out += "<p>The largest error over every vector width of a function and element type; red: past the bound, "
         "*: not the same as in A.</p>\n" +
         filter_box("functions-table", "function", false) + "<table class=\"sortable\" id=\"functions-table\"><thead><tr>"
         "<th>function</th><th class=\"n\">bound</th>" + run_heads(n) + "</tr></thead><tbody>\n";
  for (size_t i = 0; i < cmp.functions.size() && i < kRows; ++i) {
    const Comparison::FunctionUlp& f = cmp.functions[i];
    out += "<tr data-id=\"" + escape_attr(f.function) + "\"><td><code>" + escape_text(f.function) + "</code></td>" +
           number_cell(f.bound.value_or(-1), format_ulp(f.bound)) + ulp_cells(f.max_ulp, f.bound) + "</tr>\n";
  }
  out += "</tbody></table>\n";

  out += "<h3>Cases whose max ULP differs (" + format_count(cmp.ulp_differing.size()) + ")</h3>\n";
  if (cmp.ulp_differing.empty()) return out + "<p>The same error in every run.</p></section>\n";
  out += "<table class=\"sortable\"><thead><tr><th>case</th><th class=\"n\">bound</th>" + run_heads(n) +
         "</tr></thead><tbody>\n";
  for (size_t i = 0; i < cmp.ulp_differing.size() && i < kRows; ++i) {
    const Comparison::Row& row = cmp.ulp_differing[i];
    out += "<tr><td><code>" + escape_text(row.id) + "</code></td>" + number_cell(row.bound.value_or(-1), format_ulp(row.bound)) +
           ulp_cells(row.max_ulp, row.bound) + "</tr>\n";
  }
  return out + "</tbody></table></section>\n";
}

}  // namespace

void write_comparison_html(const std::vector<RunData>& runs, const std::string& path) {
  const Comparison cmp = compare(runs);
  std::string names;
  for (size_t r = 0; r < cmp.labels.size(); ++r) names += (r ? " vs " : "") + cmp.labels[r];
  std::string out = page_start("clconform comparison: " + names);
  out += "<header><h1>clconform comparison</h1><div>" + escape_text(names) + "</div>" +
         (cmp.regressions.empty() ? std::string("<span class=\"verdict pass\">no regressions against A</span>")
                                  : "<span class=\"verdict fail\">" + format_count(cmp.regressions.size()) +
                                        " regressions against A</span>") +
         "</header>\n<nav><a href=\"#runs\">Runs</a><a href=\"#summary\">Summary</a><a href=\"#regressions\">Regressions</a>"
         "<a href=\"#improvements\">Improvements</a><a href=\"#differences\">Differences</a><a href=\"#deltas\">Deltas</a>"
         "<a href=\"#accuracy\">Accuracy</a></nav>\n";
  out += runs_table(runs, cmp);
  out += totals_table(runs);
  out += changes_table("regressions", "Regressions", cmp.regressions, cmp);
  out += changes_table("improvements", "Improvements", cmp.improvements, cmp);
  out += differences_table(cmp, runs.size());
  out += deltas_table(cmp);
  out += accuracy_tables(cmp, runs.size());
  out += page_end();
  write_file(path, out);
}

}  // namespace clconform::reports
