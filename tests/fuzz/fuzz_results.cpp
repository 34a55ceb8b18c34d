// Any bytes as DIR/results.jsonl of a results folder: the report either
// refuses the folder with an exception (one line, exit 2 in the CLI) or
// loads it and writes every report; and --resume's check either accepts
// the folder or refuses it with a SetupError.
#include "errors.hpp"
#include "fuzz_support.hpp"
#include "reports/reports.hpp"
#include "resume_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace clconform;
  const std::string dir = fuzz::scratch() + "/results";
  static bool once = [&] {
    std::system(("mkdir -p " + dir).c_str());
    std::ofstream(dir + "/run.json") << R"({"format":1,"mode":"quick","seed":1,"build_options":"","started":"x"})";
    return true;
  }();
  (void)once;
  fuzz::write(dir + "/results.jsonl", data, size);
  try {
    const reports::RunData run = reports::load_run(dir);
    reports::write_all(dir);
    reports::comparison_table({run, run});
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
