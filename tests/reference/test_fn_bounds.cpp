// The bound kinds of the common and geometric suites (reference/fn_bound.hpp)
// at their edges: for every formula kind, the result one step (one ulp or
// one absolute-error step of the format) inside the bound passes and the
// next one out fails. Expected values are worked out here by hand as exact
// dyadic rationals (host doubles hold them exactly) or with MPFR directly.
#include <gtest/gtest.h>

#include <cmath>
#include <mpfr.h>

#include "reference/common_fns.hpp"
#include "reference/fn_bound.hpp"
#include "reference/geometric.hpp"
#include "reference/relational.hpp"

namespace {

using clconform::ref::Double;
using clconform::ref::Float;
using clconform::ref::Mpfr;
using clconform::ref::Rounding;
using clconform::ref::to_bits;
namespace fnb = clconform::ref::fn;
namespace rg = clconform::ref::geometric;
namespace rc = clconform::ref::common;
namespace rr = clconform::ref::relational;

uint32_t fb(float v) { return to_bits(v); }

// 0 ulp (clamp, sign, step, min, max): the value itself passes, its neighbour fails.
TEST(FnBounds, ExactZeroUlp) {
  const Mpfr ref(1.5f);
  EXPECT_TRUE(fnb::judge_ulp<Float>(fb(1.5f), ref, 0).pass);
  EXPECT_FALSE(fnb::judge_ulp<Float>(fb(std::nextafter(1.5f, 2.0f)), ref, 0).pass);
  EXPECT_TRUE(fnb::judge_ulp<Float>(fb(-0.0f), Mpfr(0.0f), 0).pass);  // numeric: zeros equal
}

// c0 + c1 * n ulp (length at n = 4: 2.75 + 0.5 * 4 = 4.75): reference
// 1 + 2^-30, ulp 2^-23; 1 + 4 * 2^-23 is 4 - 2^-7 ulp away, 1 + 5 * 2^-23 is 5 - 2^-7.
TEST(FnBounds, UlpFormulaInN) {
  const double bound = 2.75 + 0.5 * 4;
  const Mpfr ref = add(Mpfr(1.0), Mpfr::pow2(-30), 200);
  const float in = float(1 + 4 * std::ldexp(1.0, -23)), out = float(1 + 5 * std::ldexp(1.0, -23));
  EXPECT_TRUE(fnb::judge_ulp<Float>(fb(in), ref, bound).pass);
  EXPECT_FALSE(fnb::judge_ulp<Float>(fb(out), ref, bound).pass);
  // Below the reference: 1 - 2^-24 * k is (k * 2^-24 + 2^-30) / 2^-23 ulp away.
  const float in_below = float(1 - 9 * std::ldexp(1.0, -24)), out_below = float(1 - 10 * std::ldexp(1.0, -24));
  EXPECT_TRUE(fnb::judge_ulp<Float>(fb(in_below), ref, bound).pass);
  EXPECT_FALSE(fnb::judge_ulp<Float>(fb(out_below), ref, bound).pass);
}

// degrees and radians, 2 ulp, against an MPFR oracle computed here.
TEST(FnBounds, DegreesTwoUlp) {
  const float x = 1.0f;
  mpfr_t pi, r;
  mpfr_inits2(400, pi, r, (mpfr_ptr)0);
  mpfr_const_pi(pi, MPFR_RNDN);
  mpfr_set_d(r, 180.0, MPFR_RNDN);
  mpfr_div(r, r, pi, MPFR_RNDN);  // 57.29577951...
  const float nearest = mpfr_get_flt(r, MPFR_RNDN);
  mpfr_clears(pi, r, (mpfr_ptr)0);
  const Mpfr ref = rc::degrees<Float>(fb(x));
  // Two floats up from the nearest is within 2.5 ulp; the error of the
  // nearest is under 0.5, so +2 steps stays inside 2.5 and +3 leaves 2.
  float up2 = nearest, up3;
  up2 = std::nextafter(std::nextafter(nearest, 100.0f), 100.0f);
  up3 = std::nextafter(up2, 100.0f);
  const double e2 = fnb::judge_ulp<Float>(fb(up2), ref, 2).ulp;
  EXPECT_GT(e2, 1.5);
  EXPECT_EQ(fnb::judge_ulp<Float>(fb(up2), ref, 2).pass, e2 <= 2);
  EXPECT_FALSE(fnb::judge_ulp<Float>(fb(up3), ref, 2).pass);
  EXPECT_TRUE(fnb::judge_ulp<Float>(fb(std::nextafter(nearest, 100.0f)), ref, 2).pass);
}

// Absolute tolerance 1e-3 (mix): reference 0.25; the float just below
// 0.251 passes, the next float fails (0.251 is not a float: the spacing
// there is 2^-25).
TEST(FnBounds, AbsoluteTolerance) {
  const Mpfr tol = Mpfr::parse("1e-3", 300, Rounding::TowardZero);
  const Mpfr ref(0.25);
  float in = 0.251f;
  if (double(in) > 0.251) in = std::nextafter(in, 0.0f);
  const float out = std::nextafter(in, 1.0f);
  ASSERT_GT(double(out), 0.251);
  EXPECT_TRUE(fnb::judge_abs<Float>(fb(in), ref, tol).pass);
  EXPECT_FALSE(fnb::judge_abs<Float>(fb(out), ref, tol).pass);
  // And mix itself: mix(0, 1, 0.25) = 0.25 exactly.
  EXPECT_TRUE(rc::mix<Float>(fb(0.0f), fb(1.0f), fb(0.25f)) == ref);
}

// dot: max * max * (2n - 1) * FLT_EPSILON. (3, 1) . (2, 1) = 7, max 3,
// n = 2: tolerance 27 * 2^-23; floats near 7 are 2^-21 apart, so 7 + 6 *
// 2^-21 (24 * 2^-23) passes and 7 + 7 * 2^-21 (28 * 2^-23) fails.
TEST(FnBounds, DotMaxSquared) {
  const uint32_t p0[2] = {fb(3.0f), fb(1.0f)}, p1[2] = {fb(2.0f), fb(1.0f)};
  const Mpfr d = rg::dot<Float>(p0, p1, 2);
  EXPECT_TRUE(d == Mpfr(7.0));
  const Mpfr mx = rg::max_abs<Float>({p0, p1}, 2);
  EXPECT_TRUE(mx == Mpfr(3.0));
  const Mpfr tol = fnb::max_sq_tolerance(mx, 2 * 2 - 1, -23);
  EXPECT_TRUE(tol == Mpfr(27 * std::ldexp(1.0, -23)));
  EXPECT_TRUE(fnb::judge_abs<Float>(fb(float(7 + 6 * std::ldexp(1.0, -21))), d, tol).pass);
  EXPECT_FALSE(fnb::judge_abs<Float>(fb(float(7 + 7 * std::ldexp(1.0, -21))), d, tol).pass);
  EXPECT_TRUE(fnb::judge_abs<Float>(fb(float(7 - 13 * std::ldexp(1.0, -22))), d, tol).pass);  // 26 * 2^-23 below 7
  EXPECT_FALSE(fnb::judge_abs<Float>(fb(float(7 - 14 * std::ldexp(1.0, -22))), d, tol).pass);
}

// cross: max * max * 3 * FLT_EPSILON per component. (1, 2, 3) x (4, 5, 6):
// z = 1*5 - 2*4 = -3, max 6, tolerance 108 * 2^-23 = 27 * 2^-21; floats
// near -3 are 2^-22 apart: 54 steps pass, 55 fail.
TEST(FnBounds, CrossMaxSquared) {
  const uint32_t p0[3] = {fb(1.0f), fb(2.0f), fb(3.0f)}, p1[3] = {fb(4.0f), fb(5.0f), fb(6.0f)};
  EXPECT_TRUE(rg::cross<Float>(p0, p1, 0) == Mpfr(-3.0));  // 2*6 - 3*5
  EXPECT_TRUE(rg::cross<Float>(p0, p1, 1) == Mpfr(6.0));   // 3*4 - 1*6
  const Mpfr z = rg::cross<Float>(p0, p1, 2);
  EXPECT_TRUE(z == Mpfr(-3.0));
  const Mpfr tol = fnb::max_sq_tolerance(rg::max_abs<Float>({p0, p1}, 3), 3, -23);
  EXPECT_TRUE(fnb::judge_abs<Float>(fb(float(-3 - 54 * std::ldexp(1.0, -22))), z, tol).pass);
  EXPECT_FALSE(fnb::judge_abs<Float>(fb(float(-3 - 55 * std::ldexp(1.0, -22))), z, tol).pass);
}

// length of (3, 4) is 5 exactly; normalize of (3, 4) is (0.6, 0.8) to 300 bits.
TEST(FnBounds, LengthAndNormalize) {
  const uint64_t p[2] = {to_bits(3.0), to_bits(4.0)};
  EXPECT_TRUE(rg::length<Double>(p, 2) == Mpfr(5.0));
  const Mpfr x = rg::normalize<Double>(p, 2, 0);
  EXPECT_TRUE(fnb::judge_ulp<Double>(to_bits(0.6), x, 0.5).pass);
  // normalize's bound for double at n = 2: 4.5 + 2 ulp; 0.6 + 7 ulp fails, + 6 passes.
  double v = 0.6;
  for (int i = 0; i < 6; ++i) v = std::nextafter(v, 1.0);
  EXPECT_TRUE(fnb::judge_ulp<Double>(to_bits(v), x, 4.5 + 2).pass);
  EXPECT_FALSE(fnb::judge_ulp<Double>(to_bits(std::nextafter(v, 1.0)), x, 4.5 + 2).pass);
  // An infinite result passes only where the real result is at or beyond 2^128 (7.4 overflow rule).
  const uint32_t big[2] = {fb(3e38f), fb(3e38f)};
  EXPECT_TRUE(fnb::judge_ulp<Float>(fb(INFINITY), rg::length<Float>(big, 2), 3.75).pass);
  // FLT_MAX itself: 2^128 is 1 ulp above it, inside 3.25 ulp; 2^126 is far below.
  const uint32_t at_max[1] = {Float::max_finite_bits}, below[1] = {fb(std::ldexp(1.0f, 126))};
  EXPECT_TRUE(fnb::judge_ulp<Float>(fb(INFINITY), rg::length<Float>(at_max, 1), 3.25).pass);
  EXPECT_FALSE(fnb::judge_ulp<Float>(fb(INFINITY), rg::length<Float>(below, 1), 3.25).pass);
}

TEST(CommonRef, ExactFunctions) {
  EXPECT_EQ(rc::clamp<Float>(fb(5.0f), fb(1.0f), fb(2.0f)), fb(2.0f));
  EXPECT_EQ(rc::clamp<Float>(fb(NAN), fb(1.0f), fb(2.0f)), fb(1.0f));  // fmin(fmax(NaN, 1), 2) = 1
  EXPECT_FALSE(rc::clamp_defined<Float>(fb(2.0f), fb(1.0f)));
  EXPECT_EQ(rc::sign<Float>(fb(-0.0f)), fb(-0.0f));
  EXPECT_EQ(rc::sign<Float>(fb(NAN)), fb(0.0f));
  EXPECT_EQ(rc::sign<Float>(fb(-1e-45f)), fb(-1.0f));
  EXPECT_EQ(rc::step<Float>(fb(1.0f), fb(0.5f)), fb(0.0f));
  EXPECT_EQ(rc::step<Float>(fb(1.0f), fb(NAN)), fb(1.0f));  // NaN < edge is false
  EXPECT_TRUE(rc::smoothstep<Float>(fb(0.0f), fb(2.0f), fb(1.0f)) == Mpfr(0.5));
  EXPECT_TRUE(rc::smoothstep<Float>(fb(0.0f), fb(2.0f), fb(5.0f)) == Mpfr(1.0));
}

TEST(RelationalRef, NanRulesAndMsb) {
  const uint32_t nan = fb(NAN), one = fb(1.0f);
  for (const char* p : {"isequal", "isgreater", "isgreaterequal", "isless", "islessequal", "islessgreater", "isordered"})
    EXPECT_FALSE(rr::predicate<Float>(p, nan, one)) << p;
  EXPECT_TRUE(rr::predicate<Float>("isnotequal", nan, nan));
  EXPECT_TRUE(rr::predicate<Float>("isunordered", one, nan));
  EXPECT_TRUE(rr::predicate<Float>("isequal", fb(0.0f), fb(-0.0f)));
  EXPECT_FALSE(rr::predicate<Float>("isnormal", 1u, 0));
  EXPECT_TRUE(rr::predicate<Float>("signbit", fb(-0.0f), 0));
  EXPECT_EQ(rr::select(1, 2, 0x80, 1, true), 2u);
  EXPECT_EQ(rr::select(1, 2, 0x7f, 1, true), 1u);   // vector: only the MSB counts
  EXPECT_EQ(rr::select(1, 2, 0x7f, 1, false), 2u);  // scalar: c != 0
  EXPECT_EQ(rr::bitselect(0xf0, 0x0f, 0x3c), 0xccu);  // 0xc0 from a, 0x0c from b
}

}  // namespace
