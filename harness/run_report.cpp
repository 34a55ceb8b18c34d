#include "run_report.hpp"

#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "baseline.hpp"
#include "errors.hpp"
#include "reports/reports.hpp"

namespace clconform {

int finish_run(const RunOptions& opts) {
  reports::RunData run;
  try {
    run = reports::load_run(opts.out_dir);
    if (opts.write_reports) reports::write_all(opts.out_dir);
  } catch (const std::exception& e) {
    throw SetupError(std::string("cannot write the reports: ") + e.what());
  }
  std::fputs(reports::summary_table(run).c_str(), stdout);
  std::printf("results: %s/results.jsonl\n", opts.out_dir.c_str());
  if (opts.write_reports) {
    std::printf("JUnit:   %s/junit.xml\n", opts.out_dir.c_str());
    std::printf("report:  %s/report.html\n", opts.out_dir.c_str());
  }
  if (!opts.update_baseline.empty()) Baseline::update(opts.update_baseline, opts);
  return reports::tally(run).total.failing() > 0 ? 1 : 0;
}

}  // namespace clconform
