// reference/integer against a second derivation: every built-in and
// operator computed again from its definition in GMP's arbitrary-precision
// integers (floor and truncating divisions, bit scans, powers of two), on
// every edge-value tuple, on every pair of 8-bit values, and on millions of
// random tuples.
#include <gmp.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference/integer.hpp"
#include "sample_scale.hpp"

namespace clconform::ref::integer {
namespace {

using u64 = std::uint64_t;

// Arbitrary-precision scratch values, set up once.
struct Z {
  mpz_t x, y, z, r, t, m;
  Z() { mpz_inits(x, y, z, r, t, m, nullptr); }
  ~Z() { mpz_clears(x, y, z, r, t, m, nullptr); }
};

// V := the value pattern P stands for in format F.
void set_value(mpz_t v, IntFormat f, u64 p) {
  if (f.bits < 64) p &= (u64(1) << f.bits) - 1;
  mpz_set_ui(v, (unsigned long)p);
  if (f.is_signed && mpz_tstbit(v, f.bits - 1)) {
    mpz_t two;
    mpz_init(two);
    mpz_ui_pow_ui(two, 2, f.bits);
    mpz_sub(v, v, two);
    mpz_clear(two);
  }
}

// The pattern of V modulo 2^bits.
u64 pattern(const mpz_t v, unsigned bits) {
  mpz_t r;
  mpz_init(r);
  mpz_fdiv_r_2exp(r, v, bits);
  const u64 p = mpz_get_ui(r);
  mpz_clear(r);
  return p;
}

void set_min(mpz_t v, IntFormat f) {
  if (!f.is_signed) {
    mpz_set_ui(v, 0);
  } else {
    mpz_ui_pow_ui(v, 2, f.bits - 1);
    mpz_neg(v, v);
  }
}

void set_max(mpz_t v, IntFormat f) {
  mpz_ui_pow_ui(v, 2, f.is_signed ? f.bits - 1 : f.bits);
  mpz_sub_ui(v, v, 1);
}

void saturate(mpz_t v, IntFormat f) {
  mpz_t b;
  mpz_init(b);
  set_min(b, f);
  if (mpz_cmp(v, b) < 0) mpz_set(v, b);
  set_max(b, f);
  if (mpz_cmp(v, b) > 0) mpz_set(v, b);
  mpz_clear(b);
}

bool in_range(const mpz_t v, IntFormat f) {
  mpz_t b;
  mpz_init(b);
  set_min(b, f);
  bool ok = mpz_cmp(v, b) >= 0;
  set_max(b, f);
  ok = ok && mpz_cmp(v, b) <= 0;
  mpz_clear(b);
  return ok;
}

// Value of the low 24 bits of V as a 24-bit integer of F's signedness.
void low24(mpz_t out, const mpz_t v, bool is_signed) {
  mpz_fdiv_r_2exp(out, v, 24);
  if (is_signed && mpz_tstbit(out, 23)) {
    mpz_t two;
    mpz_init_set_ui(two, 1u << 24);
    mpz_sub(out, out, two);
    mpz_clear(two);
  }
}

struct Oracle {
  bool defined = true;
  u64 bits = 0;
};

Oracle oracle(Z& s, Fn fn, IntFormat f, const u64* a) {
  Oracle o;
  set_value(s.x, f, a[0]);
  if (arity(fn) > 1) set_value(s.y, f, a[1]);
  if (arity(fn) > 2) set_value(s.z, f, a[2]);
  const IntFormat u{f.bits, false};
  // The count of a shift or rotate: the count's pattern as an unsigned
  // number, reduced modulo the bit width.
  auto count = [&]() { return unsigned(pattern(s.y, f.bits) % f.bits); };
  switch (fn) {
    case Fn::Abs: mpz_abs(s.r, s.x); o.bits = pattern(s.r, f.bits); break;
    case Fn::AbsDiff: mpz_sub(s.r, s.x, s.y); mpz_abs(s.r, s.r); o.bits = pattern(s.r, f.bits); break;
    case Fn::AddSat: mpz_add(s.r, s.x, s.y); saturate(s.r, f); o.bits = pattern(s.r, f.bits); break;
    case Fn::SubSat: mpz_sub(s.r, s.x, s.y); saturate(s.r, f); o.bits = pattern(s.r, f.bits); break;
    case Fn::Hadd: mpz_add(s.r, s.x, s.y); mpz_fdiv_q_ui(s.r, s.r, 2); o.bits = pattern(s.r, f.bits); break;
    case Fn::Rhadd:
      mpz_add(s.r, s.x, s.y); mpz_add_ui(s.r, s.r, 1); mpz_fdiv_q_ui(s.r, s.r, 2); o.bits = pattern(s.r, f.bits);
      break;
    case Fn::Clamp:
      o.defined = mpz_cmp(s.y, s.z) <= 0;
      mpz_set(s.r, mpz_cmp(s.x, s.y) > 0 ? s.x : s.y);  // max(x, minval)
      if (mpz_cmp(s.r, s.z) > 0) mpz_set(s.r, s.z);      // min(., maxval)
      o.bits = pattern(s.r, f.bits);
      break;
    case Fn::Clz: {
      mpz_set_ui(s.r, (unsigned long)pattern(s.x, f.bits));
      o.bits = mpz_sgn(s.r) == 0 ? f.bits : f.bits - mpz_sizeinbase(s.r, 2);
      break;
    }
    case Fn::Ctz: {
      mpz_set_ui(s.r, (unsigned long)pattern(s.x, f.bits));
      o.bits = mpz_sgn(s.r) == 0 ? f.bits : mpz_scan1(s.r, 0);
      break;
    }
    case Fn::MulHi: mpz_mul(s.r, s.x, s.y); mpz_fdiv_q_2exp(s.r, s.r, f.bits); o.bits = pattern(s.r, f.bits); break;
    case Fn::MadHi:
      mpz_mul(s.r, s.x, s.y); mpz_fdiv_q_2exp(s.r, s.r, f.bits); mpz_add(s.r, s.r, s.z);
      o.bits = pattern(s.r, f.bits);
      break;
    case Fn::MadSat: mpz_mul(s.r, s.x, s.y); mpz_add(s.r, s.r, s.z); saturate(s.r, f); o.bits = pattern(s.r, f.bits); break;
    case Fn::Max: mpz_set(s.r, mpz_cmp(s.x, s.y) < 0 ? s.y : s.x); o.bits = pattern(s.r, f.bits); break;
    case Fn::Min: mpz_set(s.r, mpz_cmp(s.y, s.x) < 0 ? s.y : s.x); o.bits = pattern(s.r, f.bits); break;
    case Fn::Rotate: {
      const unsigned k = count();
      mpz_set_ui(s.t, (unsigned long)pattern(s.x, f.bits));
      mpz_mul_2exp(s.r, s.t, k);                    // bits moved up
      mpz_fdiv_q_2exp(s.m, s.t, f.bits - k);        // bits that wrap around
      if (k == 0) mpz_set_ui(s.m, 0);
      mpz_add(s.r, s.r, s.m);
      o.bits = pattern(s.r, f.bits);
      break;
    }
    case Fn::Upsample: {
      mpz_mul_2exp(s.r, s.x, f.bits);
      mpz_set_ui(s.t, (unsigned long)pattern(s.y, f.bits));  // lo is unsigned
      mpz_add(s.r, s.r, s.t);
      o.bits = pattern(s.r, 2 * f.bits);
      break;
    }
    case Fn::Popcount: mpz_set_ui(s.r, (unsigned long)pattern(s.x, f.bits)); o.bits = mpz_popcount(s.r); break;
    case Fn::Mul24:
    case Fn::Mad24: {
      IntFormat r24{24, f.is_signed};
      mpz_set(s.t, s.x);
      o.defined = in_range(s.x, r24) && in_range(s.y, r24);
      low24(s.t, s.x, f.is_signed);
      low24(s.m, s.y, f.is_signed);
      mpz_mul(s.r, s.t, s.m);
      if (fn == Fn::Mad24) mpz_add(s.r, s.r, s.z);
      o.bits = pattern(s.r, 32);
      break;
    }
    case Fn::OpDiv:
    case Fn::OpRem:
      if (mpz_sgn(s.y) == 0) { o.defined = false; break; }
      mpz_tdiv_q(s.r, s.x, s.y);
      o.defined = in_range(s.r, f);
      if (fn == Fn::OpRem) mpz_tdiv_r(s.r, s.x, s.y);
      o.bits = pattern(s.r, f.bits);
      break;
    case Fn::OpShl:
      mpz_mul_2exp(s.r, s.x, count());
      o.defined = !f.is_signed || (mpz_sgn(s.x) >= 0 && in_range(s.r, f));
      o.bits = pattern(s.r, f.bits);
      break;
    case Fn::OpShr: mpz_fdiv_q_2exp(s.r, s.x, count()); o.bits = pattern(s.r, f.bits); break;
    case Fn::OpAdd: mpz_add(s.r, s.x, s.y); o.bits = pattern(s.r, f.bits); break;
    case Fn::OpSub: mpz_sub(s.r, s.x, s.y); o.bits = pattern(s.r, f.bits); break;
    case Fn::OpMul: mpz_mul(s.r, s.x, s.y); o.bits = pattern(s.r, f.bits); break;
    case Fn::OpLt: o.bits = mpz_cmp(s.x, s.y) < 0; break;
  }
  (void)u;
  return o;
}

const char* const kNames[] = {"abs", "abs_diff", "add_sat", "hadd", "rhadd", "clamp", "clz", "ctz", "mad_hi",
                              "mad_sat", "max", "min", "mul_hi", "rotate", "sub_sat", "upsample", "popcount",
                              "mad24", "mul24", "op_div", "op_rem", "op_shl", "op_shr", "op_add", "op_sub",
                              "op_mul", "op_lt"};

std::vector<IntFormat> formats_of(Fn fn) {
  if (fn == Fn::Mad24 || fn == Fn::Mul24) return {{32, true}, {32, false}};
  std::vector<IntFormat> out;
  for (unsigned bits : {8u, 16u, 32u, 64u})
    for (bool s : {true, false})
      if (fn != Fn::Upsample || bits < 64) out.push_back({bits, s});
  return out;
}

// Edge patterns of F: 0, 1, -1, the extremes and their neighbours, every
// power of two and its neighbours (negated too), the 24-bit limits.
std::vector<u64> edges(IntFormat f, bool small) {
  const u64 m = f.bits == 64 ? ~u64(0) : (u64(1) << f.bits) - 1;
  std::vector<u64> v = {0, 1, m, 2};
  const u64 mn = f.is_signed ? u64(1) << (f.bits - 1) : 0, mx = f.is_signed ? mn - 1 : m;
  for (u64 e : {mn, mx, mn + 1, mx - 1}) v.push_back(e & m);
  for (unsigned k = 1; k < f.bits; k += small ? 7 : 1) {
    for (u64 d : {u64(0), u64(1), ~u64(0)}) {
      v.push_back(((u64(1) << k) + d) & m);
      v.push_back((u64(0) - (u64(1) << k) + d) & m);
    }
  }
  for (u64 e : {u64(1) << 23, (u64(1) << 23) - 1, u64(0) - (u64(1) << 23), (u64(1) << 24) - 1, u64(1) << 24})
    v.push_back(e & m);
  return v;
}

struct Tally {
  uint64_t compared = 0, undefined = 0;
};

void compare(Z& s, Fn fn, const char* name, IntFormat f, const u64* a, Tally& t) {
  const Oracle o = oracle(s, fn, f, a);
  const bool d = defined(fn, f, a);
  ASSERT_EQ(d, o.defined) << name << " bits " << f.bits << (f.is_signed ? " signed" : " unsigned") << " args "
                          << a[0] << " " << a[1] << " " << a[2];
  if (!d) {
    ++t.undefined;
    return;
  }
  ++t.compared;
  ASSERT_EQ(eval(fn, f, a), o.bits) << name << " bits " << f.bits << (f.is_signed ? " signed" : " unsigned")
                                    << " args " << a[0] << " " << a[1] << " " << a[2];
}

class IntegerReference : public ::testing::TestWithParam<const char*> {};

TEST_P(IntegerReference, MatchesGmpOnEdgesPairsAndRandomTuples) {
  const char* name = GetParam();
  const auto fn = function_named(name);
  ASSERT_TRUE(fn.has_value()) << name;
  const unsigned n = arity(*fn);
  Z s;
  Tally t;
  std::mt19937_64 rng(0x1de9c0ffee ^ std::hash<std::string>()(name));
  for (IntFormat f : formats_of(*fn)) {
    const u64 m = f.bits == 64 ? ~u64(0) : (u64(1) << f.bits) - 1;
    u64 a[3] = {0, 0, 0};
    if (f.bits == 8 && n <= 2) {  // every 8-bit value or pair
      for (u64 p = 0; p < (u64(1) << (8 * n)); ++p) {
        a[0] = p & 0xFF;
        a[1] = p >> 8;
        compare(s, *fn, name, f, a, t);
        if (HasFatalFailure()) return;
      }
    }
    const std::vector<u64> e = edges(f, false), es = edges(f, true);
    if (n == 1) {
      for (u64 x : e) {
        a[0] = x;
        compare(s, *fn, name, f, a, t);
      }
    } else if (n == 2) {
      for (u64 x : e)
        for (u64 y : e) {
          a[0] = x, a[1] = y;
          compare(s, *fn, name, f, a, t);
          if (HasFatalFailure()) return;
        }
    } else {
      for (u64 x : e)
        for (u64 y : es)
          for (u64 z : es)
            for (int rot = 0; rot < 3; ++rot) {  // the full edge list in each position
              const u64 v[3] = {x, y, z};
              a[rot] = v[0], a[(rot + 1) % 3] = v[1], a[(rot + 2) % 3] = v[2];
              compare(s, *fn, name, f, a, t);
              if (HasFatalFailure()) return;
            }
    }
    // Random tuples: full-width patterns, and values of few bits (where
    // saturation, 24-bit products and small counts live).
    for (int i = 0; i < sample_scale::samples(60000); ++i) {
      for (unsigned k = 0; k < 3; ++k) {
        u64 r = rng();
        if (i % 4 == 1) r >>= rng() % 64;
        if (i % 4 == 2) r = u64(int64_t(r) >> (rng() % 64));
        if (i % 4 == 3) r = f.is_signed ? u64(int64_t(r << 40) >> 40) : r & 0xFFFFFF;  // the 24-bit range
        a[k] = r & m;
      }
      compare(s, *fn, name, f, a, t);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(t.compared, static_cast<uint64_t>(sample_scale::samples(50000))) << name;
  RecordProperty("compared", std::to_string(t.compared));
}

INSTANTIATE_TEST_SUITE_P(AllFunctions, IntegerReference, ::testing::ValuesIn(kNames),
                         [](const ::testing::TestParamInfo<const char*>& i) { return std::string(i.param); });

TEST(IntegerReference, SpecExamples) {
  // Values worked out by hand from the definitions in 6.15.3.
  const u64 a1[3] = {0x80, 0, 0};
  EXPECT_EQ(eval(Fn::Abs, {8, true}, a1), 0x80u);             // abs(CHAR_MIN) = 128 as uchar
  const u64 a2[3] = {0x7F, 0x80, 0};
  EXPECT_EQ(eval(Fn::AbsDiff, {8, true}, a2), 0xFFu);         // |127 - (-128)| = 255
  EXPECT_EQ(eval(Fn::AddSat, {8, true}, a2), 0xFFu);          // 127 + -128 = -1
  const u64 a3[3] = {0xFF, 0x01, 0};
  EXPECT_EQ(eval(Fn::Hadd, {8, false}, a3), 0x80u);           // (255 + 1) >> 1 without overflow
  EXPECT_EQ(eval(Fn::Rhadd, {8, true}, a3), 0x00u);           // (-1 + 1 + 1) >> 1 = 0
  EXPECT_EQ(eval(Fn::Upsample, {8, true}, a3), 0xFF01u);      // ((short)-1 << 8) | 1
  const u64 a4[3] = {0x12345678, 36, 0};
  EXPECT_EQ(eval(Fn::Rotate, {32, false}, a4), 0x23456781u);  // 36 mod 32 = 4
  const u64 a5[3] = {0xFFFFFF, 2, 0};                         // -1 * 2 in 24 bits, int
  EXPECT_EQ(eval(Fn::Mul24, {32, true}, a5), 0xFFFFFFFEu);
  EXPECT_FALSE(defined(Fn::Mul24, {32, true}, a5));           // 0xFFFFFF is 16777215 as an int: out of range
  const u64 a6[3] = {0xFFFFFFFF, 2, 5};
  EXPECT_TRUE(defined(Fn::Mad24, {32, true}, a6));
  EXPECT_EQ(eval(Fn::Mad24, {32, true}, a6), 3u);             // -1 * 2 + 5
  const u64 a7[3] = {u64(-7) & 0xFFFFFFFF, 2, 0};
  EXPECT_EQ(eval(Fn::OpDiv, {32, true}, a7), u64(-3) & 0xFFFFFFFF);  // toward zero
  EXPECT_EQ(eval(Fn::OpRem, {32, true}, a7), u64(-1) & 0xFFFFFFFF);
  const u64 a8[3] = {0, 0, 0};
  EXPECT_EQ(eval(Fn::Clz, {16, false}, a8), 16u);
  EXPECT_EQ(eval(Fn::Ctz, {64, true}, a8), 64u);
}

}  // namespace
}  // namespace clconform::ref::integer
