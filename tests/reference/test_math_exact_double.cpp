// The exact built-ins at double in double arithmetic (reference/math/
// exact_double.hpp) against the binary128 tier they stand in for
// (fast_quad.hpp, itself checked against MPFR): the same bits, zeros'
// signs included, on doubles of every exponent field and both signs,
// integers, halves and their neighbours (pairs of them for nextafter,
// remainder, remquo, fmod (against glibc's fmod, as that tier takes fmod
// from here), fmax, fmin, maxmag, minmag and copysign; ldexp by exponents
// across the range; fdim's zeros and exact differences); frexp's mantissa,
// which that tier lacks, against its definition; and no value where the
// double tier declines (fract's inexact differences, logb of zero,
// infinities, NaN).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "oracle.hpp"
#include "reference/math/exact_double.hpp"
#include "reference/math/fast_quad.hpp"

namespace {

namespace math = clconform::ref::math;
using math::Fn;

std::vector<double> arguments() {
  std::vector<double> out = {0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.5, -2.5, 0x1p-1074, -0x1p-1074,
                             0x1p-1022, -0x1p-1022, 0x1p52, -0x1p52, 0x1p52 + 1, 0x1.fffffffffffffp51, 0x1p53,
                             0x1.fffffffffffffp1023, -0x1.fffffffffffffp1023, 0x1p-53, -0x1p-53, -0x1p-60};
  for (int k = -40; k <= 40; ++k)
    for (double d : {0.0, 0.5}) {
      const double v = k + d;
      out.push_back(v);
      out.push_back(std::nextafter(v, INFINITY));
      out.push_back(std::nextafter(v, -INFINITY));
    }
  std::mt19937_64 rng(0xe7ac7);
  for (int i = 0; i < (1 << 18); ++i) {
    const uint64_t r = rng();
    out.push_back(oracle::double_of((r & (uint64_t(1) << 63)) | ((uint64_t(i) % 2047) << 52) | (rng() & 0xFFFFFFFFFFFFFull)));
  }
  return out;
}

TEST(MathExactDouble, SameBitsAsTheBinary128Tier) {
  const Fn fns[] = {Fn::fabs, Fn::floor, Fn::fract_floor, Fn::ceil, Fn::trunc, Fn::modf_int,
                    Fn::round, Fn::rint, Fn::modf, Fn::logb, Fn::fract};
  for (Fn f : fns) {
    uint64_t compared = 0, declined = 0;
    for (double x : arguments()) {
      const double args[3] = {x, 0.5, 1.0};
      double v;
      __float128 q;
      if (!math::exact_double(f, args, &v)) {
        ++declined;
        // Only where the result is not a double for certain: fract's inexact differences and logb(0).
        if (f == Fn::fract) {
          EXPECT_TRUE(x < 0 && x > -1) << std::hexfloat << x;
        } else {
          EXPECT_TRUE(f == Fn::logb && x == 0) << static_cast<int>(f) << " " << std::hexfloat << x;
        }
        continue;
      }
      ASSERT_TRUE(math::quad_value(f, args, &q)) << static_cast<int>(f) << " " << std::hexfloat << x;
      const double qd = static_cast<double>(q);
      ASSERT_EQ(static_cast<__float128>(qd), q) << "not a double: " << static_cast<int>(f) << " " << std::hexfloat << x;
      ASSERT_EQ(oracle::bits_of(v), oracle::bits_of(qd)) << static_cast<int>(f) << " at " << std::hexfloat << x << ": "
                                                        << v << " against " << qd;
      ++compared;
    }
    EXPECT_GT(compared, uint64_t(1) << 17) << static_cast<int>(f);
    if (f == Fn::fract) {
      EXPECT_GT(declined, 0u);  // the inexact differences exist among the arguments
    }
  }
}

// The two-argument ones, on pairs: the second argument from the same list,
// shifted through the first's list so that equal, neighbouring and far
// apart pairs all occur.
TEST(MathExactDouble, TwoArgumentsSameBitsAsTheBinary128Tier) {
  const std::vector<double> xs = arguments();
  for (Fn f : {Fn::nextafter, Fn::remainder, Fn::remquo, Fn::fmod, Fn::fmax, Fn::fmin, Fn::maxmag, Fn::minmag,
                Fn::copysign}) {
    uint64_t compared = 0;
    for (size_t i = 0; i < xs.size(); ++i)
      for (size_t shift : {size_t(0), size_t(1), size_t(7), xs.size() / 2}) {
        const double args[3] = {xs[i], xs[(i + shift) % xs.size()], 1.0};
        double v;
        __float128 q;
        if (!math::exact_double(f, args, &v)) {
          const bool by_zero = f == Fn::remainder || f == Fn::remquo || f == Fn::fmod;
          EXPECT_TRUE(by_zero && args[1] == 0) << static_cast<int>(f) << " " << std::hexfloat << args[0] << ", "
                                               << args[1];
          continue;
        }
        ASSERT_TRUE(math::quad_value(f, args, &q)) << static_cast<int>(f) << " " << std::hexfloat << args[0] << ", "
                                                  << args[1];
        // The binary128 tier takes fmod from exact_double: against glibc's
        // own fmod instead, an implementation of its own (exact, C99 F.9.7.1).
        const double want = f == Fn::fmod ? std::fmod(args[0], args[1]) : static_cast<double>(q);
        ASSERT_EQ(oracle::bits_of(v), oracle::bits_of(want))
            << static_cast<int>(f) << " at " << std::hexfloat << args[0] << ", " << args[1];
        ++compared;
      }
    EXPECT_GT(compared, uint64_t(1) << 19) << static_cast<int>(f);
    // Zeros of both signs in both orders.
    for (double x : {0.0, -0.0})
      for (double y : {0.0, -0.0}) {
        const double args[3] = {x, y, 1.0};
        double v;
        __float128 q;
        if (!math::exact_double(f, args, &v) || !math::quad_value(f, args, &q)) continue;
        EXPECT_EQ(oracle::bits_of(v), oracle::bits_of(static_cast<double>(q)))
            << static_cast<int>(f) << " at " << x << ", " << y;
      }
  }
}

// ldexp: the binary128 tier's bits wherever the double result is normal
// or an exact zero; declined exactly where it is subnormal or beyond.
TEST(MathExactDouble, LdexpSameBitsWhereNoSubnormalRounds) {
  uint64_t compared = 0, declined = 0;
  for (double x : arguments())
    for (double n : {-3000.0, -2000.0, -1074.0, -1022.0, -60.0, -1.0, 0.0, 1.0, 60.0, 1023.0, 2000.0}) {
      const double args[3] = {x, n, 1.0};
      double v;
      __float128 q;
      ASSERT_TRUE(math::quad_value(Fn::ldexp, args, &q));
      const __float128 m = q < 0 ? -q : q;
      if (!math::exact_double(Fn::ldexp, args, &v)) {
        EXPECT_TRUE(x != 0 && (m < 0x1p-1022Q || m > 0x1.fffffffffffffp1023Q)) << std::hexfloat << x << " " << n;
        ++declined;
        continue;
      }
      ASSERT_EQ(oracle::bits_of(v), oracle::bits_of(static_cast<double>(q))) << std::hexfloat << x << " " << n;
      ++compared;
    }
  EXPECT_GT(compared, uint64_t(1) << 20);
  EXPECT_GT(declined, uint64_t(1) << 18);
}

// fdim: +0 where x <= y (the binary128 tier has no value there: MPFR's
// +0), the binary128 tier's bits where x - y is exact, declined only where
// the exact difference (MPFR) is no double.
TEST(MathExactDouble, FdimZeroOrExactDifference) {
  const std::vector<double> xs = arguments();
  uint64_t zeros = 0, differences = 0, declined = 0;
  oracle::Num a(53), diff(2200);  // a difference of doubles is exact at 2200 bits
  for (size_t i = 0; i < xs.size(); ++i)
    for (size_t shift : {size_t(0), size_t(1), size_t(3), xs.size() / 2}) {
      const double args[3] = {xs[i], xs[(i + shift) % xs.size()], 1.0};
      double v;
      const bool exact = math::exact_double(Fn::fdim, args, &v);
      if (!(args[0] > args[1])) {
        ASSERT_TRUE(exact);
        ASSERT_EQ(oracle::bits_of(v), oracle::bits_of(0.0)) << std::hexfloat << args[0] << ", " << args[1];
        ++zeros;
        continue;
      }
      __float128 q;
      ASSERT_TRUE(math::quad_value(Fn::fdim, args, &q));
      if (!exact) {
        // MPFR's exact difference is no double.
        mpfr_set_d(a.v, args[0], MPFR_RNDN);
        mpfr_sub_d(diff.v, a.v, args[1], MPFR_RNDN);
        EXPECT_NE(mpfr_cmp_d(diff.v, mpfr_get_d(diff.v, MPFR_RNDN)), 0) << std::hexfloat << args[0] << ", " << args[1];
        ++declined;
        continue;
      }
      ASSERT_EQ(oracle::bits_of(v), oracle::bits_of(static_cast<double>(q))) << std::hexfloat << args[0] << ", "
                                                                            << args[1];
      ++differences;
    }
  EXPECT_GT(zeros, uint64_t(1) << 18);
  EXPECT_GT(differences, uint64_t(1) << 16);
  EXPECT_GT(declined, uint64_t(1) << 16);
}

// fract in (-1, 0), where its double rounds: the pair equals the binary128
// tier's value exactly (1 + x, or the cap), and hi is that value rounded.
TEST(MathExactDouble, FractPairIsTheExactValueWhereTheDoubleRounds) {
  uint64_t pairs = 0, capped = 0;
  for (double x : arguments()) {
    double hi, lo;
    if (!math::exact_fract_pair(x, &hi, &lo)) {
      EXPECT_FALSE(x > -1 && x < 0) << std::hexfloat << x;
      continue;
    }
    const double args[3] = {x, 0.5, 1.0};
    __float128 q;
    ASSERT_TRUE(math::quad_value(Fn::fract, args, &q));
    ASSERT_EQ(static_cast<__float128>(hi) + static_cast<__float128>(lo), q) << std::hexfloat << x;
    ASSERT_EQ(hi, static_cast<double>(q)) << std::hexfloat << x;
    ++pairs;
    capped += hi == 0x1.fffffffffffffp-1;
  }
  EXPECT_GT(pairs, uint64_t(1) << 15);
  EXPECT_GT(capped, 0u);
}

TEST(MathExactDouble, FrexpMantissaIsInHalfToOneAndExact) {
  for (double x : arguments()) {
    const double args[3] = {x, 0.5, 1.0};
    double m;
    ASSERT_TRUE(math::exact_double(Fn::frexp_mantissa, args, &m));
    if (x == 0) {
      EXPECT_EQ(oracle::bits_of(m), oracle::bits_of(x));
      continue;
    }
    EXPECT_GE(std::fabs(m), 0.5) << std::hexfloat << x;
    EXPECT_LT(std::fabs(m), 1.0) << std::hexfloat << x;
    EXPECT_EQ(std::signbit(m), std::signbit(x));
    // m 2^e = x for the e that puts |m| in [1/2, 1): ilogb(x) + 1.
    EXPECT_EQ(std::ldexp(m, std::ilogb(x) + 1), x) << std::hexfloat << x;
  }
}

TEST(MathExactDouble, DeclinesNonFiniteArguments) {
  for (Fn f : {Fn::fabs, Fn::floor, Fn::round, Fn::modf, Fn::fract, Fn::frexp_mantissa, Fn::logb}) {
    for (double x : {INFINITY, -INFINITY, NAN}) {
      const double args[3] = {x, 0.5, 1.0};
      double v;
      EXPECT_FALSE(math::exact_double(f, args, &v)) << static_cast<int>(f) << " " << x;
    }
  }
  // And every function that is not exact.
  const double args[3] = {0.5, 0.5, 1.0};
  double v;
  for (Fn f : {Fn::sin, Fn::exp, Fn::lgamma, Fn::add, Fn::fma, Fn::mad, Fn::pow})
    EXPECT_FALSE(math::exact_double(f, args, &v));
  // Two-argument ones with an argument not finite.
  for (Fn f : {Fn::fmax, Fn::maxmag, Fn::copysign, Fn::fmod, Fn::fdim}) {
    const double inf_y[3] = {0.5, INFINITY, 1.0};
    EXPECT_FALSE(math::exact_double(f, inf_y, &v)) << static_cast<int>(f);
  }
}

}  // namespace
