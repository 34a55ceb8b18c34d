// reference/collective against values worked out by hand from OpenCL C 3.0
// spec 6.15.16 (the example after its table) and against float sums the
// host computes in several orders, each of which the interval must accept.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "reference/collective.hpp"
#include "reference/fp_bits.hpp"

using namespace clconform::ref;

namespace {

std::vector<uint64_t> ints(std::initializer_list<int64_t> v, unsigned bytes) {
  std::vector<uint64_t> out;
  for (int64_t x : v) out.push_back(bytes == 8 ? uint64_t(x) : uint64_t(x) & ((1ull << (8 * bytes)) - 1));
  return out;
}

std::vector<uint64_t> bits_of(const std::vector<Accepted>& a) {
  std::vector<uint64_t> out;
  for (const auto& e : a) out.push_back(e.bits);
  return out;
}

}  // namespace

TEST(Collective, SpecExampleScans) {
  // 6.15.16: [3 1 7 0 4 1 6 3] -> inclusive add [3 4 11 11 15 16 22 25],
  // exclusive add [0 3 4 11 11 15 16 22].
  const ElemType t{'i', 4};
  const auto in = ints({3, 1, 7, 0, 4, 1, 6, 3}, 4);
  EXPECT_EQ(bits_of(collective_expected(CollectiveKind::scan_inclusive, CollectiveOp::add, t, in)),
            ints({3, 4, 11, 11, 15, 16, 22, 25}, 4));
  EXPECT_EQ(bits_of(collective_expected(CollectiveKind::scan_exclusive, CollectiveOp::add, t, in)),
            ints({0, 3, 4, 11, 11, 15, 16, 22}, 4));
  for (const auto& e : collective_expected(CollectiveKind::reduce, CollectiveOp::add, t, in)) EXPECT_EQ(e.bits, 25u);
}

TEST(Collective, IdentitiesAndSignedness) {
  const ElemType i32{'i', 4}, u32{'u', 4}, i64{'i', 8}, u64{'u', 8};
  EXPECT_EQ(collective_identity(CollectiveOp::min, i32), 0x7FFFFFFFu);
  EXPECT_EQ(collective_identity(CollectiveOp::max, i32), 0x80000000u);
  EXPECT_EQ(collective_identity(CollectiveOp::min, u32), 0xFFFFFFFFu);
  EXPECT_EQ(collective_identity(CollectiveOp::max, u32), 0u);
  EXPECT_EQ(collective_identity(CollectiveOp::min, i64), 0x7FFFFFFFFFFFFFFFull);
  EXPECT_EQ(collective_identity(CollectiveOp::max, i64), 0x8000000000000000ull);
  EXPECT_EQ(collective_identity(CollectiveOp::min, u64), ~0ull);
  EXPECT_EQ(collective_identity(CollectiveOp::min, ElemType{'f', 4}), 0x7F800000u);
  EXPECT_EQ(collective_identity(CollectiveOp::max, ElemType{'f', 4}), 0xFF800000u);
  EXPECT_EQ(collective_identity(CollectiveOp::min, ElemType{'f', 2}), 0x7C00u);
  EXPECT_EQ(collective_identity(CollectiveOp::max, ElemType{'f', 8}), 0xFFF0000000000000ull);
  // -1 is the smallest int but the largest uint.
  const auto in = ints({5, -1, 7}, 4);
  EXPECT_EQ(collective_expected(CollectiveKind::reduce, CollectiveOp::min, i32, in)[0].bits, 0xFFFFFFFFu);
  EXPECT_EQ(collective_expected(CollectiveKind::reduce, CollectiveOp::min, u32, in)[0].bits, 5u);
  EXPECT_EQ(bits_of(collective_expected(CollectiveKind::scan_exclusive, CollectiveOp::max, i32, in)),
            (std::vector<uint64_t>{0x80000000u, 5, 5}));
  // Unsigned add wraps.
  EXPECT_EQ(collective_expected(CollectiveKind::reduce, CollectiveOp::add, u32, ints({-1, 2}, 4))[0].bits, 1u);
}

TEST(Collective, FloatMinMaxExact) {
  const ElemType f{'f', 4};
  const std::vector<uint64_t> in = {to_bits(2.5f), to_bits(-INFINITY), to_bits(0.0f), to_bits(-3.0f)};
  const auto mn = collective_expected(CollectiveKind::scan_inclusive, CollectiveOp::min, f, in);
  EXPECT_EQ(bits_of(mn), (std::vector<uint64_t>{to_bits(2.5f), to_bits(-INFINITY), to_bits(-INFINITY), to_bits(-INFINITY)}));
  const auto mx = collective_expected(CollectiveKind::scan_exclusive, CollectiveOp::max, f, in);
  EXPECT_EQ(bits_of(mx), (std::vector<uint64_t>{to_bits(-INFINITY), to_bits(2.5f), to_bits(2.5f), to_bits(2.5f)}));
  EXPECT_FALSE(mn[0].interval);
  EXPECT_TRUE(mn[0].accepts(f, to_bits(2.5f)));
  EXPECT_FALSE(mn[0].accepts(f, to_bits(2.5000002f)));
}

TEST(Collective, FloatAddAcceptsEveryOrder) {
  // Inputs like the suites' float_add class: every partial sum exact or
  // normal. Forward, backward, pairwise and sorted float sums are all legal
  // orders; each must lie in the interval of every prefix.
  std::mt19937_64 rng(7);
  const ElemType f{'f', 4};
  for (int trial = 0; trial < 200; ++trial) {
    const size_t n = 1 + rng() % 64;
    std::vector<float> x(n);
    std::vector<uint64_t> in(n);
    for (size_t i = 0; i < n; ++i) {
      const float sig = 1.0f + float(rng() >> 41) / 8388608.0f;
      x[i] = std::ldexp((rng() & 1) ? -sig : sig, int(rng() % 21) - 10);
      in[i] = to_bits(x[i]);
    }
    const auto want = collective_expected(CollectiveKind::reduce, CollectiveOp::add, f, in);
    float fwd = 0, bwd = 0;
    for (size_t i = 0; i < n; ++i) fwd += x[i];
    for (size_t i = n; i-- > 0;) bwd += x[i];
    std::vector<float> pw = x;
    while (pw.size() > 1) {
      std::vector<float> next;
      for (size_t i = 0; i + 1 < pw.size(); i += 2) next.push_back(pw[i] + pw[i + 1]);
      if (pw.size() % 2) next.push_back(pw.back());
      pw = next;
    }
    std::vector<float> sorted = x;
    std::sort(sorted.begin(), sorted.end());
    float srt = 0;
    for (float v : sorted) srt += v;
    for (float s : {fwd, bwd, pw[0], srt}) EXPECT_TRUE(want[0].accepts(f, to_bits(s))) << "n=" << n << " sum " << s;
    // A result moved by far more than the bound is rejected.
    EXPECT_FALSE(want[0].accepts(f, to_bits(fwd + 1.0f + std::fabs(fwd))));
    EXPECT_FALSE(want[0].accepts(f, to_bits(std::numeric_limits<float>::quiet_NaN())));
    // The inclusive scan's prefixes, summed forward.
    const auto scan = collective_expected(CollectiveKind::scan_inclusive, CollectiveOp::add, f, in);
    float run = 0;
    for (size_t i = 0; i < n; ++i) {
      run += x[i];
      EXPECT_TRUE(scan[i].accepts(f, to_bits(run)));
    }
  }
}

TEST(Collective, FloatAddSmallCases) {
  const ElemType d{'f', 8};
  // One term: exact (no rounding happens).
  const auto one = collective_expected(CollectiveKind::reduce, CollectiveOp::add, d, {to_bits(0.1)});
  EXPECT_TRUE(one[0].accepts(d, to_bits(0.1)));
  EXPECT_FALSE(one[0].accepts(d, to_bits(std::nextafter(0.1, 1.0))));
  // The exclusive scan starts at the identity 0; either zero is accepted.
  const auto ex = collective_expected(CollectiveKind::scan_exclusive, CollectiveOp::add, d, {to_bits(1.0), to_bits(2.0)});
  EXPECT_TRUE(ex[0].accepts(d, to_bits(0.0)));
  EXPECT_TRUE(ex[0].accepts(d, to_bits(-0.0)));
  EXPECT_FALSE(ex[0].accepts(d, to_bits(1.0)));
  EXPECT_TRUE(ex[1].accepts(d, to_bits(1.0)));
  // 1 + 2^-53 + 2^-53: forward gives 1 (two ties to even), the other order
  // 1 + 2^-52; both are legal and both accepted.
  const double t = std::ldexp(1.0, -53);
  const auto r = collective_expected(CollectiveKind::reduce, CollectiveOp::add, d, {to_bits(1.0), to_bits(t), to_bits(t)});
  EXPECT_TRUE(r[0].accepts(d, to_bits(1.0)));
  EXPECT_TRUE(r[0].accepts(d, to_bits(1.0 + 2 * t)));
  EXPECT_FALSE(r[0].accepts(d, to_bits(1.0 + 8 * t)));  // the bound g(2) * 1 reaches 1 + 2^-51, not 2^-50
  EXPECT_EQ(r[0].bits, to_bits(1.0 + 2 * t));  // nearest to the exact sum 1 + 2^-52
  // Half: values and bits through the half format.
  const ElemType h{'f', 2};
  const auto hh = collective_expected(CollectiveKind::reduce, CollectiveOp::add, h, {0x3C00, 0x4000});  // 1 + 2
  EXPECT_EQ(hh[0].bits, 0x4200u);  // 3
  EXPECT_TRUE(hh[0].accepts(h, 0x4200));
  EXPECT_FALSE(hh[0].accepts(h, 0x4201));
}
