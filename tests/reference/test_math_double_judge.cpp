// The double judge (reference/math/judge_double.hpp):
//  * at huge and hard arguments (sin, cos, tan up to the largest double,
//    the nearest doubles to multiples of pi/2, tgamma and lgamma at poles,
//    zeros and overflow, exp and pow at the overflow and underflow
//    thresholds), the double the reference certainly rounds to equals
//    MPFR's correctly rounded result, computed here directly at 3000 bits
//    with the oracle's IEEE rounding, and the verdicts on it and on its
//    neighbours agree with the ulp error MPFR gives;
//  * on stratified random points, DoubleJudge::judge gives the verdict of
//    mpfr_verdict_double, the definition (both denormal treatments), for
//    results near the nearest double, near the bound, and far off.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/fast_quad.hpp"
#include "reference/math/judge_double.hpp"
#include "reference/math/mpfr_verdict.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

// MPFR's correctly rounded double of F at X (one argument, or two).
uint64_t mpfr_double(const std::string& f, double x, double y = 0) {
  Num a(53), b(53), r(3000), out(53);
  mpfr_set_d(a.v, x, MPFR_RNDN);
  mpfr_set_d(b.v, y, MPFR_RNDN);
  if (f == "sin") mpfr_sin(r.v, a.v, MPFR_RNDN);
  else if (f == "cos") mpfr_cos(r.v, a.v, MPFR_RNDN);
  else if (f == "tan") mpfr_tan(r.v, a.v, MPFR_RNDN);
  else if (f == "tgamma") mpfr_gamma(r.v, a.v, MPFR_RNDN);
  else if (f == "lgamma") { int s; mpfr_lgamma(r.v, &s, a.v, MPFR_RNDN); }
  else if (f == "exp") mpfr_exp(r.v, a.v, MPFR_RNDN);
  else if (f == "pow") mpfr_pow(r.v, a.v, b.v, MPFR_RNDN);
  else if (f == "erfc") mpfr_erfc(r.v, a.v, MPFR_RNDN);
  else ADD_FAILURE() << "no oracle for " << f;
  oracle::round_to_format(out.v, r.v, oracle::kDouble, MPFR_RNDN);
  return oracle::bits_of(mpfr_get_d(out.v, MPFR_RNDN));
}

struct Hard {
  const char* f;
  double x, y;
};

const std::vector<Hard>& hard() {
  static const std::vector<Hard> v = {
      {"sin", 0x1.37ffffffffa9bp+659, 0},  // the CTS's 2.52-ulp report on an NVIDIA driver
      {"cos", 0x1.37ffffffffa9bp+659, 0},
      {"sin", 6381956970095103.0 * 0x1p797, 0},  // the double nearest a multiple of pi/2 (Kahan, McDonald)
      {"cos", 6381956970095103.0 * 0x1p797, 0},
      {"tan", 6381956970095103.0 * 0x1p797, 0},
      {"sin", 0x1.fffffffffffffp+1023, 0},
      {"cos", 0x1.fffffffffffffp+1023, 0},
      {"tan", -0x1.fffffffffffffp+1023, 0},
      {"sin", 1e22, 0},
      {"cos", 0x1.921fb54442d18p+0, 0},  // pi/2 rounded: cos is tiny
      {"sin", 0x1.921fb54442d18p+1, 0},  // pi rounded: sin is tiny
      {"tan", 0x1.921fb54442d18p+0, 0},  // tan near its pole
      {"sin", 0x1p1023, 0},
      {"sin", -0x1.6ac5b262ca1fep+849, 0},  // the Kahan-McDonald argument's neighbours
      {"cos", 0x1.6ac5b262ca200p+849, 0},
      {"sin", 0x1.0000000000001p+1000, 0},
      {"cos", -1e300, 0},
      {"sin", 0x1.921fb54442d18p+2, 0},   // 2 pi rounded
      {"cos", 0x1.2d97c7f3321d2p+1, 0},   // 3 pi / 4 rounded: cos and sin equal in size
      {"sin", 0x1.9p-1, 0},               // 0.78125, the largest argument the dd tier does not reduce
      {"cos", 0x1.9000000000001p-1, 0},   // the smallest it reduces
      {"sin", 0x1p-60, 0},
      {"cos", 0x1.ffffffffffffep-61, 0},
      {"tgamma", -0x1.0000000000001p+0, 0},  // next to the pole at -1
      {"tgamma", -0x1.fffffffffffffp+7, 0},  // just above -256: tiny
      {"tgamma", 0x1.573fae561f647p+7, 0},   // where tgamma overflows (171.62...)
      {"tgamma", -0x1.5e0a8ce1d1ad8p+7, 0},  // underflows
      {"lgamma", -0x1.3a7fc9600f86cp+1, 0},  // a zero of lgamma near -2.457
      {"lgamma", 0x1.0000000000001p+1, 0},   // next to the zero at 2
      {"lgamma", -0x1.0000000000001p+2, 0},  // next to the pole at -4
      {"exp", 0x1.62e42fefa39efp+9, 0},      // exp(x) just below DBL_MAX
      {"exp", -0x1.74385446d71c3p+9, 0},     // the smallest subnormal, rounded
      {"pow", 0x1.0000000000001p+0, 0x1.62e42fefa39efp+61},
      {"erfc", 0x1.b39dc41e48bfcp+4, 0},     // erfc deep in the subnormal range
  };
  return v;
}

TEST(MathDoubleJudge, HugeAndHardArgumentsAgreeWithMpfr) {
  for (const Hard& h : hard()) {
    const math::DoubleJudge judge(h.f, math::Denormals::Kept);
    const double args[3] = {h.x, h.y, 0};
    const math::DoubleJudge::Point p = judge.prepare(args);
    const uint64_t want = mpfr_double(h.f, h.x, h.y);
    SCOPED_TRACE(std::string(h.f) + " at " + std::to_string(h.x));
    ASSERT_TRUE(p.certain);
    // sin, cos and tan of every finite double come from the double-double
    // tier (dd_trig.hpp), whose reduction is checked here against MPFR's.
    const std::string name = h.f;
    if (name == "sin" || name == "cos" || name == "tan") {
      EXPECT_FALSE(p.prepared_by_mpfr);
    }
    EXPECT_EQ(p.nearest, want);
    const math::Bound cr{math::Bound::Kind::CorrectlyRounded, 0};
    const math::Bound four{math::Bound::Kind::Ulps, 4};
    EXPECT_TRUE(judge.judge(p, want, cr).pass);
    EXPECT_TRUE(judge.judge(p, want, four).pass);
    // Neighbours: the verdict equals the definition's.
    for (int64_t d : {-6, -5, -4, -1, 1, 3, 4, 5, 6}) {
      const uint64_t got = uint64_t(int64_t(want) + d);
      for (const math::Bound& b : {cr, four}) {
        const math::Verdict fast = judge.judge(p, got, b);
        const math::Verdict slow =
            math::mpfr_verdict_double(math::fn_of(math::function_id(h.f)), args, got, b, math::Denormals::Kept);
        EXPECT_EQ(fast.pass, slow.pass) << "offset " << d;
      }
    }
  }
}

double stratified(std::mt19937_64& rng, uint64_t lo_exp, uint64_t hi_exp) {
  const uint64_t r = rng();
  const uint64_t e = lo_exp + (r >> 16) % (hi_exp - lo_exp + 1);
  return oracle::double_of((r & 1) << 63 | e << 52 | (rng() & 0xFFFFFFFFFFFFFull));
}

// Where the spec's ulp changes inside the fast tier's enclosure (results
// next to a power of two: cos and exp of tiny arguments, pow near 1), and
// where the real result is beyond the largest double (an infinite result
// is judged against it as 2^1024, reference/ulp.hpp): the judge's verdict
// equals the MPFR verdict on the nearest double, its neighbours, the
// infinities and the largest double, and the fast tier decides the
// binade-edge ones without MPFR.
TEST(MathDoubleJudge, BinadeEdgesAndOverflowsEqualTheMpfrVerdict) {
  struct Args {
    const char* f;
    double x, y;
  };
  std::vector<Args> points;
  std::mt19937_64 rng(0xedb1);
  for (int k = 0; k < 300; ++k) {
    const double tiny = stratified(rng, 1, 0x3c9);  // |x| < 2^-54
    points.push_back({"cos", tiny, 0});
    points.push_back({"exp", tiny, 0});
    points.push_back({"pow", 1 + 0x1p-52 * double(k % 7), tiny});
    points.push_back({"log", 1 + 0x1p-52 * double(k % 9 + 1), 0});
    points.push_back({"exp", 709.7 + double(rng() % 1000000) * 1e-3, 0});  // near and beyond the overflow
    points.push_back({"divide", std::ldexp(1.5 + double(k % 5) / 8, 1000 + int(rng() % 23)),
                      std::ldexp(1.25, -int(rng() % 30))});
    points.push_back({"pow", 2.0 + double(k) / 512, 1000.0 + double(rng() % 200000)});
  }
  const math::Bound bounds[] = {{math::Bound::Kind::CorrectlyRounded, 0}, {math::Bound::Kind::Ulps, 4},
                                {math::Bound::Kind::Ulps, 3}, {math::Bound::Kind::Ulps, 0.5}};
  uint64_t triples = 0, edge_fallbacks = 0;
  for (const Args& a : points) {
    const math::DoubleJudge judge(a.f, math::Denormals::Kept);
    const math::Fn f = math::fn_of(math::function_id(a.f));
    const double args[3] = {a.x, a.y, 0};
    const math::DoubleJudge::Point p = judge.prepare(args);
    const uint64_t base = oracle::bits_of(p.approx);
    std::vector<uint64_t> results = {oracle::bits_of(INFINITY), oracle::bits_of(-INFINITY),
                                     oracle::bits_of(0x1.fffffffffffffp+1023)};
    if (std::isfinite(p.approx))
      for (int64_t d : {0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 8, -9}) results.push_back(base + uint64_t(d));
    for (uint64_t got : results) {
      for (const math::Bound& b : bounds) {
        const math::Verdict fast = judge.judge(p, got, b);
        const math::Verdict slow = math::mpfr_verdict_double(f, args, got, b, math::Denormals::Kept);
        ++triples;
        // The nearest double and its neighbours under a bound of 3 or 4
        // ulp are far from every verdict boundary (offsets of whole ulps
        // from a real result next to a power of two can sit exactly on
        // one): the fast tier decides them.
        const int64_t offset = int64_t(got - base);
        if (std::isfinite(p.approx) && !p.prepared_by_mpfr && offset >= -1 && offset <= 1 &&
            b.kind == math::Bound::Kind::Ulps && b.value >= 3)
          edge_fallbacks += fast.used_mpfr;
        ASSERT_EQ(fast.pass, slow.pass) << a.f << std::hexfloat << " at (" << a.x << ", " << a.y << "), got "
                                        << oracle::double_of(got) << ", bound " << int(b.kind) << " " << b.value;
      }
    }
  }
  std::printf("  %llu triples, %llu verdicts on the nearest double or a neighbour needed MPFR\n",
              (unsigned long long)triples, (unsigned long long)edge_fallbacks);
  EXPECT_GT(triples, 90000u);
  EXPECT_EQ(edge_fallbacks, 0u);
}

// exp, exp2 and exp10 far outside the double range (exp: x >= 710, x <=
// -1500; exp2: x > 1024, x <= -2165; exp10: x >= 309, x <= -652) are
// judged without their value when the result is the expected +inf or
// zero: every result there, expected or not, gets the MPFR verdict, the
// expected ones at 0 ulp without MPFR, and a point prepared that way still
// names +inf or +0 as the nearest double.
TEST(MathDoubleJudge, ExponentialsFarOutsideTheRangeEqualTheMpfrVerdict) {
  struct Exponential {
    const char* name;
    math::Fn fn;
    std::vector<double> xs;
    bool grows = true;  // beyond above for x > 0 and below for x < 0; else below for every x listed
  };
  const std::vector<Exponential> exponentials = {
      {"exp", math::Fn::exp, {710, 0x1.63p+9, 1000, 1e4, 11356, 11357, 1e300, 0x1.fffffffffffffp+1023, INFINITY,
                              -1500, -0x1.77p+10, -1e4, -11400, -12000, -1e300, -0x1.fffffffffffffp+1023, -INFINITY}},
      {"exp2", math::Fn::exp2, {0x1.0000000000001p+10, 1025, 2000, 16384, 1e300, INFINITY, -2165, -2166, -16500,
                                -1e300, -INFINITY}},
      {"exp10", math::Fn::exp10, {309, 309.5, 400, 4933, 1e300, INFINITY, -652, -652.5, -1000, -4966, -1e300,
                                  -INFINITY}},
      {"erfc", math::Fn::erfc, {39, 39.5, 1000, 1e300, 0x1.fffffffffffffp+1023, INFINITY}, false},
  };
  const double results[] = {INFINITY, -INFINITY, 0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023, 0.0, -0.0,
                            0x1p-1074, 0x3p-1074, 1.0, NAN};
  const math::Bound bounds[] = {{math::Bound::Kind::CorrectlyRounded, 0}, {math::Bound::Kind::Ulps, 3},
                                {math::Bound::Kind::Ulps, 0.5}};
  for (const Exponential& e : exponentials)
  for (const math::Denormals dn : {math::Denormals::Kept, math::Denormals::MayFlush}) {
    const math::DoubleJudge judge(e.name, dn);
    for (const double x : e.xs) {
      const double args[3] = {x, 0, 0};
      const math::DoubleJudge::Point p = judge.prepare(args);
      const bool above = e.grows && x > 0;
      ASSERT_EQ(p.beyond, above ? 1 : -1) << e.name << " " << x;
      EXPECT_TRUE(p.certain);
      EXPECT_EQ(p.nearest, oracle::bits_of(above ? INFINITY : 0.0)) << x;
      for (const double r : results) {
        const uint64_t got = oracle::bits_of(r);
        for (const math::Bound& b : bounds) {
          const math::Verdict fast = judge.judge(p, got, b);
          const math::Verdict slow = math::mpfr_verdict_double(e.fn, args, got, b, dn);
          ASSERT_EQ(fast.pass, slow.pass) << std::hexfloat << e.name << "(" << x << ") = " << r << ", bound "
                                          << int(b.kind) << " " << b.value;
          const bool expected = above ? r == INFINITY : r == 0;
          if (expected) {
            EXPECT_TRUE(fast.pass);
            EXPECT_EQ(fast.ulp, 0.0);
            EXPECT_FALSE(fast.used_mpfr);
          }
        }
      }
    }
  }
}

// pow and powr far outside the double range are judged as exp is there.
// Every point the reference says is beyond is beyond by MPFR (+1: above
// 2^1024 and positive; -1: below 2^-2164 in magnitude), and a point well
// beyond (MPFR's magnitude past 2^1040 or below 2^-2190, with |x| outside
// [1/2, 2), where log2 |x| is known to 1/256 of itself) is found beyond;
// the verdicts there are MPFR's, the expected +inf or zero at 0 ulp
// without MPFR. Pairs cross both thresholds: y is
// 1024 / log2 |x| or -2164 / log2 |x| within 2% either side, or random.
// lgamma's poles (0 and the negative integers, every double from 2^52
// down), its overflow from 2^1017 and the infinities, tgamma's overflow
// from 172 and its results below 2^-2164 from -500 down (non-integers):
// beyond, answered without a value, with MPFR's verdicts; tgamma at the
// negative integers is a domain error (NaN) without MPFR. cosh from |x| =
// 711, sinh from 711 and expm1 from 710 up: the same; just below, and
// sinh's negative overflows, not beyond.
TEST(MathDoubleJudge, PolesAndOverflowsAreBeyond) {
  struct Beyond {
    const char* name;
    math::Fn fn;
    std::vector<double> xs;
    int beyond;
  };
  const std::vector<Beyond> cases = {
      {"lgamma", math::Fn::lgamma, {0.0, -0.0, -1, -2, -171, -1e10, -0x1p52, -0x1p60, -1e300, 0x1p1017, 1e307, INFINITY,
                                    -INFINITY}, 1},
      {"lgamma_r", math::Fn::lgamma_r, {0.0, -3, -0x1p53, 0x1.fffffffffffffp+1023, -INFINITY}, 1},
      {"tgamma", math::Fn::tgamma, {172, 1000, 1e300, INFINITY}, 1},
      {"tgamma", math::Fn::tgamma, {-500.5, -0x1.f4001p+8, -1000.25, -0x1.fffffffffffffp+51}, -1},
      {"cosh", math::Fn::cosh, {711, -711, 1000, -1e300, INFINITY, -INFINITY}, 1},
      {"sinh", math::Fn::sinh, {711, 0x1.6380000000001p+9, 1e300, INFINITY}, 1},
      {"expm1", math::Fn::expm1, {710, 800, 0x1.fffffffffffffp+1023, INFINITY}, 1},
      {"cosh", math::Fn::cosh, {710.99, -710.5, 710.4}, 0},
      {"sinh", math::Fn::sinh, {710.99, -711, -1e300, -INFINITY}, 0},
      {"expm1", math::Fn::expm1, {709.99, -1e300}, 0},
  };
  const double results[] = {INFINITY, -INFINITY, 0x1.fffffffffffffp+1023, 0.0, -0.0, 0x1p-1074, 1.0, NAN};
  const math::Bound bounds[] = {{math::Bound::Kind::Ulps, 16}, {math::Bound::Kind::Ulps, 0.5}};
  for (const Beyond& c : cases)
    for (const math::Denormals dn : {math::Denormals::Kept, math::Denormals::MayFlush}) {
      const math::DoubleJudge judge(c.name, dn);
      for (const double x : c.xs) {
        const double args[3] = {x, 0, 0};
        const math::DoubleJudge::Point p = judge.prepare(args);
        ASSERT_EQ(p.beyond, c.beyond) << c.name << " " << x;
        if (c.beyond != 0) {
          EXPECT_EQ(p.nearest, oracle::bits_of(c.beyond > 0 ? INFINITY : 0.0)) << x;
        }
        for (const double r : results)
          for (const math::Bound& b : bounds) {
            const uint64_t got = oracle::bits_of(r);
            const math::Verdict fast = judge.judge(p, got, b);
            const math::Verdict slow = math::mpfr_verdict_double(c.fn, args, got, b, dn);
            ASSERT_EQ(fast.pass, slow.pass) << std::hexfloat << c.name << "(" << x << ") = " << r;
          }
      }
    }
  double args[3] = {-7, 0, 0};
  EXPECT_TRUE(math::domain_nan(math::Fn::tgamma, args));
  args[0] = -7.5;
  EXPECT_FALSE(math::domain_nan(math::Fn::tgamma, args));
}

TEST(MathDoubleJudge, PowFarOutsideTheRangeIsCertainlyBeyond) {
  std::mt19937_64 rng(0x9077);
  const double results[] = {INFINITY, -INFINITY, 0x1.fffffffffffffp+1023, 0.0, -0.0, 0x1p-1074, 1.0, NAN};
  const math::Bound bound{math::Bound::Kind::Ulps, 16};
  long beyond[2] = {}, well_beyond = 0, judged = 0;
  Num mx(53), my(53), r(64);
  for (const char* f : {"pow", "powr"}) {
    const math::DoubleJudge judge(f, math::Denormals::Kept);
    for (int i = 0; i < 40000; ++i) {
      const uint64_t xb = (rng() & 0x800fffffffffffffull) | (uint64_t(rng() % 2047) << 52);
      const double x = oracle::double_of(xb);
      if (x == 0) continue;
      double y;
      const unsigned kind = unsigned(rng() % 4);
      if (kind < 3) {
        const double target = kind == 0 ? 1024 : kind == 1 ? -2164 : double(int64_t(rng() % 6000) - 3000);
        y = target / std::log2(std::fabs(x)) * (1 + (double(rng() % 4001) - 2000) * 1e-5);
        if (rng() % 4 == 0) y = std::nearbyint(y);  // integers: negative x has a real result
        if (rng() % 8 == 0) y = std::nearbyint(y / 2) * 2 + 1;  // odd ones: negative results
      } else {
        y = oracle::double_of((rng() & 0x800fffffffffffffull) | (uint64_t(rng() % 2047) << 52));
      }
      const double args[3] = {x, y, 0};
      const math::DoubleJudge::Point p = judge.prepare(args);
      mpfr_set_d(mx.v, x, MPFR_RNDN);
      mpfr_set_d(my.v, y, MPFR_RNDN);
      mpfr_clear_flags();
      if (std::string(f) == "powr" && x < 0) mpfr_set_nan(r.v);
      else mpfr_pow(r.v, mx.v, my.v, MPFR_RNDN);  // beyond MPFR's own range: its infinity or zero
      const bool nan = mpfr_nan_p(r.v) != 0;
      const bool above = !nan && mpfr_sgn(r.v) > 0 && mpfr_cmp_ui_2exp(r.v, 1, 1024) > 0;
      const bool below = !nan && (mpfr_zero_p(r.v) || mpfr_get_exp(r.v) <= -2164);
      if (p.beyond > 0) {
        ASSERT_TRUE(above) << std::hexfloat << f << "(" << x << ", " << y << ")";
      }
      if (p.beyond < 0) {
        ASSERT_TRUE(below) << std::hexfloat << f << "(" << x << ", " << y << ")";
      }
      if (p.beyond != 0) ++beyond[p.beyond > 0];
      const bool away = std::fabs(x) < 0.5 || std::fabs(x) >= 2;
      const bool well_above = above && (mpfr_inf_p(r.v) || mpfr_get_exp(r.v) > 1040);
      const bool well_below = below && (mpfr_zero_p(r.v) || mpfr_get_exp(r.v) < -2190);
      if (away && (well_above || well_below)) {
        EXPECT_NE(p.beyond, 0) << std::hexfloat << f << "(" << x << ", " << y << ")";
        ++well_beyond;
      }
      if (p.beyond == 0 || i % 16 != 0) continue;
      for (const double res : results) {
        const uint64_t got = oracle::bits_of(res);
        const math::Verdict fast = judge.judge(p, got, bound);
        const math::Verdict slow = math::mpfr_verdict_double(math::fn_of(math::function_id(f)), args, got, bound,
                                                             math::Denormals::Kept);
        ++judged;
        ASSERT_EQ(fast.pass, slow.pass) << std::hexfloat << f << "(" << x << ", " << y << ") = " << res;
        if (p.beyond > 0 ? res == INFINITY : res == 0) {
          EXPECT_EQ(fast.ulp, 0.0);
          EXPECT_FALSE(fast.used_mpfr);
        }
      }
    }
  }
  EXPECT_GT(beyond[0], 5000);
  EXPECT_GT(beyond[1], 5000);
  EXPECT_GT(well_beyond, 10000);
  EXPECT_GT(judged, 1000);
}


TEST(MathDoubleJudge, EqualsTheMpfrVerdict) {
  const char* names[] = {"sin", "cos", "tan", "exp", "log", "pow", "divide", "sqrt", "tgamma", "lgamma", "atan2",
                         "fma", "cbrt", "erfc", "sinpi", "fmod", "ldexp", "rootn", "pown", "mad", "nextafter",
                         "remainder", "remquo", "log1p", "expm1", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
                         "fmax", "fmin", "maxmag", "minmag", "copysign", "fdim", "fract"};
  std::mt19937_64 rng(0xd0b1e);
  uint64_t triples = 0, fallbacks = 0;
  for (const char* name : names) {
    for (const math::Denormals dn : {math::Denormals::Kept, math::Denormals::MayFlush}) {
      const math::DoubleJudge judge(name, dn);
      const math::Fn f = math::fn_of(math::function_id(name));
      const auto& kinds = judge.info().args;
      for (int k = 0; k < 120; ++k) {
        double args[3] = {0, 0, 0};
        for (size_t a = 0; a < kinds.size(); ++a) {
          if (kinds[a] == math::ArgKind::Int) {
            // Small mostly; any int one time in four (pown's overflows and
            // underflows, rootn's roots near 1).
            args[a] = k % 4 == 0 ? double(int32_t(uint32_t(rng()))) : double(int64_t(rng() % 41) - 20);
          } else if (k % 10 == 0) {
            args[a] = stratified(rng, 0, 2);  // subnormal or barely normal
          } else {
            args[a] = stratified(rng, k % 3 == 0 ? 1 : 990, k % 3 == 0 ? 2046 : 1060);
          }
        }
        const math::DoubleJudge::Point p = judge.prepare(args);
        if (std::isnan(p.approx)) continue;
        const uint64_t base = oracle::bits_of(p.approx);
        for (int64_t d : {0, 1, -1, 2, 3, -4, 5, 17, -1000}) {
          const uint64_t got = base + uint64_t(d);  // neighbours in bit order, wrapping as unsigned
          for (const math::Bound& b : {math::Bound{math::Bound::Kind::CorrectlyRounded, 0},
                                       math::Bound{math::Bound::Kind::Ulps, 4}, math::Bound{math::Bound::Kind::Ulps, 2}}) {
            const math::Verdict fast = judge.judge(p, got, b);
            const math::Verdict slow = math::mpfr_verdict_double(f, args, got, b, dn);
            ++triples;
            fallbacks += fast.used_mpfr;
            ASSERT_EQ(fast.pass, slow.pass) << name << std::hexfloat << " at (" << args[0] << ", " << args[1] << ", "
                                            << args[2] << "), got " << oracle::double_of(got) << ", bound "
                                            << int(b.kind) << " " << b.value;
          }
        }
      }
    }
  }
  std::printf("  %llu triples, %llu needed MPFR (prepare or judge)\n", (unsigned long long)triples,
              (unsigned long long)fallbacks);
  EXPECT_GT(triples, 50000u);
}

// mad without flushing: the judge prepares the fused reading and leaves a
// result that fails it to MPFR, which tries the unfused one too. On triples
// where the two readings round apart (an addend that nearly cancels the
// product, or one far below it), the fused result, the unfused one and
// their neighbours get MPFR's verdict and, where it passes, MPFR's error
// (to 1e-9 ulp; next to a power of two the estimate may take either
// binade's ulp, judge.hpp's Verdict).
TEST(MathDoubleJudge, MadFusedAndUnfusedReadingsEqualTheMpfrVerdict) {
  std::mt19937_64 rng(0x3ad);
  const math::DoubleJudge judge("mad", math::Denormals::Kept);
  uint64_t apart = 0, unfused_only = 0, compared = 0;
  for (int k = 0; k < 3000; ++k) {
    const double x = stratified(rng, 900, 1150), y = stratified(rng, 900, 1150);
    volatile double product = x * y;  // the unfused reading's product, rounded on its own
    const double p = product;
    const double z = k % 2 ? -p * (1 + std::ldexp(double(rng() % 1024), -40)) : std::ldexp(p, -int(rng() % 60));
    const double args[3] = {x, y, z};
    volatile double sum = p + z;
    const double fused = std::fma(x, y, z), unfused = sum;
    apart += fused != unfused;
    const math::DoubleJudge::Point pt = judge.prepare(args);
    for (const double base : {fused, unfused}) {
      for (int64_t d : {0, 1, -1, 2}) {
        const uint64_t got = oracle::bits_of(base) + uint64_t(d);
        for (const math::Bound& b : {math::Bound{math::Bound::Kind::CorrectlyRounded, 0},
                                     math::Bound{math::Bound::Kind::Ulps, 1}}) {
          const math::Verdict fast = judge.judge(pt, got, b);
          const math::Verdict slow = math::mpfr_verdict_double(math::Fn::mad, args, got, b, math::Denormals::Kept);
          ASSERT_EQ(fast.pass, slow.pass) << std::hexfloat << "mad(" << x << ", " << y << ", " << z << ") = "
                                          << oracle::double_of(got);
          ++compared;
          if (!slow.pass || !std::isfinite(slow.ulp)) continue;
          const bool power_of_two = (got & 0xFFFFFFFFFFFFFull) == 0;
          auto near = [&](double scale) { return std::fabs(fast.ulp * scale - slow.ulp) <= 1e-9 * (1 + slow.ulp); };
          EXPECT_TRUE(near(1) || (power_of_two && (near(2) || near(0.5))))
              << std::hexfloat << "mad(" << x << ", " << y << ", " << z << ") = " << oracle::double_of(got) << ": "
              << fast.ulp << " ulp, MPFR " << slow.ulp;
          unfused_only += d == 0 && base == unfused && fused != unfused && b.correctly_rounded();
        }
      }
    }
  }
  EXPECT_GT(apart, 500u);
  EXPECT_GT(unfused_only, 500u);  // results that pass by the unfused reading alone
  EXPECT_GT(compared, 40000u);
}

// Results below 2^-960, where the spacing of a double's binade is too small
// for the judge's double arithmetic unscaled (its inputs then come scaled
// by 2^200): sin, tan, atan, sinh and erf of tiny arguments and exp of
// arguments from -744 to -660, results from the subnormals to 2^-950. Every
// point with a normal result from 2^-1021 up takes that path; its verdicts
// on the nearest double and its neighbours equal MPFR's, and so do its
// error estimates, to 1e-9 ulp (next to a power of two, up to the factor
// of 2 that judge.hpp allows).
TEST(MathDoubleJudge, TinyResultsEqualTheMpfrVerdict) {
  std::mt19937_64 rng(0x7e11);
  uint64_t fast_points = 0, compared = 0;
  for (const char* name : {"sin", "tan", "atan", "sinh", "erf", "exp"}) {
    const math::DoubleJudge judge(name, math::Denormals::Kept);
    const math::Fn f = math::fn_of(math::function_id(name));
    const bool is_exp = std::string(name) == "exp";
    for (int k = 0; k < 400; ++k) {
      double x;
      if (is_exp) {
        x = -660 - 84 * double(rng() >> 11) * 0x1p-53;
      } else {
        // Exponent fields 0 (subnormals) and 1 (2^-1022's binade) for the
        // first points, then 2 to 73: 2^-1021 to 2^-950.
        const uint64_t field = k < 20 ? uint64_t(k % 2) : 2 + rng() % 72;
        x = oracle::double_of(uint64_t(k & 1) << 63 | field << 52 | (rng() & 0xFFFFFFFFFFFFFull));
      }
      if (k % 50 == 0 && !is_exp) x = std::copysign(k % 100 == 0 ? 0x1p-1021 : 0x1p-960, x);  // the path's edges
      const double args[3] = {x, 0, 0};
      const math::DoubleJudge::Point p = judge.prepare(args);
      const double a = std::fabs(p.approx);
      if (a >= 0x1p-1021 && a < 0x1p1023) {
        EXPECT_TRUE(p.fast) << name << std::hexfloat << " at " << x;
        fast_points += p.fast;
      }
      const uint64_t base = oracle::bits_of(p.approx);
      for (int64_t d : {0, 1, -1, 2, -3, 4, 5, -5, 6000}) {
        const uint64_t got = base + uint64_t(d);
        for (const math::Bound& b : {math::Bound{math::Bound::Kind::CorrectlyRounded, 0},
                                     math::Bound{math::Bound::Kind::Ulps, 4}}) {
          const math::Verdict fast = judge.judge(p, got, b);
          const math::Verdict slow = math::mpfr_verdict_double(f, args, got, b, math::Denormals::Kept);
          ASSERT_EQ(fast.pass, slow.pass) << name << std::hexfloat << " at " << x << ", got "
                                          << oracle::double_of(got) << ", bound " << int(b.kind);
          // Next to a power of two the estimate may take either binade's
          // ulp (judge.hpp's Verdict), a factor of 2.
          const bool power_of_two = (base & 0xFFFFFFFFFFFFFull) == 0;
          auto near = [&](double scale) { return std::fabs(fast.ulp * scale - slow.ulp) <= 1e-9 * (1 + slow.ulp); };
          if (std::isfinite(slow.ulp)) {
            EXPECT_TRUE(near(1) || (power_of_two && (near(2) || near(0.5))))
                << name << std::hexfloat << " at " << x << ", got " << oracle::double_of(got) << ": " << fast.ulp
                << " ulp, MPFR " << slow.ulp;
          }
          ++compared;
        }
      }
    }
  }
  std::printf("  %llu verdicts compared, %llu points on the double-arithmetic path\n", (unsigned long long)compared,
              (unsigned long long)fast_points);
  EXPECT_GT(fast_points, 1800u);
}

// Results from 2^955 up, where got - approx can overflow: fabs, floor and
// fmax (identities at huge arguments), recip of tiny arguments, exp and
// cosh from 662 to 710. Every point with a result below 2^1023 takes the
// double-arithmetic path; its verdicts equal MPFR's on the nearest double
// and its neighbours, on a result far off in the same binade, on the
// largest double of either sign, on the infinities and on zero.
TEST(MathDoubleJudge, HugeResultsEqualTheMpfrVerdict) {
  std::mt19937_64 rng(0xb16);
  uint64_t fast_points = 0, compared = 0;
  for (const char* name : {"fabs", "floor", "fmax", "recip", "exp", "cosh"}) {
    const math::DoubleJudge judge(name, math::Denormals::Kept);
    const math::Fn f = math::fn_of(math::function_id(name));
    const std::string fn = name;
    for (int k = 0; k < 300; ++k) {
      const uint64_t mantissa = rng() & 0xFFFFFFFFFFFFFull, sign = uint64_t(k & 1) << 63;
      double x;
      if (fn == "exp" || fn == "cosh") {
        x = 662 + 48 * double(rng() >> 11) * 0x1p-53;
      } else if (fn == "recip") {
        x = oracle::double_of(sign | (2 + rng() % 69) << 52 | mantissa);  // 2^-1021 to 2^-953
      } else {
        x = oracle::double_of(sign | (1978 + rng() % 69) << 52 | mantissa);  // 2^955 to 2^1023
      }
      const double args[3] = {x, fn == "fmax" ? -x : 0, 0};
      const math::DoubleJudge::Point p = judge.prepare(args);
      const double a = std::fabs(p.approx);
      if (a < 0x1p1023) {
        EXPECT_TRUE(p.fast) << name << std::hexfloat << " at " << x;
        fast_points += p.fast;
      }
      const uint64_t base = oracle::bits_of(p.approx);
      std::vector<uint64_t> results;
      for (int64_t d : {0, 1, -1, 2, -3, 5, 6000, -6000}) results.push_back(base + uint64_t(d));
      for (uint64_t r : {uint64_t{0x7FEFFFFFFFFFFFFF}, uint64_t{0xFFEFFFFFFFFFFFFF}, uint64_t{0x7FF0000000000000},
                         uint64_t{0xFFF0000000000000}, uint64_t{0}, base ^ (uint64_t{1} << 63)})
        results.push_back(r);
      for (const uint64_t got : results) {
        for (const math::Bound& b : {math::Bound{math::Bound::Kind::CorrectlyRounded, 0},
                                     math::Bound{math::Bound::Kind::Ulps, 4}}) {
          const math::Verdict fast = judge.judge(p, got, b);
          const math::Verdict slow = math::mpfr_verdict_double(f, args, got, b, math::Denormals::Kept);
          ASSERT_EQ(fast.pass, slow.pass) << name << std::hexfloat << " at " << x << ", got "
                                          << oracle::double_of(got) << ", bound " << int(b.kind);
          ++compared;
        }
      }
    }
  }
  std::printf("  %llu verdicts compared, %llu points on the double-arithmetic path\n", (unsigned long long)compared,
              (unsigned long long)fast_points);
  EXPECT_GT(fast_points, 1500u);
}

// A result that is exactly a power of two: its ulp is the binade below's
// spacing (reference/ulp.hpp), so the double below it is 1 ulp away and the
// double above 2, as MPFR says, on the judge's double-arithmetic path too
// (sqrt, divide and mul from the double-double tier, which gives them
// exactly, and pow from binary128 below 2^-960; a value known only to
// within an error, such as dd_pow's 8 for pow(0.5, -3), may take either
// binade's ulp, judge.hpp's Verdict says).
TEST(MathDoubleJudge, ExactPowersOfTwoTakeTheBinadeBelowsUlp) {
  struct Exact {
    const char* f;
    double x, y;
  };
  for (const Exact& c : {Exact{"sqrt", 4.0, 0}, Exact{"sqrt", 0x1p-800, 0}, Exact{"divide", 1.0, 0x1p-10},
                         Exact{"mul", 0x1p300, 0x1p-20}, Exact{"pow", 2.0, -1000.0}}) {
    const math::DoubleJudge judge(c.f, math::Denormals::Kept);
    const math::Fn f = math::fn_of(math::function_id(c.f));
    const double args[3] = {c.x, c.y, 0};
    const math::DoubleJudge::Point p = judge.prepare(args);
    ASSERT_TRUE(p.fast) << c.f << std::hexfloat << " at " << c.x;
    const uint64_t exact = oracle::bits_of(p.approx);
    ASSERT_EQ(exact & 0xFFFFFFFFFFFFFull, 0u) << c.f << ": not a power of two";
    const math::Bound b{math::Bound::Kind::Ulps, 4};
    for (const auto& [got, ulps] : {std::pair<uint64_t, double>{exact - 1, 1.0}, {exact + 1, 2.0}, {exact, 0.0}}) {
      const math::Verdict fast = judge.judge(p, got, b);
      const math::Verdict slow = math::mpfr_verdict_double(f, args, got, b, math::Denormals::Kept);
      EXPECT_TRUE(fast.pass);
      EXPECT_NEAR(slow.ulp, ulps, 1e-12) << c.f << std::hexfloat << " at " << c.x;
      EXPECT_NEAR(fast.ulp, ulps, 1e-9) << c.f << std::hexfloat << " at " << c.x << ", got " << oracle::double_of(got);
    }
  }
}

}  // namespace
