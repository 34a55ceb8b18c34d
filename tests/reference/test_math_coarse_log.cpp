// The coarse log, log2 and log10 (reference/math/coarse_log.hpp), the
// double judge's sweep tier for them: each value it vouches for stays within kCoarseLogRelError *
// |hi + lo| of the real value, which MPFR computes here directly (at 320
// bits); hi is the double nearest hi + lo; it vouches for exactly the
// finite x > 0 outside [1/sqrt(2), sqrt(2)); the AVX2 and AVX-512 code give
// the same bits; and a block of any length gives each lane the value it
// gets in any other block.
//
// Inputs: tier_arguments::log's (those of the double-double log's test)
// and the neighbours of every power of two and of sqrt(2) times every
// power of two (where the reduction halves t); for the refusals, zeros,
// negatives, infinities and NaNs too.
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
#include "reference/math/coarse_log.hpp"
#include "reference/math/coarse_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

// tier_arguments::log, and the neighbours of every power of two and of
// sqrt(2) times every power of two.
std::vector<double> inputs() {
  std::vector<double> v = tier_arguments::log(0x10c);
  for (int e = -1074; e <= 1023; ++e) {
    tier_arguments::add_around(v, std::ldexp(1.0, e), 3);
    tier_arguments::add_around(v, std::ldexp(M_SQRT2, e), 3);
  }
  return v;
}

// The tier's log in BASE (0: e) as a block form, and its AVX2 code.
template <int Base>
void coarse_log_in(const double* x, size_t n, double* h, double* l, bool* v) {
  math::coarse_log_many(x, n, h, l, v, Base);
}
template <int Base>
void coarse_log_in_avx2(const double* x, size_t n, double* h, double* l, bool* v) {
  math::coarse_log_many_avx2(x, n, h, l, v, Base);
}
tier_arguments::BlockForm coarse_log_form(int base, bool avx2) {
  if (base == 2) return avx2 ? coarse_log_in_avx2<2> : coarse_log_in<2>;
  if (base == 10) return avx2 ? coarse_log_in_avx2<10> : coarse_log_in<10>;
  return avx2 ? coarse_log_in_avx2<0> : coarse_log_in<0>;
}

// log's coarse tier vouches where x = 2^m t, t in [1/sqrt(2), sqrt(2)), has m != 0.
bool taken(double x) { return std::isfinite(x) && x > 0 && !(x >= M_SQRT1_2 && x < M_SQRT2); }

TEST(MathCoarseLog, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  for (const int base : {0, 2, 10}) {
    dd_check::Tally tally;
    tier_arguments::check_blocks(
        base == 0 ? "log" : base == 2 ? "log2" : "log10", xs, coarse_log_form(base, false), math::kCoarseLogRelError,
        [base](double x, mpfr_ptr want) {
          Num a(53);
          mpfr_set_d(a.v, x, MPFR_RNDN);
          if (base == 0) mpfr_log(want, a.v, MPFR_RNDN);
          if (base == 2) mpfr_log2(want, a.v, MPFR_RNDN);
          if (base == 10) mpfr_log10(want, a.v, MPFR_RNDN);
        },
        [](double x) { return !taken(x); }, tally);
    std::printf("  base %d: %llu values of %zu arguments, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
                base, (unsigned long long)tally.checked(), xs.size(), (unsigned long long)tally.refused(),
                std::log2(tally.worst()), std::log2(math::kCoarseLogRelError));
    EXPECT_EQ(tally.over(), 0u) << "base " << base;
    EXPECT_GT(tally.checked(), 1000000u) << "base " << base;
  }
}

TEST(MathCoarseLog, EveryBlockAndEveryInstructionSetGiveTheSameLanes) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 17);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -1.5, 1.0, M_SQRT1_2, 0x1p-1074, 0x1.fffffffffffffp+1023};
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % 10];
  for (const int base : {0, 2, 10}) {
    tier_arguments::expect_same_lanes(xs, coarse_log_form(base, false), coarse_log_form(base, true));
    std::vector<double> hi(xs.size()), lo(xs.size());
    std::unique_ptr<bool[]> vouched(new bool[xs.size()]);
    math::coarse_log_many(xs.data(), xs.size(), hi.data(), lo.data(), vouched.get(), base);
    for (size_t i = 0; i < xs.size(); ++i) ASSERT_EQ(vouched[i], taken(xs[i])) << std::hexfloat << xs[i];
  }
}

}  // namespace
