// The coarse sin, cos and tan (reference/math/coarse_trig.hpp), the double
// judge's sweep tier for them: each value it vouches for stays within
// kCoarseTrigRelError * |hi + lo| of the real value, which MPFR computes
// here directly (mpfr_sin, mpfr_cos and mpfr_tan at 320 bits, exact for any double); hi is
// the double nearest hi + lo; it leaves only arguments within about 2^-24
// of a quarter turn of a multiple of pi/2, which MPFR confirms; below
// kCoarseTrigSettledBelow its value is dd_trig's, bit for bit; the AVX2 and
// AVX-512 code give the same bits; and a block of any length gives each
// lane the value it gets in any other block.
//
// Inputs: tier_arguments::trig's (those of the double-double tier's test)
// and the exponents from which the tier's table is scaled.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/coarse_trig.hpp"
#include "reference/math/dd_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

// tier_arguments::trig, and the exponents at which the tier's table is
// scaled.
std::vector<double> inputs() { return tier_arguments::trig(0xc0a5e, {0x1p652, 0x1p653}); }

// MPFR's sin or cos of X into WANT.
void real_sin(double x, mpfr_ptr want) {
  Num a(53);
  mpfr_set_d(a.v, x, MPFR_RNDN);
  mpfr_sin(want, a.v, MPFR_RNDN);
}
void real_cos(double x, mpfr_ptr want) {
  Num a(53);
  mpfr_set_d(a.v, x, MPFR_RNDN);
  mpfr_cos(want, a.v, MPFR_RNDN);
}
void real_tan(double x, mpfr_ptr want) {
  Num a(53);
  mpfr_set_d(a.v, x, MPFR_RNDN);
  mpfr_tan(want, a.v, MPFR_RNDN);
}

// The tier's three functions as block forms of one signature.
void coarse_sin(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_sin_cos_many(x, n, false, h, l, v); }
void coarse_cos(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_sin_cos_many(x, n, true, h, l, v); }

// Whether X lies within 2^-23 of a quarter turn of a multiple of pi/2.
bool near_a_quarter_turn(double x) {
  Num t(2000), pi(2000), nearest(2000);
  mpfr_const_pi(pi.v, MPFR_RNDN);
  mpfr_set_d(t.v, x, MPFR_RNDN);
  mpfr_mul_2ui(t.v, t.v, 1, MPFR_RNDN);
  mpfr_div(t.v, t.v, pi.v, MPFR_RNDN);  // x * 2/pi, to 2000 bits
  mpfr_rint(nearest.v, t.v, MPFR_RNDN);
  mpfr_sub(t.v, t.v, nearest.v, MPFR_RNDN);
  return std::fabs(mpfr_get_d(t.v, MPFR_RNDN)) < 0x1p-23;
}

TEST(MathCoarseTrig, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  dd_check::Tally tally;
  tier_arguments::check_blocks("sin", xs, coarse_sin, math::kCoarseTrigRelError, real_sin, near_a_quarter_turn, tally);
  tier_arguments::check_blocks("cos", xs, coarse_cos, math::kCoarseTrigRelError, real_cos, near_a_quarter_turn, tally);
  dd_check::Tally tan_tally;
  tier_arguments::check_blocks("tan", xs, math::coarse_tan_many, math::kCoarseTanRelError, real_tan, near_a_quarter_turn,
                               tan_tally);
  std::printf("  tan: %llu values, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
              (unsigned long long)tan_tally.checked(), (unsigned long long)tan_tally.refused(),
              std::log2(tan_tally.worst()), std::log2(math::kCoarseTanRelError));
  EXPECT_EQ(tan_tally.over(), 0u);
  EXPECT_GT(tan_tally.checked(), 1050000u);
  std::printf("  %llu values (sin, cos) of %zu arguments, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
              (unsigned long long)tally.checked(), xs.size(), (unsigned long long)tally.refused(),
              std::log2(tally.worst()), std::log2(math::kCoarseTrigRelError));
  EXPECT_EQ(tally.over(), 0u);
  // The arguments chosen near multiples of pi/2 are left to dd_trig (each
  // refusal checked above), and nearly all of the others are taken.
  EXPECT_GT(tally.checked(), 2100000u);
}

// Of the stratified doubles, the tier leaves none but the few within 2^-24
// of a quarter turn of a multiple of pi/2 (one reduced argument in 2^23).
TEST(MathCoarseTrig, TakesTheStratifiedArguments) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(size_t{1} << 20);
  std::vector<double> hi(xs.size()), lo(xs.size());
  std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
  for (const bool cosine : {false, true}) {
    math::coarse_sin_cos_many(xs.data(), xs.size(), cosine, hi.data(), lo.data(), vouched.get());
    EXPECT_EQ(std::count(vouched.get(), vouched.get() + xs.size(), false), 0) << (cosine ? "cos" : "sin");
  }
  math::coarse_tan_many(xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
  EXPECT_EQ(std::count(vouched.get(), vouched.get() + xs.size(), false), 0) << "tan";
}

TEST(MathCoarseTrig, SpecialArgumentsAndTheSettledRange) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const double xs[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-1074, -0x1p-1022, 0x1.8p-61, -0x1.fffffffffffffp-61,
                       math::kCoarseTrigSettledBelow, 1.0};
  constexpr size_t n = sizeof xs / sizeof xs[0];
  for (const int function : {0, 1, 2}) {  // sin, cos, tan
    double hi[n], lo[n];
    bool vouched[n];
    if (function == 2) {
      math::coarse_tan_many(xs, n, hi, lo, vouched);
    } else {
      math::coarse_sin_cos_many(xs, n, function == 1, hi, lo, vouched);
    }
    for (size_t i = 0; i < n; ++i) {
      if (!std::isfinite(xs[i])) {
        EXPECT_FALSE(vouched[i]) << xs[i];
        continue;
      }
      EXPECT_TRUE(vouched[i]) << xs[i];
      if (!(std::fabs(xs[i]) < math::kCoarseTrigSettledBelow)) continue;
      double h, l;
      ASSERT_TRUE(function == 2 ? math::dd_tan(xs[i], &h, &l) : math::dd_sin_cos(xs[i], function == 1, &h, &l));
      EXPECT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(h)) << std::hexfloat << xs[i];
      EXPECT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(l)) << std::hexfloat << xs[i];
    }
  }
}

TEST(MathCoarseTrig, EveryBlockAndEveryInstructionSetGiveTheSameLanes) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 17);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-61, -0x1p-60, 0x1.9p-1, 0x1.9000000000001p-1,
                             0x1.fffffffffffffp+1023};
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % 10];
  tier_arguments::expect_same_lanes(
      xs, coarse_sin,
      [](const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_sin_cos_many_avx2(x, n, false, h, l, v); });
  tier_arguments::expect_same_lanes(
      xs, coarse_cos,
      [](const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_sin_cos_many_avx2(x, n, true, h, l, v); });
  tier_arguments::expect_same_lanes(xs, math::coarse_tan_many, math::coarse_tan_many_avx2);
}

}  // namespace
