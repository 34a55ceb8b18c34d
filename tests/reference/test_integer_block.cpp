// reference/integer_block (the block forms) against reference/integer (the
// per-lane reference, itself checked against GMP in test_integer.cpp): the
// same defined lanes and, on them, the same result bits, for every function
// and format, on every 8-bit pair (every triple on a coarser grid), every
// 16-bit value, every 16-bit value against every other edge value in
// each position, every edge tuple, and random tuples; in blocks of uneven sizes,
// so that the vectorized loop bodies and their remainders both run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "reference/integer.hpp"
#include "reference/integer_block.hpp"
#include "sample_scale.hpp"

namespace clconform::ref::integer {
namespace {

using u64 = std::uint64_t;

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

u64 mask_of(unsigned bits) { return bits == 64 ? ~u64(0) : (u64(1) << bits) - 1; }

// 0, 1, -1, 2, the extremes and their neighbours, powers of two and their
// neighbours (negated too), the 24-bit limits and the counts around the width.
std::vector<u64> edges(IntFormat f) {
  const u64 m = mask_of(f.bits);
  std::vector<u64> v = {0, 1, m, 2};
  const u64 mn = f.is_signed ? u64(1) << (f.bits - 1) : 0, mx = f.is_signed ? mn - 1 : m;
  for (u64 e : {mn, mx, mn + 1, mx - 1}) v.push_back(e & m);
  for (unsigned k = 1; k < f.bits; ++k)
    for (u64 d : {u64(0), u64(1), ~u64(0)}) {
      v.push_back(((u64(1) << k) + d) & m);
      v.push_back((u64(0) - (u64(1) << k) + d) & m);
    }
  for (u64 e : {u64(1) << 23, (u64(1) << 23) - 1, u64(0) - (u64(1) << 23), (u64(1) << 24) - 1, u64(1) << 24})
    v.push_back(e & m);
  for (u64 c = 0; c <= 2 * f.bits + 1; ++c) v.push_back(c & m);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

// Tuples gathered, then checked in blocks.
class Checker {
 public:
  Checker(Fn fn, IntFormat f, IntFormat r, BlockEval be, const char* name)
      : fn_(fn), f_(f), r_(r), be_(be), name_(name), args_(arity(fn)) {}

  void add(u64 a, u64 b, u64 c) {
    const u64 t[3] = {a, b, c};
    for (size_t k = 0; k < args_.size(); ++k) args_[k].push_back(t[k] & mask_of(f_.bits));
    if (args_[0].size() == kBatch) flush();
  }

  void flush() {
    const size_t n = args_[0].size();
    // Blocks of uneven lengths, starting at uneven offsets.
    for (size_t at = 0; at < n;) {
      const size_t len = std::min(n - at, size_t(1 + (at * 7919) % 1500));
      check(at, len);
      if (::testing::Test::HasFailure()) return;
      at += len;
    }
    for (auto& a : args_) a.clear();
  }

  uint64_t compared = 0, undefined = 0;

 private:
  static constexpr size_t kBatch = 1 << 16;

  void check(size_t at, size_t n) {
    const unsigned ab = f_.bits / 8, rb = r_.bits / 8;
    std::vector<std::vector<unsigned char>> packed(args_.size(), std::vector<unsigned char>(n * ab));
    const void* ptrs[3] = {nullptr, nullptr, nullptr};
    for (size_t k = 0; k < args_.size(); ++k) {
      for (size_t i = 0; i < n; ++i) std::memcpy(&packed[k][i * ab], &args_[k][at + i], ab);
      ptrs[k] = packed[k].data();
    }
    std::vector<unsigned char> out(n * rb + 1), def(n * rb + 1);
    out[n * rb] = def[n * rb] = 0x5C;  // a guard: nothing past N results is written
    be_(ptrs, n, out.data(), def.data());
    ASSERT_EQ(out[n * rb], 0x5C);
    ASSERT_EQ(def[n * rb], 0x5C);
    for (size_t i = 0; i < n; ++i) {
      u64 a[3] = {0, 0, 0}, got = 0, mask = 0;
      for (size_t k = 0; k < args_.size(); ++k) a[k] = args_[k][at + i];
      std::memcpy(&got, &out[i * rb], rb);
      std::memcpy(&mask, &def[i * rb], rb);
      const bool d = defined(fn_, f_, a);
      ASSERT_EQ(mask, d ? mask_of(r_.bits) : 0) << name_ << " bits " << f_.bits << (f_.is_signed ? " signed" : " unsigned")
                                                << " args " << a[0] << " " << a[1] << " " << a[2];
      if (!d) {
        ++undefined;
        continue;
      }
      ++compared;
      ASSERT_EQ(got, eval(fn_, f_, a)) << name_ << " bits " << f_.bits << (f_.is_signed ? " signed" : " unsigned")
                                       << " args " << a[0] << " " << a[1] << " " << a[2];
    }
  }

  Fn fn_;
  IntFormat f_, r_;
  BlockEval be_;
  const char* name_;
  std::vector<std::vector<u64>> args_;
};

class IntegerBlock : public ::testing::TestWithParam<const char*> {};

TEST_P(IntegerBlock, AgreesWithThePerLaneReference) {
  const char* name = GetParam();
  const auto fn = function_named(name);
  ASSERT_TRUE(fn.has_value()) << name;
  const unsigned n = arity(*fn);
  std::mt19937_64 rng(0xb10c ^ std::hash<std::string>()(name));
  uint64_t compared = 0;
  for (IntFormat f : formats_of(*fn)) {
    // OpLt's 1/0 goes to the signed type of the operands' size (6.5.6),
    // and to any other integer type the same way.
    std::vector<IntFormat> results = {result_format(*fn, f)};
    if (*fn == Fn::OpLt) results = {{f.bits, true}};
    if (*fn == Fn::OpLt && f.bits == 8) results.push_back({64, false});
    for (IntFormat r : results) {
      const BlockEval be = block_eval(*fn, f, r);
      ASSERT_NE(be, nullptr) << name << " " << f.bits;
      Checker c(*fn, f, r, be, name);
      const std::vector<u64> e = edges(f);
      if (f.bits == 8) {  // every value, pair; triples on every third value of the first two arguments
        for (u64 p = 0; p < (u64(1) << (n == 1 ? 8 : 16)); ++p)
          for (u64 z = 0; z < (n == 3 ? 256u : 1u); ++z)
            if (n < 3 || ((p & 0xFF) % 3 == 0 && (p >> 8) % 3 == 0) || z % 85 == 0) c.add(p & 0xFF, p >> 8, z);
      }
      if (f.bits == 16) {  // every value, in each position against every other edge value
        for (u64 x = 0; x < 65536; ++x) {
          if (n == 1) {
            c.add(x, 0, 0);
            continue;
          }
          for (size_t j = x % 2; j < e.size(); j += (n == 3 ? 4 : 2)) {
            c.add(x, e[j], e[(j * 5) % e.size()]);
            c.add(e[j], x, e[(j * 7) % e.size()]);
            if (n == 3) c.add(e[j], e[(j * 11) % e.size()], x);
          }
        }
      }
      // Every edge tuple (triples: every edge pair against every 16th edge
      // value, in each position).
      for (size_t i = 0; i < e.size(); ++i)
        for (size_t j = 0; j < (n > 1 ? e.size() : 1); ++j) {
          if (n < 3) {
            c.add(e[i], e[j], 0);
            continue;
          }
          for (size_t k = i % 16; k < e.size(); k += 16) {
            c.add(e[i], e[j], e[k]);
            c.add(e[k], e[i], e[j]);
            c.add(e[j], e[k], e[i]);
          }
        }
      // Random tuples: full-width patterns, few bits, the 24-bit range.
      for (int i = 0; i < sample_scale::samples(100000); ++i) {
        u64 t[3];
        for (u64& x : t) {
          x = rng();
          if (i % 4 == 1) x >>= rng() % 64;
          if (i % 4 == 2) x = u64(int64_t(x) >> (rng() % 64));
          if (i % 4 == 3) x = f.is_signed ? u64(int64_t(x << 40) >> 40) : x & 0xFFFFFF;
        }
        c.add(t[0], t[1], t[2]);
      }
      c.flush();
      if (HasFatalFailure() || HasFailure()) return;
      compared += c.compared;
    }
  }
  EXPECT_GT(compared, static_cast<uint64_t>(sample_scale::samples(100000))) << name;
  RecordProperty("compared", std::to_string(compared));
}

INSTANTIATE_TEST_SUITE_P(AllFunctions, IntegerBlock, ::testing::ValuesIn(kNames),
                         [](const ::testing::TestParamInfo<const char*>& i) { return std::string(i.param); });

TEST(IntegerBlock, NoFormWhereTheSpecHasNone) {
  EXPECT_EQ(block_eval(Fn::Upsample, {64, true}, {64, true}), nullptr);   // no 128-bit result
  EXPECT_EQ(block_eval(Fn::Mul24, {16, true}, {16, true}), nullptr);      // int and uint only
  EXPECT_EQ(block_eval(Fn::Abs, {32, true}, {32, true}), nullptr);        // abs returns the unsigned type
  EXPECT_EQ(block_eval(Fn::Upsample, {8, true}, {16, false}), nullptr);   // upsample keeps the signedness
  EXPECT_NE(block_eval(Fn::Upsample, {8, false}, {16, false}), nullptr);
  EXPECT_EQ(block_eval(Fn::AddSat, {24, true}, {24, true}), nullptr);
}

}  // namespace
}  // namespace clconform::ref::integer
