// The coarse atan, asin, acos and their pi forms
// (reference/math/coarse_atan.hpp), the double judge's sweep tier for
// them: each value it vouches for stays within kCoarseAtanRelError *
// |hi + lo| of the real value, which MPFR computes here directly (at 320
// bits); hi is the double nearest hi + lo; it vouches for exactly the
// arguments the header names; the AVX2 and AVX-512 code give the same
// bits; and a block of any length gives each lane the value it gets in any
// other block.
//
// Inputs: 2^20 stratified doubles of both signs (every exponent field),
// 2^16 uniform in [-4, 4] and 2^16 in [-1, 1], the neighbours of every
// table point k/256 and midpoint (2k+1)/512 and of their inverses (where
// |x| > 1 takes 1/x), of the arguments whose a / s is such a point (asin
// and acos), of 1, 1/sqrt(2), the least arguments and the largest double.
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
using math::InverseTrig;
using oracle::Num;

std::vector<double> inputs() {
  std::vector<double> v = tier_arguments::stratified(0xa7a2, uint64_t{1} << 20, true);
  std::mt19937_64 rng(0xa7a3);
  std::uniform_real_distribution<double> wide(-4, 4), unit(-1, 1);
  for (int i = 0; i < (1 << 16); ++i) {
    v.push_back(wide(rng));
    v.push_back(unit(rng));
  }
  for (int m = 1; m <= 512; ++m) {
    tier_arguments::add_around(v, m / 512.0, 4, true);
    tier_arguments::add_around(v, 512.0 / m, 4, true);
    // a / sqrt(1 - a^2) = m/512 at a = w / sqrt(1 + w^2).
    const double w = m / 512.0;
    tier_arguments::add_around(v, w / std::sqrt(1 + w * w), 4, true);
  }
  for (const double x : {1.0, M_SQRT1_2, 0x1p-500, 0x1p-990, 0x1p-1022, 0x1.fffffffffffffp+1023, 0x1p1023, 0x1p-52})
    tier_arguments::add_around(v, x, 8, true);
  return v;
}

constexpr InverseTrig kAll[] = {InverseTrig::atan, InverseTrig::atanpi, InverseTrig::asin,
                                InverseTrig::asinpi, InverseTrig::acos, InverseTrig::acospi};
const char* name_of(InverseTrig f) {
  static const char* const names[] = {"atan", "atanpi", "asin", "asinpi", "acos", "acospi"};
  return names[int(f)];
}

// Each function as a block form (its own code, and the AVX2 code).
template <InverseTrig F>
void form(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_atan_many(F, x, n, h, l, v); }
template <InverseTrig F>
void form_avx2(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_atan_many_avx2(F, x, n, h, l, v); }
tier_arguments::BlockForm form_of(InverseTrig f, bool avx2) {
  switch (f) {
    case InverseTrig::atan: return avx2 ? form_avx2<InverseTrig::atan> : form<InverseTrig::atan>;
    case InverseTrig::atanpi: return avx2 ? form_avx2<InverseTrig::atanpi> : form<InverseTrig::atanpi>;
    case InverseTrig::asin: return avx2 ? form_avx2<InverseTrig::asin> : form<InverseTrig::asin>;
    case InverseTrig::asinpi: return avx2 ? form_avx2<InverseTrig::asinpi> : form<InverseTrig::asinpi>;
    case InverseTrig::acos: return avx2 ? form_avx2<InverseTrig::acos> : form<InverseTrig::acos>;
    default: return avx2 ? form_avx2<InverseTrig::acospi> : form<InverseTrig::acospi>;
  }
}

// The arguments each function's tier vouches for (the header).
bool taken(InverseTrig f, double x) {
  const double a = std::fabs(x);
  switch (f) {
    case InverseTrig::atan: return std::isfinite(x);
    case InverseTrig::atanpi: return std::isfinite(x) && a >= 0x1p-990;
    case InverseTrig::asin: return a <= 1;
    case InverseTrig::asinpi: return a <= 1 && a >= 0x1p-990;
    default: return a <= 1;
  }
}

void real_value(InverseTrig f, double x, mpfr_ptr want) {
  Num a(53);
  mpfr_set_d(a.v, x, MPFR_RNDN);
  switch (f) {
    case InverseTrig::atan: mpfr_atan(want, a.v, MPFR_RNDN); break;
    case InverseTrig::atanpi: mpfr_atanpi(want, a.v, MPFR_RNDN); break;
    case InverseTrig::asin: mpfr_asin(want, a.v, MPFR_RNDN); break;
    case InverseTrig::asinpi: mpfr_asinpi(want, a.v, MPFR_RNDN); break;
    case InverseTrig::acos: mpfr_acos(want, a.v, MPFR_RNDN); break;
    case InverseTrig::acospi: mpfr_acospi(want, a.v, MPFR_RNDN); break;
  }
}

TEST(MathCoarseAtan, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  for (const InverseTrig f : kAll) {
    dd_check::Tally tally;
    tier_arguments::check_blocks(
        name_of(f), xs, form_of(f, false), math::kCoarseAtanRelError,
        [f](double x, mpfr_ptr want) { real_value(f, x, want); }, [f](double x) { return !taken(f, x); }, tally);
    std::printf("  %s: %llu values of %zu arguments, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
                name_of(f), (unsigned long long)tally.checked(), xs.size(), (unsigned long long)tally.refused(),
                std::log2(tally.worst()), std::log2(math::kCoarseAtanRelError));
    EXPECT_EQ(tally.over(), 0u) << name_of(f);
    EXPECT_GT(tally.checked(), 500000u) << name_of(f);
  }
}

TEST(MathCoarseAtan, EveryBlockAndEveryInstructionSetGiveTheSameLanes) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 17);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -1.5, 1.0, -1.0, 0x1p-991, 0x1p-1074,
                             0x1.fffffffffffffp+1023, 0x1.0000000000001p0};
  constexpr size_t kSpecials = sizeof(specials) / sizeof(specials[0]);
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % kSpecials];
  for (const InverseTrig f : kAll) {
    tier_arguments::expect_same_lanes(xs, form_of(f, false), form_of(f, true));
    std::vector<double> hi(xs.size()), lo(xs.size());
    std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
    math::coarse_atan_many(f, xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
    for (size_t i = 0; i < xs.size(); ++i) ASSERT_EQ(vouched[i], taken(f, xs[i])) << name_of(f) << std::hexfloat << xs[i];
  }
}

// Where atanpi rounds to +-1/2 (|x| above about 2^53.4), the tier's low
// part has the other sign: its value lies below 1/2 in magnitude, as the
// real one does, which the double judge relies on
// (DoubleJudge::prepare_block). From 2^50, with the neighbours of each
// power of two, so that the band where the rounding starts is in.
TEST(MathCoarseAtan, AtanpiNearOneHalfLiesBelowIt) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs;
  for (int e = 50; e <= 1023; ++e)
    for (const double m : {1.0, 1.25, 1.5, 1.9999999999999998}) xs.push_back((e % 2 ? -1 : 1) * std::ldexp(m, e));
  std::vector<double> hi(xs.size()), lo(xs.size());
  std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
  math::coarse_atan_many(InverseTrig::atanpi, xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
  size_t at_half = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    ASSERT_TRUE(vouched[i]) << std::hexfloat << xs[i];
    if (std::fabs(hi[i]) != 0.5) {
      ASSERT_LT(std::fabs(xs[i]), 0x1p54) << std::hexfloat << xs[i];
      continue;
    }
    ++at_half;
    ASSERT_NE(lo[i], 0.0) << std::hexfloat << xs[i];
    ASSERT_NE(std::signbit(lo[i]), std::signbit(hi[i])) << std::hexfloat << xs[i];
  }
  EXPECT_GT(at_half, xs.size() * 9 / 10);
}

// Where acospi rounds to 1/2 (|x| below about 2^-53.4 for x > 0, 2^-52.4
// for x < 0), the tier's value lies below it for x > 0 and above it for x
// < 0, as the real one does, where its low part is not zero (the judge
// relies on it too). Up to 2^-50, so that the band where the rounding
// starts is in.
TEST(MathCoarseAtan, AcospiNearOneHalfLiesOnTheRealSide) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs;
  for (int e = -1074; e <= -50; ++e)
    for (const double m : {1.0, 1.5, 1.9999999999999998}) {
      xs.push_back(std::ldexp(m, e));
      xs.push_back(-std::ldexp(m, e));
    }
  std::vector<double> hi(xs.size()), lo(xs.size());
  std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
  math::coarse_atan_many(InverseTrig::acospi, xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
  size_t signed_lows = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    ASSERT_TRUE(vouched[i]) << std::hexfloat << xs[i];
    if (hi[i] != 0.5) {
      ASSERT_GT(std::fabs(xs[i]), 0x1p-55) << std::hexfloat << xs[i];
      continue;
    }
    if (lo[i] == 0) continue;
    ++signed_lows;
    ASSERT_EQ(lo[i] < 0, xs[i] > 0) << std::hexfloat << xs[i];
  }
  EXPECT_GT(signed_lows, xs.size() * 9 / 10);
}

}  // namespace
