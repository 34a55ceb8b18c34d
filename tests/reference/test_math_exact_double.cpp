// The exact built-ins at double in double arithmetic (reference/math/
// exact_double.hpp) against the binary128 tier they stand in for
// (fast_quad.hpp, itself checked against MPFR): the same bits, zeros'
// signs included, on doubles of every exponent field and both signs,
// integers, halves and their neighbours (pairs of them for nextafter,
// remainder and remquo); frexp's mantissa, which that tier
// lacks, against its definition; and no value where the double tier
// declines (fract's inexact differences, logb of zero, infinities, NaN).
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
  for (Fn f : {Fn::nextafter, Fn::remainder, Fn::remquo}) {
    uint64_t compared = 0;
    for (size_t i = 0; i < xs.size(); ++i)
      for (size_t shift : {size_t(0), size_t(1), size_t(7), xs.size() / 2}) {
        const double args[3] = {xs[i], xs[(i + shift) % xs.size()], 1.0};
        double v;
        __float128 q;
        if (!math::exact_double(f, args, &v)) {
          EXPECT_TRUE(f != Fn::nextafter && args[1] == 0) << static_cast<int>(f) << " " << std::hexfloat << args[0]
                                                           << ", " << args[1];
          continue;
        }
        ASSERT_TRUE(math::quad_value(f, args, &q)) << static_cast<int>(f) << " " << std::hexfloat << args[0] << ", "
                                                  << args[1];
        ASSERT_EQ(oracle::bits_of(v), oracle::bits_of(static_cast<double>(q)))
            << static_cast<int>(f) << " at " << std::hexfloat << args[0] << ", " << args[1];
        ++compared;
      }
    EXPECT_GT(compared, uint64_t(1) << 19) << static_cast<int>(f);
  }
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
  for (Fn f : {Fn::sin, Fn::exp, Fn::lgamma, Fn::add, Fn::fmod, Fn::ldexp}) EXPECT_FALSE(math::exact_double(f, args, &v));
}

}  // namespace
