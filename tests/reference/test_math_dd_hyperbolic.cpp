// The double-double log1p, expm1, sinh, cosh, tanh, asinh, acosh and atanh
// (reference/math/dd_hyperbolic.hpp), the double judge's fast tier for
// them: each value hi + lo, normalised (hi is its sum rounded to double),
// stays within its function's bound of the real value, which MPFR computes
// here directly at 320 bits. Inputs per function: 2^17 doubles of every
// exponent field and both signs (stratified, as the suite's full mode
// draws them), 2^17 spread over the range where the formulas work (uniform
// and log-uniform), and the neighbours of every branch edge of
// dd_hyperbolic.cpp (2^-500, 2^-5, 1/8, 1, 2, 40, 2^28, -650, 709, the
// domain ends). About 1.7 million values, on two threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/dd_hyperbolic.hpp"

namespace {

namespace math = clconform::ref::math;
using tier_arguments::add_around;

using Tier = bool (*)(double, double*, double*);
using Real = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// The stratified doubles, then 2^16 uniform in [-WIDTH, WIDTH] and 2^16
// log-uniform in magnitude between 2^-60 and WIDTH, both signs; then the
// neighbours (8 ulps each side, both signs) of the edges and of EXTRA.
std::vector<double> inputs(uint64_t seed, double width, std::initializer_list<double> extra = {}) {
  std::vector<double> v = tier_arguments::stratified(seed, uint64_t{1} << 17, true);
  std::mt19937_64 rng(seed + 1);
  std::uniform_real_distribution<double> uniform(-width, width), exponent(-60, std::log2(width));
  for (int i = 0; i < (1 << 16); ++i) {
    v.push_back(uniform(rng));
    v.push_back((i % 2 ? -1 : 1) * std::exp2(exponent(rng)));
  }
  for (double x : {0x1p-500, 0x1p-5, 0.125, 0.5, 1.0, 2.0, 40.0, 0x1p28, 650.0, 709.0, 0x1p-1074, 0x1p-1022,
                   0x1.fffffffffffffp+1023})
    add_around(v, x, 8, true);
  for (double x : extra) add_around(v, x, 8, true);
  return v;
}

// Every value TIER vouches for within BOUND of MPFR's and normalised.
void check(const char* name, const std::vector<double>& xs, Tier tier, Real real, double bound, uint64_t min_checked) {
  dd_check::check_tier(name, xs, tier, nullptr, real, bound, min_checked);
}

TEST(MathDdHyperbolic, Log1pWithinItsBoundOfMpfr) {
  std::vector<double> xs = inputs(0x1091, 4.0, {-0.5, -0x1p-5, -0.99609375});
  add_around(xs, -1.0, 64);  // toward -1 from above: 1 + x exact
  check("log1p", xs, math::dd_log1p, mpfr_log1p, math::kDdLog1pRelError, 150000);
  double hi, lo;
  EXPECT_FALSE(math::dd_log1p(-1.0, &hi, &lo));
  EXPECT_FALSE(math::dd_log1p(-2.0, &hi, &lo));
  EXPECT_FALSE(math::dd_log1p(0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_log1p(INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_log1p(NAN, &hi, &lo));
}

TEST(MathDdHyperbolic, Expm1WithinItsBoundOfMpfr) {
  const std::vector<double> xs = inputs(0xe1, 8.0, {-40.0, -700.0});
  check("expm1", xs, math::dd_expm1, mpfr_expm1, math::kDdExpm1RelError, 150000);
  double hi, lo;
  EXPECT_FALSE(math::dd_expm1(709.5, &hi, &lo));
  EXPECT_FALSE(math::dd_expm1(-0.0, &hi, &lo));
  ASSERT_TRUE(math::dd_expm1(-1000.0, &hi, &lo));
  EXPECT_EQ(hi, -1.0);
  EXPECT_FALSE(math::dd_expm1(NAN, &hi, &lo));
}

TEST(MathDdHyperbolic, SinhCoshTanhWithinTheirBoundsOfMpfr) {
  const std::vector<double> xs = inputs(0x5c, 50.0, {19.0, 0.25});
  check("sinh", xs, math::dd_sinh, mpfr_sinh, math::kDdExpm1RelError, 150000);
  check("cosh", xs, math::dd_cosh, mpfr_cosh, math::kDdCoshRelError, 150000);
  check("tanh", xs, math::dd_tanh, mpfr_tanh, math::kDdExpm1RelError, 150000);
  double hi, lo;
  EXPECT_FALSE(math::dd_sinh(709.5, &hi, &lo));
  EXPECT_FALSE(math::dd_cosh(-709.5, &hi, &lo));
  EXPECT_FALSE(math::dd_tanh(INFINITY, &hi, &lo));
  ASSERT_TRUE(math::dd_tanh(-1e300, &hi, &lo));
  EXPECT_EQ(hi, -1.0);
}

// The block forms give the one-point forms' values, bit for bit, and vouch
// where they do: on the inputs above, in blocks of odd sizes (the AVX2
// lanes' tails), with infinities, NaNs and zeros among them. The bounds
// above therefore hold for them too.
TEST(MathDdHyperbolic, BlockFormsEqualTheOnePointForms) {
  std::vector<double> xs = inputs(0xb10c, 50.0, {-40.0, -650.0, -700.0, 709.5, 710.0});
  for (double x : {0.0, -0.0, double(INFINITY), -double(INFINITY), double(NAN), 1e300, -1e300}) xs.push_back(x);
  using Many = void (*)(const double*, size_t, double*, double*, bool*);
  const struct {
    const char* name;
    Many many;
    Tier one;
    uint64_t least;  // vouched for, at the least
  } forms[] = {{"expm1", math::dd_expm1_many, math::dd_expm1, 150000},
               {"sinh", math::dd_sinh_many, math::dd_sinh, 150000},
               {"cosh", math::dd_cosh_many, math::dd_cosh, 150000},
               {"log1p", math::dd_log1p_many, math::dd_log1p, 120000},
               {"asinh", math::dd_asinh_many, math::dd_asinh, 150000},
               {"acosh", math::dd_acosh_many, math::dd_acosh, 40000}};
  for (const auto& form : forms) {
    uint64_t vouched = 0;
    for (size_t b = 0, size = 1; b < xs.size(); b += size, size = size % 97 + 3) {
      const size_t n = std::min(size, xs.size() - b);
      std::vector<double> hi(n), lo(n);
      std::unique_ptr<bool[]> ok(new bool[n]);
      form.many(xs.data() + b, n, hi.data(), lo.data(), ok.get());
      for (size_t i = 0; i < n; ++i) {
        double h = 0, l = 0;
        const bool one = form.one(xs[b + i], &h, &l);
        ASSERT_EQ(ok[i], one) << form.name << std::hexfloat << " at " << xs[b + i];
        if (!one) continue;
        ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(h)) << form.name << std::hexfloat << " at " << xs[b + i];
        ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(l)) << form.name << std::hexfloat << " at " << xs[b + i];
        ++vouched;
      }
    }
    EXPECT_GT(vouched, form.least) << form.name;
  }
}

TEST(MathDdHyperbolic, InverseFunctionsWithinTheirBoundOfMpfr) {
  check("asinh", inputs(0xa5, 16.0), math::dd_asinh, mpfr_asinh, math::kDdLog1pRelError, 150000);
  // acosh: the magnitudes of the inputs (those below 1 refused) and 1 plus
  // each of them, which reaches 1 + 2^-52 and the branch edge 2 from both
  // sides; 1 + 2^-k and its neighbours.
  std::vector<double> from_one;
  for (double x : inputs(0xac, 4.0)) {
    from_one.push_back(std::fabs(x));
    from_one.push_back(1 + std::fabs(x));
  }
  add_around(from_one, 1.0, 64);
  for (int k = 1; k <= 52; ++k) add_around(from_one, 1 + std::ldexp(1.0, -k), 2);
  check("acosh", from_one, math::dd_acosh, mpfr_acosh, math::kDdLog1pRelError, 150000);
  std::vector<double> unit = inputs(0xa7, 1.0, {0.875, 1 - 0x1p-30});
  add_around(unit, 1.0, 64, true);  // toward 1 from below: the quotient 2x / (1 - x) grows to 2^54
  check("atanh", unit, math::dd_atanh, mpfr_atanh, math::kDdLog1pRelError, 150000);
  double hi, lo;
  EXPECT_FALSE(math::dd_acosh(1.0, &hi, &lo));
  EXPECT_FALSE(math::dd_acosh(0.5, &hi, &lo));
  EXPECT_FALSE(math::dd_atanh(1.0, &hi, &lo));
  EXPECT_FALSE(math::dd_atanh(-1.5, &hi, &lo));
  EXPECT_FALSE(math::dd_asinh(-0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_asinh(-INFINITY, &hi, &lo));
}

}  // namespace
