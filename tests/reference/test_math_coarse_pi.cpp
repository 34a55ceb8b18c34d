// The coarse sinpi, cospi and tanpi (reference/math/coarse_trig.hpp's
// coarse_pi_many), the double judge's sweep tier for them: each value it
// vouches for stays within its bound of the real value, which MPFR
// computes here directly (at 320 bits); hi is the double nearest hi + lo;
// it vouches for exactly the arguments the header names; the AVX2 and
// AVX-512 code give the same bits; a block of any length gives each lane
// the value it gets in any other block; and cospi's values that round to
// +-1 off the integers lie on the real value's side.
//
// Inputs: 2^20 stratified doubles of both signs (every exponent field),
// 2^16 uniform in [-8, 8], and the neighbours of the multiples of 1/8 up
// to 64, of 2^51, 2^52 and 2^53 and their halves and odd neighbours, of
// 2^-960 and of the largest double.
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
#include "reference/math/coarse_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using math::PiTrig;
using oracle::Num;

std::vector<double> inputs() {
  std::vector<double> v = tier_arguments::stratified(0x51a, uint64_t{1} << 20, true);
  std::mt19937_64 rng(0x51b);
  std::uniform_real_distribution<double> wide(-8, 8);
  for (int i = 0; i < (1 << 16); ++i) v.push_back(wide(rng));
  for (int k = 0; k <= 512; ++k) tier_arguments::add_around(v, k / 8.0, 4, true);
  for (const double x : {0x1p51, 0x1p52, 0x1p53, 0x1p51 + 0.5, 0x1p52 + 1, 0x1p53 + 2, 0x1p-960, 0x1p-1022,
                         0x1.fffffffffffffp+1023})
    tier_arguments::add_around(v, x, 8, true);
  return v;
}

constexpr PiTrig kAll[] = {PiTrig::sinpi, PiTrig::cospi, PiTrig::tanpi};
const char* name_of(PiTrig f) { return f == PiTrig::sinpi ? "sinpi" : f == PiTrig::cospi ? "cospi" : "tanpi"; }
double bound_of(PiTrig f) { return f == PiTrig::tanpi ? math::kCoarseTanRelError : math::kCoarseTrigRelError; }

template <PiTrig F>
void form(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_pi_many(F, x, n, h, l, v); }
template <PiTrig F>
void form_avx2(const double* x, size_t n, double* h, double* l, bool* v) { math::coarse_pi_many_avx2(F, x, n, h, l, v); }
tier_arguments::BlockForm form_of(PiTrig f, bool avx2) {
  if (f == PiTrig::sinpi) return avx2 ? form_avx2<PiTrig::sinpi> : form<PiTrig::sinpi>;
  if (f == PiTrig::cospi) return avx2 ? form_avx2<PiTrig::cospi> : form<PiTrig::cospi>;
  return avx2 ? form_avx2<PiTrig::tanpi> : form<PiTrig::tanpi>;
}

// The arguments each function's tier vouches for (the header).
bool taken(PiTrig f, double x) {
  if (!std::isfinite(x)) return false;
  if (f == PiTrig::cospi) return true;
  if (std::fabs(x) < 0x1p-960) return false;
  if (f == PiTrig::tanpi) return std::fmod(std::fabs(x), 1.0) != 0.5;  // the poles
  return true;
}

void real_value(PiTrig f, double x, mpfr_ptr want) {
  Num a(53);
  mpfr_set_d(a.v, x, MPFR_RNDN);
  if (f == PiTrig::sinpi) mpfr_sinpi(want, a.v, MPFR_RNDN);
  if (f == PiTrig::cospi) mpfr_cospi(want, a.v, MPFR_RNDN);
  if (f == PiTrig::tanpi) mpfr_tanpi(want, a.v, MPFR_RNDN);
}

TEST(MathCoarsePi, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  for (const PiTrig f : kAll) {
    dd_check::Tally tally;
    tier_arguments::check_blocks(
        name_of(f), xs, form_of(f, false), bound_of(f), [f](double x, mpfr_ptr want) { real_value(f, x, want); },
        [f](double x) { return !taken(f, x); }, tally);
    std::printf("  %s: %llu values of %zu arguments, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
                name_of(f), (unsigned long long)tally.checked(), xs.size(), (unsigned long long)tally.refused(),
                std::log2(tally.worst()), std::log2(bound_of(f)));
    EXPECT_EQ(tally.over(), 0u) << name_of(f);
    EXPECT_GT(tally.checked(), 1000000u) << name_of(f);
  }
}

TEST(MathCoarsePi, EveryBlockAndEveryInstructionSetGiveTheSameLanes) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 17);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -1.5, 0.5, 1.0, 0x1p-961, 0x1p-1074,
                             0x1.fffffffffffffp+1023, 0x1p52 + 1, 0x1p51 + 0.5};
  constexpr size_t kSpecials = sizeof(specials) / sizeof(specials[0]);
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % kSpecials];
  for (const PiTrig f : kAll) {
    tier_arguments::expect_same_lanes(xs, form_of(f, false), form_of(f, true));
    std::vector<double> hi(xs.size()), lo(xs.size());
    std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
    math::coarse_pi_many(f, xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
    for (size_t i = 0; i < xs.size(); ++i) ASSERT_EQ(vouched[i], taken(f, xs[i])) << name_of(f) << std::hexfloat << xs[i];
  }
}

// Where cospi rounds to +-1 off the integers, the tier's low part is not
// zero and points toward 0, as the real value lies below 1 in magnitude;
// at the integers the value is exactly +-1.
TEST(MathCoarsePi, CospiNearOneLiesOnTheRealSide) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs;
  for (const double base : {0.0, 1.0, -1.0, 2.0, 7.0, 1024.0})
    for (int e = -1074; e <= -40; ++e)
      for (const double m : {1.0, 1.5}) xs.push_back(base + (e % 2 ? -1 : 1) * std::ldexp(m, e));
  for (const double k : {0.0, 1.0, 2.0, 3.0, 0x1p52, 0x1p52 + 1, 0x1p53, 1e300}) xs.push_back(k);
  std::vector<double> hi(xs.size()), lo(xs.size());
  std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
  math::coarse_pi_many(PiTrig::cospi, xs.data(), xs.size(), hi.data(), lo.data(), vouched.get());
  for (size_t i = 0; i < xs.size(); ++i) {
    ASSERT_TRUE(vouched[i]) << std::hexfloat << xs[i];
    if (std::fabs(hi[i]) != 1) continue;
    if (std::floor(xs[i]) == xs[i]) {
      ASSERT_EQ(lo[i], 0.0) << std::hexfloat << xs[i];
    } else {
      ASSERT_NE(lo[i], 0.0) << std::hexfloat << xs[i];
      ASSERT_NE(std::signbit(lo[i]), std::signbit(hi[i])) << std::hexfloat << xs[i];
    }
  }
}

}  // namespace
