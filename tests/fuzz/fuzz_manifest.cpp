// Any bytes as a suite's manifest.json: load_suite either refuses it with a
// SetupError or gives a suite whose cases all name a known program.
#include <cstdlib>

#include "errors.hpp"
#include "fuzz_support.hpp"
#include "manifest.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace clconform;
  const std::string dir = fuzz::scratch() + "/data";
  static bool once = [&] { return std::system(("mkdir -p " + dir + "/fz").c_str()) == 0; }();
  (void)once;
  fuzz::write(dir + "/fz/manifest.json", data, size);
  try {
    const Suite s = load_suite(dir, "fz");
    for (const Case& c : s.cases) {
      if (!s.programs.count(c.program)) std::abort();  // load_suite must have refused it
      s.source_path(s.program_of(c));
    }
    available_suites(dir);
  } catch (const SetupError&) {
  }
  return 0;
}
