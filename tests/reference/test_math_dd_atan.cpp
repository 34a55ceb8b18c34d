// The double-double atan, asin, acos, atan2 and their quotients by pi
// (reference/math/dd_atan.hpp), the double judge's fast tier for them:
// each value hi + lo, normalised (hi is its sum rounded to double), stays
// within its function's bound of the real value, which MPFR computes here
// directly at 320 bits (the pi forms: that value divided by pi at 320
// bits, within 2^-318 of the quotient), and every argument a function
// refuses is one dd_atan.hpp names. Inputs per one-argument pair of
// functions: 2^17 doubles of every exponent field and both signs
// (stratified, as the suite's full mode draws them), about 2^16 spread over
// the range where the formulas work (uniform and log-uniform), and the
// neighbours of every branch edge of dd_atan.cpp: the table points k/256
// and their midpoints (as the argument itself, its inverse for atan, and
// the x where asin's and acos's quotient reaches them), 1, 1/2,
// sqrt(1/2), 2^-500, 2^-960, subnormals, the largest double. For atan2,
// about 2^17 pairs: exponents near each other and far apart, all four
// quadrants, |y| near |x|, y/x near the table points, the scaling edges.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "dd_error_check.hpp"
#include "oracle.hpp"
#include "sample_scale.hpp"
#include "tier_arguments.hpp"
#include "reference/math/dd_atan.hpp"

namespace {

namespace math = clconform::ref::math;
using tier_arguments::add_around;

using Tier = bool (*)(double, double*, double*);
using Tier2 = bool (*)(double, double, double*, double*);
using Real = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// One function's record in a check: its counts and worst error.
struct Record {
  const char* name;
  double bound;
  dd_check::Tally tally;
};

void print(const Record& r) {
  std::printf("  %s: %llu values checked, %llu refused, worst relative error 2^%.2f (bound 2^%.0f)\n", r.name,
              (unsigned long long)r.tally.checked(), (unsigned long long)r.tally.refused(),
              std::log2(r.tally.worst()), std::log2(r.bound));
  EXPECT_EQ(r.tally.over(), 0u) << r.name;
}

// One thread's share of a record.
struct Share {
  uint64_t n = 0, no = 0, bad = 0;
  double worst = 0;
  void into(Record& r) const { r.tally.add(n, no, bad, worst); }
};

// Whether R's tier answered (OK) where EXPECT_REFUSAL says it must not,
// or refused where it must answer; counts the refusal.
template <class Describe>
bool answered(const Record& r, Share& s, bool ok, bool expect_refusal, Describe describe) {
  if (!ok) {
    ++s.no;
    if (!expect_refusal) ADD_FAILURE() << r.name << " refused " << describe();
    return false;
  }
  if (expect_refusal) ADD_FAILURE() << r.name << " answered " << describe();
  return true;
}

// HI + LO against WANT: normalised and within R's bound.
template <class Describe>
void judge(const Record& r, Share& s, double hi, double lo, mpfr_srcptr want, oracle::Num& got, oracle::Num& err,
           Describe describe) {
  ++s.n;
  if (hi + lo != hi) ADD_FAILURE() << r.name << " not normalised at " << describe();
  const double rel = dd_check::relative_error(hi, lo, want, got, err);
  if (!(rel <= r.bound) && ++s.bad <= 5) ADD_FAILURE() << r.name << " at " << describe() << ": relative error " << rel;
  if (rel > s.worst) s.worst = rel;
}

// One thread's part of a check of a function F and its pi form F_PI: its
// shares of both records and its MPFR numbers.
struct PairThread {
  Share& a;
  Share& b;
  oracle::Num want{320}, want_pi{320}, pi{320}, got{320}, err{320};
  explicit PairThread(Share (&shares)[2]) : a(shares[0]), b(shares[1]) { mpfr_const_pi(pi.v, MPFR_RNDN); }
  // WANT (F's real value, set by the caller) and its quotient by pi against
  // F's and F_PI's values where their tiers answered (OK, OK_PI).
  template <class Describe>
  void judge_both(const Record& f, bool ok, double hi, double lo, const Record& f_pi, bool ok_pi, double hi_pi,
                  double lo_pi, Describe describe) {
    mpfr_div(want_pi.v, want.v, pi.v, MPFR_RNDN);
    if (ok) judge(f, a, hi, lo, want.v, got, err, describe);
    if (ok_pi) judge(f_pi, b, hi_pi, lo_pi, want_pi.v, got, err, describe);
  }
};

// The two threads' shares into F and F_PI, each then printed and checked.
void merge_and_print(const Share (&shares)[2][2], Record& f, Record& f_pi) {
  for (int t = 0; t < 2; ++t) {
    shares[t][0].into(f);
    shares[t][1].into(f_pi);
  }
  print(f);
  print(f_pi);
}

// F and F_PI (F / pi) on XS against REAL at 320 bits (one MPFR call for
// both), each refusing exactly where REFUSES and REFUSES_PI say.
void check_pair(const std::vector<double>& xs, Record& f, Tier tier, const std::function<bool(double)>& refuses,
                Record& f_pi, Tier tier_pi, const std::function<bool(double)>& refuses_pi, Real real) {
  Share shares[2][2];
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    PairThread p(shares[begin]);
    oracle::Num x(53);
    const size_t stride = step * size_t(sample_scale::divisor());
    for (size_t i = begin; i < xs.size(); i += stride) {
      const double v = xs[i];
      const auto describe = [v] {
        char s[64];
        std::snprintf(s, sizeof s, "%a", v);
        return std::string(s);
      };
      double hi, lo, hi_pi, lo_pi;
      const bool ok = answered(f, p.a, tier(v, &hi, &lo), refuses(v), describe);
      const bool ok_pi = answered(f_pi, p.b, tier_pi(v, &hi_pi, &lo_pi), refuses_pi(v), describe);
      if (!ok && !ok_pi) continue;
      mpfr_set_d(x.v, v, MPFR_RNDN);
      real(p.want.v, x.v, MPFR_RNDN);
      p.judge_both(f, ok, hi, lo, f_pi, ok_pi, hi_pi, lo_pi, describe);
    }
  });
  merge_and_print(shares, f, f_pi);
}

// The neighbours (K ulps each side, both signs) of each of XS into V.
void around_all(std::vector<double>& v, const std::vector<double>& xs, int k) {
  for (double x : xs) add_around(v, x, k, true);
}

// The table points k/256 and the midpoints between them: m/512, m = 0 .. 512.
std::vector<double> table_edges() {
  std::vector<double> v;
  for (int m = 0; m <= 512; ++m) v.push_back(m / 512.0);
  return v;
}

// Arguments common to every one-argument function: 2^17 stratified
// doubles, 2^15 uniform in [-WIDTH, WIDTH], 2^15 log-uniform in
// magnitude between 2^-70 and WIDTH of random sign, and the neighbours
// of the edges every function shares.
std::vector<double> common_inputs(uint64_t seed, double width) {
  std::vector<double> v = tier_arguments::stratified(seed, uint64_t{1} << 17, true);
  std::mt19937_64 rng(seed + 1);
  std::uniform_real_distribution<double> uniform(-width, width), exponent(-70, std::log2(width));
  for (int i = 0; i < (1 << 15); ++i) {
    v.push_back(uniform(rng));
    v.push_back((i % 2 ? -1 : 1) * std::exp2(exponent(rng)));
  }
  around_all(v, {0x1p-500, 0x1p-960, 0x1p-1074, 0x1p-1022, 0.5, 1.0, 0x1.6a09e667f3bcdp-1, 0x1.fffffffffffffp+1023},
             8);
  for (double x : table_edges()) add_around(v, x, 4, true);
  v.push_back(0.0);
  v.push_back(-0.0);
  v.push_back(INFINITY);
  v.push_back(-INFINITY);
  v.push_back(NAN);
  return v;
}

TEST(MathDdAtan, AtanAndAtanpiWithinTheirBoundsOfMpfr) {
  std::vector<double> xs = common_inputs(0xa7a, 4.0);
  // The inverses of the table edges: atan(1/x) takes them for |x| > 1.
  for (int m = 1; m <= 512; ++m) add_around(xs, 512.0 / m, 4, true);
  around_all(xs, {0x1p500, 0x1p960, 0x1p1023, 0x1p-52, 1e300}, 4);
  Record f{"atan", math::kDdAtanRelError, {}}, f_pi{"atanpi", math::kDdAtanPiRelError, {}};
  check_pair(
      xs, f, math::dd_atan, [](double x) { return std::isnan(x); }, f_pi, math::dd_atanpi,
      [](double x) { return std::isnan(x) || (x != 0 && std::fabs(x) < 0x1p-960); }, mpfr_atan);
  EXPECT_GT(f.tally.checked(), 200000u / uint64_t(sample_scale::divisor()));
  double hi, lo;
  ASSERT_TRUE(math::dd_atan(0.0, &hi, &lo));
  EXPECT_TRUE(hi == 0 && lo == 0);
  ASSERT_TRUE(math::dd_atan(-INFINITY, &hi, &lo));
  EXPECT_EQ(hi, -0x1.921fb54442d18p+0);
  ASSERT_TRUE(math::dd_atanpi(-1.0, &hi, &lo));
  EXPECT_TRUE(hi == -0.25 && lo == 0);
  ASSERT_TRUE(math::dd_atanpi(INFINITY, &hi, &lo));
  EXPECT_TRUE(hi == 0.5 && lo == 0);
  EXPECT_FALSE(math::dd_atanpi(0x1p-961, &hi, &lo));
  EXPECT_FALSE(math::dd_atan(NAN, &hi, &lo));
}

// atanpi near +-1/2 (|x| >= 2^54, where it rounds there) and acospi near
// 1/2 (|x| <= 2^-55) have their low parts on the real value's side of it:
// atanpi's toward 0, acospi's below 1/2 for x > 0 and above for x < 0
// (the double judge's ulp at a power of two follows that side). Down to
// 2^-1020, where acospi's low part is still above the least subnormal.
TEST(MathDdAtan, PiFormsNearOneHalfLieOnTheRealSide) {
  long checked = 0;
  for (int e = 54; e <= 1023; ++e) {
    for (const double m : {1.0, 1.37, 1.9999999999999998}) {
      const double x = (e % 2 ? -1 : 1) * std::ldexp(m, e);
      double hi, lo;
      ASSERT_TRUE(math::dd_atanpi(x, &hi, &lo));
      ASSERT_EQ(std::fabs(hi), 0.5) << std::hexfloat << x;
      ASSERT_NE(lo, 0.0) << std::hexfloat << x;
      ASSERT_NE(std::signbit(lo), std::signbit(hi)) << std::hexfloat << x;
      ++checked;
    }
  }
  for (int e = -1020; e <= -55; ++e) {
    for (const double m : {1.0, 1.37, 1.9999999999999998}) {
      for (const double x : {std::ldexp(m, e), -std::ldexp(m, e)}) {
        double hi, lo;
        ASSERT_TRUE(math::dd_acospi(x, &hi, &lo));
        ASSERT_EQ(hi, 0.5) << std::hexfloat << x;
        ASSERT_EQ(lo < 0, x > 0) << std::hexfloat << x;
        ASSERT_NE(lo, 0.0) << std::hexfloat << x;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 8000);
}

// asin's and acos's: the common inputs, 2^15 more uniform in [-1, 1] and
// 2^15 of the form +-(1 - d) with d log-uniform in [2^-53, 1/2], the
// neighbours of 1 (64 ulps), and of the x where the quotient of |x| and
// sqrt(1 - x^2), either way up, meets a table edge: sin(atan m) and
// cos(atan m) for m = k/512.
std::vector<double> unit_inputs(uint64_t seed) {
  std::vector<double> v = common_inputs(seed, 1.0);
  std::mt19937_64 rng(seed + 2);
  std::uniform_real_distribution<double> uniform(-1, 1), exponent(-53, -1);
  for (int i = 0; i < (1 << 15); ++i) {
    v.push_back(uniform(rng));
    v.push_back((i % 2 ? -1 : 1) * (1 - std::exp2(exponent(rng))));
  }
  add_around(v, 1.0, 64, true);
  for (double m : table_edges()) {
    add_around(v, std::sin(std::atan(m)), 8, true);
    add_around(v, std::cos(std::atan(m)), 8, true);
  }
  return v;
}

TEST(MathDdAtan, AsinAndAsinpiWithinTheirBoundsOfMpfr) {
  const std::vector<double> xs = unit_inputs(0xa51);
  Record f{"asin", math::kDdAtanRelError, {}}, f_pi{"asinpi", math::kDdAtanPiRelError, {}};
  const auto outside = [](double x) { return std::isnan(x) || std::fabs(x) > 1; };
  check_pair(
      xs, f, math::dd_asin, outside, f_pi, math::dd_asinpi,
      [outside](double x) { return outside(x) || (x != 0 && std::fabs(x) < 0x1p-960); }, mpfr_asin);
  EXPECT_GT(f.tally.checked(), 150000u / uint64_t(sample_scale::divisor()));
  double hi, lo;
  ASSERT_TRUE(math::dd_asinpi(-1.0, &hi, &lo));
  EXPECT_TRUE(hi == -0.5 && lo == 0);
  ASSERT_TRUE(math::dd_asin(-0.0, &hi, &lo));
  EXPECT_TRUE(hi == 0 && lo == 0);
  EXPECT_FALSE(math::dd_asin(-INFINITY, &hi, &lo));
  EXPECT_FALSE(math::dd_asin(1 + 0x1p-52, &hi, &lo));
}

TEST(MathDdAtan, AcosAndAcospiWithinTheirBoundsOfMpfr) {
  const std::vector<double> xs = unit_inputs(0xac0);
  Record f{"acos", math::kDdAtanRelError, {}}, f_pi{"acospi", math::kDdAtanPiRelError, {}};
  const auto outside = [](double x) { return std::isnan(x) || std::fabs(x) > 1; };
  check_pair(xs, f, math::dd_acos, outside, f_pi, math::dd_acospi, outside, mpfr_acos);
  EXPECT_GT(f.tally.checked(), 150000u / uint64_t(sample_scale::divisor()));
  double hi, lo;
  ASSERT_TRUE(math::dd_acos(1.0, &hi, &lo));
  EXPECT_TRUE(hi == 0 && lo == 0);
  ASSERT_TRUE(math::dd_acospi(-1.0, &hi, &lo));
  EXPECT_TRUE(hi == 1 && lo == 0);
  ASSERT_TRUE(math::dd_acospi(0.0, &hi, &lo));
  EXPECT_TRUE(hi == 0.5 && lo == 0);
  EXPECT_FALSE(math::dd_acos(-1 - 0x1p-52, &hi, &lo));
}

// A double of sign S (0 or 1), exponent field E (0 .. 2046) and mantissa M.
double make(uint64_t s, uint64_t e, uint64_t m) {
  return oracle::double_of(s << 63 | e << 52 | (m & 0xFFFFFFFFFFFFFull));
}

// atan2's pairs (y, x) (the comment at the top).
std::vector<std::pair<double, double>> atan2_inputs(uint64_t seed) {
  std::vector<std::pair<double, double>> v;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < (1 << 16); ++i) {  // exponents within 3 of each other
    const uint64_t e = rng() % 2047;
    const int64_t d = int64_t(rng() % 7) - 3;
    const uint64_t f = uint64_t(std::min<int64_t>(2046, std::max<int64_t>(0, int64_t(e) + d)));
    v.push_back({make(rng() & 1, f, rng()), make(rng() & 1, e, rng())});
  }
  for (int i = 0; i < (1 << 16); ++i)  // independent exponents
    v.push_back({make(rng() & 1, rng() % 2047, rng()), make(rng() & 1, rng() % 2047, rng())});
  for (int i = 0; i < 1024; ++i) {  // |y| within 4 ulps of |x|, all quadrants
    const double x = make(0, rng() % 2047, rng());
    std::vector<double> ys;
    add_around(ys, x, 4);
    for (double y : ys)
      for (int q = 0; q < 4; ++q) v.push_back({q & 1 ? -y : y, q & 2 ? -x : x});
  }
  for (int m = 1; m <= 512; ++m)  // y / x and x / y near the table edges
    for (int i = 0; i < 2; ++i) {
      const double x = make(0, 1 + rng() % 2045, rng()), y = x * (m / 512.0);
      if (!std::isfinite(y) || y == 0) continue;
      std::vector<double> ys;
      add_around(ys, y, 2);
      for (double z : ys)
        for (int q = 0; q < 4; ++q) {
          v.push_back({q & 1 ? -z : z, q & 2 ? -x : x});
          v.push_back({q & 1 ? -x : x, q & 2 ? -z : z});
        }
    }
  // The scaling and refusal edges: both below and around 2^-1000, the
  // largest and least doubles, y / x near 2^-960.
  const double edges[] = {0x1p-1000, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp+1023, 1.0, 0x1p-960, 0x1p960, 3.0};
  for (double a : edges)
    for (double b : edges) {
      std::vector<double> as, bs;
      add_around(as, a, 2);
      add_around(bs, b, 2);
      for (double p : as)
        for (double q : bs)
          for (int s = 0; s < 4; ++s) v.push_back({s & 1 ? -p : p, s & 2 ? -q : q});
    }
  for (double x : {1.0, 1.5, 0x1p100, 0x1p-100}) {
    std::vector<double> ys;
    add_around(ys, x * 0x1p-960, 4);
    for (double y : ys) v.push_back({y, x});
  }
  for (double special : {0.0, -0.0, double(INFINITY), -double(INFINITY), double(NAN)}) {
    v.push_back({special, 1.0});
    v.push_back({-2.0, special});
  }
  return v;
}

TEST(MathDdAtan, Atan2AndAtan2piWithinTheirBoundsOfMpfr) {
  const std::vector<std::pair<double, double>> ps = atan2_inputs(0xa72);
  Record f{"atan2", math::kDdAtanRelError, {}}, f_pi{"atan2pi", math::kDdAtanPiRelError, {}};
  // Refused: zeros, infinities, NaN, and x > 0 with |y / x| below about
  // 2^-960 (the tier tests the quotient's high part; this side of it,
  // 2^-961, is certain to be refused and 2^-959 certain not to be).
  const auto special = [](double y, double x) { return !std::isfinite(x) || !std::isfinite(y) || x == 0 || y == 0; };
  Share shares[2][2];
  std::atomic<uint64_t> near_edge{0};
  dd_check::on_two_threads([&](size_t begin, size_t step) {
    PairThread p(shares[begin]);
    oracle::Num y(53), x(53), q(320);
    const size_t stride = step * size_t(sample_scale::divisor());
    for (size_t i = begin; i < ps.size(); i += stride) {
      const double yv = ps[i].first, xv = ps[i].second;
      const auto describe = [yv, xv] {
        char s[96];
        std::snprintf(s, sizeof s, "(%a, %a)", yv, xv);
        return std::string(s);
      };
      bool refuse = special(yv, xv), unsure = false;
      if (!refuse && xv > 0) {
        mpfr_set_d(y.v, yv, MPFR_RNDN);
        mpfr_set_d(x.v, xv, MPFR_RNDN);
        mpfr_div(q.v, y.v, x.v, MPFR_RNDN);
        mpfr_abs(q.v, q.v, MPFR_RNDN);
        if (mpfr_cmp_d(q.v, 0x1p-961) < 0) refuse = true;
        else if (mpfr_cmp_d(q.v, 0x1p-959) < 0) unsure = true;
      }
      double hi, lo, hi_pi, lo_pi;
      const bool answer = math::dd_atan2(yv, xv, &hi, &lo), answer_pi = math::dd_atan2pi(yv, xv, &hi_pi, &lo_pi);
      if (unsure) {  // either way, but both alike; a value is checked below
        ++near_edge;
        refuse = !answer;
      }
      const bool ok = answered(f, p.a, answer, refuse, describe);
      const bool ok_pi = answered(f_pi, p.b, answer_pi, refuse, describe);
      if (!ok && !ok_pi) continue;
      mpfr_set_d(y.v, yv, MPFR_RNDN);
      mpfr_set_d(x.v, xv, MPFR_RNDN);
      mpfr_atan2(p.want.v, y.v, x.v, MPFR_RNDN);
      p.judge_both(f, ok, hi, lo, f_pi, ok_pi, hi_pi, lo_pi, describe);
    }
  });
  merge_and_print(shares, f, f_pi);
  std::printf("  (%llu pairs between 2^-961 and 2^-959 of the refusal edge)\n", (unsigned long long)near_edge.load());
  EXPECT_GT(f.tally.checked(), 100000u / uint64_t(sample_scale::divisor()));
  double hi, lo;
  ASSERT_TRUE(math::dd_atan2pi(-3.0, -3.0, &hi, &lo));
  EXPECT_TRUE(hi == -0.75 && lo == 0);
  EXPECT_FALSE(math::dd_atan2(0x1p-1000, 1.0, &hi, &lo));
  EXPECT_TRUE(math::dd_atan2(0x1p-1000, -1.0, &hi, &lo));
  EXPECT_TRUE(math::dd_atan2(1.0, 0x1p-1074, &hi, &lo));
}

}  // namespace
