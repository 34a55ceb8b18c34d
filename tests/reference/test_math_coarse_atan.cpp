// The coarse atan and atanpi (reference/math/coarse_atan.hpp), the double
// judge's sweep tier for them: each value it vouches for stays within
// kCoarseAtanRelError * |hi + lo| of the real value, which MPFR computes
// here directly (at 320 bits); hi is the double nearest hi + lo; it vouches
// for exactly the finite x with |x| at least its least argument; the AVX2
// and AVX-512 code give the same bits; and a block of any length gives
// each lane the value it gets in any other block.
//
// Inputs: 2^20 stratified doubles of both signs (every exponent field),
// 2^16 uniform in [-4, 4], the neighbours of every table point k/256 and
// midpoint (2k+1)/512 and of their inverses (where |x| > 1 takes 1/x), of
// 1, of the least arguments and of the largest double.
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
#include "reference/math/coarse_atan.hpp"
#include "reference/math/coarse_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

std::vector<double> inputs() {
  std::vector<double> v = tier_arguments::stratified(0xa7a2, uint64_t{1} << 20, true);
  std::mt19937_64 rng(0xa7a3);
  std::uniform_real_distribution<double> uniform(-4, 4);
  for (int i = 0; i < (1 << 16); ++i) v.push_back(uniform(rng));
  for (int m = 1; m <= 512; ++m) {
    tier_arguments::add_around(v, m / 512.0, 4, true);
    tier_arguments::add_around(v, 512.0 / m, 4, true);
  }
  for (const double x : {1.0, 0x1p-500, 0x1p-990, 0x1p-1022, 0x1.fffffffffffffp+1023, 0x1p1023, 0x1p-52})
    tier_arguments::add_around(v, x, 8, true);
  return v;
}

void atan_form(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_atan_many(x, n, false, h, l, v); }
void atanpi_form(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_atan_many(x, n, true, h, l, v); }
void atan_form_avx2(const double* x, size_t n, double* h, double* l, bool* v) {
  math::coarse_atan_many_avx2(x, n, false, h, l, v);
}
void atanpi_form_avx2(const double* x, size_t n, double* h, double* l, bool* v) {
  math::coarse_atan_many_avx2(x, n, true, h, l, v);
}

// The arguments each form vouches for.
bool taken(double x, bool pi) {
  return std::isfinite(x) && (pi ? std::fabs(x) >= 0x1p-990 : true);
}

TEST(MathCoarseAtan, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  for (const bool pi : {false, true}) {
    dd_check::Tally tally;
    tier_arguments::check_blocks(
        pi ? "atanpi" : "atan", xs, pi ? atanpi_form : atan_form, math::kCoarseAtanRelError,
        [pi](double x, mpfr_ptr want) {
          Num a(53);
          mpfr_set_d(a.v, x, MPFR_RNDN);
          if (pi) mpfr_atanpi(want, a.v, MPFR_RNDN);
          else mpfr_atan(want, a.v, MPFR_RNDN);
        },
        [pi](double x) { return !taken(x, pi); }, tally);
    std::printf("  %s: %llu values of %zu arguments, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
                pi ? "atanpi" : "atan", (unsigned long long)tally.checked(), xs.size(),
                (unsigned long long)tally.refused(), std::log2(tally.worst()), std::log2(math::kCoarseAtanRelError));
    EXPECT_EQ(tally.over(), 0u) << (pi ? "atanpi" : "atan");
    EXPECT_GT(tally.checked(), 1000000u);
  }
}

TEST(MathCoarseAtan, EveryBlockAndEveryInstructionSetGiveTheSameLanes) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 17);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -1.5, 1.0, 0x1p-991, 0x1p-1074, 0x1.fffffffffffffp+1023};
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % 10];
  for (const bool pi : {false, true}) {
    tier_arguments::expect_same_lanes(xs, pi ? atanpi_form : atan_form, pi ? atanpi_form_avx2 : atan_form_avx2);
    std::vector<double> hi(xs.size()), lo(xs.size());
    std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
    math::coarse_atan_many(xs.data(), xs.size(), pi, hi.data(), lo.data(), vouched.get());
    for (size_t i = 0; i < xs.size(); ++i) ASSERT_EQ(vouched[i], taken(xs[i], pi)) << std::hexfloat << xs[i];
  }
}

// Where atanpi rounds to +-1/2 (|x| >= 2^56), the tier's low part has the
// other sign: its value lies below 1/2 in magnitude, as the real one does,
// which the double judge relies on (DoubleJudge::prepare_block).
TEST(MathCoarseAtan, AtanpiNearOneHalfLiesBelowIt) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs;
  for (int e = 56; e <= 1023; ++e)
    for (const double m : {1.0, 1.5, 1.9999999999999998}) xs.push_back((e % 2 ? -1 : 1) * std::ldexp(m, e));
  std::vector<double> hi(xs.size()), lo(xs.size());
  std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
  math::coarse_atan_many(xs.data(), xs.size(), true, hi.data(), lo.data(), vouched.get());
  for (size_t i = 0; i < xs.size(); ++i) {
    ASSERT_TRUE(vouched[i]) << std::hexfloat << xs[i];
    ASSERT_EQ(std::fabs(hi[i]), 0.5) << std::hexfloat << xs[i];
    ASSERT_NE(lo[i], 0.0) << std::hexfloat << xs[i];
    ASSERT_NE(std::signbit(lo[i]), std::signbit(hi[i])) << std::hexfloat << xs[i];
  }
}

}  // namespace
