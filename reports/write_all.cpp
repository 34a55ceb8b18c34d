#include "reports/reports.hpp"

namespace clconform::reports {

void write_all(const std::string& dir) {
  const RunData run = load_run(dir);
  write_junit(run, dir + "/junit.xml");
  write_markdown(run, dir + "/summary.md");
  write_html(run, dir + "/report.html");
}

}  // namespace clconform::reports
