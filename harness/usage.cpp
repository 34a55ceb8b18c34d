#include "usage.hpp"

#include <map>

namespace clconform {
namespace {

const char* kOverview = R"(usage: clconform COMMAND [options]      (clconform COMMAND --help: that command's options)

  devices      every platform and device, with the capabilities the suites use
  list         the cases, with their labels
  run          run cases and write results and reports
  report       write the reports of a results folder, or compare several
  merge        join the shard folders of one campaign into one results folder
  fuzz         random kernels judged against the intervals the spec allows
  version      the build, and where it finds its data
  build-server (started by run itself) builds programs in a process of its own
)";

const char* kDevices = R"(usage: clconform devices [--resource-spec | --cpus A,B,...]

  every platform and device, with the capabilities the suites use

  --resource-spec              print a CTest resource-spec file instead: one "opencl"
                               resource per device, id dP_D for device P:D
                               (ctest --resource-spec-file; the README, "Several devices, hosts and campaigns")
  --cpus A,B,...               print, per listed device, "P:D CPULIST": the host CPUs a process
                               working for it is kept on when these devices run at once (those
                               of its PCI bus's node, shared among the devices on it; else an
                               even cut of this process's CPUs), or "-" for none
                               (CLCONFORM_PIN=0, or fewer CPUs than devices)
)";

const char* kList = R"(usage: clconform list [--suite S] [--filter P] [--data DIR]
       clconform list --coverage [--data DIR]

  the cases, with their labels, and the counts per group; with --coverage,
  every OpenCL C built-in with the suites and cases that cover it

  --suite S                    a suite, a comma list, or all (default all)
  --filter P                   comma-separated wildcards on case ids ('-P' excludes)
  --data DIR                   generated manifests (default: $CLCONFORM_DATA, else the
                               installed share/clconform/kernels, else the build tree)
)";

const char* kRun = R"(usage: clconform run --suite S [options]

  run cases and write results.jsonl, run.json and the reports into a folder

  --suite S                    a suite, a comma list, or all
  --device SEL                 'P:D' (platform P, device D) or a name substring;
                               a comma list of them, or 'all', runs on several devices
                               at once, one worker process per device;
                               default $CLCONFORM_DEVICE, else the first device
  --split                      with several devices: deal the slices of every sweep out
                               to the devices (--shard k/N on the k-th) and merge them
                               into one results folder; without it every device runs
                               every case into OUT/<device>/ and OUT/comparison.html
                               compares them
  --mode quick|full            quick: edge values and a sample; full: the exhaustive sweeps
  --seed N                     seed of the counter-based inputs (default 1)
  --build-options "..."        appended to every kernel build
  --filter P                   comma-separated wildcards on case ids ('-P' excludes)
  --out DIR                    results folder (default clconform-results/<time>)
  --resume DIR                 complete an interrupted run in DIR
  --timeout S                  per-case time limit in seconds (default 600; 0: none)
  --index N                    run only input vector N (the reproducers use it)
  --shard K/N                  run only the K-th (1..N) of N equal slices of each case's
                               inputs, so N processes or hosts share a sweep
                               ('clconform merge' joins the slices)
  --known-failures PATH        expected failures: a file, or a folder whose
                               <suite>/known_failures.json files are read
                               (default: the installed or the project's lists)
  --no-known-failures          judge every case as it is
  --baseline PATH              compare each case's accuracy with a baseline file, or with the
                               file of a folder (such as suites/baselines) that matches the
                               device: worse, even inside the bound, is a regression
  --update-baseline FILE       write this run's accuracy into FILE (merged with its other runs)
  --keep-failures N            wrong values kept in each case's record, worst first (default 16)
  --no-report                  write results only
  --data DIR                   generated manifests (default: $CLCONFORM_DATA, else the
                               installed share/clconform/kernels, else the build tree)

  exit status: 0 every case passed, 1 a conformance failure, 2 the run could not be done
)";

const char* kReport = R"(usage: clconform report DIR
       clconform report --compare A B [...] [--out FILE]

  DIR                          write junit.xml, summary.md and report.html for a results
                               folder; a folder of per-device folders (clconform run
                               --device A,B) is compared instead
  --compare A B ...            compare results folders side by side (A is the baseline)
  --out FILE                   where the comparison goes (default comparison.html)
)";

const char* kMerge = R"(usage: clconform merge DIR... --out DIR

  join the results folders of the shards of one campaign (clconform run --shard K/N,
  K = 1..N) into one results folder, as one process running every slice would have
  written it, and write its reports

  DIR...                       the shards' folders, in any order
  --out DIR                    the merged folder (created; must not be one of the shards)
  --no-report                  write results.jsonl and run.json only

  The shards must come from one campaign: the same build, seed, mode, build options,
  filter, suites, device and driver, and the same N; every K from 1 to N exactly once;
  every shard finished and with a record for every selected case. Otherwise merge
  writes nothing and exits 2 with the reason. A run made without --shard is shard
  1/1: merged alone, its known-failure counts are settled as a campaign's.
)";

const char* kFuzz = R"(usage: clconform fuzz [--device D] [--seconds N] [--seed S] [options]
       clconform fuzz --replay FILE [--device D] [--build-options O]

  random OpenCL C kernels (generators/fuzz/) over every type, conversion and
  built-in the oracle knows, each result judged against the interval the spec
  allows (reference/fuzz/); a failing kernel is reduced to a smaller one that
  still fails and saved under OUT/reproducers/ with its --replay command

  --device D                   the device (as for run; default: $CLCONFORM_DEVICE, else the first)
  --seconds N                  stop starting programs after N seconds (default 60)
  --seed S                     the seed (default 1): the same seed gives the same kernels and
                               inputs on every machine
  --first K                    begin at program K of the seed (default 0)
  --count M                    at most M programs
  --build-options O            options for every kernel; the oracle applies their rules
  --out DIR                    results folder (default fuzz-results; must hold no results.jsonl)
  --timeout N                  a program running longer than N seconds ends the run, exit 2
                               (default 120)
  --no-reduce                  record failures without reducing them
  --known-failures FILE        known-failure lists (as for run); a failure whose reduced kernel
                               comes down to one built-in an entry names for the device is known_fail
  --no-known-failures          judge every failure as it is
  --replay FILE                run one saved program and print each wrong value

  Exit 0: nothing failed; 1: a value outside its interval, or a kernel that did not
  build or run; 2: the run could not be done.
)";

const char* kVersion = R"(usage: clconform version

  the version of this build, and the folders it reads its kernels, known failures and
  baselines from
)";

}  // namespace

const char* overview_usage() { return kOverview; }

const char* command_usage(const std::string& command) {
  static const std::map<std::string, const char*> pages = {
      {"devices", kDevices}, {"list", kList},   {"run", kRun},
      {"report", kReport},   {"merge", kMerge}, {"version", kVersion}, {"fuzz", kFuzz},
  };
  auto it = pages.find(command);
  return it == pages.end() ? nullptr : it->second;
}

}  // namespace clconform
