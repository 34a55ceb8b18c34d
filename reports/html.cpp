// report.html: the compliance report a driver team opens. Sections in order
// of what a reader needs: what ran where, the verdict per suite, what
// failed, how accurate the results were, then what was not judged.
// Passing cases are only counted and listed by id in collapsed blocks, so
// a run of 100,000 cases stays a page that opens at once.
#include <map>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/html_charts.hpp"
#include "reports/html_page.hpp"
#include "reports/html_sections.hpp"
#include "reports/reports.hpp"
#include "reports/verdict.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kUnsupportedIds = 200;  // per reason
constexpr size_t kInfoRows = 5000;
constexpr size_t kInfoOpen = 50;         // an info list longer than this starts collapsed
constexpr size_t kPassingIds = 2000;     // per suite

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) out += (i ? sep : "") + v[i];
  return out;
}

std::string bytes(std::optional<uint64_t> n) {
  if (!n) return "-";
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = double(*n);
  int u = 0;
  while (v >= 1024 && u < 4) {
    v /= 1024;
    ++u;
  }
  return format_fixed(v, v == double(uint64_t(v)) ? 0 : 1) + " " + units[u];
}

std::string number(std::optional<uint64_t> n) { return n ? format_count(*n) : "-"; }

// "(3 of 874 cases done)" where run.json says how many were selected.
std::string progress(const RunData& run, const Counts& total) {
  if (!run.run.cases_selected) return "";
  return " (" + format_count(total.cases) + " of " + format_count(*run.run.cases_selected) + " cases done)";
}

std::string verdict(const RunData& run, const Counts& total) {
  switch (verdict_of(run, total)) {
    case Verdict::Fail:
      return "<span class=\"verdict fail\">FAIL: " + format_count(total.failing()) + " of " + format_count(total.cases) +
             " cases</span>";
    case Verdict::Incomplete:
      return "<span class=\"verdict incomplete\">INCOMPLETE: the run did not finish" + progress(run, total) + "</span>";
    case Verdict::NoCases:
      return "<span class=\"verdict incomplete\">NO CASES: nothing was checked</span>";
    case Verdict::Pass:
      break;
  }
  return "<span class=\"verdict pass\">PASS: " + format_count(total.cases) + " cases</span>";
}

std::string run_section(const RunData& run) {
  const RunInfo& r = run.run;
  const DeviceInfo& d = r.device;
  std::string out = "<section id=\"run\"><h2>Run</h2>\n<dl class=\"info\">\n";
  auto row = [&](const char* name, const std::string& text) {
    out += "<dt>" + std::string(name) + "</dt><dd>" + escape_text(text.empty() ? "-" : text) + "</dd>\n";
  };
  auto code_row = [&](const char* name, const std::string& text, const char* if_empty) {
    out += "<dt>" + std::string(name) + "</dt><dd>" +
           (text.empty() ? std::string("<span class=\"muted\">") + if_empty + "</span>" : "<code>" + escape_text(text) + "</code>") +
           "</dd>\n";
  };
  row("device", d.name + (d.selector.empty() ? "" : "  (" + d.selector + ")"));
  row("vendor", d.vendor);
  row("platform", d.platform + (d.platform_version.empty() ? "" : ", " + d.platform_version));
  row("driver version", d.driver_version);
  row("OpenCL version", d.version);
  row("OpenCL C version", d.c_version);
  row("fp16 / fp64", format_yes_no(d.fp16) + " / " + format_yes_no(d.fp64));
  if (!d.half_fp_config.empty()) row("half fp config", join(d.half_fp_config, ", "));
  row("single fp config", join(d.single_fp_config, ", "));
  row("double fp config", join(d.double_fp_config, ", "));
  row("compute units, max work-group", number(d.compute_units) + ", " + number(d.max_work_group_size));
  row("address bits", number(d.address_bits));
  row("global memory, max allocation", bytes(d.global_mem_bytes) + ", " + bytes(d.max_alloc_bytes));
  code_row("build options", r.build_options, "none");
  row("mode", r.mode);
  row("seed", r.seed ? std::to_string(*r.seed) : "");
  code_row("filter", r.filter, "none");
  row("suites", join(r.suites, ", "));
  row("cases", format_count(run.cases.size()) + " recorded" +
                   (r.cases_selected ? " of " + format_count(*r.cases_selected) + " selected" : ""));
  code_row("command", r.command, "-");
  row("started", r.started);
  out += "<dt>finished</dt><dd>" +
         (run.finished() ? escape_text(r.finished) : std::string("<strong>did not finish</strong> (crash, kill, or still running)")) +
         "</dd>\n";
  row("duration", format_seconds(r.duration_s));
  row("clconform version", r.clconform_version);
  row("results folder", run.dir);
  out += "</dl>\n";
  if (!d.extensions.empty()) {
    out += "<details><summary>" + std::to_string(d.extensions.size()) + " extensions</summary><p class=\"ids\">" +
           escape_text(join(d.extensions, " ")) + "</p></details>\n";
  }
  return out + "</section>\n";
}

std::string warnings_section(const RunData& run) {
  std::string out;
  for (const std::string& w : run.warnings) out += "<div class=\"warn\">" + escape_text(w) + "</div>\n";
  return out;
}

std::string count_cells(const Counts& c) {
  std::string out = number_cell(double(c.cases), format_count(c.cases));
  for (int i = 0; i < kStatusCount; ++i) {
    const Status s = Status(i);
    out += number_cell(double(c[s]), format_count(c[s]), fails_run(s) && c[s] ? "bad" : "");
  }
  out += number_cell(double(c.checked), format_count(c.checked));
  out += number_cell(double(c.failed_values), format_count(c.failed_values), c.failed_values ? "bad" : "");
  out += number_cell(c.time_s, format_seconds(c.time_s));
  return out + "<td>" + status_bar_svg(c) + "</td>";
}

std::string summary_section(const Tally& t) {
  std::string out = "<section id=\"summary\"><h2>Summary</h2>\n<table class=\"sortable\" id=\"summary-table\"><thead><tr>"
                    "<th>suite</th><th class=\"n\">cases</th>";
  for (int i = 0; i < kStatusCount; ++i) out += std::string("<th class=\"n\">") + status_name(Status(i)) + "</th>";
  out += "<th class=\"n\">values checked</th><th class=\"n\">values wrong</th><th class=\"n\">time</th><th>statuses</th>"
         "</tr></thead><tbody>\n";
  for (const SuiteCounts& s : t.suites) out += "<tr><td>" + escape_text(s.suite) + "</td>" + count_cells(s.counts) + "</tr>\n";
  // The total sits in the footer, so sorting the body leaves it last.
  out += "</tbody><tfoot><tr class=\"total\"><td>total</td>" + count_cells(t.total) + "</tr></tfoot></table></section>\n";
  return out;
}

std::string id_list(const std::vector<const CaseRecord*>& cases, size_t cap) {
  std::string out = "<p class=\"ids\">";
  for (size_t i = 0; i < cases.size() && i < cap; ++i) out += escape_text(cases[i]->id) + " ";
  if (cases.size() > cap) out += "<span class=\"muted\">... and " + format_count(cases.size() - cap) + " more</span>";
  return out + "</p>";
}

std::string unsupported_section(const RunData& run) {
  std::map<std::string, std::vector<const CaseRecord*>> by_reason;
  for (const CaseRecord& c : run.cases) {
    if (c.status == Status::Unsupported) by_reason[c.detail.empty() ? "(no reason given)" : c.detail].push_back(&c);
  }
  std::string out = "<section id=\"unsupported\"><h2>Unsupported</h2>\n";
  if (by_reason.empty()) return out + "<p>The device supports every case that ran.</p></section>\n";
  out += "<p>Cases the device cannot run, by reason. Not failures.</p>\n<table><thead><tr><th>reason</th>"
         "<th class=\"n\">cases</th><th>which</th></tr></thead><tbody>\n";
  for (const auto& [reason, cases] : by_reason) {
    out += "<tr><td>" + escape_text(reason) + "</td><td class=\"n\">" + format_count(cases.size()) +
           "</td><td><details><summary>case ids</summary>" + id_list(cases, kUnsupportedIds) + "</details></td></tr>\n";
  }
  return out + "</tbody></table></section>\n";
}

std::string info_section(const RunData& run) {
  std::vector<const CaseRecord*> cases;
  for (const CaseRecord& c : run.cases) {
    if (c.status == Status::Info) cases.push_back(&c);
  }
  std::string out = "<section id=\"info\"><h2>Implementation-defined (info)</h2>\n";
  if (cases.empty()) return out + "<p>None.</p></section>\n";
  out += "<details" + std::string(cases.size() <= kInfoOpen ? " open" : "") + "><summary>" + plural(cases.size(), "case") +
         " ran and recorded, not judged: the specification leaves the result to the implementation"
         "</summary>\n<table><thead><tr><th>case</th><th>what the device does</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < cases.size() && i < kInfoRows; ++i) {
    out += "<tr><td><code>" + escape_text(cases[i]->id) + "</code></td><td>" + escape_text(cases[i]->detail) + "</td></tr>\n";
  }
  out += "</tbody></table>\n";
  if (cases.size() > kInfoRows) out += "<p class=\"muted\">... and " + format_count(cases.size() - kInfoRows) + " more</p>\n";
  return out + "</details></section>\n";
}

// The run against the device's accuracy baseline: regressions first.
std::string baseline_section(const RunData& run) {
  std::vector<const CaseRecord*> worse, better;
  for (const CaseRecord& c : run.cases) {
    if (!c.baseline_regressions.empty()) worse.push_back(&c);
    if (!c.baseline_improvements.empty()) better.push_back(&c);
  }
  std::string out = "<section id=\"baseline\"><h2>Against the baseline</h2>\n";
  if (worse.empty() && better.empty())
    return out + "<p>No case is more or less accurate than the device's baseline (or the run had none).</p></section>\n";
  out += "<table><thead><tr><th></th><th>case</th><th>change</th></tr></thead><tbody>\n";
  for (const auto* list : {&worse, &better}) {
    const bool is_worse = list == &worse;
    for (const CaseRecord* c : *list) {
      std::string what;
      for (const auto& s : is_worse ? c->baseline_regressions : c->baseline_improvements)
        what += (what.empty() ? "" : "; ") + s;
      out += std::string(is_worse ? "<tr><td class=\"bad\">worse" : "<tr><td>better") + "</td><td><code>" +
             escape_text(c->id) + "</code></td><td>" + escape_text(what) + "</td></tr>\n";
    }
  }
  return out + "</tbody></table></section>\n";
}

std::string passed_section(const RunData& run, const Tally& t) {
  std::map<std::string, std::vector<const CaseRecord*>> by_suite;
  for (const CaseRecord& c : run.cases) {
    if (c.status == Status::Pass) by_suite[c.suite].push_back(&c);
  }
  std::string out = "<section id=\"passed\"><h2>Passed</h2>\n";
  for (const SuiteCounts& s : t.suites) {
    const auto it = by_suite.find(s.suite);
    if (it == by_suite.end()) continue;
    out += "<details><summary>" + escape_text(s.suite) + ": " + format_count(it->second.size()) + " passed</summary>" +
           id_list(it->second, kPassingIds) + "</details>\n";
  }
  if (by_suite.empty()) out += "<p>No case passed.</p>\n";
  return out + "</section>\n";
}

}  // namespace

void write_html(const RunData& run, const std::string& path) {
  const Tally t = tally(run);
  const std::string device = run.run.device.name.empty() ? "unknown device" : run.run.device.name;
  std::string out = page_start("clconform: " + device);
  out += "<header><h1>clconform compliance report</h1><div>" + escape_text(device) + " &middot; driver " +
         escape_text(run.run.device.driver_version) + " &middot; " + escape_text(run.run.started) + "</div>" +
         verdict(run, t.total) + "</header>\n";
  out += "<nav><a href=\"#run\">Run</a><a href=\"#summary\">Summary</a><a href=\"#failures\">Failures (" +
         format_count(t.total.failing() + t.total[Status::KnownFail] + t.total[Status::XPass]) +
         ")</a><a href=\"#accuracy\">Accuracy</a><a href=\"#histograms\">Histograms</a><a href=\"#unsupported\">Unsupported (" +
         format_count(t.total[Status::Unsupported]) + ")</a><a href=\"#info\">Info (" + format_count(t.total[Status::Info]) +
         ")</a><a href=\"#passed\">Passed (" + format_count(t.total[Status::Pass]) + ")</a></nav>\n";
  out += warnings_section(run);
  out += run_section(run);
  out += summary_section(t);
  out += failures_section(run);
  out += accuracy_section(run);
  out += baseline_section(run);
  out += unsupported_section(run);
  out += info_section(run);
  out += passed_section(run, t);
  out += page_end();
  write_file(path, out);
}

}  // namespace clconform::reports
