// format_convert: every conversion against the MPFR oracle (oracle.hpp), on
// inputs packed around each rounding boundary plus seeded random inputs,
// and hand-worked cases for the documented overflow / underflow / NaN rules.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "reference/format_convert.hpp"

namespace {

using clconform::ref::Double;
using clconform::ref::Float;
using clconform::ref::Half;
using clconform::ref::Rounding;
namespace ref = clconform::ref;

struct Mode {
  Rounding r;
  mpfr_rnd_t m;
  const char* name;
};
// Paired by hand, not through ref::to_mpfr.
const Mode kModes[] = {{Rounding::NearestEven, MPFR_RNDN, "rte"},
                       {Rounding::TowardZero, MPFR_RNDZ, "rtz"},
                       {Rounding::TowardPositive, MPFR_RNDU, "rtp"},
                       {Rounding::TowardNegative, MPFR_RNDD, "rtn"}};

constexpr std::uint64_t kSeed = 0x5eed2024;
constexpr int kMaxReported = 20;

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// Collects disagreements with the oracle, reports the first few in full.
class Tally {
 public:
  explicit Tally(const char* what) : what_(what) {}
  void fail(const std::string& detail) {
    if (++failures_ <= kMaxReported) ADD_FAILURE() << what_ << ": " << detail;
  }
  void pass() { ++checked_; }
  void finish() {
    EXPECT_EQ(failures_, 0u) << what_ << ": " << failures_ << " disagreements";
    EXPECT_GT(checked_, 0u);
    ::testing::Test::RecordProperty(std::string(what_) + "_checked", std::to_string(checked_));
  }

 private:
  const char* what_;
  std::uint64_t failures_ = 0, checked_ = 0;
};

// Is the half pattern `got` the value the oracle gives (value and zero sign)?
bool half_matches(std::uint16_t got, mpfr_srcptr want) {
  oracle::Num g(16);
  oracle::half_value(g.v, got);
  if (mpfr_nan_p(g.v)) return false;
  return mpfr_equal_p(g.v, want) && mpfr_signbit(g.v) == mpfr_signbit(want);
}

template <typename Convert>
void check_to_half(Tally& t, mpfr_srcptr x, const std::string& input_text, Convert conv) {
  oracle::Num want(11);
  for (const Mode& m : kModes) {
    oracle::round_to_format(want.v, x, oracle::kHalf, m.m);
    const std::uint16_t got = conv(m.r);
    if (half_matches(got, want.v)) {
      t.pass();
    } else {
      char buf[64];
      mpfr_snprintf(buf, sizeof buf, "%Ra", want.v);
      t.fail(input_text + " " + m.name + ": got " + hex(got) + ", oracle " + buf);
    }
  }
}

void check_float_to_half(Tally& t, float x) {
  oracle::Num in(24);
  mpfr_set_flt(in.v, x, MPFR_RNDN);
  check_to_half(t, in.v, "float " + hex(oracle::bits_of(x)), [x](Rounding r) {
    const std::uint16_t a = ref::float_to_half(x, r);
    const std::uint16_t b = ref::convert<Float, Half>(oracle::bits_of(x), r);
    return a == b ? a : std::uint16_t{0x7fff};  // the two entry points must agree
  });
}

void check_double_to_half(Tally& t, double x) {
  oracle::Num in(53);
  mpfr_set_d(in.v, x, MPFR_RNDN);
  check_to_half(t, in.v, "double " + hex(oracle::bits_of(x)), [x](Rounding r) {
    const std::uint16_t a = ref::double_to_half(x, r);
    const std::uint16_t b = ref::convert<Double, Half>(oracle::bits_of(x), r);
    return a == b ? a : std::uint16_t{0x7fff};
  });
}

void check_double_to_float(Tally& t, double x) {
  oracle::Num in(53), want(24);
  mpfr_set_d(in.v, x, MPFR_RNDN);
  for (const Mode& m : kModes) {
    oracle::round_to_format(want.v, in.v, oracle::kFloat, m.m);
    // The oracle's result is representable, so this mpfr_get_flt is exact.
    const std::uint32_t expect = oracle::bits_of(mpfr_get_flt(want.v, MPFR_RNDN));
    const std::uint32_t got = oracle::bits_of(ref::double_to_float(x, m.r));
    const std::uint32_t got_generic = ref::convert<Double, Float>(oracle::bits_of(x), m.r);
    if (got == expect && got_generic == expect)
      t.pass();
    else
      t.fail("double " + hex(oracle::bits_of(x)) + " " + m.name + ": got " + hex(got) + "/" +
             hex(got_generic) + ", oracle " + hex(expect));
  }
}

// Pushes x and `k` neighbours on each side (host nextafter: exact, no
// rounding involved).
template <typename T>
void push_neighbourhood(std::vector<T>& out, T x, int k) {
  out.push_back(x);
  T up = x, down = x;
  for (int i = 0; i < k; ++i) {
    up = std::nextafter(up, std::numeric_limits<T>::infinity());
    down = std::nextafter(down, -std::numeric_limits<T>::infinity());
    out.push_back(up);
    out.push_back(down);
  }
}

// For every non-negative finite half h: its value and the midpoint to the
// next half (for 65504, to 2^16, where rounding first overflows).
template <typename T, typename ValueOf>
std::vector<std::pair<T, T>> half_anchors(ValueOf value_of) {
  std::vector<std::pair<T, T>> anchors;  // (value, spacing to next)
  for (std::uint32_t h = 0; h <= 0x7bff; ++h) {
    const T v = value_of(static_cast<std::uint16_t>(h));
    const T next = h == 0x7bff ? T(65536) : value_of(static_cast<std::uint16_t>(h + 1));
    anchors.emplace_back(v, next - v);  // exact: both are 11-bit values
  }
  return anchors;
}

// ---- float -> half -----------------------------------------------------------

TEST(FloatToHalf, NearEveryHalfAndMidpointAllModes) {
  std::vector<float> inputs;
  for (auto [v, gap] : half_anchors<float>(oracle::half_as_float)) {
    const float mid = v + gap / 2;  // 12 significant bits: exact in float
    for (float a : {v, mid}) {
      push_neighbourhood(inputs, a, 3);
      push_neighbourhood(inputs, -a, 3);
    }
  }
  Tally t("float->half boundary");
  for (float x : inputs) check_float_to_half(t, x);
  t.finish();
}

TEST(FloatToHalf, RandomFloatsAllModes) {
  std::mt19937_64 rng(kSeed);
  Tally t("float->half random");
  for (int i = 0; i < 2000000; ++i) {
    // Half the draws over every pattern, half inside the half-relevant
    // range 2^-27 .. 2^17 where the interesting rounding happens.
    std::uint32_t b = static_cast<std::uint32_t>(rng());
    if (i & 1) b = (b & 0x807fffffu) | ((100u + static_cast<std::uint32_t>(rng() % 45)) << 23);
    const float x = oracle::float_of(b);
    if (std::isnan(x)) continue;
    check_float_to_half(t, x);
  }
  t.finish();
}

TEST(FloatToHalf, FloatSubnormalsAndExtremes) {
  Tally t("float->half extremes");
  for (std::uint32_t b : {0x00000001u, 0x00000002u, 0x007fffffu, 0x00800000u, 0x7f7fffffu,
                          0x7f800000u, 0x33000000u /*2^-25*/, 0x33000001u, 0x477ff000u /*65520*/,
                          0x477fefffu, 0x47800000u /*65536*/})
    for (std::uint32_t s : {0u, 0x80000000u}) check_float_to_half(t, oracle::float_of(b | s));
  t.finish();
}

// Hand-worked cases, one per rule in format_convert.hpp.
TEST(FloatToHalf, DocumentedRules) {
  using R = Rounding;
  // Overflow threshold 65520 = 65504 + 16 (half the top spacing of 32):
  // RTE ties to even, and 65504's significand is odd, so up: infinity.
  EXPECT_EQ(ref::float_to_half(65520.0f, R::NearestEven), 0x7c00);
  EXPECT_EQ(ref::float_to_half(65519.99609375f, R::NearestEven), 0x7bff);  // just below
  // RTZ never overflows a finite value.
  EXPECT_EQ(ref::float_to_half(1e10f, R::TowardZero), 0x7bff);
  EXPECT_EQ(ref::float_to_half(-1e10f, R::TowardZero), 0xfbff);
  // RTP: +inf for positives beyond max, -max for negatives.
  EXPECT_EQ(ref::float_to_half(65505.0f, R::TowardPositive), 0x7c00);
  EXPECT_EQ(ref::float_to_half(-1e10f, R::TowardPositive), 0xfbff);
  // RTN: -inf for negatives beyond max, +max for positives.
  EXPECT_EQ(ref::float_to_half(-65505.0f, R::TowardNegative), 0xfc00);
  EXPECT_EQ(ref::float_to_half(1e10f, R::TowardNegative), 0x7bff);
  // 2^-25 is half the smallest subnormal 2^-24: a tie between 0 (even) and
  // 2^-24 (odd): RTE gives 0; anything above goes up.
  EXPECT_EQ(ref::float_to_half(std::ldexp(1.0f, -25), R::NearestEven), 0x0000);
  EXPECT_EQ(ref::float_to_half(std::nextafter(std::ldexp(1.0f, -25), 1.0f), R::NearestEven), 0x0001);
  // 3 * 2^-25 = 1.5 subnormal units: tie between 1 (odd) and 2 (even) -> 2.
  EXPECT_EQ(ref::float_to_half(3 * std::ldexp(1.0f, -25), R::NearestEven), 0x0002);
  // Underflow to zero keeps the sign; directed modes pick the side.
  EXPECT_EQ(ref::float_to_half(-std::ldexp(1.0f, -30), R::NearestEven), 0x8000);
  EXPECT_EQ(ref::float_to_half(-std::ldexp(1.0f, -30), R::TowardZero), 0x8000);
  EXPECT_EQ(ref::float_to_half(-std::ldexp(1.0f, -30), R::TowardNegative), 0x8001);
  EXPECT_EQ(ref::float_to_half(-std::ldexp(1.0f, -30), R::TowardPositive), 0x8000);
  EXPECT_EQ(ref::float_to_half(std::ldexp(1.0f, -30), R::TowardPositive), 0x0001);
  EXPECT_EQ(ref::float_to_half(std::ldexp(1.0f, -140), R::TowardPositive), 0x0001);
  // The largest subnormal 1023 * 2^-24 plus half a unit: tie, 1023 is odd,
  // so it carries into the smallest normal 2^-14 (pattern 0x0400).
  EXPECT_EQ(ref::float_to_half(1023.5f * std::ldexp(1.0f, -24), R::NearestEven), 0x0400);
  // Ties to even in the normal range: 1 + 2^-11 -> 1; 1 + 3 * 2^-11 -> 1 + 2^-9.
  EXPECT_EQ(ref::float_to_half(1.0f + std::ldexp(1.0f, -11), R::NearestEven), 0x3c00);
  EXPECT_EQ(ref::float_to_half(1.0f + 3 * std::ldexp(1.0f, -11), R::NearestEven), 0x3c02);
  // Signed zeros and infinities pass through in every mode.
  for (const Mode& m : kModes) {
    EXPECT_EQ(ref::float_to_half(-0.0f, m.r), 0x8000) << m.name;
    EXPECT_EQ(ref::float_to_half(0.0f, m.r), 0x0000) << m.name;
    EXPECT_EQ(ref::float_to_half(std::numeric_limits<float>::infinity(), m.r), 0x7c00) << m.name;
    EXPECT_EQ(ref::float_to_half(-std::numeric_limits<float>::infinity(), m.r), 0xfc00) << m.name;
  }
}

TEST(FloatToHalf, NaNsAreQuietKeepSignAndTopPayload) {
  // Narrowing keeps the top 10 fraction bits and forces the quiet bit 0x200.
  struct Case {
    std::uint32_t in;
    std::uint16_t out;
  };
  const Case cases[] = {
      {0x7fc00000u, 0x7e00},  // default quiet NaN
      {0xffc00000u, 0xfe00},  // sign kept
      {0x7f800001u, 0x7e00},  // signalling, payload only in dropped bits -> default quiet
      {0x7fa00000u, 0x7f00},  // signalling, fraction 0x200000 -> top bits 0x100, + quiet
      {0x7f802000u, 0x7e01},  // fraction bit 13 is the lowest one kept
      {0x7fffffffu, 0x7fff},
  };
  for (const Case& c : cases)
    for (const Mode& m : kModes)
      EXPECT_EQ((ref::convert<Float, Half>(c.in, m.r)), c.out) << hex(c.in) << " " << m.name;
}

// ---- double -> half ----------------------------------------------------------

TEST(DoubleToHalf, NearEveryHalfAndMidpointAllModes) {
  std::vector<double> inputs;
  for (auto [v, gap] : half_anchors<double>(oracle::half_as_double)) {
    const double mid = v + gap / 2;
    for (double a : {v, mid}) {
      push_neighbourhood(inputs, a, 2);
      push_neighbourhood(inputs, -a, 2);
      // Offsets far below float precision: only a sticky bit remains.
      for (int j : {3, 30, 41}) {
        inputs.push_back(a + std::ldexp(gap, -j));
        inputs.push_back(a - std::ldexp(gap, -j));
      }
    }
  }
  Tally t("double->half boundary");
  for (double x : inputs) check_double_to_half(t, x);
  t.finish();
}

TEST(DoubleToHalf, RandomDoublesAllModes) {
  std::mt19937_64 rng(kSeed + 1);
  Tally t("double->half random");
  for (int i = 0; i < 1000000; ++i) {
    std::uint64_t b = rng();
    if (i & 1)
      b = (b & 0x800fffffffffffffull) | ((1023ull - 27 + rng() % 45) << 52);
    const double x = oracle::double_of(b);
    if (std::isnan(x)) continue;
    check_double_to_half(t, x);
  }
  t.finish();
}

TEST(DoubleToHalf, NaNsAndSpecials) {
  // Top 10 of the 52 fraction bits are kept (shift by 42), quiet bit forced.
  EXPECT_EQ((ref::convert<Double, Half>(0x7ff8000000000000ull)), 0x7e00);
  EXPECT_EQ((ref::convert<Double, Half>(0xfff0000000000001ull)), 0xfe00);
  EXPECT_EQ((ref::convert<Double, Half>(0x7ff0040000000000ull)), 0x7e01);
  EXPECT_EQ(ref::double_to_half(-0.0, Rounding::TowardPositive), 0x8000);
  EXPECT_EQ(ref::double_to_half(1e300, Rounding::TowardZero), 0x7bff);
  EXPECT_EQ(ref::double_to_half(-1e300, Rounding::NearestEven), 0xfc00);
  EXPECT_EQ(ref::double_to_half(-1e-300, Rounding::TowardNegative), 0x8001);
  EXPECT_EQ(ref::double_to_half(std::numeric_limits<double>::denorm_min(), Rounding::NearestEven),
            0x0000);
}

// ---- double -> float ---------------------------------------------------------

TEST(DoubleToFloat, NearFloatBoundariesAllModes) {
  // For every binade (biased exponent 0 = subnormals .. 254) a set of
  // significands: the ends, the middle, and seeded random ones; for each,
  // the float itself and the midpoint to its successor, with neighbours.
  std::mt19937_64 rng(kSeed + 2);
  std::vector<double> inputs;
  for (std::uint32_t e = 0; e <= 254; ++e) {
    std::vector<std::uint32_t> fracs = {0, 1, 2, 3, 0x3fffff, 0x400000, 0x400001,
                                        0x7ffffd, 0x7ffffe, 0x7fffff};
    for (int i = 0; i < 24; ++i) fracs.push_back(static_cast<std::uint32_t>(rng()) & 0x7fffff);
    for (std::uint32_t f : fracs) {
      const std::uint32_t b = (e << 23) | f;
      const double v = oracle::float_of(b);  // widening: exact
      const double next = b == 0x7f7fffffu ? std::ldexp(1.0, 128) : double(oracle::float_of(b + 1));
      const double gap = next - v;  // exact: a power of two
      for (double a : {v, v + gap / 2}) {
        push_neighbourhood(inputs, a, 3);
        push_neighbourhood(inputs, -a, 3);
        inputs.push_back(a + std::ldexp(gap, -40));
        inputs.push_back(-(a - std::ldexp(gap, -40)));
      }
    }
  }
  // Far outside float's range on both sides.
  for (double x : {1e300, std::ldexp(1.0, 129), std::ldexp(1.0, -151), std::ldexp(1.0, -150),
                   std::ldexp(3.0, -151), 1e-300, std::numeric_limits<double>::denorm_min(),
                   std::numeric_limits<double>::max(), std::numeric_limits<double>::infinity()}) {
    inputs.push_back(x);
    inputs.push_back(-x);
  }
  Tally t("double->float boundary");
  for (double x : inputs) check_double_to_float(t, x);
  t.finish();
}

TEST(DoubleToFloat, RandomDoublesAllModes) {
  std::mt19937_64 rng(kSeed + 3);
  Tally t("double->float random");
  for (int i = 0; i < 1000000; ++i) {
    std::uint64_t b = rng();
    if (i & 1) b = (b & 0x800fffffffffffffull) | ((1023ull - 152 + rng() % 282) << 52);
    const double x = oracle::double_of(b);
    if (std::isnan(x)) continue;
    check_double_to_float(t, x);
  }
  t.finish();
}

TEST(DoubleToFloat, DocumentedRules) {
  using R = Rounding;
  const std::uint32_t kMax = 0x7f7fffffu, kInf = 0x7f800000u, kSign = 0x80000000u;
  auto bits = [](double x, R r) { return oracle::bits_of(ref::double_to_float(x, r)); };
  EXPECT_EQ(bits(1e300, R::NearestEven), kInf);
  EXPECT_EQ(bits(1e300, R::TowardZero), kMax);
  EXPECT_EQ(bits(1e300, R::TowardNegative), kMax);
  EXPECT_EQ(bits(1e300, R::TowardPositive), kInf);
  EXPECT_EQ(bits(-1e300, R::TowardPositive), kSign | kMax);
  EXPECT_EQ(bits(-1e300, R::TowardNegative), kSign | kInf);
  // max + half its spacing (2^128 - 2^103) is the RTE overflow threshold.
  const double threshold = std::ldexp(1.0, 128) - std::ldexp(1.0, 103);
  EXPECT_EQ(bits(threshold, R::NearestEven), kInf);
  EXPECT_EQ(bits(std::nextafter(threshold, 0.0), R::NearestEven), kMax);
  // 2^-150 is half the smallest subnormal: tie to 0; a hair above -> 2^-149.
  EXPECT_EQ(bits(std::ldexp(1.0, -150), R::NearestEven), 0u);
  EXPECT_EQ(bits(std::nextafter(std::ldexp(1.0, -150), 1.0), R::NearestEven), 1u);
  EXPECT_EQ(bits(-std::ldexp(1.0, -150), R::NearestEven), kSign);
  EXPECT_EQ(bits(-1e-300, R::TowardNegative), kSign | 1u);
  // NaN payload: top 23 of 52 fraction bits (shift 29), quiet bit forced.
  EXPECT_EQ((ref::convert<Double, Float>(0x7ff0000020000000ull)), 0x7fc00001u);
  EXPECT_EQ((ref::convert<Double, Float>(0xfff8000000000000ull)), 0xffc00000u);
}

// ---- widening: exhaustive for half, sampled for float ---------------------------

TEST(Widening, EveryHalfToFloatAndDoubleIsExact) {
  oracle::Num want(16), got(64);
  int checked = 0;
  for (std::uint32_t i = 0; i < 65536; ++i) {
    const auto h = static_cast<std::uint16_t>(i);
    oracle::half_value(want.v, h);
    const float f = ref::half_to_float(h);
    const double d = ref::half_to_double(h);
    const std::uint32_t fb = ref::convert<Half, Float>(h);
    const std::uint64_t db = ref::convert<Half, Double>(h);
    ASSERT_EQ(oracle::bits_of(f), fb) << hex(h);
    ASSERT_EQ(oracle::bits_of(d), db) << hex(h);
    if (mpfr_nan_p(want.v)) {
      // Quiet NaN, sign kept, 10-bit fraction moved to the top.
      const std::uint32_t sign = (h & 0x8000u) << 16;
      EXPECT_EQ(fb, sign | 0x7fc00000u | (std::uint32_t{h & 0x3ffu} << 13)) << hex(h);
      EXPECT_EQ(db, (std::uint64_t{sign} << 32) | 0x7ff8000000000000ull |
                        (std::uint64_t{h & 0x3ffu} << 42))
          << hex(h);
      continue;
    }
    mpfr_set_flt(got.v, f, MPFR_RNDN);
    EXPECT_TRUE(mpfr_equal_p(got.v, want.v) && mpfr_signbit(got.v) == mpfr_signbit(want.v))
        << "half->float " << hex(h);
    mpfr_set_d(got.v, d, MPFR_RNDN);
    EXPECT_TRUE(mpfr_equal_p(got.v, want.v) && mpfr_signbit(got.v) == mpfr_signbit(want.v))
        << "half->double " << hex(h);
    // And back: a half survives widening and narrowing in every mode.
    for (const Mode& m : kModes) {
      EXPECT_EQ((ref::convert<Float, Half>(fb, m.r)), h) << hex(h) << " " << m.name;
      EXPECT_EQ((ref::convert<Double, Half>(db, m.r)), h) << hex(h) << " " << m.name;
    }
    ++checked;
  }
  EXPECT_EQ(checked, 65536 - 2 * 1023);  // every non-NaN pattern
}

TEST(Widening, SampledFloatsToDoubleAreExact) {
  oracle::Num want(24), got(53);
  Tally t("float->double");
  // A stride coprime to 2^32 visits patterns in every binade; plus the edges.
  std::vector<std::uint32_t> patterns = {0u, 0x80000000u, 1u, 0x807fffffu, 0x00800000u,
                                         0x7f7fffffu, 0xff800000u};
  for (std::uint64_t b = 0; b < (1ull << 32); b += 4099) patterns.push_back(static_cast<std::uint32_t>(b));
  for (std::uint32_t b : patterns) {
    const float f = oracle::float_of(b);
    const double d = ref::float_to_double(f);
    const std::uint64_t db = ref::convert<Float, Double>(b);
    if (std::isnan(f)) {
      const std::uint64_t sign = std::uint64_t{b & 0x80000000u} << 32;
      if (db == (sign | 0x7ff8000000000000ull | (std::uint64_t{b & 0x7fffffu} << 29))) t.pass();
      else t.fail("NaN " + hex(b) + " -> " + hex(db));
      continue;
    }
    mpfr_set_flt(want.v, f, MPFR_RNDN);
    mpfr_set_d(got.v, d, MPFR_RNDN);
    if (oracle::bits_of(d) == db && mpfr_equal_p(got.v, want.v) &&
        mpfr_signbit(got.v) == mpfr_signbit(want.v))
      t.pass();
    else
      t.fail(hex(b) + " -> " + hex(db));
  }
  t.finish();
}

// ---- integers ----------------------------------------------------------------------

// The oracle reads the integer from its decimal text, so the value never
// passes through a host conversion.
template <typename Got>
void check_integer(Tally& t, const std::string& text, const oracle::Spec& spec, Got got_bits,
                   const char* fmt) {
  oracle::Num in(64), want(spec.prec), got(64);
  mpfr_set_str(in.v, text.c_str(), 10, MPFR_RNDN);
  for (const Mode& m : kModes) {
    oracle::round_to_format(want.v, in.v, spec, m.m);
    const std::uint64_t b = got_bits(m.r);
    bool ok;
    if (spec.prec == 11) {
      ok = half_matches(static_cast<std::uint16_t>(b), want.v);
    } else if (spec.prec == 24) {
      ok = b == oracle::bits_of(mpfr_get_flt(want.v, MPFR_RNDN));
    } else {
      ok = b == oracle::bits_of(mpfr_get_d(want.v, MPFR_RNDN));
    }
    if (ok) t.pass();
    else t.fail(std::string(fmt) + " from " + text + " " + m.name + ": got " + hex(b));
  }
}

TEST(FromInteger, BoundariesAndRandomAllFormats) {
  std::mt19937_64 rng(kSeed + 4);
  std::vector<std::uint64_t> mags = {0, 1, 2, 3, ~0ull, ~0ull - 1, 1ull << 63};
  for (int k = 1; k < 64; ++k)
    for (int d = -3; d <= 3; ++d) mags.push_back((1ull << k) + static_cast<std::uint64_t>(d));
  // Ties of each target's grid: in binade 2^k the spacing is 2^(k-p+1), so
  // 2^k + 2^(k-p) and 2^k + 3 * 2^(k-p) are ties; with neighbours.
  for (int p : {11, 24, 53})
    for (int k = p; k < 64; ++k)
      for (int d = -2; d <= 2; ++d) {
        mags.push_back((1ull << k) + (1ull << (k - p)) + static_cast<std::uint64_t>(d));
        mags.push_back((1ull << k) + 3 * (1ull << (k - p)) + static_cast<std::uint64_t>(d));
      }
  for (int i = 0; i < 6000; ++i) mags.push_back(rng() >> (rng() % 64));

  Tally t("from integer");
  for (std::uint64_t u : mags) {
    const std::string utext = std::to_string(u);
    check_integer(t, utext, oracle::kHalf, [u](Rounding r) { return std::uint64_t{ref::from_uint64<Half>(u, r)}; }, "half");
    check_integer(t, utext, oracle::kFloat, [u](Rounding r) { return std::uint64_t{ref::from_uint64<Float>(u, r)}; }, "float");
    check_integer(t, utext, oracle::kDouble, [u](Rounding r) { return std::uint64_t{ref::from_uint64<Double>(u, r)}; }, "double");
    const auto s = static_cast<std::int64_t>(u);  // every int64 pattern, INT64_MIN included
    const std::string stext = std::to_string(s);
    check_integer(t, stext, oracle::kHalf, [s](Rounding r) { return std::uint64_t{ref::from_int64<Half>(s, r)}; }, "half");
    check_integer(t, stext, oracle::kFloat, [s](Rounding r) { return std::uint64_t{ref::from_int64<Float>(s, r)}; }, "float");
    check_integer(t, stext, oracle::kDouble, [s](Rounding r) { return std::uint64_t{ref::from_int64<Double>(s, r)}; }, "double");
  }
  t.finish();
}

TEST(FromInteger, HandWorked) {
  using R = Rounding;
  // 2^24 + 1 is a float tie between 2^24 (even) and 2^24 + 2.
  EXPECT_EQ(ref::from_int64<Float>(16777217, R::NearestEven), 0x4b800000u);
  EXPECT_EQ(ref::from_int64<Float>(16777217, R::TowardPositive), 0x4b800001u);
  EXPECT_EQ(ref::from_int64<Float>(-16777217, R::TowardNegative), 0xcb800001u);
  // INT64_MIN = -2^63 exactly.
  EXPECT_EQ(ref::from_int64<Double>(std::numeric_limits<std::int64_t>::min(), R::TowardZero),
            0xc3e0000000000000ull);
  // UINT64_MAX rounds to 2^64 (RTE) or 2^64 - 2^40 (RTZ) in float.
  EXPECT_EQ(ref::from_uint64<Float>(~0ull, R::NearestEven), 0x5f800000u);
  EXPECT_EQ(ref::from_uint64<Float>(~0ull, R::TowardZero), 0x5f7fffffu);
  // Half overflows from 65520 up (RTE); RTZ stays at 65504.
  EXPECT_EQ(ref::from_int64<Half>(65520, R::NearestEven), 0x7c00);
  EXPECT_EQ(ref::from_int64<Half>(65519, R::NearestEven), 0x7bff);
  EXPECT_EQ(ref::from_int64<Half>(70000, R::TowardZero), 0x7bff);
  EXPECT_EQ(ref::from_int64<Half>(-70000, R::TowardPositive), 0xfbff);
  EXPECT_EQ(ref::from_int64<Half>(0, R::TowardNegative), 0x0000);  // integer 0 is +0
}

}  // namespace
