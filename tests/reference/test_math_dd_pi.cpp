// The double-double sinpi, cospi and tanpi (reference/math/dd_pi.hpp), the
// double judge's fast tier for them: each value hi + lo stays within
// kDdSinCosPiRelError (tanpi: kDdTanPiRelError) * |hi + lo| of the real
// value, which MPFR computes here directly (mpfr_sinpi, mpfr_cospi,
// mpfr_tanpi at 320 bits), and each refusal is one the header lists.
// Inputs: 2^20 stratified doubles of both signs; the neighbours (4 ulps
// each side) of the integers, half-integers and quarter-integers around
// every power of two up to 2^53 and of the small ones up to 64; the
// largest non-integer doubles below 2^52; the branch edges (2^-62, 2^-960)
// and the least doubles. About 1.2 million values per function, on two
// threads.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/dd_pi.hpp"

namespace {

namespace math = clconform::ref::math;

using tier_arguments::add_around;

std::vector<double> inputs() {
  std::vector<double> v = tier_arguments::stratified(0x5191, uint64_t{1} << 20, true);
  // Integers, half- and quarter-integers near every power of two: 2^j + k/4
  // for k in [-8, 8], where such a value is a double.
  for (int j = 0; j <= 53; ++j)
    for (int k = -8; k <= 8; ++k) {
      const double x = std::ldexp(1.0, j) + k / 4.0;
      if (x - std::ldexp(1.0, j) == k / 4.0) add_around(v, x, 4, true);
    }
  for (int k = 0; k <= 256; ++k) add_around(v, k / 4.0, 4, true);  // every quarter up to 64
  // The largest non-integers: below 2^52 the doubles are the half-integers.
  for (double k = 0.5; k < 64; k += 1) add_around(v, 0x1p52 - k, 2, true);
  for (double x : {0x1p-62, 0x1p-60, 0x1p-960, 0x1p-959, 0x1p-1022, 0x1p-1074, 0x1p-1000, 0x1.fffffffffffffp+1023,
                   0x1p52, 0x1p53, 1e22, 1.0 / 3, 0.1, 0.2, 0.3, 0.7})
    add_around(v, x, 4, true);
  return v;
}

bool is_integer(double x) { return std::floor(x) == x; }

// The refusals dd_pi.hpp allows: non-finite x, tanpi's poles, and for
// sinpi and tanpi 0 < |x| < 2^-960.
bool sinpi_may_refuse(double x) { return !std::isfinite(x) || (x != 0 && std::fabs(x) < 0x1p-960); }
bool cospi_may_refuse(double x) { return !std::isfinite(x); }
bool tanpi_may_refuse(double x) { return sinpi_may_refuse(x) || (!is_integer(x) && is_integer(2 * x)); }

using Tier = bool (*)(double, double*, double*);

// Checks TIER against REAL on the inputs, each refusal one MAY_REFUSE allows.
void check(const char* name, Tier tier, bool (*may_refuse)(double), int (*real)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t),
           double bound, uint64_t min_checked) {
  dd_check::check_tier(name, inputs(), tier, may_refuse, real, bound, min_checked);
}

TEST(MathDdPi, SinpiWithinItsBoundOfMpfr) {
  check("sinpi", math::dd_sinpi, sinpi_may_refuse, mpfr_sinpi, math::kDdSinCosPiRelError, 500000);
}

TEST(MathDdPi, CospiWithinItsBoundOfMpfr) {
  check("cospi", math::dd_cospi, cospi_may_refuse, mpfr_cospi, math::kDdSinCosPiRelError, 1000000);
}

TEST(MathDdPi, TanpiWithinItsBoundOfMpfr) {
  check("tanpi", math::dd_tanpi, tanpi_may_refuse, mpfr_tanpi, math::kDdTanPiRelError, 500000);
}

TEST(MathDdPi, RefusesPolesAndNonFiniteAndGivesExactZerosAndOnes) {
  double hi = 0, lo = 0;
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = HUGE_VAL;
  for (Tier f : {Tier(math::dd_sinpi), Tier(math::dd_cospi), Tier(math::dd_tanpi)})
    for (double x : {nan, inf, -inf}) EXPECT_FALSE(f(x, &hi, &lo)) << std::hexfloat << x;
  for (double x : {0x1p-961, 0x1p-1074, -0x1p-1000}) {
    EXPECT_FALSE(math::dd_sinpi(x, &hi, &lo)) << std::hexfloat << x;
    EXPECT_FALSE(math::dd_tanpi(x, &hi, &lo)) << std::hexfloat << x;
  }
  for (double x : {0.5, -0.5, 2.5, 0x1p52 - 0.5, -0x1p51 - 0.5}) EXPECT_FALSE(math::dd_tanpi(x, &hi, &lo)) << x;
  // The zeros and the values +-1 come back exact.
  const auto exactly = [&](Tier f, double x, double want) {
    ASSERT_TRUE(f(x, &hi, &lo)) << std::hexfloat << x;
    EXPECT_EQ(hi, want) << std::hexfloat << x;
    EXPECT_EQ(lo, 0.0) << std::hexfloat << x;
  };
  exactly(math::dd_sinpi, 0.5, 1);
  exactly(math::dd_sinpi, -2.5, -1);
  exactly(math::dd_sinpi, 1.5, -1);
  exactly(math::dd_cospi, 0.0, 1);
  exactly(math::dd_cospi, 0x1p-1074, 1);
  exactly(math::dd_cospi, -3.0, -1);
  exactly(math::dd_cospi, 0x1p60, 1);
  exactly(math::dd_cospi, 0x1p52 + 1, -1);
  exactly(math::dd_tanpi, 0.25, 1);
  exactly(math::dd_tanpi, -0.75, 1);
  exactly(math::dd_tanpi, 0.75, -1);
  exactly(math::dd_tanpi, -4.25, -1);
  for (double x : {0.0, -0.0, 1.0, -3.0, 0x1p52, 0x1p60}) {
    exactly(math::dd_sinpi, x, 0);
    exactly(math::dd_tanpi, x, 0);
  }
  for (double x : {0.5, -0.5, 2.5, 0x1p52 - 0.5, -0x1p51 - 0.5}) exactly(math::dd_cospi, x, 0);
}

}  // namespace
