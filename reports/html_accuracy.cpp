// The accuracy profile of report.html: for each case that measured a ULP
// error, how close it came to its bound, and histograms of the errors.
// A full math run has thousands of such cases; the table keeps the worst.
#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_charts.hpp"
#include "reports/html_page.hpp"
#include "reports/html_sections.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kRows = 2000;
constexpr size_t kHistograms = 120;
constexpr uint64_t kHandful = 10;  // fewer values than this make no histogram worth drawing

struct Measured {
  const CaseRecord* c;
  double ulp, ratio;  // ratio to the bound; 0 without a bound
};

// Worst first: by share of the bound, then by raw error.
std::vector<Measured> measured_cases(const RunData& run) {
  std::vector<Measured> out;
  for (const CaseRecord& c : run.cases) {
    if (!c.metrics || !c.metrics->max_ulp) continue;
    const double ulp = std::isnan(*c.metrics->max_ulp) ? HUGE_VAL : *c.metrics->max_ulp;
    double ratio = 0;
    if (c.metrics->bound) ratio = *c.metrics->bound > 0 ? ulp / *c.metrics->bound : (ulp > 0 ? HUGE_VAL : 0);
    out.push_back({&c, ulp, ratio});
  }
  std::sort(out.begin(), out.end(), [](const Measured& a, const Measured& b) {
    if (a.ratio != b.ratio) return a.ratio > b.ratio;
    if (a.ulp != b.ulp) return a.ulp > b.ulp;
    return a.c->id < b.c->id;
  });
  return out;
}

using Sections = std::unordered_set<const CaseRecord*>;

// A case with a section of its own under Failures links to it.
std::string case_link(const CaseRecord& c, const Sections& sections) {
  const std::string code = "<code>" + escape_text(c.id) + "</code>";
  return sections.count(&c) ? "<a href=\"#" + escape_attr(case_anchor(c.id)) + "\">" + code + "</a>" : code;
}

std::string values_cell(const ValueReader& values, const std::vector<std::string>& inputs) {
  std::string out;
  for (size_t i = 0; i < inputs.size(); ++i) out += value_html(values.input(i, inputs[i]));
  return out;
}

std::string row(const Measured& m, const Sections& sections) {
  const CaseRecord& c = *m.c;
  const Metrics& mt = *c.metrics;
  const bool over = m.ratio > 1;
  std::string out = "<tr data-id=\"" + escape_attr(c.id) + "\" data-over=\"" + (over ? "1" : "0") + "\"><td>" +
                    case_link(c, sections) + "</td><td>" + badge(c.status) + "</td>";
  out += number_cell(m.ulp, format_ulp(mt.max_ulp), over ? "bad" : "");
  out += number_cell(mt.bound.value_or(-1), format_ulp(mt.bound));
  out += number_cell(m.ratio, mt.bound ? format_ulp(m.ratio * 100) + "%" : "-", over ? "bad" : "");
  out += "<td>" + ulp_bar_svg(mt.max_ulp, mt.bound) + "</td>";
  const ValueReader values(c);
  if (mt.worst) {
    out += "<td>" + values_cell(values, mt.worst->inputs) + "</td><td>" + value_html(values.output(mt.worst->output)) +
           "</td><td>" + value_html(values.expected(mt.worst->expected)) + "</td>";
  } else {
    out += "<td></td><td></td><td></td>";
  }
  out += number_cell(double(c.checked), format_count(c.checked));
  out += number_cell(double(mt.mpfr_fallbacks.value_or(0)), mt.mpfr_fallbacks ? format_count(*mt.mpfr_fallbacks) : "-");
  return out + "</tr>\n";
}

std::string histograms(const std::vector<Measured>& measured, const Sections& sections) {
  std::string figs;
  size_t drawn = 0, eligible = 0;
  for (const Measured& m : measured) {
    const Metrics& mt = *m.c->metrics;
    if (!mt.histogram || mt.histogram->total() <= kHandful) continue;
    ++eligible;
    if (drawn == kHistograms) continue;
    ++drawn;
    figs += "<figure>" + histogram_svg(*mt.histogram, mt.bound) + "<figcaption>" + case_link(*m.c, sections) + "<br>" +
            escape_text("max " + format_ulp(mt.max_ulp) + " ulp, bound " + format_ulp(mt.bound) + ", " +
                        format_count(mt.histogram->total()) + " values") +
            "</figcaption></figure>\n";
  }
  std::string out = "<section id=\"histograms\"><h2>Error histograms</h2>\n";
  if (eligible == 0) return out + "<p>No case recorded a histogram of more than a handful of values.</p></section>\n";
  out += "<p>Values per ULP-error bin, counts on a log scale. Red: past the bound; amber: the bound (dashed) falls "
         "inside the bin. " +
         (eligible > drawn ? "The " + format_count(drawn) + " worst of " + format_count(eligible) + " cases."
                           : plural(drawn, "case") + ", worst first.") +
         "</p>\n<div class=\"figs\">\n" + figs + "</div></section>\n";
  return out;
}

}  // namespace

std::string accuracy_section(const RunData& run) {
  const std::vector<Measured> measured = measured_cases(run);
  const std::vector<const CaseRecord*> detailed = detailed_failures(run);
  const Sections sections(detailed.begin(), detailed.end());
  std::string out = "<section id=\"accuracy\"><h2>Accuracy profile</h2>\n";
  if (measured.empty()) return out + "<p>No case measured a ULP error.</p></section>\n" + histograms(measured, sections);
  size_t over = 0;
  for (const Measured& m : measured) over += m.ratio > 1;
  out += "<p>" + plural(measured.size(), "case") + " measured the ULP error; " + format_count(over) +
         " past the bound. " +
         (measured.size() > kRows ? "The " + format_count(kRows) + " closest to or past their bound are listed."
                                  : std::string("Closest to the bound first.")) +
         " The bar's tick is the bound.</p>\n";
  out += filter_box("accuracy-table", "case id", true);
  out += "<table class=\"sortable\" id=\"accuracy-table\"><thead><tr><th>case</th><th>status</th>"
         "<th class=\"n\">max ulp</th><th class=\"n\">bound</th><th class=\"n\">of bound</th><th>error vs bound</th>"
         "<th>worst input</th><th>output</th><th>expected</th><th class=\"n\">values</th>"
         "<th class=\"n\">MPFR fallbacks</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < measured.size() && i < kRows; ++i) out += row(measured[i], sections);
  out += "</tbody></table></section>\n";
  return out + histograms(measured, sections);
}

}  // namespace clconform::reports
