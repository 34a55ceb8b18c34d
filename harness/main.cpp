// clconform: the command-line entry point. Subcommands: devices, list, run,
// report, merge, fuzz, version, and build-server, which a run starts for
// itself (build_server.hpp). Exit codes: 0 all passed, 1 a conformance failure, 2 the run could
// not be done (with a one-line reason on stderr).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "build_server.hpp"
#include "checks.hpp"
#include "cli_args.hpp"
#include "device.hpp"
#include "errors.hpp"
#include "fuzz_command.hpp"
#include "host_cores.hpp"
#include "install_paths.hpp"
#include "manifest.hpp"
#include "merge.hpp"
#include "multi_device.hpp"
#include "repro.hpp"
#include "reports/reports.hpp"
#include "run_info.hpp"
#include "run_options.hpp"
#include "selection.hpp"
#include "supervisor.hpp"
#include "usage.hpp"

#ifndef CLCONFORM_DATA_DIR
#define CLCONFORM_DATA_DIR ""
#endif
#ifndef CLCONFORM_KNOWN_FAILURES
#define CLCONFORM_KNOWN_FAILURES ""
#endif
#ifndef CLCONFORM_BASELINES
#define CLCONFORM_BASELINES ""
#endif

namespace clconform {
namespace {

std::string data_dir(const CliArgs& a) {
  if (a.has("data")) return a.get("data");
  return default_data_dir(CLCONFORM_DATA_DIR);
}

int cmd_devices(const std::vector<std::string>& args) {
  CliArgs a(args, {"cpus"}, {"resource-spec"});
  if (!a.positional().empty()) throw SetupError("'devices' takes no arguments");
  if (a.has("resource-spec")) {
    std::fputs(ctest_resource_spec(list_devices()).c_str(), stdout);
    return 0;
  }
  if (a.has("cpus")) {
    const std::vector<DeviceHandle> all = list_devices();
    std::vector<DeviceInfo> infos;
    for (const auto& d : all) infos.push_back(d.info);
    std::vector<std::string> selectors, pci;
    for (const auto& s : split_commas(a.get("cpus"))) {
      const DeviceInfo& d = infos[pick_device(infos, s)];
      selectors.push_back(d.selector);
      pci.push_back(d.pci_address);
    }
    const std::vector<std::vector<int>> shares = device_cpu_shares(pci);
    for (size_t k = 0; k < shares.size(); ++k)
      std::printf("%s %s\n", selectors[k].c_str(), shares[k].empty() ? "-" : cpu_list_text(shares[k]).c_str());
    return 0;
  }
  std::fputs(describe_devices(list_devices()).c_str(), stdout);
  return 0;
}

int cmd_list(const std::vector<std::string>& args) {
  CliArgs a(args, {"suite", "filter", "data"}, {"coverage"});
  RunOptions o;
  o.data_dir = data_dir(a);
  if (a.has("coverage")) {
    // Written at build time by generators/coverage.py next to the manifests.
    const std::string path = o.data_dir + "/coverage.md";
    std::FILE* f = std::fopen(path.c_str(), "r");
    if (!f) throw SetupError("no coverage table at " + path + " (build the generate_kernels targets)");
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) std::fwrite(buf, 1, n, stdout);
    std::fclose(f);
    return 0;
  }
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
  RunOptions o = run_options(a, default_known_failures(CLCONFORM_KNOWN_FAILURES));
  o.command_line = command_line;
  o.data_dir = data_dir(a);
  if (build_servers_enabled()) o.build_server_program = this_executable();
  if (is_device_list(o.device)) return run_on_devices(o, a.has("split"));
  if (a.has("split")) throw SetupError("--split deals sweeps out to several devices: give --device A,B or all");
  if (o.resume && is_multi_device_folder(o.out_dir)) return run_on_devices(o, false);
  return supervise_run(o);
}

int cmd_build_server(const std::vector<std::string>& args) {
  CliArgs a(args, {"device", "fd", "parent"}, {});
  if (!a.has("device") || !a.has("fd") || !a.has("parent"))
    throw SetupError("build-server needs --device P:D, --fd N and --parent PID");
  return build_server_main(a.get("device"), std::stoi(a.get("fd")), std::stol(a.get("parent")));
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
    if (is_multi_device_folder(dirs[0])) return report_devices(dirs[0]);
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

int cmd_merge(const std::vector<std::string>& args, const std::string& command_line) {
  CliArgs a(args, {"out"}, {"no-report"});
  return merge_command(a.positional(), a.get("out"), !a.has("no-report"), command_line);
}

int cmd_version(const std::vector<std::string>& args) {
  CliArgs a(args, {}, {});
  if (!a.positional().empty()) throw SetupError("'version' takes no arguments");
  const std::string kf = default_known_failures(CLCONFORM_KNOWN_FAILURES);
  std::printf("clconform %s\n", clconform_version().c_str());
  std::printf("binary:         %s\n", own_folder().c_str());
  std::printf("kernels:        %s\n", default_data_dir(CLCONFORM_DATA_DIR).c_str());
  std::printf("known failures: %s\n", kf.empty() ? "(none installed)" : kf.c_str());
  std::printf("baselines:      %s\n", default_baselines(CLCONFORM_BASELINES).c_str());
  return 0;
}

bool wants_help(const std::vector<std::string>& args) {
  for (const auto& a : args) {
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

int dispatch(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(overview_usage(), stderr);
    return 2;
  }
  std::string cmd = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  std::string command_line = "clconform";
  for (int i = 1; i < argc; ++i) command_line += " " + shell_quote(argv[i]);
  if (cmd == "help" || cmd == "--help" || cmd == "-h") {
    if (!args.empty()) {
      const char* page = command_usage(args[0]);
      if (!page) throw SetupError("no command '" + args[0] + "' (see 'clconform help')");
      std::fputs(page, stdout);
      return 0;
    }
    std::fputs(overview_usage(), stdout);
    return 0;
  }
  if (cmd == "--version") cmd = "version";
  if (const char* page = command_usage(cmd); page && wants_help(args)) {
    std::fputs(page, stdout);
    return 0;
  }
  if (cmd == "version") return cmd_version(args);
  if (cmd == "merge") return cmd_merge(args, command_line);
  if (cmd == "devices") return cmd_devices(args);
  if (cmd == "list") return cmd_list(args);
  if (cmd == "run") return cmd_run(args, command_line);
  if (cmd == "build-server") return cmd_build_server(args);
  if (cmd == "report") return cmd_report(args);
  if (cmd == "fuzz") return fuzz_command(args, command_line, default_known_failures(CLCONFORM_KNOWN_FAILURES));
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
