// reference/math's fast tier: every double approximation stays within its
// declared error bound (FastSpec::error_dulps double ulps of the
// approximation) of the real value, which MPFR computes here directly,
// written independently of reference/math/mpfr_eval.cpp. Inputs: every
// float exponent field (stratified), the special values, and neighbours of
// the overflow/underflow thresholds. NaN approximations must match NaN real
// results, infinite ones real results beyond 2^1023 of the same sign.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "oracle.hpp"
#include "reference/math/fast_tier.hpp"
#include "reference/math/functions.hpp"

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
      {"recip", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr, mpfr_srcptr) { mpfr_ui_div(r, 1, x, MPFR_RNDN); }},
      {"atan2", BINARY(mpfr_atan2)}, {"hypot", BINARY(mpfr_hypot)}, {"pow", BINARY(mpfr_pow)},
      {"powr", BINARY(mpfr_pow)},  // the fast tier covers only x > 0, finite y: pow there
      {"pown", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr) {
         mpfr_pow_si(r, x, mpfr_get_si(y, MPFR_RNDN), MPFR_RNDN);
       }},
      {"add", BINARY(mpfr_add)}, {"sub", BINARY(mpfr_sub)}, {"mul", BINARY(mpfr_mul)},
      {"divide", BINARY(mpfr_div)}, {"fmod", BINARY(mpfr_fmod)}, {"remainder", BINARY(mpfr_remainder)},
      {"fma", [](mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_srcptr z) { mpfr_fma(r, x, y, z, MPFR_RNDN); }},
  };
  return all;
}

float stratified_float(std::mt19937_64& rng) {
  const uint32_t exponent = static_cast<uint32_t>(rng() % 255);  // NaN/inf come from the special list
  return float_of(static_cast<uint32_t>(rng() & 1) << 31 | exponent << 23 | (static_cast<uint32_t>(rng()) & 0x7fffff));
}

// |approx - real| <= bound * dulp(approx), decided exactly.
::testing::AssertionResult within(const char* name, double approx, mpfr_srcptr real, double bound_dulps,
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
  Num limit(64);
  mpfr_set_d(limit.v, bound_dulps, MPFR_RNDN);
  mpfr_mul_d(limit.v, limit.v, math::double_spacing(approx), MPFR_RNDN);  // exact: a power of two times a small double
  if (mpfr_lessequal_p(diff.v, limit.v)) return ::testing::AssertionSuccess();
  mpfr_div_d(diff.v, diff.v, math::double_spacing(approx), MPFR_RNDU);
  return ::testing::AssertionFailure() << where() << ": error " << mpfr_get_d(diff.v, MPFR_RNDU)
                                       << " double ulps, bound " << bound_dulps;
}

TEST(MathFastTier, EveryApproximationIsWithinItsBound) {
  std::mt19937_64 rng(kSeed);
  // Float values only (the functions take floats): the literals are cast.
  const float specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, 2.0, 0x1p-149, -0x1p-149,
                             0x1p-126, 0x1.fffffep127, -0x1.fffffep127, 88.72283935546875, -103.972084f, 128.0,
                             -150.0, 38.5318394f, 1e-30f, 3.0};
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
    for (int i = 0; i < kSamples; ++i) {
      for (size_t k = 0; k < info.args.size(); ++k)
        args[k] = info.args[k] == math::ArgKind::Int ? static_cast<double>(static_cast<int>(rng() % 81) - 40)
                                                     : static_cast<double>(stratified_float(rng));
      check(args);
    }
    for (const float s : specials) {
      for (const float t : specials) {
        args[0] = s;
        args[1] = info.args.size() > 1 && info.args[1] == math::ArgKind::Int ? 3.0 : t;
        args[2] = t;
        check(args);
      }
    }
  }
  EXPECT_GT(checked, 1000000);
}

}  // namespace
