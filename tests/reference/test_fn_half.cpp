// The common, geometric and relational references at half precision
// (cl_khr_fp16), which the suites' half cases judge against. No device here
// has cl_khr_fp16, so this host test is what checks the half path: exact
// functions on bits worked out by hand, real results against MPFR computed
// here, and the half table's bound kinds (7.4) at their edges.
#include <gtest/gtest.h>

#include <cmath>
#include <mpfr.h>

#include "reference/common_fns.hpp"
#include "reference/fn_bound.hpp"
#include "reference/format_convert.hpp"
#include "reference/geometric.hpp"
#include "reference/geometric_relaxed.hpp"
#include "reference/relational.hpp"

namespace {

using clconform::ref::Half;
using clconform::ref::Mpfr;
using clconform::ref::Rounding;
namespace fnb = clconform::ref::fn;
namespace rg = clconform::ref::geometric;
namespace rc = clconform::ref::common;
namespace rr = clconform::ref::relational;

// Half bit patterns used below (IEEE binary16).
constexpr uint16_t kOne = 0x3c00, kTwo = 0x4000, kThree = 0x4200, kFour = 0x4400, kFive = 0x4500, kMinusOne = 0xbc00;
constexpr uint16_t kHalf = 0x3800, kQuarter = 0x3400, kMinSub = 0x0001, kMinNormal = 0x0400, kMax = 0x7bff;
constexpr uint16_t kInf = 0x7c00, kNan = 0x7e00, kMinusZero = 0x8000;

TEST(FnHalf, ExactFunctionsOnBits) {
  EXPECT_EQ(rc::clamp<Half>(kFive, kOne, kTwo), kTwo);
  EXPECT_EQ(rc::clamp<Half>(kNan, kOne, kTwo), kOne);  // fmin(fmax(NaN, 1), 2)
  EXPECT_FALSE(rc::clamp_defined<Half>(kTwo, kOne));
  EXPECT_EQ(rc::max<Half>(kOne, kMinSub), kOne);
  EXPECT_EQ(rc::min<Half>(kOne, kMinSub), kMinSub);
  EXPECT_EQ(rc::max<Half>(kMinusOne, kMinusZero), kMinusZero);
  EXPECT_EQ(rc::step<Half>(kOne, kHalf), 0);
  EXPECT_EQ(rc::step<Half>(kHalf, kOne), kOne);
  EXPECT_EQ(rc::sign<Half>(kMinSub), kOne);                      // a subnormal is positive
  EXPECT_EQ(rc::sign<Half>(uint16_t(kMinSub | 0x8000)), kMinusOne);
  EXPECT_EQ(rc::sign<Half>(kMinusZero), kMinusZero);
  EXPECT_EQ(rc::sign<Half>(kNan), 0);
  EXPECT_EQ(rc::flush<Half>(kMinSub), 0);                        // half denormals flush to a zero of their sign
  EXPECT_EQ(rc::flush<Half>(uint16_t(0x83ff)), kMinusZero);
  EXPECT_EQ(rc::flush<Half>(kMinNormal), kMinNormal);
}

TEST(FnHalf, RealFunctionsAgainstMpfr) {
  mpfr_t pi, r;
  mpfr_inits2(400, pi, r, (mpfr_ptr)0);
  mpfr_const_pi(pi, MPFR_RNDN);
  mpfr_set_ui(r, 180, MPFR_RNDN);
  mpfr_div(r, r, pi, MPFR_RNDN);  // degrees(1)
  const Mpfr d = rc::degrees<Half>(kOne);
  EXPECT_NEAR(d.to_double(), mpfr_get_d(r, MPFR_RNDN), 1e-15);
  mpfr_div_ui(r, pi, 180, MPFR_RNDN);  // radians(1)
  EXPECT_NEAR(rc::radians<Half>(kOne).to_double(), mpfr_get_d(r, MPFR_RNDN), 1e-18);
  mpfr_clears(pi, r, (mpfr_ptr)0);
  EXPECT_TRUE(rc::mix<Half>(kOne, kThree, kQuarter) == Mpfr(1.5));         // 1 + (3 - 1) * 0.25
  EXPECT_TRUE(rc::smoothstep<Half>(0, kFour, kTwo) == Mpfr(0.5));           // t = 0.5: 0.25 * (3 - 1)
  // degrees(1) = 57.2957...: halves there are 2^-5 apart; the nearest is
  // 57.28125 (0x5329); 2 ulp away passes, 3 fails.
  EXPECT_EQ(d.round_to<Half>(), 0x5329);
  EXPECT_TRUE(fnb::judge_ulp<Half>(0x532b, d, 2).pass);
  EXPECT_FALSE(fnb::judge_ulp<Half>(0x532d, d, 2).pass);
}

TEST(FnHalf, GeometricAgainstMpfr) {
  const uint16_t p[3] = {kThree, kFour, 0}, q[3] = {kOne, kTwo, kFive};
  EXPECT_TRUE(rg::dot<Half>(p, q, 3) == Mpfr(11.0));
  EXPECT_TRUE(rg::length<Half>(p, 2) == Mpfr(5.0));
  EXPECT_TRUE(rg::cross<Half>(p, q, 0) == Mpfr(20.0));   // 4*5 - 0*2
  EXPECT_TRUE(rg::cross<Half>(p, q, 2) == Mpfr(2.0));    // 3*2 - 4*1
  // normalize(3, 4) = (0.6, 0.8); distance((3,4,0), (1,2,5)) = sqrt(33).
  mpfr_t x;
  mpfr_init2(x, 400);
  mpfr_set_ui(x, 33, MPFR_RNDN);
  mpfr_sqrt(x, x, MPFR_RNDN);
  EXPECT_NEAR(rg::distance<Half>(p, q, 3).to_double(), mpfr_get_d(x, MPFR_RNDN), 1e-15);
  mpfr_clear(x);
  EXPECT_NEAR(rg::normalize<Half>(p, 2, 0).to_double(), 0.6, 1e-16);
  // A length past half's range: 65504 * sqrt(2) is beyond 2^16, so +inf
  // passes (7.4: overflow within the bound); length(1, 1) = sqrt(2) does not.
  const uint16_t big[2] = {kMax, kMax}, ones[2] = {kOne, kOne};
  EXPECT_TRUE(fnb::judge_ulp<Half>(kInf, rg::length<Half>(big, 2), 0.25 + 0.5 * 2).pass);
  EXPECT_FALSE(fnb::judge_ulp<Half>(kInf, rg::length<Half>(ones, 2), 0.25 + 0.5 * 2).pass);
  // The half table's dot row, max * max * (2n - 1) * HALF_EPSILON: (3, 4) .
  // (1, 2) = 11, max 4, n = 2: 48 * 2^-10; halves near 11 are 2^-7 apart, so
  // 6 steps (48 * 2^-10) pass and 7 fail.
  const Mpfr tol = fnb::max_sq_tolerance(rg::max_abs<Half>({p, q}, 2), 3, -10);
  EXPECT_TRUE(tol == Mpfr(std::ldexp(48.0, -10)));
  const Mpfr eleven = rg::dot<Half>(p, q, 2);
  EXPECT_TRUE(fnb::judge_abs<Half>(uint16_t(0x4980 + 6), eleven, tol).pass);  // 0x4980 = 11
  EXPECT_FALSE(fnb::judge_abs<Half>(uint16_t(0x4980 + 7), eleven, tol).pass);
  EXPECT_TRUE(fnb::judge_abs<Half>(uint16_t(0x4980 - 6), eleven, tol).pass);
  EXPECT_FALSE(fnb::judge_abs<Half>(uint16_t(0x4980 - 7), eleven, tol).pass);
}

// The relaxed rule at half: 2^-7 squares to HALF_MIN (2^-14) and stays, the
// half below it squares below HALF_MIN and may be left out.
TEST(FnHalf, RelaxedSquaresAtHalf) {
  const uint16_t at[2] = {kOne, 0x2000}, below[2] = {kOne, 0x1fff};  // 0x2000 = 2^-7
  EXPECT_EQ(rg::small_squares<Half>(at, nullptr, 2), 0u);
  EXPECT_EQ(rg::small_squares<Half>(below, nullptr, 2), 2u);
  // With (1, 0x1fff) the length is 1 + 2^-15 - ...: 1.0 passes either way (0.03 ulp); 1 + 2 ulp (0x3c02) fails.
  EXPECT_TRUE(rg::judge_small_squares_dropped<Half>(kOne, below, nullptr, 2, -1, 1.25).verdict.pass);
  EXPECT_FALSE(rg::judge_small_squares_dropped<Half>(uint16_t(kOne + 2), below, nullptr, 2, -1, 1.25).verdict.pass);
}

TEST(FnHalf, RelationalPredicates) {
  EXPECT_TRUE(rr::predicate<Half>("isequal", 0, kMinusZero));
  EXPECT_FALSE(rr::predicate<Half>("isequal", kNan, kNan));
  EXPECT_TRUE(rr::predicate<Half>("isnotequal", kNan, kOne));
  EXPECT_TRUE(rr::predicate<Half>("isless", kMinSub, kMinNormal));
  EXPECT_TRUE(rr::predicate<Half>("isgreater", kInf, kMax));
  EXPECT_TRUE(rr::predicate<Half>("isunordered", kOne, kNan));
  EXPECT_FALSE(rr::predicate<Half>("isnormal", kMinSub, 0));   // half subnormal
  EXPECT_TRUE(rr::predicate<Half>("isnormal", kMinNormal, 0));
  EXPECT_TRUE(rr::predicate<Half>("isinf", kInf, 0));
  EXPECT_TRUE(rr::predicate<Half>("isfinite", kMax, 0));
  EXPECT_TRUE(rr::predicate<Half>("signbit", kMinusZero, 0));
  EXPECT_FALSE(rr::predicate<Half>("islessgreater", kOne, kOne));
}

}  // namespace
