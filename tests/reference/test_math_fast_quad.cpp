// The double judge's fast tier (reference/math/fast_quad.hpp): every
// binary128 value stays within kQuadRelError * |q| + kQuadAbsError of the
// real value, which MPFR computes here directly at 240 bits, written
// independently of reference/math/mpfr_eval.cpp. Inputs: doubles of every
// exponent field and both signs (stratified), a second argument near the
// first's exponent half of the time, plus special values, and for the
// gamma functions points near lgamma's zeros. About 1.6
// million evaluations on two threads.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#define MPFR_WANT_FLOAT128 1
#if defined(__clang__) && !defined(_Float128)
// clang's C++ knows binary128 as __float128 only; mpfr.h names it _Float128.
#define _Float128 __float128
#endif
#include "oracle.hpp"
#include "sample_scale.hpp"
#include "reference/math/fast_quad.hpp"
#include "reference/math/functions.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::Num;

constexpr mpfr_prec_t kPrec = 240;
constexpr int kSamples = 1 << 16;  // per function

using Real = std::function<void(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_srcptr)>;
struct Case {
  const char* name;
  int args;
  Real real;
};

#define U(fn) 1, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { fn(r, x, MPFR_RNDN); }
#define B(fn) 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) { fn(r, x, y, MPFR_RNDN); }
// MPFR's integer roundings take no rounding mode.
#define EXACT(fn) 1, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { fn(r, x); }

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"sin", U(mpfr_sin)}, {"cos", U(mpfr_cos)}, {"tan", U(mpfr_tan)}, {"sincos.sin", U(mpfr_sin)},
      {"sincos.cos", U(mpfr_cos)}, {"asin", U(mpfr_asin)}, {"acos", U(mpfr_acos)}, {"atan", U(mpfr_atan)},
      {"sinh", U(mpfr_sinh)}, {"cosh", U(mpfr_cosh)}, {"tanh", U(mpfr_tanh)}, {"asinh", U(mpfr_asinh)},
      {"acosh", U(mpfr_acosh)}, {"atanh", U(mpfr_atanh)}, {"exp", U(mpfr_exp)}, {"exp2", U(mpfr_exp2)},
      {"expm1", U(mpfr_expm1)}, {"log", U(mpfr_log)}, {"log2", U(mpfr_log2)}, {"log10", U(mpfr_log10)},
      {"log1p", U(mpfr_log1p)}, {"cbrt", U(mpfr_cbrt)}, {"erf", U(mpfr_erf)}, {"sqrt", U(mpfr_sqrt)},
      {"rsqrt", U(mpfr_rec_sqrt)},
      {"recip", 1, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { mpfr_ui_div(r, 1, x, MPFR_RNDN); }},
      {"atan2", B(mpfr_atan2)}, {"hypot", B(mpfr_hypot)}, {"pow", B(mpfr_pow)}, {"powr", B(mpfr_pow)},
      {"add", B(mpfr_add)}, {"sub", B(mpfr_sub)}, {"mul", B(mpfr_mul)}, {"divide", B(mpfr_div)},
      {"fdim", B(mpfr_sub)},
      {"fma", 3, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr z) { mpfr_fma(r, x, y, z, MPFR_RNDN); }},
      // mad's fused reading, the double judge's first (its unfused one is MPFR's).
      {"mad", 3, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr z) { mpfr_fma(r, x, y, z, MPFR_RNDN); }},
      // The exact ones: any error fails (the bound's relative part is far below a double's spacing).
      {"fabs", U(mpfr_abs)}, {"rint", U(mpfr_rint)}, {"modf", U(mpfr_frac)},
      {"floor", EXACT(mpfr_floor)}, {"fract.floor", EXACT(mpfr_floor)}, {"ceil", EXACT(mpfr_ceil)},
      {"trunc", EXACT(mpfr_trunc)}, {"modf.int", EXACT(mpfr_trunc)}, {"round", EXACT(mpfr_round)},
      {"fract", 1, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) {  // min(x - floor(x), 1 - 2^-53)
         Num floor_x(mpfr_get_prec(x));
         mpfr_floor(floor_x.v, x);
         mpfr_sub(r, x, floor_x.v, MPFR_RNDN);  // exact at 240 bits
         if (mpfr_cmp_d(r, 0x1.fffffffffffffp-1) > 0) mpfr_set_d(r, 0x1.fffffffffffffp-1, MPFR_RNDN);
       }},
      {"copysign", B(mpfr_copysign)}, {"fmin", B(mpfr_min)}, {"fmax", B(mpfr_max)},
      {"maxmag", 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {
         const int c = mpfr_cmpabs(x, y);
         if (c != 0) mpfr_set(r, c > 0 ? x : y, MPFR_RNDN); else mpfr_max(r, x, y, MPFR_RNDN);
       }},
      {"minmag", 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {
         const int c = mpfr_cmpabs(x, y);
         if (c != 0) mpfr_set(r, c < 0 ? x : y, MPFR_RNDN); else mpfr_min(r, x, y, MPFR_RNDN);
       }},
      {"ldexp", 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {
         mpfr_mul_2si(r, x, mpfr_get_si(y, MPFR_RNDZ), MPFR_RNDN);
       }},
      {"logb", 1, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) {  // x = m 2^e with m in [1/2, 1)
         if (mpfr_zero_p(x)) mpfr_set_inf(r, -1); else mpfr_set_si(r, mpfr_get_exp(x) - 1, MPFR_RNDN);
       }},
      {"fmod", B(mpfr_fmod)}, {"remainder", B(mpfr_remainder)},
      {"remquo", 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) { long q; mpfr_remquo(r, &q, x, y, MPFR_RNDN); }},
      {"nextafter", 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {  // one double step towards y, on the bits
         const double a = mpfr_get_d(x, MPFR_RNDN), b = mpfr_get_d(y, MPFR_RNDN);  // exact: both are doubles
         if (a == b) return void(mpfr_set_d(r, b, MPFR_RNDN));
         uint64_t bits = oracle::bits_of(a);
         if (a == 0) bits = (b < 0 ? uint64_t(1) << 63 : 0) | 1;  // the smallest subnormal of y's side
         else bits += (a < b) == (a > 0) ? 1 : -1;                 // away from zero, or towards it
         mpfr_set_d(r, oracle::double_of(bits), MPFR_RNDN);
       }},
      {"pown", 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) { mpfr_pow_si(r, x, mpfr_get_si(y, MPFR_RNDZ), MPFR_RNDN); }},
      {"rootn", 2, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) { mpfr_rootn_si(r, x, mpfr_get_si(y, MPFR_RNDZ), MPFR_RNDN); }},
      {"asinpi", U(mpfr_asinpi)}, {"acospi", U(mpfr_acospi)}, {"atanpi", U(mpfr_atanpi)},
      {"atan2pi", B(mpfr_atan2pi)}, {"erfc", U(mpfr_erfc)},
      {"lgamma", 1, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { int sign; mpfr_lgamma(r, &sign, x, MPFR_RNDN); }},
      {"lgamma_r", 1, [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { int sign; mpfr_lgamma(r, &sign, x, MPFR_RNDN); }},
      {"tgamma", U(mpfr_gamma)}, {"sinpi", U(mpfr_sinpi)}, {"cospi", U(mpfr_cospi)}, {"tanpi", U(mpfr_tanpi)},
  };
  return all;
}

double stratified(std::mt19937_64& rng, int index, uint64_t first) {
  const uint64_t r = rng();
  uint64_t e;
  if (index < 0) {
    e = uint64_t(-index - 1) % 2047;
  } else if (r & 2) {
    const int64_t near = int64_t((first >> 52) & 0x7FF) + int64_t((r >> 8) % 61) - 30;
    e = uint64_t(std::min<int64_t>(2046, std::max<int64_t>(0, near)));
  } else {
    e = (r >> 16) % 2047;
  }
  return oracle::double_of((r & 1) << 63 | e << 52 | (rng() & 0xFFFFFFFFFFFFFull));
}

// lgamma's zero in (LO, HI), where lgamma changes sign once: bisected in
// MPFR to the double nearest it.
double lgamma_zero(double lo, double hi) {
  Num x(kPrec), v(kPrec);
  int sign;
  mpfr_set_d(x.v, lo, MPFR_RNDN);
  mpfr_lgamma(v.v, &sign, x.v, MPFR_RNDN);
  const int lo_sign = mpfr_sgn(v.v);
  while (std::nextafter(lo, hi) != hi) {
    const double mid = lo + (hi - lo) / 2;
    mpfr_set_d(x.v, mid, MPFR_RNDN);
    mpfr_lgamma(v.v, &sign, x.v, MPFR_RNDN);
    (mpfr_sgn(v.v) == lo_sign ? lo : hi) = mid;
  }
  return lo;
}

// Points beside every zero of lgamma a double can come near (1, 2, and
// the two in (-n - 1, -n) for n = 2..19, whose distance from the integers
// shrinks like 1/n!: beyond -20 they lie within an ulp of the poles) and
// beside the poles 0 to -30: each one with 1 and 2 steps of 2^-k on both
// sides, and the 16 doubles on either side.
const std::vector<double>& gamma_hard_points() {
  static const std::vector<double> points = [] {
    std::vector<double> centres = {1.0, 2.0};
    for (int n = 2; n <= 19; ++n) {
      // lgamma is negative mid-way and tends to +inf at both ends.
      centres.push_back(lgamma_zero(-n - 0.5, std::nextafter(-double(n), -100.0)));
      centres.push_back(lgamma_zero(-n - 0.5, std::nextafter(-double(n) - 1, 0.0)));
    }
    for (int n = 0; n <= 30; ++n) centres.push_back(-n);
    std::vector<double> out;
    for (double c : centres) {
      for (int k = 1; k <= 60; ++k)
        for (int j : {-2, -1, 1, 2}) out.push_back(c + j * std::ldexp(1.0, -k));
      double up = c, down = c;
      for (int j = 0; j < 16; ++j) out.push_back(up = std::nextafter(up, 100.0)), out.push_back(down = std::nextafter(down, -100.0));
    }
    return out;
  }();
  return points;
}

struct Tally {
  uint64_t evaluated = 0, violations = 0;
  double worst = 0;  // |q - real| / (kQuadRelError * |q| + kQuadAbsError)
  std::string worst_at;
};

// Whether F's second argument is an int.
bool int_arg(math::Fn f) { return f == math::Fn::ldexp || f == math::Fn::pown || f == math::Fn::rootn; }

// Checks one point; returns false when the tier had no value.
bool check(const Case& c, math::Fn f, const double* a, Tally& t) {
  __float128 q;
  if (!math::quad_value(f, a, &q)) return false;
  Num x(53), y(53), z(53), real(kPrec), qq(113), diff(kPrec + 200), allowed(kPrec);
  mpfr_set_d(x.v, a[0], MPFR_RNDN);
  mpfr_set_d(y.v, a[1], MPFR_RNDN);
  mpfr_set_d(z.v, a[2], MPFR_RNDN);
  c.real(real.v, x.v, y.v, z.v);
  mpfr_set_float128(qq.v, q, MPFR_RNDN);
  mpfr_sub(diff.v, qq.v, real.v, MPFR_RNDU);
  mpfr_abs(diff.v, diff.v, MPFR_RNDU);
  // The bound, rounded down: a violation is never hidden by its rounding.
  mpfr_set_float128(allowed.v, math::kQuadRelError * (q < 0 ? -q : q) + math::kQuadAbsError, MPFR_RNDD);
  ++t.evaluated;
  Num quotient(64);
  mpfr_div(quotient.v, diff.v, allowed.v, MPFR_RNDU);  // in MPFR: the bound may be below double's range
  const double ratio = mpfr_get_d(quotient.v, MPFR_RNDU);
  if (mpfr_cmp(diff.v, allowed.v) > 0 || !mpfr_number_p(real.v)) {
    ++t.violations;
    if (t.violations <= 3)
      ADD_FAILURE() << c.name << "(" << std::hexfloat << a[0] << ", " << a[1] << ", " << a[2]
                    << "): error beyond the bound, ratio " << std::defaultfloat << ratio;
  }
  if (ratio > t.worst) {
    t.worst = ratio;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%a, %a, %a", a[0], a[1], a[2]);
    t.worst_at = buf;
  }
  return true;
}

TEST(MathFastQuad, BoundHoldsAgainstMpfr) {
  std::atomic<uint64_t> total{0};
  std::vector<std::string> lines(cases().size());
  std::vector<Tally> tallies(cases().size());
  auto work = [&](size_t first, size_t step) {
    for (size_t i = first; i < cases().size(); i += step) {
      const Case& c = cases()[i];
      const int id = math::function_id(c.name);
      ASSERT_GE(id, 0) << c.name;
      const math::Fn f = math::fn_of(id);
      std::mt19937_64 rng(0x71d0 + i);
      Tally t;
      const double specials[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp1023,
                                 -0x1.fffffffffffffp1023, 709.78, -745.1, 0x1p30, -0x1p30, 0x1.921fb54442d18p0};
      for (double s : specials)
        for (double s2 : {0.5, -3.0, 1e300}) {
          // An int argument: s2 truncated (ldexp clamps it itself; pown's
          // and rootn's n is an int, so it stops at INT_MAX).
          const double n = f == math::Fn::ldexp ? std::trunc(s2) : std::fmin(std::trunc(s2), 2147483647.0);
          const double a[3] = {s, int_arg(f) ? n : s2, 1.0};
          check(c, f, a, t);
        }
      // Where a relative bound is hardest to keep: beside lgamma's zeros
      // and the poles.
      if (f == math::Fn::lgamma || f == math::Fn::lgamma_r || f == math::Fn::tgamma) {
        const std::vector<double>& hard = gamma_hard_points();
        for (size_t h = 0; h < hard.size(); h += size_t(sample_scale::divisor())) {
          const double a[3] = {hard[h], 0.5, 1.0};
          check(c, f, a, t);
        }
      }
      // The pi functions' zeros and poles, and the ends of their reductions'
      // branches: multiples of 1/4 and the doubles beside them, near 0 and
      // near 2^52.
      if (f == math::Fn::sinpi || f == math::Fn::cospi || f == math::Fn::tanpi)
        for (double base : {0.0, 1.0, 1024.0, 0x1p52, -0x1p52, 0x1p51})
          for (int q = -8; q <= 8; ++q) {
            double at = base + q * 0.25;
            for (int j = 0; j < 8; ++j, at = std::nextafter(at, INFINITY)) {
              const double a[3] = {at, 0.5, 1.0}, b[3] = {-at, 0.5, 1.0};
              check(c, f, a, t);
              check(c, f, b, t);
            }
          }
      for (int k = 0; k < sample_scale::samples(kSamples); ++k) {
        double a[3];
        a[0] = stratified(rng, -(k + 1), 0);
        const uint64_t b0 = oracle::bits_of(a[0]);
        a[1] = stratified(rng, 1, b0);
        a[2] = stratified(rng, 2, b0);
        // ldexp's n is an int: from far beyond the overflow threshold to far below the subnormals.
        if (f == math::Fn::ldexp) a[1] = static_cast<double>(static_cast<int64_t>(rng() % 4301) - 2150);
        // pown's and rootn's n: small ones mostly, where the results stay in
        // range, any int now and then.
        if (f == math::Fn::pown || f == math::Fn::rootn) {
          const uint64_t r = rng();
          a[1] = r & 1 ? static_cast<double>(static_cast<int64_t>(r >> 1 & 127) - 64)
                       : static_cast<double>(static_cast<int32_t>(r >> 32));
        }
        check(c, f, a, t);
      }
      total += t.evaluated;
      EXPECT_EQ(t.violations, 0u) << c.name;
      EXPECT_GT(t.evaluated, uint64_t(sample_scale::samples(kSamples) / 8)) << c.name
                                                                             << ": too few points in the tier's domain";
      tallies[i] = t;
    }
    mpfr_free_cache();  // this thread's cached constants (pi, log 2): LeakSanitizer counts them at its exit
  };
  std::thread other(work, 1, 2);
  work(0, 2);
  other.join();
  for (size_t i = 0; i < cases().size(); ++i)
    std::printf("  %-11s %7llu evaluated, worst error %.3g of the bound at (%s)\n", cases()[i].name,
                (unsigned long long)tallies[i].evaluated, tallies[i].worst, tallies[i].worst_at.c_str());
  std::printf("  %llu evaluations in all\n", (unsigned long long)total.load());
  EXPECT_GT(total.load(), uint64_t(sample_scale::samples(1000000)));
}

// domain_nan answers NaN without evaluating anything: wherever it does, on
// every function's stratified and special points, the real result must be
// NaN, and it must say so for some points of each function with a domain.
TEST(MathFastQuad, DomainNanOnlyWhereTheRealResultIsNan) {
  const double specials[] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 1e300, -1e300, 0x1p-1074, -0x1p-1074};
  for (const Case& c : cases()) {
    const math::Fn f = math::fn_of(math::function_id(c.name));
    std::mt19937_64 rng(0xd0 + static_cast<uint64_t>(f));
    Num x(53), y(53), z(53), real(kPrec);
    int nan_points = 0;
    for (int k = 0; k < 4096 + 144; ++k) {
      double a[3];
      if (k < 144) {
        a[0] = specials[k % 12], a[1] = specials[k / 12], a[2] = 1.0;
      } else {
        a[0] = stratified(rng, -(k + 1), 0);
        a[1] = stratified(rng, 1, oracle::bits_of(a[0]));
        a[2] = 1.0;
      }
      if (!math::domain_nan(f, a)) continue;
      ++nan_points;
      if (f == math::Fn::powr) {  // its oracle here is pow's; spec 7.5.1: powr(x < 0, y) is NaN
        ASSERT_LT(a[0], 0) << "powr(" << std::hexfloat << a[0] << ", " << a[1] << ")";
        continue;
      }
      mpfr_set_d(x.v, a[0], MPFR_RNDN);
      mpfr_set_d(y.v, a[1], MPFR_RNDN);
      mpfr_set_d(z.v, a[2], MPFR_RNDN);
      c.real(real.v, x.v, y.v, z.v);
      ASSERT_TRUE(mpfr_nan_p(real.v)) << c.name << "(" << std::hexfloat << a[0] << ", " << a[1] << ") is not NaN";
    }
    const bool has_domain = f == math::Fn::log || f == math::Fn::sqrt || f == math::Fn::asin || f == math::Fn::asinpi ||
                            f == math::Fn::acospi || f == math::Fn::acosh || f == math::Fn::log1p || f == math::Fn::pow;
    if (has_domain) {
      EXPECT_GT(nan_points, 100) << c.name;
    }
  }
}

}  // namespace
