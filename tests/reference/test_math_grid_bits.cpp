// reference/math/grid_bits.hpp: the bit-level grid spacings the judge's hot
// path uses agree with their frexp/ldexp definitions (reference/ulp.hpp's
// ulp_exponent<Float> for doubles, and dulp as fast_tier.hpp defines it) on
// every double binade, at powers of two and their neighbours, across
// float's range limits, for zeros, subnormal doubles and infinities.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "reference/fp_bits.hpp"
#include "reference/math/grid_bits.hpp"
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

TEST(MathGridBits, PowersOfTwoAreExact) {
  for (int k = -1074; k <= 1023; ++k) ASSERT_EQ(math::exact_power_of_two(k), std::ldexp(1.0, k)) << k;
}

}  // namespace
