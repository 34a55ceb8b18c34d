#include <gtest/gtest.h>

#include <set>

#include "inputs.hpp"

using namespace clconform;

namespace {
TypeDesc type(const std::string& elem, TypeDesc::Kind kind, unsigned size, unsigned n) {
  TypeDesc t;
  t.elem = elem;
  t.name = elem + (n > 1 ? std::to_string(n) : "");
  t.kind = kind;
  t.elem_size = size;
  t.n = n;
  return t;
}
}  // namespace

TEST(Inputs, SameCountersGiveSameBitsAndAnyIndexRegeneratesAlone) {
  TypeDesc f4 = type("float", TypeDesc::Kind::Float, 4, 4);
  auto all = make_vectors(f4, 7, case_stream("x"), 0, 100);
  auto one = make_vectors(f4, 7, case_stream("x"), 73, 1);
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(read_lane(all, f4, 73, l), read_lane(one, f4, 0, l));
  auto other_seed = make_vectors(f4, 8, case_stream("x"), 0, 100);
  auto other_case = make_vectors(f4, 7, case_stream("y"), 0, 100);
  EXPECT_NE(read_lane(all, f4, 90, 0), read_lane(other_seed, f4, 90, 0));
  EXPECT_NE(read_lane(all, f4, 90, 0), read_lane(other_case, f4, 90, 0));
}

TEST(Inputs, EveryEdgePatternReachesEveryLaneAndLanesDiffer) {
  TypeDesc d16 = type("double", TypeDesc::Kind::Float, 8, 16);
  auto edges = edge_patterns(d16);
  ASSERT_GE(edges.size(), 16u);
  auto buf = make_vectors(d16, 1, 2, 0, edges.size());
  for (unsigned l = 0; l < 16; ++l) {
    std::set<uint64_t> seen;
    for (size_t v = 0; v < edges.size(); ++v) seen.insert(read_lane(buf, d16, v, l));
    EXPECT_EQ(seen, std::set<uint64_t>(edges.begin(), edges.end())) << "lane " << l;
  }
  for (size_t v = 0; v < edges.size(); ++v) {
    std::set<uint64_t> lanes;
    for (unsigned l = 0; l < 16; ++l) lanes.insert(read_lane(buf, d16, v, l));
    EXPECT_EQ(lanes.size(), 16u) << "vector " << v;
  }
}

TEST(Inputs, FloatEdgesHoldTheSpecialPatterns) {
  auto e = edge_patterns(type("float", TypeDesc::Kind::Float, 4, 1));
  std::set<uint64_t> s(e.begin(), e.end());
  for (uint64_t want : {0x0ull, 0x80000000ull, 0x7f800000ull, 0xff800000ull, 0x7fc00000ull, 0x7f800001ull,
                        0x00000001ull, 0x007fffffull, 0x00800000ull, 0x7f7fffffull, 0x3f800000ull}) {
    EXPECT_TRUE(s.count(want)) << std::hex << want;
  }
}

TEST(Inputs, HalfEdgesAreBinary16Patterns) {
  auto e = edge_patterns(type("half", TypeDesc::Kind::Float, 2, 1));
  std::set<uint64_t> s(e.begin(), e.end());
  // +-0, +-inf, quiet and signalling NaNs, the smallest and largest denormal,
  // the smallest normal, the largest finite (65504), 1.0 and -1.0.
  for (uint64_t want : {0x0ull, 0x8000ull, 0x7c00ull, 0xfc00ull, 0x7e00ull, 0x7c01ull, 0x0001ull, 0x03ffull,
                        0x0400ull, 0x7bffull, 0x3c00ull, 0xbc00ull}) {
    EXPECT_TRUE(s.count(want)) << std::hex << want;
  }
  for (uint64_t p : e) EXPECT_LE(p, 0xffffu) << std::hex << p;
}

TEST(Inputs, ThreeComponentVectorsArePaddedToFourAndRandomBitsFitTheElement) {
  TypeDesc c3 = type("char", TypeDesc::Kind::Int, 1, 3);
  auto buf = make_vectors(c3, 1, 2, 0, 1000);
  EXPECT_EQ(buf.size(), 4000u);
  for (size_t v = 0; v < 1000; ++v) EXPECT_LE(read_lane(buf, c3, v, 3), 0xffu);
}
