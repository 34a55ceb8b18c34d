// The sweep's host threads (harness/host_cores.hpp): a cgroup's CPU quota
// read from its cpu.max line, the cores this process may use bounded by
// its affinity mask, and the share of them each of several processes takes.
#include <gtest/gtest.h>

#include <sched.h>

#include <cstdlib>
#include <thread>

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

// Builders: half a share of 8 or more cores, at most 8, none below;
// $CLCONFORM_BUILD_THREADS overrides, 0 included.
TEST(HostCores, BuildersTakeHalfAShareOfEightCoresOrMore) {
  unsetenv("CLCONFORM_BUILD_THREADS");
  const unsigned cores = usable_cores();
  EXPECT_EQ(build_threads(1), cores < 8 ? 0u : std::min(8u, cores / 2));
  EXPECT_EQ(build_threads(cores), 0u);  // a share of one core
  setenv("CLCONFORM_BUILD_THREADS", "3", 1);
  EXPECT_EQ(build_threads(1000), 3u);
  setenv("CLCONFORM_BUILD_THREADS", "0", 1);
  EXPECT_EQ(build_threads(1), 0u);
  unsetenv("CLCONFORM_BUILD_THREADS");
}

}  // namespace
}  // namespace clconform
