// The fuzz oracle's common (6.15.4) and geometric (6.15.5) built-ins
// (reference/fuzz/common_geometric.hpp): each rule one step inside and one
// step outside. Expected values come from MPFR directly or from exact
// arithmetic on the inputs, never from the references the oracle uses.
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstring>

#include "reference/fuzz/common_geometric.hpp"

namespace {

using namespace clconform::ref::fuzz;

const Elem kFloat{true, 32, true};

uint32_t fbits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
Set pt(float f) { return point_of(fbits(f), kFloat); }
bool holds(const Set& s, float f) { return contains(s, fbits(f), kFloat); }
float up(float f) { return std::nextafter(f, INFINITY); }
float down(float f) { return std::nextafter(f, -INFINITY); }

Bound ulps(double v) {
  Bound b;
  b.kind = Bound::Kind::Ulps;
  b.ulps = v;
  return b;
}
Bound exact() {
  Bound b;
  b.kind = Bound::Kind::Exact;
  return b;
}
Bound absolute(const char* text) {
  Bound b;
  b.kind = Bound::Kind::Absolute;
  b.absolute = text;
  return b;
}
Bound max_sq(double k) {
  Bound b;
  b.kind = Bound::Kind::MaxSquared;
  b.k = k;
  b.eps_log2 = -23;
  return b;
}

Set common(const std::string& fn, Bound b, std::vector<float> x, Rules r = {}) {
  std::vector<Set> a;
  for (float v : x) a.push_back(pt(v));
  return eval_common(fn, b, 32, a, r);
}
std::vector<Set> geometric(const std::string& fn, Bound b, std::vector<std::vector<float>> x, unsigned w,
                           Rules r = {}) {
  std::vector<std::vector<Set>> a;
  for (const auto& v : x) {
    a.emplace_back();
    for (float c : v) a.back().push_back(pt(c));
  }
  return eval_geometric(fn, b, 32, a, w, r);
}

TEST(FuzzCommon, DegreesIsTheTwoUlpWindowOfTheRealProduct) {
  // degrees(1) = 180 / pi = 57.29...: in [32, 64), ulp 2^-18.
  mpfr_t v, lo, hi;
  mpfr_inits2(256, v, lo, hi, nullptr);
  mpfr_const_pi(v, MPFR_RNDN);
  mpfr_ui_div(v, 180, v, MPFR_RNDN);
  mpfr_sub_d(lo, v, 2 * std::ldexp(1.0, -18), MPFR_RNDN);
  mpfr_add_d(hi, v, 2 * std::ldexp(1.0, -18), MPFR_RNDN);
  const float lo_f = mpfr_get_flt(lo, MPFR_RNDU), hi_f = mpfr_get_flt(hi, MPFR_RNDD);
  mpfr_clears(v, lo, hi, nullptr);
  const Set s = common("degrees", ulps(2), {1.0f});
  ASSERT_TRUE(s.known());
  EXPECT_TRUE(holds(s, lo_f) && holds(s, hi_f));
  EXPECT_FALSE(holds(s, down(lo_f)));
  EXPECT_FALSE(holds(s, up(hi_f)));
  // An infinity is exact: radians(inf) = inf and nothing else.
  const Set inf = common("radians", ulps(2), {INFINITY});
  EXPECT_TRUE(holds(inf, INFINITY));
  EXPECT_FALSE(holds(inf, 3.4028235e38f));
}

TEST(FuzzCommon, MixIsWithinItsAbsoluteToleranceWhereDefined) {
  // mix(0, 1, 0.5) = 0.5 exactly; 1e-3 absolute: [0.499, 0.501].
  const Set s = common("mix", absolute("1e-3"), {0.0f, 1.0f, 0.5f});
  ASSERT_TRUE(s.known());
  mpfr_t lo, hi;
  mpfr_inits2(256, lo, hi, nullptr);
  mpfr_set_str(lo, "0.499", 10, MPFR_RNDN);
  mpfr_set_str(hi, "0.501", 10, MPFR_RNDN);
  const float lo_f = mpfr_get_flt(lo, MPFR_RNDU), hi_f = mpfr_get_flt(hi, MPFR_RNDD);
  mpfr_clears(lo, hi, nullptr);
  EXPECT_TRUE(holds(s, lo_f) && holds(s, hi_f));
  EXPECT_FALSE(holds(s, down(lo_f)) || holds(s, up(hi_f)));
  // a outside [0, 1]: undefined (6.15.4).
  EXPECT_TRUE(common("mix", absolute("1e-3"), {0.0f, 1.0f, 1.0f}).known());
  EXPECT_EQ(common("mix", absolute("1e-3"), {0.0f, 1.0f, up(1.0f)}).unknown, Unknown::Undefined);
  // Results so large that half an ulp exceeds 1e-3: out of reach, not judged.
  EXPECT_EQ(common("mix", absolute("1e-3"), {1e6f, 3e6f, 0.3f}).unknown, Unknown::Excluded);
}

TEST(FuzzCommon, SmoothstepNeedsOrderedFiniteEdges) {
  EXPECT_TRUE(common("smoothstep", absolute("1e-5"), {0.0f, 1.0f, 0.5f}).known());
  EXPECT_TRUE(holds(common("smoothstep", absolute("1e-5"), {0.0f, 1.0f, 0.5f}), 0.5f));
  EXPECT_EQ(common("smoothstep", absolute("1e-5"), {1.0f, 1.0f, 0.5f}).unknown, Unknown::Undefined);
  EXPECT_EQ(common("smoothstep", absolute("1e-5"), {-3e38f, 3e38f, 0.5f}).unknown, Unknown::Excluded);
}

TEST(FuzzCommon, ExactFunctionsAndTheirUndefinedOperands) {
  EXPECT_TRUE(common("clamp", exact(), {2.0f, 1.0f, 3.0f}).is_point());
  EXPECT_TRUE(holds(common("clamp", exact(), {2.0f, 1.0f, 3.0f}), 2.0f));
  EXPECT_EQ(common("clamp", exact(), {2.0f, 3.0f, 1.0f}).unknown, Unknown::Undefined);  // minval > maxval
  EXPECT_TRUE(holds(common("max", exact(), {1.0f, 2.0f}), 2.0f));
  EXPECT_FALSE(holds(common("max", exact(), {1.0f, 2.0f}), 1.0f));
  EXPECT_EQ(common("max", exact(), {INFINITY, 2.0f}).unknown, Unknown::Undefined);
  // 0 ulp is numeric: min(-0, 1) may be either zero.
  EXPECT_TRUE(holds(common("min", exact(), {-0.0f, 1.0f}), 0.0f));
  // step: x < edge is false for a NaN, so 1.0.
  EXPECT_TRUE(holds(common("step", exact(), {NAN, 1.0f}), 1.0f));
  EXPECT_FALSE(holds(common("step", exact(), {NAN, 1.0f}), 0.0f));
  // sign keeps a zero's sign and gives +0 for a NaN (6.15.4).
  EXPECT_TRUE(holds(common("sign", exact(), {-0.0f}), -0.0f));
  EXPECT_FALSE(holds(common("sign", exact(), {-0.0f}), 0.0f));
  EXPECT_TRUE(holds(common("sign", exact(), {NAN}), 0.0f));
  EXPECT_FALSE(holds(common("sign", exact(), {NAN}), -0.0f));
}

TEST(FuzzGeometric, DotIsWithinMaxSquaredTimesItsFactor) {
  // dot((1, 2), (3, 4)) = 11; tolerance 4 * 4 * 3 * 2^-23 = 48 * 2^-23,
  // 24 ulps of 11 (ulp 2^-20).
  const Set s = geometric("dot", max_sq(3), {{1, 2}, {3, 4}}, 1)[0];
  ASSERT_TRUE(s.known());
  const float hi = 11.0f + 6 * std::ldexp(1.0f, -20), lo = 11.0f - 6 * std::ldexp(1.0f, -20);
  EXPECT_TRUE(holds(s, hi) && holds(s, lo));
  EXPECT_FALSE(holds(s, up(hi)) || holds(s, down(lo)));
  // max * max beyond the format: the tolerance cannot be met, not judged.
  EXPECT_EQ(geometric("dot", max_sq(3), {{2e19f, 1}, {1, 1}}, 1)[0].unknown, Unknown::Excluded);
  EXPECT_TRUE(geometric("dot", max_sq(3), {{1e19f, 1}, {1, 1}}, 1)[0].known());
}

TEST(FuzzGeometric, CrossOfFourComponentsHasAZeroW) {
  const auto s = geometric("cross", max_sq(3), {{1, 0, 0, 5}, {0, 1, 0, 7}}, 4);
  EXPECT_TRUE(holds(s[2], 1.0f));
  EXPECT_TRUE(holds(s[3], 0.0f) && holds(s[3], -0.0f));
  EXPECT_FALSE(holds(s[3], std::ldexp(1.0f, -149)));
}

TEST(FuzzGeometric, LengthIsItsUlpWindowAndSkipsANanBesideAnInfinity) {
  const Set s = geometric("length", ulps(3), {{3, 4}}, 1)[0];
  // 5 in [4, 8): ulp 2^-21.
  EXPECT_TRUE(holds(s, 5.0f + 3 * std::ldexp(1.0f, -21)));
  EXPECT_FALSE(holds(s, 5.0f + 4 * std::ldexp(1.0f, -21)));
  EXPECT_EQ(geometric("length", ulps(3), {{NAN, INFINITY}}, 1)[0].unknown, Unknown::Excluded);
  EXPECT_TRUE(holds(geometric("length", ulps(3), {{1.0f, INFINITY}}, 1)[0], INFINITY));
}

TEST(FuzzGeometric, NormalizeEdgeCases) {
  // All zeros: v itself, signs included (7.5.1).
  const auto z = geometric("normalize", ulps(4), {{-0.0f, 0.0f}}, 2);
  EXPECT_TRUE(holds(z[0], -0.0f));
  EXPECT_FALSE(holds(z[0], 0.0f));
  // An infinity: as if (1, 0) (7.5.1).
  const auto i = geometric("normalize", ulps(4), {{INFINITY, 2.0f}}, 2);
  EXPECT_TRUE(holds(i[0], 1.0f) && holds(i[1], 0.0f));
  EXPECT_FALSE(holds(i[0], NAN));
  // A NaN: NaNs.
  EXPECT_TRUE(holds(geometric("normalize", ulps(4), {{NAN, 2.0f}}, 2)[1], NAN));
  // fast_normalize below FLT_MIN may return p (6.15.5); above, it may not.
  const float tiny = std::ldexp(1.0f, -70);
  EXPECT_TRUE(holds(geometric("fast_normalize", ulps(8194), {{tiny, 0.0f}}, 2)[0], tiny));
  EXPECT_FALSE(holds(geometric("fast_normalize", ulps(8194), {{0.5f, 0.0f}}, 2)[0], 0.5f));
}

TEST(FuzzGeometric, SquaresBelowMinMayDropOnlyUnderTheRelaxedRuleOrFlushing) {
  // normalize((2^-62, 2^-64)): y^2 = 2^-128 is below FLT_MIN, x^2 = 2^-124 is not.
  // Plain: y / |p| = 0.25 / sqrt(1.0625) = 0.2425...; y^2 dropped: 0.25.
  const std::vector<std::vector<float>> p = {{std::ldexp(1.0f, -62), std::ldexp(1.0f, -64)}};
  Bound b = ulps(4);
  EXPECT_FALSE(holds(geometric("normalize", b, p, 2)[1], 0.25f));
  b.squares_may_underflow = true;
  Rules relaxed;
  relaxed.relaxed = true;
  EXPECT_TRUE(holds(geometric("normalize", b, p, 2, relaxed)[1], 0.25f));
  EXPECT_FALSE(holds(geometric("normalize", b, p, 2)[1], 0.25f));  // the rule needs the relaxed build
  // Flushing: the component whose square is below MIN may be read as zero,
  // giving (1, 0); not without flushing.
  Rules flush;
  flush.flush_float = true;
  EXPECT_TRUE(holds(geometric("normalize", ulps(4), p, 2, flush)[1], 0.0f));
  EXPECT_FALSE(holds(geometric("normalize", ulps(4), p, 2)[1], 0.0f));
}

}  // namespace
