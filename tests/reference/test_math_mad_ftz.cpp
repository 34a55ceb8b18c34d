// mad under flush to zero: its multiply is an operation of its own, so a
// product that is subnormal before rounding may be flushed (OpenCL C 7.5.3,
// rule 2) before the add; without flushing only the fused and the unfused
// readings are accepted (7.4).
#include <gtest/gtest.h>

#include <cmath>

#include "reference/math/judge.hpp"

using namespace clconform::ref::math;

namespace {

// a * b = 2^-126 - 2^-150: subnormal before rounding. Fused, and unfused
// without flushing, the sum rounds to 2^-125 (0x01000000); with the product
// flushed it is c = 2^-126 (0x00800000).
Judge::Point point(const Judge& j) {
  const double a[3] = {std::ldexp(1.0, -126), 1.0 - std::ldexp(1.0, -24), std::ldexp(1.0, -126)};
  return j.prepare(a);
}

const Bound kRounded{Bound::Kind::CorrectlyRounded, 0};

}  // namespace

TEST(MathMadFlush, AFlushedSubnormalProductIsAcceptedOnlyWhenFlushingIsAllowed) {
  const Judge kept("mad", Denormals::Kept), flush("mad", Denormals::MayFlush);
  EXPECT_TRUE(kept.judge(point(kept), 0x01000000u, kRounded).pass);
  EXPECT_TRUE(flush.judge(point(flush), 0x01000000u, kRounded).pass);
  EXPECT_FALSE(kept.judge(point(kept), 0x00800000u, kRounded).pass);
  EXPECT_TRUE(flush.judge(point(flush), 0x00800000u, kRounded).pass);
  // Flushing the product gives c, nothing else: one float above still fails.
  EXPECT_FALSE(flush.judge(point(flush), 0x00800001u, kRounded).pass);
}
