// The double-double cbrt (reference/math/dd_cbrt.hpp), the double judge's
// fast tier for it: each value hi + lo stays within kDdCbrtRelError *
// |hi + lo| of the real value, which MPFR computes here directly at 320
// bits. Inputs: 2^19 doubles of every exponent field and both signs
// (stratified, as the suite's full mode draws them), the cubes of small
// integers and their neighbours (exact results), the ends of the range and
// the scaling threshold 2^-900.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "reference/math/dd_cbrt.hpp"
#include "tier_arguments.hpp"

namespace {

namespace math = clconform::ref::math;
using tier_arguments::add_around;

TEST(MathDdCbrt, WithinItsBoundOfMpfr) {
  std::vector<double> xs = tier_arguments::stratified(0xcb7, uint64_t{1} << 19, true);
  for (int k = 1; k <= 2000; ++k) add_around(xs, double(k) * k * k, 2, true);
  for (double x : {0x1p-900, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp+1023, 1.0, 8.0, 0x1p-3}) add_around(xs, x, 3, true);
  dd_check::check_one_argument("cbrt", xs, math::dd_cbrt, mpfr_cbrt, math::kDdCbrtRelError, 500000);
  double hi, lo;
  EXPECT_FALSE(math::dd_cbrt(0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_cbrt(INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_cbrt(NAN, &hi, &lo));
  ASSERT_TRUE(math::dd_cbrt(-27.0, &hi, &lo));
  EXPECT_EQ(hi + lo, -3.0);
}

}  // namespace
