// reference/subgroup_ext against values worked out by hand from OpenCL C spec
// 6.15.20.1 to 6.15.20.3, and float products the host computes in every
// order, each of which the interval must accept.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "reference/fp_bits.hpp"
#include "reference/subgroup_ext.hpp"

using namespace clconform::ref;

namespace {

uint64_t fbits(float f) { return to_bits(f); }

std::vector<uint64_t> ints(std::initializer_list<int64_t> v, unsigned bytes) {
  std::vector<uint64_t> out;
  for (int64_t x : v) out.push_back(bytes == 8 ? uint64_t(x) : uint64_t(x) & ((1ull << (8 * bytes)) - 1));
  return out;
}

uint64_t combined(SgOp op, ElemType t, const std::vector<uint64_t>& terms) {
  const SgExpect e = sg_combine(op, t, terms);
  EXPECT_EQ(e.kind, SgExpect::Kind::value);
  EXPECT_FALSE(e.value.interval);
  return e.value.bits;
}

}  // namespace

TEST(SubgroupExt, IdentitiesOfTheExclusiveScans) {
  // 6.15.20.3: add 0, mul 1, min the largest value (+INF), max the smallest
  // (-INF), and ~0, or and xor 0; logical and true, or and xor false.
  const ElemType c{'i', 1}, u{'u', 2}, f{'f', 4};
  EXPECT_EQ(combined(SgOp::add, c, {}), 0u);
  EXPECT_EQ(combined(SgOp::mul, c, {}), 1u);
  EXPECT_EQ(combined(SgOp::mul, f, {}), fbits(1.0f));
  EXPECT_EQ(combined(SgOp::min, c, {}), 0x7Fu);
  EXPECT_EQ(combined(SgOp::max, c, {}), 0x80u);
  EXPECT_EQ(combined(SgOp::min, u, {}), 0xFFFFu);
  EXPECT_EQ(combined(SgOp::max, u, {}), 0u);
  EXPECT_EQ(combined(SgOp::min, f, {}), fbits(INFINITY));
  EXPECT_EQ(combined(SgOp::max, f, {}), fbits(-INFINITY));
  EXPECT_EQ(combined(SgOp::bit_and, u, {}), 0xFFFFu);
  EXPECT_EQ(combined(SgOp::bit_or, u, {}), 0u);
  EXPECT_EQ(combined(SgOp::bit_xor, u, {}), 0u);
  EXPECT_TRUE(sg_identity(SgOp::logical_and, {'i', 4}).truth);
  EXPECT_FALSE(sg_identity(SgOp::logical_or, {'i', 4}).truth);
  EXPECT_FALSE(sg_identity(SgOp::logical_xor, {'i', 4}).truth);
}

TEST(SubgroupExt, IntegerOperations) {
  const ElemType c{'i', 1}, uc{'u', 1}, l{'i', 8};
  EXPECT_EQ(combined(SgOp::add, c, ints({100, 27, -3}, 1)), 124u);
  EXPECT_EQ(combined(SgOp::add, uc, ints({200, 100}, 1)), 44u);  // wraps modulo 256
  EXPECT_EQ(combined(SgOp::mul, c, ints({-2, 2, 2, -1}, 1)), 8u);
  EXPECT_EQ(combined(SgOp::mul, uc, ints({16, 17}, 1)), 16u);  // 272 mod 256
  // 0xFF is -1 as char and 255 as uchar.
  EXPECT_EQ(combined(SgOp::min, c, ints({0xFF, 1}, 1)), 0xFFu);
  EXPECT_EQ(combined(SgOp::min, uc, ints({0xFF, 1}, 1)), 1u);
  EXPECT_EQ(combined(SgOp::max, l, {uint64_t(INT64_MIN), uint64_t(-5)}), uint64_t(-5));
  EXPECT_EQ(combined(SgOp::bit_and, uc, {0xF0, 0x3C}), 0x30u);
  EXPECT_EQ(combined(SgOp::bit_or, uc, {0xF0, 0x0C}), 0xFCu);
  EXPECT_EQ(combined(SgOp::bit_xor, uc, {0xF0, 0x3C, 0x01}), 0xCDu);
  // Signed overflow is undefined: the suite's inputs avoid it, and the
  // reference refuses rather than wrap.
  EXPECT_THROW(sg_combine(SgOp::add, c, ints({100, 28}, 1)), std::runtime_error);
  EXPECT_THROW(sg_combine(SgOp::mul, c, ints({64, 2}, 1)), std::runtime_error);
}

TEST(SubgroupExt, LogicalOperationsReadTruths) {
  // 6.15.20.3: a non-zero predicate is true. 1 and 3 are both true, so their
  // logical xor is false although 1 ^ 3 = 2.
  const ElemType t{'i', 4};
  EXPECT_FALSE(sg_combine(SgOp::logical_xor, t, {1, 3}).truth);
  EXPECT_TRUE(sg_combine(SgOp::logical_xor, t, {1, 3, 0x80000000u}).truth);
  EXPECT_TRUE(sg_combine(SgOp::logical_and, t, {2, 4}).truth);
  EXPECT_FALSE(sg_combine(SgOp::logical_and, t, {2, 0}).truth);
  EXPECT_TRUE(sg_combine(SgOp::logical_or, t, {0, 0, 8}).truth);
  // A truth accepts any non-zero value for true, and only 0 for false.
  const SgExpect yes = sg_combine(SgOp::logical_or, t, {5});
  EXPECT_TRUE(yes.accepts(t, 1));
  EXPECT_TRUE(yes.accepts(t, 0xFFFFFFFFu));
  EXPECT_FALSE(yes.accepts(t, 0));
  const SgExpect no = sg_combine(SgOp::logical_xor, t, {5, 6});
  EXPECT_TRUE(no.accepts(t, 0));
  EXPECT_FALSE(no.accepts(t, 2));
}

TEST(SubgroupExt, FloatProductOfTwoIsCorrectlyRounded) {
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: one rounding, so only the float
  // nearest it, 1 + 2^-22, is accepted; its neighbours one step either
  // side are not.
  const ElemType f{'f', 4};
  const float a = 1.0f + std::ldexp(1.0f, -23);
  const SgExpect e = sg_combine(SgOp::mul, f, {fbits(a), fbits(a)});
  ASSERT_TRUE(e.value.interval);
  const float want = 1.0f + std::ldexp(1.0f, -22);
  EXPECT_EQ(e.value.bits, fbits(want));
  EXPECT_TRUE(e.accepts(f, fbits(want)));
  EXPECT_FALSE(e.accepts(f, fbits(std::nextafter(want, 0.0f))));
  EXPECT_FALSE(e.accepts(f, fbits(std::nextafter(want, 2.0f))));
  // The same for a negative product.
  const SgExpect n = sg_combine(SgOp::mul, f, {fbits(-a), fbits(a)});
  EXPECT_TRUE(n.accepts(f, fbits(-want)));
  EXPECT_FALSE(n.accepts(f, fbits(std::nextafter(-want, 0.0f))));
  EXPECT_FALSE(n.accepts(f, fbits(std::nextafter(-want, -2.0f))));
}

TEST(SubgroupExt, FloatProductAcceptsEveryOrder) {
  // Four terms near 1: every grouping of the three products the host
  // computes in float (each product correctly rounded) is accepted.
  const ElemType f{'f', 4};
  const float t[4] = {1.0f + 3 * std::ldexp(1.0f, -23), 1.0f - 5 * std::ldexp(1.0f, -24),
                      -(1.0f + 7 * std::ldexp(1.0f, -23)), 1.0f + 11 * std::ldexp(1.0f, -23)};
  std::vector<uint64_t> terms;
  for (float x : t) terms.push_back(fbits(x));
  const SgExpect e = sg_combine(SgOp::mul, f, terms);
  volatile float a = t[0], b = t[1], c = t[2], d = t[3];
  const float orders[] = {((a * b) * c) * d, (a * b) * (c * d), a * (b * (c * d)), ((a * c) * b) * d,
                          (a * d) * (b * c), ((d * c) * b) * a};
  for (float r : orders) EXPECT_TRUE(e.accepts(f, fbits(r))) << r;
  // The interval is n - 1 = 3 roundings wide: 4 float steps away is outside.
  float far = orders[0];
  for (int i = 0; i < 4; ++i) far = std::nextafter(far, -4.0f);
  EXPECT_FALSE(e.accepts(f, fbits(far)));
}

TEST(SubgroupExt, FloatMinMaxPickAnOperand) {
  const ElemType h{'f', 2};
  // halves: 1.0 = 0x3C00, -2.0 = 0xC000, 0.5 = 0x3800
  EXPECT_EQ(combined(SgOp::min, h, {0x3C00, 0xC000, 0x3800}), 0xC000u);
  EXPECT_EQ(combined(SgOp::max, h, {0x3C00, 0xC000, 0x3800}), 0x3C00u);
}

TEST(SubgroupExt, BallotBitfields) {
  // Bit i of word i / 32 stands for sub-group local id i (6.15.20.1).
  const Ballot b{0x00000101u, 0, 0x80000000u, 0};
  EXPECT_TRUE(ballot_bit(b, 0));
  EXPECT_TRUE(ballot_bit(b, 8));
  EXPECT_TRUE(ballot_bit(b, 95));
  EXPECT_FALSE(ballot_bit(b, 1));
  // bit_count and find_lsb/msb look only below the maximum sub-group size.
  EXPECT_EQ(ballot_count(b, 8), 1u);
  EXPECT_EQ(ballot_count(b, 9), 2u);
  EXPECT_EQ(ballot_count(b, 128), 3u);
  EXPECT_EQ(ballot_msb(b, 64), std::optional<unsigned>(8));
  EXPECT_EQ(ballot_msb(b, 96), std::optional<unsigned>(95));
  EXPECT_EQ(ballot_lsb(Ballot{0, 0, 0x10, 0}, 64), std::nullopt);  // undefined: no bit below 64
  EXPECT_EQ(ballot_lsb(Ballot{0, 0, 0x10, 0}, 128), std::optional<unsigned>(68));
}

TEST(SubgroupExt, SubGroupMasks) {
  // Local id 3 of a dispatch whose largest sub-group has 8 work-items: ge and
  // gt stop below 8, le and lt start at 0.
  EXPECT_EQ(sub_group_mask("eq", 3, 8), (Ballot{0x08u, 0, 0, 0}));
  EXPECT_EQ(sub_group_mask("ge", 3, 8), (Ballot{0xF8u, 0, 0, 0}));
  EXPECT_EQ(sub_group_mask("gt", 3, 8), (Ballot{0xF0u, 0, 0, 0}));
  EXPECT_EQ(sub_group_mask("le", 3, 8), (Ballot{0x0Fu, 0, 0, 0}));
  EXPECT_EQ(sub_group_mask("lt", 3, 8), (Ballot{0x07u, 0, 0, 0}));
  // Across words: local id 40 of 64.
  EXPECT_EQ(sub_group_mask("ge", 40, 64), (Ballot{0, 0xFFFFFF00u, 0, 0}));
  EXPECT_EQ(sub_group_mask("lt", 40, 64), (Ballot{0xFFFFFFFFu, 0xFFu, 0, 0}));
}
