// render_report SRC OUT: copies the results folder SRC into OUT and writes
// its reports there. The browser test uses it to get a report to open.
#include <cstdio>
#include <exception>
#include <filesystem>

#include "reports/reports.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: render_report RESULTS_DIR OUT_DIR\n");
    return 2;
  }
  try {
    namespace fs = std::filesystem;
    fs::create_directories(argv[2]);
    for (const char* name : {"run.json", "results.jsonl"}) {
      fs::copy_file(fs::path(argv[1]) / name, fs::path(argv[2]) / name, fs::copy_options::overwrite_existing);
    }
    clconform::reports::write_all(argv[2]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "render_report: %s\n", e.what());
    return 2;
  }
  return 0;
}
