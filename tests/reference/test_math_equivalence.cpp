// reference/math: Judge::judge (fast tier first) gives exactly the
// MPFR-only verdict (mpfr_verdict.hpp), for every function, on stratified
// random points and on adversarial ones (real results near a float, near a
// rounding tie, near a power of two, overflow and underflow thresholds,
// subnormal arguments), for results around the bound, with and without
// flushing of denormals. Also: a fast-tier verdict costs a few ns and falls
// back to MPFR rarely.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "oracle.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/judge.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/math/mpfr_verdict.hpp"

namespace {

namespace math = clconform::ref::math;
using math::Bound;
using math::Denormals;
using math::Judge;
using oracle::bits_of;
using oracle::float_of;

constexpr uint64_t kSeed = 0x6d61;

float random_float(std::mt19937_64& rng) {
  // Stratified: every exponent field (subnormals and specials included)
  // equally likely, then a random fraction and sign.
  const uint32_t exponent = static_cast<uint32_t>(rng() % 256);
  const uint32_t fraction = static_cast<uint32_t>(rng()) & 0x7fffff;
  const uint32_t sign = static_cast<uint32_t>(rng() & 1) << 31;
  return float_of(sign | exponent << 23 | fraction);
}

double random_int_arg(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0: return static_cast<double>(static_cast<int>(rng() % 7) - 3);
    case 1: return static_cast<double>(static_cast<int>(rng() % 601) - 300);
    case 2: return static_cast<double>(static_cast<int32_t>(rng()));
    default: return static_cast<double>(static_cast<int>(rng() % 41) - 20);
  }
}

void random_args(const math::FunctionInfo& info, std::mt19937_64& rng, double* args) {
  for (size_t k = 0; k < info.args.size(); ++k)
    args[k] = info.args[k] == math::ArgKind::Int ? random_int_arg(rng) : random_float(rng);
  for (size_t k = info.args.size(); k < 3; ++k) args[k] = 0;
}

// Where the real value sits relative to float's grid, from a cheap MPFR
// evaluation: t in [-0.5, 0.5] ulps from the nearest float, and how far
// |r| is from a power of two (in ulps).
struct Position {
  double offset = 0;        // (r - nearest) / ulp
  double to_power_of_two = 1e9;
};
Position position(math::Fn f, const double* args) {
  Position p;
  const math::Enclosure e = math::enclose(f, args, 80);
  if (!e.lo.is_finite() || e.lo.is_zero()) return p;
  const double r = e.lo.to_double();
  const float n = static_cast<float>(r);
  if (!std::isfinite(n) || n == 0) return p;
  const double ulp = std::fabs(static_cast<double>(std::nextafter(n, 2 * n)) - n);
  p.offset = (r - n) / ulp;
  int exp2 = 0;
  const double m = std::frexp(std::fabs(r), &exp2);
  p.to_power_of_two = std::min(m - 0.5, 1 - m) * 0x1p24;
  return p;
}

// A pool of argument tuples: stratified random ones, and those among many
// more random ones whose real result is nearest a float, a tie, or a power
// of two, and arguments stepping across the exp/log thresholds.
std::vector<std::array<double, 3>> argument_pool(math::Fn f, std::mt19937_64& rng, int random_count,
                                                 int adversarial_count) {
  const math::FunctionInfo& info = math::functions()[static_cast<size_t>(f)];
  std::vector<std::array<double, 3>> pool;
  std::array<double, 3> a{};
  for (int i = 0; i < random_count; ++i) {
    random_args(info, rng, a.data());
    pool.push_back(a);
  }
  // Candidates drawn near 1 in magnitude, where results are normal floats.
  struct Scored { double score; std::array<double, 3> args; };
  std::vector<Scored> near_float, near_tie, near_power;
  for (int i = 0; i < 40 * adversarial_count; ++i) {
    random_args(info, rng, a.data());
    if (info.args[0] == math::ArgKind::Float && std::isfinite(a[0]) && a[0] != 0) {
      int unused = 0;
      a[0] = std::ldexp(std::frexp(a[0], &unused), static_cast<int>(rng() % 12) - 4);
    }
    const Position p = position(f, a.data());
    near_float.push_back({std::fabs(p.offset), a});
    near_tie.push_back({0.5 - std::fabs(p.offset), a});
    near_power.push_back({p.to_power_of_two, a});
  }
  for (auto* list : {&near_float, &near_tie, &near_power}) {
    std::sort(list->begin(), list->end(), [](const Scored& x, const Scored& y) { return x.score < y.score; });
    for (int i = 0; i < adversarial_count / 3 && i < static_cast<int>(list->size()); ++i)
      pool.push_back((*list)[static_cast<size_t>(i)].args);
  }
  // Overflow and underflow thresholds of the exponentials and the edges of
  // float's range, with their float neighbours.
  if (info.args.size() == 1) {
    for (double t : {88.72283935546875, -87.33654475, -103.27892990, 128.0, -126.0, -149.0, 38.5318394,
                     -37.9297794, -44.8534, 0x1p-126, 0x1p127, 1.0}) {
      float v = static_cast<float>(t);
      for (int s = 0; s < 3; ++s) v = std::nextafter(v, -INFINITY);
      for (int s = 0; s < 7; ++s, v = std::nextafter(v, INFINITY)) pool.push_back({v, 0, 0});
    }
  }
  return pool;
}

// Device results worth asking about at one point: the correctly rounded
// float and its neighbours up to 17 ulps away, zeros, infinities, NaN,
// the subnormal/normal boundary.
std::vector<uint32_t> candidates(math::Fn f, const double* args) {
  std::vector<uint32_t> out = {0u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x007fffffu,
                               0x00800000u, 0x80000001u};
  const math::Enclosure e = math::enclose(f, args, 128);
  const uint32_t n = e.lo.round_to<clconform::ref::Float>();
  out.push_back(n);
  uint32_t up = n, down = n;
  for (int k = 1; k <= 17; ++k) {
    up = clconform::ref::next_up<clconform::ref::Float>(up);
    down = clconform::ref::next_down<clconform::ref::Float>(down);
    if (k <= 6 || k >= 15) {
      out.push_back(up);
      out.push_back(down);
    }
  }
  return out;
}

const Bound kBounds[] = {{Bound::Kind::CorrectlyRounded, 0}, {Bound::Kind::Ulps, 0},
                         {Bound::Kind::Ulps, 0.5},           {Bound::Kind::Ulps, 2.5},
                         {Bound::Kind::Ulps, 3},             {Bound::Kind::Ulps, 4},
                         {Bound::Kind::Ulps, 16},            {Bound::Kind::Absolute, 0x1p-11}};

TEST(MathEquivalence, JudgeEqualsTheMpfrOnlyVerdictEverywhere) {
  std::mt19937_64 rng(kSeed);
  long compared = 0;
  for (size_t id = 0; id < math::functions().size(); ++id) {
    const math::FunctionInfo& info = math::functions()[id];
    if (info.integer_result) continue;
    const math::Fn f = math::fn_of(static_cast<int>(id));
    const auto pool = argument_pool(f, rng, 48, 30);
    for (const Denormals d : {Denormals::Kept, Denormals::MayFlush}) {
      const Judge judge(info.name, d);
      std::vector<Judge::Point> points(pool.size());
      for (size_t i = 0; i < pool.size(); ++i)
        for (int k = 0; k < 3; ++k) points[i].args[k] = pool[i][static_cast<size_t>(k)];
      judge.prepare_many(points.data(), points.size());
      for (size_t i = 0; i < pool.size(); ++i) {
        const auto cands = candidates(f, pool[i].data());
        for (size_t c = 0; c < cands.size(); ++c) {
          if ((c + i) % 3 != 0) continue;  // a third of them per point, rotating
          const Bound& b = kBounds[(c + 3 * i) % (sizeof kBounds / sizeof kBounds[0])];
          const math::Verdict fast = judge.judge(points[i], cands[c], b);
          const math::Verdict slow = math::mpfr_verdict(f, pool[i].data(), cands[c], b, d);
          ++compared;
          ASSERT_EQ(fast.pass, slow.pass)
              << info.name << "(" << pool[i][0] << ", " << pool[i][1] << ", " << pool[i][2] << ") got 0x"
              << std::hex << cands[c] << std::dec << " bound kind " << static_cast<int>(b.kind) << " value "
              << b.value << (d == Denormals::MayFlush ? " flush" : " kept") << " approx " << points[i].approx
              << " error " << points[i].error << " fast ulp " << fast.ulp << " mpfr ulp " << slow.ulp;
          // The fast estimate of the error is close, except that at a
          // binade edge it may take either binade's ulp (judge.hpp).
          if (!fast.used_mpfr && std::isfinite(slow.ulp) && slow.ulp < 1e6) {
            const bool close = std::fabs(fast.ulp - slow.ulp) <= 1e-6 * (1 + slow.ulp);
            const bool other_binade = std::fabs(fast.ulp - 2 * slow.ulp) <= 1e-6 * (1 + slow.ulp) ||
                                      std::fabs(2 * fast.ulp - slow.ulp) <= 1e-6 * (1 + slow.ulp);
            EXPECT_TRUE(close || other_binade) << info.name << " fast " << fast.ulp << " mpfr " << slow.ulp;
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 100000);
}

// The common case of a sweep: results that are correctly rounded or a few
// ulps off, on stratified inputs. Prints ns per prepare+judge and the MPFR
// fallback rate (measured under whatever load the machine has), and checks
// the fallback rate stays small.
TEST(MathEquivalence, FastTierDecidesAlmostEverythingQuickly) {
  std::mt19937_64 rng(kSeed + 1);
  for (const char* name : {"sin", "exp", "log", "pow", "divide", "sqrt"}) {
    const Judge judge(name, Denormals::Kept);
    const math::FunctionInfo& info = judge.info();
    constexpr size_t kPoints = 1 << 17;
    std::vector<Judge::Point> points(kPoints);
    for (auto& p : points) random_args(info, rng, p.args);
    std::vector<uint32_t> got(kPoints);
    for (size_t i = 0; i < kPoints; ++i) {
      // The device's answer: correctly rounded, or one float off either way
      // for a quarter of the points (a typical faithful implementation).
      const math::Enclosure e = math::enclose(math::fn_of(math::function_id(name)), points[i].args, 64);
      uint32_t g = e.lo.round_to<clconform::ref::Float>();
      if (i % 8 == 0) g = clconform::ref::next_up<clconform::ref::Float>(g);
      if (i % 8 == 4) g = clconform::ref::next_down<clconform::ref::Float>(g);
      got[i] = g;
    }
    const auto start = std::chrono::steady_clock::now();
    judge.prepare_many(points.data(), kPoints);
    long fallbacks = 0, passes = 0;
    const Bound bound{Bound::Kind::Ulps, 4};
    for (size_t i = 0; i < kPoints; ++i) {
      const math::Verdict v = judge.judge(points[i], got[i], bound);
      fallbacks += v.used_mpfr;
      passes += v.pass;
    }
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / kPoints;
    std::printf("[ math fast tier ] %-7s %6.1f ns per prepare+judge, %ld of %zu fell back to MPFR, %ld passed\n",
                name, ns, fallbacks, kPoints, passes);
    EXPECT_LT(fallbacks, static_cast<long>(kPoints / 1000)) << name;
  }
}

// The batch fast tier (fast_batch.hpp: libmvec on AVX2 CPUs, sin and cos
// reduced by quarter_turns.hpp above 2^16) in every regime it has: direct
// and reduced trigonometric arguments (among them those nearest a multiple
// of pi/2, and those whose sine or cosine is nearest a float or a rounding
// tie), the edges of each vector function's domain, special values. The
// verdict equals the MPFR-only one, and does not depend on where in a batch
// a point sits.
// A zero for a real result that is subnormal before rounding passes under
// flushing (7.5.3), and the fast verdict decides it without MPFR, with
// MPFR's error (0): 1/x of floats from 2^126 up and exp of floats below
// -87.3 (every 4099th), against zeros, the nearest float and a few ulps
// off, under ULP bounds and correct rounding; kept denormals as control.
TEST(MathEquivalence, FlushedZerosForSubnormalResultsAreDecidedWithoutMpfr) {
  long decided_fast = 0;
  for (const char* name : {"recip", "exp"}) {
    const math::Fn f = math::fn_of(math::function_id(name));
    std::vector<double> xs;
    if (f == math::Fn::recip) {
      for (uint32_t b = 0x7e800000u; b < 0x7f800000u; b += 4099) {
        xs.push_back(float_of(b));
        xs.push_back(-float_of(b));
      }
    } else {
      for (float x = -87.4f; x > -104.0f; x -= 0.0371f) xs.push_back(x);
    }
    for (const Denormals d : {Denormals::MayFlush, Denormals::Kept}) {
      const Judge judge(name, d);
      for (const double x : xs) {
        const double args[3] = {x, 0, 0};
        const Judge::Point p = judge.prepare(args);
        for (const uint32_t got : {0u, 0x80000000u, p.nearest, p.nearest + 1, p.nearest + 40}) {
          for (const Bound& b : {Bound{Bound::Kind::Ulps, 4}, Bound{Bound::Kind::Ulps, 8192},
                                 Bound{Bound::Kind::CorrectlyRounded, 0}}) {
            const math::Verdict fast = judge.judge(p, got, b);
            const math::Verdict slow = math::mpfr_verdict(f, args, got, b, d);
            ASSERT_EQ(fast.pass, slow.pass) << name << "(" << x << ") got 0x" << std::hex << got;
            if (!fast.used_mpfr) {
              ASSERT_NEAR(fast.ulp, slow.ulp, 1e-6 * (1 + slow.ulp)) << name << "(" << x << ") got 0x" << std::hex << got;
            }
            if (d == Denormals::MayFlush && (got & 0x7fffffffu) == 0 && fast.pass && !fast.used_mpfr) ++decided_fast;
          }
        }
      }
    }
  }
  EXPECT_GT(decided_fast, 1000);
}

TEST(MathEquivalence, BatchPreparedPointsGiveTheMpfrOnlyVerdict) {
  std::mt19937_64 rng(kSeed + 2);
  long compared = 0;
  for (const char* name : {"sin", "cos", "sincos.sin", "sincos.cos", "exp", "exp2", "exp10", "log", "log2", "log10",
                           "pow", "pown"}) {
    const math::Fn f = math::fn_of(math::function_id(name));
    const math::FunctionInfo& info = math::functions()[static_cast<size_t>(f)];
    const bool trig = f == math::Fn::sin || f == math::Fn::cos || f == math::Fn::sincos_sin || f == math::Fn::sincos_cos;
    std::vector<std::array<double, 3>> pool;
    std::array<double, 3> a{};
    for (int i = 0; i < 64; ++i) {
      random_args(info, rng, a.data());
      pool.push_back(a);
    }
    for (const double edge : {700.0, 1000.0, 300.0, 709.79, 745.14, 1024.0, 1075.0, 308.26, 323.62, 0x1p16, 0.0,
                              static_cast<double>(INFINITY)}) {
      for (const double v : {edge, -edge, static_cast<double>(std::nextafter(static_cast<float>(edge), 0.0f))}) {
        pool.push_back({v, 2, 0});
        pool.push_back({1.5, v, 0});
      }
    }
    if (trig) {
      struct Scored { double score; double x; };
      std::vector<Scored> near_float, near_tie, near_axis;
      for (int i = 0; i < 3000; ++i) {
        const uint32_t exponent = 127 + 16 + static_cast<uint32_t>(rng() % 112);
        const double x = float_of(static_cast<uint32_t>(rng() & 1) << 31 | exponent << 23 |
                                  (static_cast<uint32_t>(rng()) & 0x7fffff));
        const double args[3] = {x, 0, 0};
        const Position p = position(f, args);
        near_float.push_back({std::fabs(p.offset), x});
        near_tie.push_back({0.5 - std::fabs(p.offset), x});
        near_axis.push_back({std::fabs(std::sin(2 * x)), x});  // sin 2x = 0 at multiples of pi/2
      }
      for (auto* list : {&near_float, &near_tie, &near_axis}) {
        std::partial_sort(list->begin(), list->begin() + 24, list->end(),
                          [](const Scored& x, const Scored& y) { return x.score < y.score; });
        for (int i = 0; i < 24; ++i) pool.push_back({(*list)[static_cast<size_t>(i)].x, 0, 0});
      }
    }
    for (auto& args : pool)
      if (info.args.size() > 1 && info.args[1] == math::ArgKind::Int) args[1] = std::fabs(args[1]) < 0x1p31 ? std::nearbyint(args[1]) : 3;
    for (const Denormals d : {Denormals::Kept, Denormals::MayFlush}) {
      const Judge judge(name, d);
      std::vector<Judge::Point> points(pool.size());
      for (size_t i = 0; i < pool.size(); ++i)
        for (int k = 0; k < 3; ++k) points[i].args[k] = pool[i][static_cast<size_t>(k)];
      judge.prepare_many(points.data(), points.size());
      for (size_t i = 0; i < pool.size(); ++i) {
        const Judge::Point alone = judge.prepare(pool[i].data());
        ASSERT_TRUE(alone.approx == points[i].approx || (std::isnan(alone.approx) && std::isnan(points[i].approx)))
            << name << "(" << pool[i][0] << ", " << pool[i][1] << ")";
        const auto cands = candidates(f, pool[i].data());
        for (size_t c = 0; c < cands.size(); ++c) {
          const Bound& b = kBounds[(c + i) % (sizeof kBounds / sizeof kBounds[0])];
          const math::Verdict fast = judge.judge(points[i], cands[c], b);
          const math::Verdict slow = math::mpfr_verdict(f, pool[i].data(), cands[c], b, d);
          ++compared;
          ASSERT_EQ(fast.pass, slow.pass)
              << name << "(" << pool[i][0] << ", " << pool[i][1] << ") got 0x" << std::hex << cands[c] << std::dec
              << " bound kind " << static_cast<int>(b.kind) << " value " << b.value
              << (d == Denormals::MayFlush ? " flush" : " kept") << " approx " << points[i].approx << " error "
              << points[i].error;
        }
      }
    }
  }
  EXPECT_GT(compared, 40000);
}

}  // namespace
