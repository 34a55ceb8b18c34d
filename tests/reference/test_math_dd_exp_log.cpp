// The double-double exp, exp2, exp10, log, log2, log10, pow and rootn
// (reference/math/dd_exp_log.hpp), the double judge's fast tier for them:
// each value hi + lo stays within kDdExpLogRelError (exp2 and exp10:
// kDdExpBaseRelError; log2 and log10: kDdLogBaseRelError; pow and rootn:
// kDdPowRelError) * |hi + lo| of the real value,
// which MPFR computes here directly at 320 bits. Inputs: 2^20 doubles of
// every exponent field and both signs (stratified, as the suite's full
// mode draws them; log takes their magnitudes, so subnormals too), 2^19
// uniform in exp's range [-650, 709], the doubles next to every seventh
// multiple of ln2/64 there (exp's reduction), next to 1 and to every
// boundary of log's table (multiples of 2^-8 in [1/sqrt(2), sqrt(2)]
// scaled by powers of two), the ends of both ranges; for pow, 2^20 tuples
// drawn as the full mode draws them and the cases listed at pow_inputs();
// for rootn, 2^19 pairs and those of rootn_inputs(). About 3.2 million
// values checked, on two threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "tier_arguments.hpp"
#include "reference/math/dd_exp_log.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

constexpr mpfr_prec_t kPrec = 320;

using tier_arguments::add_around;

std::vector<double> exp_inputs() {
  std::vector<double> v = tier_arguments::stratified(0xe4b, uint64_t{1} << 20, true);
  std::mt19937_64 rng(0xe4b5);
  std::uniform_real_distribution<double> in_range(-650, 709);
  for (int i = 0; i < (1 << 19); ++i) v.push_back(in_range(rng));
  Num ln2(300), t(300);
  mpfr_const_log2(ln2.v, MPFR_RNDN);
  for (long k = -650 * 64; k <= 709 * 64; k += 7) {  // every seventh multiple of ln2/64
    mpfr_mul_si(t.v, ln2.v, k, MPFR_RNDN);
    mpfr_div_ui(t.v, t.v, 64, MPFR_RNDN);
    const double x = mpfr_get_d(t.v, MPFR_RNDN);
    if (x >= -650) add_around(v, x, 2);
  }
  for (double x : {-650.0, 709.0, 0x1p-60, -0x1p-60, 0x1p-59, 1.0, -1.0, 0x1.62e42fefa39efp-7, 0x1.62e42fefa39efp-8})
    add_around(v, x, 3);
  return v;
}

std::vector<double> log_inputs() { return tier_arguments::log(0x109); }

// Checks VALUE (the tier) against REAL (MPFR) on every input of XS.
void check(const char* name, const std::vector<double>& xs, const std::function<bool(double, double*, double*)>& value,
           int (*real)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), uint64_t min_checked,
           double bound = math::kDdExpLogRelError) {
  dd_check::check_one_argument(name, xs, value, real, bound, min_checked);
}

// pow's tuples: 2^20 drawn as the suite's full mode draws them (x's
// exponent field stratified, its sign made positive; y's exponent near x's
// half the time), then x near 1 with large y, y log x near the ends of
// exp's range, integer and half-integer y, powers of two.
std::vector<std::pair<double, double>> pow_inputs() {
  std::vector<std::pair<double, double>> v;
  std::mt19937_64 rng(0x90e);
  for (uint64_t lane = 0; lane < (uint64_t{1} << 20); ++lane) {
    const uint64_t ex = (lane >> 1) % 2047, r = rng();
    const uint64_t ey = (r & 2) ? uint64_t(std::clamp(int(ex) + int((r >> 8) % 53) - 26, 0, 2046)) : (r >> 16) % 2047;
    v.push_back({oracle::double_of(ex << 52 | (rng() & 0xFFFFFFFFFFFFFull)),
                 oracle::double_of((r & 1) << 63 | ey << 52 | (rng() & 0xFFFFFFFFFFFFFull))});
  }
  for (int j = 1; j <= 52; ++j)
    for (double y : {1e3, 1e10, 1e15, -1e15, 0x1p52, 3e17}) {
      v.push_back({1 + std::ldexp(1.0, -j), y});
      v.push_back({1 - std::ldexp(1.0, -j - 1), y});
    }
  std::uniform_real_distribution<double> unit(0.5, 2.0);
  for (int i = 0; i < 20000; ++i) {
    const double x = unit(rng) * std::ldexp(1.0, int(rng() % 2000) - 1000);
    const double target = (i % 2) ? 709.0 - double(rng() % 1000) * 1e-6 : -650.0 + double(rng() % 1000) * 1e-6;
    v.push_back({x, target / std::log(x)});
  }
  for (int k = -1074; k <= 1023; k += 7)
    for (double y : {0.5, 2.0, 3.0, -1.0, 1.0 / 3})
      v.push_back({std::ldexp(1.0, k), y});
  for (double x : {2.0, 3.0, 10.0, 0.1, 1.5})
    for (int n = -40; n <= 40; ++n) v.push_back({x, n + (n % 3 == 0 ? 0.5 : 0.0)});
  return v;
}

// Checks the two-argument tier VALUE against REAL (MPFR) within
// kDdPowRelError on every pair of PAIRS (its second member a double or an
// int), on two threads; at least MIN_CHECKED values must be in the tier's
// range.
template <typename Second>
void check_pairs(const char* name, const std::vector<std::pair<double, Second>>& pairs,
                 bool (*value)(double, Second, double*, double*),
                 const std::function<void(mpfr_ptr, mpfr_srcptr, Second)>& real, uint64_t min_checked) {
  dd_check::Tally tally;
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    Num x(53), want(kPrec), got(kPrec), err(kPrec);
    double worst = 0;
    uint64_t n = 0, no = 0, bad = 0;
    for (size_t i = begin; i < pairs.size(); i += step) {
      double hi, lo;
      if (!value(pairs[i].first, pairs[i].second, &hi, &lo)) {
        ++no;
        continue;
      }
      ++n;
      mpfr_set_d(x.v, pairs[i].first, MPFR_RNDN);
      real(want.v, x.v, pairs[i].second);
      // Never zero in exp's range: a zero value would fail.
      const double rel = dd_check::relative_error(hi, lo, want.v, got, err);
      if (!(rel <= math::kDdPowRelError) && ++bad <= 5)
        ADD_FAILURE() << std::hexfloat << name << "(" << pairs[i].first << ", " << pairs[i].second
                      << "): relative error " << rel;
      if (rel > worst) worst = rel;
    }
    tally.add(n, no, bad, worst);
  });
  std::printf("  %s: %llu values checked, %llu outside the tier's range, worst relative error 2^%.2f (bound 2^%.0f)\n",
              name, (unsigned long long)tally.checked(), (unsigned long long)tally.refused(), std::log2(tally.worst()),
              std::log2(math::kDdPowRelError));
  EXPECT_EQ(tally.over(), 0u);
  EXPECT_GT(tally.checked(), min_checked);
}

TEST(MathDdExpLog, PowWithinItsBoundOfMpfr) {
  check_pairs<double>("pow", pow_inputs(), math::dd_pow,
                      [](mpfr_ptr r, mpfr_srcptr x, double y) {
                        Num yy(53);
                        mpfr_set_d(yy.v, y, MPFR_RNDN);
                        mpfr_pow(r, x, yy.v, MPFR_RNDN);
                      },
                      300000);
  double hi, lo;
  EXPECT_FALSE(math::dd_pow(-2.0, 2.0, &hi, &lo));
  EXPECT_FALSE(math::dd_pow(2.0, 1e300, &hi, &lo));
  ASSERT_TRUE(math::dd_pow(1.0, 1e300, &hi, &lo));
  EXPECT_EQ(hi, 1.0);
}

// rootn's pairs: x drawn as the full mode draws it (every exponent field,
// made positive), n as the math suite draws an int (in [-64, 64] three
// times in four, else any int), then the ends of exp's range (x^(1/n)
// near 2^1024 and 2^-938 for n = +-1), and exact roots (8^(1/3), 2^(k/n)).
std::vector<std::pair<double, int>> rootn_inputs() {
  std::vector<std::pair<double, int>> v;
  std::mt19937_64 rng(0x4007);
  for (uint64_t lane = 0; lane < (uint64_t{1} << 19); ++lane) {
    const uint64_t ex = (lane >> 1) % 2047, r = rng();
    const int n = (r & 3) == 0 ? int(int32_t(r >> 32)) : int((r >> 8) % 129) - 64;
    v.push_back({oracle::double_of(ex << 52 | (rng() & 0xFFFFFFFFFFFFFull)), n});
  }
  for (double x : {0x1.fffffffffffffp1023, 0x1p-1074, 0x1p-1022, 0x1p-938, 0x1p1000, 8.0, 27.0, 1.0, 0.5})
    for (int n : {1, -1, 2, -2, 3, -3, 7, 64, -64, 1000, 2147483647, -2147483647 - 1}) v.push_back({x, n});
  for (int k = -1074; k <= 1023; k += 11)
    for (int n : {2, 3, 5, -7}) v.push_back({std::ldexp(1.0, k), n});
  return v;
}

TEST(MathDdExpLog, RootnWithinThePowBoundOfMpfr) {
  check_pairs<int>("rootn", rootn_inputs(), math::dd_rootn,
                   [](mpfr_ptr r, mpfr_srcptr x, int n) { mpfr_rootn_si(r, x, n, MPFR_RNDN); }, 400000);
  double hi, lo;
  EXPECT_FALSE(math::dd_rootn(-8.0, 3, &hi, &lo));  // the judge takes the sign from n's parity
  EXPECT_FALSE(math::dd_rootn(8.0, 0, &hi, &lo));
  EXPECT_FALSE(math::dd_rootn(0x1p-1074, -1, &hi, &lo));  // 2^1074: beyond exp's range
  ASSERT_TRUE(math::dd_rootn(8.0, 3, &hi, &lo));
  EXPECT_EQ(hi, 2.0);
}

TEST(MathDdExpLog, ExpWithinItsBoundOfMpfr) {
  const std::vector<double> xs = exp_inputs();
  check("exp", xs, math::dd_exp, mpfr_exp, 1000000);
  double hi, lo;
  EXPECT_FALSE(math::dd_exp(-650.5, &hi, &lo));
  EXPECT_FALSE(math::dd_exp(709.5, &hi, &lo));
  EXPECT_FALSE(math::dd_exp(NAN, &hi, &lo));
}

TEST(MathDdExpLog, LogWithinItsBoundOfMpfr) {
  const std::vector<double> xs = log_inputs();
  check("log", xs, math::dd_log, mpfr_log, 1000000);
  double hi, lo;
  ASSERT_TRUE(math::dd_log(1.0, &hi, &lo));
  EXPECT_EQ(hi, 0.0);
  EXPECT_EQ(lo, 0.0);
  EXPECT_FALSE(math::dd_log(0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_log(-1.0, &hi, &lo));
  EXPECT_FALSE(math::dd_log(INFINITY, &hi, &lo));
}

// exp2 and exp10 from exp_of, on every fourth of exp's inputs scaled into
// each one's range, the integers (exact results) and their neighbours.
TEST(MathDdExpLog, Exp2AndExp10WithinTheirBoundOfMpfr) {
  const std::vector<double> all = exp_inputs();
  std::vector<double> x2, x10;
  for (size_t i = 0; i < all.size(); i += 4) {
    x2.push_back(all[i] * 1.4426950408889634);
    x10.push_back(all[i] * 0.43429448190325176);
  }
  for (int k = -937; k <= 1023; ++k) add_around(x2, k, 2);
  for (int k = -282; k <= 308; ++k) add_around(x10, k, 2);
  check("exp2", x2, math::dd_exp2, mpfr_exp2, 250000, math::kDdExpBaseRelError);
  check("exp10", x10, math::dd_exp10, mpfr_exp10, 250000, math::kDdExpBaseRelError);
  double hi, lo;
  ASSERT_TRUE(math::dd_exp2(10.0, &hi, &lo));
  EXPECT_EQ(hi + lo, 1024.0);
  EXPECT_FALSE(math::dd_exp2(1024.0, &hi, &lo));
  EXPECT_FALSE(math::dd_exp10(-283.0, &hi, &lo));
  EXPECT_FALSE(math::dd_exp10(NAN, &hi, &lo));
}

// log2 and log10 from dd_log, on every fourth of log's inputs (dd_log
// itself is checked on all of them) and the powers of 2 and 10 and their
// neighbours (integer results).
TEST(MathDdExpLog, Log2AndLog10WithinTheirBoundOfMpfr) {
  const std::vector<double> all = log_inputs();
  std::vector<double> xs;
  for (size_t i = 0; i < all.size(); i += 4) xs.push_back(all[i]);
  for (int k = -1074; k <= 1023; ++k) add_around(xs, std::ldexp(1.0, k), 1);
  for (int k = -323; k <= 308; ++k) add_around(xs, std::pow(10.0, k), 1);
  check("log2", xs, math::dd_log2, mpfr_log2, 250000, math::kDdLogBaseRelError);
  check("log10", xs, math::dd_log10, mpfr_log10, 250000, math::kDdLogBaseRelError);
  double hi, lo;
  ASSERT_TRUE(math::dd_log2(1.0, &hi, &lo));
  EXPECT_EQ(hi, 0.0);
  EXPECT_FALSE(math::dd_log10(0.0, &hi, &lo));
  EXPECT_FALSE(math::dd_log2(-1.0, &hi, &lo));
  EXPECT_FALSE(math::dd_log10(INFINITY, &hi, &lo));
}

// The block form of log gives dd_log's values bit for bit, and the same
// refusals, for blocks of every length up to 64 over log's inputs above
// (and their negatives) with zeros, infinities and NaNs mixed in.
// MANY (a block form) against ONE (the one-value form) on XS, in blocks of
// 1 to 64 values: the same verdicts and bits. Returns the values compared
// and refused.
template <class Many, class One>
void expect_block_form_equals(const std::vector<double>& xs, Many many, One one, uint64_t* compared,
                              uint64_t* refused) {
  size_t len = 1;
  for (size_t b = 0; b < xs.size(); b += len, len = len % 64 + 1) {
    const size_t n = std::min(len, xs.size() - b);
    double hi[64], lo[64];
    bool vouched[64];
    many(&xs[b], n, hi, lo, vouched);
    for (size_t i = 0; i < n; ++i) {
      double h = 0, l = 0;
      const bool ok = one(xs[b + i], &h, &l);
      ASSERT_EQ(vouched[i], ok) << std::hexfloat << xs[b + i];
      if (!ok) {
        ++*refused;
        continue;
      }
      ASSERT_EQ(oracle::bits_of(hi[i]), oracle::bits_of(h)) << std::hexfloat << xs[b + i];
      ASSERT_EQ(oracle::bits_of(lo[i]), oracle::bits_of(l)) << std::hexfloat << xs[b + i];
      ++*compared;
    }
  }
}

TEST(MathDdExpLog, LogBlockFormEqualsOnePointAtATime) {
  std::vector<double> xs = log_inputs();
  // With the doubles at and beside sqrt(2), where the reduction halves t,
  // in a normal and a subnormal binade.
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -1.0, 1.0, 0x1p-1074, 0x1.fffffffffffffp+1023,
                             0x1.6a09e667f3bcdp+0, 0x1.6a09e667f3bccp+0, 0x1.6a09e667f3bcdp+700,
                             0x1.6a09e667f3bcdp-1060, 0x1.6a09e667f3bcep-3};
  constexpr size_t kSpecials = sizeof specials / sizeof specials[0];
  for (size_t i = 0; i < xs.size(); i += 5) xs[i] = (i / 5) % 2 ? -xs[i] : specials[(i / 10) % kSpecials];
  uint64_t compared = 0, refused = 0;
  expect_block_form_equals(xs, math::dd_log_many, math::dd_log, &compared, &refused);
  EXPECT_GT(compared, 850000u);
  EXPECT_GT(refused, 100000u);
}

TEST(MathDdExpLog, ExpBlockFormEqualsOnePointAtATime) {
  std::vector<double> xs = exp_inputs();
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-61, -0x1p-70, 709.0, -650.0, 709.8, -650.5};
  for (size_t i = 0; i < xs.size(); i += 7) xs[i] = specials[(i / 7) % 11];
  uint64_t compared = 0, refused = 0;
  expect_block_form_equals(xs, math::dd_exp_many, math::dd_exp, &compared, &refused);
  EXPECT_GT(compared, 500000u);
  EXPECT_GT(refused, 10000u);
}

}  // namespace
