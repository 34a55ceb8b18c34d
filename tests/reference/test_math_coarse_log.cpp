// The coarse log (reference/math/coarse_log.hpp), the double judge's sweep
// tier for log: each value it vouches for stays within kCoarseLogRelError *
// |hi + lo| of the real value, which MPFR computes here directly (at 320
// bits); hi is the double nearest hi + lo; it vouches for exactly the
// finite x > 0 outside [1/sqrt(2), sqrt(2)); the AVX2 and AVX-512 code give
// the same bits; and a block of any length gives each lane the value it
// gets in any other block.
//
// Inputs: 2^20 positive doubles of every exponent field (stratified, as the
// suite's full mode draws them, subnormals included); the neighbours of
// every power of two, of sqrt(2) times every power of two (where the
// reduction halves t), and of the edges of the table's intervals (i/256
// for every index, times powers of two from 2^-1074 to 2^1023); the
// largest and least doubles; and, for the refusals, the neighbours of
// 1/sqrt(2) and sqrt(2), zeros, negatives, infinities and NaNs.
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
#include "reference/math/coarse_log.hpp"
#include "reference/math/coarse_trig.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

constexpr mpfr_prec_t kPrec = 320;

std::vector<double> inputs() {
  std::vector<double> v;
  std::mt19937_64 rng(0x10c);
  for (uint64_t lane = 0; lane < (uint64_t{1} << 20); ++lane) {
    const uint64_t e = lane % 2047, m = rng() & 0xFFFFFFFFFFFFFull;
    v.push_back(oracle::double_of(e << 52 | m));
  }
  auto around = [&](double x) {
    const uint64_t b = oracle::bits_of(x);
    for (int d = -3; d <= 3; ++d) {
      const double y = oracle::double_of(b + uint64_t(int64_t(d)));
      if (std::isfinite(y) && y > 0) v.push_back(y);
    }
  };
  for (int e = -1074; e <= 1023; ++e) {
    around(std::ldexp(1.0, e));
    around(std::ldexp(M_SQRT2, e));
  }
  for (int i = 181; i <= 363; ++i)
    for (int e = -1060; e <= 1015; e += 7) around(std::ldexp(i / 256.0, e));
  for (double x : {0x1.fffffffffffffp+1023, 0x1p-1074, 0x1p-1022, M_SQRT1_2, M_SQRT2}) around(x);
  return v;
}

// log's coarse tier vouches where x = 2^m t, t in [1/sqrt(2), sqrt(2)), has m != 0.
bool taken(double x) { return std::isfinite(x) && x > 0 && !(x >= M_SQRT1_2 && x < M_SQRT2); }

TEST(MathCoarseLog, WithinItsBoundOfMpfrEverywhere) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const std::vector<double> xs = inputs();
  dd_check::Tally tally;
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    Num x(53), want(kPrec), got(kPrec), err(kPrec);
    double worst = 0;
    uint64_t n = 0, no = 0, bad = 0;
    constexpr size_t kBlock = 256;
    std::vector<double> in, hi(kBlock), lo(kBlock);
    bool vouched[kBlock];
    for (size_t b0 = begin * kBlock; b0 < xs.size(); b0 += step * kBlock) {
      in.assign(xs.begin() + long(b0), xs.begin() + long(std::min(xs.size(), b0 + kBlock)));
      math::coarse_log_many(in.data(), in.size(), hi.data(), lo.data(), vouched);
      for (size_t i = 0; i < in.size(); ++i) {
        EXPECT_EQ(vouched[i], taken(in[i])) << std::hexfloat << in[i];
        if (!vouched[i]) {
          ++no;
          continue;
        }
        ++n;
        mpfr_set_d(x.v, in[i], MPFR_RNDN);
        mpfr_log(want.v, x.v, MPFR_RNDN);
        const double rel = dd_check::relative_error(hi[i], lo[i], want.v, got, err);
        EXPECT_EQ(hi[i], hi[i] + lo[i]) << std::hexfloat << in[i];
        if (!(rel <= math::kCoarseLogRelError) && ++bad <= 5)
          ADD_FAILURE() << std::hexfloat << "log at " << in[i] << ": relative error " << rel;
        worst = std::max(worst, rel);
      }
    }
    tally.add(n, no, bad, worst);
  });
  std::printf("  %llu values of %zu arguments, %llu refused; worst relative error 2^%.2f (bound 2^%.0f)\n",
              (unsigned long long)tally.checked(), xs.size(), (unsigned long long)tally.refused(),
              std::log2(tally.worst()), std::log2(math::kCoarseLogRelError));
  EXPECT_EQ(tally.over(), 0u);
  EXPECT_GT(tally.checked(), 1200000u);
}

// Lanes are independent: blocks of every length up to 300 give each lane
// the bits of one long call, the refused arguments mixed in; and the AVX2
// code gives the AVX-512 code's bits.
TEST(MathCoarseLog, EveryBlockAndEveryInstructionSetGiveTheSameBits) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  std::vector<double> xs = inputs();
  xs.resize(1 << 17);
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -1.5, 1.0, M_SQRT1_2, 0x1p-1074, 0x1.fffffffffffffp+1023};
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % 10];
  const size_t n = xs.size();
  std::vector<double> hi(n), lo(n), hi2(n), lo2(n);
  std::unique_ptr<bool[]> ok(new bool[n]), ok2(new bool[n]);
  math::coarse_log_many(xs.data(), n, hi.data(), lo.data(), ok.get());
  size_t len = 1;
  for (size_t b = 0; b < n; b += len, len = len % 300 + 1) {
    const size_t m = std::min(len, n - b);
    math::coarse_log_many(&xs[b], m, &hi2[b], &lo2[b], &ok2[b]);
  }
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(ok[i], taken(xs[i])) << std::hexfloat << xs[i];
    ASSERT_EQ(ok[i], ok2[i]) << std::hexfloat << xs[i];
    if (!ok[i]) continue;
    ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(hi2[i])) << std::hexfloat << xs[i];
    ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(lo2[i])) << std::hexfloat << xs[i];
  }
  math::coarse_log_many_avx2(xs.data(), n, hi2.data(), lo2.data(), ok2.get());
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(ok[i], ok2[i]) << std::hexfloat << xs[i];
    if (!ok[i]) continue;
    ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(hi2[i])) << std::hexfloat << xs[i];
    ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(lo2[i])) << std::hexfloat << xs[i];
  }
}

}  // namespace
