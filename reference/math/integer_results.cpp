// exact_int and exact_int_accepts: the integer results of ilogb, frexp,
// lgamma_r and remquo (spec 6.15.2), with flush to zero of the arguments
// (spec 7.5.3).
#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "reference/math/fast_batch.hpp"  // cpu_has_avx2_fma
#include "reference/math/functions.hpp"
#include "reference/math/integer_values.hpp"
#include "reference/math/judge.hpp"
#include "reference/math/mpfr_eval.hpp"
#include "reference/math/mpfr_verdict.hpp"

namespace clconform::ref::math {
namespace {

Fn integer_function(const std::string& name) {
  const int id = function_id(name);
  if (id < 0 || !functions()[static_cast<size_t>(id)].integer_result)
    throw std::invalid_argument("reference/math: '" + name + "' is not an integer result");
  return fn_of(id);
}

// Whether GOT is right at one reading of the arguments, ARGS, whose exact
// result is WANT.
bool accepts_at(Fn f, const double* args, int64_t got, int64_t want) {
  const double x = args[0];
  switch (f) {
    case Fn::ilogb:
      // Spec 6.15.2.1: FP_ILOGB0 is INT_MIN or -INT_MAX, FP_ILOGBNAN is
      // INT_MAX or INT_MIN; a device picks one of each.
      if (x == 0) return got == INT_MIN || got == -INT_MAX;
      if (std::isnan(x)) return got == INT_MAX || got == INT_MIN;
      return got == want;
    case Fn::lgamma_r_sign:
      // The sign of Gamma(x) means nothing at NaN and -inf (spec and C99
      // prescribe nothing): any value.
      if (std::isnan(x) || x == -INFINITY) return true;
      return got == want;
    case Fn::remquo_quo: {
      // Spec 6.15.2: "the lower seven bits of the integral quotient x/y,
      // ... the same sign as x/y": congruent modulo 128, and a non-zero
      // value carries the quotient's sign.
      const bool nan_result = std::isnan(x) || std::isnan(args[1]) || std::isinf(x) || args[1] == 0;
      if (nan_result) return got == 0;  // spec 7.5.1
      const int64_t magnitude = got < 0 ? -got : got;
      const int64_t want_magnitude = want < 0 ? -want : want;
      if ((magnitude & 0x7f) != want_magnitude) return false;
      if (got == 0) return true;
      const bool quotient_negative = std::signbit(x) != std::signbit(args[1]);
      return (got < 0) == quotient_negative;
    }
    default:
      return got == want;
  }
}

}  // namespace

int64_t exact_int(const std::string& name, const double* args) { return IntegerJudge(name, Denormals::Kept).exact(args); }

bool exact_int_accepts(const std::string& name, const double* args, int64_t got, Denormals float_denormals,
                       Format format) {
  return IntegerJudge(name, float_denormals, format).accepts(args, got);
}

IntegerJudge::IntegerJudge(const std::string& name, Denormals float_denormals, Format format)
    : id_(id_of(integer_function(name))), denormals_(float_denormals), format_(format) {}

int64_t IntegerJudge::exact(const double* args) const { return integer_result(fn_of(id_), args); }

namespace {

// The loops of exact_block: one definition, compiled twice (this file is
// built at -O3, so that both vectorize), for AVX2 and for any x86-64.
template <int32_t (*Value)(double)>
inline void values_of(const double* x, size_t n, int32_t* want) {
  for (size_t i = 0; i < n; ++i) want[i] = Value(x[i]);
}
template <int32_t (*Value)(double)>
__attribute__((target("avx2"))) void values_of_avx2(const double* x, size_t n, int32_t* want) {
  values_of<Value>(x, n, want);
}
template <int32_t (*Value)(double)>
void block_values(const double* x, size_t n, int32_t* want) {
  if (cpu_has_avx2_fma()) values_of_avx2<Value>(x, n, want);
  else values_of<Value>(x, n, want);
}

}  // namespace

bool IntegerJudge::exact_block(const double* x, size_t n, int32_t* want) const {
  // The function chosen once, outside the loops.
  switch (fn_of(id_)) {
    case Fn::ilogb: block_values<ilogb_value>(x, n, want); return true;
    case Fn::frexp_exponent: block_values<frexp_exponent_value>(x, n, want); return true;
    case Fn::lgamma_r_sign: block_values<lgamma_sign_value>(x, n, want); return true;
    default: return false;
  }
}

namespace {

// plain_block's loop, compiled for AVX2 and for any x86-64: a point is
// plain where |x| >= LO, or x is a zero and ZEROS, and x is not OTHER (a
// NaN is none of these).
inline void plain_points(const double* x, size_t n, double lo, bool zeros, double other, uint64_t* plain) {
  for (size_t w = 0; w * 64 < n; ++w) {
    uint64_t bits = 0;
    const size_t m = std::min<size_t>(64, n - w * 64);
    for (size_t b = 0; b < m; ++b) {
      const double v = x[w * 64 + b];
      bits |= uint64_t((std::fabs(v) >= lo || (zeros && v == 0)) && v != other) << b;
    }
    plain[w] = bits;
  }
}
__attribute__((target("avx2"))) void plain_points_avx2(const double* x, size_t n, double lo, bool zeros, double other,
                                                       uint64_t* plain) {
  plain_points(x, n, lo, zeros, other, plain);
}

}  // namespace

void IntegerJudge::plain_block(const double* x, size_t n, uint64_t* plain) const {
  const Fn f = fn_of(id_);
  // accepts_at's exceptions (ilogb's zeros, lgamma_r's sign at -inf, and
  // NaN for all), and argument_readings' subnormals where a device may
  // flush them.
  const bool flushes = denormals_ != Denormals::Kept, zeros = f != Fn::ilogb;
  const double min_normal = min_normal_of(format_);
  const double lo = flushes ? min_normal : zeros ? 0 : std::numeric_limits<double>::denorm_min();
  const double other = f == Fn::lgamma_r_sign ? -INFINITY : NAN;
  if (cpu_has_avx2_fma()) plain_points_avx2(x, n, lo, zeros, other, plain);
  else plain_points(x, n, lo, zeros, other, plain);
}

bool IntegerJudge::accepts(const double* args, int64_t got) const {
  const Fn f = fn_of(id_);
  if (denormals_ == Denormals::Kept) return accepts_at(f, args, got, integer_result(f, args));  // one reading
  double readings[27][3];
  const int n = argument_readings(f, args, denormals_, readings, format_);
  for (int i = 0; i < n; ++i)
    if (accepts_at(f, readings[i], got, integer_result(f, readings[i]))) return true;
  return false;
}

bool IntegerJudge::accepts(const double* args, int64_t got, int64_t exact) const {
  if (denormals_ == Denormals::Kept) return accepts_at(fn_of(id_), args, got, exact);
  return accepts(args, got);
}

}  // namespace clconform::ref::math
