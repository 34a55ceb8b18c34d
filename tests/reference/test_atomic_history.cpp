// serial_history_error against histories built by running the operations
// in a known serial order on the host, and against histories no order
// explains.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "reference/atomic_history.hpp"

using clconform::ref::atomic_new_value;
using clconform::ref::AtomicEdge;
using clconform::ref::serial_history_error;

namespace {

// Runs OPS in a random order from INITIAL; returns the edges in input order and the final value.
std::vector<AtomicEdge> run_serial(const std::string& op, uint64_t initial, const std::vector<uint64_t>& operands,
                                   uint64_t* final_value, std::mt19937_64& rng) {
  std::vector<size_t> order(operands.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<AtomicEdge> edges(operands.size());
  uint64_t cur = initial;
  for (size_t i : order) {
    uint64_t next = atomic_new_value(op, 32, true, cur, operands[i], initial);
    edges[i] = {cur, next};
    cur = next;
  }
  *final_value = cur;
  return edges;
}

}  // namespace

TEST(AtomicHistory, NewValues) {
  EXPECT_EQ(atomic_new_value("add", 32, false, 0xFFFFFFFF, 2), 1u);
  EXPECT_EQ(atomic_new_value("sub", 32, false, 0, 1), 0xFFFFFFFFu);
  EXPECT_EQ(atomic_new_value("min", 32, true, 5, 0xFFFFFFFF), 0xFFFFFFFFu);   // -1 < 5
  EXPECT_EQ(atomic_new_value("min", 32, false, 5, 0xFFFFFFFF), 5u);           // 4294967295 > 5
  EXPECT_EQ(atomic_new_value("max", 64, true, 0x8000000000000000, 1), 1u);
  EXPECT_EQ(atomic_new_value("cmpxchg", 32, false, 7, 9, 7), 9u);
  EXPECT_EQ(atomic_new_value("cmpxchg", 32, false, 7, 9, 8), 7u);
  EXPECT_EQ(atomic_new_value("dec", 64, false, 0, 0), ~uint64_t(0));
}

TEST(AtomicHistory, EverySerialOrderIsAccepted) {
  std::mt19937_64 rng(7);
  for (const std::string op : {"add", "sub", "xchg", "inc", "dec", "cmpxchg", "min", "max", "and", "or", "xor"}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<uint64_t> operands(1 + rng() % 300);
      for (auto& v : operands) v = rng() % 4 == 0 ? rng() % 8 : uint32_t(rng());
      uint64_t initial = uint32_t(rng()), final_value;
      auto edges = run_serial(op, initial, operands, &final_value, rng);
      EXPECT_EQ(serial_history_error(initial, final_value, edges), "") << op;
    }
  }
}

TEST(AtomicHistory, LostUpdatesAndDuplicatesAreCaught) {
  std::mt19937_64 rng(11);
  std::vector<uint64_t> ones(100, 1);
  uint64_t final_value;
  auto edges = run_serial("add", 10, ones, &final_value, rng);
  EXPECT_EQ(final_value, 110u);
  // A lost update: two operations read the same old value; the final value
  // is one short.
  auto lost = edges;
  lost[5] = lost[6];
  EXPECT_NE(serial_history_error(10, 109, lost), "");
  EXPECT_NE(serial_history_error(10, 110, lost), "");
  // A wrong final value with correct old values.
  EXPECT_NE(serial_history_error(10, 111, edges), "");
  // xchg: an old value that no operation stored.
  std::vector<AtomicEdge> x = {{1, 2}, {2, 3}, {9, 4}};
  EXPECT_NE(serial_history_error(1, 4, x), "");
  // Balanced but disconnected: a cycle no operation reaches.
  std::vector<AtomicEdge> cyc = {{1, 2}, {5, 6}, {6, 5}};
  EXPECT_NE(serial_history_error(1, 2, cyc), "");
  EXPECT_EQ(serial_history_error(1, 1, {}), "");
  EXPECT_NE(serial_history_error(1, 2, {}), "");
}

TEST(AtomicHistory, FloatOperationsRoundOnce) {
  const auto fb = [](float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return uint64_t(b);
  };
  const auto db = [](double d) {
    uint64_t b;
    std::memcpy(&b, &d, 8);
    return b;
  };
  EXPECT_EQ(atomic_new_value("fadd", 32, true, fb(1.5f), fb(-4.0f)), fb(-2.5f));
  EXPECT_EQ(atomic_new_value("fsub", 64, true, db(1.5), db(-4.0)), db(5.5));
  EXPECT_EQ(atomic_new_value("fmin", 32, true, fb(-3.0f), fb(2.0f)), fb(-3.0f));
  EXPECT_EQ(atomic_new_value("fmax", 32, true, fb(-3.0f), fb(2.0f)), fb(2.0f));
  // 2^24 + 1 is no float: the sum rounds to even, once.
  EXPECT_EQ(atomic_new_value("fadd", 32, true, fb(16777216.0f), fb(1.0f)), fb(16777216.0f));
  EXPECT_EQ(atomic_new_value("fadd", 32, true, fb(16777216.0f), fb(3.0f)), fb(16777220.0f));
}

TEST(AtomicHistory, HalfOperations) {
  // halves: 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200, -1.0 = 0xbc00; 2048 + 1 rounds to 2048 (0x6800).
  EXPECT_EQ(atomic_new_value("fadd", 16, true, 0x3c00, 0x4000), 0x4200u);
  EXPECT_EQ(atomic_new_value("fsub", 16, true, 0x3c00, 0x4000), 0xbc00u);
  EXPECT_EQ(atomic_new_value("fmax", 16, true, 0xbc00, 0x3c00), 0x3c00u);
  EXPECT_EQ(atomic_new_value("fadd", 16, true, 0x6800, 0x3c00), 0x6800u);
}
