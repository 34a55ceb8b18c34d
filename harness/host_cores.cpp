#include "host_cores.hpp"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
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

unsigned build_threads(unsigned processes) {
  if (const char* t = std::getenv("CLCONFORM_BUILD_THREADS"); t && *t) return unsigned(std::max(0, std::atoi(t)));
  const unsigned share = usable_cores() / std::max(1u, processes);
  return share < 8 ? 0 : std::min(8u, share / 2);
}

}  // namespace clconform
