// The double-double lgamma and tgamma (reference/math/dd_gamma.hpp), the
// double judge's fast tier for them where no zero of lgamma is near: each
// value hi + lo stays within kDdLgammaRelError (tgamma: kDdTgammaRelError)
// * |hi + lo| of the real value, which MPFR computes here directly
// (mpfr_lgamma, mpfr_gamma at 320 bits), and each refusal is one the
// header lists. MPFR's lgamma costs 20 to 200 microseconds a value at 320
// bits (the most below 2^-6), so the sets are smaller than the other
// tiers' 2^20. lgamma: 2^16 stratified doubles of both signs; 2^12 of
// each sign log-uniform in [2^-60, 2^-6); 2^16 uniform in [32, 200] and
// 2^15 in [-200, -32]; 2^15 negative log-uniform in [32, 2^52] and 2^15
// positive in [32, 2^1014.5]; the neighbours of every region's edges
// (2^-6, 32, -32), of the negative integers and of the half-integers
// below them from -32 to -2^52 (every one to -2100, then m 2^j for m = 1,
// 1.5, 1.75 and random ones), of the overflow limit near 2.5563e305 (the
// last argument the tier takes among them), of 2^-60, 2^-1022 and the
// least double. tgamma: 2^15 stratified, 2^16 uniform in [32, 172], 2^12
// of each sign in [2^-60, 2^-6), and the edges. About 260,000 and 90,000
// values checked, on two threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/dd_gamma.hpp"

namespace {

namespace math = clconform::ref::math;

using tier_arguments::add_around;

bool is_integer(double x) { return std::floor(x) == x; }

// Log-uniform magnitudes in [2^LO, 2^HI) with SIGN, N of them (a
// negative integer moved by 1/2, off the poles).
void log_uniform(std::vector<double>& v, std::mt19937_64& rng, double lo, double hi, double sign, int n) {
  std::uniform_real_distribution<double> e(lo, hi);
  for (int i = 0; i < n; ++i) {
    double x = sign * std::exp2(e(rng));
    if (sign < 0 && is_integer(x) && std::fabs(x) < 0x1p52) x -= 0.5;
    v.push_back(x);
  }
}

using Tier = bool (*)(double, double*, double*);

// The largest double in [LO, HI] that TIER vouches for, by bisection on
// the bits: TIER vouches at LO and not at HI (both positive), and its
// range between them is one interval.
double last_vouched(Tier tier, double lo, double hi) {
  uint64_t a = oracle::bits_of(lo), b = oracle::bits_of(hi);
  double h = 0, l = 0;
  EXPECT_TRUE(tier(lo, &h, &l));
  EXPECT_FALSE(tier(hi, &h, &l));
  while (b - a > 1) {
    const uint64_t m = a + (b - a) / 2;
    (tier(oracle::double_of(m), &h, &l) ? a : b) = m;
  }
  return oracle::double_of(a);
}

std::vector<double> lgamma_inputs() {
  std::vector<double> v = tier_arguments::stratified(0x19a, uint64_t{1} << 16, true);
  std::mt19937_64 rng(0x19a1);
  log_uniform(v, rng, -60, -6, 1, 1 << 12);
  log_uniform(v, rng, -60, -6, -1, 1 << 12);
  std::uniform_real_distribution<double> low(32, 200);
  for (int i = 0; i < (1 << 15); ++i) {
    v.push_back(low(rng));
    v.push_back(low(rng));
    const double x = -low(rng);
    v.push_back(is_integer(x) ? x - 0.5 : x);
  }
  log_uniform(v, rng, 5, 52, -1, 1 << 15);
  log_uniform(v, rng, 5, 1014.5, 1, 1 << 15);
  for (double x : {0x1p-6, 32.0, 0x1p-60, 0x1p-1022, 0x1p-1074, 1e-300, 0x1p52})
    add_around(v, x, 8, true);
  // Beside the negative integers: either neighbour of -n and of -n - 1/2.
  const auto beside = [&](double n) {
    add_around(v, -n, 3);
    if (n < 0x1p51) add_around(v, -n - 0.5, 1);
  };
  for (int n = 32; n <= 2100; ++n) beside(n);
  for (int j = 5; j <= 52; ++j)
    for (double m : {1.0, 1.5, 1.75}) beside(std::ldexp(m, j));
  std::uniform_real_distribution<double> bits(5, 52);
  for (int i = 0; i < 2000; ++i) beside(std::floor(std::exp2(bits(rng))));
  // The overflow limit: lgamma(x) reaches the largest double near
  // 2.5563e305; the largest argument the tier takes, with its neighbours.
  for (double x = 0x1.6p1014; x < 0x1.8p1014; x += 0x1p1006) add_around(v, x, 1);
  add_around(v, 0x1p1014, 2);
  add_around(v, last_vouched(math::dd_lgamma, 0x1p1014, 3e305), 8);
  return v;
}

std::vector<double> tgamma_inputs() {
  std::vector<double> v = tier_arguments::stratified(0x79a, uint64_t{1} << 15, true);
  std::mt19937_64 rng(0x79a1);
  std::uniform_real_distribution<double> range(32, 172);
  for (int i = 0; i < (1 << 16); ++i) v.push_back(range(rng));
  log_uniform(v, rng, -60, -6, 1, 1 << 12);
  log_uniform(v, rng, -60, -6, -1, 1 << 12);
  for (double x : {0x1p-6, 32.0, 0x1p-60, 0x1p-1022, 171.0, 171.4, 171.6}) add_around(v, x, 8, true);
  add_around(v, last_vouched(math::dd_tgamma, 171.0, 172.0), 8);  // where lgamma passes 709
  return v;
}

int real_lgamma(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int sign = 0;
  return mpfr_lgamma(r, &sign, x, rnd);
}

// The refusals dd_gamma.hpp allows.
bool lgamma_may_refuse(double x) {
  const double a = std::fabs(x);
  return !std::isfinite(x) || x == 0 || (a >= 0x1p-6 && a < 32) || (x < 0 && is_integer(x)) || x > 2.5e305;
}
bool tgamma_may_refuse(double x) {
  const double a = std::fabs(x);
  return !std::isfinite(x) || a < 0x1p-1022 || (a >= 0x1p-6 && x < 32) || x > 171.4;
}

TEST(MathDdGamma, LgammaWithinItsBoundOfMpfr) {
  dd_check::check_tier("lgamma", lgamma_inputs(), math::dd_lgamma, lgamma_may_refuse, real_lgamma, math::kDdLgammaRelError, 250000);
}

TEST(MathDdGamma, TgammaWithinItsBoundOfMpfr) {
  dd_check::check_tier("tgamma", tgamma_inputs(), math::dd_tgamma, tgamma_may_refuse, mpfr_gamma, math::kDdTgammaRelError, 70000);
}

// dd_lgamma_many gives every point dd_lgamma's vouching and bits, in
// blocks of every length up to 300.
TEST(MathDdGamma, BlockFormEqualsTheOnePointForm) {
  const std::vector<double> xs = lgamma_inputs();
  tier_arguments::expect_same_lanes(xs, math::dd_lgamma_many, tier_arguments::point_by_point<math::dd_lgamma>);
  std::vector<double> hi(xs.size()), lo(xs.size());
  std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
  math::dd_lgamma_many(xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
  EXPECT_GT(std::count(vouched.get(), vouched.get() + xs.size(), true), 250000);
}

TEST(MathDdGamma, RefusesPolesZerosRegionAndNonFinite) {
  double hi = 0, lo = 0;
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = HUGE_VAL;
  for (double x : {nan, inf, -inf, 0.0, -0.0, 1.0, 2.0, 0x1p-6, -0x1p-6, 0.5, -0.5, 10.0, -10.5, 0x1.fffffffffffffp4,
                   -0x1.fffffffffffffp4, -32.0, -33.0, -1e6, -0x1p52, -0x1p60, -0x1.fffffffffffffp+1023, 3e305,
                   0x1.fffffffffffffp+1023}) {
    EXPECT_FALSE(math::dd_lgamma(x, &hi, &lo)) << std::hexfloat << x;
    EXPECT_FALSE(math::dd_tgamma(x, &hi, &lo)) << std::hexfloat << x;
  }
  for (double x : {0x1p-1074, -0x1p-1074, 0x1.fffffffffffffp-7, -0x1.fffffffffffffp-7, 32.0, -32.5, 1e305,
                   -0x1p52 + 0.5})
    EXPECT_TRUE(math::dd_lgamma(x, &hi, &lo)) << std::hexfloat << x;
  for (double x : {0x1p-1073, -0x1p-1070, -32.5, 172.0, 1e6}) EXPECT_FALSE(math::dd_tgamma(x, &hi, &lo)) << x;
  for (double x : {0x1p-1022, -0x1p-1022, 32.0, 171.0}) EXPECT_TRUE(math::dd_tgamma(x, &hi, &lo)) << x;
}

}  // namespace
