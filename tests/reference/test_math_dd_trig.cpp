// The double-double sin, cos and tan (reference/math/dd_trig.hpp), the
// double judge's fast tier for them at every finite argument: each value
// hi + lo stays within kDdTrigRelError (tan: kDdTanRelError) * |hi + lo| of
// the real value, which MPFR computes here directly (mpfr_sin_cos at 320
// bits, MPFR's own argument reduction, exact for any double; tan as their
// quotient). Inputs: tier_arguments::trig's (2^20 stratified doubles,
// the neighbours of the multiples of pi/2 and of the hardest arguments,
// the branches' edges). About 4.1 million values checked, on two threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/dd_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

constexpr mpfr_prec_t kPrec = 320;

std::vector<double> inputs() { return tier_arguments::trig(0x7d1a); }

TEST(MathDdTrig, WithinItsBoundOfMpfrEverywhere) {
  const std::vector<double> xs = inputs();
  dd_check::Tally sin_cos, tan;  // the largest relative errors of sin and cos, and of tan
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    Num x(53), s(kPrec), c(kPrec), t(kPrec), got(kPrec), err(kPrec);
    double worst[2] = {0, 0};  // sin and cos; tan
    uint64_t n[2] = {0, 0}, no[2] = {0, 0}, bad[2] = {0, 0};
    for (size_t i = begin; i < xs.size(); i += step) {
      mpfr_set_d(x.v, xs[i], MPFR_RNDN);
      mpfr_sin_cos(s.v, c.v, x.v, MPFR_RNDN);
      mpfr_div(t.v, s.v, c.v, MPFR_RNDN);  // tan, within 2^-318 relative
      for (int which = 0; which < 3; ++which) {
        const bool cosine = which == 1, tangent = which == 2;
        double hi, lo;
        const bool vouched = tangent ? math::dd_tan(xs[i], &hi, &lo) : math::dd_sin_cos(xs[i], cosine, &hi, &lo);
        if (!vouched) {
          ++no[tangent];
          continue;
        }
        ++n[tangent];
        // A zero value (sin of a zero) must be exact.
        const double rel = dd_check::relative_error(hi, lo, tangent ? t.v : cosine ? c.v : s.v, got, err);
        const double bound = tangent ? math::kDdTanRelError : math::kDdTrigRelError;
        if (!(rel <= bound)) {
          if (++bad[tangent] <= 5)
            ADD_FAILURE() << (tangent ? "tan" : cosine ? "cos" : "sin") << std::hexfloat << " at " << xs[i]
                          << ": relative error " << rel;
        }
        if (rel > worst[tangent]) worst[tangent] = rel;
      }
    }
    sin_cos.add(n[0], no[0], bad[0], worst[0]);
    tan.add(n[1], no[1], bad[1], worst[1]);
  });
  const uint64_t checked = sin_cos.checked() + tan.checked(), refused = sin_cos.refused() + tan.refused();
  std::printf("  %llu values (sin, cos, tan) of %zu arguments, %llu refused; worst relative error sin/cos 2^%.2f "
              "(bound 2^%.0f), tan 2^%.2f (bound 2^%.0f)\n",
              (unsigned long long)checked, xs.size(), (unsigned long long)refused, std::log2(sin_cos.worst()),
              std::log2(math::kDdTrigRelError), std::log2(tan.worst()), std::log2(math::kDdTanRelError));
  EXPECT_EQ(sin_cos.over() + tan.over(), 0u);
  // No double lies closer than 2^-61 to a multiple of pi/2: none refused.
  EXPECT_EQ(refused, 0u);
  EXPECT_GT(checked, 4000000u);
}

TEST(MathDdTrig, SpecialArguments) {
  double hi, lo;
  ASSERT_TRUE(math::dd_sin_cos(-0.0, false, &hi, &lo));
  EXPECT_EQ(oracle::bits_of(hi), oracle::bits_of(-0.0));
  ASSERT_TRUE(math::dd_sin_cos(0.0, true, &hi, &lo));
  EXPECT_EQ(hi, 1.0);
  EXPECT_FALSE(math::dd_sin_cos(INFINITY, false, &hi, &lo));
  EXPECT_FALSE(math::dd_sin_cos(NAN, true, &hi, &lo));
}

// The block form gives dd_sin_cos's values bit for bit, and the same
// refusals, for blocks of every length up to 64 over the inputs above
// with the special arguments mixed in (lanes done without the polynomial,
// refused lanes and partial last groups included).
TEST(MathDdTrig, BlockFormEqualsOnePointAtATime) {
  std::vector<double> xs = inputs();
  xs.resize(1 << 16);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-61, -0x1p-60, 0x1.9p-1, 0x1.9000000000001p-1,
                             0x1.fffffffffffffp+1023};
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % 10];
  uint64_t compared = 0;
  for (const bool cosine : {false, true}) {
    size_t len = 1;
    for (size_t b = 0; b < xs.size(); b += len, len = len % 64 + 1) {
      const size_t n = std::min(len, xs.size() - b);
      double hi[64], lo[64];
      bool vouched[64];
      math::dd_sin_cos_many(&xs[b], n, cosine, hi, lo, vouched);
      for (size_t i = 0; i < n; ++i) {
        double h = 0, l = 0;
        const bool ok = math::dd_sin_cos(xs[b + i], cosine, &h, &l);
        ASSERT_EQ(vouched[i], ok) << std::hexfloat << xs[b + i];
        if (!ok) continue;
        ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(h)) << std::hexfloat << xs[b + i];
        ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(l)) << std::hexfloat << xs[b + i];
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 120000u);
}

}  // namespace
