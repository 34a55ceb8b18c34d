// Any bytes as DIR/run.json: the report and --resume's check either refuse
// the folder with a one-line reason or go on.
#include "errors.hpp"
#include "fuzz_support.hpp"
#include "reports/reports.hpp"
#include "resume_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace clconform;
  const std::string dir = fuzz::scratch() + "/run";
  static bool once = [&] {
    std::system(("mkdir -p " + dir).c_str());
    std::ofstream(dir + "/results.jsonl")
        << R"({"case":"types.int.add","suite":"types","labels":["types"],"status":"fail","checked":4,"failed":1,)"
           R"("failures":[{"index":1,"inputs":["0x1"],"output":"0x2","expected":"0x3"}]})"
        << "\n";
    return true;
  }();
  (void)once;
  fuzz::write(dir + "/run.json", data, size);
  try {
    const reports::RunData run = reports::load_run(dir);
    reports::summary_table(run);
    reports::write_junit(run, dir + "/junit.xml");
    reports::write_html(run, dir + "/report.html");
  } catch (const std::runtime_error&) {
  }
  RunOptions o;
  o.out_dir = dir;
  o.resume = true;
  try {
    check_resumable(o);
  } catch (const SetupError&) {
  }
  return 0;
}
