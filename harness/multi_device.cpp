#include "multi_device.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <vector>

#include "device.hpp"
#include "errors.hpp"
#include "host_cores.hpp"
#include "json.hpp"
#include "run_options.hpp"
#include "merge.hpp"
#include "reports/reports.hpp"
#include "results_file.hpp"
#include "run_report.hpp"
#include "supervisor.hpp"

namespace clconform {
namespace {

namespace fs = std::filesystem;

struct Target {
  std::string selector, name, folder;
  std::string pci_address;  // "" where the device reports none, or in a resumed run's layout
};

std::string folder_for(const std::string& selector, const std::string& name, size_t k, bool split) {
  std::string f = "d" + selector;
  for (char& c : f) c = c == ':' ? '_' : c;
  if (split) f = "shard" + std::to_string(k + 1) + "-" + f;
  f += "-";
  for (char c : name) {
    if (f.size() >= 48) break;
    f += std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(static_cast<unsigned char>(c))) : '-';
  }
  while (!f.empty() && f.back() == '-') f.pop_back();
  return f;
}

// Opening OpenCL in this process would make the forks below unsafe (a driver
// may start threads), so the devices are resolved in a child that writes
// "selector<TAB>name<TAB>pci address" lines, or "!reason".
std::vector<Target> resolve(const std::string& spec, bool split) {
  int fds[2];
  if (pipe(fds) != 0) throw SetupError("cannot create a pipe");
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) throw SetupError("cannot fork");
  if (pid == 0) {
    close(fds[0]);
    std::string out;
    try {
      std::vector<DeviceHandle> all = list_devices();
      if (spec == "all") {
        for (const auto& d : all) out += d.info.selector + "\t" + d.info.name + "\t" + d.info.pci_address + "\n";
      } else {
        for (const auto& s : split_commas(spec)) {
          DeviceHandle d = select_device(s);
          out += d.info.selector + "\t" + d.info.name + "\t" + d.info.pci_address + "\n";
        }
      }
    } catch (const std::exception& e) {
      out = std::string("!") + e.what() + "\n";
    }
    ssize_t ignored = write(fds[1], out.data(), out.size());
    (void)ignored;
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!text.empty() && text[0] == '!') throw SetupError(text.substr(1, text.find('\n') - 1));
  std::vector<Target> out;
  std::set<std::string> seen;
  for (size_t start = 0, nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
    std::string line = text.substr(start, nl - start);
    const size_t tab = line.find('\t'), tab2 = line.find('\t', tab + 1);
    Target t{line.substr(0, tab), line.substr(tab + 1, tab2 - tab - 1), "", line.substr(tab2 + 1)};
    if (!split && !seen.insert(t.selector).second)
      throw SetupError("device " + t.selector + " is listed twice (with --split a device may take several slices)");
    t.folder = folder_for(t.selector, t.name, out.size(), split);
    out.push_back(t);
  }
  if (out.empty()) throw SetupError("no device to run on");
  return out;
}

void write_layout(const std::string& dir, const std::vector<Target>& targets, bool split) {
  json::Value doc = json::Value::object();
  json::Value list = json::Value::array();
  for (const auto& t : targets) {
    json::Value d = json::Value::object();
    d["selector"] = t.selector;
    d["name"] = t.name;
    d["folder"] = t.folder;
    d["pci"] = t.pci_address;
    list.push_back(d);
  }
  doc["devices"] = list;
  doc["split"] = split;
  write_file_atomically(dir + "/devices.json", doc.dump() + "\n");
}

std::vector<Target> read_layout(const std::string& dir, bool& split) {
  json::Value doc;
  try {
    doc = json::parse_file(dir + "/devices.json");
  } catch (const json::ParseError& e) {
    throw SetupError(std::string("unreadable devices.json: ") + e.what());
  }
  split = doc.get("split").kind() == json::Value::Kind::Bool && doc.at("split").as_bool();
  std::vector<Target> out;
  for (const auto& d : doc.at("devices").as_array()) {
    const json::Value& pci = d.get("pci");
    out.push_back({d.at("selector").as_string(), d.at("name").as_string(), d.at("folder").as_string(),
                   pci.kind() == json::Value::Kind::String ? pci.as_string() : ""});
  }
  return out;
}

// Runs one supervisor per target at once; its summary goes to
// FOLDER/console.txt, its errors to stderr. Each is kept on its share of
// the host's CPUs and sweeps with all of them, or, unpinned, with
// 1/targets of the cores. Returns the exit codes.
std::vector<int> run_all(const RunOptions& opts, const std::vector<Target>& targets, bool split) {
  std::vector<std::string> pci;
  for (const auto& t : targets) pci.push_back(t.pci_address);
  const std::vector<std::vector<int>> cpus = device_cpu_shares(pci);
  std::vector<pid_t> pids;
  std::fflush(nullptr);
  for (size_t k = 0; k < targets.size(); ++k) {
    RunOptions o = opts;
    o.device = targets[k].selector;
    o.out_dir = opts.out_dir + "/" + targets[k].folder;
    o.resume = opts.resume && fs::exists(o.out_dir + "/run.json");
    o.host_processes = unsigned(targets.size());  // they sweep at once: each takes its share of the cores
    if (split) {
      o.shard = k + 1;
      o.shards = targets.size();
    }
    pid_t pid = fork();
    if (pid < 0) throw SetupError("cannot fork a process for device " + o.device);
    if (pid == 0) {
      int rc = 2;
      try {
        if (!cpus[k].empty() && pin_to_cpus(cpus[k])) o.host_processes = 1;  // its share is its whole mask
        fs::create_directories(o.out_dir);
        if (!std::freopen((o.out_dir + "/console.txt").c_str(), "w", stdout))
          throw SetupError("cannot write " + o.out_dir + "/console.txt");
        rc = supervise_run(o);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "clconform: %s: %s\n", targets[k].selector.c_str(), e.what());
      }
      std::fflush(nullptr);
      _exit(rc);
    }
    pids.push_back(pid);
  }
  std::vector<int> rcs;
  for (pid_t pid : pids) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    rcs.push_back(WIFEXITED(status) ? WEXITSTATUS(status) : 2);
  }
  return rcs;
}

int worst(const std::vector<int>& rcs) {
  int w = 0;
  for (int rc : rcs) w = (rc == 2 || w == 2) ? 2 : std::max(w, rc);
  return w;
}

int compare_devices(const std::string& dir, const std::vector<Target>& targets) {
  std::vector<reports::RunData> runs;
  for (const auto& t : targets) {
    const std::string d = dir + "/" + t.folder;
    if (!fs::exists(d + "/run.json")) continue;
    runs.push_back(reports::load_run(d));
  }
  if (runs.size() >= 2) {
    reports::write_comparison_html(runs, dir + "/comparison.html");
    std::fputs(reports::comparison_table(runs).c_str(), stdout);
    std::printf("comparison: %s/comparison.html\n", dir.c_str());
  }
  int rc = 0;
  for (const auto& r : runs) {
    const reports::Tally t = reports::tally(r);
    std::printf("%-40s %s: %llu cases, %llu failing\n", r.dir.c_str(), r.run.device.name.c_str(),
                (unsigned long long)t.total.cases, (unsigned long long)t.total.failing());
    if (t.total.failing() > 0) rc = 1;
  }
  return rc;
}

int merge_split(const std::string& dir, const std::vector<Target>& targets, bool write_reports) {
  std::vector<Shard> shards;
  for (const auto& t : targets) shards.push_back(read_shard(dir + "/" + t.folder));
  Merged m = merge_shards(std::move(shards));
  write_file_atomically(dir + "/results.jsonl", [&] {
    std::string lines;
    for (const auto& r : m.records) lines += r.dump() + "\n";
    return lines;
  }());
  write_file_atomically(dir + "/run.json", m.run.dump() + "\n");
  RunOptions o;
  o.out_dir = dir;
  o.write_reports = write_reports;
  return finish_run(o);
}

}  // namespace

bool is_device_list(const std::string& selector) {
  return selector == "all" || selector.find(',') != std::string::npos;
}

bool is_multi_device_folder(const std::string& dir) { return fs::exists(dir + "/devices.json"); }

int run_on_devices(const RunOptions& opts, bool split) {
  if (split && opts.shards > 1) throw SetupError("--split deals out the slices itself; drop --shard");
  if (split && opts.index) throw SetupError("--split and --index do not combine");
  std::vector<Target> targets;
  if (opts.resume && is_multi_device_folder(opts.out_dir)) {
    if (!opts.device.empty()) throw SetupError("--resume DIR already names the devices; drop --device");
    targets = read_layout(opts.out_dir, split);
  } else {
    targets = resolve(opts.device, split);
    std::error_code ec;
    fs::create_directories(opts.out_dir, ec);
    if (ec) throw SetupError("cannot create " + opts.out_dir + ": " + ec.message());
    write_layout(opts.out_dir, targets, split);
  }
  for (const auto& t : targets) std::printf("%s: device %s (%s)\n", t.folder.c_str(), t.selector.c_str(), t.name.c_str());
  std::fflush(stdout);
  std::vector<int> rcs = run_all(opts, targets, split);
  for (size_t k = 0; k < targets.size(); ++k) {
    if (rcs[k] == 2) {
      std::fprintf(stderr, "clconform: the run on %s could not be done; see above, then 'clconform run --resume %s'\n",
                   targets[k].selector.c_str(), opts.out_dir.c_str());
    }
  }
  if (worst(rcs) == 2) return 2;
  if (split) return merge_split(opts.out_dir, targets, opts.write_reports);
  return std::max(worst(rcs), compare_devices(opts.out_dir, targets));
}

int report_devices(const std::string& dir) {
  bool split = false;
  std::vector<Target> targets = read_layout(dir, split);
  if (split) {
    reports::write_all(dir);
    std::fputs(reports::summary_table(reports::load_run(dir)).c_str(), stdout);
    std::printf("report: %s/report.html\n", dir.c_str());
    return 0;
  }
  for (const auto& t : targets) {
    if (fs::exists(dir + "/" + t.folder + "/run.json")) reports::write_all(dir + "/" + t.folder);
  }
  compare_devices(dir, targets);
  return 0;
}

}  // namespace clconform
