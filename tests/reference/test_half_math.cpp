// reference/half_math: the real results and the verdicts of the half
// (cl_khr_fp16) arithmetic and math reference.
//
//  * Wiring: for every half (every 13th for the slow ones) and every function the C library also has,
//    the reference rounded to half is the C library's double result rounded
//    to half, or its neighbour (the double may sit across a half rounding
//    boundary). A function wired to the wrong MPFR routine fails at once.
//  * Verdicts, for every half (every 13th for the slow ones) and every
//    one-argument function: the
//    correctly rounded half passes; a half ceil(bound) + 1 steps further
//    from zero (at least bound + 0.5 ulp away) fails; for correctly rounded
//    functions the next half up fails.
//  * Arithmetic on random pairs against exact double arithmetic; the
//    flush-to-zero readings; the special values the OpenCL C spec's edge-case
//    rules (7.5.1) fix where MPFR has a choice.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <random>

#include "oracle.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"
#include "reference/half_math.hpp"

using namespace clconform::ref;
using half_math::Arg;
using half_math::Bound;
using half_math::Denormals;

namespace {

uint16_t cr_half(const std::string& fn, const std::vector<Arg>& args) {
  return half_math::evaluate(fn, args)->round_to<Half>(Rounding::NearestEven);
}

std::vector<Arg> one(uint16_t h) { return {Arg{true, h, 0}}; }
std::vector<Arg> two(uint16_t a, uint16_t b) { return {Arg{true, a, 0}, Arg{true, b, 0}}; }

// Same NaN-ness, or halves at most one step apart (same sign, or both zero).
bool same_or_adjacent(uint16_t a, uint16_t b) {
  if (is_nan<Half>(a) || is_nan<Half>(b)) return is_nan<Half>(a) && is_nan<Half>(b);
  if (is_zero<Half>(a) && is_zero<Half>(b)) return true;
  if (next_up<Half>(a) == b || next_down<Half>(a) == b || a == b) return true;
  return false;
}

const double kPi = 3.14159265358979323846;

const std::map<std::string, std::function<double(double)>>& libm() {
  static const std::map<std::string, std::function<double(double)>> m = {
      {"acos", [](double x) { return std::acos(x); }},    {"acosh", [](double x) { return std::acosh(x); }},
      {"asin", [](double x) { return std::asin(x); }},    {"asinh", [](double x) { return std::asinh(x); }},
      {"atan", [](double x) { return std::atan(x); }},    {"atanh", [](double x) { return std::atanh(x); }},
      {"cbrt", [](double x) { return std::cbrt(x); }},    {"ceil", [](double x) { return std::ceil(x); }},
      {"cos", [](double x) { return std::cos(x); }},      {"cosh", [](double x) { return std::cosh(x); }},
      {"erfc", [](double x) { return std::erfc(x); }},    {"erf", [](double x) { return std::erf(x); }},
      {"exp", [](double x) { return std::exp(x); }},      {"exp2", [](double x) { return std::exp2(x); }},
      {"exp10", [](double x) { return std::pow(10.0, x); }}, {"expm1", [](double x) { return std::expm1(x); }},
      {"fabs", [](double x) { return std::fabs(x); }},    {"floor", [](double x) { return std::floor(x); }},
      {"log", [](double x) { return std::log(x); }},      {"log2", [](double x) { return std::log2(x); }},
      {"log10", [](double x) { return std::log10(x); }},  {"log1p", [](double x) { return std::log1p(x); }},
      {"logb", [](double x) { return std::logb(x); }},    {"rint", [](double x) { return std::nearbyint(x); }},
      {"round", [](double x) { return std::round(x); }},  {"sin", [](double x) { return std::sin(x); }},
      {"sinh", [](double x) { return std::sinh(x); }},    {"sqrt", [](double x) { return std::sqrt(x); }},
      {"tan", [](double x) { return std::tan(x); }},      {"tanh", [](double x) { return std::tanh(x); }},
      {"tgamma", [](double x) { return std::tgamma(x); }}, {"trunc", [](double x) { return std::trunc(x); }},
      {"recip", [](double x) { return 1.0 / x; }},
      {"rsqrt", [](double x) { return 1.0 / std::sqrt(x); }},
      {"degrees", [](double x) { return x * (180.0 / kPi); }},
      {"radians", [](double x) { return x * (kPi / 180.0); }},
      {"acospi", [](double x) { return std::acos(x) / kPi; }},
      {"asinpi", [](double x) { return std::asin(x) / kPi; }},
      {"atanpi", [](double x) { return std::atan(x) / kPi; }},
      {"sinpi", [](double x) { return std::sin(kPi * x); }},
      {"cospi", [](double x) { return std::cos(kPi * x); }},
  };
  return m;
}

// The one-argument functions and their half-table bounds (as the generator
// lists them; 7.4).
const std::vector<std::pair<std::string, Bound>>& unary_bounds() {
  static const std::vector<std::pair<std::string, Bound>> v = {
      {"acos", {false, 2}},  {"acosh", {false, 2}}, {"acospi", {false, 2}}, {"asin", {false, 2}},
      {"asinh", {false, 2}}, {"asinpi", {false, 2}}, {"atan", {false, 2}},  {"atanh", {false, 2}},
      {"atanpi", {false, 2}}, {"cbrt", {false, 2}},  {"ceil", {true, 0.5}},  {"cos", {false, 2}},
      {"cosh", {false, 2}},  {"cospi", {false, 2}}, {"degrees", {false, 2}}, {"erfc", {false, 4}},
      {"erf", {false, 4}},   {"exp", {false, 2}},   {"exp2", {false, 2}},   {"exp10", {false, 2}},
      {"expm1", {false, 2}}, {"fabs", {false, 0}},  {"floor", {true, 0.5}}, {"log", {false, 2}},
      {"log2", {false, 2}},  {"log10", {false, 2}}, {"log1p", {false, 2}},  {"logb", {false, 0}},
      {"radians", {false, 2}}, {"rint", {true, 0.5}}, {"round", {true, 0.5}}, {"rsqrt", {false, 1}},
      {"sign", {false, 0}},  {"sin", {false, 2}},   {"sinh", {false, 2}},   {"sinpi", {false, 2}},
      {"sqrt", {false, 1.5}}, {"tan", {false, 2.5}}, {"tanh", {false, 2}},  {"tanpi", {false, 2}},
      {"tgamma", {false, 4}}, {"trunc", {true, 0.5}}, {"recip", {false, 1}}};
  return v;
}

// Every half for sqrt, rsqrt, 1/x and every correctly rounded or exact
// function; every 13th half for the rest, whose MPFR evaluations are slow
// (tgamma, erf, ...): unit tests must stay fast on a 2-core CI machine.
bool every_half(const std::string& fn) {
  for (const auto& [name, b] : unary_bounds())
    if (name == fn && (b.correctly_rounded || b.ulps == 0)) return true;
  return fn == "sqrt" || fn == "rsqrt" || fn == "recip";
}

}  // namespace

TEST(HalfMath, EveryFunctionKnown) {
  for (const auto& [fn, b] : unary_bounds()) EXPECT_TRUE(half_math::known(fn)) << fn;
  for (const char* fn : {"add", "sub", "mul", "div", "atan2", "atan2pi", "copysign", "fdim", "fma", "fmax", "fmin",
                         "fmod", "hypot", "ldexp", "max", "maxmag", "min", "minmag", "nextafter", "pow", "pown",
                         "powr", "remainder", "rootn"})
    EXPECT_TRUE(half_math::known(fn)) << fn;
  EXPECT_FALSE(half_math::known("lgamma"));
  EXPECT_THROW(half_math::evaluate("lgamma", one(0x3C00)), std::invalid_argument);
  EXPECT_THROW(half_math::evaluate("sin", two(0x3C00, 0x3C00)), std::invalid_argument);
}

TEST(HalfMath, WiringAgreesWithTheCLibraryOnEveryHalf) {
  for (const auto& [fn, f] : libm()) {
    for (uint32_t h = 0; h < 65536; h += every_half(fn) ? 1 : 13) {
      const double x = oracle::half_as_double(uint16_t(h));
      const uint16_t want = double_to_half(f(x), Rounding::NearestEven);
      const uint16_t got = cr_half(fn, one(uint16_t(h)));
      ASSERT_TRUE(same_or_adjacent(got, want)) << fn << "(" << std::hex << h << "): reference " << got << ", libm "
                                               << want;
    }
  }
}

TEST(HalfMath, VerdictsOnEveryHalfForEveryUnaryFunction) {
  for (const auto& [fn, bound] : unary_bounds()) {
    for (uint32_t h = 0; h < 65536; h += every_half(fn) ? 1 : 13) {
      const std::vector<Arg> a = one(uint16_t(h));
      const std::optional<Mpfr> ref = half_math::evaluate(fn, a);
      ASSERT_TRUE(ref) << fn;
      const uint16_t cr = ref->round_to<Half>(Rounding::NearestEven);
      ASSERT_TRUE(half_math::judge(fn, a, cr, bound, Denormals::Kept).pass) << fn << " " << std::hex << h;
      if (ref->is_nan() || ref->is_inf()) continue;
      uint16_t far = cr;
      const int steps = bound.correctly_rounded ? 1 : int(std::ceil(bound.ulps)) + 1;
      for (int s = 0; s < steps; ++s) far = ref->signbit() ? next_down<Half>(far) : next_up<Half>(far);
      if (far == cr || is_inf<Half>(far)) continue;  // no half that far inside the range
      ASSERT_FALSE(half_math::judge(fn, a, far, bound, Denormals::Kept).pass)
          << fn << "(" << std::hex << h << ") accepted " << far << " against " << ref->to_string();
    }
  }
}

TEST(HalfMath, ArithmeticOnRandomPairsAgainstExactDoubles) {
  std::mt19937_64 rng(4);
  const Bound cr{true, 0.5}, one_ulp{false, 1};
  for (int i = 0; i < 50000; ++i) {
    const uint16_t a = uint16_t(rng()), b = uint16_t(rng());
    const double x = oracle::half_as_double(a), y = oracle::half_as_double(b);
    // Sums, differences and products of halves are exact in double.
    const std::pair<const char*, double> exact[] = {{"add", x + y}, {"sub", x - y}, {"mul", x * y}};
    for (const auto& [fn, v] : exact) {
      const uint16_t want = double_to_half(v, Rounding::NearestEven);
      const std::vector<Arg> args = two(a, b);
      ASSERT_TRUE(half_math::judge(fn, args, want, cr, Denormals::Kept).pass) << fn << std::hex << a << " " << b;
      if (is_nan<Half>(want)) continue;
      const uint16_t next = next_up<Half>(want);
      if (next != want && !(is_zero<Half>(next) && is_zero<Half>(want))) {
        ASSERT_FALSE(half_math::judge(fn, args, next, cr, Denormals::Kept).pass) << fn << std::hex << a << " " << b;
      }
    }
    const uint16_t q = double_to_half(x / y, Rounding::NearestEven);  // within 0.5 ulp (+ a double rounding)
    ASSERT_TRUE(half_math::judge("div", two(a, b), q, one_ulp, Denormals::Kept).pass) << std::hex << a << " " << b;
  }
}

TEST(HalfMath, FlushToZeroReadings) {
  const Bound cr{true, 0.5};
  // 2^-14 * 0.5 = 2^-15, a denormal: +0 only where half denormals may flush.
  EXPECT_FALSE(half_math::judge("mul", two(0x0400, 0x3800), 0x0000, cr, Denormals::Kept).pass);
  const auto v = half_math::judge("mul", two(0x0400, 0x3800), 0x8000, cr, Denormals::MayFlush);
  EXPECT_TRUE(v.pass);
  EXPECT_TRUE(v.flushed);
  // A denormal operand read as zero: 1 + 2^-24 = 1 either way; 2^-24 * 2^15 = 2^-9 or 0.
  EXPECT_TRUE(half_math::judge("mul", two(0x0001, 0x7800), 0x0000, cr, Denormals::MayFlush).pass);
  EXPECT_FALSE(half_math::judge("mul", two(0x0001, 0x7800), 0x0000, cr, Denormals::Kept).pass);
  EXPECT_TRUE(half_math::judge("mul", two(0x0001, 0x7800), 0x1800, cr, Denormals::MayFlush).pass);
  EXPECT_FALSE(half_math::judge("mul", two(0x0001, 0x7800), 0x1800, cr, Denormals::MayFlush).flushed);
  // A normal result is never flushed.
  EXPECT_FALSE(half_math::judge("sqrt", one(0x3C00), 0x0000, {false, 1.5}, Denormals::MayFlush).pass);
}

TEST(HalfMath, SpecialValues) {
  auto val = [](const std::string& fn, std::vector<Arg> a) { return half_math::evaluate(fn, a); };
  auto hi = [](uint16_t h, int32_t n) { return std::vector<Arg>{Arg{true, h, 0}, Arg{false, 0, n}}; };
  EXPECT_EQ(val("rsqrt", one(0x8000))->round_to<Half>(), 0xFC00);  // rsqrt(-0) = -inf
  EXPECT_EQ(val("rsqrt", one(0x0000))->round_to<Half>(), 0x7C00);
  EXPECT_TRUE(val("powr", two(0xBC00, 0x4000))->is_nan());         // powr(x < 0, y) is NaN (7.5.1)
  EXPECT_TRUE(val("powr", two(0x0000, 0x0000))->is_nan());         // powr(+-0, +-0)
  EXPECT_TRUE(val("powr", two(0x7C00, 0x0000))->is_nan());         // powr(+inf, +-0)
  EXPECT_TRUE(val("powr", two(0x3C00, 0x7C00))->is_nan());         // powr(+1, +-inf)
  EXPECT_EQ(val("powr", two(0x0000, 0xBC00))->round_to<Half>(), 0x7C00);  // powr(+-0, y < 0) = +inf
  EXPECT_EQ(val("pow", two(0xBC00, 0x7C00))->round_to<Half>(), 0x3C00);   // pow(-1, +-inf) = 1
  EXPECT_EQ(val("pown", hi(0x7E00, 0))->round_to<Half>(), 0x3C00);        // pown(x, 0) = 1, even NaN
  EXPECT_TRUE(val("rootn", hi(0x4000, 0))->is_nan());                     // rootn(x, 0) is NaN
  EXPECT_EQ(val("rootn", hi(0xC800, 3))->round_to<Half>(), 0xC000);       // rootn(-8, 3) = -2
  EXPECT_TRUE(val("rootn", hi(0xC800, 2))->is_nan());                     // even root of a negative
  EXPECT_EQ(val("ldexp", hi(0x3C00, -24))->round_to<Half>(), 0x0001);
  EXPECT_EQ(val("ldexp", hi(0x3C00, -25))->round_to<Half>(), 0x0000);     // a tie, to even
  EXPECT_EQ(val("ldexp", hi(0x3C00, 16))->round_to<Half>(), 0x7C00);
  EXPECT_FALSE(val("max", two(0x7C00, 0x3C00)));                          // undefined (6.15.4)
  EXPECT_FALSE(val("min", two(0x7E00, 0x3C00)));
  EXPECT_EQ(val("fmax", two(0x7E00, 0x3C00))->round_to<Half>(), 0x3C00);  // a NaN gives the other
  EXPECT_EQ(val("maxmag", two(0xC000, 0x3C00))->round_to<Half>(), 0xC000);
  EXPECT_EQ(val("minmag", two(0xC000, 0x3C00))->round_to<Half>(), 0x3C00);
  EXPECT_EQ(val("nextafter", two(0x0000, 0xBC00))->round_to<Half>(), 0x8001);
  EXPECT_EQ(val("nextafter", two(0x0000, 0x8000))->round_to<Half>(), 0x8000);  // y when x == y
  EXPECT_EQ(val("nextafter", two(0x7BFF, 0x7C00))->round_to<Half>(), 0x7C00);
  EXPECT_EQ(val("logb", one(0x0001))->round_to<Half>(), 0xCE00);               // -24
  EXPECT_EQ(val("logb", one(0x8000))->round_to<Half>(), 0xFC00);
  EXPECT_EQ(val("sign", one(0x8000))->round_to<Half>(), 0x8000);
  EXPECT_EQ(val("sign", one(0x7E00))->round_to<Half>(), 0x0000);
  EXPECT_EQ(val("sign", one(0x0001))->round_to<Half>(), 0x3C00);
  EXPECT_EQ(val("copysign", two(0x3C00, 0xFE00))->round_to<Half>(), 0xBC00);
  EXPECT_EQ(val("fdim", two(0x3C00, 0x4000))->round_to<Half>(), 0x0000);
  EXPECT_EQ(val("ceil", one(0xB800))->round_to<Half>(), 0x8000);               // ceil(-0.5) = -0
  EXPECT_EQ(val("round", one(0x3800))->round_to<Half>(), 0x3C00);              // halfway away from zero
  EXPECT_EQ(val("rint", one(0x3800))->round_to<Half>(), 0x0000);               // halfway to even
  EXPECT_EQ(val("sinpi", one(0xBC00))->round_to<Half>(), 0x8000);              // sinpi(-n) = -0
  EXPECT_EQ(val("fma", {Arg{true, 0x3C01, 0}, Arg{true, 0x3C01, 0}, Arg{true, 0xBC02, 0}})->round_to<Half>(),
            0x0010);  // (1+2^-10)^2 - (1+2^-9) = 2^-20 (a denormal), exactly, no intermediate rounding
}
