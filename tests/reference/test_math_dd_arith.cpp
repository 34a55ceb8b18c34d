// The double-double tier of the correctly rounded operations
// (reference/math/dd_arith.hpp): every value hi + lo of +, -, *, /, sqrt and rsqrt
// and recip, hypot (and fma's a b + c) stays within kDdArithRelError * |hi + lo| of the exact result, which MPFR
// computes here at 2200 bits (a sum or a product exactly, a quotient or a
// square root within 2^-2199 of itself). Inputs: 2^20 pairs stratified by
// sign and exponent as the suite's full mode draws them (the second
// operand's exponent near the first's half of the time), pairs of
// neighbours of 1 and of powers of two (cancellation, exact quotients and
// roots, the largest remainders), and each operation's range edges, where
// the tier must refuse rather than lose its bound. recip is 1 / x over
// the first of each pair; hypot takes both.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <utility>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "reference/math/dd_arith.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

constexpr mpfr_prec_t kPrec = 2200;  // a sum of doubles 2^2000 apart is exact at this width

std::vector<std::pair<double, double>> pairs() {
  std::vector<std::pair<double, double>> v;
  std::mt19937_64 rng(0xa417);
  const uint64_t mant = 0xFFFFFFFFFFFFFull;
  for (uint64_t lane = 0; lane < (uint64_t{1} << 20); ++lane) {
    const uint64_t e = (lane >> 1) % 2047, r = rng();
    const uint64_t f = (r & 2) ? uint64_t(std::clamp<int64_t>(int64_t(e) + int64_t((r >> 8) % 121) - 60, 0, 2046))
                               : (r >> 16) % 2047;
    v.emplace_back(oracle::double_of((lane & 1) << 63 | e << 52 | (rng() & mant)),
                   oracle::double_of((r & 1) << 63 | f << 52 | (rng() & mant)));
  }
  for (int s : {-899, -600, -1, 0, 1, 52, 53, 999}) {
    const double p = std::ldexp(1.0, s);
    for (int i = -3; i <= 3; ++i)
      for (int j = -3; j <= 3; ++j) {
        const double a = oracle::double_of(oracle::bits_of(p) + uint64_t(int64_t(i)));
        const double b = oracle::double_of(oracle::bits_of(1.0) + uint64_t(int64_t(j)));
        v.emplace_back(a, b);
        v.emplace_back(a, -a * b);
        v.emplace_back(a, a);
      }
  }
  for (double a : {0x1p-900, 0x1.fffffffffffffp-901, 0x1p1000, 0x1.0000000000001p+1000, 0.0, double(INFINITY), double(NAN),
                   0x1p-968, 0x1.fffffffffffffp-969, 0x1p-1022, 0x0.fffffffffffffp-1022, 0x1p968,
                   0x1.0000000000001p+968, 0x1.fffffffffffffp+1023})
    for (double b : {1.0, 0x1p-100, 0x1p100, 3.0})
      v.emplace_back(a, b), v.emplace_back(b, a), v.emplace_back(-a, b);
  return v;
}

TEST(MathDdArith, WithinItsBoundOfMpfr) {
  const auto xy = pairs();
  constexpr int kOps = 8;
  const char* names[kOps] = {"add", "sub", "mul", "divide", "sqrt", "rsqrt", "recip", "hypot"};
  dd_check::Tally tally[kOps];
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    Num a(53), b(53), want(kPrec), got(kPrec), err(kPrec);
    uint64_t n[kOps] = {}, no[kOps] = {}, bad[kOps] = {};
    double worst[kOps] = {};
    for (size_t i = begin; i < xy.size(); i += step) {
      const double x = xy[i].first, y = xy[i].second;
      mpfr_set_d(a.v, x, MPFR_RNDN);
      mpfr_set_d(b.v, y, MPFR_RNDN);
      for (int op = 0; op < kOps; ++op) {
        double hi = 0, lo = 0;
        bool ok = false;
        switch (op) {
          case 0: ok = math::dd_add(x, y, &hi, &lo); if (ok) mpfr_add(want.v, a.v, b.v, MPFR_RNDN); break;
          case 1: ok = math::dd_sub(x, y, &hi, &lo); if (ok) mpfr_sub(want.v, a.v, b.v, MPFR_RNDN); break;
          case 2: ok = math::dd_mul(x, y, &hi, &lo); if (ok) mpfr_mul(want.v, a.v, b.v, MPFR_RNDN); break;
          case 3: ok = math::dd_divide(x, y, &hi, &lo); if (ok) mpfr_div(want.v, a.v, b.v, MPFR_RNDN); break;
          case 4:  // sqrt of |x|
            ok = math::dd_sqrt(std::fabs(x), &hi, &lo);
            if (ok) mpfr_abs(want.v, a.v, MPFR_RNDN), mpfr_sqrt(want.v, want.v, MPFR_RNDN);
            break;
          case 5:  // rsqrt of |x|
            ok = math::dd_rsqrt(std::fabs(x), &hi, &lo);
            if (ok) mpfr_abs(want.v, a.v, MPFR_RNDN), mpfr_rec_sqrt(want.v, want.v, MPFR_RNDN);
            break;
          case 6:  // recip of x
            ok = math::dd_recip(x, &hi, &lo);
            if (ok) mpfr_ui_div(want.v, 1, a.v, MPFR_RNDN);
            break;
          default:
            ok = math::dd_hypot(x, y, &hi, &lo);
            if (ok) mpfr_hypot(want.v, a.v, b.v, MPFR_RNDN);
            break;
        }
        if (!ok) {
          ++no[op];
          continue;
        }
        ++n[op];
        // hi is the CPU's correctly rounded result, and the pair is the exact one to the bound.
        const double rel = dd_check::relative_error(hi, lo, want.v, got, err);
        if (!(rel <= math::kDdArithRelError) && ++bad[op] <= 5)
          ADD_FAILURE() << names[op] << std::hexfloat << " at (" << x << ", " << y << "): relative error " << rel;
        if (rel > worst[op]) worst[op] = rel;
      }
    }
    for (int op = 0; op < kOps; ++op) tally[op].add(n[op], no[op], bad[op], worst[op]);
  });
  for (int op = 0; op < kOps; ++op) {
    std::printf("  %-6s %llu values, %llu refused, worst relative error 2^%.2f (bound 2^%.0f)\n", names[op],
                (unsigned long long)tally[op].checked(), (unsigned long long)tally[op].refused(),
                std::log2(tally[op].worst()), std::log2(math::kDdArithRelError));
    EXPECT_EQ(tally[op].over(), 0u) << names[op];
    EXPECT_GT(tally[op].checked(), 400000u) << names[op];
  }
}

// fma: a b + c on the pairs above with an addend of four kinds: drawn near
// the product's magnitude (either sign: the sums that round), far below or
// above it (rounding too), the product's negation scaled by 2^-3 to 2^3,
// and its rounding's negation moved by 0 to 2^48 ulps (cancellation: exact
// sums, the error then only the product's; zero sums refused). MPFR's fma
// at 2200 bits is exact.
TEST(MathDdArith, FmaWithinItsBoundOfMpfr) {
  const auto xy = pairs();
  dd_check::Tally tally;
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    Num a(53), b(53), c(53), want(kPrec), got(kPrec), err(kPrec);
    std::mt19937_64 rng(0xf3a + begin);
    uint64_t n = 0, no = 0, bad = 0, cancelling = 0;
    double worst = 0;
    for (size_t i = begin; i < xy.size(); i += step) {
      const double x = xy[i].first, y = xy[i].second, p = x * y;
      double z;
      const uint64_t r = rng();
      switch (r % 4) {
        case 0: z = std::ldexp(double(int64_t(rng() >> 11) - (int64_t(1) << 52)) * 0x1p-52, std::ilogb(p)); break;
        case 1: z = std::ldexp(p, int((r >> 8) % 200) - 100); break;
        case 2: z = std::ldexp(-p, int((r >> 8) % 7) - 3); break;
        default: z = oracle::double_of(oracle::bits_of(-p) + ((r >> 8) % 2 ? (rng() >> 16) : 0)); break;
      }
      double hi = 0, lo = 0;
      if (!math::dd_fma(x, y, z, &hi, &lo)) {
        ++no;
        continue;
      }
      ++n;
      cancelling += r % 4 == 3;
      mpfr_set_d(a.v, x, MPFR_RNDN);
      mpfr_set_d(b.v, y, MPFR_RNDN);
      mpfr_set_d(c.v, z, MPFR_RNDN);
      mpfr_fma(want.v, a.v, b.v, c.v, MPFR_RNDN);
      const double rel = dd_check::relative_error(hi, lo, want.v, got, err);
      if (!(rel <= math::kDdArithRelError) && ++bad <= 5)
        ADD_FAILURE() << "fma" << std::hexfloat << " at (" << x << ", " << y << ", " << z
                      << "): relative error " << rel;
      if (rel > worst) worst = rel;
    }
    EXPECT_GT(cancelling, 1000u);  // cancelling sums the tier vouches for are among the checked
    tally.add(n, no, bad, worst);
  });
  std::printf("  fma    %llu values, %llu refused, worst relative error 2^%.2f (bound 2^%.0f)\n",
              (unsigned long long)tally.checked(), (unsigned long long)tally.refused(), std::log2(tally.worst()),
              std::log2(math::kDdArithRelError));
  EXPECT_EQ(tally.over(), 0u);
  EXPECT_GT(tally.checked(), 400000u);
  double hi, lo;
  EXPECT_FALSE(math::dd_fma(3.0, 5.0, -15.0, &hi, &lo));  // cancels to zero
  // The product's rounding (1) and the addend cancel; the real result is
  // the product's error, -2^-104: the binary128 tier's.
  EXPECT_FALSE(math::dd_fma(1.0 + 0x1p-52, 1.0 - 0x1p-52, -1.0, &hi, &lo));
  EXPECT_FALSE(math::dd_fma(2.0, 3.0, 0.0, &hi, &lo));  // a zero addend is the other tiers'
  ASSERT_TRUE(math::dd_fma(1.0 + 0x1p-30, 1.0 + 0x1p-30, 1.0, &hi, &lo));
  EXPECT_EQ(hi, 2.0 + 0x1p-29);
  EXPECT_EQ(lo, 0x1p-60);
}

// The range edges: operands and results from 2^-900 to 2^1000 in
// magnitude are taken, anything beyond (or zero, infinite, NaN, a negative
// square root) refused; sqrt from 2^-968 to the largest double, recip from
// 2^-1022 to 2^968 in magnitude.
TEST(MathDdArith, RefusesOutsideItsRange) {
  double hi, lo;
  EXPECT_TRUE(math::dd_mul(0x1p-450, 0x1p-450, &hi, &lo));
  EXPECT_FALSE(math::dd_mul(0x1p-450, 0x1.fffffffffffffp-451, &hi, &lo));  // product below 2^-900
  EXPECT_TRUE(math::dd_divide(0x1p-899, 2.0, &hi, &lo));
  EXPECT_FALSE(math::dd_divide(0x1p-900, 2.0, &hi, &lo));  // quotient below 2^-900
  EXPECT_FALSE(math::dd_divide(0x1p1000, 0x1p-1, &hi, &lo));  // quotient above 2^1000
  EXPECT_FALSE(math::dd_divide(1.0, 0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_add(1.0, -1.0, &hi, &lo));  // the sum cancels to zero
  EXPECT_FALSE(math::dd_add(1.0, NAN, &hi, &lo));
  EXPECT_FALSE(math::dd_sqrt(-4.0, &hi, &lo));
  EXPECT_TRUE(math::dd_sqrt(0x1p-968, &hi, &lo));
  EXPECT_FALSE(math::dd_sqrt(0x1.fffffffffffffp-969, &hi, &lo));  // the remainder might underflow
  EXPECT_TRUE(math::dd_sqrt(0x1.fffffffffffffp+1023, &hi, &lo));
  EXPECT_FALSE(math::dd_sqrt(INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_sqrt(0.0, &hi, &lo));
  EXPECT_TRUE(math::dd_recip(-0x1p-1022, &hi, &lo));
  EXPECT_FALSE(math::dd_recip(0x0.fffffffffffffp-1022, &hi, &lo));  // subnormal
  EXPECT_TRUE(math::dd_recip(0x1p968, &hi, &lo));
  EXPECT_FALSE(math::dd_recip(0x1.0000000000001p+968, &hi, &lo));  // the quotient's remainder term might be subnormal
  EXPECT_FALSE(math::dd_recip(0.0, &hi, &lo));
  EXPECT_TRUE(math::dd_hypot(0x1p-968, 0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_hypot(0x1.fffffffffffffp-969, 0x1p-1000, &hi, &lo));
  EXPECT_TRUE(math::dd_hypot(-0x1.fffffffffffffp+1021, 0x1.fffffffffffffp+1021, &hi, &lo));
  EXPECT_FALSE(math::dd_hypot(3.0, 0x1p1022, &hi, &lo));
  EXPECT_FALSE(math::dd_hypot(INFINITY, 1.0, &hi, &lo));
  EXPECT_FALSE(math::dd_hypot(NAN, 1.0, &hi, &lo));
  ASSERT_TRUE(math::dd_hypot(3.0, -4.0, &hi, &lo));
  EXPECT_EQ(hi, 5.0);
  EXPECT_EQ(lo, 0.0);
  ASSERT_TRUE(math::dd_sqrt(2.0, &hi, &lo));
  EXPECT_EQ(hi, std::sqrt(2.0));
  EXPECT_NE(lo, 0.0);
  ASSERT_TRUE(math::dd_divide(1.0, 3.0, &hi, &lo));
  EXPECT_EQ(hi, 1.0 / 3.0);
  EXPECT_NE(lo, 0.0);
}

}  // namespace
