// render_report OUT RUN [RUN...]: copies the results folder RUN into OUT and
// writes its reports there; with more runs, also OUT/compare.html of all of
// them, RUN the baseline. The browser test uses it to get pages to open.
#include <cstdio>
#include <exception>
#include <filesystem>

#include "reports/reports.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: render_report OUT_DIR RESULTS_DIR [RESULTS_DIR...]\n");
    return 2;
  }
  namespace fs = std::filesystem;
  namespace reports = clconform::reports;
  try {
    const fs::path out = argv[1];
    fs::create_directories(out);
    for (const char* name : {"run.json", "results.jsonl"}) {
      fs::copy_file(fs::path(argv[2]) / name, out / name, fs::copy_options::overwrite_existing);
    }
    reports::write_all(out.string());
    if (argc > 3) {
      std::vector<reports::RunData> runs;
      for (int i = 2; i < argc; ++i) runs.push_back(reports::load_run(argv[i]));
      reports::write_comparison_html(runs, (out / "compare.html").string());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "render_report: %s\n", e.what());
    return 2;
  }
  return 0;
}
