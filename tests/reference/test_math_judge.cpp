// reference/math, the MPFR tier: verdicts on points whose real results are
// worked out by hand (exact values, ties, overflow, flush to zero), the
// function list, and the integer results. The equivalence of the fast tier
// with these verdicts is test_math_equivalence.cpp's job.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/integer_values.hpp"
#include "reference/math/judge.hpp"
#include "reference/math/mpfr_verdict.hpp"

namespace {

namespace math = clconform::ref::math;
using math::Bound;
using math::Denormals;
using math::Judge;
using oracle::bits_of;

constexpr float kInfF = std::numeric_limits<float>::infinity();
const Bound kCorrect{Bound::Kind::CorrectlyRounded, 0};
Bound ulps(double v) { return {Bound::Kind::Ulps, v}; }

// Verdict of FUNCTION at (x, y, z) on float GOT.
math::Verdict verdict(const std::string& function, Denormals d, float got, const Bound& b, double x,
                      double y = 0, double z = 0) {
  const Judge judge(function, d);
  const double args[3] = {x, y, z};
  return judge.judge(judge.prepare(args), bits_of(got), b);
}
bool passes(const std::string& function, Denormals d, float got, const Bound& b, double x, double y = 0,
            double z = 0) {
  return verdict(function, d, got, b, x, y, z).pass;
}

float next_up(float x, int steps = 1) {
  for (int i = 0; i < steps; ++i) x = std::nextafter(x, kInfF);
  return x;
}

TEST(MathFunctions, EveryBuiltInOfTheIssueIsListed) {
  const char* names[] = {
      "acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atan2", "atanh", "atanpi",
      "atan2pi", "cbrt", "ceil", "copysign", "cos", "cosh", "cospi", "erfc", "erf", "exp", "exp2",
      "exp10", "expm1", "fabs", "fdim", "floor", "fma", "fmax", "fmin", "fmod", "fract", "fract.floor",
      "frexp.mantissa", "frexp.exponent", "hypot", "ilogb", "ldexp", "lgamma", "lgamma_r",
      "lgamma_r.sign", "log", "log2", "log10", "log1p", "logb", "mad", "maxmag", "minmag", "modf",
      "modf.int", "nextafter", "pow", "pown", "powr", "remainder", "remquo", "remquo.quo", "rint",
      "rootn", "round", "rsqrt", "sin", "sincos.sin", "sincos.cos", "sinh", "sinpi", "sqrt", "tan",
      "tanh", "tanpi", "tgamma", "trunc", "add", "sub", "mul", "divide", "recip"};
  for (const char* name : names) {
    const math::FunctionInfo* info = math::find_function(name);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_EQ(info->name, name);
    EXPECT_FALSE(info->args.empty()) << name;
  }
  EXPECT_EQ(math::functions().size(), sizeof names / sizeof names[0]);
  EXPECT_EQ(math::find_function("sine"), nullptr);
  EXPECT_THROW(Judge("sine", Denormals::Kept), std::invalid_argument);
  EXPECT_THROW(Judge("ilogb", Denormals::Kept), std::invalid_argument);
  EXPECT_EQ(math::find_function("ldexp")->args[1], math::ArgKind::Int);
}

TEST(MathJudge, SineWithinAndBeyondItsBound) {
  // sin(1) = 0.8414709848078965...; the float nearest is 0x1.aed548p-1
  // (MPFR checks the rest below).
  const float cr = 0x1.aed548p-1f;
  EXPECT_TRUE(passes("sin", Denormals::Kept, cr, kCorrect, 1.0));
  const math::Verdict v = verdict("sin", Denormals::Kept, next_up(cr, 3), ulps(4), 1.0);
  EXPECT_TRUE(v.pass);
  EXPECT_GT(v.ulp, 2.5);
  EXPECT_LT(v.ulp, 3.5);
  EXPECT_FALSE(passes("sin", Denormals::Kept, next_up(cr, 5), ulps(4), 1.0));
  EXPECT_FALSE(passes("sin", Denormals::Kept, next_up(cr, 1), kCorrect, 1.0));
  // A known-wrong result fails, with its error.
  const math::Verdict wrong = verdict("sin", Denormals::Kept, 0.5f, ulps(4), 1.0);
  EXPECT_FALSE(wrong.pass);
  EXPECT_GT(wrong.ulp, 1e6);
}

TEST(MathJudge, NanAndInfinityRules) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(passes("sin", Denormals::Kept, nan, ulps(4), INFINITY));       // sin(inf) is NaN
  EXPECT_FALSE(passes("sin", Denormals::Kept, 0.0f, ulps(4), INFINITY));
  EXPECT_FALSE(passes("sin", Denormals::Kept, nan, ulps(4), 1.0));
  EXPECT_TRUE(passes("log", Denormals::Kept, -kInfF, ulps(3), 0.0));         // pole
  EXPECT_FALSE(passes("log", Denormals::Kept, kInfF, ulps(3), 0.0));
  EXPECT_TRUE(passes("log", Denormals::Kept, nan, ulps(3), -1.0));
  // exp(89) = 4.4e38 overflows: infinity is right, the largest float is not.
  EXPECT_TRUE(passes("exp", Denormals::Kept, kInfF, ulps(3), 89.0));
  EXPECT_FALSE(passes("exp", Denormals::Kept, 0x1.fffffep127f, ulps(3), 89.0));
  // exp(-200) is far below the smallest subnormal: +0 is within any bound.
  EXPECT_TRUE(passes("exp", Denormals::Kept, 0.0f, ulps(3), -200.0));
  EXPECT_FALSE(passes("exp", Denormals::Kept, 0x1p-149f, ulps(0.5), -200.0));
  // pow vs powr vs pown at their special values (spec 7.5.1, C99 F.9.4.4).
  EXPECT_TRUE(passes("pow", Denormals::Kept, 1.0f, ulps(16), 1.0, NAN));
  EXPECT_TRUE(passes("powr", Denormals::Kept, nan, ulps(16), 1.0, INFINITY));
  EXPECT_TRUE(passes("pow", Denormals::Kept, 1.0f, ulps(16), 1.0, INFINITY));
  EXPECT_TRUE(passes("pow", Denormals::Kept, nan, ulps(16), -8.0, 1.0 / 3.0));
  EXPECT_TRUE(passes("powr", Denormals::Kept, nan, ulps(16), -8.0, 3.0));
  EXPECT_TRUE(passes("pow", Denormals::Kept, -512.0f, ulps(16), -8.0, 3.0));
  EXPECT_TRUE(passes("pown", Denormals::Kept, 1.0f, ulps(16), NAN, 0));
  EXPECT_TRUE(passes("pown", Denormals::Kept, -kInfF, ulps(16), -0.0, -3));
  EXPECT_TRUE(passes("powr", Denormals::Kept, kInfF, ulps(16), -0.0, -3));
  EXPECT_TRUE(passes("powr", Denormals::Kept, nan, ulps(16), 0.0, 0.0));
  EXPECT_TRUE(passes("rootn", Denormals::Kept, -2.0f, ulps(16), -8.0, 3));
  EXPECT_TRUE(passes("rootn", Denormals::Kept, nan, ulps(16), -8.0, 2));
  EXPECT_TRUE(passes("rootn", Denormals::Kept, nan, ulps(16), 8.0, 0));
  // tanpi(n + 0.5): +inf for even n, -inf for odd n (spec 7.5.1).
  EXPECT_TRUE(passes("tanpi", Denormals::Kept, kInfF, ulps(6), 0.5));
  EXPECT_TRUE(passes("tanpi", Denormals::Kept, -kInfF, ulps(6), 1.5));
  // rsqrt(-0): the spec prescribes neither infinity; both are accepted.
  EXPECT_TRUE(passes("rsqrt", Denormals::Kept, kInfF, ulps(2), -0.0));
  EXPECT_TRUE(passes("rsqrt", Denormals::Kept, -kInfF, ulps(2), -0.0));
  EXPECT_FALSE(passes("rsqrt", Denormals::Kept, -kInfF, ulps(2), 0.0));
}

TEST(MathJudge, TiesAreDecidedExactly) {
  // 1 + 2^-24 is halfway between 1 and 1 + 2^-23: correct rounding is the
  // even one, 1; half an ulp accepts both.
  EXPECT_TRUE(passes("add", Denormals::Kept, 1.0f, kCorrect, 1.0, 0x1p-24));
  EXPECT_FALSE(passes("add", Denormals::Kept, next_up(1.0f), kCorrect, 1.0, 0x1p-24));
  EXPECT_TRUE(passes("add", Denormals::Kept, next_up(1.0f), ulps(0.5), 1.0, 0x1p-24));
  EXPECT_FALSE(passes("add", Denormals::Kept, next_up(1.0f, 2), ulps(0.5), 1.0, 0x1p-24));
  EXPECT_TRUE(passes("sqrt", Denormals::Kept, 1.0f, kCorrect, 1.0));
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: a tie, to the even 1 + 2^-11.
  EXPECT_TRUE(passes("mul", Denormals::Kept, 1.0f + 0x1p-11f, kCorrect, 1.0 + 0x1p-12, 1.0 + 0x1p-12));
  EXPECT_FALSE(passes("mul", Denormals::Kept, 1.0f + 0x1p-11f + 0x1p-23f, kCorrect, 1.0 + 0x1p-12, 1.0 + 0x1p-12));
  // fma keeps the exact product: (1 + 2^-23)(1 + 2^-22) - 1 is
  // 3 * 2^-23 + 2^-45, a float; rounding the product first loses 2^-45.
  const double e = 0x1p-23;
  EXPECT_TRUE(passes("fma", Denormals::Kept, 3 * 0x1p-23f + 0x1p-45f, kCorrect, 1 + e, 1 + 2 * e, -1.0));
  EXPECT_FALSE(passes("fma", Denormals::Kept, 3 * 0x1p-23f, kCorrect, 1 + e, 1 + 2 * e, -1.0));
}

TEST(MathJudge, MadAcceptsTheFusedAndTheUnfusedReading) {
  // As above: fused 3 * 2^-23 + 2^-45, unfused 3 * 2^-23 (spec 7.4, mad).
  const double e = 0x1p-23;
  const float fused = 3 * 0x1p-23f + 0x1p-45f, unfused = 3 * 0x1p-23f;
  EXPECT_TRUE(passes("mad", Denormals::Kept, fused, kCorrect, 1 + e, 1 + 2 * e, -1.0));
  EXPECT_TRUE(passes("mad", Denormals::Kept, unfused, kCorrect, 1 + e, 1 + 2 * e, -1.0));
  EXPECT_FALSE(passes("mad", Denormals::Kept, next_up(fused), kCorrect, 1 + e, 1 + 2 * e, -1.0));
  EXPECT_FALSE(passes("mad", Denormals::Kept, std::nextafter(unfused, 0.0f), kCorrect, 1 + e, 1 + 2 * e, -1.0));
}

TEST(MathJudge, AbsoluteBoundsOnTheRealValue) {
  // sin(pi/2 rounded to float) is 1 - 1.9e-15: a result of 1 - 2^-11 is
  // 2^-11 - 1.9e-15 away, within 2^-11; 1 - 2^-10 is not.
  const Bound b{Bound::Kind::Absolute, 0x1p-11};
  const double x = static_cast<float>(M_PI / 2);
  EXPECT_TRUE(passes("sin", Denormals::Kept, 1.0f - 0x1p-11f, b, x));
  EXPECT_FALSE(passes("sin", Denormals::Kept, 1.0f - 0x1p-10f, b, x));
  // Exactly at the bound: sqrt(4) = 2, a result of 2 + 2^-11 is exactly 2^-11 away.
  EXPECT_TRUE(passes("sqrt", Denormals::Kept, 2.0f + 0x1p-11f, b, 4.0));
  EXPECT_FALSE(passes("sqrt", Denormals::Kept, 2.0f + 0x1p-11f + 0x1p-22f, b, 4.0));
  const math::Verdict v = verdict("sqrt", Denormals::Kept, 2.0f + 0x1p-11f, b, 4.0);
  EXPECT_EQ(v.absolute, 0x1p-11);
}

TEST(MathJudge, ExactFunctionsAreJudgedExactly) {
  EXPECT_TRUE(passes("floor", Denormals::Kept, -2.0f, ulps(0), -1.5));
  EXPECT_FALSE(passes("floor", Denormals::Kept, -1.0f, ulps(0), -1.5));
  EXPECT_TRUE(passes("fract", Denormals::Kept, 0x1.fffffep-1f, kCorrect, -0x1p-149));  // capped
  EXPECT_TRUE(passes("fract.floor", Denormals::Kept, -1.0f, ulps(0), -0x1p-149));
  EXPECT_TRUE(passes("frexp.mantissa", Denormals::Kept, 0.75f, ulps(0), 6.0));
  EXPECT_TRUE(passes("modf", Denormals::Kept, -0.25f, ulps(0), -3.25));
  EXPECT_TRUE(passes("modf.int", Denormals::Kept, -3.0f, ulps(0), -3.25));
  EXPECT_TRUE(passes("modf", Denormals::Kept, 0.0f, ulps(0), INFINITY));
  EXPECT_TRUE(passes("rint", Denormals::Kept, 2.0f, ulps(0), 2.5));
  EXPECT_TRUE(passes("round", Denormals::Kept, 3.0f, ulps(0), 2.5));
  EXPECT_TRUE(passes("maxmag", Denormals::Kept, -3.0f, ulps(0), 2.0, -3.0));
  EXPECT_TRUE(passes("minmag", Denormals::Kept, 2.0f, ulps(0), 2.0, -3.0));
  EXPECT_TRUE(passes("fmin", Denormals::Kept, 2.0f, ulps(0), 2.0, NAN));
  EXPECT_TRUE(passes("nextafter", Denormals::Kept, 0x1p-149f, ulps(0), 0.0, 1.0));
  EXPECT_TRUE(passes("logb", Denormals::Kept, -149.0f, ulps(0), 0x1p-149));
  EXPECT_TRUE(passes("remquo", Denormals::Kept, -1.0f, ulps(0), 7.0, 2.0));  // 7 - 4*2
  // ldexp rounds a subnormal result: 1.5 * 2^-149 is a tie, to even 2^-148.
  EXPECT_TRUE(passes("ldexp", Denormals::Kept, 0x1p-148f, kCorrect, 1.5, -149));
  EXPECT_FALSE(passes("ldexp", Denormals::Kept, 0x1p-149f, kCorrect, 1.5, -149));
}

TEST(MathJudge, FlushToZeroAcceptsExactlyTheFourKindsOfResult) {
  const float sub = 0x1p-140f;  // a subnormal argument
  // 1: a conforming result. 3: sin(+-0) = +-0 for a flushed argument.
  EXPECT_TRUE(passes("sin", Denormals::MayFlush, sub, ulps(4), sub));
  EXPECT_TRUE(passes("sin", Denormals::MayFlush, 0.0f, ulps(4), sub));
  EXPECT_TRUE(passes("sin", Denormals::MayFlush, -0.0f, ulps(4), sub));
  EXPECT_FALSE(passes("sin", Denormals::Kept, 0.0f, ulps(4), sub));
  EXPECT_FALSE(passes("sin", Denormals::MayFlush, 0x1p-130f, ulps(4), sub));
  // 2: a result subnormal before rounding may be a zero of either sign.
  EXPECT_TRUE(passes("mul", Denormals::MayFlush, -0.0f, kCorrect, 0x1p-126, 0.5));
  EXPECT_FALSE(passes("mul", Denormals::Kept, 0.0f, kCorrect, 0x1p-126, 0.5));
  EXPECT_TRUE(passes("exp", Denormals::MayFlush, 0.0f, ulps(3), -100.0));  // 3.7e-44
  EXPECT_FALSE(passes("exp", Denormals::Kept, 0.0f, ulps(3), -100.0));
  // ... but not a normal one.
  EXPECT_FALSE(passes("mul", Denormals::MayFlush, 0.0f, kCorrect, 0x1p-125, 1.0));
  // 3: x / y for a flushed y is an infinity of either sign (2^-20 / 2^-140
  // itself is 2^120).
  EXPECT_TRUE(passes("divide", Denormals::MayFlush, -kInfF, ulps(2.5), 0x1p-20, sub));
  EXPECT_TRUE(passes("divide", Denormals::MayFlush, 0x1p120f, ulps(2.5), 0x1p-20, sub));
  EXPECT_FALSE(passes("divide", Denormals::Kept, kInfF, ulps(2.5), 0x1p-20, sub));
  // 4: the result of a flushed argument, flushed: 2^-126 * (sub read as
  // 0) ... and a subnormal result of an unflushed reading.
  EXPECT_TRUE(passes("add", Denormals::MayFlush, 0.0f, kCorrect, sub, 0x1p-148));
  // A wrong value stays wrong under flushing.
  EXPECT_FALSE(passes("add", Denormals::MayFlush, 1.0f, kCorrect, sub, 0x1p-148));
  // nextafter's own flush-to-zero edge cases (spec 7.5.3).
  EXPECT_TRUE(passes("nextafter", Denormals::MayFlush, 0x1p-126f, ulps(0), -0.0, 1.0));
  EXPECT_FALSE(passes("nextafter", Denormals::Kept, 0x1p-126f, ulps(0), -0.0, 1.0));
  EXPECT_TRUE(passes("nextafter", Denormals::MayFlush, 0.0f, ulps(0), 0x1p-126, 0.0));
}

TEST(MathIntegers, ExactValuesAndTheSpecsChoices) {
  const auto value = [](const char* f, double x, double y = 0) {
    const double args[3] = {x, y, 0};
    return math::exact_int(f, args);
  };
  const auto accepts = [](const char* f, int64_t got, Denormals d, double x, double y = 0) {
    const double args[3] = {x, y, 0};
    return math::exact_int_accepts(f, args, got, d);
  };
  EXPECT_EQ(value("ilogb", 8.0), 3);
  EXPECT_EQ(value("ilogb", 0x1p-149), -149);
  EXPECT_EQ(value("ilogb", 0.75), -1);
  EXPECT_EQ(value("ilogb", INFINITY), INT_MAX);
  EXPECT_EQ(value("ilogb", -INFINITY), INT_MAX);
  EXPECT_EQ(value("ilogb", NAN), INT_MAX);
  EXPECT_EQ(value("ilogb", -0.0), INT_MIN);
  EXPECT_EQ(value("ilogb", -0.3), -2);
  EXPECT_EQ(value("ilogb", 0x1p-1074), -1074);  // a double's subnormals (the double judge's)
  EXPECT_EQ(value("ilogb", -0x1.fffffffffffffp1023), 1023);
  EXPECT_EQ(value("frexp.exponent", -0.3), -1);
  EXPECT_EQ(value("frexp.exponent", 0x1p-1074), -1073);
  EXPECT_EQ(value("frexp.exponent", 0.0), 0);
  EXPECT_EQ(value("frexp.exponent", NAN), 0);
  EXPECT_TRUE(accepts("ilogb", INT_MIN, Denormals::Kept, 0.0));
  EXPECT_TRUE(accepts("ilogb", -INT_MAX, Denormals::Kept, 0.0));
  EXPECT_FALSE(accepts("ilogb", 0, Denormals::Kept, 0.0));
  EXPECT_TRUE(accepts("ilogb", INT_MIN, Denormals::Kept, NAN));
  EXPECT_TRUE(accepts("ilogb", -INT_MAX, Denormals::MayFlush, 0x1p-140));
  EXPECT_FALSE(accepts("ilogb", -INT_MAX, Denormals::Kept, 0x1p-140));
  EXPECT_EQ(value("frexp.exponent", 8.0), 4);
  EXPECT_EQ(value("frexp.exponent", 0x1p-149), -148);
  EXPECT_EQ(value("frexp.exponent", INFINITY), 0);
  EXPECT_EQ(value("lgamma_r.sign", -0.5), -1);
  EXPECT_EQ(value("lgamma_r.sign", -1.5), 1);
  EXPECT_EQ(value("lgamma_r.sign", -2.0), 0);
  EXPECT_EQ(value("lgamma_r.sign", -0.0), 0);
  EXPECT_EQ(value("lgamma_r.sign", 3.0), 1);
  // remquo(7, 2): 7/2 = 3.5, nearest even 4; remquo(-7, 2): -4.
  EXPECT_EQ(value("remquo.quo", 7.0, 2.0), 4);
  EXPECT_EQ(value("remquo.quo", -7.0, 2.0), -4);
  EXPECT_EQ(value("remquo.quo", 1000.0, 1.0), 1000 & 0x7f);
  EXPECT_TRUE(accepts("remquo.quo", 1000, Denormals::Kept, 1000.0, 1.0));  // more bits are fine
  EXPECT_FALSE(accepts("remquo.quo", 1001, Denormals::Kept, 1000.0, 1.0));
  EXPECT_FALSE(accepts("remquo.quo", -4, Denormals::Kept, 7.0, 2.0));
  EXPECT_EQ(value("remquo.quo", 1.0, 0.0), 0);
  EXPECT_TRUE(accepts("remquo.quo", 0, Denormals::MayFlush, 1.0, 0x1p-140));
  EXPECT_THROW(value("sin", 1.0), std::invalid_argument);
}

// ilogb's and frexp's exponents are the C library's on floats of every
// exponent field (every 4099th bit pattern) and on doubles of every binade,
// subnormal ones included.
TEST(MathJudge, ExponentsAreTheCLibrarys) {
  std::vector<double> xs;
  for (uint64_t bits = 1; bits < 0x7f800000u; bits += 4099) xs.push_back(clconform::ref::float_from_bits(uint32_t(bits)));
  for (int e = -1074; e <= 1023; ++e) xs.push_back(std::ldexp(1.37, e));
  long compared = 0;
  for (const double magnitude : xs) {
    for (const double x : {magnitude, -magnitude}) {
      const double args[3] = {x, 0, 0};
      int e = 0;
      std::frexp(x, &e);
      ASSERT_EQ(math::exact_int("frexp.exponent", args), e) << x;
      ASSERT_EQ(math::exact_int("ilogb", args), std::ilogb(x)) << x;
      ++compared;
    }
  }
  EXPECT_GT(compared, 1000000);
}

// frexp's mantissa without libm is libm's, bit for bit, on floats of every
// exponent field and on doubles of every binade, subnormal ones, zeros,
// infinities and NaNs included.
TEST(MathJudge, FrexpMantissaIsTheCLibrarys) {
  std::vector<double> xs = {0.0, INFINITY, std::numeric_limits<double>::quiet_NaN(), 0x1p-1074, 0x1p-1022,
                            0x0.fffffffffffffp-1022, 0x1.fffffffffffffp1023};
  for (uint64_t bits = 1; bits < 0x7f800000u; bits += 4099) xs.push_back(clconform::ref::float_from_bits(uint32_t(bits)));
  for (int e = -1074; e <= 1023; ++e) xs.push_back(std::ldexp(1.37, e));
  for (const double magnitude : xs) {
    for (const double x : {magnitude, -magnitude}) {
      int e = 0;
      ASSERT_EQ(bits_of(math::frexp_mantissa_value(x)), bits_of(std::frexp(x, &e))) << x;
    }
  }
}

// remquo's quotient bits without MPFR equal mpfr_remquo's (the seven low
// bits of |n| with the sign of x/y, 0 where the remainder is a NaN) on
// pairs of doubles of every exponent distance, ties (x an odd multiple of
// y / 2), quotients just off a multiple of 128, y near the largest double
// (where 128 y would overflow: quotients up to 255 and their ties) and
// among the subnormals, and the special values.
TEST(MathJudge, RemquoQuotientEqualsMpfrRemquo) {
  const auto mpfr_quotient = [](double x, double y) {
    mpfr_t a, b, r;
    mpfr_inits2(53, a, b, r, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_d(a, x, MPFR_RNDN);
    mpfr_set_d(b, y, MPFR_RNDN);
    long q = 0;
    mpfr_remquo(r, &q, a, b, MPFR_RNDN);
    const bool nan = mpfr_nan_p(r) != 0;
    mpfr_clears(a, b, r, static_cast<mpfr_ptr>(nullptr));
    if (nan) return int64_t(0);
    const long low = (q < 0 ? -q : q) & 0x7f;
    return int64_t(q < 0 ? -low : low);
  };
  std::mt19937_64 rng(20261130);
  std::vector<std::pair<double, double>> pairs;
  const auto any_double = [&] {
    const int e = int(rng() % 2098) - 1075;
    const double m = 1 + double(rng() >> 12) * 0x1p-52;
    return (rng() & 1 ? -1 : 1) * std::ldexp(m, e);
  };
  for (int i = 0; i < 400000; ++i) pairs.push_back({any_double(), any_double()});
  for (int i = 0; i < 100000; ++i) {  // close exponents: quotients of every size below 2^12
    const double y = any_double();
    pairs.push_back({y * std::ldexp(1 + double(rng() >> 12) * 0x1p-52, int(rng() % 12)), y});
  }
  for (int k = -300; k <= 300; ++k) {  // ties, and multiples of 128 and their neighbours
    for (const double y : {1.0, 0x1.8p-1060, 3.0, 0x1.3p1015, 0x1p1017, -0x1.fffffffffffffp1023 / 512}) {
      pairs.push_back({(k + 0.5) * y, y});
      pairs.push_back({k * 128.0 * y, y});
      pairs.push_back({std::nextafter(k * 128.0 * y, INFINITY), y});
      pairs.push_back({std::nextafter((k * 128.0 + 0.5) * y, -INFINITY), y});
    }
  }
  for (int k = 1; k <= 255; ++k) {  // the scaled branch (|y| >= 2^1016) with quotients up to 255, and ties
    for (const double y : {0x1p1016, -0x1.0000000000001p1016}) {
      pairs.push_back({k * y, y});
      pairs.push_back({std::nextafter(k * y, 0.0), y});
      if (k < 255) pairs.push_back({(k + 0.5) * y, y});
    }
  }
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, std::numeric_limits<double>::quiet_NaN(), 0x1p-1074,
                             0x1.fffffffffffffp1023, 0x1p1016, 0x1p-1014, 1.0, -3.5};
  for (const double x : specials)
    for (const double y : specials) pairs.push_back({x, y});
  for (int i = 0; i < 20000; ++i) {  // floats, as the float cases pass them
    pairs.push_back({double(clconform::ref::float_from_bits(uint32_t(rng()))),
                     double(clconform::ref::float_from_bits(uint32_t(rng())))});
  }
  long compared = 0;
  for (const auto& [x, y] : pairs) {
    ASSERT_EQ(math::remquo_quotient_value(x, y), mpfr_quotient(x, y)) << std::hexfloat << x << " " << y;
    ++compared;
  }
  EXPECT_GT(compared, 500000);
}

// The block form of the integer results gives exact() of every point: on
// every 251st float bit pattern (NaNs and infinities among them), on the
// doubles of every binade, and on the integers and half-integers near the
// poles of Gamma; and remquo's quotient, of two arguments, has none.
TEST(MathIntegers, BlockValuesAreThePointValues) {
  std::vector<double> xs;
  for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 251) xs.push_back(clconform::ref::float_from_bits(uint32_t(bits)));
  for (int e = -1074; e <= 1023; ++e)
    for (const double m : {1.0, 1.37, -1.9999}) xs.push_back(std::ldexp(m, e));
  for (int n = -300; n <= 10; ++n)
    for (const double d : {0.0, 0.5, 1e-9, -1e-9}) xs.push_back(n + d);
  for (const char* name : {"ilogb", "frexp.exponent", "lgamma_r.sign"}) {
    const math::IntegerJudge judge(name, Denormals::Kept);
    std::vector<int32_t> want(xs.size());
    ASSERT_TRUE(judge.exact_block(xs.data(), xs.size(), want.data())) << name;
    for (size_t i = 0; i < xs.size(); ++i) {
      const double args[3] = {xs[i], 0, 0};
      ASSERT_EQ(want[i], judge.exact(args)) << name << " " << xs[i];
      ASSERT_TRUE(judge.accepts(args, want[i])) << name << " " << xs[i];
    }
  }
  int32_t unused = 0;
  const double one = 1;
  EXPECT_FALSE(math::IntegerJudge("remquo.quo", Denormals::Kept).exact_block(&one, 1, &unused));
}

// Where plain_block says a point is plain, accepts() takes exact()'s value
// and nothing else, with and without flushed arguments: on the specials
// (zeros, NaN, infinities, subnormals), every 65537th float bit pattern
// and the doubles of every binade, against the exact value, its
// neighbours and the values the spec allows in place of another. Points
// where it does not are rare (4 specials of each sign, subnormals).
TEST(MathIntegers, PlainPointsAcceptTheExactValueAlone) {
  std::vector<double> xs = {0.0, -0.0, NAN, -NAN, INFINITY, -INFINITY, 0x1p-149, -0x1p-140, 0x1p-127, 0x1p-126};
  for (uint64_t bits = 0; bits <= 0xffffffffu; bits += 65537) xs.push_back(clconform::ref::float_from_bits(uint32_t(bits)));
  for (int e = -1074; e <= 1023; ++e) xs.push_back(std::ldexp(-1.37, e));
  for (const char* name : {"ilogb", "frexp.exponent", "lgamma_r.sign"}) {
    for (const Denormals d : {Denormals::Kept, Denormals::MayFlush}) {
      const math::IntegerJudge judge(name, d);
      std::vector<uint64_t> plain((xs.size() + 63) / 64);
      judge.plain_block(xs.data(), xs.size(), plain.data());
      size_t plain_points = 0;
      for (size_t i = 0; i < xs.size(); ++i) {
        if ((plain[i / 64] >> (i % 64) & 1) == 0) continue;
        ++plain_points;
        const double args[3] = {xs[i], 0, 0};
        const int64_t want = judge.exact(args);
        for (const int64_t got : {want, want - 1, want + 1, int64_t(0), int64_t(INT_MIN), int64_t(INT_MAX), int64_t(-INT_MAX)})
          ASSERT_EQ(judge.accepts(args, got), got == want) << name << " at " << xs[i] << ": " << got << " for " << want;
      }
      EXPECT_GT(plain_points, xs.size() * 9 / 10) << name;
    }
  }
}

// lgamma_r's sign is Gamma's, which mpfr_lgamma reports: on every float
// within 8 of each integer from -200 to 8, on three floats of each sign in
// every binade below 1, and on every 65537th float below -2^-30.
TEST(MathJudge, LgammaSignIsTheSignMpfrGives) {
  std::vector<float> xs;
  const auto around = [&](float v) {
    float w = v;
    for (int k = 0; k < 8; ++k) w = std::nextafter(w, -INFINITY);
    for (int k = 0; k < 17; ++k, w = std::nextafter(w, INFINITY)) xs.push_back(w);
  };
  for (int n = -200; n <= 8; ++n) around(static_cast<float>(n));
  for (int e = -149; e < 0; ++e)
    for (const float m : {1.0f, 1.3f, 1.9999f}) {
      xs.push_back(std::ldexp(m, e));
      xs.push_back(-std::ldexp(m, e));
    }
  for (uint32_t bits = 0xb0800000u; bits < 0xff800000u; bits += 65537) xs.push_back(clconform::ref::float_from_bits(bits));
  long compared = 0;
  mpfr_t x, y;
  mpfr_inits2(64, x, y, static_cast<mpfr_ptr>(nullptr));
  for (const float v : xs) {
    const double args[3] = {v, 0, 0};
    int64_t want = 0;
    mpfr_set_d(x, v, MPFR_RNDN);
    if (std::isfinite(v) && v != 0 && !(v < 0 && v == std::floor(v))) {
      int sign = 0;
      mpfr_lgamma(y, &sign, x, MPFR_RNDN);
      want = sign;
    } else if (v == INFINITY) {
      want = 1;
    }
    ASSERT_EQ(math::exact_int("lgamma_r.sign", args), want) << v;
    ++compared;
  }
  mpfr_clears(x, y, static_cast<mpfr_ptr>(nullptr));
  EXPECT_GT(compared, 10000);
}

// Float mad without flushing: the judge prepares the fused reading (the
// fast tier's fma in double) and leaves a result that fails it to MPFR,
// which tries the unfused one too. On triples where the two readings round
// apart (an addend that nearly cancels the product, or one far below it),
// the fused result, the unfused one and their neighbours get MPFR's
// verdict, and where both pass, MPFR's error to 1e-6 ulp (the fast tier's
// estimate; next to a power of two either binade's ulp).
TEST(MathJudge, MadFusedAndUnfusedReadingsEqualTheMpfrVerdict) {
  std::mt19937_64 rng(0xf3ad);
  const Judge judge("mad", Denormals::Kept);
  uint64_t apart = 0, unfused_only = 0, compared = 0;
  for (int k = 0; k < 4000; ++k) {
    const float x = std::ldexp(1.0f + float(rng() % (1u << 23)) * 0x1p-23f, int(rng() % 60) - 30);
    const float y = std::ldexp(1.0f + float(rng() % (1u << 23)) * 0x1p-23f, int(rng() % 60) - 30) * (k % 4 < 2 ? 1 : -1);
    volatile float product = x * y;  // the unfused reading's product, rounded to float on its own
    const float p = product;
    const float z = k % 2 ? -p * (1 + std::ldexp(float(rng() % 64), -18)) : std::ldexp(p, -int(rng() % 30));
    const double args[3] = {x, y, z};
    volatile float sum = p + z;
    const float fused = std::fmaf(x, y, z), unfused = sum;
    apart += fused != unfused;
    const Judge::Point pt = judge.prepare(args);
    for (const float base : {fused, unfused}) {
      for (int64_t d : {0, 1, -1, 2}) {
        const uint32_t got = bits_of(base) + uint32_t(d);
        for (const Bound& b : {Bound{Bound::Kind::CorrectlyRounded, 0}, Bound{Bound::Kind::Ulps, 1}}) {
          const math::Verdict fast = judge.judge(pt, got, b);
          const math::Verdict slow = math::mpfr_verdict(math::Fn::mad, args, got, b, Denormals::Kept);
          ASSERT_EQ(fast.pass, slow.pass) << std::hexfloat << "mad(" << x << ", " << y << ", " << z << ") = "
                                          << oracle::float_of(got);
          ++compared;
          unfused_only += d == 0 && base == unfused && fused != unfused && b.kind == Bound::Kind::CorrectlyRounded && fast.pass;
          if (!slow.pass || !std::isfinite(slow.ulp)) continue;
          const bool power_of_two = (got & 0x7FFFFFu) == 0;
          auto near = [&](double scale) { return std::fabs(fast.ulp * scale - slow.ulp) <= 1e-6 * (1 + slow.ulp); };
          EXPECT_TRUE(near(1) || (power_of_two && (near(2) || near(0.5))))
              << std::hexfloat << "mad(" << x << ", " << y << ", " << z << ") = " << oracle::float_of(got) << ": "
              << fast.ulp << " ulp, MPFR " << slow.ulp;
        }
      }
    }
  }
  EXPECT_GT(apart, 1000u);
  EXPECT_GT(unfused_only, 1000u);  // results that pass by the unfused reading alone
  EXPECT_EQ(compared, 64000u);
}

}  // namespace
