// Mpfr: exact construction, value semantics, comparisons, helpers, text,
// and round_to<F> against the MPFR exponent-range oracle (oracle.hpp) on
// high-precision inputs (sticky bits far below double precision).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "oracle.hpp"
#include "reference/mpfr_value.hpp"

namespace {

namespace ref = clconform::ref;
using ref::Double;
using ref::Float;
using ref::Half;
using ref::Mpfr;
using ref::Rounding;

constexpr std::uint64_t kSeed = 0x3e7;

struct Mode {
  Rounding r;
  mpfr_rnd_t m;
  const char* name;
};
const Mode kModes[] = {{Rounding::NearestEven, MPFR_RNDN, "rte"},
                       {Rounding::TowardZero, MPFR_RNDZ, "rtz"},
                       {Rounding::TowardPositive, MPFR_RNDU, "rtp"},
                       {Rounding::TowardNegative, MPFR_RNDD, "rtn"}};

// Equal value and equal sign (so -0 != +0 here); NaN equals NaN.
bool same(mpfr_srcptr a, mpfr_srcptr b) {
  if (mpfr_nan_p(a) || mpfr_nan_p(b)) return mpfr_nan_p(a) && mpfr_nan_p(b);
  return mpfr_equal_p(a, b) && mpfr_signbit(a) == mpfr_signbit(b);
}

bool equals_text(const Mpfr& m, const char* decimal) {
  oracle::Num want(128);
  mpfr_set_str(want.v, decimal, 10, MPFR_RNDN);
  return same(m.get(), want.v);
}

// ---- construction -------------------------------------------------------------

TEST(Mpfr, DefaultIsNaNAtDefaultPrecision) {
  const Mpfr m;
  EXPECT_TRUE(m.is_nan());
  EXPECT_EQ(m.precision(), Mpfr::default_precision);
  EXPECT_EQ(Mpfr::with_precision(77).precision(), 77);
  EXPECT_TRUE(Mpfr::with_precision(77).is_nan());
}

TEST(Mpfr, HostNumbersAreExactAndPrecisionIsRaisedToHoldThem) {
  const Mpfr d(0.1, 10);  // 10 bits asked for; 0.1 needs 53
  EXPECT_GE(d.precision(), 53);
  oracle::Num want(53);
  mpfr_set_d(want.v, 0.1, MPFR_RNDN);
  EXPECT_TRUE(same(d.get(), want.v));
  EXPECT_EQ(Mpfr(0.1).precision(), Mpfr::default_precision);

  const Mpfr f(0.1f, 2);
  EXPECT_GE(f.precision(), 24);
  mpfr_set_flt(want.v, 0.1f, MPFR_RNDN);
  EXPECT_TRUE(same(f.get(), want.v));

  EXPECT_TRUE(equals_text(Mpfr(std::numeric_limits<std::int64_t>::min(), 8), "-9223372036854775808"));
  EXPECT_TRUE(equals_text(Mpfr(std::numeric_limits<std::int64_t>::max(), 8), "9223372036854775807"));
  EXPECT_TRUE(equals_text(Mpfr(std::numeric_limits<std::uint64_t>::max(), 8), "18446744073709551615"));
  EXPECT_TRUE(equals_text(Mpfr(-1), "-1"));
  EXPECT_TRUE(equals_text(Mpfr(static_cast<unsigned char>(200)), "200"));
  EXPECT_TRUE(equals_text(Mpfr(0x123456789abcdefull), "81985529216486895"));
  EXPECT_GE(Mpfr(std::int64_t{1}, 8).precision(), 64);
  const Mpfr z(0);
  EXPECT_TRUE(z.is_zero());
  EXPECT_FALSE(z.signbit());
  EXPECT_TRUE(Mpfr(-0.0).is_zero());
  EXPECT_TRUE(Mpfr(-0.0).signbit());
  EXPECT_TRUE(Mpfr(std::numeric_limits<double>::infinity()).is_inf());
  EXPECT_TRUE(Mpfr(std::nanf("")).is_nan());
  EXPECT_TRUE(equals_text(Mpfr(std::numeric_limits<double>::denorm_min()),
                          "4.940656458412465441765687928682213723651e-324") ||
              mpfr_cmp_ui_2exp(Mpfr(std::numeric_limits<double>::denorm_min()).get(), 1, -1074) == 0);
}

TEST(Mpfr, FromBitsEveryHalf) {
  oracle::Num want(16);
  for (std::uint32_t i = 0; i < 65536; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    oracle::half_value(want.v, h);
    const Mpfr m = Mpfr::from_half_bits(h, 2);
    ASSERT_TRUE(same(m.get(), want.v)) << h;
    ASSERT_GE(m.precision(), 11);
  }
}

TEST(Mpfr, FromBitsFloatAndDouble) {
  std::mt19937_64 rng(kSeed);
  oracle::Num want(53);
  for (int i = 0; i < 100000; ++i) {
    auto fb = static_cast<std::uint32_t>(rng());
    if (i % 8 == 0) fb &= 0x807fffffu;  // subnormals
    mpfr_set_flt(want.v, oracle::float_of(fb), MPFR_RNDN);
    ASSERT_TRUE(same(Mpfr::from_bits<Float>(fb).get(), want.v)) << fb;
    std::uint64_t db = rng();
    if (i % 8 == 0) db &= 0x800fffffffffffffull;
    mpfr_set_d(want.v, oracle::double_of(db), MPFR_RNDN);
    ASSERT_TRUE(same(Mpfr::from_bits<Double>(db).get(), want.v)) << db;
  }
}

TEST(Mpfr, SpecialValueFactories) {
  EXPECT_TRUE(Mpfr::zero(true).is_zero());
  EXPECT_TRUE(Mpfr::zero(true).signbit());
  EXPECT_FALSE(Mpfr::zero().signbit());
  EXPECT_TRUE(Mpfr::infinity(true).is_inf());
  EXPECT_TRUE(Mpfr::infinity(true).signbit());
  EXPECT_TRUE(Mpfr::nan().is_nan());
  EXPECT_EQ(mpfr_cmp_ui_2exp(Mpfr::pow2(-1074).get(), 1, -1074), 0);
  EXPECT_EQ(mpfr_cmp_ui_2exp(Mpfr::pow2(100000).get(), 1, 100000), 0);
}

// ---- value semantics ------------------------------------------------------------

TEST(Mpfr, CopyIsDeepAndKeepsPrecision) {
  Mpfr a(3.0, 100);
  Mpfr b(a);
  EXPECT_EQ(b.precision(), 100);
  EXPECT_TRUE(b == a);
  mpfr_set_ui(b.get(), 7, MPFR_RNDN);
  EXPECT_TRUE(equals_text(a, "3"));  // a untouched
  Mpfr c(1.0, 500);
  c = a;  // assignment takes the source's precision
  EXPECT_EQ(c.precision(), 100);
  EXPECT_TRUE(c == a);
  const Mpfr& alias = c;
  c = alias;  // self-assignment
  EXPECT_TRUE(equals_text(c, "3"));
}

TEST(Mpfr, MoveTransfersAndLeavesAUsableObject) {
  Mpfr a(5.0, 300);
  Mpfr b(std::move(a));
  EXPECT_TRUE(equals_text(b, "5"));
  EXPECT_EQ(b.precision(), 300);
  a = Mpfr(6.0);  // the moved-from object can be assigned again
  EXPECT_TRUE(equals_text(a, "6"));
  Mpfr c(1.0);
  c = std::move(b);
  EXPECT_TRUE(equals_text(c, "5"));
  // A vector reallocating moves its elements.
  std::vector<Mpfr> v;
  for (int i = 0; i < 100; ++i) v.emplace_back(i);
  for (int i = 0; i < 100; ++i) ASSERT_TRUE(equals_text(v[static_cast<std::size_t>(i)], std::to_string(i).c_str()));
}

// ---- comparisons and helpers -------------------------------------------------------

TEST(Mpfr, ComparisonsFollowIeee) {
  const Mpfr one(1.0), two(2.0), nan = Mpfr::nan(), pz(0.0), nz(-0.0);
  EXPECT_TRUE(one < two);
  EXPECT_TRUE(one <= one);
  EXPECT_TRUE(two > one);
  EXPECT_TRUE(two >= two);
  EXPECT_TRUE(one != two);
  EXPECT_TRUE(pz == nz);
  EXPECT_FALSE(nan == nan);
  EXPECT_TRUE(nan != nan);
  EXPECT_FALSE(nan < one);
  EXPECT_FALSE(nan >= one);
  EXPECT_FALSE(one <= nan);
}

TEST(Mpfr, ArithmeticHelpers) {
  const Mpfr one(1.0), tiny = Mpfr::pow2(-30);
  // At 24 bits 1 + 2^-30 rounds to 1 (RTE, RTZ, RTN) or 1 + 2^-23 (RTP).
  EXPECT_TRUE(equals_text(ref::add(one, tiny, 24), "1"));
  EXPECT_EQ(mpfr_cmp_d(ref::add(one, tiny, 24, Rounding::TowardPositive).get(), 1.0 + std::ldexp(1.0, -23)), 0);
  EXPECT_EQ(mpfr_cmp_d(ref::sub(one, tiny, 24, Rounding::TowardNegative).get(), 1.0 - std::ldexp(1.0, -24)), 0);
  EXPECT_TRUE(equals_text(ref::mul(Mpfr(3.0), Mpfr(5.0), 8), "15"));
  EXPECT_TRUE(equals_text(ref::div(Mpfr(1.0), Mpfr(4.0), 8), "0.25"));
  // div(1, 3) at 2 bits: 1/3 = 0.0101..b -> 0.011b = 0.375 (RTP), 0.25 (RTZ).
  EXPECT_TRUE(equals_text(ref::div(Mpfr(1.0), Mpfr(3.0), 2, Rounding::TowardPositive), "0.375"));
  EXPECT_TRUE(equals_text(ref::div(Mpfr(1.0), Mpfr(3.0), 2, Rounding::TowardZero), "0.25"));
  // Operators work at the wider precision: exact here.
  EXPECT_EQ(mpfr_cmp_d((one + tiny).get(), 1.0 + std::ldexp(1.0, -30)), 0);
  EXPECT_EQ(mpfr_cmp_d((one - tiny).get(), 1.0 - std::ldexp(1.0, -30)), 0);
  EXPECT_TRUE(equals_text(Mpfr(1.5) * Mpfr(4.0), "6"));
  EXPECT_TRUE(equals_text(Mpfr(6.0) / Mpfr(4.0), "1.5"));
  EXPECT_TRUE(equals_text((-Mpfr(2.0)).abs(), "2"));
  EXPECT_TRUE(equals_text(-Mpfr(2.0), "-2"));
  EXPECT_TRUE(equals_text(Mpfr(3.0).scaled_by_pow2(-2), "0.75"));
  EXPECT_EQ(Mpfr(0.75).floor_log2(), -1);
  EXPECT_EQ(Mpfr(1.0).floor_log2(), 0);
  EXPECT_EQ(Mpfr(-1024.0).floor_log2(), 10);
  EXPECT_EQ(Mpfr::pow2(-1074).floor_log2(), -1074);
  EXPECT_THROW(Mpfr(0.0).floor_log2(), std::domain_error);
  EXPECT_TRUE(Mpfr(-0.5).is_power_of_two());
  EXPECT_FALSE(Mpfr(0.75).is_power_of_two());
  EXPECT_FALSE(Mpfr(0.0).is_power_of_two());
  EXPECT_FALSE(Mpfr::nan().is_power_of_two());
}

TEST(Mpfr, AbsDiffIsExactOrRoundedAway) {
  // 1 - 2^-1000 needs 1001 bits; the operands have 53 each.
  const Mpfr d = ref::abs_diff(Mpfr(1.0), Mpfr(std::ldexp(1.0, -1000)));
  oracle::Num want(1100);
  mpfr_set_ui_2exp(want.v, 1, -1000, MPFR_RNDN);
  mpfr_ui_sub(want.v, 1, want.v, MPFR_RNDN);
  EXPECT_TRUE(mpfr_equal_p(d.get(), want.v));
  // Sign of the operands does not matter: |-3 - 5| = 8.
  EXPECT_TRUE(equals_text(ref::abs_diff(Mpfr(-3.0), Mpfr(5.0)), "8"));
  EXPECT_TRUE(equals_text(ref::abs_diff(Mpfr(0.0), Mpfr(-5.0)), "5"));
  // With a small cap the result is rounded away from zero: 1 - 2^-1000 at
  // 16 bits becomes 1 (not 1 - 2^-16).
  EXPECT_TRUE(equals_text(ref::abs_diff(Mpfr(1.0), Mpfr(std::ldexp(1.0, -1000)), 16), "1"));
  // (1 + 2^-20) - 2^-1000 at 16 bits: nearest would be 1, away from zero is
  // 1 + 2^-15.
  EXPECT_EQ(mpfr_cmp_d(ref::abs_diff(Mpfr(1.0 + std::ldexp(1.0, -20)), Mpfr(std::ldexp(1.0, -1000)), 16).get(),
                       1.0 + std::ldexp(1.0, -15)),
            0);
  EXPECT_TRUE(ref::abs_diff(Mpfr(1.0), Mpfr::nan()).is_nan());
  EXPECT_TRUE(ref::abs_diff(Mpfr::infinity(true), Mpfr(1.0)).is_inf());
}

// ---- text -------------------------------------------------------------------------

TEST(Mpfr, TextIsExactAndParses) {
  EXPECT_EQ(Mpfr(0.1875).to_string(), "0x1.8p-3");
  EXPECT_EQ(Mpfr(-1.0).to_string(), "-0x1p+0");
  EXPECT_EQ(Mpfr(3.0 + std::ldexp(1.0, -40)).to_string(), "0x1.80000000008p+1");
  EXPECT_EQ(Mpfr::pow2(-100000).to_string(), "0x1p-100000");
  EXPECT_EQ(Mpfr(-0.0).to_string(), "-0");
  EXPECT_EQ(Mpfr(0.0).to_string(), "0");
  EXPECT_EQ(Mpfr::infinity(true).to_string(), "-inf");
  EXPECT_EQ(Mpfr::nan().to_string(), "nan");
  EXPECT_TRUE(equals_text(Mpfr::parse("0x1.8p-3"), "0.1875"));
  EXPECT_TRUE(equals_text(Mpfr::parse("-2.5e3"), "-2500"));
  EXPECT_TRUE(Mpfr::parse("inf").is_inf());
  EXPECT_TRUE(Mpfr::parse("nan").is_nan());
  EXPECT_THROW(Mpfr::parse("1.5x"), std::invalid_argument);
  EXPECT_THROW(Mpfr::parse(""), std::invalid_argument);
  // parse rounds to the precision asked for, in the direction asked for.
  EXPECT_TRUE(equals_text(Mpfr::parse("0.1", 2, Rounding::TowardZero), "0.09375"));
  EXPECT_EQ(Mpfr::parse("1", 2).precision(), 2);
  // Round trip through the exact text at 200 bits.
  std::mt19937_64 rng(kSeed + 1);
  for (int i = 0; i < 2000; ++i) {
    Mpfr x = Mpfr::with_precision(200);
    mpfr_set_d(x.get(), oracle::double_of(rng() & 0xbfffffffffffffffull), MPFR_RNDN);
    mpfr_mul_d(x.get(), x.get(), 1.0 + std::ldexp(static_cast<double>(rng() >> 12), -60), MPFR_RNDN);
    const Mpfr back = Mpfr::parse(x.to_string(), 200);
    ASSERT_TRUE(same(back.get(), x.get())) << x.to_string();
  }
  EXPECT_EQ(Mpfr(1.0 / 3).to_decimal(5), "0.33333");
}

// ---- rounding to a format --------------------------------------------------------

// The oracle's answer as a bit pattern.  Half patterns are looked up by
// value in a table of every half (built from the IEEE formula).
std::uint16_t half_pattern_of(float f) {
  static const std::vector<std::pair<std::uint32_t, std::uint16_t>> table = [] {
    std::vector<std::pair<std::uint32_t, std::uint16_t>> t;
    for (std::uint32_t i = 0; i < 65536; ++i) {
      const auto h = static_cast<std::uint16_t>(i);
      const float v = oracle::half_as_float(h);
      if (!std::isnan(v)) t.emplace_back(oracle::bits_of(v), h);
    }
    std::sort(t.begin(), t.end());
    return t;
  }();
  const auto key = std::make_pair(oracle::bits_of(f), std::uint16_t{0});
  const auto it = std::lower_bound(table.begin(), table.end(), key);
  return it != table.end() && it->first == key.first ? it->second : 0x7fff;  // 0x7fff: never matches
}

template <typename F>
typename F::Bits oracle_bits(mpfr_srcptr x, const oracle::Spec& spec, mpfr_rnd_t rnd) {
  oracle::Num r(spec.prec);
  oracle::round_to_format(r.v, x, spec, rnd);
  // r is representable in the format, so these host reads are exact.
  if constexpr (std::is_same_v<F, Half>) return half_pattern_of(mpfr_get_flt(r.v, MPFR_RNDN));
  else if constexpr (std::is_same_v<F, Float>) return oracle::bits_of(mpfr_get_flt(r.v, MPFR_RNDN));
  else return oracle::bits_of(mpfr_get_d(r.v, MPFR_RNDN));
}

template <typename F>
void check_round_to(const Mpfr& x, const oracle::Spec& spec, std::uint64_t& failures) {
  for (const Mode& m : kModes) {
    const auto want = oracle_bits<F>(x.get(), spec, m.m);
    const auto got = x.round_to<F>(m.r);
    if (got != want && ++failures <= 20)
      ADD_FAILURE() << F::name << " " << m.name << " x = " << x.to_string() << ": got " << +got
                    << ", oracle " << +want;
  }
}

// x * (1 + k * 2^-shift), at 160 bits.
Mpfr nudged(double anchor, int k, int shift) {
  Mpfr x = Mpfr::with_precision(160);
  mpfr_set_d(x.get(), anchor, MPFR_RNDN);
  oracle::Num d(160);
  mpfr_mul_2si(d.v, x.get(), -shift, MPFR_RNDN);
  mpfr_mul_si(d.v, d.v, k, MPFR_RNDN);
  mpfr_add(x.get(), x.get(), d.v, MPFR_RNDN);
  return x;
}

TEST(RoundTo, HalfAroundEveryValueAndMidpointWithFarStickyBits) {
  std::uint64_t failures = 0;
  for (std::uint32_t h = 0; h <= 0x7bff; ++h) {
    const double v = oracle::half_as_double(static_cast<std::uint16_t>(h));
    const double next = h == 0x7bff ? 65536.0 : oracle::half_as_double(static_cast<std::uint16_t>(h + 1));
    for (double a : {v, (v + next) / 2})
      for (int k : {0, 1, -1})
        for (double s : {1.0, -1.0}) check_round_to<Half>(nudged(s * a, k, 90), oracle::kHalf, failures);
  }
  EXPECT_EQ(failures, 0u);
}

TEST(RoundTo, FloatAndDoubleRandomWithFarStickyBits) {
  std::mt19937_64 rng(kSeed + 2);
  std::uint64_t failures = 0;
  for (int i = 0; i < 40000; ++i) {
    // A float, or the midpoint to its successor, nudged far below double
    // precision.
    const auto fb = static_cast<std::uint32_t>(rng()) & 0x7fffffffu;
    const float f = oracle::float_of(fb);
    if (!std::isfinite(f)) continue;
    const double next = fb == 0x7f7fffffu ? std::ldexp(1.0, 128) : double(oracle::float_of(fb + 1));
    const double a = (i & 1) ? (double(f) + next) / 2 : double(f);
    const int k = static_cast<int>(rng() % 3) - 1;
    check_round_to<Float>(nudged((i & 2) ? -a : a, k, 100), oracle::kFloat, failures);

    const std::uint64_t db = rng() & 0x7fffffffffffffffull;
    const double d = oracle::double_of(db);
    if (!std::isfinite(d)) continue;
    Mpfr x = nudged((i & 2) ? -d : d, k, 120);
    if (i & 1) {  // the midpoint to the successor
      oracle::Num half_gap(160);
      mpfr_set_d(half_gap.v, std::nextafter(d, 1e308 * 10) - d, MPFR_RNDN);  // may be inf at max
      if (mpfr_number_p(half_gap.v)) {
        mpfr_div_2ui(half_gap.v, half_gap.v, 1, MPFR_RNDN);
        if (i & 2) mpfr_sub(x.get(), x.get(), half_gap.v, MPFR_RNDN);
        else mpfr_add(x.get(), x.get(), half_gap.v, MPFR_RNDN);
      }
    }
    check_round_to<Double>(x, oracle::kDouble, failures);
  }
  EXPECT_EQ(failures, 0u);
}

TEST(RoundTo, ExtremesOfEveryFormat) {
  std::uint64_t failures = 0;
  for (const char* s :
       {"0x1p-100000", "-0x1p-100000", "0x1p100000", "-0x1p100000", "0x1p-25", "0x1.0000000001p-25",
        "0x1p-26", "0x1.8p-25", "0x1p-150", "0x1.00000001p-150", "0x1p-1075", "0x1.0000000000001p-1075",
        "0x1.8p-1075", "0x1.ffffffffffffffp1023", "0x1.fffffffffffff8p1023", "0x1.ffffffp127",
        "0x1.fffffefffffp127", "65520", "65519.999999", "0x1.ffcp15", "0x1.ffbfffffp15"}) {
    Mpfr x = Mpfr::with_precision(200);
    mpfr_set_str(x.get(), s, 0, MPFR_RNDN);
    for (int pass = 0; pass < 2; ++pass) {  // x, then -x
      check_round_to<Half>(x, oracle::kHalf, failures);
      check_round_to<Float>(x, oracle::kFloat, failures);
      check_round_to<Double>(x, oracle::kDouble, failures);
      mpfr_neg(x.get(), x.get(), MPFR_RNDN);
    }
  }
  EXPECT_EQ(failures, 0u);
  // Specials.
  EXPECT_EQ(Mpfr::nan().round_to<Half>(), 0x7e00);
  EXPECT_EQ(Mpfr::infinity(true).round_to<Float>(Rounding::TowardZero), 0xff800000u);
  EXPECT_EQ(Mpfr::zero(true).round_to<Double>(Rounding::TowardPositive), 0x8000000000000000ull);
  // 2^-1075 is half the smallest subnormal (tie -> 0); 3 * 2^-1076 is 0.75 of it.
  EXPECT_EQ(oracle::bits_of(Mpfr::parse("0x1p-1075").to_double()), 0u);
  EXPECT_EQ(oracle::bits_of(Mpfr::parse("-0x1p-1075").to_double()), 0x8000000000000000ull);
  EXPECT_EQ(Mpfr::parse("0x3p-1076").to_double(Rounding::NearestEven),
            std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(Mpfr::parse("0x3p-1076").to_double(Rounding::TowardZero), 0.0);
  EXPECT_EQ(Mpfr(1e300).to_float(Rounding::TowardZero), std::numeric_limits<float>::max());
}

TEST(RoundTo, LeavesMpfrExponentRangeAlone) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  for (const char* s : {"0x1p-30", "1e10", "0x1p-1075", "0x1.8p-149"}) {
    const Mpfr x = Mpfr::parse(s);
    for (const Mode& m : kModes) {
      (void)x.round_to<Half>(m.r);
      (void)x.round_to<Float>(m.r);
      (void)x.round_to<Double>(m.r);
    }
  }
  EXPECT_EQ(mpfr_get_emin(), emin);
  EXPECT_EQ(mpfr_get_emax(), emax);
}

// With a thread-safe MPFR, round_to gives the same answers from several
// threads at once, while another thread narrows its own exponent range
// (as the oracle does).  Skipped when MPFR lacks TLS.
TEST(RoundTo, ConcurrentThreads) {
  ::testing::Test::RecordProperty("mpfr_tls", ref::mpfr_thread_safe() ? "yes" : "no");
  EXPECT_EQ(ref::mpfr_thread_safe(), mpfr_buildopt_tls_p() != 0);
  if (!ref::mpfr_thread_safe()) GTEST_SKIP() << "MPFR built without thread-local storage";
  std::vector<std::uint16_t> inputs;
  std::vector<std::uint16_t> expected;
  for (std::uint32_t h = 0; h < 0x7c00; h += 7) {
    inputs.push_back(static_cast<std::uint16_t>(h));
  }
  // Inputs: the midpoints between neighbouring halves (ties); expectations
  // from the oracle, computed before the threads start.
  std::vector<Mpfr> xs;
  for (auto h : inputs) {
    const double v = oracle::half_as_double(h);
    const double next = h == 0x7bff ? 65536.0 : oracle::half_as_double(static_cast<std::uint16_t>(h + 1));
    Mpfr x = Mpfr::with_precision(64);
    mpfr_set_d(x.get(), (v + next) / 2, MPFR_RNDN);
    expected.push_back(oracle_bits<Half>(x.get(), oracle::kHalf, MPFR_RNDN));
    xs.push_back(std::move(x));
  }
  std::atomic<int> mismatches{0};
  std::atomic<bool> stop{false};
  std::thread narrower([&] {
    while (!stop) {
      oracle::RangeGuard g(-23, 16);
      std::this_thread::yield();
    }
  });
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t)
    workers.emplace_back([&] {
      for (int rep = 0; rep < 20; ++rep)
        for (std::size_t i = 0; i < xs.size(); ++i)
          if (xs[i].round_to<Half>(Rounding::NearestEven) != expected[i]) ++mismatches;
    });
  for (auto& w : workers) w.join();
  stop = true;
  narrower.join();
  EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
