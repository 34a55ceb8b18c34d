// reference/math's fast tier: every double approximation stays within its
// declared error bound (FastSpec::error_dulps double ulps of the
// approximation) of the real value, which MPFR computes here directly,
// written independently of reference/math/mpfr_eval.cpp. Inputs: every
// float exponent field (stratified), the special values, and neighbours of
// the overflow/underflow thresholds. NaN approximations must match NaN real
// results, infinite ones real results beyond 2^1023 of the same sign.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "oracle.hpp"
#include "reference/fp_bits.hpp"
#include "reference/math/fast_batch.hpp"
#include "reference/math/double_double_avx2.hpp"
#include "reference/math/fast_tier.hpp"
#include "reference/math/functions.hpp"
#include "reference/math/gamma.hpp"
#include "reference/math/judge.hpp"
#include "reference/math/pi_functions.hpp"
#include "reference/math/quarter_turns.hpp"
#include "sample_scale.hpp"

namespace {

namespace math = clconform::ref::math;
using oracle::float_of;
using oracle::Num;

constexpr uint64_t kSeed = 0x6661;
constexpr mpfr_prec_t kPrec = 200;
// Per function; ~1.3 million MPFR evaluations in all.
constexpr int kSamples = 1 << 15;

using Oracle = std::function<void(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_srcptr)>;

struct Case {
  const char* name;
  Oracle real;
};

#define UNARY(fn) [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { fn(r, x, MPFR_RNDN); }
#define ROUNDING(fn) [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { fn(r, x); }
#define BINARY(fn) [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) { fn(r, x, y, MPFR_RNDN); }

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"sin", UNARY(mpfr_sin)}, {"cos", UNARY(mpfr_cos)}, {"tan", UNARY(mpfr_tan)},
      {"sincos.sin", UNARY(mpfr_sin)}, {"sincos.cos", UNARY(mpfr_cos)},
      {"exp", UNARY(mpfr_exp)}, {"exp2", UNARY(mpfr_exp2)}, {"exp10", UNARY(mpfr_exp10)},
      {"expm1", UNARY(mpfr_expm1)}, {"log", UNARY(mpfr_log)}, {"log2", UNARY(mpfr_log2)},
      {"log10", UNARY(mpfr_log10)}, {"log1p", UNARY(mpfr_log1p)}, {"asin", UNARY(mpfr_asin)},
      {"acos", UNARY(mpfr_acos)}, {"atan", UNARY(mpfr_atan)}, {"sinh", UNARY(mpfr_sinh)},
      {"cosh", UNARY(mpfr_cosh)}, {"tanh", UNARY(mpfr_tanh)}, {"asinh", UNARY(mpfr_asinh)},
      {"acosh", UNARY(mpfr_acosh)}, {"atanh", UNARY(mpfr_atanh)}, {"cbrt", UNARY(mpfr_cbrt)},
      {"erf", UNARY(mpfr_erf)}, {"erfc", UNARY(mpfr_erfc)}, {"tgamma", UNARY(mpfr_gamma)},
      {"sqrt", UNARY(mpfr_sqrt)}, {"rsqrt", UNARY(mpfr_rec_sqrt)},
      {"sinpi", UNARY(mpfr_sinpi)}, {"cospi", UNARY(mpfr_cospi)}, {"tanpi", UNARY(mpfr_tanpi)},
      {"asinpi", UNARY(mpfr_asinpi)}, {"acospi", UNARY(mpfr_acospi)}, {"atanpi", UNARY(mpfr_atanpi)},
      {"atan2pi", BINARY(mpfr_atan2pi)},
      {"lgamma", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { int s; mpfr_lgamma(r, &s, x, MPFR_RNDN); }},
      {"lgamma_r", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { int s; mpfr_lgamma(r, &s, x, MPFR_RNDN); }},
      {"recip", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { mpfr_ui_div(r, 1, x, MPFR_RNDN); }},
      {"atan2", BINARY(mpfr_atan2)}, {"hypot", BINARY(mpfr_hypot)}, {"pow", BINARY(mpfr_pow)},
      // The fast tier covers x > 0 with a finite y (pow there), NaN
      // arguments and x < 0 (spec 7.5.1: NaN); zeros and infinities are MPFR's.
      {"powr", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {
         if (mpfr_nan_p(x) || mpfr_nan_p(y) || mpfr_sgn(x) < 0) return mpfr_set_nan(r), void();
         mpfr_pow(r, x, y, MPFR_RNDN);
       }},
      {"pown", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {
         mpfr_pow_si(r, x, mpfr_get_si(y, MPFR_RNDN), MPFR_RNDN);
       }},
      {"rootn", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {
         mpfr_rootn_si(r, x, mpfr_get_si(y, MPFR_RNDN), MPFR_RNDN);
       }},
      {"add", BINARY(mpfr_add)}, {"sub", BINARY(mpfr_sub)}, {"fdim", BINARY(mpfr_dim)}, {"mul", BINARY(mpfr_mul)},
      {"divide", BINARY(mpfr_div)}, {"fmod", BINARY(mpfr_fmod)}, {"remainder", BINARY(mpfr_remainder)},
      {"fma", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr z) { mpfr_fma(r, x, y, z, MPFR_RNDN); }},
      // The exact functions (spec 6.15.2 and C99 for the special values).
      {"fabs", UNARY(mpfr_abs)}, {"rint", UNARY(mpfr_rint)},
      {"floor", ROUNDING(mpfr_floor)}, {"fract.floor", ROUNDING(mpfr_floor)}, {"ceil", ROUNDING(mpfr_ceil)},
      {"trunc", ROUNDING(mpfr_trunc)}, {"modf.int", ROUNDING(mpfr_trunc)}, {"round", ROUNDING(mpfr_round)},
      {"logb", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) {
         if (mpfr_nan_p(x)) mpfr_set_nan(r);
         else if (mpfr_inf_p(x)) mpfr_set_inf(r, 1);
         else if (mpfr_zero_p(x)) mpfr_set_inf(r, -1);
         else mpfr_set_si(r, mpfr_get_exp(x) - 1, MPFR_RNDN);  // x = m * 2^exp with 1/2 <= |m| < 1
       }},
      {"frexp.mantissa", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) {
         mpfr_exp_t e;
         if (mpfr_nan_p(x) || mpfr_inf_p(x) || mpfr_zero_p(x)) mpfr_set(r, x, MPFR_RNDN);
         else mpfr_frexp(&e, r, x, MPFR_RNDN);
       }},
      {"fract", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) {  // fmin(x - floor(x), 0x1.fffffep-1)
         if (mpfr_nan_p(x)) return mpfr_set_nan(r), void();
         if (mpfr_inf_p(x)) return mpfr_set_zero(r, mpfr_sgn(x)), void();
         mpfr_frac(r, x, MPFR_RNDN);  // x - trunc(x), exact at this precision
         if (mpfr_sgn(r) < 0) mpfr_add_ui(r, r, 1, MPFR_RNDN);
         if (mpfr_cmp_d(r, 0x1.fffffep-1) > 0) mpfr_set_d(r, 0x1.fffffep-1, MPFR_RNDN);
       }},
      {"modf", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) {  // x - trunc(x), with x's sign
         if (mpfr_nan_p(x)) return mpfr_set_nan(r), void();
         if (mpfr_inf_p(x)) return mpfr_set_zero(r, mpfr_sgn(x)), void();
         mpfr_frac(r, x, MPFR_RNDN);
       }},
  };
  return all;
}

float stratified_float(std::mt19937_64& rng) {
  const uint32_t exponent = static_cast<uint32_t>(rng() % 255);  // NaN/inf come from the special list
  return float_of(static_cast<uint32_t>(rng() & 1) << 31 | exponent << 23 | (static_cast<uint32_t>(rng()) & 0x7fffff));
}

// |approx - real| <= error, decided exactly.
::testing::AssertionResult within_error(const char* name, double approx, mpfr_srcptr real, double error,
                                        const double* args) {
  const auto where = [&] {
    return std::string(name) + "(" + std::to_string(args[0]) + ", " + std::to_string(args[1]) + ", " +
           std::to_string(args[2]) + ") approx " + std::to_string(approx);
  };
  if (mpfr_nan_p(real)) {
    if (std::isnan(approx)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << where() << ": real result is NaN";
  }
  if (std::isnan(approx)) return ::testing::AssertionFailure() << where() << ": NaN for a real result";
  if (std::isinf(approx)) {
    // The real value must be that infinity or beyond 2^1023 with that sign.
    const bool ok = mpfr_inf_p(real) ? (mpfr_sgn(real) > 0) == (approx > 0)
                                     : mpfr_cmpabs_ui(real, 1) > 0 && mpfr_get_exp(real) > 1023 &&
                                           (mpfr_sgn(real) > 0) == (approx > 0);
    return ok ? ::testing::AssertionSuccess() : ::testing::AssertionFailure() << where() << ": infinite";
  }
  if (mpfr_inf_p(real)) return ::testing::AssertionFailure() << where() << ": finite for an infinite result";
  Num a(64), diff(kPrec + 2200);
  mpfr_set_d(a.v, approx, MPFR_RNDN);
  mpfr_sub(diff.v, a.v, real, MPFR_RNDN);
  mpfr_abs(diff.v, diff.v, MPFR_RNDN);
  if (mpfr_cmp_d(diff.v, error) <= 0) return ::testing::AssertionSuccess();
  mpfr_div_d(diff.v, diff.v, math::double_spacing(approx), MPFR_RNDU);
  return ::testing::AssertionFailure() << where() << ": error " << mpfr_get_d(diff.v, MPFR_RNDU)
                                       << " double ulps, bound " << error / math::double_spacing(approx);
}

// |approx - real| <= bound * dulp(approx).
::testing::AssertionResult within(const char* name, double approx, mpfr_srcptr real, double bound_dulps,
                                  const double* args) {
  // Exact: a power of two times a small integer.
  return within_error(name, approx, real, bound_dulps * math::double_spacing(approx), args);
}

// Float values only (the functions take floats): the literals are cast.
const float kSpecials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, 2.0, 0x1p-149, -0x1p-149,
                           0x1p-126, 0x1.fffffep127, -0x1.fffffep127, 88.72283935546875, -103.972084f, 128.0,
                           -150.0, 38.5318394f, 1e-30f, 3.0};

const Case& case_named(const std::string& name) {
  for (const Case& c : cases())
    if (name == c.name) return c;
  throw std::invalid_argument("no MPFR oracle for " + name);
}

TEST(MathFastTier, EveryApproximationIsWithinItsBound) {
  std::mt19937_64 rng(kSeed);
  long checked = 0;
  for (const Case& c : cases()) {
    const int id = math::function_id(c.name);
    ASSERT_GE(id, 0) << c.name;
    const math::FastSpec spec = math::fast_spec(math::fn_of(id));
    ASSERT_TRUE(spec.available) << c.name;
    const auto& info = math::functions()[static_cast<size_t>(id)];
    Num x(64), y(64), z(64), real(kPrec);
    const auto check = [&](const double* args) {
      double approx = 0;
      if (!math::fast_value(math::fn_of(id), args, &approx)) return;
      mpfr_set_d(x.v, args[0], MPFR_RNDN);
      mpfr_set_d(y.v, args[1], MPFR_RNDN);
      mpfr_set_d(z.v, args[2], MPFR_RNDN);
      // Exact sums and fused products need more than kPrec bits; rounding
      // to kPrec bits is far below the bounds checked here.
      c.real(real.v, x.v, y.v, z.v);
      ++checked;
      EXPECT_TRUE(within(c.name, approx, real.v, spec.error_dulps, args));
    };
    double args[3] = {0, 0, 0};
    for (int i = 0; i < sample_scale::samples(kSamples); ++i) {
      for (size_t k = 0; k < info.args.size(); ++k)
        // An int: in [-40, 40], and any int one time in eight (rootn's roots near 1).
        args[k] = info.args[k] != math::ArgKind::Int ? static_cast<double>(stratified_float(rng))
                  : i % 8 == 0                       ? static_cast<double>(static_cast<int32_t>(rng()))
                                                     : static_cast<double>(static_cast<int>(rng() % 81) - 40);
      check(args);
    }
    for (const float s : kSpecials) {
      for (const float t : kSpecials) {
        args[0] = s;
        args[1] = info.args.size() > 1 && info.args[1] == math::ArgKind::Int ? 3.0 : t;
        args[2] = t;
        check(args);
      }
    }
  }
  EXPECT_GT(checked, sample_scale::samples(1000000));
}

// Arguments where sin, cos and tan reduce them (fast_batch.cpp): magnitudes
// from 2^16 up (every float exponent there, stratified), and among many
// more of them those closest to a multiple of pi/2, where the reduction
// cancels the most bits.
std::vector<double> large_trig_arguments(std::mt19937_64& rng) {
  std::vector<double> out;
  std::vector<std::pair<double, double>> by_closeness;  // |r|, x
  for (int i = 0; i < 1 << 17; ++i) {
    const uint32_t exponent = 127 + 16 + static_cast<uint32_t>(rng() % 112);  // 2^16 .. 2^127
    const double x = float_of(static_cast<uint32_t>(rng() & 1) << 31 | exponent << 23 |
                              (static_cast<uint32_t>(rng()) & 0x7fffff));
    if (i < 4096) out.push_back(x);
    math::QuarterTurns t;
    if (math::reduce_quarter_turns(x, &t)) by_closeness.push_back({std::fabs(t.r), x});
  }
  std::partial_sort(by_closeness.begin(), by_closeness.begin() + 1024, by_closeness.end());
  for (int i = 0; i < 1024; ++i) out.push_back(by_closeness[static_cast<size_t>(i)].second);
  return out;
}

// The four-lane reduction (AVX2), and the eight-lane one (AVX-512) where
// this CPU has it, give each lane the scalar reduction's bits: every 449th
// float from 1 up to the largest (both signs, four consecutive ones per
// step, so neighbours share a call and every binade edge is crossed), and
// the arguments nearest a multiple of pi/2, where the most bits cancel, in
// every position of a call.
TEST(MathFastTier, VectorReductionsEqualTheScalarOne) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::mt19937_64 rng(kSeed + 3);
  std::vector<double> xs = large_trig_arguments(rng);
  for (double& x : std::vector<double>(xs)) {
    xs.push_back(-x);
    xs.push_back(1.5);
    xs.push_back(x);  // shifted by one lane from the first copy
  }
  for (uint32_t bits = 0x3f800000u; bits < 0x7f800000u - 4; bits += 449)
    for (uint32_t k = 0; k < 4; ++k) xs.push_back(float_of((bits + k) | ((bits >> 9 & 1) << 31)));
  while (xs.size() % 4 != 0) xs.push_back(2.0);
  const bool eight = math::dd::cpu_has_avx512();
  long checked = 0;
  // The LANES arguments from I, reduced in one call.
  const auto check = [&](size_t i, size_t lanes) {
    double r[8];
    int q[8];
    const unsigned valid = lanes == 8 ? math::reduce_quarter_turns_eight(&xs[i], r, q)
                                      : math::reduce_quarter_turns_four(&xs[i], r, q);
    for (size_t k = 0; k < lanes; ++k, ++checked) {
      math::QuarterTurns t;
      const bool scalar_valid = math::reduce_quarter_turns(xs[i + k], &t);
      ASSERT_EQ(scalar_valid, (valid >> k & 1) != 0) << xs[i + k] << " in a call of " << lanes;
      if (!scalar_valid) continue;
      ASSERT_EQ(clconform::ref::to_bits(t.r), clconform::ref::to_bits(r[k])) << xs[i + k] << " in a call of " << lanes;
      ASSERT_EQ(t.quadrant, q[k]) << xs[i + k] << " in a call of " << lanes;
    }
  };
  for (size_t i = 0; i < xs.size(); i += 4) {
    check(i, 4);
    if (eight && i + 8 <= xs.size()) check(i, 8);  // every lane twice, once in each half
  }
  EXPECT_GT(checked, eight ? 8000000 : 4000000);
}

// BATCH over POINTS, a block at a time: their approx and error.
void run_batch(math::FastBatch batch, std::vector<math::Judge::Point>& points) {
  auto b = std::make_unique<math::Judge::Block>();
  for (size_t base = 0; base < points.size(); base += math::Judge::Block::kCapacity) {
    b->n = std::min(math::Judge::Block::kCapacity, points.size() - base);
    for (size_t i = 0; i < b->n; ++i)
      for (size_t k = 0; k < 3; ++k) b->args[k][i] = points[base + i].args[k];
    batch(*b);
    for (size_t i = 0; i < b->n; ++i) {
      points[base + i].approx = b->approx[i];
      points[base + i].error = b->error[i];
    }
  }
}

// Points at INPUTS, each through F's vector batch.
std::vector<math::Judge::Point> vector_batch_points(math::Fn f, const std::vector<float>& inputs) {
  std::vector<math::Judge::Point> points(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) points[i].args[0] = inputs[i];
  run_batch(math::fast_batch(f, true), points);
  return points;
}

// Whether BATCH gives each of POINTS (as run_batch left them) the same
// approx and error, bit for bit, when the points sit one to three places
// further on in their blocks: a lane's value must not depend on the lanes
// beside it.
void expect_same_bits_when_shifted(math::FastBatch batch, const std::vector<math::Judge::Point>& points,
                                   const char* name) {
  for (size_t shift = 1; shift < 4; ++shift) {
    std::vector<math::Judge::Point> shifted(points.size() + shift);
    for (size_t i = 0; i < points.size(); ++i) shifted[i + shift].args[0] = points[i].args[0];
    run_batch(batch, shifted);
    for (size_t i = 0; i < points.size(); ++i) {
      ASSERT_EQ(clconform::ref::to_bits(shifted[i + shift].approx), clconform::ref::to_bits(points[i].approx))
          << name << "(" << points[i].args[0] << ") shifted by " << shift;
      ASSERT_EQ(clconform::ref::to_bits(shifted[i + shift].error), clconform::ref::to_bits(points[i].error))
          << name << "(" << points[i].args[0] << ") shifted by " << shift;
    }
  }
}

// The batch fast tier (libmvec where this CPU has AVX2, and the scalar
// variant every CPU has) against MPFR: each point's own error bound.
TEST(MathFastTier, BatchApproximationsAreWithinTheirErrors) {
  std::mt19937_64 rng(kSeed + 1);
  const std::vector<double> large = large_trig_arguments(rng);
  long checked = 0, batches = 0;
  for (const bool vector : {true, false}) {
    if (vector && !math::cpu_has_avx2_fma()) {
      std::printf("[ math fast tier ] this CPU lacks AVX2/FMA: libmvec's batch path is not checked here\n");
      continue;
    }
    for (size_t id = 0; id < math::functions().size(); ++id) {
      const math::Fn f = math::fn_of(static_cast<int>(id));
      const math::FastBatch batch = math::fast_batch(f, vector);
      if (batch == nullptr) continue;
      ++batches;
      const auto& info = math::functions()[id];
      const Case& c = case_named(info.name);
      std::vector<math::Judge::Point> points;
      math::Judge::Point p;
      const auto add = [&](double x, double y) {
        p.args[0] = x;
        const bool int_arg = info.args.size() > 1 && info.args[1] == math::ArgKind::Int;
        p.args[1] = !int_arg ? y : std::fabs(y) < 0x1p31 ? std::nearbyint(y) : 3.0;  // an int: in range
        points.push_back(p);
      };
      for (int i = 0; i < sample_scale::samples(kSamples / 2); ++i) {
        const double x = stratified_float(rng);
        add(x, info.args.size() > 1 && info.args[1] == math::ArgKind::Int
                   ? static_cast<double>(static_cast<int>(rng() % 81) - 40)
                   : static_cast<double>(stratified_float(rng)));
      }
      for (const float s : kSpecials)
        for (const float t : kSpecials) add(s, t);
      // The edges of the vector functions' domains and of their saturated
      // overflows and underflows (fast_batch.cpp), and of the direct
      // trigonometric range.
      for (const double edge : {700.0, 1000.0, 300.0, 709.79, 745.14, 1024.0, 1075.0, 308.26, 323.62, 0x1p16, 0x1p30,
                                1.0, 709.0, 26.0, 27.3}) {
        float v = static_cast<float>(edge);
        for (int k = 0; k < 3; ++k) v = std::nextafter(v, 0.0f);
        for (int k = 0; k < 6; ++k, v = std::nextafter(v, INFINITY)) {
          add(v, 1.5);
          add(-v, 1.5);
          add(1.5, v);
          add(1.5, -v);
        }
      }
      if (f == math::Fn::sin || f == math::Fn::cos || f == math::Fn::sincos_sin || f == math::Fn::sincos_cos ||
          f == math::Fn::tan)
        for (const double x : large) add(x, 0);
      run_batch(batch, points);
      Num x(64), y(64), z(64), real(kPrec);
      long left = 0;  // points the batch leaves to the generic path (fast_batch.hpp)
      for (const math::Judge::Point& q : points) {
        if (q.error < 0) {
          ++left;
          continue;
        }
        mpfr_set_d(x.v, q.args[0], MPFR_RNDN);
        mpfr_set_d(y.v, q.args[1], MPFR_RNDN);
        mpfr_set_d(z.v, q.args[2], MPFR_RNDN);
        c.real(real.v, x.v, y.v, z.v);
        ++checked;
        ASSERT_TRUE(within_error(c.name, q.approx, real.v, q.error, q.args)) << (vector ? " (libmvec)" : " (scalar)");
      }
      EXPECT_LE(left, 4 * 21) << info.name << ": the batch leaves only special values (zeros)";
    }
  }
  EXPECT_GE(batches, 30);  // sin, cos, sincos.*, pow, pown, x+y, x-y, x*y, x/y, 1/x, sqrt twice; exp*, log* once
  EXPECT_GT(checked, 200000);
}

// sin, cos and tan eight points a step (AVX-512) give every point the bits
// of the four-lane batch: the stratified floats, the specials, the large
// arguments nearest a multiple of pi/2 and the edges of the direct range,
// in blocks whose length is no multiple of eight as well.
TEST(MathFastTier, EightLaneTrigBatchEqualsFourLane) {
  if (!math::dd::cpu_has_avx512()) GTEST_SKIP() << "no AVX-512 on this CPU: the eight-lane batch is not taken";
  std::mt19937_64 rng(kSeed + 6);
  std::vector<double> xs = large_trig_arguments(rng);
  for (int i = 0; i < kSamples; ++i) xs.push_back(stratified_float(rng));
  for (const float s : kSpecials) xs.push_back(s);
  for (float v = std::nextafter(0x1p16f, 0.0f), w = -v; v < 0x1.0002p16f; v = std::nextafter(v, INFINITY), w = -v) {
    xs.push_back(v);
    xs.push_back(w);
  }
  for (const math::Fn f : {math::Fn::sin, math::Fn::cos, math::Fn::tan}) {
    const math::FastBatch eight = math::fast_batch(f, true), four = math::fast_batch(f, true, true);
    ASSERT_NE(eight, four);
    auto a = std::make_unique<math::Judge::Block>(), b = std::make_unique<math::Judge::Block>();
    for (size_t base = 0; base < xs.size(); base += a->n) {
      a->n = std::min(math::Judge::Block::kCapacity - base % 7, xs.size() - base);
      for (size_t i = 0; i < a->n; ++i) a->args[0][i] = xs[base + i];
      *b = *a;
      eight(*a);
      four(*b);
      for (size_t i = 0; i < a->n; ++i) {
        ASSERT_EQ(clconform::ref::to_bits(a->approx[i]), clconform::ref::to_bits(b->approx[i])) << xs[base + i];
        ASSERT_EQ(clconform::ref::to_bits(a->error[i]), clconform::ref::to_bits(b->error[i])) << xs[base + i];
      }
    }
  }
}

// V and its N float neighbours on either side, appended to OUT.
void add_around(std::vector<float>& out, float v, int n) {
  float w = v;
  for (int k = 0; k < n; ++k) w = std::nextafter(w, -INFINITY);
  for (int k = 0; k < 2 * n + 1; ++k, w = std::nextafter(w, INFINITY)) out.push_back(w);
}

// A positive and a negative value in every binade below 1, subnormals included.
void add_every_small_binade(std::vector<float>& out) {
  for (int e = -149; e < 0; ++e) {
    out.push_back(std::ldexp(1.0f, e) * 1.3f);
    out.push_back(-std::ldexp(1.0f, e) * 1.7f);
  }
}

// Where the *pi functions' reduction is decided (pi_functions.hpp): on and
// around every quarter-integer from -4 to 4, and half-integers and integers
// of every magnitude up to 2^24, where floats stop having fractions.
std::vector<float> pi_reduction_edges() {
  std::vector<float> inputs;
  const auto around = [&](float v) { add_around(inputs, v, 4); };
  for (int q = -16; q <= 16; ++q) around(static_cast<float>(q) / 4);
  for (int e = 0; e <= 24; ++e) {
    const float p = std::ldexp(1.0f, e);
    for (const float v : {p, p + 0.5f, p + 1, p + 1.5f, p - 0.5f, p - 1.5f, 3 * p + 0.5f}) {
      around(v);
      around(-v);
    }
  }
  return inputs;
}

// The *pi functions around their reduction edges. A value declared exact must be the real result with MPFR's
// sign; any other within the function's bound.
TEST(MathFastTier, PiFunctionsAroundTheirReductionEdges) {
  std::vector<float> inputs = pi_reduction_edges();
  Num x(64), y(64), real(kPrec);
  long exact_points = 0;
  for (const char* name : {"sinpi", "cospi", "tanpi", "asinpi", "acospi", "atanpi", "atan2pi"}) {
    const math::Fn f = math::fn_of(math::function_id(name));
    const Case& c = case_named(name);
    const double bound = math::fast_spec(f).error_dulps;
    for (const float v : inputs) {
      for (const double second : {1.0, -1.0, 0.0, -0.0}) {
        // atan2pi(v, second) and atan2pi(second, v); the others once.
        for (int order = 0; order < (f == math::Fn::atan2pi ? 2 : 1); ++order) {
          const double args[3] = {order == 0 ? double(v) : second, order == 0 ? second : double(v), 0};
          bool exact = false;
          const double approx = math::pi_function(f, args, &exact);
          mpfr_set_d(x.v, args[0], MPFR_RNDN);
          mpfr_set_d(y.v, args[1], MPFR_RNDN);
          c.real(real.v, x.v, y.v, nullptr);
          if (exact) {
            ++exact_points;
            ASSERT_TRUE(within_error(name, approx, real.v, 0, args));
            if (mpfr_zero_p(real.v) || mpfr_inf_p(real.v)) {
              ASSERT_EQ(std::signbit(approx), mpfr_signbit(real.v) != 0) << name << "(" << args[0] << ", " << args[1] << ")";
            }
          } else {
            ASSERT_TRUE(within(name, approx, real.v, bound, args));
          }
        }
        if (f != math::Fn::atan2pi) break;
      }
    }
  }
  EXPECT_GT(exact_points, 1000);
}

// The batch tier of the one-argument *pi functions (AVX2, libmvec) on the
// same inputs: a point it encloses exactly (error 0) must be the real
// result, with MPFR's sign at a zero or an infinity, and with it in the
// same places as pi_function; any other within the function's bound.
TEST(MathFastTier, PiFunctionBatchesAroundTheirReductionEdges) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::vector<float> inputs = pi_reduction_edges();
  for (const float v : kSpecials) inputs.push_back(v);
  Num x(64), real(kPrec);
  long exact_points = 0;
  for (const char* name : {"sinpi", "cospi", "tanpi", "asinpi", "acospi", "atanpi"}) {
    const math::Fn f = math::fn_of(math::function_id(name));
    const Case& c = case_named(name);
    const double bound = math::fast_spec(f).error_dulps;
    std::vector<math::Judge::Point> points(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) points[i].args[0] = inputs[i];
    run_batch(math::fast_batch(f, true), points);
    for (const math::Judge::Point& q : points) {
      bool scalar_exact = false;
      math::pi_function(f, q.args, &scalar_exact);
      ASSERT_EQ(q.error == 0, scalar_exact) << name << "(" << q.args[0] << ")";
      mpfr_set_d(x.v, q.args[0], MPFR_RNDN);
      c.real(real.v, x.v, nullptr, nullptr);
      if (q.error == 0) {
        ++exact_points;
        ASSERT_TRUE(within_error(name, q.approx, real.v, 0, q.args));
        if (mpfr_zero_p(real.v) || mpfr_inf_p(real.v)) {
          ASSERT_EQ(std::signbit(q.approx), mpfr_signbit(real.v) != 0) << name << "(" << q.args[0] << ")";
        }
      } else {
        ASSERT_TRUE(within(name, q.approx, real.v, bound, q.args));
      }
    }
  }
  EXPECT_GT(exact_points, 1000);
}

// asinh's batch (fast_batch.cpp, asinh_four: its series below 0.5,
// libmvec's log above) against MPFR, with each point's own bound: 64
// floats of every binade of both signs, every float within 2^12 of 2^-4,
// 0.5 and 1 and their negatives, and the specials; the bound never above
// asinh_four's (1 ulp for the series, 14 from 0.5 on); below
// 2^-20 a value strictly below |x| in magnitude, as asinh's real value
// is; and every point the same bits wherever it lies in a block (shifted by one
// to three points, so that it falls in each lane of a group of four and
// in a last, partial group).
TEST(MathFastTier, AsinhBatchAroundItsBranches) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::mt19937_64 rng(kSeed + 7);
  std::vector<float> inputs(std::begin(kSpecials), std::end(kSpecials));
  for (uint32_t e = 0; e < 255; ++e)
    for (int k = 0; k < 64; ++k)
      inputs.push_back(float_of(uint32_t(rng() & 1) << 31 | e << 23 | (uint32_t(rng()) & 0x7fffff)));
  for (const float edge : {0x1p-4f, 0.5f, 1.0f}) {
    for (const float sign : {1.0f, -1.0f}) {
      float v = sign * edge;
      for (int k = 0; k < 4096; ++k) v = std::nextafter(v, 0.0f);
      for (int k = 0; k < 8192; ++k, v = std::nextafter(v, sign * INFINITY)) inputs.push_back(v);
    }
  }
  const math::FastBatch batch = math::fast_batch(math::Fn::asinh, true);
  const Case& c = case_named("asinh");
  std::vector<math::Judge::Point> points(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) points[i].args[0] = inputs[i];
  run_batch(batch, points);
  Num x(64), real(kPrec);
  long checked = 0;
  for (const math::Judge::Point& q : points) {
    const double a = std::fabs(q.args[0]);
    if (!std::isfinite(a)) continue;
    const double most = a < 0.5 ? 1 : 14;
    ASSERT_LE(q.error, most * math::double_spacing(q.approx) + 0x1p-969) << "asinh(" << q.args[0] << ")";
    mpfr_set_d(x.v, q.args[0], MPFR_RNDN);
    c.real(real.v, x.v, nullptr, nullptr);
    ASSERT_TRUE(within_error("asinh", q.approx, real.v, q.error, q.args));
    if (a != 0 && a < 0x1p-20) {
      ASSERT_LT(std::fabs(q.approx), a) << "asinh(" << q.args[0] << ")";
      ASSERT_EQ(std::signbit(q.approx), std::signbit(q.args[0]));
    }
    ++checked;
  }
  EXPECT_GT(checked, 60000);
  expect_same_bits_when_shifted(batch, points, "asinh");
}

// fract is declared exact (fast_tier.cpp says why): its double value must
// be the real min(x - floor(x), 0x1.fffffep-1) bit for bit, the sign of a
// zero included, around every power of two and integer edge of both signs
// (where 1 - |x| stops fitting a double near 2^-30), and on 2^8 values of
// every binade.
TEST(MathFastTier, FractIsExactOnEveryFloat) {
  std::vector<float> inputs = {0.0f, -0.0f, INFINITY, -INFINITY, NAN};
  for (int e = -149; e <= 127; ++e) {
    const float p = std::ldexp(1.0f, e);
    for (const float v : {p, -p, p + 1, -(p + 1), p - 1, -(p - 1), p + 0.5f, -(p + 0.5f)}) add_around(inputs, v, 3);
  }
  std::mt19937_64 rng(kSeed);
  for (int k = 0; k < 255 * 2 * 256; ++k) inputs.push_back(stratified_float(rng));
  const math::Fn f = math::fn_of(math::function_id("fract"));
  ASSERT_EQ(math::fast_spec(f).error_dulps, 0);
  Num x(64), floor_x(64), real(kPrec);
  for (const float v : inputs) {
    const double args[3] = {v, 0, 0};
    double approx = 0;
    ASSERT_TRUE(math::fast_value(f, args, &approx));
    double want;
    if (std::isnan(v)) {
      ASSERT_TRUE(std::isnan(approx)) << v;
      continue;
    } else if (std::isinf(v)) {
      want = std::copysign(0.0, v);  // spec 7.5.1
    } else {
      mpfr_set_d(x.v, v, MPFR_RNDN);
      mpfr_floor(floor_x.v, x.v);
      ASSERT_EQ(mpfr_sub(real.v, x.v, floor_x.v, MPFR_RNDN), 0);  // exact at 200 bits
      if (mpfr_cmp_d(real.v, 0x1.fffffep-1) > 0) mpfr_set_d(real.v, 0x1.fffffep-1, MPFR_RNDN);
      want = mpfr_get_d(real.v, MPFR_RNDN);
      ASSERT_EQ(mpfr_cmp_d(real.v, want), 0) << "fract(" << v << ") does not fit a double";
      if (mpfr_zero_p(real.v)) want = mpfr_signbit(real.v) ? -0.0 : 0.0;
    }
    ASSERT_EQ(clconform::ref::to_bits(approx), clconform::ref::to_bits(want))
        << "fract(" << std::hexfloat << v << "): " << approx << ", real " << want;
  }
}

// tgamma where its fast tier changes method (gamma.hpp): around every
// negative integer down to -180 (the poles, where the reflection's sinpi is
// smallest), around -170.5 (below it only a sign is given, down to -2^23:
// four more half-integers there), 2^-6, 1, 2, 171
// and 172, and every binade of tiny positive and negative arguments. A
// value is within the bound or exact; a sign alone must be the real
// result's, below 2^-1000 in magnitude.
TEST(MathFastTier, TgammaAcrossItsMethods) {
  std::vector<float> inputs;
  const auto around = [&](float v) { add_around(inputs, v, 3); };
  for (int n = 0; n <= 180; ++n) around(-static_cast<float>(n));
  for (const float v : {-170.5f, 0x1p-6f, -0x1p-6f, 1.0f, 2.0f, 171.0f, 171.625f, 172.0f, 0x1p23f, -0x1p23f,
                        -1000.5f, -1001.5f, -4194302.5f, -4194303.5f})
    around(v);
  add_every_small_binade(inputs);
  Num x(64), real(kPrec);
  long sign_only = 0;
  for (const float v : inputs) {
    const double arg = v;
    double approx = 0;
    bool exact = false;
    mpfr_set_d(x.v, arg, MPFR_RNDN);
    mpfr_gamma(real.v, x.v, MPFR_RNDN);
    const double args[3] = {arg, 0, 0};
    if (!math::tgamma_value(arg, &approx, &exact)) {
      ++sign_only;
      ASSERT_FALSE(mpfr_zero_p(real.v)) << arg;
      ASSERT_EQ(std::signbit(approx), mpfr_signbit(real.v) != 0) << arg;
      ASSERT_LT(mpfr_get_exp(real.v), -1000) << arg;
    } else {
      ASSERT_TRUE(within("tgamma", approx, real.v, exact ? 0 : math::kTgammaErrorDulps, args));
    }
  }
  EXPECT_GT(sign_only, 20);
}

// tgamma's batch (fast_batch.cpp, tgamma_batch_avx2) where its method
// changes and across its domain, against MPFR: the kind of answer
// tgamma_value gives (exact, with its bits; a sign alone, below 2^-1000
// in magnitude; or a value), every value within its own enclosure;
// Stirling's formula from 2^-6 up held to its analysis (40.1 double ulps)
// with a little room, 41, and the reflection from -170.5 to -2^-6 to its
// 51.9, as 52, where the value is above 2^-970 (below, widened to one
// side of zero: the side must be right); every lane's value the same
// wherever it lies in a block. Inputs: every float within 2^12 of
// kTgammaStirlingFrom, within 2^10 of 171.625 (Gamma passes the largest
// double at 171.624) and of -170.5, within 64 of +-2^-6, 172 and every
// integer from 1 to 30, within 16 of every negative integer to -172, 64
// floats of every binade from 2^-6 to 2^8 of either sign, and every 2^12th
// float of [2^-6, 172) and (-2^8, -2^-6].
TEST(MathFastTier, TgammaBatchFromStirlingsFormula) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::mt19937_64 rng(kSeed + 11);
  std::vector<float> inputs(std::begin(kSpecials), std::end(kSpecials));
  add_around(inputs, static_cast<float>(math::kTgammaStirlingFrom), 1 << 12);
  add_around(inputs, 171.625f, 1 << 10);
  add_around(inputs, -170.5f, 1 << 10);
  for (const float v : {0x1p-6f, -0x1p-6f, 172.0f}) add_around(inputs, v, 64);
  for (int n = 1; n <= 30; ++n) add_around(inputs, static_cast<float>(n), 64);
  for (int n = 1; n <= 172; ++n) add_around(inputs, -static_cast<float>(n), 16);
  for (uint32_t e = 127 - 6; e < 127 + 8; ++e)
    for (int k = 0; k < 64; ++k)
      inputs.push_back(float_of(static_cast<uint32_t>(rng() & 1) << 31 | e << 23 | (static_cast<uint32_t>(rng()) & 0x7fffff)));
  for (uint32_t b = 0x3c800000u; b < 0x432c0000u; b += 1u << 12) inputs.push_back(float_of(b));
  for (uint32_t b = 0xbc800000u; b < 0xc3800000u; b += 1u << 12) inputs.push_back(float_of(b));
  const std::vector<math::Judge::Point> points = vector_batch_points(math::Fn::tgamma, inputs);
  Num x(64), real(kPrec);
  long exact_points = 0, sign_only = 0, widened = 0, stirling = 0, reflected = 0;
  for (const math::Judge::Point& q : points) {
    const double v = q.args[0];
    const auto where = [&] { return "tgamma(" + std::to_string(v) + ")"; };
    double value = 0;
    bool exact = false;
    const bool valued = math::tgamma_value(v, &value, &exact);
    if (exact) {
      ASSERT_EQ(q.error, 0) << where();
      if (std::isnan(value)) ASSERT_TRUE(std::isnan(q.approx)) << where();
      else ASSERT_EQ(clconform::ref::to_bits(q.approx), clconform::ref::to_bits(value)) << where();
      ++exact_points;
      continue;
    }
    mpfr_set_d(x.v, v, MPFR_RNDN);
    mpfr_gamma(real.v, x.v, MPFR_RNDN);
    if (!valued) {
      ASSERT_EQ(q.error, 0x1p-970) << where();
      ASSERT_EQ(std::signbit(q.approx), mpfr_signbit(real.v) != 0) << where();
      ASSERT_LT(mpfr_get_exp(real.v), -1000) << where();
      ++sign_only;
      continue;
    }
    ASSERT_TRUE(within_error("tgamma", q.approx, real.v, q.error, q.args));
    if (std::fabs(v) < math::kGammaSeriesLimit || std::isinf(q.approx)) continue;
    if (std::fabs(q.approx) <= 0x1p-970) {
      // Widened to [0, 2^-969] on the real value's side, not to both sides.
      ASSERT_EQ(std::fabs(q.approx), 0x1p-970) << where();
      ASSERT_EQ(q.error, 0x1p-970) << where();
      ASSERT_EQ(std::signbit(q.approx), mpfr_signbit(real.v) != 0) << where();
      ++widened;
      continue;
    }
    if (v > 0) {
      ++stirling;
      ASSERT_TRUE(within("tgamma", q.approx, real.v, 41, q.args));
    } else {
      ++reflected;
      ASSERT_TRUE(within("tgamma", q.approx, real.v, 52, q.args));
    }
  }
  EXPECT_GT(exact_points, 190);
  EXPECT_GT(sign_only, 1000);
  EXPECT_GT(widened, 1000);
  EXPECT_GT(stirling, 30000);
  EXPECT_GT(reflected, 30000);
  expect_same_bits_when_shifted(math::fast_batch(math::Fn::tgamma, true), points, "tgamma");
}

// The series of tgamma and lgamma near 0 (gamma.cpp), sampled by exponent
// and sign below 2^-6 and around its edge, held to their own analyses
// with room: tgamma (about 1.1 double ulps) to 2, lgamma (8.5, gamma.hpp)
// to 9, at the point and in the batch (libmvec's log) where this CPU has
// AVX2.
TEST(MathFastTier, GammaSeriesNearZero) {
  std::mt19937_64 rng(kSeed + 5);
  std::vector<float> inputs;
  for (int i = 0; i < sample_scale::samples(1 << 14); ++i) {
    const uint32_t exponent = static_cast<uint32_t>(rng() % (127 - 6));  // biased 0 (subnormal) to 120: below 2^-6
    inputs.push_back(float_of(static_cast<uint32_t>(rng() & 1) << 31 | exponent << 23 |
                              (static_cast<uint32_t>(rng()) & 0x7fffff)));
  }
  add_around(inputs, 0x1p-6f, 64);
  add_around(inputs, -0x1p-6f, 64);
  std::vector<math::Judge::Point> points;
  for (const float v : inputs) {
    if (!math::gamma_series_domain(v)) continue;
    math::Judge::Point p;
    p.args[0] = v;
    points.push_back(p);
  }
  ASSERT_GT(points.size(), static_cast<size_t>(sample_scale::samples(16000)));
  std::vector<math::Judge::Point> batched = points;
  const bool vector = math::cpu_has_avx2_fma();
  run_batch(math::fast_batch(math::Fn::lgamma, vector), batched);
  Num x(64), real(kPrec);
  for (size_t i = 0; i < points.size(); ++i) {
    const double arg = points[i].args[0];
    const double args[3] = {arg, 0, 0};
    mpfr_set_d(x.v, arg, MPFR_RNDN);
    double approx = 0;
    bool exact = true;
    ASSERT_TRUE(math::tgamma_value(arg, &approx, &exact)) << arg;
    ASSERT_FALSE(exact) << arg;
    mpfr_gamma(real.v, x.v, MPFR_RNDN);
    ASSERT_TRUE(within("tgamma", approx, real.v, 2, args));
    approx = math::lgamma_value(arg, &exact);
    ASSERT_FALSE(exact) << arg;
    int sign;
    mpfr_lgamma(real.v, &sign, x.v, MPFR_RNDN);
    ASSERT_TRUE(within("lgamma", approx, real.v, 9, args));
    ASSERT_TRUE(within("lgamma", batched[i].approx, real.v, 9, args)) << (vector ? " (libmvec)" : " (scalar)");
  }
}

// MPFR's lgamma at the one argument of Q into REAL (X: scratch), and Q's
// approximation checked to lie within its error of it.
::testing::AssertionResult lgamma_enclosed(const math::Judge::Point& q, Num& x, Num& real) {
  mpfr_set_d(x.v, q.args[0], MPFR_RNDN);
  int sign;
  mpfr_lgamma(real.v, &sign, x.v, MPFR_RNDN);
  return within_error("lgamma", q.approx, real.v, q.error, q.args);
}

// Whether F's batch gives a block whose points all lie in one of REGIONS
// (each a block's worth of floats) the same approx and error at every
// point, bit for bit, as a block of the same points but the last, 3.5,
// which lies in none and so takes the general loop.
void expect_uniform_blocks_as_mixed(math::Fn f, const std::vector<std::vector<float>>& regions, const char* name) {
  const math::FastBatch batch = math::fast_batch(f, true);
  const size_t n = math::Judge::Block::kCapacity;
  auto uniform = std::make_unique<math::Judge::Block>(), mixed = std::make_unique<math::Judge::Block>();
  for (const std::vector<float>& region : regions) {
    ASSERT_EQ(region.size(), n);
    uniform->n = mixed->n = n;
    for (size_t i = 0; i < n; ++i) uniform->args[0][i] = mixed->args[0][i] = region[i];
    mixed->args[0][n - 1] = 3.5f;
    batch(*uniform);
    batch(*mixed);
    for (size_t i = 0; i + 1 < n; ++i) {
      ASSERT_EQ(clconform::ref::to_bits(uniform->approx[i]), clconform::ref::to_bits(mixed->approx[i])) << name << "(" << region[i] << ")";
      ASSERT_EQ(clconform::ref::to_bits(uniform->error[i]), clconform::ref::to_bits(mixed->error[i])) << name << "(" << region[i] << ")";
    }
  }
}

// tgamma's and lgamma's batches over blocks wholly near 0, wholly large
// (tgamma from 172 up, +inf among them; lgamma from 32 up, finite), or
// wholly poles (the negative integers, every float from -2^23 down, -inf,
// and for lgamma +inf), which skip the general loop (fast_batch.cpp,
// tgamma_uniform_block and lgamma_uniform_block), as that loop answers
// the same points.
TEST(MathFastTier, GammaUniformBlocksAsMixedOnes) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::mt19937_64 rng(kSeed + 12);
  const auto random_bits = [&](uint32_t exponent_from, uint32_t exponent_to, bool negative) {
    const uint32_t e = exponent_from + static_cast<uint32_t>(rng() % (exponent_to - exponent_from));
    return float_of(static_cast<uint32_t>(negative) << 31 | e << 23 | (static_cast<uint32_t>(rng()) & 0x7fffff));
  };
  const size_t n = math::Judge::Block::kCapacity;
  std::vector<float> near, large, poles;
  for (size_t i = 0; i < n; ++i) {
    near.push_back(random_bits(0, 127 - 6, (rng() & 1) != 0));  // below 2^-6, subnormals included
    large.push_back(random_bits(127 + 8, 255, false));            // from 256 up
    poles.push_back(i % 3 == 0 ? -static_cast<float>(1 + rng() % (1u << 23)) : random_bits(127 + 23, 255, true));
  }
  // Each region's points must lie in it (a zero drawn near 0 would send
  // that block through the general loop, and the test would compare the
  // general loop with itself).
  for (size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(math::gamma_series_domain(near[i])) << near[i];
    ASSERT_TRUE(poles[i] < 0 && poles[i] == std::floor(poles[i])) << poles[i];
  }
  large[0] = 0x1.fffffep127f;
  poles[1] = -INFINITY;
  std::vector<float> tgamma_large = large, lgamma_large = large, lgamma_poles = poles;
  tgamma_large[1] = 172.0f;
  tgamma_large[2] = INFINITY;
  lgamma_large[1] = 32.0f;
  lgamma_poles[2] = INFINITY;
  expect_uniform_blocks_as_mixed(math::Fn::tgamma, {near, tgamma_large, poles}, "tgamma");
  expect_uniform_blocks_as_mixed(math::Fn::lgamma, {near, lgamma_large, lgamma_poles}, "lgamma");
}

// lgamma's batch where its method changes (fast_batch.cpp,
// lgamma_batch_avx2): Stirling's series from kLgammaStirlingFrom, held to
// its own analysis (12.3 double ulps) with a little room, 13, on every
// float within 2^14 of 32, 64 floats of every binade from 32 up, the
// largest floats and every 2^16th float of [32, 2^23); the poles from
// -2^23 down and the infinities, +inf exactly; and every lane's value
// the same wherever it lies in a block.
TEST(MathFastTier, LgammaBatchFromStirlingsSeries) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::mt19937_64 rng(kSeed + 9);
  std::vector<float> inputs(std::begin(kSpecials), std::end(kSpecials));
  add_around(inputs, static_cast<float>(math::kLgammaStirlingFrom), 1 << 14);
  for (uint32_t e = 127 + 5; e < 255; ++e)
    for (int k = 0; k < 64; ++k) inputs.push_back(float_of(e << 23 | (static_cast<uint32_t>(rng()) & 0x7fffff)));
  for (uint32_t b = 0x42000000u; b < 0x4b000000u; b += 1u << 16) inputs.push_back(float_of(b));
  add_around(inputs, 0x1.fffffep127f, 16);
  for (const float v : {-0x1p23f, -0x1.000002p23f, -0x1p100f, -0x1.fffffep127f}) inputs.push_back(v);
  inputs.push_back(INFINITY);
  inputs.push_back(-INFINITY);
  const std::vector<math::Judge::Point> points = vector_batch_points(math::Fn::lgamma, inputs);
  Num x(64), real(kPrec);
  long stirling = 0;
  for (const math::Judge::Point& q : points) {
    const double v = q.args[0];
    if (std::isnan(v)) continue;
    if (std::isinf(v) || v <= -0x1p23) {
      ASSERT_EQ(q.approx, INFINITY) << "lgamma(" << v << ")";
      continue;
    }
    ASSERT_TRUE(lgamma_enclosed(q, x, real));
    if (v < math::kLgammaStirlingFrom) continue;
    ++stirling;
    ASSERT_TRUE(within("lgamma", q.approx, real.v, 13, q.args));
  }
  EXPECT_GT(stirling, 20000);
  expect_same_bits_when_shifted(math::fast_batch(math::Fn::lgamma, true), points, "lgamma");
}

// lgamma's batch by the reflection formula (fast_batch.cpp,
// lgamma_reflected_four), held to its analysis (17.2 double ulps) on every
// float within 2^14 of -32 and of -33, within 2^10 of -64, -1000 and
// -2^22 - 1 (the smallest |x - round(x)| of their binades), every
// half-integer and 64 floats of every binade from -32 to -2^23, and every
// 2^12th float of (-2^23, -32]; the negative integers there are poles,
// +inf; every lane's value the same wherever it lies in a block.
TEST(MathFastTier, LgammaBatchByReflection) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::mt19937_64 rng(kSeed + 10);
  std::vector<float> inputs;
  add_around(inputs, -static_cast<float>(math::kLgammaStirlingFrom), 1 << 14);
  add_around(inputs, -33.0f, 1 << 14);
  for (const float v : {-64.0f, -1000.0f, -0x1p22f - 1}) add_around(inputs, v, 1 << 10);
  for (uint32_t e = 127 + 5; e < 127 + 23; ++e) {
    for (int k = 0; k < 64; ++k) inputs.push_back(-float_of(e << 23 | (static_cast<uint32_t>(rng()) & 0x7fffff)));
    inputs.push_back(-(std::ldexp(1.0f, int(e) - 127) + 0.5f));
  }
  for (uint32_t b = 0xc2000000u; b < 0xcb000000u; b += 1u << 12) inputs.push_back(float_of(b));
  const std::vector<math::Judge::Point> points = vector_batch_points(math::Fn::lgamma, inputs);
  Num x(64), real(kPrec);
  long reflected = 0, poles = 0;
  for (const math::Judge::Point& q : points) {
    const double v = q.args[0];
    if (v == std::floor(v)) {
      ASSERT_EQ(q.approx, INFINITY) << "lgamma(" << v << ")";
      ++poles;
      continue;
    }
    ASSERT_TRUE(lgamma_enclosed(q, x, real));
    if (v > -math::kLgammaStirlingFrom) continue;
    ++reflected;
    ASSERT_TRUE(within("lgamma", q.approx, real.v, 17.2, q.args));
  }
  EXPECT_GT(reflected, 40000);
  EXPECT_GT(poles, 100);
  expect_same_bits_when_shifted(math::fast_batch(math::Fn::lgamma, true), points, "lgamma");
}

// The float on the positive side of each zero of lgamma between -11 and
// -2: on (-n - 1, -n) lgamma is +inf at both ends and negative at
// -n - 1/2, so each half holds one zero, found by bisection over the floats
// with MPFR's sign.
std::vector<float> negative_lgamma_zeros() {
  Num x(64), r(kPrec);
  const auto negative = [&](int64_t bits) {
    mpfr_set_d(x.v, float_of(static_cast<uint32_t>(bits)), MPFR_RNDN);
    int sign;
    mpfr_lgamma(r.v, &sign, x.v, MPFR_RNDN);
    return mpfr_sgn(r.v) < 0;
  };
  const auto bits_of = [](float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return static_cast<int64_t>(b);
  };
  std::vector<float> zeros;
  for (int n = 2; n <= 10; ++n) {
    const int64_t middle = bits_of(-n - 0.5f);
    for (const float end : {std::nextafter(-n - 1.0f, 0.0f), std::nextafter(-static_cast<float>(n), -INFINITY)}) {
      int64_t above = bits_of(end), below = middle;  // lgamma > 0 at above, < 0 at below
      while (std::llabs(above - below) > 1) {
        const int64_t m = (above + below) / 2;
        (negative(m) ? below : above) = m;
      }
      zeros.push_back(float_of(static_cast<uint32_t>(above)));
    }
  }
  return zeros;
}

// lgamma's batch from -32 to -2^-6 (fast_batch.cpp, lgamma_by_tgamma_four):
// log |Gamma(x)| from tgamma's reflection, held to its analysis (51.9 /
// |y| + 8 double ulps) wherever the batch took it, on every 2^11th float
// of (-32, -2^-6], every float within 64 of each negative integer and
// half-integer there, within 1024 of -2^-6 and of -32, and within 64 of
// each zero of lgamma from -11 to -2, where the batch must leave the
// point to glibc (the tier's bound); every value within its enclosure;
// every lane's value the same wherever it lies in a block.
TEST(MathFastTier, LgammaBatchByTgamma) {
  if (!math::cpu_has_avx2_fma()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
  std::vector<float> inputs;
  for (uint32_t b = 0xbc800000u; b < 0xc2000000u; b += 1u << 11) inputs.push_back(float_of(b));
  for (int n = 0; n < 32; ++n) {
    if (n > 0) add_around(inputs, -static_cast<float>(n), 64);
    add_around(inputs, -n - 0.5f, 64);
  }
  add_around(inputs, -0x1p-6f, 1024);
  add_around(inputs, -32.0f, 1024);
  for (const float z : negative_lgamma_zeros()) add_around(inputs, z, 64);
  const std::vector<math::Judge::Point> points = vector_batch_points(math::Fn::lgamma, inputs);
  Num x(64), real(kPrec);
  long by_tgamma = 0, by_glibc = 0;
  for (const math::Judge::Point& q : points) {
    const double v = q.args[0];
    if (v <= -math::kLgammaStirlingFrom || v > -math::kGammaSeriesLimit) continue;
    if (v == std::floor(v)) {
      ASSERT_EQ(q.approx, INFINITY) << "lgamma(" << v << ")";
      continue;
    }
    ASSERT_TRUE(lgamma_enclosed(q, x, real));
    if (q.error == math::kLgammaErrorDulps * math::double_spacing(q.approx)) {
      ++by_glibc;
      continue;
    }
    ++by_tgamma;
    ASSERT_LE(q.error, math::kTgammaErrorDulps * math::double_spacing(q.approx)) << "lgamma(" << v << ")";
    ASSERT_TRUE(within("lgamma", q.approx, real.v, 51.9 / std::fabs(q.approx) + 8, q.args));
  }
  EXPECT_GT(by_tgamma, 45000);
  EXPECT_GT(by_glibc, 2000);
  expect_same_bits_when_shifted(math::fast_batch(math::Fn::lgamma, true), points, "lgamma");
}

// lgamma where glibc's result is smallest or its method changes: around
// its zeros at 1 and 2 (every float within 2^12 of them, and a wider
// logarithmic spread) and every float within 256 of its zeros between -11
// and -2, around the negative integers to -64, and every binade of tiny
// arguments.
TEST(MathFastTier, LgammaAroundItsZerosAndPoles) {
  std::vector<float> inputs;
  const auto around = [&](float v, int n) { add_around(inputs, v, n); };
  const std::vector<float> zeros = negative_lgamma_zeros();
  ASSERT_EQ(zeros.size(), 18u);
  for (const float z : zeros) around(z, 256);
  for (const float z : {1.0f, 2.0f}) {
    around(z, 4096);
    for (int e = -24; e < 0; ++e) {
      inputs.push_back(z + std::ldexp(1.0f, e));
      inputs.push_back(z - std::ldexp(1.0f, e));
    }
  }
  for (int n = 0; n <= 64; ++n) around(-static_cast<float>(n), 16);
  for (const float v : {-11.0f, -2.0f, -0x1p22f, -0x1.fffffep22f, 0x1p-20f, 0x1p100f, 0x1.fffffep127f, -0x1.fffffep127f})
    around(v, 8);
  add_every_small_binade(inputs);
  Num x(64), real(kPrec);
  long checked = 0;
  for (const float v : inputs) {
    const double args[3] = {v, 0, 0};
    bool exact = false;
    const double approx = math::lgamma_value(v, &exact);
    mpfr_set_d(x.v, v, MPFR_RNDN);
    int sign;
    mpfr_lgamma(real.v, &sign, x.v, MPFR_RNDN);
    ++checked;
    ASSERT_TRUE(within("lgamma", approx, real.v, exact ? 0 : math::kLgammaErrorDulps, args));
  }
  EXPECT_GT(checked, 10000);
}

// Every float between -11 and -2 (every $CLCONFORM_LGAMMA_STRIDE-th: CI
// takes every 1024th, `ctest -L slow` all of them, about 4 minutes on two
// cores), where lgamma crosses zero near every integer.
TEST(MathFastTier, LgammaBetweenMinus11AndMinus2) {
  const char* e = std::getenv("CLCONFORM_LGAMMA_STRIDE");
  const uint32_t stride = e ? static_cast<uint32_t>(std::max(1L, std::strtol(e, nullptr, 10))) : 1;
  uint32_t first, last;  // negative floats: the bits grow with the magnitude
  const float from = -2.0f, to = -11.0f;
  std::memcpy(&first, &from, 4);
  std::memcpy(&last, &to, 4);
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<long> bad(threads, 0), checked(threads, 0);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      Num x(64), real(kPrec);
      for (uint32_t b = first + 1 + t * stride; b < last; b += threads * stride) {
        const float v = float_of(b);
        bool exact = false;
        const double approx = math::lgamma_value(v, &exact);
        mpfr_set_d(x.v, v, MPFR_RNDN);
        int sign;
        mpfr_lgamma(real.v, &sign, x.v, MPFR_RNDN);
        const double args[3] = {v, 0, 0};
        ++checked[t];
        if (!within("lgamma", approx, real.v, exact ? 0 : math::kLgammaErrorDulps, args) && bad[t]++ == 0)
          ADD_FAILURE() << "lgamma(" << v << ") outside its bound";
      }
      mpfr_free_cache();  // this thread's cached constants: LeakSanitizer counts them at its exit
    });
  }
  for (std::thread& th : pool) th.join();
  long all_bad = 0, all_checked = 0;
  for (unsigned t = 0; t < threads; ++t) all_bad += bad[t], all_checked += checked[t];
  EXPECT_EQ(all_bad, 0);
  EXPECT_GT(all_checked, static_cast<long>((last - first) / stride) - 2);
}

}  // namespace
