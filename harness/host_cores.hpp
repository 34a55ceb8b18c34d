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
#include <vector>

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
// shares the host with PROCESSES - 1 others (program_cache.hpp): where the
// run SWEEPS (full mode), half its share of the cores, at most 8, as the
// sweeps' verification needs the rest; otherwise all of the share but one,
// at most 16, as a cold quick run waits mostly on compiles (NVIDIA's
// driver compiles one program at a time in a process, each builder's
// server is a process of its own); none on a host where that share is
// below 8 cores; $CLCONFORM_BUILD_THREADS, where set (0: none), instead.
unsigned build_threads(unsigned processes, bool sweeps);
// build_threads' choice for a process whose share of the cores is SHARE,
// without the environment.
unsigned builders_for_share(unsigned share, bool sweeps);

// Linux's CPU list notation ("0-15,32-47"): the CPUs it names, ascending,
// each once; empty for an empty or malformed list.
std::vector<int> parse_cpu_list(const std::string& text);
// The shortest list naming CPUS (ascending, each once), "" for none.
std::string cpu_list_text(const std::vector<int>& cpus);

// The CPUs this process's affinity mask allows, ascending.
std::vector<int> allowed_cpus();

// The CPUs of the NUMA node a PCI device hangs on, from
// /sys/bus/pci/devices/ADDRESS/local_cpulist ("0000:1b:00.0"); empty when
// the address is "" or the file is missing.
std::vector<int> pci_local_cpus(const std::string& pci_address);

// Which of ALLOWED each of several devices' processes runs on, given each
// device's node-local CPUs (LOCAL[k], empty where unknown). A GPU's results
// land in pinned host memory at tens of GB/s, and that memory is placed on
// the node whose CPU first touches it, so a process sweeping for a GPU is
// kept on the GPU's node. When the devices' local CPUs are known, do not
// overlap across nodes and together cover ALLOWED, each node's CPUs are cut
// into contiguous parts among the devices on it; otherwise ALLOWED is cut
// evenly in list order. The parts never overlap, so no process's threads
// compete with another's. Empty parts for all (pin nothing) when there are
// fewer allowed CPUs than devices.
std::vector<std::vector<int>> share_cpus(const std::vector<std::vector<int>>& local, const std::vector<int>& allowed);

// share_cpus for devices at PCI_ADDRESSES ("" where unknown) over this
// process's allowed CPUs; all empty (pin nothing) under CLCONFORM_PIN=0.
std::vector<std::vector<int>> device_cpu_shares(const std::vector<std::string>& pci_addresses);

// Restricts this process (and the threads it starts later) to CPUS; false
// when the kernel refuses.
bool pin_to_cpus(const std::vector<int>& cpus);

}  // namespace clconform
