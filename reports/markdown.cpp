// A summary for CI logs and merge-request comments: short enough to read in
// a log viewer, so lists are capped and details left to report.html.
#include "reports/format.hpp"
#include "reports/ranking.hpp"
#include "reports/reports.hpp"
#include "reports/verdict.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kFailuresListed = 50;
constexpr size_t kOthersListed = 20;

// Text from the records, as one line that neither splits a table row at
// '|' nor turns "math.tan.double*" or "size_t" into emphasis or markup.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : one_line(s, 200)) {
    if (std::string("\\`*_[]<>|").find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out;
}

// Inline code that survives backticks inside: fence with more of them.
std::string code(const std::string& s) {
  std::string fence = "`";
  while (s.find(fence) != std::string::npos) fence += '`';
  const std::string body = one_line(s, 300);
  const bool pad = !body.empty() && (body.front() == '`' || body.back() == '`');
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

std::string counts_row(const std::string& name, const Counts& c) {
  std::string row = "| " + name;
  for (uint64_t n : c.by_status) row += " | " + format_count(n);
  return row + " | " + format_count(c.checked) + " |\n";
}

std::string case_item(const CaseRecord& c) {
  std::string item = "- **" + std::string(status_name(c.status)) + "** " + code(c.id);
  if (!c.detail.empty()) item += ": " + cell(c.detail);
  if (auto ulp = worst_ulp(c)) {
    item += " (max " + format_ulp(ulp) + " ulp";
    if (c.metrics && c.metrics->bound) item += ", bound " + format_ulp(c.metrics->bound);
    item += ")";
  }
  if (!c.known_failure_reason.empty()) item += "; known: " + cell(c.known_failure_reason);
  item += "\n";
  if (!c.repro.empty()) item += "  repro: " + code(c.repro) + "\n";
  return item;
}

std::string section(const std::string& title, const std::vector<const CaseRecord*>& cases, size_t cap) {
  if (cases.empty()) return "";
  std::string out = "\n### " + title + " (" + format_count(cases.size()) + ")\n\n";
  for (size_t i = 0; i < cases.size() && i < cap; ++i) out += case_item(*cases[i]);
  if (cases.size() > cap) out += "- ... and " + format_count(cases.size() - cap) + " more in report.html\n";
  return out;
}

std::string markdown_text(const RunData& run) {
  const RunInfo& r = run.run;
  const Tally t = tally(run);
  std::string out = "## clconform on " + cell(r.device.name.empty() ? "?" : r.device.name) + ": " +
                    verdict_name(verdict_of(run, t.total)) + "\n\n";
  out += "Driver " + code(r.device.driver_version) + ", " + cell(r.device.c_version) + ", mode " + cell(r.mode);
  if (r.seed) out += ", seed " + std::to_string(*r.seed);
  if (!r.build_options.empty()) out += ", build options " + code(r.build_options);
  out += run.finished() ? ", " + format_seconds(r.duration_s) : ", **the run did not finish**";
  out += ", clconform " + cell(r.clconform_version) + "\n\n";

  std::string head = "| suite", rule = "|---";
  for (int i = 0; i < kStatusCount; ++i) {
    head += std::string(" | ") + status_name(Status(i));
    rule += "|--:";
  }
  out += head + " | values |\n" + rule + "|--:|\n";
  for (const SuiteCounts& s : t.suites) out += counts_row(cell(s.suite), s.counts);
  out += counts_row("**total**", t.total);

  std::vector<const CaseRecord*> failing, known, xpass;
  for (const CaseRecord* c : attention_cases(run)) {
    (fails_run(c->status) ? failing : c->status == Status::KnownFail ? known : xpass).push_back(c);
  }
  out += section("Failures", failing, kFailuresListed);
  out += section("Known failures", known, kOthersListed);
  out += section("Passed despite a known-failures entry (xpass)", xpass, kOthersListed);

  if (!run.warnings.empty()) out += "\n### Warnings\n\n";
  for (const std::string& w : run.warnings) out += "- " + cell(w) + "\n";
  return out;
}

}  // namespace

void write_markdown(const RunData& run, const std::string& path) { write_file(path, markdown_text(run)); }

}  // namespace clconform::reports
