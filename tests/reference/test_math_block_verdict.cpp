// reference/math/block_verdict.hpp: every result pass_block or
// pass_each_width passes is one Judge::judge passes without MPFR, with the
// same error to the bit; and every one judge passes that way and they are
// meant to take, they take. Points are built directly (approx and error,
// then settle_block), so that the rare enclosures are common here: around
// zero and straddling it, across a binade edge, in float's subnormal range,
// beyond float's range, NaN and infinite, exact; prepared by MPFR or not.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "reference/fp_bits.hpp"
#include "reference/math/block_verdict.hpp"
#include "reference/math/fast_batch.hpp"
#include "reference/math/grid_bits.hpp"
#include "reference/math/settle.hpp"
#include "sample_scale.hpp"

namespace {

namespace math = clconform::ref::math;
using clconform::ref::double_from_bits;
using clconform::ref::float_from_bits;
using clconform::ref::to_bits;
using math::Bound;
using math::Judge;

constexpr size_t kWidths = 6;

// A point's enclosure of one of the kinds above.
void make_point(std::mt19937_64& rng, double* approx, double* error) {
  const double dulps[] = {0, 1, 4, 16, 0x1p20};
  const double signs = (rng() & 1) ? -1.0 : 1.0;
  switch (rng() % 9) {
    case 0:  // a float and a few double ulps
    case 1: {
      const float f = float_from_bits(static_cast<uint32_t>(rng()) & 0x7f7fffffu);
      *approx = signs * (double(f) + std::ldexp(double(int(rng() % 64) - 32), std::ilogb(double(f)) - 52));
      break;
    }
    case 2:  // near a power of two: the enclosure may cross the binade edge
      *approx = signs * std::ldexp(1.0 + double(int(rng() % 64) - 32) * 0x1p-52, int(rng() % 250) - 125);
      break;
    case 3:  // float's subnormal range
      *approx = signs * std::ldexp(double(rng() >> 11), -53 - 126 - int(rng() % 24));
      break;
    case 4: {  // tiny, with an enclosure that may straddle zero
      *approx = signs * std::ldexp(double(rng() % 1000), -150);
      *error = std::ldexp(double(rng() % 2000), -150);
      return;
    }
    case 5:
      *approx = std::numeric_limits<double>::quiet_NaN();
      break;
    case 6:
      *approx = signs * HUGE_VAL;
      break;
    case 7:  // beyond float's range
      *approx = signs * std::ldexp(1.0 + double(rng() % 1000) / 1000, 128 + int(rng() % 4));
      break;
    default:  // exact
      *approx = signs * double(float_from_bits(static_cast<uint32_t>(rng()) & 0x7f7fffffu));
      *error = 0;
      return;
  }
  math::enclose_in_normal_doubles(dulps[rng() % 5], approx, error);
}

// A result near the point's nearest float WANT.
uint32_t make_result(std::mt19937_64& rng, uint32_t want, double approx) {
  const unsigned c = unsigned(rng() % 100);
  if (c < 40) return want;
  if (c < 60) return rng() & 1 ? want + 1 : want - 1;
  if (c < 70) return rng() & 1 ? want + 2 + uint32_t(rng() % 5) : want - 2 - uint32_t(rng() % 5);
  if (c < 76) return to_bits(std::nextafter(float_from_bits(want), approx > double(float_from_bits(want)) ? HUGE_VALF : -HUGE_VALF));
  if (c < 82) return rng() & 1 ? 0x7fc00000u : 0xffa00001u;  // NaNs, payloads differ
  if (c < 88) return rng() & 1 ? 0x7f800000u : 0xff800000u;
  if (c < 94) return rng() & 1 ? 0x80000000u : 0u;
  return static_cast<uint32_t>(rng());
}

bool finite_bits(uint32_t g) { return (g & 0x7f800000u) != 0x7f800000u; }

// nan_results_block marks exactly the lanes whose every width returned a
// NaN (quiet or signalling, either sign, any payload) and counts the quiet
// ones among those lanes' results, as a lane-by-lane count does: floats
// and doubles, blocks of every length up to a whole one (the AVX2 groups
// and the scalar tail), one to sixteen widths.
template <class Bits>
void expect_nan_counts(std::mt19937_64& rng, const std::vector<Bits>& samples, Bits quiet_bit, Bits exponent) {
  for (size_t widths : {size_t(1), size_t(2), size_t(6), size_t(16)}) {
    for (size_t n : {size_t(1), size_t(3), size_t(4), size_t(7), size_t(8), size_t(9), size_t(63), size_t(64),
                     size_t(65), size_t(255), size_t(256)}) {
      std::vector<std::vector<Bits>> rows(widths, std::vector<Bits>(n));
      const Bits* results[16];
      for (size_t k = 0; k < widths; ++k) {
        for (size_t i = 0; i < n; ++i) rows[k][i] = samples[rng() % samples.size()];
        results[k] = rows[k].data();
      }
      // Some lanes NaN at every width.
      for (size_t i = 0; i < n; i += 3)
        for (size_t k = 0; k < widths; ++k) rows[k][i] = samples[rng() % 4];
      uint64_t nan[math::BlockPasses::kWords], quiet = 0;
      math::nan_results_block(results, widths, n, nan, &quiet);
      uint64_t want_quiet = 0;
      for (size_t i = 0; i < n; ++i) {
        bool every = true;
        uint64_t q = 0;
        for (size_t k = 0; k < widths; ++k) {
          const Bits b = rows[k][i];
          const Bits magnitude = Bits(b & ~(Bits(1) << (sizeof(Bits) * 8 - 1)));
          every &= magnitude > exponent;  // a NaN: the exponent all ones, a nonzero fraction
          q += (b & quiet_bit) != 0;
        }
        ASSERT_EQ((nan[i / 64] >> (i % 64) & 1) != 0, every) << "lane " << i << " of " << n;
        if (every) want_quiet += q;
      }
      for (size_t i = n; i < 64 * math::BlockPasses::kWords; ++i) ASSERT_EQ(nan[i / 64] >> (i % 64) & 1, 0u);
      EXPECT_EQ(quiet, want_quiet) << n << " lanes, " << widths << " widths";
    }
  }
}

TEST(MathBlockVerdict, NanResultsAreEveryWidthsNaNs) {
  std::mt19937_64 rng(0x7a7);
  // The first four of each list are NaNs: quiet and signalling, both signs.
  const std::vector<uint32_t> floats = {0x7fc00000u, 0xffc12345u, 0x7f800001u, 0xff9fffffu, 0x7f800000u,
                                        0xff800000u, 0u, 0x80000000u, 0x3f800000u, 0x7f7fffffu, 0x00400000u};
  const std::vector<uint64_t> doubles = {0x7ff8000000000000ull, 0xfff8000000000abcull, 0x7ff0000000000001ull,
                                         0xfff7ffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
                                         0ull, 0x8000000000000000ull, 0x3ff0000000000000ull,
                                         0x7fefffffffffffffull, 0x0008000000000000ull};
  expect_nan_counts<uint32_t>(rng, floats, 0x00400000u, 0x7f800000u);
  expect_nan_counts<uint64_t>(rng, doubles, 0x0008000000000000ull, 0x7ff0000000000000ull);
}

TEST(MathBlockVerdict, PassesAreJudgesPassesWithTheSameError) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU: pass_block decides nothing there";
  std::mt19937_64 rng(0xb10c);
  const Judge judge("sin", math::Denormals::Kept);  // judge reads the point's fields; MPFR is only a fallback
  const Bound bounds[] = {{Bound::Kind::CorrectlyRounded, 0}, {Bound::Kind::Ulps, 0}, {Bound::Kind::Ulps, 0.5},
                          {Bound::Kind::Ulps, 1},             {Bound::Kind::Ulps, 2.5}, {Bound::Kind::Ulps, 4},
                          {Bound::Kind::Ulps, 16},            {Bound::Kind::Absolute, 0x1p-11}};
  auto settled = std::make_unique<Judge::Block>(), unsettled = std::make_unique<Judge::Block>();
  auto passes = std::make_unique<math::BlockPasses>();
  std::vector<std::vector<uint32_t>> results(kWidths, std::vector<uint32_t>(Judge::Block::kCapacity));
  const uint32_t* rows[kWidths];
  for (size_t k = 0; k < kWidths; ++k) rows[k] = results[k].data();
  long passed = 0, split_passed = 0, compared = 0, overflow_passes = 0;
  for (int round = 0; round < sample_scale::samples(400); ++round) {
    // Six widths (a GPU's, which pass_block's first look knows at compile
    // time) in most rounds, five in the others.
    const size_t widths = round % 3 == 2 ? kWidths - 1 : kWidths;
    Judge::Block* b = unsettled.get();
    b->n = round % 5 == 4 ? Judge::Block::kCapacity - 1 - size_t(round % 7) : Judge::Block::kCapacity;
    b->mpfr_points = 0;
    b->settled = false;
    for (size_t i = 0; i < b->n; ++i) {
      b->args[0][i] = b->args[1][i] = b->args[2][i] = 1;
      make_point(rng, &b->approx[i], &b->error[i]);
      b->by_mpfr[i] = rng() % 16 == 0;
      b->mpfr_points += b->by_mpfr[i];
    }
    *settled = *unsettled;
    math::settle_block(*settled, true);
    b = settled.get();
    for (size_t i = 0; i < b->n; ++i) {
      const bool shared = rng() % 10 < 7;
      const uint32_t first = make_result(rng, b->nearest[i], b->approx[i]);
      for (size_t k = 0; k < widths; ++k)
        results[k][i] = shared || rng() % 3 ? first : make_result(rng, b->nearest[i], b->approx[i]);
    }
    // Each bound on the settled block and on the unsettled one, whose
    // points judge.point settles one by one.
    for (size_t run = 0; run < 2 * (sizeof bounds / sizeof bounds[0]); ++run) {
      const Bound& bound = bounds[run / 2];
      b = run % 2 ? unsettled.get() : settled.get();
      math::pass_block(*b, rows, widths, bound, 0.5, 2.0, *passes);
      // A bound of 0 ulp is correct rounding (judge.hpp), as the verifier
      // takes it; judge's own fast cases read it as an ULP bound.
      const Bound judged = bound.correctly_rounded() ? Bound{Bound::Kind::CorrectlyRounded, 0} : bound;
      const size_t n4 = b->n / 4 * 4;
      uint64_t count = 0, by_mpfr = 0;
      double max_ulp = -1;
      for (size_t i = 0; i < b->n; ++i) {
        const Judge::Point p = judge.point(*b, i);
        const bool block_pass = (passes->passed[i / 64] >> (i % 64) & 1) != 0;
        bool shared = true, every_fast_pass = true, all_finite = true, all_nan = true;
        for (size_t k = 0; k < widths; ++k) {
          const uint32_t g = results[k][i];
          shared &= g == results[0][i];
          all_finite &= finite_bits(g);
          all_nan &= (g & 0x7fffffffu) > 0x7f800000u;
          const math::Verdict v = judge.judge(p, g, judged);
          // A pass without MPFR: judge's own cases never set used_mpfr
          // for a point the fast tier prepared.
          every_fast_pass &= v.pass && (!v.used_mpfr || p.prepared_by_mpfr);
          ++compared;
          if (block_pass) {
            ASSERT_TRUE(v.pass) << "point " << i << " approx " << p.approx << " error " << p.error << " got 0x"
                                << std::hex << g;
            ASSERT_FALSE(v.used_mpfr && !p.prepared_by_mpfr) << i;
            ASSERT_EQ(to_bits(v.ulp), to_bits(passes->ulp[i])) << "point " << i << " approx " << p.approx;
          }
        }
        if (block_pass) {
          ++count;
          by_mpfr += b->by_mpfr[i];
          max_ulp = std::max(max_ulp, passes->ulp[i]);
        }
        // The marks of the large and the huge errors, on passed points only.
        EXPECT_EQ((passes->large[i / 64] >> (i % 64) & 1) != 0, block_pass && passes->ulp[i] >= 0.5) << i;
        EXPECT_EQ((passes->huge[i / 64] >> (i % 64) & 1) != 0, block_pass && passes->ulp[i] >= 2.0) << i;
        ASSERT_FALSE(block_pass && i >= n4) << i;
        ASSERT_FALSE(block_pass && !shared && !all_nan) << i;
        // What pass_block is meant to take, it takes: every width the
        // same finite result judge passes without MPFR (a zero of the
        // other sign under correct rounding aside), or every width a NaN
        // for a NaN real result, or the infinite approx's infinity, or
        // every width the infinity beyond a finite approx whose
        // enclosure lies at or beyond 2^128 on its side, not prepared by
        // MPFR.
        const uint32_t g0 = results[0][i];
        const bool overflow = shared && (g0 & 0x7fffffffu) == 0x7f800000u && p.error >= 0 &&
                              std::isfinite(p.approx) &&
                              (g0 >> 31 ? p.approx + p.error <= -0x1p128 : p.approx - p.error >= 0x1p128);
        overflow_passes += block_pass && overflow;
        const bool nearest_passes = bound.correctly_rounded() || (bound.kind == Bound::Kind::Ulps && bound.value >= 0.5);
        const bool meant = i < n4 && nearest_passes && every_fast_pass && (b->settled || !math::needs_settled_block(bound)) &&
                           ((shared && all_finite && std::isfinite(p.approx) &&
                             (!bound.correctly_rounded() || results[0][i] == p.nearest)) ||
                            (std::isnan(p.approx) && all_nan && !p.prepared_by_mpfr) ||
                            (shared && std::isinf(p.approx) && !p.prepared_by_mpfr) ||
                            (overflow && !p.prepared_by_mpfr));
        EXPECT_EQ(block_pass, meant) << "point " << i << " approx " << p.approx << " error " << p.error
                                      << " bound " << bound.value << " got 0x" << std::hex << results[0][i];
        // Results that differ between widths.
        double ulp[kWidths];
        if (!shared && math::pass_each_width(*b, i, rows, widths, bound, ulp)) {
          ++split_passed;
          ASSERT_FALSE(p.prepared_by_mpfr) << i;
          for (size_t k = 0; k < widths; ++k) {
            const math::Verdict v = judge.judge(p, results[k][i], judged);
            ASSERT_TRUE(v.pass && !v.used_mpfr) << i;
            ASSERT_EQ(to_bits(v.ulp), to_bits(ulp[k])) << i;
          }
        } else if (!shared) {
          const bool meant_each = nearest_passes && every_fast_pass && all_finite && !p.prepared_by_mpfr &&
                                  std::isfinite(p.approx) &&
                                  (!bound.correctly_rounded() || results[0][i] == p.nearest);
          bool each_nearest = true;
          for (size_t k = 0; k < widths; ++k) each_nearest &= results[k][i] == p.nearest;
          EXPECT_FALSE(meant_each && (!bound.correctly_rounded() || each_nearest)) << "point " << i;
        }
      }
      EXPECT_EQ(passes->count, count);
      EXPECT_EQ(passes->by_mpfr, by_mpfr);
      EXPECT_EQ(passes->max_ulp, max_ulp);
      if (count > 0) {
        EXPECT_EQ(passes->ulp[passes->max_point()], max_ulp);
      }
      passed += long(count);
    }
  }
  // Enough of each kind to mean something.
  EXPECT_GT(passed, 40000);
  EXPECT_GT(split_passed, sample_scale::samples(5000));
  EXPECT_GT(overflow_passes, 100);
  EXPECT_GT(compared, sample_scale::samples(3000000));
}

}  // namespace
