// reference/math/grid_bits.hpp: the bit-level grid spacings the judge's hot
// path uses agree with their frexp/ldexp definitions (reference/ulp.hpp's
// ulp_exponent<Float> for doubles, and dulp as fast_tier.hpp defines it) on
// every double binade, at powers of two and their neighbours, across
// float's range limits, for zeros, subnormal doubles and infinities; the
// conversions agree with the host's; and settle.hpp's AVX2 path gives the
// fields its scalar path gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <random>
#include <vector>

#include "reference/fp_bits.hpp"
#include "reference/math/fast_batch.hpp"
#include "reference/math/grid_bits.hpp"
#include "reference/math/settle.hpp"
#include "reference/ulp.hpp"

namespace {

namespace math = clconform::ref::math;
using clconform::ref::Float;

// dulp(a) written from its definition with frexp and ldexp.
double spacing_by_frexp(double a) {
  if (a == 0 || !std::isfinite(a)) return 0x1p-1074;
  int e = 0;
  std::frexp(a, &e);  // |a| = m 2^e, 1/2 <= m < 1
  return std::ldexp(1.0, std::max(e - 1, -1022) - 52);
}

std::vector<double> probe_values() {
  std::vector<double> out = {0.0, -0.0, std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::denorm_min(),
                             std::numeric_limits<double>::max(), 0x1p-1022, 0x1.fffffffffffffp-1023};
  // Every power of two a double has, with its neighbours: the binade edges
  // where both spacings change.
  for (int e = -1074; e <= 1023; ++e) {
    const double p = std::ldexp(1.0, e);
    for (const double v : {p, std::nextafter(p, 0.0), std::nextafter(p, 4 * p), -p})
      out.push_back(v);
  }
  // Float's largest finite value and the overflow threshold, its smallest
  // normal and subnormal, as doubles and one double step either side.
  for (const double v : {0x1.fffffep127, 0x1p128, 0x1p-126, 0x1p-149, 0x1.fffffcp-127}) {
    out.push_back(v);
    out.push_back(std::nextafter(v, 0.0));
    out.push_back(std::nextafter(v, 1e300));
  }
  std::mt19937_64 rng(0x6772);
  for (int i = 0; i < 200000; ++i) {
    const double v = clconform::ref::double_from_bits(rng());
    if (!std::isnan(v)) out.push_back(v);
  }
  return out;
}

TEST(MathGridBits, SpacingsMatchTheirFrexpDefinitions) {
  for (const double v : probe_values()) {
    ASSERT_EQ(math::double_spacing(v), spacing_by_frexp(v)) << v;
    ASSERT_EQ(math::float_ulp_exponent(v), clconform::ref::ulp_exponent<Float>(v)) << v;
    ASSERT_EQ(math::float_ulp_scale(v), std::ldexp(1.0, -clconform::ref::ulp_exponent<Float>(v))) << v;
  }
}

TEST(MathGridBits, FloatConversionsMatchTheHosts) {
  // Every float pattern with the top 9 bits of its fraction varied, and
  // all subnormals' neighbourhoods of zero and 2^-126.
  for (uint64_t b = 0; b <= 0xffffffffu; b += 0x3fff) {
    const uint32_t bits = static_cast<uint32_t>(b);
    const float f = clconform::ref::float_from_bits(bits);
    if (std::isnan(f)) continue;
    ASSERT_EQ(clconform::ref::to_bits(math::float_bits_to_double(bits)), clconform::ref::to_bits(static_cast<double>(f)))
        << std::hex << bits;
  }
  // Rounding doubles to float: around every float of the subnormal range's
  // edges and of random patterns, the value itself, the midpoints with
  // its neighbours and one double step either side of them (ties to even).
  std::mt19937_64 rng(0x6662);
  std::vector<uint32_t> floats = {0, 1, 2, 3, 0x7fffff, 0x7ffffe, 0x800000, 0x800001, 0x7f7fffff, 0x7f800000};
  for (int i = 0; i < 100000; ++i) floats.push_back(static_cast<uint32_t>(rng()) & 0x7fffffffu);
  for (const uint32_t m : floats) {
    const float f = clconform::ref::float_from_bits(m);
    if (std::isnan(f)) continue;
    const double up = std::nextafter(f, INFINITY);
    for (const double base : {static_cast<double>(f), (f + up) / 2}) {
      for (const double v : {base, std::nextafter(base, 0.0), std::nextafter(base, 1e300)}) {
        for (const double x : {v, -v}) {
          if (std::isinf(x) || (x != 0 && std::fabs(x) < 0x1p-1022)) continue;
          ASSERT_EQ(math::round_to_float_bits(x), clconform::ref::to_bits(static_cast<float>(x))) << x;
        }
      }
    }
  }
}

// The enclosure below 2^-970 is widened, never narrowed, and keeps the
// side of zero; above it is the plain dulps * dulp.
TEST(MathGridBits, EnclosuresStayWithinNormalDoubles) {
  const double tiny = std::numeric_limits<double>::denorm_min();
  for (const double dulps : {0.0, 1.0, 4.0, 16.0}) {
    for (const double a : {0.0, -0.0, tiny, -tiny, 3 * tiny, 20 * tiny, 0x1p-1022, -0x1p-1000, 0x1p-971, 0x1p-970,
                           1.0, -3.5, 0x1p1000, std::numeric_limits<double>::infinity()}) {
      double approx = a, error = -1;
      math::enclose_in_normal_doubles(dulps, &approx, &error);
      const double original = dulps * math::double_spacing(a);
      ASSERT_GE(error, 0);
      ASSERT_TRUE(error == 0 || std::fabs(error) >= 0x1p-1022) << a;
      ASSERT_TRUE(approx == 0 || std::fabs(approx) >= 0x1p-1022) << a;
      // [a - original, a + original] within [approx - error, approx + error],
      // compared exactly in long double (64-bit significand, wide exponent).
      const long double lo = static_cast<long double>(a) - original, hi = static_cast<long double>(a) + original;
      ASSERT_LE(static_cast<long double>(approx) - error, lo) << a << " dulps " << dulps;
      ASSERT_GE(static_cast<long double>(approx) + error, hi) << a << " dulps " << dulps;
      if (lo >= 0) {
        ASSERT_GE(static_cast<long double>(approx) - error, 0) << a;
      }
      if (hi <= 0) {
        ASSERT_LE(static_cast<long double>(approx) + error, 0) << a;
      }
      if (std::fabs(a) >= 0x1p-970) {
        ASSERT_TRUE(approx == a && error == (std::isfinite(a) ? original : 0)) << a;
      }
    }
  }
}

TEST(MathGridBits, VectorSettleEqualsScalarSettle) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::mt19937_64 rng(0x6773);
  using Block = math::Judge::Block;
  auto scalar = std::make_unique<Block>(), vector = std::make_unique<Block>();
  const double dulps[] = {0, 1, 4, 10};
  long compared = 0;
  for (int round = 0; round < 800; ++round) {
    // Every fourth block is short, so that the scalar tail is reached too.
    scalar->n = round % 4 == 3 ? Block::kCapacity - 1 - static_cast<size_t>(round % 7) : Block::kCapacity;
    for (size_t i = 0; i < scalar->n; ++i) {
      double v = 0;
      switch (rng() % 5) {
        case 0: v = clconform::ref::double_from_bits(rng()); break;  // anything, NaNs included
        case 1: v = clconform::ref::float_from_bits(static_cast<uint32_t>(rng())); break;
        case 2: v = std::ldexp(static_cast<double>(rng() >> 11), -53 - static_cast<int>(rng() % 110)); break;  // float's subnormal range and below
        case 3: {  // a float's rounding boundary, give or take a few double ulps
          const float f = clconform::ref::float_from_bits(static_cast<uint32_t>(rng()) & 0x7f7fffffu);
          v = (static_cast<double>(f) + std::nextafter(f, INFINITY)) / 2;
          for (int k = static_cast<int>(rng() % 9); k > 0; --k) v = std::nextafter(v, (rng() & 1) ? 1e300 : 0.0);
          break;
        }
        default: v = std::ldexp(1.0, static_cast<int>(rng() % 300) - 150); break;  // powers of two
      }
      if (rng() & 1) v = -v;
      scalar->approx[i] = v;
      math::enclose_in_normal_doubles(dulps[rng() % 4], &scalar->approx[i], &scalar->error[i]);
    }
    *vector = *scalar;
    math::settle_block(*scalar, false);
    math::settle_block(*vector, true);
    for (size_t i = 0; i < scalar->n; ++i, ++compared) {
      ASSERT_EQ(scalar->nearest[i], vector->nearest[i]) << scalar->approx[i];
      ASSERT_EQ(scalar->certain[i], vector->certain[i]) << scalar->approx[i];
      ASSERT_EQ(clconform::ref::to_bits(scalar->ulp_scale[i]), clconform::ref::to_bits(vector->ulp_scale[i]))
          << scalar->approx[i];
    }
  }
  EXPECT_GT(compared, 200000);
}

}  // namespace
