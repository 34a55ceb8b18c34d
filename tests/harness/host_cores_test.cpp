// The sweep's host threads (harness/host_cores.hpp): a cgroup's CPU quota
// read from its cpu.max line, the cores this process may use bounded by
// its affinity mask, the share of them each of several processes takes,
// and which CPUs each device's process is kept on.
#include <gtest/gtest.h>

#include <sched.h>

#include <cstdlib>
#include <thread>
#include <vector>

#include "host_cores.hpp"

namespace clconform {
namespace {

TEST(HostCores, CgroupQuotaIsQuotaOverPeriod) {
  EXPECT_EQ(cgroup_cpus("max 100000"), std::nullopt);
  EXPECT_EQ(cgroup_cpus("3200000 100000\n"), 32.0);
  EXPECT_EQ(cgroup_cpus("150000 100000"), 1.5);
  EXPECT_EQ(cgroup_cpus(""), std::nullopt);
  EXPECT_EQ(cgroup_cpus("abc 100000"), std::nullopt);
  EXPECT_EQ(cgroup_cpus("100000 0"), std::nullopt);
  EXPECT_EQ(cgroup_cpus("-1 100000"), std::nullopt);  // cgroup v1's "no limit", should one be read
}

// Bound by the affinity mask: narrowed to one CPU, the process may use one
// core, whatever the hardware has.
TEST(HostCores, AffinityMaskBoundsTheCores) {
  cpu_set_t old;
  ASSERT_EQ(sched_getaffinity(0, sizeof old, &old), 0);
  EXPECT_LE(usable_cores(), std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_LE(usable_cores(), unsigned(CPU_COUNT(&old)));
  int first = 0;
  while (!CPU_ISSET(first, &old)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  const unsigned narrowed = usable_cores();
  ASSERT_EQ(sched_setaffinity(0, sizeof old, &old), 0);
  EXPECT_EQ(narrowed, 1u);
}

// Processes sweeping at once share the cores; $CLCONFORM_SWEEP_THREADS
// overrides the share.
TEST(HostCores, ProcessesShareTheCores) {
  unsetenv("CLCONFORM_SWEEP_THREADS");
  const unsigned cores = usable_cores();
  EXPECT_EQ(sweep_threads(1), cores);
  EXPECT_EQ(sweep_threads(2), std::max(1u, cores / 2));
  EXPECT_EQ(sweep_threads(1000), 1u);
  setenv("CLCONFORM_SWEEP_THREADS", "7", 1);
  EXPECT_EQ(sweep_threads(4), 7u);
  unsetenv("CLCONFORM_SWEEP_THREADS");
}

// Builders: of a share of 8 or more cores, half (at most 8) beside the
// sweeps, all but one (at most 16) without; none below 8;
// $CLCONFORM_BUILD_THREADS overrides, 0 included.
TEST(HostCores, BuildersTakeAShareOfEightCoresOrMore) {
  EXPECT_EQ(builders_for_share(2, true), 0u);
  EXPECT_EQ(builders_for_share(7, false), 0u);
  EXPECT_EQ(builders_for_share(8, true), 4u);
  EXPECT_EQ(builders_for_share(8, false), 7u);
  EXPECT_EQ(builders_for_share(16, true), 8u);
  EXPECT_EQ(builders_for_share(16, false), 15u);
  EXPECT_EQ(builders_for_share(40, true), 8u);
  EXPECT_EQ(builders_for_share(40, false), 16u);
  unsetenv("CLCONFORM_BUILD_THREADS");
  const unsigned cores = usable_cores();
  EXPECT_EQ(build_threads(1, true), builders_for_share(cores, true));
  EXPECT_EQ(build_threads(1, false), builders_for_share(cores, false));
  EXPECT_EQ(build_threads(cores, true), 0u);  // a share of one core
  EXPECT_EQ(build_threads(cores, false), 0u);
  setenv("CLCONFORM_BUILD_THREADS", "3", 1);
  EXPECT_EQ(build_threads(1000, true), 3u);
  EXPECT_EQ(build_threads(1000, false), 3u);
  setenv("CLCONFORM_BUILD_THREADS", "0", 1);
  EXPECT_EQ(build_threads(1, false), 0u);
  unsetenv("CLCONFORM_BUILD_THREADS");
}

TEST(HostCores, CpuListsReadAndWritten) {
  EXPECT_EQ(parse_cpu_list("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parse_cpu_list("5"), (std::vector<int>{5}));
  EXPECT_EQ(parse_cpu_list("3,1-2,2"), (std::vector<int>{1, 2, 3}));
  for (const char* bad : {"", "a", "3-1", "1-", "-2", "1,,2", "1-2x", "0-3 4"})
    EXPECT_TRUE(parse_cpu_list(bad).empty()) << bad;
  EXPECT_EQ(cpu_list_text({0, 1, 2, 3, 8, 10, 11}), "0-3,8,10-11");
  EXPECT_EQ(cpu_list_text({7}), "7");
  EXPECT_EQ(cpu_list_text({}), "");
}

std::vector<int> range(int first, int last) {
  std::vector<int> v;
  for (int c = first; c <= last; ++c) v.push_back(c);
  return v;
}

// Two GPUs, one on each node of a 32-CPU host (listed node 1 first): each
// process keeps its GPU's node.
TEST(HostCores, EachDeviceKeepsItsNode) {
  const auto shares = share_cpus({range(16, 31), range(0, 15)}, range(0, 31));
  EXPECT_EQ(shares, (std::vector<std::vector<int>>{range(16, 31), range(0, 15)}));
}

// Four GPUs, two per node: a node's CPUs are cut between its two.
TEST(HostCores, DevicesOnOneNodeCutItsCpus) {
  const auto shares = share_cpus({range(0, 15), range(16, 31), range(0, 15), range(16, 31)}, range(0, 31));
  EXPECT_EQ(shares, (std::vector<std::vector<int>>{range(0, 7), range(16, 23), range(8, 15), range(24, 31)}));
}

// Without node information, with nodes that leave allowed CPUs idle (both
// GPUs on node 0 of two) or with the affinity mask narrower than a node,
// the allowed CPUs are cut evenly.
TEST(HostCores, OtherwiseTheAllowedCpusAreCutEvenly) {
  const std::vector<std::vector<int>> halves{range(0, 7), range(8, 15)};
  EXPECT_EQ(share_cpus({{}, {}}, range(0, 15)), halves);
  EXPECT_EQ(share_cpus({range(0, 7), {}}, range(0, 15)), halves);
  EXPECT_EQ(share_cpus({range(0, 7), range(0, 7)}, range(0, 15)), halves);
  EXPECT_EQ(share_cpus({range(0, 15), range(16, 31)}, range(4, 11)), (std::vector<std::vector<int>>{range(4, 7), range(8, 11)}));
  EXPECT_EQ(share_cpus({range(0, 9), range(8, 15)}, range(0, 15)), halves);  // nodes that overlap
  EXPECT_EQ(share_cpus({{}, {}, {}}, range(0, 6)),
            (std::vector<std::vector<int>>{range(0, 1), range(2, 3), range(4, 6)}));
  EXPECT_EQ(share_cpus({range(0, 15)}, range(0, 31)), (std::vector<std::vector<int>>{range(0, 31)}));
}

// Fewer CPUs than devices: nobody is pinned.
TEST(HostCores, TooFewCpusPinsNobody) {
  EXPECT_EQ(share_cpus({{}, {}, {}}, range(0, 1)), (std::vector<std::vector<int>>(3)));
  EXPECT_EQ(share_cpus({range(0, 0), range(0, 0)}, range(0, 0)), (std::vector<std::vector<int>>(2)));
}

// CLCONFORM_PIN=0 pins nobody; otherwise the shares cover this process's
// CPUs without overlap.
TEST(HostCores, DeviceSharesFollowTheAffinityMask) {
  setenv("CLCONFORM_PIN", "0", 1);
  EXPECT_EQ(device_cpu_shares({"", ""}), (std::vector<std::vector<int>>(2)));
  unsetenv("CLCONFORM_PIN");
  const std::vector<int> mine = allowed_cpus();
  ASSERT_FALSE(mine.empty());
  const auto one = device_cpu_shares({"no-such-address"});
  EXPECT_EQ(one, (std::vector<std::vector<int>>{mine}));
  if (mine.size() >= 2) {
    const auto two = device_cpu_shares({"", ""});
    std::vector<int> joined = two[0];
    joined.insert(joined.end(), two[1].begin(), two[1].end());
    EXPECT_EQ(joined, mine);
  }
}

}  // namespace
}  // namespace clconform
