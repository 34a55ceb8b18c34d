// The coarse sin and cos (reference/math/coarse_trig.hpp), the double
// judge's sweep tier for them: each value it vouches for stays within
// kCoarseTrigRelError * |hi + lo| of the real value, which MPFR computes
// here directly (mpfr_sin_cos at 320 bits, exact for any double); hi is
// the double nearest hi + lo; it leaves only arguments within about 2^-24
// of a quarter turn of a multiple of pi/2, which MPFR confirms; below
// kCoarseTrigSettledBelow its value is dd_trig's, bit for bit; the AVX2 and
// AVX-512 code give the same bits; and a block of any length gives each
// lane the value it gets in any other block.
//
// Inputs: 2^20 doubles of every exponent field and both signs
// (stratified, as the suite's full mode draws them); the doubles nearest
// k * pi/2 for k up to 2^14 and nearest 2^j * pi/2 for every j up to 1023,
// with four neighbours each side; the published hardest double for
// reduction (Kahan and McDonald's 6381956970095103 * 2^797) and its
// neighbours; the edges of the tier's own branches (2^-60, 0.78125, the
// exponent from which its table is scaled) and the largest doubles.
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
#include "reference/math/coarse_trig.hpp"
#include "reference/math/dd_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

constexpr mpfr_prec_t kPrec = 320;

std::vector<double> inputs() {
  std::vector<double> v;
  std::mt19937_64 rng(0xc0a5e);
  for (uint64_t lane = 0; lane < (uint64_t{1} << 20); ++lane) {
    const uint64_t e = (lane >> 1) % 2047, m = rng() & 0xFFFFFFFFFFFFFull;
    v.push_back(oracle::double_of((lane & 1) << 63 | e << 52 | m));
  }
  Num pi(2000), t(2000);
  mpfr_const_pi(pi.v, MPFR_RNDN);
  auto around = [&](double x) {
    const uint64_t b = oracle::bits_of(std::fabs(x));
    for (int d = -4; d <= 4; ++d) {
      const double y = oracle::double_of(b + uint64_t(int64_t(d)));
      if (std::isfinite(y)) v.insert(v.end(), {y, -y});
    }
  };
  for (unsigned long k = 1; k <= (1ul << 14); ++k) {
    mpfr_mul_ui(t.v, pi.v, k, MPFR_RNDN);
    mpfr_div_2ui(t.v, t.v, 1, MPFR_RNDN);
    around(mpfr_get_d(t.v, MPFR_RNDN));
  }
  for (long j = -30; j <= 1023; ++j) {
    mpfr_mul_2si(t.v, pi.v, j - 1, MPFR_RNDN);
    around(mpfr_get_d(t.v, MPFR_RNDN));
  }
  for (double x : {6381956970095103.0 * 0x1p797, 0x1.37ffffffffa9bp+659, math::kCoarseTrigSettledBelow, 0x1.9p-1,
                   0x1p652, 0x1p653, 0x1.fffffffffffffp+1023, 1e22, 0x1p-1022, 0x1p-1074})
    around(x);
  return v;
}

// The distance of X from the nearest multiple of pi/2, in quarter turns.
double quarter_turn_distance(double x, Num& scratch, Num& pi) {
  mpfr_set_d(scratch.v, x, MPFR_RNDN);
  mpfr_mul_2ui(scratch.v, scratch.v, 1, MPFR_RNDN);
  mpfr_div(scratch.v, scratch.v, pi.v, MPFR_RNDN);  // x * 2/pi, to 2000 bits
  Num nearest(2000);
  mpfr_rint(nearest.v, scratch.v, MPFR_RNDN);
  mpfr_sub(scratch.v, scratch.v, nearest.v, MPFR_RNDN);
  return std::fabs(mpfr_get_d(scratch.v, MPFR_RNDN));
}

TEST(MathCoarseTrig, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  dd_check::Tally tally;
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    Num x(53), s(kPrec), c(kPrec), got(kPrec), err(kPrec), scratch(2000), pi(2000);
    mpfr_const_pi(pi.v, MPFR_RNDN);
    double worst = 0;
    uint64_t n = 0, no = 0, bad = 0;
    constexpr size_t kBlock = 256;
    std::vector<double> in, hi(kBlock), lo(kBlock);
    bool vouched[kBlock];
    for (size_t b0 = begin * kBlock; b0 < xs.size(); b0 += step * kBlock) {
      in.assign(xs.begin() + long(b0), xs.begin() + long(std::min(xs.size(), b0 + kBlock)));
      for (const bool cosine : {false, true}) {
        math::coarse_sin_cos_many(in.data(), in.size(), cosine, hi.data(), lo.data(), vouched);
        for (size_t i = 0; i < in.size(); ++i) {
          if (!vouched[i]) {
            ++no;
            const double distance = quarter_turn_distance(in[i], scratch, pi);
            if (!(distance < 0x1p-23)) ADD_FAILURE() << std::hexfloat << in[i] << " refused " << distance;
            continue;
          }
          ++n;
          mpfr_set_d(x.v, in[i], MPFR_RNDN);
          mpfr_sin_cos(s.v, c.v, x.v, MPFR_RNDN);
          const double rel = dd_check::relative_error(hi[i], lo[i], cosine ? c.v : s.v, got, err);
          EXPECT_EQ(hi[i], hi[i] + lo[i]) << std::hexfloat << in[i];
          if (!(rel <= math::kCoarseTrigRelError) && ++bad <= 5)
            ADD_FAILURE() << (cosine ? "cos" : "sin") << std::hexfloat << " at " << in[i] << ": relative error " << rel;
          worst = std::max(worst, rel);
        }
      }
    }
    tally.add(n, no, bad, worst);
  });
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
}

TEST(MathCoarseTrig, SpecialArgumentsAndTheSettledRange) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const double xs[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-1074, -0x1p-1022, 0x1.8p-61, -0x1.fffffffffffffp-61,
                       math::kCoarseTrigSettledBelow, 1.0};
  constexpr size_t n = sizeof xs / sizeof xs[0];
  for (const bool cosine : {false, true}) {
    double hi[n], lo[n];
    bool vouched[n];
    math::coarse_sin_cos_many(xs, n, cosine, hi, lo, vouched);
    for (size_t i = 0; i < n; ++i) {
      if (!std::isfinite(xs[i])) {
        EXPECT_FALSE(vouched[i]) << xs[i];
        continue;
      }
      EXPECT_TRUE(vouched[i]) << xs[i];
      if (!(std::fabs(xs[i]) < math::kCoarseTrigSettledBelow)) continue;
      double h, l;
      ASSERT_TRUE(math::dd_sin_cos(xs[i], cosine, &h, &l));
      EXPECT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(h)) << std::hexfloat << xs[i];
      EXPECT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(l)) << std::hexfloat << xs[i];
    }
  }
}

// Lanes are independent: blocks of every length up to 300 (the packed
// lanes, the partial last eight) give each lane the bits of one long call,
// and the AVX2 code gives the AVX-512 code's bits.
TEST(MathCoarseTrig, EveryBlockAndEveryInstructionSetGiveTheSameBits) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 17);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-61, -0x1p-60, 0x1.9p-1, 0x1.9000000000001p-1,
                             0x1.fffffffffffffp+1023};
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % 10];
  const size_t n = xs.size();
  for (const bool cosine : {false, true}) {
    std::vector<double> hi(n), lo(n), hi2(n), lo2(n);
    std::unique_ptr<bool[]> ok(new bool[n]), ok2(new bool[n]);
    math::coarse_sin_cos_many(xs.data(), n, cosine, hi.data(), lo.data(), ok.get());
    size_t len = 1;
    for (size_t b = 0; b < n; b += len, len = len % 300 + 1) {
      const size_t m = std::min(len, n - b);
      math::coarse_sin_cos_many(&xs[b], m, cosine, &hi2[b], &lo2[b], &ok2[b]);
    }
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(ok[i], ok2[i]) << std::hexfloat << xs[i];
      ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(hi2[i])) << std::hexfloat << xs[i];
      ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(lo2[i])) << std::hexfloat << xs[i];
    }
    if (!math::coarse_trig_has_avx512()) continue;
    math::coarse_sin_cos_many_avx2(xs.data(), n, cosine, hi2.data(), lo2.data(), ok2.get());
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(ok[i], ok2[i]) << std::hexfloat << xs[i];
      ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(hi2[i])) << std::hexfloat << xs[i];
      ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(lo2[i])) << std::hexfloat << xs[i];
    }
  }
  if (!math::coarse_trig_has_avx512()) std::printf("  no AVX-512 here: the AVX2 code alone was compared\n");
}

}  // namespace
