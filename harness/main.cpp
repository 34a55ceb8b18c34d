// clconform: the command-line entry point. Subcommands: devices, list, run,
// report. Exit codes: 0 all passed, 1 a conformance failure, 2 the run could
// not be done (with a one-line reason on stderr).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "checks.hpp"
#include "cli_args.hpp"
#include "device.hpp"
#include "errors.hpp"
#include "manifest.hpp"
#include "repro.hpp"
#include "reports/reports.hpp"
#include "run_info.hpp"
#include "run_options.hpp"
#include "selection.hpp"
#include "supervisor.hpp"

#ifndef CLCONFORM_DATA_DIR
#define CLCONFORM_DATA_DIR ""
#endif
#ifndef CLCONFORM_KNOWN_FAILURES
#define CLCONFORM_KNOWN_FAILURES ""
#endif

namespace clconform {
namespace {

const char* kUsage = R"(usage: clconform COMMAND [options]

  devices                      every platform and device, with the capabilities the suites use
  list [--suite S] [--filter P]
                               the cases, with their labels (S: a suite, a comma list, or all)
  run --suite S [options]      run cases and write results and reports
      --device SEL             'P:D' (platform P, device D) or a name substring;
                               default $CLCONFORM_DEVICE, else the first device
      --mode quick|full        quick: edge values and a sample; full: the exhaustive sweeps
      --seed N                 seed of the counter-based inputs (default 1)
      --build-options "..."    appended to every kernel build
      --filter P               comma-separated wildcards on case ids ('-P' excludes)
      --out DIR                results folder (default clconform-results/<time>)
      --resume DIR             complete an interrupted run in DIR
      --timeout S              per-case time limit in seconds (default 600; 0: none)
      --index N                run only input vector N (the reproducers use it)
      --shard K/N              run only the K-th (1..N) of N equal slices of each case's
                               inputs, so N processes or devices share a sweep
      --known-failures FILE    expected failures (default: the project's list)
      --no-known-failures      judge every case as it is
      --no-report              write results only
  report DIR                   write junit.xml, summary.md, report.html for a results folder
  report --compare A B [...] [--out FILE]
                               compare results folders side by side (A is the baseline)

  --data DIR (list, run)       generated manifests (default: the build tree; $CLCONFORM_DATA)
)";

std::string data_dir(const CliArgs& a) {
  if (a.has("data")) return a.get("data");
  if (const char* env = std::getenv("CLCONFORM_DATA")) return env;
  return CLCONFORM_DATA_DIR;
}

int cmd_devices(const std::vector<std::string>& args) {
  CliArgs a(args, {}, {});
  if (!a.positional().empty()) throw SetupError("'devices' takes no arguments");
  std::fputs(describe_devices(list_devices()).c_str(), stdout);
  return 0;
}

int cmd_list(const std::vector<std::string>& args) {
  CliArgs a(args, {"suite", "filter", "data"}, {});
  RunOptions o;
  o.data_dir = data_dir(a);
  o.suites = split_commas(a.get("suite"));
  o.filter = a.get("filter");
  Selection sel = select_cases(o);
  for (const auto& [suite, c] : sel.cases) {
    std::string labels;
    for (const auto& l : c->labels) labels += (labels.empty() ? "" : ",") + l;
    std::printf("%-44s %s\n", c->id.c_str(), labels.c_str());
  }
  for (const Suite& s : sel.suites) {
    std::printf("# %s: %zu cases (", s.name.c_str(), s.cases.size());
    bool first = true;
    for (const auto& [g, n] : s.groups) {
      std::printf("%s%s %zu", first ? "" : ", ", g.c_str(), n);
      first = false;
    }
    std::printf(")\n");
  }
  std::printf("# selected: %zu cases\n", sel.cases.size());
  return 0;
}

int cmd_run(const std::vector<std::string>& args, const std::string& command_line) {
  CliArgs a(args, kRunValued, kRunFlags);
  RunOptions o = run_options(a, CLCONFORM_KNOWN_FAILURES);
  o.command_line = command_line;
  o.data_dir = data_dir(a);
  return supervise_run(o);
}

int cmd_report(const std::vector<std::string>& args) {
  CliArgs a(args, {"out"}, {"compare"});
  const auto& dirs = a.positional();
  try {
    if (a.has("compare")) {
      if (dirs.size() < 2) throw SetupError("--compare needs at least two results folders");
      std::vector<reports::RunData> runs;
      for (const auto& d : dirs) runs.push_back(reports::load_run(d));
      std::string out = a.get("out", "comparison.html");
      reports::write_comparison_html(runs, out);
      std::fputs(reports::comparison_table(runs).c_str(), stdout);
      std::printf("comparison: %s\n", out.c_str());
      return 0;
    }
    if (dirs.size() != 1) throw SetupError("'report' takes one results folder, or --compare A B ...");
    reports::write_all(dirs[0]);
    std::fputs(reports::summary_table(reports::load_run(dirs[0])).c_str(), stdout);
    std::printf("report: %s/report.html\n", dirs[0].c_str());
    return 0;
  } catch (const SetupError&) {
    throw;
  } catch (const std::exception& e) {
    throw SetupError(e.what());
  }
}

int dispatch(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::string cmd = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  std::string command_line = "clconform";
  for (int i = 1; i < argc; ++i) command_line += " " + shell_quote(argv[i]);
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (cmd == "--version" || cmd == "version") {
    std::printf("clconform %s\n", clconform_version().c_str());
    return 0;
  }
  if (cmd == "devices") return cmd_devices(args);
  if (cmd == "list") return cmd_list(args);
  if (cmd == "run") return cmd_run(args, command_line);
  if (cmd == "report") return cmd_report(args);
  throw SetupError("unknown command '" + cmd + "' (see 'clconform help')");
}

}  // namespace
}  // namespace clconform

int main(int argc, char** argv) {
  clconform::register_all_checks();
  try {
    return clconform::dispatch(argc, argv);
  } catch (const clconform::SetupError& e) {
    std::fprintf(stderr, "clconform: %s\n", e.what());
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "clconform: OpenCL call %s failed (%d)\n", e.what(), e.err());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "clconform: %s\n", e.what());
  }
  return 2;
}
