// The coarse lgamma (reference/math/coarse_gamma.hpp), the double judge's
// sweep tier for lgamma and lgamma_r's value: each value it vouches for
// stays within kCoarseLgammaRelError * |hi + lo| of the real value, which
// MPFR computes here directly (mpfr_lgamma at 320 bits); hi is the double
// nearest hi + lo; and it vouches for exactly the arguments of its three
// regions but those its logarithms refuse, which are few.
//
// Inputs: 2^18 stratified doubles of both signs (every exponent field;
// MPFR's lgamma is slow),
// 2^14 uniform in [-300, 300] and log-uniform in [2^-10, 2^-6], the
// neighbours of the regions' edges (2^-6, 32, -32, 2^52), of the negative
// integers from -33 to -300 and of the halves between them, and the
// largest double and 2^1017 (near lgamma's overflow).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/coarse_gamma.hpp"
#include "reference/math/coarse_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

std::vector<double> inputs() {
  std::vector<double> v = tier_arguments::stratified(0x6a3, uint64_t{1} << 18, true);
  std::mt19937_64 rng(0x6a4);
  std::uniform_real_distribution<double> wide(-300, 300), exponent(-10, -6);
  for (int i = 0; i < (1 << 14); ++i) {
    v.push_back(wide(rng));
    v.push_back((i % 2 ? -1 : 1) * std::exp2(exponent(rng)));
  }
  for (int k = 33; k <= 300; ++k) {
    tier_arguments::add_around(v, -k, 6);
    tier_arguments::add_around(v, -k - 0.5, 2);
  }
  for (const double x : {0x1p-6, 32.0, 0x1p52, 0x1p1017, 0x1.fffffffffffffp+1023, 0x1p-1074, 0x1p-1022})
    tier_arguments::add_around(v, x, 6, true);
  return v;
}

// The regions (the header), before the logarithms' refusals.
bool in_region(double x) {
  const double a = std::fabs(x);
  return std::isfinite(x) && x != 0 &&
         (a < 0x1p-6 || x >= 32 || (x <= -32 && a < 0x1p52 && std::floor(x) != x));
}

// Where the tier may refuse inside its regions: near lgamma's overflow,
// and where the reflection's p = |x sin(pi x)| / pi is near 1 (its
// logarithm's refusal, [1/sqrt(2), sqrt(2)), with some room).
bool may_refuse(double x) {
  if (!in_region(x) || std::fabs(x) >= 0x1p1013) return true;
  if (x > -32) return false;
  const double p = std::fabs(x * std::sin(M_PI * (x - std::nearbyint(x)))) / M_PI;
  return p > 0.7 && p < 1.42;
}

TEST(MathCoarseGamma, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  dd_check::Tally tally;
  tier_arguments::check_blocks(
      "lgamma", xs, math::coarse_lgamma_many, math::kCoarseLgammaRelError,
      [](double x, mpfr_ptr want) {
        Num a(53);
        mpfr_set_d(a.v, x, MPFR_RNDN);
        int sign = 0;
        mpfr_lgamma(want, &sign, a.v, MPFR_RNDN);
      },
      may_refuse, tally);
  std::printf("  lgamma: %llu values of %zu arguments, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
              (unsigned long long)tally.checked(), xs.size(), (unsigned long long)tally.refused(),
              std::log2(tally.worst()), std::log2(math::kCoarseLgammaRelError));
  EXPECT_EQ(tally.over(), 0u);
  EXPECT_GT(tally.checked(), 200000u);
}

// It vouches for nothing outside its regions, and for nearly every
// argument inside them.
TEST(MathCoarseGamma, VouchesForItsRegions) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  const double specials[] = {0.0, -0.0, HUGE_VAL, -HUGE_VAL, NAN, 1.0, 2.0, -33.0, 0x1p53, -0x1p53, 31.9, -31.9, 0.5};
  for (const double s : specials) xs.push_back(s);
  std::vector<double> hi(xs.size()), lo(xs.size());
  std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
  math::coarse_lgamma_many(xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
  size_t inside = 0, taken = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    if (!in_region(xs[i])) {
      ASSERT_FALSE(vouched[i]) << std::hexfloat << xs[i];
      continue;
    }
    if (std::fabs(xs[i]) >= 0x1p1017) continue;  // near lgamma's overflow
    ++inside;
    taken += vouched[i];
  }
  EXPECT_GT(taken, inside * 99 / 100);
}

// Its combining lanes give every lane the same bits in both instruction
// sets and in blocks of every length.
TEST(MathCoarseGamma, EveryBlockAndEveryInstructionSetGiveTheSameLanes) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 16);
  tier_arguments::expect_same_lanes(xs, math::coarse_lgamma_many, math::coarse_lgamma_many_avx2);
}

}  // namespace
