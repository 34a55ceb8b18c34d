// Reports of clconform runs: read a results folder (harness/RESULTS.md) and
// write it out for people (summary table, HTML) and for CI (JUnit XML,
// Markdown); compare several runs. Reads the results files only.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "reports/run_data.hpp"

namespace clconform::reports {

// Reads DIR/run.json and DIR/results.jsonl. Throws std::runtime_error with a
// one-line reason when run.json cannot be read. Unreadable result lines (a
// truncated last line after a crash) are skipped and counted; a case with
// several records keeps the last one.
RunData load_run(const std::string& dir);

struct Counts {
  std::array<uint64_t, kStatusCount> by_status{};
  uint64_t cases = 0, checked = 0, failed_values = 0;
  double time_s = 0;

  uint64_t operator[](Status s) const { return by_status[size_t(s)]; }
  uint64_t failing() const;  // cases that fail the run: fail + timeout + crash + error
  void add(const CaseRecord& c);
};

struct SuiteCounts {
  std::string suite;
  Counts counts;
};

// Per suite, in the order run.json lists them (a listed suite without any
// record shows up with zero cases), then suites seen only in the records.
struct Tally {
  std::vector<SuiteCounts> suites;
  Counts total;
};
Tally tally(const RunData& run);

std::string summary_table(const RunData& run);  // one screen of plain text

void write_junit(const RunData& run, const std::string& path);
void write_markdown(const RunData& run, const std::string& path);
void write_html(const RunData& run, const std::string& path);
void write_all(const std::string& dir);  // junit.xml, summary.md, report.html into dir

// Several runs of the same cases (devices, drivers, nights); runs[0] is the
// baseline that regressions and improvements are measured against.
struct Comparison {
  struct Row {
    std::string id;
    std::vector<std::optional<Status>> status;     // per run; empty: no record
    std::vector<std::optional<double>> max_ulp;    // per run
    std::optional<double> bound;                    // from the first run that has one
  };
  struct Change {
    std::string id;
    size_t run;            // index of the run that differs from the baseline
    Status from, to;
  };
  struct FunctionUlp {
    std::string function;  // case id without vector widths: "math.sin.float"
    std::vector<std::optional<double>> max_ulp;
    std::optional<double> bound;
  };
  std::vector<std::string> labels;  // a short name per run
  std::vector<Row> differing;       // rows whose status is not the same in every run
  size_t identical = 0;             // rows with the same status everywhere
  std::vector<Change> regressions, improvements;
  struct Delta {
    std::string function;
    size_t run;              // the run compared with A
    double from, to;         // max ULP in A and in that run
    std::optional<double> bound;
  };
  std::vector<Row> ulp_differing;   // rows whose max ULP is not the same in every run
  std::vector<FunctionUlp> functions;
  // Per function, each run's change of max ULP against A: the largest
  // increase first (accuracy regressions), then the largest decrease.
  std::vector<Delta> less_accurate, more_accurate;
};
Comparison compare(const std::vector<RunData>& runs);

std::string comparison_table(const std::vector<RunData>& runs);
void write_comparison_html(const std::vector<RunData>& runs, const std::string& path);

}  // namespace clconform::reports
