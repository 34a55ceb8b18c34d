// How many host threads this process's sweeps take. The cores a process
// may run on are fewer than std::thread::hardware_concurrency() in a
// container or a batch job: its affinity mask (taskset, Slurm's binding)
// and its cgroup's CPU quota (docker --cpus, a Kubernetes limit) each bound
// them, and a sweep with more threads than that loses time to the
// scheduler's throttling, not just to sharing. Processes that sweep on one
// host at once (`--device A,B`, one process per device) share those cores.
#pragma once

#include <optional>
#include <string>

namespace clconform {

// The CPUs a cgroup v2 cpu.max line allows ("QUOTA PERIOD" or "max
// PERIOD"): QUOTA / PERIOD, or none when unlimited or unreadable.
std::optional<double> cgroup_cpus(const std::string& cpu_max);

// The cores this process may use: the least of the hardware's threads,
// its affinity mask's CPUs and its cgroup's quota (rounded up), at least 1.
unsigned usable_cores();

// A sweep's host threads in a process that shares the host with
// PROCESSES - 1 others sweeping at once: usable_cores() / PROCESSES, at
// least 1; $CLCONFORM_SWEEP_THREADS, where set, instead.
unsigned sweep_threads(unsigned processes);

// The threads that build programs ahead of the cases in a process that
// shares the host with PROCESSES - 1 others (program_cache.hpp): half its
// share of the cores, at most 8, and none on a host where that share is
// below 8 cores, where the sweeps need every core; $CLCONFORM_BUILD_THREADS,
// where set (0: none), instead.
unsigned build_threads(unsigned processes);

}  // namespace clconform
