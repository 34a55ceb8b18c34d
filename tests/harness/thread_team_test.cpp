#include "harness/thread_team.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

using clconform::ThreadTeam;

// Every member runs each job exactly once, the caller as member 0, all of
// them at once, over many jobs in a row (a sweep's steps).
TEST(ThreadTeam, EveryMemberRunsEveryJobOnceAndAtOnce) {
  ThreadTeam team(6);
  ASSERT_EQ(team.size(), 6u);
  for (int job = 0; job < 200; ++job) {
    std::vector<int> calls(6, 0);
    std::vector<std::thread::id> ids(6);
    std::atomic<unsigned> arrived{0};
    team.run([&](unsigned t) {
      ++calls[t];
      ids[t] = std::this_thread::get_id();
      // Nobody leaves before everyone has arrived: the members run at once.
      arrived.fetch_add(1);
      while (arrived.load() < 6) std::this_thread::yield();
    });
    EXPECT_EQ(calls, std::vector<int>(6, 1)) << job;
    EXPECT_EQ(ids[0], std::this_thread::get_id()) << job;
    EXPECT_EQ(std::set<std::thread::id>(ids.begin(), ids.end()).size(), 6u) << job;
  }
}

// An exception on any member reaches the caller once every member is done,
// and the team still works afterwards.
TEST(ThreadTeam, AnExceptionOnAnyMemberIsThrownToTheCaller) {
  ThreadTeam team(4);
  for (unsigned thrower = 0; thrower < 4; ++thrower) {
    std::atomic<unsigned> finished{0};
    EXPECT_THROW(team.run([&](unsigned t) {
      if (t == thrower) throw std::runtime_error("member failed");
      finished.fetch_add(1);
    }),
                 std::runtime_error);
    EXPECT_EQ(finished.load(), 3u) << thrower;
  }
  std::atomic<unsigned> ran{0};
  team.run([&](unsigned) { ran.fetch_add(1); });
  EXPECT_EQ(ran.load(), 4u);
}

TEST(ThreadTeam, ATeamOfOneRunsOnTheCaller) {
  ThreadTeam team(1);
  std::thread::id id;
  team.run([&](unsigned t) {
    EXPECT_EQ(t, 0u);
    id = std::this_thread::get_id();
  });
  EXPECT_EQ(id, std::this_thread::get_id());
}
