// int_convert against MPFR and GMP, written here without the code under
// test: float/double to every integer type in every rounding mode, with and
// without saturation (mpfr_rint, then range and clamp by comparison);
// integer to integer (mpz remainders); integer to float/double in every
// rounding mode (oracle::round_to_format). Inputs: every integer boundary of
// every destination with its neighbours and the ties around it, powers of
// two, specials, every float with a small exponent, and a seeded sample.
#include <gtest/gtest.h>

#include <gmp.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "reference/int_convert.hpp"

namespace {

namespace ref = clconform::ref;
using ref::Double;
using ref::Float;
using ref::IntFormat;
using ref::IntRange;
using ref::Rounding;

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

// Written out, not derived from IntFormat.
struct IntType {
  IntFormat f;
  const char* name;
  const char* min;
  const char* max;
};
const IntType kInts[] = {{{8, true}, "char", "-128", "127"},
                         {{8, false}, "uchar", "0", "255"},
                         {{16, true}, "short", "-32768", "32767"},
                         {{16, false}, "ushort", "0", "65535"},
                         {{32, true}, "int", "-2147483648", "2147483647"},
                         {{32, false}, "uint", "0", "4294967295"},
                         {{64, true}, "long", "-9223372036854775808", "9223372036854775807"},
                         {{64, false}, "ulong", "0", "18446744073709551615"}};

constexpr std::uint64_t kSeed = 0x1c0417e5;
constexpr int kMaxReported = 20;

std::string hex(std::uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

class Tally {
 public:
  explicit Tally(std::string what) : what_(std::move(what)) {}
  void check(bool ok, const std::string& detail) {
    ++checked_;
    if (!ok && ++failures_ <= kMaxReported) ADD_FAILURE() << what_ << ": " << detail;
  }
  ~Tally() {
    EXPECT_EQ(failures_, 0u) << what_ << ": " << failures_ << " disagreements";
    EXPECT_GT(checked_, 0u) << what_;
  }

 private:
  std::string what_;
  std::uint64_t failures_ = 0, checked_ = 0;
};

// The pattern of integer Z modulo 2^bits, through GMP.
std::uint64_t pattern_mod(mpz_srcptr z, unsigned bits) {
  mpz_t r;
  mpz_init(r);
  mpz_fdiv_r_2exp(r, z, bits);  // 0 <= r < 2^bits
  std::uint64_t lo = 0;
  mpz_export(&lo, nullptr, -1, sizeof lo, 0, 0, r);
  mpz_clear(r);
  return lo;
}

// Two's complement pattern of a decimal integer.
std::uint64_t pattern_from_text(const char* text, unsigned bits) {
  mpz_t z;
  mpz_init_set_str(z, text, 10);
  const std::uint64_t p = pattern_mod(z, bits);
  mpz_clear(z);
  return p;
}

struct Expected {
  std::uint64_t bits;
  IntRange range;
  bool defined;
};

// The limits of kInts[i] as MPFR numbers, parsed once.
struct Limits {
  oracle::Num lo{80}, hi{80};
};
const Limits& limits_of(const IntType& t) {
  static Limits all[8];
  static const bool parsed = [] {
    for (int i = 0; i < 8; ++i) {
      mpfr_set_str(all[i].lo.v, kInts[i].min, 10, MPFR_RNDN);
      mpfr_set_str(all[i].hi.v, kInts[i].max, 10, MPFR_RNDN);
    }
    return true;
  }();
  (void)parsed;
  return all[&t - kInts];
}

// The oracle for float -> integer: round with mpfr_rint at a precision that
// holds any double's integer part, compare with the limits.
Expected oracle_float_to_int(mpfr_srcptr x, const IntType& t, mpfr_rnd_t rnd, bool sat) {
  if (mpfr_nan_p(x)) return {0, IntRange::NaN, sat};
  const Limits& l = limits_of(t);
  oracle::Num rounded(1100);
  mpfr_rint(rounded.v, x, rnd);  // exact at 1100 bits; infinities stay
  if (mpfr_cmp(rounded.v, l.hi.v) > 0) return {sat ? pattern_from_text(t.max, t.f.bits) : 0, IntRange::Above, sat};
  if (mpfr_cmp(rounded.v, l.lo.v) < 0) return {sat ? pattern_from_text(t.min, t.f.bits) : 0, IntRange::Below, sat};
  mpz_t z;
  mpz_init(z);
  mpfr_get_z(z, rounded.v, MPFR_RNDN);  // exact: it is an integer
  const std::uint64_t p = pattern_mod(z, t.f.bits);
  mpz_clear(z);
  return {p, IntRange::InRange, true};
}

template <typename F>
void check_float(Tally& tally, typename F::Bits x) {
  oracle::Num in(64);
  if constexpr (sizeof(typename F::Bits) == 4)
    mpfr_set_flt(in.v, oracle::float_of(x), MPFR_RNDN);
  else
    mpfr_set_d(in.v, oracle::double_of(x), MPFR_RNDN);
  for (const IntType& t : kInts) {
    for (const Mode& m : kModes) {
      for (bool sat : {false, true}) {
        const Expected want = oracle_float_to_int(in.v, t, m.m, sat);
        const ref::IntResult got = ref::float_to_int<F>(x, t.f, m.r, sat);
        // An undefined result has no bits to compare.
        const bool ok = got.range == want.range && got.defined == want.defined &&
                        (!want.defined || got.bits == want.bits);
        tally.check(ok, std::string(F::name) + " " + hex(x) + " -> " + t.name + (sat ? "_sat_" : "_") + m.name +
                            ": got " + hex(got.bits) + " range " + std::to_string(int(got.range)) + " defined " +
                            std::to_string(got.defined) + ", oracle " + hex(want.bits) + " range " +
                            std::to_string(int(want.range)) + " defined " + std::to_string(want.defined));
      }
    }
  }
}


// ---- inputs ------------------------------------------------------------------

// X and its K neighbours on each side, as patterns of F.
template <typename F>
void push_around(std::vector<typename F::Bits>& out, typename F::Bits x, int k) {
  out.push_back(x);
  typename F::Bits up = x, down = x;
  for (int i = 0; i < k; ++i) {
    up = ref::next_up<F>(up);
    down = ref::next_down<F>(down);
    out.push_back(up);
    out.push_back(down);
  }
}

// The pattern of F nearest to the exact value V in direction RND (oracle).
template <typename F>
typename F::Bits pattern_near(mpfr_srcptr v, mpfr_rnd_t rnd) {
  const oracle::Spec& s = sizeof(typename F::Bits) == 4 ? oracle::kFloat : oracle::kDouble;
  oracle::Num out(s.prec);
  oracle::round_to_format(out.v, v, s, rnd);
  if constexpr (sizeof(typename F::Bits) == 4)
    return oracle::bits_of(mpfr_get_flt(out.v, MPFR_RNDN));
  else
    return oracle::bits_of(mpfr_get_d(out.v, MPFR_RNDN));
}

// Every integer limit of every type (and 0, +-1), the ties half a unit
// either side, and powers of two, each approached from both directions and
// with a few neighbours; specials, subnormals, every value with a small
// exponent on a stride, and a seeded random sample of patterns.
template <typename F>
std::vector<typename F::Bits> float_inputs() {
  using Bits = typename F::Bits;
  std::vector<Bits> out;
  oracle::Num v(200), h(200);
  std::vector<std::string> anchors = {"0", "1", "-1", "2", "-2", "3"};
  for (const IntType& t : kInts) {
    anchors.push_back(t.min);
    anchors.push_back(t.max);
  }
  for (const std::string& a : anchors) {
    for (int halves = -3; halves <= 3; ++halves) {  // a + halves/2
      mpfr_set_str(v.v, a.c_str(), 10, MPFR_RNDN);
      mpfr_set_si_2exp(h.v, halves, -1, MPFR_RNDN);
      mpfr_add(v.v, v.v, h.v, MPFR_RNDN);  // exact at 200 bits
      for (mpfr_rnd_t rnd : {MPFR_RNDD, MPFR_RNDU}) {
        push_around<F>(out, pattern_near<F>(v.v, rnd), 3);
        mpfr_neg(v.v, v.v, MPFR_RNDN);
        push_around<F>(out, pattern_near<F>(v.v, rnd), 3);
        mpfr_neg(v.v, v.v, MPFR_RNDN);
      }
    }
  }
  for (int k = -160; k <= 70; ++k) {
    mpfr_set_si_2exp(v.v, 1, k, MPFR_RNDN);
    push_around<F>(out, pattern_near<F>(v.v, MPFR_RNDN), 2);
    mpfr_neg(v.v, v.v, MPFR_RNDN);
    push_around<F>(out, pattern_near<F>(v.v, MPFR_RNDN), 2);
  }
  const Bits specials[] = {F::zero_bits, F::min_subnormal_bits, F::max_subnormal_bits, F::min_normal_bits,
                           F::max_finite_bits, F::infinity_bits, F::quiet_nan_bits,
                           static_cast<Bits>(F::infinity_bits | 1)};
  for (Bits s : specials) {
    out.push_back(s);
    out.push_back(static_cast<Bits>(s | F::sign_mask));
  }
  // Small magnitudes (|x| < 2^8), where every rounding decision happens, on
  // a stride through the fraction.
  const Bits one = F::one_bits;
  const Bits span = static_cast<Bits>(Bits{10} << F::mantissa_bits);
  const Bits stride = static_cast<Bits>((Bits{1} << F::mantissa_bits) / 127 + 1);
  for (Bits b = static_cast<Bits>(one - span); b < one + span; b = static_cast<Bits>(b + stride)) {
    out.push_back(b);
    out.push_back(static_cast<Bits>(b | F::sign_mask));
  }
  std::mt19937_64 rng(kSeed + sizeof(Bits));
  for (int i = 0; i < 4000; ++i) out.push_back(static_cast<Bits>(rng()));
  return out;
}

}  // namespace

TEST(IntConvert, FloatToEveryIntegerTypeInEveryModeMatchesMpfr) {
  Tally tally("float -> integer");
  for (auto x : float_inputs<Float>()) check_float<Float>(tally, x);
}

TEST(IntConvert, DoubleToEveryIntegerTypeInEveryModeMatchesMpfr) {
  Tally tally("double -> integer");
  for (auto x : float_inputs<Double>()) check_float<Double>(tally, x);
}

TEST(IntConvert, HandWorkedCases) {
  const IntFormat chr{8, true}, uch{8, false}, lng{64, true}, ulg{64, false};
  // Ties to even, and the rounded value (not the operand) decides the range.
  EXPECT_EQ(ref::float_to_int<Float>(0x40200000u, chr, Rounding::NearestEven, false).bits, 2u);  // 2.5 -> 2
  EXPECT_EQ(ref::float_to_int<Float>(0x40600000u, chr, Rounding::NearestEven, false).bits, 4u);  // 3.5 -> 4
  EXPECT_EQ(ref::float_to_int<Float>(0xC0200000u, chr, Rounding::NearestEven, false).bits, 0xFEu);  // -2.5 -> -2
  const auto in = ref::float_to_int<Float>(0x42FECCCDu, chr, Rounding::TowardZero, false);  // 127.4
  EXPECT_TRUE(in.defined);
  EXPECT_EQ(in.bits, 127u);
  const auto out = ref::float_to_int<Float>(0x42FECCCDu, chr, Rounding::TowardPositive, false);
  EXPECT_FALSE(out.defined);
  EXPECT_EQ(out.range, IntRange::Above);
  EXPECT_EQ(ref::float_to_int<Float>(0x42FECCCDu, chr, Rounding::TowardPositive, true).bits, 127u);
  // NaN saturates to 0; -0.5 is 0 in _rtz but -1 (out of uchar's range) in _rtn.
  EXPECT_EQ(ref::float_to_int<Float>(0x7FC00000u, uch, Rounding::TowardZero, true).bits, 0u);
  EXPECT_EQ(ref::float_to_int<Float>(0xBF000000u, uch, Rounding::TowardZero, false).bits, 0u);
  EXPECT_EQ(ref::float_to_int<Float>(0xBF000000u, uch, Rounding::TowardNegative, true).bits, 0u);
  EXPECT_EQ(ref::float_to_int<Float>(0xBF000000u, uch, Rounding::TowardNegative, false).range, IntRange::Below);
  // 2^63 is just beyond long; -2^63 is long's minimum; 2^64 - 2^11 fits ulong.
  EXPECT_EQ(ref::float_to_int<Double>(0x43E0000000000000ull, lng, Rounding::TowardZero, true).bits,
            0x7FFFFFFFFFFFFFFFull);
  EXPECT_EQ(ref::float_to_int<Double>(0xC3E0000000000000ull, lng, Rounding::TowardZero, false).bits,
            0x8000000000000000ull);
  EXPECT_EQ(ref::float_to_int<Double>(0x43EFFFFFFFFFFFFFull, ulg, Rounding::TowardZero, false).bits,
            0xFFFFFFFFFFFFF800ull);
  // Integers: unsigned wrap is defined, signed wrap is not; _sat clamps.
  const IntFormat shrt{16, true};
  EXPECT_EQ(ref::int_to_int(300, shrt, uch, false).bits, 44u);
  EXPECT_TRUE(ref::int_to_int(300, shrt, uch, false).defined);
  EXPECT_FALSE(ref::int_to_int(300, shrt, chr, false).defined);
  EXPECT_EQ(ref::int_to_int(0xFFFF, shrt, uch, true).bits, 0u);  // -1 -> 0
  EXPECT_EQ(ref::int_to_int(300, shrt, chr, true).bits, 127u);
}

TEST(IntConvert, IntegerToIntegerMatchesGmp) {
  Tally tally("integer -> integer");
  std::mt19937_64 rng(kSeed);
  for (const IntType& s : kInts) {
    std::vector<std::uint64_t> xs = {0, 1, ~std::uint64_t{0}};
    for (const IntType& t : kInts) {
      for (const char* lim : {t.min, t.max}) {
        const std::uint64_t p = pattern_from_text(lim, 64);
        for (int d = -2; d <= 2; ++d) xs.push_back(p + std::uint64_t(d));
      }
    }
    for (int i = 0; i < 2000; ++i) xs.push_back(rng());
    for (std::uint64_t raw : xs) {
      const std::uint64_t x = raw & s.f.mask();
      mpz_t z, lo, hi;
      mpz_init(z);
      mpz_import(z, 1, -1, sizeof x, 0, 0, &x);
      if (s.f.is_signed && ((x >> (s.f.bits - 1)) & 1)) {  // subtract 2^bits
        mpz_t m;
        mpz_init(m);
        mpz_ui_pow_ui(m, 2, s.f.bits);
        mpz_sub(z, z, m);
        mpz_clear(m);
      }
      for (const IntType& t : kInts) {
        mpz_init_set_str(lo, t.min, 10);
        mpz_init_set_str(hi, t.max, 10);
        const bool above = mpz_cmp(z, hi) > 0, below = mpz_cmp(z, lo) < 0;
        for (bool sat : {false, true}) {
          Expected want{pattern_mod(z, t.f.bits), IntRange::InRange, true};
          if (above || below) {
            want.range = above ? IntRange::Above : IntRange::Below;
            if (sat) want.bits = pattern_from_text(above ? t.max : t.min, t.f.bits);
            else want.defined = !t.f.is_signed;  // C99 6.3.1.3
          }
          const ref::IntResult got = ref::int_to_int(x, s.f, t.f, sat);
          tally.check(got.bits == want.bits && got.range == want.range && got.defined == want.defined,
                      std::string(s.name) + " " + hex(x) + " -> " + t.name + (sat ? "_sat" : "") + ": got " +
                          hex(got.bits) + ", oracle " + hex(want.bits));
        }
        mpz_clear(lo);
        mpz_clear(hi);
      }
      mpz_clear(z);
    }
  }
}

TEST(IntConvert, IntegerToFloatAndDoubleInEveryModeMatchesMpfr) {
  Tally tally("integer -> float/double");
  std::mt19937_64 rng(kSeed + 1);
  std::vector<std::uint64_t> xs = {0, 1, 2, 3, ~std::uint64_t{0}};
  for (int k = 0; k < 64; ++k) {
    for (int d = -3; d <= 3; ++d) {
      xs.push_back((std::uint64_t{1} << k) + std::uint64_t(d));
      xs.push_back(~((std::uint64_t{1} << k) + std::uint64_t(d)) + 1);
    }
  }
  // Ties and near-ties at float's and double's precision.
  for (int k = 24; k < 64; ++k) {
    for (std::uint64_t lead : {1ull, 3ull, 0xFFFFFFull}) {
      const std::uint64_t base = lead << (k - 23);
      for (int d = -2; d <= 2; ++d) xs.push_back(base + (std::uint64_t{1} << (k - 24)) + std::uint64_t(d));
    }
  }
  for (int i = 0; i < 3000; ++i) xs.push_back(rng() >> (rng() % 64));
  for (const IntType& s : kInts) {
    for (std::uint64_t raw : xs) {
      const std::uint64_t x = raw & s.f.mask();
      oracle::Num v(64);
      const std::int64_t sv = (s.f.is_signed && s.f.bits < 64 && ((x >> (s.f.bits - 1)) & 1))
                                  ? std::int64_t(x | ~s.f.mask())
                                  : std::int64_t(x);
      if (s.f.is_signed)
        mpfr_set_sj(v.v, sv, MPFR_RNDN);
      else
        mpfr_set_uj(v.v, x, MPFR_RNDN);
      for (const Mode& m : kModes) {
        const std::uint32_t wf = pattern_near<Float>(v.v, m.m);
        const std::uint64_t wd = pattern_near<Double>(v.v, m.m);
        const std::uint32_t gf = ref::int_to_float<Float>(x, s.f, m.r);
        const std::uint64_t gd = ref::int_to_float<Double>(x, s.f, m.r);
        tally.check(gf == wf && gd == wd, std::string(s.name) + " " + hex(x) + " " + m.name + ": got " + hex(gf) +
                                              "/" + hex(gd) + ", oracle " + hex(wf) + "/" + hex(wd));
      }
    }
  }
}
