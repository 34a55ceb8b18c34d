// The double-double erf and erfc (reference/math/dd_erf.hpp), the double
// judge's fast tier for them: each value hi + lo, normalised (hi is its sum
// rounded to double), stays within its function's bound of the real value,
// which MPFR computes here directly at 320 bits, and the tier refuses
// exactly the arguments dd_erf.hpp names. Inputs per function: 2^17
// doubles of every exponent field and both signs (stratified, as the
// suite's full mode draws them), uniform ones over [-30, 30] and denser
// over [-6, 6], log-uniform magnitudes from 2^-60 to 8, the neighbours of
// every branch edge (2^-960, 2^-28, 15/128, 8.625, 25.6) and of the grid
// points k/64 and the edges (2k + 1)/128 of their intervals. MPFR's erfc
// takes about a millisecond at 320 bits from x = 8 up, so erfc gets fewer
// inputs there: every other interval edge, and 2^12 uniform ones.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/dd_erf.hpp"

namespace {

namespace math = clconform::ref::math;
using tier_arguments::add_around;

using Tier = bool (*)(double, double*, double*);
using Refuses = bool (*)(double);
using Real = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// What dd_erf.hpp says each refuses (on a CPU with FMA).
bool erf_refuses(double x) { return !std::isfinite(x) || (x != 0 && std::fabs(x) < 0x1p-960); }
bool erfc_refuses(double x) { return !std::isfinite(x) || x > 25.6; }

// The inputs both functions share: stratified, 2^U uniform in [-30, 30],
// 2^16 in [-6, 6], 2^14 log-uniform in magnitude from 2^-60 to 8 (both
// signs), and the branch edges' neighbours.
std::vector<double> inputs(uint64_t seed, int u) {
  std::vector<double> v = tier_arguments::stratified(seed, uint64_t{1} << 17, true);
  std::mt19937_64 rng(seed + 1);
  std::uniform_real_distribution<double> wide(-30, 30), dense(-6, 6), exponent(-60, 3);
  for (int i = 0; i < (1 << u); ++i) v.push_back(wide(rng));
  for (int i = 0; i < (1 << 16); ++i) v.push_back(dense(rng));
  for (int i = 0; i < (1 << 14); ++i) v.push_back((i % 2 ? -1 : 1) * std::exp2(exponent(rng)));
  for (double x : {0x1p-960, 0x1p-28, 15.0 / 128, 8.625, 25.6, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp+1023})
    add_around(v, x, 8, true);
  return v;
}

// Every value TIER gives within BOUND of MPFR's, normalised, refused just
// where REFUSES says.
void check(const char* name, const std::vector<double>& xs, Tier tier, Refuses refuses, Real real, double bound,
           uint64_t min_checked) {
  const auto normalised = [tier, refuses, name](double x, double* hi, double* lo) {
    const bool vouched = tier(x, hi, lo);
    EXPECT_EQ(vouched, !refuses(x)) << name << std::hexfloat << " at " << x;
    if (!vouched) return false;
    if (*hi + *lo != *hi) ADD_FAILURE() << name << std::hexfloat << " at " << x << ": not normalised " << *hi << " + " << *lo;
    return true;
  };
  dd_check::check_one_argument(name, xs, normalised, real, bound, min_checked);
}

TEST(MathDdErf, ErfWithinItsBoundOfMpfr) {
  std::vector<double> xs = inputs(0xe4f, 15);
  for (int k = 8; k <= 552; ++k) {
    add_around(xs, k / 64.0, 2, true);
    add_around(xs, (2 * k - 1) / 128.0, 2, true);
  }
  add_around(xs, 1105 / 128.0, 2, true);
  check("erf", xs, math::dd_erf, erf_refuses, mpfr_erf, math::kDdErfRelError, 250000);
  double hi, lo;
  EXPECT_FALSE(math::dd_erf(NAN, &hi, &lo));
  EXPECT_FALSE(math::dd_erf(INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_erf(-INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_erf(0x1.fffffffffffffp-961, &hi, &lo));
  EXPECT_FALSE(math::dd_erf(-0x1p-1074, &hi, &lo));
  ASSERT_TRUE(math::dd_erf(-0.0, &hi, &lo));
  EXPECT_TRUE(hi == 0 && lo == 0);
  ASSERT_TRUE(math::dd_erf(0x1p-960, &hi, &lo));
  ASSERT_TRUE(math::dd_erf(8.625, &hi, &lo));
  EXPECT_TRUE(hi == 1 && lo == 0);
  ASSERT_TRUE(math::dd_erf(-1e300, &hi, &lo));
  EXPECT_TRUE(hi == -1 && lo == 0);
}

TEST(MathDdErf, ErfcWithinItsBoundOfMpfr) {
  std::vector<double> xs = inputs(0xe4fc, 12);
  // Below 6 every grid point and interval edge, both signs; above, where
  // MPFR is slow, every other interval edge.
  for (int k = 8; k <= 384; ++k) {
    add_around(xs, k / 64.0, 2, true);
    add_around(xs, (2 * k - 1) / 128.0, 2, true);
  }
  for (int k = 385; k <= 1639; k += 2) add_around(xs, (2 * k - 1) / 128.0, 1);
  std::mt19937_64 rng(0xe4fd);
  std::uniform_real_distribution<double> large(6, 25.6);
  for (int i = 0; i < (1 << 12); ++i) xs.push_back(large(rng));
  check("erfc", xs, math::dd_erfc, erfc_refuses, mpfr_erfc, math::kDdErfcRelError, 190000);
  double hi, lo;
  EXPECT_FALSE(math::dd_erfc(NAN, &hi, &lo));
  EXPECT_FALSE(math::dd_erfc(INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_erfc(-INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_erfc(0x1.999999999999bp+4, &hi, &lo));  // the double after 25.6
  EXPECT_FALSE(math::dd_erfc(27.0, &hi, &lo));
  ASSERT_TRUE(math::dd_erfc(25.6, &hi, &lo));
  EXPECT_GT(hi, 0x1p-960);
  ASSERT_TRUE(math::dd_erfc(0.0, &hi, &lo));
  EXPECT_TRUE(hi == 1 && lo == 0);
  ASSERT_TRUE(math::dd_erfc(-1e300, &hi, &lo));
  EXPECT_TRUE(hi == 2 && lo == 0);
  ASSERT_TRUE(math::dd_erfc(0x1p-1074, &hi, &lo));
  EXPECT_EQ(hi, 1.0);
}

}  // namespace
