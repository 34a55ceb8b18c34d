#include "host_cores.hpp"

#include <sched.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

namespace clconform {

std::optional<double> cgroup_cpus(const std::string& cpu_max) {
  std::istringstream in(cpu_max);
  std::string quota;
  double period = 0;
  if (!(in >> quota >> period) || quota == "max" || period <= 0) return std::nullopt;
  char* end = nullptr;
  const double q = std::strtod(quota.c_str(), &end);
  if (end == quota.c_str() || *end != '\0' || !(q > 0)) return std::nullopt;
  return q / period;
}

unsigned usable_cores() {
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) cores = std::min(cores, unsigned(std::max(1, CPU_COUNT(&set))));
  // cgroup v2's limit for this process's group (the container's, in a
  // container, where /sys/fs/cgroup is its own).
  std::ifstream f("/sys/fs/cgroup/cpu.max");
  std::string line;
  if (f && std::getline(f, line)) {
    if (std::optional<double> cpus = cgroup_cpus(line))
      cores = std::min(cores, unsigned(std::max(1.0, std::ceil(*cpus))));
  }
  return cores;
}

unsigned sweep_threads(unsigned processes) {
  if (const char* t = std::getenv("CLCONFORM_SWEEP_THREADS"); t && std::atoi(t) > 0) return unsigned(std::atoi(t));
  return std::max(1u, usable_cores() / std::max(1u, processes));
}

unsigned builders_for_share(unsigned share, bool sweeps) {
  if (share < 8) return 0;
  return sweeps ? std::min(8u, share / 2) : std::min(16u, share - 1);
}

unsigned build_threads(unsigned processes, bool sweeps) {
  if (const char* t = std::getenv("CLCONFORM_BUILD_THREADS"); t && *t) return unsigned(std::max(0, std::atoi(t)));
  return builders_for_share(usable_cores() / std::max(1u, processes), sweeps);
}

std::vector<int> parse_cpu_list(const std::string& text) {
  std::set<int> cpus;
  std::istringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    while (!part.empty() && std::isspace(static_cast<unsigned char>(part.back()))) part.pop_back();
    int first = -1, last = -1;
    char dash = 0, extra = 0;
    std::istringstream range(part);
    if (!(range >> first) || first < 0) return {};
    last = first;
    if (range >> dash && (dash != '-' || !(range >> last) || last < first)) return {};
    if (range >> extra) return {};
    for (int c = first; c <= last; ++c) cpus.insert(c);
  }
  return {cpus.begin(), cpus.end()};
}

std::string cpu_list_text(const std::vector<int>& cpus) {
  std::string out;
  for (size_t i = 0; i < cpus.size();) {
    size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += '-' + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

std::vector<int> allowed_cpus() {
  cpu_set_t set;
  std::vector<int> out;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return out;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) out.push_back(c);
  return out;
}

std::vector<int> pci_local_cpus(const std::string& pci_address) {
  if (pci_address.empty()) return {};
  std::ifstream f("/sys/bus/pci/devices/" + pci_address + "/local_cpulist");
  std::string line;
  if (!f || !std::getline(f, line)) return {};
  return parse_cpu_list(line);
}

namespace {

// PARTS contiguous pieces of CPUS, their sizes differing by at most one.
std::vector<std::vector<int>> cut(const std::vector<int>& cpus, size_t parts) {
  std::vector<std::vector<int>> out;
  for (size_t i = 0; i < parts; ++i)
    out.emplace_back(cpus.begin() + long(i * cpus.size() / parts), cpus.begin() + long((i + 1) * cpus.size() / parts));
  return out;
}

// The devices' node-local parts, or none when the nodes are unknown,
// overlap, leave allowed CPUs out or hold fewer CPUs than devices.
std::optional<std::vector<std::vector<int>>> share_by_node(const std::vector<std::vector<int>>& local,
                                                           const std::vector<int>& allowed) {
  const std::set<int> allow(allowed.begin(), allowed.end());
  std::map<std::vector<int>, std::vector<size_t>> nodes;  // a node's allowed CPUs -> its devices
  for (size_t k = 0; k < local.size(); ++k) {
    std::vector<int> mine;
    for (int c : local[k])
      if (allow.count(c)) mine.push_back(c);
    if (mine.empty()) return std::nullopt;
    nodes[mine].push_back(k);
  }
  std::set<int> covered;
  for (const auto& [cpus, devices] : nodes) {
    if (cpus.size() < devices.size()) return std::nullopt;
    for (int c : cpus)
      if (!covered.insert(c).second) return std::nullopt;
  }
  if (covered != allow) return std::nullopt;
  std::vector<std::vector<int>> out(local.size());
  for (const auto& [cpus, devices] : nodes) {
    std::vector<std::vector<int>> parts = cut(cpus, devices.size());
    for (size_t i = 0; i < devices.size(); ++i) out[devices[i]] = std::move(parts[i]);
  }
  return out;
}

}  // namespace

std::vector<std::vector<int>> share_cpus(const std::vector<std::vector<int>>& local, const std::vector<int>& allowed) {
  if (local.empty() || allowed.size() < local.size()) return std::vector<std::vector<int>>(local.size());
  if (auto by_node = share_by_node(local, allowed)) return *by_node;
  return cut(allowed, local.size());
}

std::vector<std::vector<int>> device_cpu_shares(const std::vector<std::string>& pci_addresses) {
  if (const char* pin = std::getenv("CLCONFORM_PIN"); pin && std::string(pin) == "0")
    return std::vector<std::vector<int>>(pci_addresses.size());
  std::vector<std::vector<int>> local;
  for (const auto& a : pci_addresses) local.push_back(pci_local_cpus(a));
  return share_cpus(local, allowed_cpus());
}

bool pin_to_cpus(const std::vector<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cpus)
    if (c >= 0 && c < CPU_SETSIZE) CPU_SET(c, &set);
  return CPU_COUNT(&set) > 0 && sched_setaffinity(0, sizeof set, &set) == 0;
}

}  // namespace clconform
