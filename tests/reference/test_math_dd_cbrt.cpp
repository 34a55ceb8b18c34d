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
using oracle::Num;
using tier_arguments::add_around;

TEST(MathDdCbrt, WithinItsBoundOfMpfr) {
  std::vector<double> xs = tier_arguments::stratified(0xcb7, uint64_t{1} << 19, true);
  for (int k = 1; k <= 2000; ++k) add_around(xs, double(k) * k * k, 2, true);
  for (double x : {0x1p-900, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp+1023, 1.0, 8.0, 0x1p-3}) add_around(xs, x, 3, true);
  dd_check::Tally tally;
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    Num x(53), want(320), got(320), err(320);
    double worst = 0;
    uint64_t n = 0, no = 0, bad = 0;
    for (size_t i = begin; i < xs.size(); i += step) {
      double hi, lo;
      if (!math::dd_cbrt(xs[i], &hi, &lo)) {
        ++no;
        continue;
      }
      ++n;
      mpfr_set_d(x.v, xs[i], MPFR_RNDN);
      mpfr_cbrt(want.v, x.v, MPFR_RNDN);
      const double rel = dd_check::relative_error(hi, lo, want.v, got, err);
      if (!(rel <= math::kDdCbrtRelError) && ++bad <= 5)
        ADD_FAILURE() << std::hexfloat << "cbrt(" << xs[i] << "): relative error " << rel;
      if (rel > worst) worst = rel;
    }
    tally.add(n, no, bad, worst);
  });
  std::printf("  cbrt: %llu values checked, %llu refused, worst relative error 2^%.2f (bound 2^%.0f)\n",
              (unsigned long long)tally.checked(), (unsigned long long)tally.refused(), std::log2(tally.worst()),
              std::log2(math::kDdCbrtRelError));
  EXPECT_EQ(tally.over(), 0u);
  EXPECT_GT(tally.checked(), uint64_t{500000});
  double hi, lo;
  EXPECT_FALSE(math::dd_cbrt(0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_cbrt(INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_cbrt(NAN, &hi, &lo));
  ASSERT_TRUE(math::dd_cbrt(-27.0, &hi, &lo));
  EXPECT_EQ(hi + lo, -3.0);
}

}  // namespace
