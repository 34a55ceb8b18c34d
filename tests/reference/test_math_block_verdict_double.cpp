// reference/math/block_verdict_double.hpp and DoubleJudge::prepare_block:
// every point of a prepared block has the kind and fields prepare gives it
// alone, and point() returns prepare's point; every result pass_double_block passes is one DoubleJudge::judge
// passes without MPFR, with the same error to the bit; and it passes every
// result it is meant to take; and so, result by result, does
// pass_double_each_width where the widths differ (a kFast point's certain nearest double under
// correct rounding, a finite result the judge's double arithmetic passes
// under an ULP bound, the expected NaN, infinity or zero). Arguments mix
// stratified doubles with the ones whose points are of the rarer kinds:
// NaN, infinite and negative arguments, exp far outside the double range,
// results near 2^-1021 and powers of two.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "reference/fp_bits.hpp"
#include "reference/math/block_verdict_double.hpp"
#include "reference/math/coarse_trig.hpp"
#include "reference/math/double_double_avx2.hpp"
#include "reference/math/judge_double.hpp"
#include "reference/math/mpfr_eval.hpp"

namespace {

namespace math = clconform::ref::math;
using clconform::ref::double_from_bits;
using clconform::ref::to_bits;
using math::Bound;
using math::DoubleJudge;
using Block = DoubleJudge::Block;

constexpr size_t kWidths = 6;

double argument(std::mt19937_64& rng, const std::string& f) {
  switch (rng() % 12) {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return rng() & 1 ? HUGE_VAL : -HUGE_VAL;
    case 2: return rng() & 1 ? 0.0 : -0.0;
    case 3: {  // exp (cosh, sinh, expm1) beyond the double range, and near its edges
      const double edges[] = {709.78, 710, 745.1, -745.1, -1500, -1500.5, -708.4, 1e300, -1e300, 711, -711};
      return edges[rng() % 11];
    }
    case 4:  // sin x ~ x and log x ~ x - 1 near 2^-1021 and 1
      return f.compare(0, 3, "log") == 0 ? 1 + std::ldexp(double(int(rng() % 64) - 32), -52)
                        : std::ldexp(1 + double(rng() % 8) * 0x1p-52, -1021 - int(rng() % 3));
    case 5:  // a power of two
      return std::ldexp(rng() & 1 ? 1.0 : -1.0, int(rng() % 2000) - 1000);
    default: {  // stratified: a random exponent and mantissa
      const uint64_t bits = (rng() & 0x800fffffffffffffull) | (uint64_t(rng() % 2047) << 52);
      return double_from_bits(bits);
    }
  }
}

// A result near the point's nearest double WANT.
uint64_t make_result(std::mt19937_64& rng, uint64_t want) {
  const unsigned c = unsigned(rng() % 100);
  if (c < 40) return want;
  if (c < 60) return rng() & 1 ? want + 1 : want - 1;
  if (c < 72) return rng() & 1 ? want + 2 + rng() % 4 : want - 2 - rng() % 4;
  if (c < 78) return rng() & 1 ? 0x7ff8000000000000ull : 0xfff0000000000001ull;  // NaNs, payloads differ
  if (c < 84) return rng() & 1 ? 0x7ff0000000000000ull : 0xfff0000000000000ull;
  if (c < 90) return rng() & 1 ? 0x8000000000000000ull : 0;
  return rng();
}

bool is_nan_bits(uint64_t g) { return (g & ~(uint64_t(1) << 63)) > 0x7ff0000000000000ull; }

// Every field of two points that the judge reads (q and e only where the
// point has a binary128 enclosure).
void expect_same_point(const DoubleJudge::Point& a, const DoubleJudge::Point& b) {
  for (size_t k = 0; k < 3; ++k) EXPECT_EQ(to_bits(a.args[k]), to_bits(b.args[k]));
  EXPECT_EQ(to_bits(a.approx), to_bits(b.approx));
  EXPECT_EQ(a.nearest, b.nearest);
  EXPECT_EQ(a.certain, b.certain);
  EXPECT_EQ(a.prepared_by_mpfr, b.prepared_by_mpfr);
  EXPECT_EQ(a.subnormal_arg, b.subnormal_arg);
  EXPECT_EQ(a.beyond, b.beyond);
  EXPECT_EQ(a.dd, b.dd);
  EXPECT_EQ(a.fast, b.fast);
  if (a.dd) {
    EXPECT_EQ(to_bits(a.dd_lo), to_bits(b.dd_lo));
    EXPECT_EQ(a.dd_rel, b.dd_rel);
  } else if (!std::isnan(a.approx)) {
    EXPECT_TRUE(a.q == b.q && a.e == b.e);
  }
  if (a.fast) {
    EXPECT_EQ(a.prescale, b.prescale);
    EXPECT_EQ(a.scale, b.scale);
    EXPECT_EQ(to_bits(a.resid), to_bits(b.resid));
    EXPECT_EQ(a.err, b.err);
    EXPECT_EQ(a.ulp_min, b.ulp_min);
    EXPECT_EQ(a.ulp_max, b.ulp_max);
    EXPECT_EQ(a.ulp_q, b.ulp_q);
  }
}

struct Case {
  const char* function;
  Bound bound;
};

TEST(MathBlockVerdictDouble, KindsAndPassesAreThoseOfThePointAlone) {
  const Case cases[] = {{"sin", {Bound::Kind::Ulps, 4}},     {"cos", {Bound::Kind::Ulps, 4}},
                        {"sin", {Bound::Kind::Ulps, 0.5}},   {"exp", {Bound::Kind::Ulps, 3}},
                        {"log", {Bound::Kind::Ulps, 3}},     {"log", {Bound::Kind::CorrectlyRounded, 0}},
                        {"pow", {Bound::Kind::Ulps, 16}},    {"divide", {Bound::Kind::CorrectlyRounded, 0}},
                        {"sqrt", {Bound::Kind::CorrectlyRounded, 0}}, {"exp", {Bound::Kind::Ulps, 1}},
                        {"cosh", {Bound::Kind::Ulps, 4}},    {"sinh", {Bound::Kind::Ulps, 4}},
                        {"expm1", {Bound::Kind::Ulps, 3}},   {"lgamma", {Bound::Kind::Ulps, 4}},
                        {"lgamma_r", {Bound::Kind::Ulps, 4}}, {"log1p", {Bound::Kind::Ulps, 2}},
                        {"asinh", {Bound::Kind::Ulps, 3}},   {"acosh", {Bound::Kind::Ulps, 3}},
                        {"rsqrt", {Bound::Kind::Ulps, 2}},   {"nextafter", {Bound::Kind::Ulps, 0}},
                        {"hypot", {Bound::Kind::Ulps, 4}},   {"recip", {Bound::Kind::Ulps, 2.5}}};
  std::mt19937_64 rng(0xd0b1e);
  auto b = std::make_unique<Block>();
  auto passes = std::make_unique<math::BlockPasses>();
  std::vector<std::vector<uint64_t>> results(kWidths, std::vector<uint64_t>(Block::kCapacity));
  const uint64_t* rows[kWidths];
  for (size_t k = 0; k < kWidths; ++k) rows[k] = results[k].data();
  long kinds[7] = {}, passed = 0, compared = 0, each_passed = 0;
  for (const Case& c : cases) {
    for (const math::Denormals denormals : {math::Denormals::Kept, math::Denormals::MayFlush}) {
      const DoubleJudge judge(c.function, denormals);
      const bool two_args = std::string(c.function) == "pow" || std::string(c.function) == "divide" ||
                            std::string(c.function) == "nextafter" || std::string(c.function) == "hypot";
      for (int round = 0; round < 12; ++round) {
        b->n = round % 3 == 2 ? Block::kCapacity - 1 - size_t(round % 7) : Block::kCapacity;
        for (size_t i = 0; i < b->n; ++i) {
          b->args[0][i] = argument(rng, c.function);
          b->args[1][i] = two_args ? argument(rng, c.function) : 0;
          b->args[2][i] = 0;
        }
        judge.prepare_block(*b);
        std::vector<DoubleJudge::Point> points;
        for (size_t i = 0; i < b->n; ++i) {
          const double args[3] = {b->args[0][i], b->args[1][i], b->args[2][i]};
          const DoubleJudge::Point p = judge.prepare(args);
          points.push_back(p);
          const uint64_t kind = b->kind[i];
          ASSERT_TRUE(kind < 5u || kind == Block::kMinusInf);
          ++kinds[kind];
          // The kind prepare's point has.
          const bool fast_dd = p.dd && p.fast && p.certain;
          EXPECT_EQ(kind == Block::kFast, fast_dd) << c.function << "(" << args[0] << ", " << args[1] << ")";
          EXPECT_EQ(kind == Block::kPlusInf, p.beyond > 0);
          // -inf: the point's real result is -inf to binary128 (sinh's negative overflows).
          if (kind == Block::kMinusInf) {
            EXPECT_TRUE(std::isinf(p.approx) && p.approx < 0 && p.certain) << c.function << "(" << args[0] << ")";
          }
          // A zero: every result below the double range, and some exact
          // zeros (where a double-double tier vouched for one: sin 0, log 1).
          const math::Fn fn = math::fn_of(math::function_id(c.function));
          const math::Enclosure real = math::enclose(fn, args, 64, 0, math::Format::Double);
          const bool exact_zero = real.exact && real.lo.is_zero();
          if (p.beyond < 0) {
            EXPECT_EQ(kind, Block::kZero);
          }
          if (kind == Block::kZero) {
            EXPECT_TRUE(p.beyond < 0 || exact_zero) << c.function << "(" << args[0] << ")";
          }
          if (kind == Block::kNanResult) {
            EXPECT_TRUE(std::isnan(p.approx) && p.certain && !p.prepared_by_mpfr);
          }
          if (kind == Block::kFast) {
            EXPECT_EQ(to_bits(b->approx[i]), to_bits(p.approx));
            EXPECT_EQ(to_bits(b->approx[i]), p.nearest);
            EXPECT_EQ(b->prescale[i], p.prescale);
            EXPECT_EQ(b->scale[i], p.scale);
            EXPECT_EQ(to_bits(b->resid[i]), to_bits(p.resid));
            EXPECT_EQ(b->err[i], p.err);
            EXPECT_EQ(b->ulp_min[i], p.ulp_min);
            EXPECT_EQ(b->ulp_q[i], p.ulp_q);
          }
          expect_same_point(judge.point(*b, i), p);
          const bool shared = rng() % 10 < 8;
          const uint64_t first = make_result(rng, p.nearest);
          for (size_t k = 0; k < kWidths; ++k) results[k][i] = shared || rng() % 3 ? first : make_result(rng, p.nearest);
        }
        math::pass_double_block(*b, rows, kWidths, c.bound, 0.5, 2.0, 0.0, *passes);
        uint64_t count = 0;
        double max_ulp = -1;
        for (size_t i = 0; i < b->n; ++i) {
          const DoubleJudge::Point& p = points[i];
          // Whether the block is meant to pass result G were it every
          // width's, with what error.
          const auto meant_to_pass = [&](uint64_t g, double* ulp) {
            *ulp = 0;
            switch (b->kind[i]) {
              case Block::kFast: {
                const double d = DoubleJudge::fast_distance(p, g);
                *ulp = d / p.ulp_q;
                return c.bound.correctly_rounded() ? g == p.nearest
                                                   : (g & 0x7ff0000000000000ull) != 0x7ff0000000000000ull &&
                                                         DoubleJudge::fast_passes(p, d, c.bound.value);
              }
              case Block::kNanResult: return is_nan_bits(g);
              case Block::kPlusInf: return g == 0x7ff0000000000000ull;
              case Block::kMinusInf: return g == 0xfff0000000000000ull;
              case Block::kZero: return (g << 1) == 0;
              default: return false;
            }
          };
          const uint64_t g = results[0][i];
          bool shared = true;
          for (size_t k = 1; k < kWidths; ++k) shared &= results[k][i] == g;
          const bool block_pass = (passes->passed[i / 64] >> (i % 64) & 1) != 0;
          double expected_ulp = 0;
          const bool expected = shared && meant_to_pass(g, &expected_ulp);
          if (!shared) {
            // Width by width: a pass only where every width's result is
            // one the block would pass, each with judge's verdict and error.
            double ulps[kWidths], want_ulps[kWidths];
            bool every = true;
            for (size_t k = 0; k < kWidths; ++k) every &= meant_to_pass(results[k][i], &want_ulps[k]);
            ASSERT_EQ(math::pass_double_each_width(*b, i, rows, kWidths, c.bound, 0.5, 2.0, 0.0, ulps), every)
                << c.function << " point " << i;
            for (size_t k = 0; every && k < kWidths; ++k) {
              const math::Verdict v = judge.judge(p, results[k][i], c.bound);
              EXPECT_TRUE(v.pass && !v.used_mpfr) << c.function << " point " << i;
              EXPECT_EQ(to_bits(ulps[k]), to_bits(want_ulps[k]));
              EXPECT_EQ(to_bits(ulps[k]), to_bits(v.ulp));
            }
            each_passed += every;
          }
          ASSERT_EQ(block_pass, expected) << c.function << " point " << i << " kind " << b->kind[i] << " result "
                                          << std::hex << g;
          if (!block_pass) continue;
          ++count;
          ++passed;
          max_ulp = std::max(max_ulp, passes->ulp[i]);
          EXPECT_EQ(to_bits(passes->ulp[i]), to_bits(expected_ulp));
          EXPECT_EQ((passes->large[i / 64] >> (i % 64) & 1) != 0, passes->ulp[i] >= 0.5);
          EXPECT_EQ((passes->huge[i / 64] >> (i % 64) & 1) != 0, passes->ulp[i] >= 2.0);
          // The judge's own verdict on the same bits.
          const math::Verdict v = judge.judge(p, g, c.bound);
          ++compared;
          EXPECT_TRUE(v.pass) << c.function << " point " << i;
          EXPECT_FALSE(v.used_mpfr);
          EXPECT_EQ(to_bits(v.ulp), to_bits(passes->ulp[i])) << c.function << " point " << i;
        }
        EXPECT_EQ(passes->count, count);
        EXPECT_EQ(passes->max_ulp, max_ulp);
      }
    }
  }
  // Every kind was met (kCoarse is the coarse blocks', below), and the
  // block decided most results.
  for (int k = 0; k < 7; ++k) {
    if (k != Block::kCoarse) {
      EXPECT_GT(kinds[k], 0) << "kind " << k;
    }
  }
  EXPECT_GT(passed, 10000);
  EXPECT_EQ(compared, passed);
  EXPECT_GT(each_passed, 100);
}

// Whether errors A and B of a coarse pass and of the judge fall in the
// same bin of any histogram block_verdict_double.hpp allows: both below
// LARGE, both at least HUGE, or both in one quarter of a binade.
bool same_bin(double a, double b, double large, double huge) {
  if (a < large || b < large) return a < large && b < large;
  if (a >= huge || b >= huge) return a >= huge && b >= huge;
  return (to_bits(a) >> 50) == (to_bits(b) >> 50);
}

// A coarse block (sin, cos, tan, log, log2, log10, the inverse
// trigonometric functions, the pi functions and lgamma from the coarse
// tiers): its points are prepare's but for kCoarse ones, whose nearest
// double is prepare's certain one, and which lie at a power of two with the
// side open only where the real value's side is known (atanpi at +-1/2,
// acospi at 1/2, cospi at +-1), on prepare's side; point() is prepare's
// point everywhere; and every result it passes is one the judge passes
// without MPFR, with an error in the same bin of the histogram, of the
// same large and huge marks, below the largest error so far where the
// point is kCoarse, and judge's own error to the bit where it is kFast.
// Against the block of the double-double tier, it leaves only a few of
// that block's passes to the judge.
TEST(MathBlockVerdictDouble, CoarseBlocksPassWhatTheJudgeReportsAlike) {
  if (!math::has_coarse_trig()) GTEST_SKIP() << "no AVX2 and FMA";
  const Case cases[] = {{"sin", {Bound::Kind::Ulps, 4}},   {"cos", {Bound::Kind::Ulps, 4}},
                        {"sin", {Bound::Kind::Ulps, 0.5}}, {"cos", {Bound::Kind::CorrectlyRounded, 0}},
                        {"sin", {Bound::Kind::Ulps, 3}},   {"log", {Bound::Kind::Ulps, 3}},
                        {"log", {Bound::Kind::CorrectlyRounded, 0}}, {"tan", {Bound::Kind::Ulps, 5}},
                        {"tan", {Bound::Kind::Ulps, 0.5}}, {"log2", {Bound::Kind::Ulps, 3}},
                        {"log10", {Bound::Kind::Ulps, 3}}, {"log10", {Bound::Kind::CorrectlyRounded, 0}},
                        {"atan", {Bound::Kind::Ulps, 5}},  {"atanpi", {Bound::Kind::Ulps, 5}},
                        {"atanpi", {Bound::Kind::CorrectlyRounded, 0}}, {"asin", {Bound::Kind::Ulps, 4}},
                        {"asinpi", {Bound::Kind::Ulps, 5}}, {"acos", {Bound::Kind::Ulps, 4}},
                        {"acospi", {Bound::Kind::Ulps, 5}}, {"acospi", {Bound::Kind::CorrectlyRounded, 0}},
                        {"sinpi", {Bound::Kind::Ulps, 4}}, {"cospi", {Bound::Kind::Ulps, 4}},
                        {"cospi", {Bound::Kind::CorrectlyRounded, 0}}, {"tanpi", {Bound::Kind::Ulps, 6}},
                        {"lgamma", {Bound::Kind::Ulps, 4}}, {"lgamma_r", {Bound::Kind::Ulps, 0.5}}};
  const double max_so_far[] = {0.0, 0.75, 1.0, 2.5, HUGE_VAL};
  constexpr double kLarge = 0.5, kHuge = 2.0;
  std::mt19937_64 rng(0xc0a5);
  auto b = std::make_unique<Block>(), full = std::make_unique<Block>();
  auto passes = std::make_unique<math::BlockPasses>(), full_passes = std::make_unique<math::BlockPasses>();
  std::vector<std::vector<uint64_t>> results(kWidths, std::vector<uint64_t>(Block::kCapacity));
  const uint64_t* rows[kWidths];
  for (size_t k = 0; k < kWidths; ++k) rows[k] = results[k].data();
  long coarse_points = 0, coarse_passes = 0, full_only = 0, full_fast_passes = 0, coarse_each_passes = 0,
       side_known = 0;
  for (const Case& c : cases) {
    for (const math::Denormals denormals : {math::Denormals::Kept, math::Denormals::MayFlush}) {
      const DoubleJudge judge(c.function, denormals);
      for (int round = 0; round < 20; ++round) {
        const double so_far = max_so_far[round % 5];
        b->n = full->n = round % 3 == 2 ? Block::kCapacity - 1 - size_t(round % 7) : Block::kCapacity;
        for (size_t i = 0; i < b->n; ++i) {
          // Arguments of the coarse tier's range twice as often, and some
          // from 2^-60 to 2^-30, where sin x and cos x lie so near a
          // double that the errors of results a few ulps off lie near the
          // edges of the histogram's bins.
          const double x = argument(rng, c.function);
          const int e = rng() % 5 == 0 ? -60 + int(rng() % 30) : int(rng() % 60) - 10;
          const bool scaled = rng() % 3 && std::isfinite(x) && x != 0;  // ilogb is INT_MIN at 0
          b->args[0][i] = full->args[0][i] = scaled ? std::ldexp(x, -int(std::ilogb(x)) + e) : x;
          b->args[1][i] = b->args[2][i] = full->args[1][i] = full->args[2][i] = 0;
        }
        judge.prepare_block(*b, true);
        judge.prepare_block(*full);
        ASSERT_TRUE(b->coarse);
        std::vector<DoubleJudge::Point> points;
        for (size_t i = 0; i < b->n; ++i) {
          const double args[3] = {b->args[0][i], 0, 0};
          const DoubleJudge::Point p = judge.prepare(args);
          points.push_back(p);
          const uint64_t kind = b->kind[i];
          // sin, cos and tan below 2^-60: the coarse tier's value is the double-double tier's own.
          const std::string f = c.function;
          const bool trig = f == "sin" || f == "cos" || f == "tan";
          const bool settled = trig && std::fabs(args[0]) < math::kCoarseTrigSettledBelow;
          if (kind == Block::kCoarse) {
            ++coarse_points;
            EXPECT_FALSE(settled);
            // The old tiers' points are all double-double ones; the new
            // tiers' reach a little below dd_atan's and dd_pi's (2^-960),
            // where prepare takes binary128.
            EXPECT_TRUE(p.fast && p.certain) << c.function << "(" << args[0] << ")";
            EXPECT_TRUE(p.dd || !(trig || f.compare(0, 3, "log") == 0)) << c.function << "(" << args[0] << ")";
            EXPECT_EQ(to_bits(b->approx[i]), p.nearest);
            EXPECT_TRUE(full->kind[i] == Block::kFast || (!trig && full->kind[i] == Block::kOther))
                << c.function << std::hexfloat << "(" << args[0] << ")";
            // At a power of two with the side of it left open only where
            // the real value's side is known, and there on prepare's side.
            if ((p.nearest & clconform::ref::Double::mantissa_mask) == 0 && std::fabs(b->resid[i]) <= b->err[i]) {
              const double a = std::fabs(b->approx[i]);
              EXPECT_TRUE((f == "atanpi" && a == 0.5) || (f == "acospi" && b->approx[i] == 0.5) ||
                          (f == "cospi" && a == 1))
                  << c.function << std::hexfloat << "(" << args[0] << ")";
              // The side judge's ulp follows (judge_double.cpp's
              // fast_fields): toward zero where the residual, taken
              // outward, is not above 0.
              const double outward = b->resid[i] * (b->approx[i] < 0 ? -1 : 1);
              const double p_outward = p.resid * (p.approx < 0 ? -1 : 1);
              EXPECT_EQ(outward <= 0, p_outward <= 0) << c.function << std::hexfloat << "(" << args[0] << ")";
              ++side_known;
            }
          } else {
            EXPECT_EQ(kind, full->kind[i]) << c.function << "(" << args[0] << ")";
          }
          expect_same_point(judge.point(*b, i), p);
          const bool shared = rng() % 10 < 8;
          const uint64_t first = make_result(rng, p.nearest);
          for (size_t k = 0; k < kWidths; ++k) results[k][i] = shared || rng() % 3 ? first : make_result(rng, p.nearest);
        }
        math::pass_double_block(*b, rows, kWidths, c.bound, kLarge, kHuge, so_far, *passes);
        math::pass_double_block(*full, rows, kWidths, c.bound, kLarge, kHuge, so_far, *full_passes);
        for (size_t i = 0; i < b->n; ++i) {
          // Where the widths differ, each width's pass is judge's, alike.
          double ulps[kWidths];
          bool shared = true;
          for (size_t k = 1; k < kWidths; ++k) shared &= results[k][i] == results[0][i];
          if (!shared && math::pass_double_each_width(*b, i, rows, kWidths, c.bound, kLarge, kHuge, so_far, ulps)) {
            for (size_t k = 0; k < kWidths; ++k) {
              const math::Verdict v = judge.judge(points[i], results[k][i], c.bound);
              EXPECT_TRUE(v.pass && !v.used_mpfr) << c.function << " point " << i;
              EXPECT_TRUE(same_bin(ulps[k], v.ulp, kLarge, kHuge)) << ulps[k] << " " << v.ulp;
              if (b->kind[i] == Block::kCoarse) {
                EXPECT_LT(v.ulp, so_far);
              } else {
                EXPECT_EQ(to_bits(ulps[k]), to_bits(v.ulp));
              }
            }
            coarse_each_passes += b->kind[i] == Block::kCoarse;
          }
          const bool pass = (passes->passed[i / 64] >> (i % 64) & 1) != 0;
          const bool full_pass = (full_passes->passed[i / 64] >> (i % 64) & 1) != 0;
          const bool counted = so_far == HUGE_VAL && b->kind[i] == Block::kCoarse;
          if (counted && full_pass) ++full_fast_passes;
          if (!pass) {
            // Where the two blocks differ, the point is not the double-double tier's own.
            if (full_pass) {
              EXPECT_NE(b->kind[i], Block::kFast);
            }
            if (counted && full_pass) ++full_only;
            continue;
          }
          // The double-double block passes it too, unless it leaves the
          // point to the judge (binary128's points, below dd_atan's and
          // dd_pi's least arguments).
          EXPECT_TRUE(full_pass || full->kind[i] == Block::kOther) << c.function << std::hexfloat << "(" << b->args[0][i] << ")";
          const math::Verdict v = judge.judge(points[i], results[0][i], c.bound);
          EXPECT_TRUE(v.pass && !v.used_mpfr) << c.function << " point " << i;
          const double u = passes->ulp[i];
          EXPECT_TRUE(same_bin(u, v.ulp, kLarge, kHuge)) << u << " " << v.ulp;
          EXPECT_EQ((passes->large[i / 64] >> (i % 64) & 1) != 0, v.ulp >= kLarge);
          if (b->kind[i] == Block::kCoarse) {
            ++coarse_passes;
            EXPECT_LT(v.ulp, so_far);
          } else {
            EXPECT_EQ(to_bits(u), to_bits(v.ulp));
          }
        }
      }
    }
  }
  std::printf("  %ld kCoarse points, %ld of their results passed here; with no largest error yet, %ld of the %ld "
              "that the double-double block passes were left to the judge\n",
              coarse_points, coarse_passes, full_only, full_fast_passes);
  EXPECT_GT(coarse_passes, 5000);
  EXPECT_GT(coarse_each_passes, 100);
  EXPECT_GT(side_known, 100);
  // Without a largest error to stay below, few are left to the judge (the
  // arguments near 2^-60 to 2^-30 are most of them).
  EXPECT_LT(full_only, full_fast_passes / 10);
}

}  // namespace
