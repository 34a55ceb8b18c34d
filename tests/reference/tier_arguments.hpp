// The arguments the double tiers' tests share (the double-double tiers'
// and the coarse ones'), and the checks of a block form: its values
// against MPFR, and every lane's value the same in every block and in both
// instruction sets.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <random>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"

namespace tier_arguments {

// A block form: the values of X[0, N) into HI, LO and VOUCHED.
using BlockForm = void (*)(const double* x, size_t n, double* hi, double* lo, bool* vouched);

// The finite neighbours of X within K ulps (X included) into V, and
// their negations where BOTH_SIGNS.
inline void add_around(std::vector<double>& v, double x, int k, bool both_signs = false) {
  const uint64_t b = oracle::bits_of(x);
  for (int d = -k; d <= k; ++d) {
    const double y = oracle::double_of(b + uint64_t(int64_t(d)));
    if (!std::isfinite(y)) continue;
    v.push_back(y);
    if (both_signs) v.push_back(-y);
  }
}

// COUNT doubles as the suite's full mode draws one argument: lane i's
// exponent field (i >> 1) % 2047 (subnormals included) and, where
// BOTH_SIGNS, its sign i & 1; a mantissa from SEED.
inline std::vector<double> stratified(uint64_t seed, uint64_t count, bool both_signs) {
  std::vector<double> v;
  std::mt19937_64 rng(seed);
  for (uint64_t lane = 0; lane < count; ++lane) {
    const uint64_t e = (lane >> 1) % 2047, m = rng() & 0xFFFFFFFFFFFFFull;
    v.push_back(oracle::double_of((both_signs ? (lane & 1) << 63 : 0) | e << 52 | m));
  }
  return v;
}

// sin's and cos's: 2^20 stratified doubles of both signs; the doubles
// nearest k pi/2 for k up to 2^14 and nearest 2^j pi/2 for every j up to
// 1023, with four neighbours each side; Kahan and McDonald's hardest
// double for reduction, 6381956970095103 * 2^797, 0x1.37ffffffffa9bp+659,
// the branches' edges (2^-60, 0.78125), 1e22, the largest and the least
// doubles, and EXTRA, each with its neighbours.
inline std::vector<double> trig(uint64_t seed, std::initializer_list<double> extra = {}) {
  std::vector<double> v = stratified(seed, uint64_t{1} << 20, true);
  oracle::Num pi(2000), t(2000);
  mpfr_const_pi(pi.v, MPFR_RNDN);
  for (unsigned long k = 1; k <= (1ul << 14); ++k) {
    mpfr_mul_ui(t.v, pi.v, k, MPFR_RNDN);
    mpfr_div_2ui(t.v, t.v, 1, MPFR_RNDN);
    add_around(v, std::fabs(mpfr_get_d(t.v, MPFR_RNDN)), 4, true);
  }
  for (long j = -30; j <= 1023; ++j) {
    mpfr_mul_2si(t.v, pi.v, j - 1, MPFR_RNDN);
    add_around(v, mpfr_get_d(t.v, MPFR_RNDN), 4, true);
  }
  for (double x : {6381956970095103.0 * 0x1p797, 0x1.37ffffffffa9bp+659, 0x1p-60, 0x1.9p-1, 0x1.fffffffffffffp+1023,
                   1e22, 0x1p-1022, 0x1p-1074})
    add_around(v, x, 4, true);
  for (double x : extra) add_around(v, x, 4, true);
  return v;
}

// log's: 2^20 stratified positive doubles (subnormals included); the
// neighbours of 1 +- 2^-j for j up to 60, and of 1 (64 each side); of the
// edges of log's table intervals (i/256 for i in [181, 363]) scaled by
// powers of two from 2^-1074 to 2^1023; of sqrt(2), where the reduction
// halves t; of the largest and the least doubles.
inline std::vector<double> log(uint64_t seed) {
  std::vector<double> v = stratified(seed, uint64_t{1} << 20, false);
  for (int j = 1; j <= 60; ++j) {
    add_around(v, 1 + std::ldexp(1.0, -j), 2);
    add_around(v, 1 - std::ldexp(1.0, -j), 2);
  }
  add_around(v, 1.0, 64);
  for (int i = 181; i <= 363; ++i)
    for (int s : {-1074, -1060, -1022, -300, -1, 0, 1, 7, 500, 1023})
      if (i < 256 || s < 1023) add_around(v, std::ldexp(i / 256.0, s), 2);
  add_around(v, 0x1.6a09e667f3bcdp+0, 4);
  add_around(v, 0x1.fffffffffffffp+1023, 2);
  add_around(v, 0x1p-1074, 2);
  return v;
}

// FORM's values of XS, in blocks of 256 on two threads, against REAL(x,
// want), MPFR's value at 320 bits: each value it vouches for within BOUND
// of the real one relative, with hi the double nearest hi + lo, and
// REFUSED(x) true of every argument it does not vouch for; into TALLY.
template <class Real, class Refused>
void check_blocks(const char* name, const std::vector<double>& xs, BlockForm form, double bound, Real real,
                  Refused refused, dd_check::Tally& tally) {
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    oracle::Num want(320), got(320), err(320);
    double worst = 0;
    uint64_t n = 0, no = 0, bad = 0;
    constexpr size_t kBlock = 256;
    std::vector<double> in, hi(kBlock), lo(kBlock);
    bool vouched[kBlock];
    for (size_t b0 = begin * kBlock; b0 < xs.size(); b0 += step * kBlock) {
      in.assign(xs.begin() + long(b0), xs.begin() + long(std::min(xs.size(), b0 + kBlock)));
      form(in.data(), in.size(), hi.data(), lo.data(), vouched);
      for (size_t i = 0; i < in.size(); ++i) {
        if (!vouched[i]) {
          ++no;
          EXPECT_TRUE(refused(in[i])) << name << " refused " << std::hexfloat << in[i];
          continue;
        }
        ++n;
        real(in[i], want.v);
        const double rel = dd_check::relative_error(hi[i], lo[i], want.v, got, err);
        EXPECT_EQ(hi[i], hi[i] + lo[i]) << name << std::hexfloat << " at " << in[i];
        if (!(rel <= bound) && ++bad <= 5)
          ADD_FAILURE() << name << std::hexfloat << " at " << in[i] << ": relative error " << rel;
        worst = std::max(worst, rel);
      }
    }
    tally.add(n, no, bad, worst);
  });
}

// A one-point tier as a block form, point by point.
using OnePoint = bool (*)(double x, double* hi, double* lo);
template <OnePoint One>
void point_by_point(const double* x, size_t n, double* hi, double* lo, bool* vouched) {
  for (size_t i = 0; i < n; ++i) vouched[i] = One(x[i], &hi[i], &lo[i]);
}

// Lanes are independent: FORM gives every lane of XS the same vouching,
// and where it vouches the same bits, in one call, in blocks of every
// length up to 300, and from OTHER (the other instruction set's code, or
// the one-point form: point_by_point).
inline void expect_same_lanes(const std::vector<double>& xs, BlockForm form, BlockForm other) {
  const size_t n = xs.size();
  std::vector<double> hi(n), lo(n), hi2(n), lo2(n);
  std::unique_ptr<bool[]> ok(new bool[n]), ok2(new bool[n]);
  form(xs.data(), n, hi.data(), lo.data(), ok.get());
  const auto same = [&](const char* how) {
    for (size_t i = 0; i < n; ++i) {
      ASSERT_EQ(ok[i], ok2[i]) << how << std::hexfloat << " at " << xs[i];
      if (!ok[i]) continue;
      ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(hi2[i])) << how << std::hexfloat << " at " << xs[i];
      ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(lo2[i])) << how << std::hexfloat << " at " << xs[i];
    }
  };
  size_t len = 1;
  for (size_t b = 0; b < n; b += len, len = len % 300 + 1) {
    const size_t m = std::min(len, n - b);
    form(&xs[b], m, &hi2[b], &lo2[b], &ok2[b]);
  }
  same("in blocks");
  other(xs.data(), n, hi2.data(), lo2.data(), ok2.get());
  same("from the other form");
}

}  // namespace tier_arguments
