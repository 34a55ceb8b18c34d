// fp_bits: constants, fields, classification and next_up/next_down, checked
// against the IEEE formula (half), the C library (float/double: numeric
// limits, fpclassify, nextafter) and a value-sorted list of every half.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "oracle.hpp"
#include "reference/fp_bits.hpp"

namespace {

namespace ref = clconform::ref;
using ref::Double;
using ref::Float;
using ref::FpClass;
using ref::Half;

constexpr std::uint64_t kSeed = 0xb175;

TEST(FpBits, HalfConstantsHaveTheirIeeeValues) {
  EXPECT_EQ(oracle::half_as_double(Half::max_finite_bits), 65504.0);
  EXPECT_EQ(oracle::half_as_double(Half::min_normal_bits), std::ldexp(1.0, -14));
  EXPECT_EQ(oracle::half_as_double(Half::min_subnormal_bits), std::ldexp(1.0, -24));
  EXPECT_EQ(oracle::half_as_double(Half::max_subnormal_bits), 1023 * std::ldexp(1.0, -24));
  EXPECT_EQ(oracle::half_as_double(Half::epsilon_bits), std::ldexp(1.0, -10));
  EXPECT_EQ(oracle::half_as_double(Half::one_bits), 1.0);
  EXPECT_TRUE(std::isinf(oracle::half_as_double(Half::infinity_bits)));
  EXPECT_TRUE(std::isnan(oracle::half_as_double(Half::quiet_nan_bits)));
  EXPECT_EQ(Half::sign_mask, 0x8000);
  EXPECT_EQ(Half::precision, 11);
  EXPECT_EQ(Half::emin, -14);
  EXPECT_EQ(Half::emax, 15);
  EXPECT_EQ(Half::mpfr_emin, oracle::kHalf.emin);
  EXPECT_EQ(Half::mpfr_emax, oracle::kHalf.emax);
}

TEST(FpBits, FloatAndDoubleConstantsMatchNumericLimits) {
  using FL = std::numeric_limits<float>;
  using DL = std::numeric_limits<double>;
  EXPECT_EQ(Float::max_finite_bits, oracle::bits_of(FL::max()));
  EXPECT_EQ(Float::min_normal_bits, oracle::bits_of(FL::min()));
  EXPECT_EQ(Float::min_subnormal_bits, oracle::bits_of(FL::denorm_min()));
  EXPECT_EQ(Float::epsilon_bits, oracle::bits_of(FL::epsilon()));
  EXPECT_EQ(Float::infinity_bits, oracle::bits_of(FL::infinity()));
  EXPECT_EQ(Float::quiet_nan_bits, oracle::bits_of(FL::quiet_NaN()));
  EXPECT_EQ(Float::one_bits, oracle::bits_of(1.0f));
  EXPECT_EQ(Float::precision, FL::digits);
  EXPECT_EQ(Float::emin, FL::min_exponent - 1);  // C counts 0.5 <= m < 1
  EXPECT_EQ(Float::emax, FL::max_exponent - 1);
  EXPECT_EQ(Float::mpfr_emin, oracle::kFloat.emin);
  EXPECT_EQ(Float::mpfr_emax, oracle::kFloat.emax);

  EXPECT_EQ(Double::max_finite_bits, oracle::bits_of(DL::max()));
  EXPECT_EQ(Double::min_normal_bits, oracle::bits_of(DL::min()));
  EXPECT_EQ(Double::min_subnormal_bits, oracle::bits_of(DL::denorm_min()));
  EXPECT_EQ(Double::epsilon_bits, oracle::bits_of(DL::epsilon()));
  EXPECT_EQ(Double::infinity_bits, oracle::bits_of(DL::infinity()));
  EXPECT_EQ(Double::quiet_nan_bits, oracle::bits_of(DL::quiet_NaN()));
  EXPECT_EQ(Double::one_bits, oracle::bits_of(1.0));
  EXPECT_EQ(Double::precision, DL::digits);
  EXPECT_EQ(Double::emin, DL::min_exponent - 1);
  EXPECT_EQ(Double::emax, DL::max_exponent - 1);
  EXPECT_EQ(Double::mpfr_emin, oracle::kDouble.emin);
  EXPECT_EQ(Double::mpfr_emax, oracle::kDouble.emax);
}

TEST(FpBits, HostBitViewsRoundTrip) {
  EXPECT_EQ(ref::to_bits(-2.0f), 0xc0000000u);
  EXPECT_EQ(ref::to_bits(0.5), 0x3fe0000000000000ull);
  EXPECT_EQ(ref::float_from_bits(0x3f800000u), 1.0f);
  EXPECT_EQ(ref::double_from_bits(0xbff0000000000000ull), -1.0);
  EXPECT_EQ(ref::value_from_bits<Float>(0x40490fdbu), 3.14159274101257324f);
}

TEST(FpBits, FieldsOfKnownPatterns) {
  // 1.5f = 0x3fc00000: exponent field 127, fraction 0x400000.
  EXPECT_FALSE(ref::sign_bit<Float>(0x3fc00000u));
  EXPECT_EQ(ref::biased_exponent<Float>(0x3fc00000u), 127);
  EXPECT_EQ(ref::unbiased_exponent<Float>(0x3fc00000u), 0);
  EXPECT_EQ(ref::mantissa<Float>(0x3fc00000u), 0x400000u);
  EXPECT_EQ(ref::significand<Float>(0x3fc00000u), 0xc00000u);
  // -3 * 2^-149: a subnormal, scaled like the smallest normal binade.
  EXPECT_TRUE(ref::sign_bit<Float>(0x80000003u));
  EXPECT_EQ(ref::biased_exponent<Float>(0x80000003u), 0);
  EXPECT_EQ(ref::unbiased_exponent<Float>(0x80000003u), -126);
  EXPECT_EQ(ref::significand<Float>(0x80000003u), 3u);
  // Half -65504 = 0xfbff.
  EXPECT_TRUE(ref::sign_bit<Half>(0xfbff));
  EXPECT_EQ(ref::unbiased_exponent<Half>(0xfbff), 15);
  EXPECT_EQ(ref::significand<Half>(0xfbff), 0x7ffu);
  EXPECT_EQ(ref::compose<Half>(true, 30, 0x3ff), 0xfbff);
  EXPECT_EQ(ref::compose<Double>(false, 1023, 0), 0x3ff0000000000000ull);
  EXPECT_EQ(ref::abs_bits<Half>(0xfbff), 0x7bff);
  EXPECT_EQ(ref::negate_bits<Double>(0), 0x8000000000000000ull);
}

// significand * 2^(unbiased_exponent - mantissa_bits) must be the value.
TEST(FpBits, FieldsRebuildTheValue) {
  for (std::uint32_t i = 0; i < 65536; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    if (!ref::is_finite<Half>(h)) continue;
    const double v = std::ldexp(static_cast<double>(ref::significand<Half>(h)),
                                ref::unbiased_exponent<Half>(h) - Half::mantissa_bits);
    ASSERT_EQ(ref::sign_bit<Half>(h) ? -v : v, oracle::half_as_double(h)) << h;
  }
  std::mt19937_64 rng(kSeed);
  for (int i = 0; i < 200000; ++i) {
    const auto fb = static_cast<std::uint32_t>(rng());
    const float f = oracle::float_of(fb);
    if (std::isfinite(f)) {
      // Done in double: exact for every float.
      const double v = std::ldexp(static_cast<double>(ref::significand<Float>(fb)),
                                  ref::unbiased_exponent<Float>(fb) - Float::mantissa_bits);
      ASSERT_EQ(ref::sign_bit<Float>(fb) ? -v : v, static_cast<double>(f)) << fb;
    }
    const std::uint64_t db = rng();
    const double d = oracle::double_of(db);
    if (std::isfinite(d)) {
      // Rebuilt in MPFR, exactly, and compared with MPFR's reading of d.
      oracle::Num a(64), b(64);
      mpfr_set_d(a.v, static_cast<double>(ref::significand<Double>(db)), MPFR_RNDN);
      mpfr_mul_2si(a.v, a.v, ref::unbiased_exponent<Double>(db) - Double::mantissa_bits, MPFR_RNDN);
      if (ref::sign_bit<Double>(db)) mpfr_neg(a.v, a.v, MPFR_RNDN);
      mpfr_set_d(b.v, d, MPFR_RNDN);
      ASSERT_TRUE(mpfr_equal_p(a.v, b.v)) << db;
    }
  }
}

TEST(FpBits, ClassifyEdgePatterns) {
  struct Case16 {
    std::uint16_t b;
    FpClass c;
  };
  for (const Case16& c : {Case16{0x0000, FpClass::Zero}, Case16{0x8000, FpClass::Zero},
                          Case16{0x0001, FpClass::Subnormal}, Case16{0x83ff, FpClass::Subnormal},
                          Case16{0x0400, FpClass::Normal}, Case16{0xfbff, FpClass::Normal},
                          Case16{0x7c00, FpClass::Infinity}, Case16{0xfc00, FpClass::Infinity},
                          Case16{0x7c01, FpClass::SignalingNaN}, Case16{0x7dff, FpClass::SignalingNaN},
                          Case16{0x7e00, FpClass::QuietNaN}, Case16{0xffff, FpClass::QuietNaN}})
    EXPECT_EQ(ref::classify<Half>(c.b), c.c) << c.b;
  struct Case32 {
    std::uint32_t b;
    FpClass c;
  };
  for (const Case32& c : {Case32{0x80000000u, FpClass::Zero}, Case32{0x00000001u, FpClass::Subnormal},
                          Case32{0x007fffffu, FpClass::Subnormal}, Case32{0x00800000u, FpClass::Normal},
                          Case32{0x7f7fffffu, FpClass::Normal}, Case32{0xff800000u, FpClass::Infinity},
                          Case32{0x7f800001u, FpClass::SignalingNaN},
                          Case32{0xffbfffffu, FpClass::SignalingNaN},
                          Case32{0x7fc00000u, FpClass::QuietNaN}})
    EXPECT_EQ(ref::classify<Float>(c.b), c.c) << c.b;
  struct Case64 {
    std::uint64_t b;
    FpClass c;
  };
  for (const Case64& c :
       {Case64{0x0000000000000000ull, FpClass::Zero}, Case64{0x800fffffffffffffull, FpClass::Subnormal},
        Case64{0x0010000000000000ull, FpClass::Normal}, Case64{0x7fefffffffffffffull, FpClass::Normal},
        Case64{0x7ff0000000000000ull, FpClass::Infinity},
        Case64{0x7ff0000000000001ull, FpClass::SignalingNaN},
        Case64{0xfff8000000000000ull, FpClass::QuietNaN}})
    EXPECT_EQ(ref::classify<Double>(c.b), c.c) << c.b;
  EXPECT_STREQ(ref::fp_class_name(FpClass::SignalingNaN), "signalling NaN");
}

// Against the C library's fpclassify (which cannot tell quiet from
// signalling NaNs; the quiet bit is checked by hand).
TEST(FpBits, ClassifyAgreesWithFpclassify) {
  auto expected = [](int c, bool quiet) {
    switch (c) {
      case FP_ZERO: return FpClass::Zero;
      case FP_SUBNORMAL: return FpClass::Subnormal;
      case FP_NORMAL: return FpClass::Normal;
      case FP_INFINITE: return FpClass::Infinity;
      default: return quiet ? FpClass::QuietNaN : FpClass::SignalingNaN;
    }
  };
  std::mt19937_64 rng(kSeed + 1);
  for (int i = 0; i < 200000; ++i) {
    std::uint32_t fb = static_cast<std::uint32_t>(rng());
    if (i % 4 == 0) fb &= 0x807fffffu;                   // zeros and subnormals
    if (i % 4 == 1) fb |= 0x7f800000u;                   // infinities and NaNs
    if (i % 64 == 2) fb &= 0xff800000u;                  // exact zeros and infinities
    EXPECT_EQ(ref::classify<Float>(fb), expected(std::fpclassify(oracle::float_of(fb)), fb & 0x400000u))
        << fb;
    std::uint64_t db = rng();
    if (i % 4 == 0) db &= 0x800fffffffffffffull;
    if (i % 4 == 1) db |= 0x7ff0000000000000ull;
    if (i % 64 == 2) db &= 0xfff0000000000000ull;
    EXPECT_EQ(ref::classify<Double>(db),
              expected(std::fpclassify(oracle::double_of(db)), db & 0x0008000000000000ull))
        << db;
    EXPECT_EQ(ref::is_nan<Double>(db), std::isnan(oracle::double_of(db)));
    EXPECT_EQ(ref::is_inf<Float>(fb), std::isinf(oracle::float_of(fb)));
    EXPECT_EQ(ref::is_finite<Float>(fb), std::isfinite(oracle::float_of(fb)));
  }
}

// Every half: next_up/next_down are the neighbours in the value-sorted list
// of all non-NaN halves.  A zero neighbour reached from the negative side is
// -0 (as IEEE nextUp and C nextafter give), from the positive side +0.
TEST(FpBits, HalfNeighboursMatchTheSortedListOfAllHalves) {
  std::vector<std::pair<double, std::uint16_t>> all;
  for (std::uint32_t i = 0; i < 65536; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    const double v = oracle::half_as_double(h);
    if (!std::isnan(v) && i != 0x8000) all.emplace_back(v, h);  // one zero in the list
  }
  std::sort(all.begin(), all.end());
  ASSERT_EQ(all.size(), 65536u - 2 * 1023 - 1);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const auto [v, h] = all[k];
    std::uint16_t up = k + 1 < all.size() ? all[k + 1].second : h;  // +inf stays
    std::uint16_t down = k > 0 ? all[k - 1].second : h;             // -inf stays
    if (v < 0 && up == 0x0000) up = 0x8000;  // -min_subnormal -> -0
    EXPECT_EQ(ref::next_up<Half>(h), up) << h;
    EXPECT_EQ(ref::next_down<Half>(h), down) << h;
    if (v == 0) {
      EXPECT_EQ(ref::next_up<Half>(0x8000), 0x0001);
      EXPECT_EQ(ref::next_down<Half>(0x8000), 0x8001);
    }
  }
  EXPECT_EQ(ref::next_up<Half>(0x7e00), 0x7e00);  // NaN unchanged
  EXPECT_EQ(ref::next_down<Half>(0xfc01), 0xfc01);
}

template <typename T, typename F>
void check_against_nextafter(typename F::Bits b) {
  const T x = ref::value_from_bits<F>(b);
  if (std::isnan(x)) {
    EXPECT_EQ(ref::next_up<F>(b), b);
    return;
  }
  const T inf = std::numeric_limits<T>::infinity();
  // C's nextafter toward +inf from +inf is +inf, matching next_up.
  EXPECT_EQ(ref::next_up<F>(b), ref::to_bits(std::nextafter(x, inf))) << b;
  EXPECT_EQ(ref::next_down<F>(b), ref::to_bits(std::nextafter(x, -inf))) << b;
  // Round trips, except where a step is clamped (+-inf) or leaves -0/+0.
  const auto up = ref::next_up<F>(b), down = ref::next_down<F>(b);
  if (b != F::infinity_bits && b != F::sign_mask) {
    EXPECT_EQ(ref::next_down<F>(up), b) << b;
  }
  if (b != (F::infinity_bits | F::sign_mask) && b != 0) {
    EXPECT_EQ(ref::next_up<F>(down), b) << b;
  }
}

TEST(FpBits, FloatAndDoubleNeighboursMatchNextafter) {
  std::vector<std::uint32_t> fs = {0u, 0x80000000u, 1u, 0x80000001u, 0x007fffffu, 0x00800000u,
                                   0x807fffffu, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu,
                                   0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u};
  std::vector<std::uint64_t> ds = {0ull, 0x8000000000000000ull, 1ull, 0x8000000000000001ull,
                                   0x0010000000000000ull, 0x3ff0000000000000ull,
                                   0x7fefffffffffffffull, 0xffefffffffffffffull,
                                   0x7ff0000000000000ull, 0xfff0000000000000ull,
                                   0x7ff8000000000000ull};
  std::mt19937_64 rng(kSeed + 2);
  for (int i = 0; i < 100000; ++i) {
    fs.push_back(static_cast<std::uint32_t>(rng()));
    ds.push_back(rng());
  }
  for (auto b : fs) check_against_nextafter<float, Float>(b);
  for (auto b : ds) check_against_nextafter<double, Double>(b);
}

TEST(FpBits, NeighbourEdgesByHand) {
  EXPECT_EQ(ref::next_up<Float>(0x80000000u), 0x00000001u);   // -0 -> +min_sub
  EXPECT_EQ(ref::next_up<Float>(0x80000001u), 0x80000000u);   // -min_sub -> -0
  EXPECT_EQ(ref::next_down<Float>(0x00000001u), 0x00000000u); // +min_sub -> +0
  EXPECT_EQ(ref::next_down<Float>(0x00000000u), 0x80000001u); // +0 -> -min_sub
  EXPECT_EQ(ref::next_up<Float>(0x7f7fffffu), 0x7f800000u);   // max -> inf
  EXPECT_EQ(ref::next_up<Float>(0xff800000u), 0xff7fffffu);   // -inf -> -max
  EXPECT_EQ(ref::next_down<Float>(0x7f800000u), 0x7f7fffffu); // inf -> max
  EXPECT_EQ(ref::next_up<Half>(0x03ff), 0x0400);              // max subnormal -> min normal
  EXPECT_EQ(ref::next_down<Double>(0x0010000000000000ull), 0x000fffffffffffffull);
}

}  // namespace
