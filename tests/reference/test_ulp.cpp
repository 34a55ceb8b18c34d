// ulp: the spec's definition at each edge, worked by hand, then checked
// against a brute-force reading of the definition (find the neighbouring
// finite numbers, take the distances) that shares no code with ulp.cpp.
//
// Definition (OpenCL C spec, "Relative Error as ULPs"): "If x is a real
// number that lies between two finite consecutive floating-point numbers a
// and b, without being equal to one of them, then ulp(x) = |b - a|,
// otherwise ulp(x) is the distance between the two non-equal finite
// floating-point numbers nearest x. Moreover, ulp(NaN) is NaN."
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "reference/ulp.hpp"

namespace {

namespace ref = clconform::ref;
using ref::Double;
using ref::Float;
using ref::Half;
using ref::Mpfr;
using ref::Rounding;

constexpr std::uint64_t kSeed = 0x0c1;

// x from text (decimal or C99 hex), exact at 300 bits.
Mpfr X(const char* text) {
  Mpfr m = Mpfr::with_precision(300);
  if (mpfr_set_str(m.get(), text, 0, MPFR_RNDN) != 0) throw std::invalid_argument(text);
  return m;
}

template <typename F>
void expect_ulp(const char* x, int expected_log2, const char* why) {
  const Mpfr v = X(x);
  EXPECT_EQ(ref::ulp_exponent<F>(v), expected_log2) << F::name << " ulp(" << x << "): " << why;
  // ulp_of is exactly 2^expected.
  oracle::Num want(8);
  mpfr_set_ui_2exp(want.v, 1, expected_log2, MPFR_RNDN);
  EXPECT_TRUE(mpfr_equal_p(ref::ulp_of<F>(v).get(), want.v)) << F::name << " ulp_of(" << x << ")";
  // The double overload agrees wherever x is a double.
  const double d = mpfr_get_d(v.get(), MPFR_RNDN);
  oracle::Num back(300);
  mpfr_set_d(back.v, d, MPFR_RNDN);
  if (mpfr_equal_p(back.v, v.get()) || mpfr_inf_p(v.get())) {
    EXPECT_EQ(ref::ulp_exponent<F>(d), expected_log2) << F::name << " ulp_exponent(double " << x << ")";
  }
}

// float: p = 24, normal exponents -126..127, subnormal spacing 2^-149.
TEST(UlpOf, FloatEdgesByHand) {
  expect_ulp<Float>("1", -24,
                    "1 is representable; its finite neighbours are 1-2^-24 (2^-24 below) and "
                    "1+2^-23 (2^-23 above); the two non-equal finite numbers nearest 1 are 1 "
                    "itself and 1-2^-24, 2^-24 apart");
  expect_ulp<Float>("-1", -24, "mirror image of 1");
  expect_ulp<Float>("0x1.0000000001p0", -23,
                    "just above 1: strictly between 1 and 1+2^-23, so b-a = 2^-23");
  expect_ulp<Float>("0x0.ffffffffffp0", -24,
                    "just below 1: strictly between 1-2^-24 and 1, so 2^-24");
  expect_ulp<Float>("1.5", -23, "representable, not a power of two: both gaps are 2^-23");
  expect_ulp<Float>("0x1.000002p0", -23, "1+2^-23, representable: both gaps 2^-23");
  expect_ulp<Float>("0x1p127", 103,
                    "2^127: the gap below is 2^103 (binade [2^126,2^127) has spacing 2^(126-23)), "
                    "above 2^104; nearest pair is 2^127 and its predecessor");
  expect_ulp<Float>("0x1.fffffep127", 104,
                    "max finite: nearest finite pair is max and max-2^104");
  expect_ulp<Float>("0x1.ffffffp127", 104,
                    "max + 2^103 (the RTE overflow threshold): beyond max, nearest finite pair "
                    "is max and max-2^104");
  expect_ulp<Float>("0x1p128", 104, "2^128: beyond max, as above");
  expect_ulp<Float>("1e300", 104, "far beyond max, as above");
  expect_ulp<Float>("-1e300", 104, "far below -max, mirror image");
  expect_ulp<Float>("inf", 104, "infinity as the limit of the beyond-max case");
  expect_ulp<Float>("0x1p-126", -149,
                    "min normal 2^-126: the largest subnormal is 2^-149 below, 2^-126+2^-149 "
                    "is 2^-149 above: 2^-149");
  expect_ulp<Float>("0x1p-125", -149,
                    "2^-125: the gap below is the [2^-126,2^-125) spacing 2^-149, above 2^-148");
  expect_ulp<Float>("0x1p-124", -148, "2^-124: gap below 2^-148, above 2^-147");
  expect_ulp<Float>("0x1.8p-126", -149, "inside the smallest normal binade: spacing 2^-149");
  expect_ulp<Float>("0x1p-140", -149,
                    "2^-140, a subnormal power of two: subnormals are evenly spaced, both gaps "
                    "2^-149 (not half of it)");
  expect_ulp<Float>("0x1.8p-140", -149, "a value between subnormals: spacing 2^-149");
  expect_ulp<Float>("0x1p-149", -149, "min subnormal: neighbours 0 and 2^-148, both 2^-149 away");
  expect_ulp<Float>("0x1p-160", -149, "between 0 and 2^-149: b-a = 2^-149");
  expect_ulp<Float>("0", -149, "zero: the nearest pair is 0 and +-2^-149");
  expect_ulp<Float>("-0", -149, "negative zero: as zero");
}

// half: p = 11, normal exponents -14..15, subnormal spacing 2^-24, max 65504.
TEST(UlpOf, HalfEdgesByHand) {
  expect_ulp<Half>("1", -11, "1 and its lower neighbour 1-2^-11 (the upper one is 2^-10 away)");
  expect_ulp<Half>("0x1.00001p0", -10, "strictly between 1 and 1+2^-10");
  expect_ulp<Half>("0x0.fffffp0", -11, "strictly between 1-2^-11 and 1");
  expect_ulp<Half>("-0x1p15", 4, "-32768: gap toward zero 16 (spacing of [2^14,2^15)), outward 32");
  expect_ulp<Half>("65504", 5, "max: 65504 and 65472");
  expect_ulp<Half>("65519", 5, "beyond max: max and its predecessor, 32 apart");
  expect_ulp<Half>("65520", 5, "the RTE overflow threshold: beyond max");
  expect_ulp<Half>("1e9", 5, "far beyond max");
  expect_ulp<Half>("0x1p-14", -24, "min normal: 2^-24 to the largest subnormal and to the next normal");
  expect_ulp<Half>("0x1p-13", -24, "2^-13: gap below 2^-24, above 2^-23");
  expect_ulp<Half>("0x1p-20", -24, "subnormal power of two: evenly spaced subnormals, 2^-24");
  expect_ulp<Half>("0x1p-24", -24, "min subnormal");
  expect_ulp<Half>("0x1p-30", -24, "between 0 and 2^-24");
  expect_ulp<Half>("-0", -24, "zero");
}

// double: p = 53, normal exponents -1022..1023, subnormal spacing 2^-1074.
TEST(UlpOf, DoubleEdgesByHand) {
  expect_ulp<Double>("1", -53, "1 and its lower neighbour 1-2^-53");
  expect_ulp<Double>("0x1.00000000000000001p0", -52, "strictly between 1 and 1+2^-52");
  expect_ulp<Double>("0x0.ffffffffffffffffffp0", -53, "strictly between 1-2^-53 and 1");
  expect_ulp<Double>("0x1p1023", 970, "2^1023: gap below is the [2^1022,2^1023) spacing 2^970");
  expect_ulp<Double>("0x1.fffffffffffffp1023", 971, "max: max and max-2^971");
  expect_ulp<Double>("0x1p1024", 971, "beyond max");
  expect_ulp<Double>("0x1p-1022", -1074, "min normal: 2^-1074 to both neighbours");
  expect_ulp<Double>("0x1p-1021", -1074, "2^-1021: gap below 2^-1074");
  expect_ulp<Double>("0x1p-1074", -1074, "min subnormal");
  expect_ulp<Double>("0x1p-1100", -1074, "between 0 and 2^-1074");
  expect_ulp<Double>("0", -1074, "zero");
}

TEST(UlpOf, NaN) {
  const Mpfr nan = Mpfr::nan();
  EXPECT_TRUE(ref::ulp_of<Float>(nan).is_nan());
  EXPECT_THROW(ref::ulp_exponent<Float>(nan), std::domain_error);
  EXPECT_THROW(ref::ulp_exponent<Double>(std::nan("")), std::domain_error);
}

// ---- the definition by brute force ----------------------------------------------
//
// For x, find the finite numbers of the format around it and apply the
// definition literally:
//   * x beyond +-max: the nearest finite pair is max and its predecessor;
//   * x strictly between consecutive a < b: b - a;
//   * x representable: the nearest distinct finite number is the closer of
//     its finite neighbours; the distance to it.
// Finite numbers come from a sorted list of every half, or from MPFR
// rounding down/up (oracle.hpp) and C nextafter for float and double.

// All distinct finite half values, ascending (one zero).
const std::vector<double>& sorted_halves() {
  static const std::vector<double> all = [] {
    std::vector<double> v;
    for (std::uint32_t i = 0; i < 65536; ++i) {
      const double d = oracle::half_as_double(static_cast<std::uint16_t>(i));
      if (std::isfinite(d) && i != 0x8000) v.push_back(d);
    }
    std::sort(v.begin(), v.end());
    return v;
  }();
  return all;
}

// The definition's ulp for a half, x a double (every x used here is exact).
double brute_ulp_half(double x) {
  const auto& v = sorted_halves();
  if (x > v.back() || x < v.front()) return v.back() - v[v.size() - 2];
  const auto hi = std::lower_bound(v.begin(), v.end(), x);  // first >= x
  if (*hi != x) return *hi - *(hi - 1);
  double best = std::numeric_limits<double>::infinity();
  if (hi != v.begin()) best = std::min(best, x - *(hi - 1));
  if (hi + 1 != v.end()) best = std::min(best, *(hi + 1) - x);
  return best;
}

TEST(UlpOfBruteForce, HalfEveryValueMidpointAndNeighbourhood) {
  const auto& v = sorted_halves();
  std::vector<double> xs;
  for (std::size_t k = 0; k < v.size(); ++k) {
    xs.push_back(v[k]);
    if (k + 1 < v.size()) {
      const double gap = v[k + 1] - v[k];
      xs.push_back(v[k] + gap / 2);
      xs.push_back(v[k] + gap / 1024);
      xs.push_back(v[k + 1] - gap / 1024);
    }
  }
  for (double x : {65504.0 + 1, 65520.0, 65536.0, 1e30, -65535.0, std::ldexp(1.0, -40)}) xs.push_back(x);
  int n = 0;
  for (double x : xs) {
    const double want = brute_ulp_half(x);
    const Mpfr got = ref::ulp_of<Half>(Mpfr(x));
    ASSERT_EQ(mpfr_get_d(got.get(), MPFR_RNDN), want) << "x = " << x;
    ASSERT_EQ(std::ldexp(1.0, ref::ulp_exponent<Half>(x)), want) << "x = " << x;
    ++n;
  }
  ::testing::Test::RecordProperty("half_points", std::to_string(n));
}

// Float or double x given as MPFR (may have more precision than the format).
template <typename T>
void brute_ulp(mpfr_ptr out, mpfr_srcptr x, const oracle::Spec& spec) {
  const T inf = std::numeric_limits<T>::infinity();
  const T max = std::numeric_limits<T>::max();
  auto get = [](mpfr_srcptr m) {
    if constexpr (sizeof(T) == 4) return mpfr_get_flt(m, MPFR_RNDN);
    else return mpfr_get_d(m, MPFR_RNDN);
  };
  oracle::Num lo_m(spec.prec), hi_m(spec.prec);
  oracle::round_to_format(lo_m.v, x, spec, MPFR_RNDD);
  oracle::round_to_format(hi_m.v, x, spec, MPFR_RNDU);
  const T lo = get(lo_m.v), hi = get(hi_m.v);  // exact: representable
  oracle::Num a(spec.prec + 2), b(spec.prec + 2);
  if (hi == inf || lo == -inf) {
    mpfr_set_d(a.v, static_cast<double>(max), MPFR_RNDN);
    mpfr_set_d(b.v, static_cast<double>(std::nextafter(max, T(0))), MPFR_RNDN);
  } else if (lo != hi) {
    mpfr_set_d(a.v, static_cast<double>(hi), MPFR_RNDN);
    mpfr_set_d(b.v, static_cast<double>(lo), MPFR_RNDN);
  } else {
    // x representable: the closer finite neighbour.
    const T up = std::nextafter(lo, inf), down = std::nextafter(lo, -inf);
    const T below_gap = (down == -inf) ? inf : lo - down;  // exact (Sterbenz or tiny)
    const T above_gap = (up == inf) ? inf : up - lo;
    const T g = std::min(below_gap, above_gap);
    mpfr_set_d(a.v, static_cast<double>(g), MPFR_RNDN);
    mpfr_set_zero(b.v, 1);
  }
  mpfr_set_prec(out, spec.prec + 2);
  mpfr_sub(out, a.v, b.v, MPFR_RNDN);  // exact: a power of two or max - pred
}

template <typename F, typename T>
void brute_force_random(const oracle::Spec& spec, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  oracle::Num want(64);
  int n = 0;
  for (int i = 0; i < count; ++i) {
    // A random format value (or an exact power of two), optionally nudged
    // by far less than its spacing so that it is no longer representable.
    std::uint64_t bits = rng();
    if (sizeof(T) == 4) bits &= 0xffffffffull;
    if (i % 5 == 0) bits &= (sizeof(T) == 4 ? 0xff800000ull : 0xfff0000000000000ull);
    T t;
    if constexpr (sizeof(T) == 4) t = oracle::float_of(static_cast<std::uint32_t>(bits));
    else t = oracle::double_of(bits);
    if (!std::isfinite(t)) continue;
    Mpfr x = Mpfr::with_precision(200);
    mpfr_set_d(x.get(), static_cast<double>(t), MPFR_RNDN);
    if (i % 3 == 1 && t != 0) {
      oracle::Num nudge(200);
      mpfr_set(nudge.v, x.get(), MPFR_RNDN);
      mpfr_mul_2si(nudge.v, nudge.v, -(spec.prec + 10), MPFR_RNDN);
      if (rng() & 1) mpfr_add(x.get(), x.get(), nudge.v, MPFR_RNDN);
      else mpfr_sub(x.get(), x.get(), nudge.v, MPFR_RNDN);
    }
    brute_ulp<T>(want.v, x.get(), spec);
    ASSERT_TRUE(mpfr_equal_p(ref::ulp_of<F>(x).get(), want.v))
        << F::name << " x = " << x.to_string();
    ++n;
  }
  ::testing::Test::RecordProperty(std::string(F::name) + "_points", std::to_string(n));
}

TEST(UlpOfBruteForce, FloatRandomValuesPowersOfTwoAndNudges) {
  brute_force_random<Float, float>(oracle::kFloat, 60000, kSeed);
  // Values beyond max, which no float pattern gives.
  oracle::Num want(64);
  for (const char* s : {"0x1.ffffff8p127", "0x1p128", "-0x1p200", "0x1p-160"}) {
    const Mpfr x = X(s);
    brute_ulp<float>(want.v, x.get(), oracle::kFloat);
    EXPECT_TRUE(mpfr_equal_p(ref::ulp_of<Float>(x).get(), want.v)) << s;
  }
}

TEST(UlpOfBruteForce, DoubleRandomValuesPowersOfTwoAndNudges) {
  brute_force_random<Double, double>(oracle::kDouble, 60000, kSeed + 1);
}

// ---- ulp_error ---------------------------------------------------------------

// The worked examples below each state the distance and the ulp.
TEST(UlpError, FloatWorkedExamples) {
  const std::uint32_t one = 0x3f800000u;
  EXPECT_EQ(ref::ulp_error<Float>(one, X("1")), 0.0);
  // ref = 1 exactly: ulp(1) = 2^-24.  1+2^-23 is 2^-23 away: 2 ulp.
  EXPECT_EQ(ref::ulp_error<Float>(0x3f800001u, X("1")), 2.0);
  // 1-2^-24 is 2^-24 away: 1 ulp.
  EXPECT_EQ(ref::ulp_error<Float>(0x3f7fffffu, X("1")), 1.0);
  // ref = 1+2^-25: ulp 2^-23, device 1 is 2^-25 away: 0.25.
  EXPECT_EQ(ref::ulp_error<Float>(one, X("0x1.0000008p0")), 0.25);
  // ref = 1-2^-26: ulp 2^-24, device 1 is 2^-26 away: 0.25.
  EXPECT_EQ(ref::ulp_error<Float>(one, X("0x0.ffffffcp0")), 0.25);
  // ref = 1+2^-24 (a tie): ulp 2^-23, device 1 is 2^-24 away: 0.5.
  EXPECT_EQ(ref::ulp_error<Float>(one, X("0x1.000001p0")), 0.5);
  // ref = 1+2^-23 (representable): ulp 2^-23, device 1 is 1 ulp off.
  EXPECT_EQ(ref::ulp_error<Float>(one, X("0x1.000002p0")), 1.0);
  // Subnormals: ref 2.5 * 2^-149, device 3 * 2^-149: 0.5 subnormal ulp.
  EXPECT_EQ(ref::ulp_error<Float>(3u, X("0x5p-150")), 0.5);
  // Zero reference: ulp is 2^-149.
  EXPECT_EQ(ref::ulp_error<Float>(1u, X("0")), 1.0);
  EXPECT_EQ(ref::ulp_error<Float>(0u, X("0x1p-150")), 0.5);
  // Signed zeros: numeric distance 0.
  EXPECT_EQ(ref::ulp_error<Float>(0x80000000u, X("0")), 0.0);
  EXPECT_EQ(ref::ulp_error<Float>(0u, X("-0")), 0.0);
  // Beyond max: ref 2^128, ulp 2^104; device max is 2^104 away: 1.
  EXPECT_EQ(ref::ulp_error<Float>(0x7f7fffffu, X("0x1p128")), 1.0);
  // The host-value overloads read the same bits.
  EXPECT_EQ(ref::ulp_error(1.0f, X("0x1.000001p0")), 0.5);
  EXPECT_EQ(ref::ulp_error(1.0, X("1")), 0.0);
  EXPECT_EQ(ref::ulp_error(std::nextafter(1.0, 2.0), X("1")), 2.0);  // ulp(1) = 2^-53 in double
}

TEST(UlpError, HalfWorkedExamples) {
  // ref 1: ulp 2^-11; 1+2^-10 (0x3c01) is 2 ulp, 1-2^-11 (0x3bff) is 1 ulp.
  EXPECT_EQ(ref::ulp_error<Half>(0x3c01, X("1")), 2.0);
  EXPECT_EQ(ref::ulp_error<Half>(0x3bff, X("1")), 1.0);
  // ref 65519 (beyond max): ulp 32; max is 15 away: 15/32.
  EXPECT_EQ(ref::ulp_error<Half>(0x7bff, X("65519")), 15.0 / 32);
  // Subnormal: ref 2^-25 (half the smallest subnormal), device 0: 0.5.
  EXPECT_EQ(ref::ulp_error<Half>(0x0000, X("0x1p-25")), 0.5);
}

TEST(UlpError, InfinityResults) {
  const std::uint32_t inf = 0x7f800000u, ninf = 0xff800000u;
  // Infinity stands for magnitudes >= 2^128.
  EXPECT_EQ(ref::ulp_error<Float>(inf, X("0x1p128")), 0.0);
  EXPECT_EQ(ref::ulp_error<Float>(inf, X("1e300")), 0.0);
  EXPECT_EQ(ref::ulp_error<Float>(ninf, X("-1e300")), 0.0);
  // ref = max + 2^103, the RTE overflow threshold: 2^128 - ref = 2^103,
  // ulp(ref) = 2^104: 0.5, so a correctly rounded overflow passes 0.5 ulp.
  EXPECT_EQ(ref::ulp_error<Float>(inf, X("0x1.ffffffp127")), 0.5);
  // ref = max: 2^104 away from 2^128, ulp(max) = 2^104: 1.
  EXPECT_EQ(ref::ulp_error<Float>(inf, X("0x1.fffffep127")), 1.0);
  // ref = 1 (ulp 2^-24): (2^128 - 1) * 2^24, rounded up to a double: 2^152.
  EXPECT_EQ(ref::ulp_error<Float>(inf, X("1")), std::ldexp(1.0, 152));
  // Wrong sign: (2^128 + 1) * 2^24, just above 2^152, rounded UP to the
  // next double (the error is never under-reported).
  EXPECT_EQ(ref::ulp_error<Float>(ninf, X("1")), std::nextafter(std::ldexp(1.0, 152), 1e300));
  EXPECT_GT(ref::ulp_error<Float>(ninf, X("1e300")), 1e30);
  // Double infinity against 0: 2^1024 / 2^-1074 = 2^2098 does not fit a
  // double: +inf.
  EXPECT_EQ(ref::ulp_error<Double>(0x7ff0000000000000ull, X("0")),
            std::numeric_limits<double>::infinity());
  // Infinite references.
  EXPECT_EQ(ref::ulp_error<Float>(inf, X("inf")), 0.0);
  EXPECT_EQ(ref::ulp_error<Float>(ninf, X("-inf")), 0.0);
  EXPECT_EQ(ref::ulp_error<Float>(ninf, X("inf")), std::numeric_limits<double>::infinity());
  EXPECT_EQ(ref::ulp_error<Float>(0x7f7fffffu, X("inf")), std::numeric_limits<double>::infinity());
  EXPECT_EQ(ref::ulp_error<Half>(0x7c00, X("65520")), 0.5);  // half's threshold: 2^16 - 16
}

TEST(UlpError, NaNs) {
  const double inf = std::numeric_limits<double>::infinity();
  const Mpfr nan = Mpfr::nan();
  EXPECT_EQ(ref::ulp_error<Float>(0x7fc00000u, nan), 0.0);
  EXPECT_EQ(ref::ulp_error<Float>(0xff800001u, nan), 0.0);  // any NaN, signalling too
  EXPECT_EQ(ref::ulp_error<Float>(0x3f800000u, nan), inf);
  EXPECT_EQ(ref::ulp_error<Float>(0x7f800000u, nan), inf);
  EXPECT_EQ(ref::ulp_error<Float>(0x7fc00000u, X("1")), inf);
  EXPECT_EQ(ref::ulp_error<Half>(0x7e00, X("inf")), inf);
  EXPECT_EQ(ref::ulp_error<Double>(0x7ff8000000000000ull, nan), 0.0);
}

TEST(UlpError, RoundedUpwardAndExactComparison) {
  // ref = 1 + 2^-23 + 2^-200: ulp 2^-23, device 1: error 1 + 2^-177, which
  // a double cannot hold; it is reported as the next double above 1, and
  // within_ulps(.., 1.0) is false because the comparison is exact.
  const Mpfr r = X("0x1.000002p0") + X("0x1p-200");
  EXPECT_EQ(ref::ulp_error<Float>(0x3f800000u, r), std::nextafter(1.0, 2.0));
  EXPECT_FALSE(ref::within_ulps<Float>(0x3f800000u, r, 1.0));
  EXPECT_TRUE(ref::within_ulps<Float>(0x3f800000u, r, 1.0000001));
  // The exact error, as MPFR: 1 + 2^-177.
  oracle::Num want(300);
  mpfr_set_ui_2exp(want.v, 1, -177, MPFR_RNDN);
  mpfr_add_ui(want.v, want.v, 1, MPFR_RNDN);
  EXPECT_TRUE(mpfr_equal_p(ref::ulp_error_exact<Float>(0x3f800000u, r).get(), want.v));
  // Boundaries of within_ulps.
  EXPECT_TRUE(ref::within_ulps<Float>(0x3f800001u, X("1"), 2.0));
  EXPECT_FALSE(ref::within_ulps<Float>(0x3f800001u, X("1"), 1.9999999));
  EXPECT_FALSE(ref::within_ulps<Float>(0x3f800001u, X("1"), std::nan("")));
  EXPECT_TRUE(ref::within_ulps<Float>(0x7fc00000u, Mpfr::nan(), 0.0));
  EXPECT_FALSE(ref::within_ulps<Float>(0x7fc00000u, X("1"), 1e30));
}

TEST(UlpError, ReferenceFarOutsideTheRangeIsBoundedAbove) {
  // ref = 2^-100000 (far below any float): ulp 2^-149; device 1.0.  The true
  // error is (1 - 2^-100000) * 2^149, just below 2^149; exactness would
  // need ~100000 bits, so the distance is rounded away from zero instead:
  // the reported value may be 2^149, never less than the truth.
  const Mpfr r = Mpfr::pow2(-100000);
  const double e = ref::ulp_error<Float>(0x3f800000u, r);
  EXPECT_GE(e, std::nextafter(std::ldexp(1.0, 149), 0.0));
  EXPECT_LE(e, std::ldexp(1.0, 149));
  EXPECT_FALSE(ref::within_ulps<Float>(0x3f800000u, r, 1e44));
}

// ulp_error_exact against a direct computation with the brute-force ulp,
// for random device results near random references.
TEST(UlpError, RandomAgainstBruteForce) {
  std::mt19937_64 rng(kSeed + 2);
  oracle::Num u(64), diff(4000), want(4000);
  for (int i = 0; i < 30000; ++i) {
    const auto rb = static_cast<std::uint32_t>(rng());
    const float rf = oracle::float_of(rb);
    if (!std::isfinite(rf)) continue;
    Mpfr r = Mpfr::with_precision(120);
    mpfr_set_flt(r.get(), rf, MPFR_RNDN);
    if (i & 1) {  // move it off the grid by a random fraction of its spacing
      oracle::Num off(120);
      mpfr_set_flt(off.v, rf == 0 ? 1e-45f : rf, MPFR_RNDN);
      mpfr_mul_2si(off.v, off.v, -24 - static_cast<long>(rng() % 40), MPFR_RNDN);
      mpfr_add(r.get(), r.get(), off.v, MPFR_RNDN);
    }
    const std::uint32_t db = (i % 3 == 0) ? static_cast<std::uint32_t>(rng())
                                          : rb + static_cast<std::uint32_t>(rng() % 9) - 4;
    const float df = oracle::float_of(db);
    if (!std::isfinite(df)) continue;
    brute_ulp<float>(u.v, r.get(), oracle::kFloat);
    mpfr_set_flt(want.v, df, MPFR_RNDN);
    mpfr_sub(diff.v, want.v, r.get(), MPFR_RNDN);  // 4000 bits: exact for floats
    mpfr_abs(diff.v, diff.v, MPFR_RNDN);
    mpfr_div(want.v, diff.v, u.v, MPFR_RNDN);      // by a power of two (or max-pred, also 2^k)
    ASSERT_TRUE(mpfr_equal_p(ref::ulp_error_exact<Float>(db, r).get(), want.v))
        << "device " << db << " ref " << r.to_string();
  }
}

// ---- correctly rounded --------------------------------------------------------

TEST(CorrectlyRounded, TiesDirectionsZerosAndNaN) {
  using R = Rounding;
  // ref = 1 + 2^-24: exactly between 1 (even) and 1+2^-23.
  const Mpfr tie = X("0x1.000001p0");
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x3f800000u, tie, R::NearestEven));
  EXPECT_FALSE(ref::is_correctly_rounded<Float>(0x3f800001u, tie, R::NearestEven));
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x3f800001u, tie, R::TowardPositive));
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x3f800000u, tie, R::TowardZero));
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x3f800000u, tie, R::TowardNegative));
  // A hair above the tie: RTE goes up.
  const Mpfr above = tie + X("0x1p-100");
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x3f800001u, above, R::NearestEven));
  EXPECT_FALSE(ref::is_correctly_rounded<Float>(0x3f800000u, above, R::NearestEven));
  // Odd tie: 1 + 3 * 2^-24 goes to 1 + 2^-22 (even).
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x3f800002u, X("0x1.000003p0"), R::NearestEven));
  // Overflow threshold: RTE gives inf, RTZ max.
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x7f800000u, X("0x1.ffffffp127"), R::NearestEven));
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x7f7fffffu, X("0x1.ffffffp127"), R::TowardZero));
  // A tiny negative reference rounds to -0; +0 is not accepted.
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x80000000u, X("-0x1p-200"), R::NearestEven));
  EXPECT_FALSE(ref::is_correctly_rounded<Float>(0x00000000u, X("-0x1p-200"), R::NearestEven));
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x80000001u, X("-0x1p-200"), R::TowardNegative));
  // Any NaN matches a NaN reference; nothing else does.
  EXPECT_TRUE(ref::is_correctly_rounded<Float>(0x7fc00001u, Mpfr::nan()));
  EXPECT_FALSE(ref::is_correctly_rounded<Float>(0x7f800000u, Mpfr::nan()));
  EXPECT_FALSE(ref::is_correctly_rounded<Float>(0x7fc00000u, X("1")));
  // Half subnormal tie: 2^-25 goes to 0 (even), 3 * 2^-25 to 2 * 2^-24.
  EXPECT_TRUE(ref::is_correctly_rounded<Half>(0x0000, X("0x1p-25")));
  EXPECT_TRUE(ref::is_correctly_rounded<Half>(0x0002, X("0x3p-25")));
  EXPECT_FALSE(ref::is_correctly_rounded<Half>(0x0001, X("0x3p-25")));
}

}  // namespace
