// JUnit XML for CI servers (Jenkins, GitLab). They read <testsuite> counts,
// <testcase> with <failure>, <skipped> and <system-out>, and the suite's
// <properties>; tests/reports/data/junit.xsd pins down what is written here.
#include <unordered_map>

#include "reports/escape.hpp"
#include "reports/format.hpp"
#include "reports/reports.hpp"
#include "reports/values.hpp"

namespace clconform::reports {
namespace {

constexpr size_t kMessageWidth = 300;

std::string attr(const char* name, const std::string& value) {
  return std::string(" ") + name + "=\"" + escape_attr(value) + "\"";
}

// The common JUnit schema wants a local date-time without zone or fraction.
std::string timestamp(const std::string& iso) {
  if (iso.size() < 19 || iso[4] != '-' || iso[10] != 'T') return "";
  return iso.substr(0, 19);
}

void property(std::string& out, const char* name, const std::string& value) {
  out += "      <property" + attr("name", name) + attr("value", value) + "/>\n";
}

std::string properties(const RunData& run) {
  const RunInfo& r = run.run;
  const DeviceInfo& d = r.device;
  std::string out = "    <properties>\n";
  property(out, "device", d.name);
  property(out, "device.selector", d.selector);
  property(out, "vendor", d.vendor);
  property(out, "platform", d.platform_version.empty() ? d.platform : d.platform_version);
  property(out, "driver_version", d.driver_version);
  property(out, "opencl_version", d.version);
  property(out, "opencl_c_version", d.c_version);
  property(out, "fp16", d.fp16 ? (*d.fp16 ? "true" : "false") : "");
  property(out, "fp64", d.fp64 ? (*d.fp64 ? "true" : "false") : "");
  property(out, "build_options", r.build_options);
  property(out, "mode", r.mode);
  property(out, "seed", r.seed ? std::to_string(*r.seed) : "");
  property(out, "filter", r.filter);
  property(out, "started", r.started);
  property(out, "finished", r.finished);
  property(out, "clconform_version", r.clconform_version);
  return out + "    </properties>\n";
}

// The body of a <failure>: what a CI page shows when the case is opened.
std::string failure_text(const CaseRecord& c) {
  std::string t = c.detail + "\n";
  t += format_count(c.failed) + " of " + format_count(c.checked) + " values wrong\n";
  if (c.metrics && c.metrics->max_ulp) {
    t += "max error " + format_ulp(c.metrics->max_ulp) + " ulp, bound " + format_ulp(c.metrics->bound) + "\n";
  }
  for (const std::string& r : c.baseline_regressions) t += "worse than the baseline: " + r + "\n";
  const ValueReader values(c);
  for (const Failure& f : c.failures) {
    t += "\n";
    if (f.index) t += "index " + std::to_string(*f.index);
    if (f.lane) t += " lane " + std::to_string(*f.lane);
    t += "\n";
    for (size_t i = 0; i < f.values.inputs.size(); ++i) {
      t += "  input " + std::to_string(i) + ": " + values.input(i, f.values.inputs[i]).plain() + "\n";
    }
    t += "  output:   " + values.output(f.values.output).plain() + "\n";
    t += "  expected: " + values.expected(f.values.expected).plain() + "\n";
    if (f.ulp) t += "  error:    " + format_ulp(f.ulp) + " ulp\n";
    if (!f.note.empty()) t += "  note:     " + f.note + "\n";
  }
  if (!c.program.empty()) t += "\nprogram " + c.program + ", kernel " + c.kernel + "\n";
  if (!c.build_options.empty()) t += "build options: " + c.build_options + "\n";
  if (!c.build_log.empty()) t += "\nbuild log:\n" + c.build_log + "\n";
  if (!c.repro.empty()) t += "\nrepro: " + c.repro + "\n";
  return t;
}

// known_fail, xpass and info pass in CI, but the reader must see why.
std::string passing_note(const CaseRecord& c) {
  switch (c.status) {
    case Status::KnownFail:
      return "known failure, counted as passed: " + c.known_failure_reason +
             (c.known_failure_entry.empty() ? "" : " (entry " + c.known_failure_entry + ")") + "\n" + c.detail;
    case Status::XPass:
      return "xpass: passed although a known-failures entry covers it; the entry is stale" +
             (c.known_failure_entry.empty() ? "" : ": " + c.known_failure_entry) + "\n" + c.detail;
    case Status::Info:
      return "info: the result is implementation-defined; ran, not judged\n" + c.detail;
    default:
      return "";
  }
}

std::string testcase(const CaseRecord& c) {
  std::string out = "    <testcase" + attr("classname", c.suite) + attr("name", c.id) +
                    attr("time", format_fixed(c.time_s.value_or(0), 3));
  if (fails_run(c.status)) {
    out += ">\n      <failure" + attr("message", one_line(c.detail.empty() ? status_name(c.status) : c.detail, kMessageWidth)) +
           attr("type", status_name(c.status)) + ">" + escape_text(failure_text(c)) + "</failure>\n";
  } else if (c.status == Status::Unsupported) {
    out += ">\n      <skipped" + attr("message", one_line(c.detail.empty() ? "unsupported" : c.detail, kMessageWidth)) + "/>\n";
  } else if (const std::string note = passing_note(c); !note.empty()) {
    out += ">\n      <system-out>" + escape_text(note) + "</system-out>\n";
  } else {
    return out + "/>\n";
  }
  return out + "    </testcase>\n";
}

}  // namespace

void write_junit(const RunData& run, const std::string& path) {
  const Tally t = tally(run);
  const std::string props = properties(run);
  const std::string stamp = timestamp(run.run.started);

  // Cases grouped by suite in the order of the tally.
  std::unordered_map<std::string, size_t> slot;
  for (size_t i = 0; i < t.suites.size(); ++i) slot.emplace(t.suites[i].suite, i);
  std::vector<std::vector<const CaseRecord*>> by_suite(t.suites.size());
  for (const CaseRecord& c : run.cases) by_suite[slot.at(c.suite)].push_back(&c);

  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<testsuites" + attr("name", "clconform") + attr("tests", std::to_string(t.total.cases)) +
         attr("failures", std::to_string(t.total.failing())) + attr("errors", "0") +
         attr("skipped", std::to_string(t.total[Status::Unsupported])) +
         attr("time", format_fixed(run.run.duration_s.value_or(t.total.time_s), 3)) + ">\n";
  for (size_t i = 0; i < t.suites.size(); ++i) {
    const Counts& n = t.suites[i].counts;
    out += "  <testsuite" + attr("name", t.suites[i].suite) + attr("tests", std::to_string(n.cases)) +
           attr("failures", std::to_string(n.failing())) + attr("errors", "0") +
           attr("skipped", std::to_string(n[Status::Unsupported])) + attr("time", format_fixed(n.time_s, 3)) +
           (stamp.empty() ? "" : attr("timestamp", stamp)) + ">\n";
    out += props;
    for (const CaseRecord* c : by_suite[i]) out += testcase(*c);
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  write_file(path, out);
}

}  // namespace clconform::reports
