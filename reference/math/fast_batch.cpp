#include "reference/math/fast_batch.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "reference/math/fast_tier.hpp"
#include "reference/math/gamma.hpp"
#include "reference/math/grid_bits.hpp"
#include "reference/math/pi_functions.hpp"
#include "reference/math/quarter_turns.hpp"

// libmvec's AVX2 variants (x86_64 vector function ABI, 'd' = AVX2, 4
// lanes): in libmvec.so.1 since glibc 2.22 (exp, log, sin, cos) and
// 2.35 (the others), so the host binary runs on Debian 12's
// glibc 2.36 and anything newer. libm.so's linker script pulls libmvec in.
// The AVX2 calling convention passes __m256d in a ymm register; clang
// refuses such a declaration unless it names the target.
#define AVX2_ABI __attribute__((target("avx2,fma")))
extern "C" {
AVX2_ABI __m256d _ZGVdN4v_sin(__m256d);
AVX2_ABI __m256d _ZGVdN4v_cos(__m256d);
AVX2_ABI __m256d _ZGVdN4v_exp(__m256d);
AVX2_ABI __m256d _ZGVdN4v_exp2(__m256d);
AVX2_ABI __m256d _ZGVdN4v_exp10(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log2(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log10(__m256d);
// Since glibc 2.35 as well.
AVX2_ABI __m256d _ZGVdN4v_asin(__m256d);
AVX2_ABI __m256d _ZGVdN4v_acos(__m256d);
AVX2_ABI __m256d _ZGVdN4v_atan(__m256d);
AVX2_ABI __m256d _ZGVdN4v_sinh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_cosh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_tanh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_tan(__m256d);
AVX2_ABI __m256d _ZGVdN4v_asinh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_acosh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_atanh(__m256d);
AVX2_ABI __m256d _ZGVdN4v_cbrt(__m256d);
AVX2_ABI __m256d _ZGVdN4v_erf(__m256d);
AVX2_ABI __m256d _ZGVdN4v_erfc(__m256d);
AVX2_ABI __m256d _ZGVdN4v_expm1(__m256d);
AVX2_ABI __m256d _ZGVdN4v_log1p(__m256d);
}

namespace clconform::ref::math {
namespace {

using Point = Judge::Point;
constexpr size_t kLanes = 4;
// A lane the vector function is not asked about gets this harmless argument.
constexpr double kIdle = 1.0;
// Below this magnitude sin and cos take the argument as it is; above it
// glibc's own reduction becomes slow (measured: ~1 ns a lane below 2^14,
// ~65 ns above 2^24), and quarter_turns.hpp takes over.
constexpr double kDirectTrigLimit = 0x1p16;

void finish(Point& p, double dulps) {
  enclose_in_normal_doubles(dulps, &p.approx, &p.error);
  p.prepared_by_mpfr = false;
}

// Where each vector function stays on its fast path, and its error bound
// holds as for the scalar function: finite arguments whose result neither
// overflows nor underflows. Elsewhere the scalar function answers, quickly.
bool exp_domain(double x) { return std::fabs(x) < 700; }
bool exp2_domain(double x) { return std::fabs(x) < 1000; }
bool exp10_domain(double x) { return std::fabs(x) < 300; }
bool log_domain(double x) { return x > 0 && x < std::numeric_limits<double>::infinity(); }
bool finite_domain(double x) { return std::isfinite(x); }           // atan, tanh, asinh, cbrt, erf
bool closed_unit_domain(double x) { return std::fabs(x) <= 1; }     // asin, acos
bool open_unit_domain(double x) { return std::fabs(x) < 1; }        // atanh
bool acosh_domain(double x) { return x >= 1 && x < std::numeric_limits<double>::infinity(); }
bool hyperbolic_domain(double x) { return std::fabs(x) < 709; }     // sinh, cosh: below overflow
bool erfc_domain(double x) { return x > -std::numeric_limits<double>::infinity() && x < 26; }  // above: underflow
bool expm1_domain(double x) { return x > -std::numeric_limits<double>::infinity() && x < 700; }
bool log1p_domain(double x) { return x > -1 && x < std::numeric_limits<double>::infinity(); }
bool direct_tan_domain(double x) { return std::fabs(x) < kDirectTrigLimit; }

// Outside those domains: the value wherever it is certain without libm,
// whose overflow, underflow and domain-error paths compute with subnormal
// numbers to raise the floating-point exceptions (grid_bits.hpp says what
// that costs). Overflow: a real result beyond 2^1024 is what an infinite
// approximation stands for (fast_tier.hpp); underflow: a real result below
// 2^-1075 is within 2^-1072 of 2^-1072 (kUnderflow: a positive approx, so
// that the enclosure stays on zero's positive side and +0 is certain).
// Thresholds from ln, log2, log10 of 2^1024 and 2^-1075, rounded outwards.
constexpr double kUnderflow = 0x1p-1072;
constexpr double kLnOverflow = 709.79;  // ln 2^1024 = 709.7827..., rounded up
bool exp_saturated(double x, double* out) {
  if (x >= kLnOverflow) *out = std::numeric_limits<double>::infinity();
  else if (x <= -745.14) *out = kUnderflow;
  else return false;
  return true;
}
bool exp2_saturated(double x, double* out) {
  if (x >= 1024) *out = std::numeric_limits<double>::infinity();
  else if (x <= -1075) *out = kUnderflow;
  else return false;
  return true;
}
bool exp10_saturated(double x, double* out) {
  if (x >= 308.26) *out = std::numeric_limits<double>::infinity();
  else if (x <= -323.62) *out = kUnderflow;
  else return false;
  return true;
}
bool log_saturated(double x, double* out) {  // log, log2, log10 (C99 Annex F: log(+-0) = -inf, log(x < 0) = NaN)
  if (x == 0) *out = -std::numeric_limits<double>::infinity();
  else if (x < 0) *out = std::numeric_limits<double>::quiet_NaN();
  else return false;
  return true;
}
// Nothing answered without libm outside the domain.
bool not_saturated(double, double*) { return false; }
// tan below kDirectTrigLimit takes its argument as it is (libmvec); above
// it, tan |x| = tan r or -1 / tan r by the quadrant of the reduction
// |x| = (4k + q) pi/2 + r (quarter_turns.hpp), with x's sign: glibc's own
// reduction there costs ~65 ns. The bound covers both (kTanErrorDulps in
// fast_tier.cpp).
bool tan_reduced(double x, double* out) {
  QuarterTurns t;
  if (!std::isfinite(x) || !reduce_quarter_turns(x, &t)) return false;
  const double v = (t.quadrant & 1) ? -1 / std::tan(t.r) : std::tan(t.r);
  *out = x < 0 ? -v : v;
  return true;
}
// Domain errors and poles, answered as C99 Annex F does, without libm's
// error handling (errno, the SVID wrapper): asin, acos and atanh are NaN
// beyond |x| = 1, atanh(+-1) = +-inf; acosh is NaN below 1; log1p is NaN
// below -1, log1p(-1) = -inf. A NaN argument is left to libm.
bool beyond_unit_nan(double x, double* out) {
  if (!(std::fabs(x) > 1)) return false;
  *out = std::numeric_limits<double>::quiet_NaN();
  return true;
}
bool atanh_saturated(double x, double* out) {
  if (std::fabs(x) == 1) {
    *out = std::copysign(std::numeric_limits<double>::infinity(), x);
    return true;
  }
  return beyond_unit_nan(x, out);
}
bool acosh_saturated(double x, double* out) {
  if (!(x < 1)) return false;
  *out = std::numeric_limits<double>::quiet_NaN();
  return true;
}
bool log1p_saturated(double x, double* out) {
  if (!(x <= -1)) return false;
  *out = x == -1 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  return true;
}
// sinh and cosh from kLnOverflow: |result| > e^|x| / 2 - 1 >= 2^1023.
bool sinh_saturated(double x, double* out) {
  if (!(std::fabs(x) >= kLnOverflow)) return false;  // a NaN included
  *out = std::copysign(std::numeric_limits<double>::infinity(), x);
  return true;
}
bool cosh_saturated(double x, double* out) {
  if (!(std::fabs(x) >= kLnOverflow)) return false;  // a NaN included
  *out = std::numeric_limits<double>::infinity();
  return true;
}
// erfc(x) < e^(-x^2) / (x sqrt(pi)) < e^-745.2 < 2^-1075 for x >= 27.3.
bool erfc_saturated(double x, double* out) {
  if (!(x >= 27.3)) return false;  // a NaN included
  *out = kUnderflow;
  return true;
}
// expm1(x) = e^x - 1 >= 2^1024 for x >= kLnOverflow.
bool expm1_saturated(double x, double* out) {
  if (!(x >= kLnOverflow)) return false;  // a NaN included
  *out = std::numeric_limits<double>::infinity();
  return true;
}

// pow(x, y) = 2^(y log2 x) for finite x > 0 and finite y, with log2 x in
// [e, e + 1) for x's binade 2^e: y e and y (e + 1) are exact products of a
// float and a small integer.
bool pow_saturated(double x, double y, double* out) {
  if (!(x > 0 && x < std::numeric_limits<double>::infinity() && std::fabs(y) < std::numeric_limits<double>::infinity()))
    return false;
  const int e = static_cast<int>((to_bits(x) >> 52) & 0x7ff) - Double::bias;
  const double at_e = y * e, at_next = y * (e + 1);
  if (std::min(at_e, at_next) >= 1024) *out = std::numeric_limits<double>::infinity();
  else if (std::max(at_e, at_next) <= -1075) *out = kUnderflow;
  else return false;
  return true;
}

// The points whose arguments lie in the vector function's domain are
// gathered (up to kGroup at a time) and computed four per call: in a sweep
// of random tuples a quarter of them may be, and a call for one lane costs
// as much as for four. The others are saturated or asked of libm at once.
constexpr size_t kGroup = 256;

template <Fn F, __m256d (*Vector)(__m256d), bool (*Domain)(double), bool (*Saturated)(double, double*)>
__attribute__((target("avx2,fma"))) void vector_unary(Point* p, size_t n) {
  const double dulps = fast_spec(F).error_dulps;
  uint32_t inside[kGroup];
  for (size_t base = 0; base < n; base += kGroup) {
    const size_t end = std::min(n, base + kGroup);
    size_t m = 0;
    for (size_t i = base; i < end; ++i) {
      Point& q = p[i];
      if (Domain(q.args[0])) {
        inside[m++] = static_cast<uint32_t>(i);
      } else {
        if (!Saturated(q.args[0], &q.approx)) fast_value(F, q.args, &q.approx);
        finish(q, dulps);
      }
    }
    for (size_t j = 0; j < m; j += kLanes) {
      const size_t lanes = std::min(kLanes, m - j);
      // The arguments gathered in registers: four scalar stores read back
      // as one vector would stall the load (no store forwarding).
      const auto arg = [&](size_t k) { return k < lanes ? p[inside[j + k]].args[0] : kIdle; };
      alignas(32) double y[kLanes];
      _mm256_store_pd(y, Vector(_mm256_set_pd(arg(3), arg(2), arg(1), arg(0))));
      _mm256_zeroupper();  // see vector_sin_or_cos
      for (size_t k = 0; k < lanes; ++k) {
        Point& q = p[inside[j + k]];
        q.approx = y[k];
        finish(q, dulps);
      }
    }
  }
}

// pow and pown: the saturated overflows and underflows (libm's would
// compute with subnormals), else libm. Not libmvec's _ZGVdN4vv_pow: on the
// H200 host's Xeon with glibc 2.39 it made prepare slower (95-103 ns a
// point against 35 ns this way, bench/math_reference.md).
template <Fn F>
void scalar_pow(Point* p, size_t n) {
  const double dulps = fast_spec(F).error_dulps;
  for (size_t i = 0; i < n; ++i) {
    Point& q = p[i];
    if (!pow_saturated(q.args[0], q.args[1], &q.approx)) fast_value(F, q.args, &q.approx);
    finish(q, dulps);
  }
}

// The one-operation functions, without fast_value's dispatch per point.
template <Fn F>
void one_operation_batch(Point* p, size_t n) {
  const double dulps = fast_spec(F).error_dulps;
  for (size_t i = 0; i < n; ++i) {
    p[i].approx = one_operation<F>(p[i].args[0], p[i].args[1]);
    finish(p[i], dulps);
  }
}

// The *pi functions (pi_functions.hpp): a value that is the real result
// itself (a zero, a pole, a NaN) has no error.
template <Fn F>
void pi_batch(Point* p, size_t n) {
  const double dulps = fast_spec(F).error_dulps;
  for (size_t i = 0; i < n; ++i) {
    bool exact;
    p[i].approx = pi_function(F, p[i].args, &exact);
    finish(p[i], exact ? 0 : dulps);
  }
}

// tgamma (gamma.hpp). Where tgamma_value gives only a sign, the real result
// is below 2^-1000 in magnitude: enclosed on that side of zero as
// enclose_in_normal_doubles encloses such a value (grid_bits.hpp).
void tgamma_batch(Point* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    Point& q = p[i];
    bool exact;
    double v;
    if (tgamma_value(q.args[0], &v, &exact)) {
      q.approx = v;
      finish(q, exact ? 0 : kTgammaErrorDulps);
    } else {
      q.approx = std::copysign(0x1p-970, v);
      q.error = 0x1p-970;
      q.prepared_by_mpfr = false;
    }
  }
}

// sin (COSINE false) or cos of COUNT arguments |r| <= kDirectTrigLimit.
__attribute__((target("avx2,fma"))) void vector_sin_or_cos(bool cosine, const double* r, double* out, size_t count) {
  // Straight from R: copying four lanes into an array first, then loading
  // it whole, stalls every load (no store forwarding).
  size_t j = 0;
  for (; j + kLanes <= count; j += kLanes) {
    const __m256d v = _mm256_loadu_pd(r + j);
    _mm256_storeu_pd(out + j, cosine ? _ZGVdN4v_cos(v) : _ZGVdN4v_sin(v));
  }
  if (j < count) {  // the last one to three (idle lanes get 0), through memory
    alignas(32) double lanes[kLanes] = {0, 0, 0, 0};
    for (size_t k = 0; j + k < count; ++k) lanes[k] = r[j + k];
    _mm256_store_pd(lanes, cosine ? _ZGVdN4v_cos(_mm256_load_pd(lanes)) : _ZGVdN4v_sin(_mm256_load_pd(lanes)));
    for (size_t k = 0; j + k < count; ++k) out[j + k] = lanes[k];
  }
  // Clean upper halves before any SSE code runs: the compiler does not
  // always do it after a vector call, and SSE instructions with dirty upper
  // halves run several times slower (measured: 2x on the whole prepare).
  _mm256_zeroupper();
}
void scalar_sin_or_cos(bool cosine, const double* r, double* out, size_t count) {
  for (size_t j = 0; j < count; ++j) out[j] = cosine ? std::cos(r[j]) : std::sin(r[j]);
}

// sin (COSINE false) or cos of every point: x = (4k + q) pi/2 + r, then
// sin x = +-sin r or +-cos r by the quadrant q. The points are sorted into
// those that need sin r and those that need cos r, so that each gets only
// the function it needs, four lanes a call.
template <bool Cosine, void (*SinOrCos)(bool, const double*, double*, size_t)>
void trig_batch(Point* p, size_t n) {
  const double dulps = fast_spec(Cosine ? Fn::cos : Fn::sin).error_dulps;
  struct Pending {
    uint32_t index[kGroup];
    double r[kGroup];
    bool minus[kGroup];
    bool reduced[kGroup];
    double value[kGroup];
    size_t count = 0;
  };
  Pending need[2];  // [0]: sin r, [1]: cos r
  for (size_t base = 0; base < n; base += kGroup) {
    const size_t end = std::min(n, base + kGroup);
    need[0].count = need[1].count = 0;
    for (size_t i = base; i < end; ++i) {
      Point& q = p[i];
      const double x = q.args[0];
      QuarterTurns t;
      if (std::fabs(x) < kDirectTrigLimit) {
        t.r = x;  // quadrant 0, and sin r carries x's sign
      } else if (!std::isfinite(x)) {
        q.approx = std::numeric_limits<double>::quiet_NaN();  // sin and cos of an infinity or a NaN
        finish(q, dulps);
        continue;
      } else if (!reduce_quarter_turns(x, &t)) {
        fast_value(Cosine ? Fn::cos : Fn::sin, q.args, &q.approx);
        finish(q, dulps);
        continue;
      }
      const bool reduced = std::fabs(x) >= kDirectTrigLimit;
      // sin: minus in quadrants 2 and 3, and for a negative x (reduced as
      // |x|); cos: minus in quadrants 1 and 2.
      const bool minus = Cosine ? ((t.quadrant + 1) & 2) != 0 : ((t.quadrant & 2) != 0) != (reduced && x < 0);
      Pending& list = need[Cosine != ((t.quadrant & 1) != 0)];
      list.index[list.count] = static_cast<uint32_t>(i);
      list.r[list.count] = t.r;
      list.minus[list.count] = minus;
      list.reduced[list.count] = reduced;
      ++list.count;
    }
    for (int which = 0; which < 2; ++which) {
      Pending& list = need[which];
      SinOrCos(which == 1, list.r, list.value, list.count);
      for (size_t j = 0; j < list.count; ++j) {
        Point& q = p[list.index[j]];
        q.approx = list.minus[j] ? -list.value[j] : list.value[j];
        finish(q, list.reduced[j] ? kReducedTrigErrorDulps : dulps);
      }
    }
  }
}

}  // namespace

bool cpu_has_avx2_fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

FastBatch fast_batch(Fn f, bool vector) {
  switch (f) {
    case Fn::sin: case Fn::sincos_sin:
      return vector ? trig_batch<false, vector_sin_or_cos> : trig_batch<false, scalar_sin_or_cos>;
    case Fn::cos: case Fn::sincos_cos:
      return vector ? trig_batch<true, vector_sin_or_cos> : trig_batch<true, scalar_sin_or_cos>;
    case Fn::add: return one_operation_batch<Fn::add>;
    case Fn::sub: return one_operation_batch<Fn::sub>;
    case Fn::mul: return one_operation_batch<Fn::mul>;
    case Fn::divide: return one_operation_batch<Fn::divide>;
    case Fn::recip: return one_operation_batch<Fn::recip>;
    case Fn::sqrt: return one_operation_batch<Fn::sqrt>;
    case Fn::pow:
      return scalar_pow<Fn::pow>;
    case Fn::pown:
      return scalar_pow<Fn::pown>;
    case Fn::tgamma: return tgamma_batch;
    case Fn::sinpi: return pi_batch<Fn::sinpi>;
    case Fn::cospi: return pi_batch<Fn::cospi>;
    case Fn::tanpi: return pi_batch<Fn::tanpi>;
    case Fn::asinpi: return pi_batch<Fn::asinpi>;
    case Fn::acospi: return pi_batch<Fn::acospi>;
    case Fn::atanpi: return pi_batch<Fn::atanpi>;
    case Fn::atan2pi: return pi_batch<Fn::atan2pi>;
    default:
      break;
  }
  if (!vector) return nullptr;
  switch (f) {
    case Fn::exp: return vector_unary<Fn::exp, _ZGVdN4v_exp, exp_domain, exp_saturated>;
    case Fn::exp2: return vector_unary<Fn::exp2, _ZGVdN4v_exp2, exp2_domain, exp2_saturated>;
    case Fn::exp10: return vector_unary<Fn::exp10, _ZGVdN4v_exp10, exp10_domain, exp10_saturated>;
    case Fn::log: return vector_unary<Fn::log, _ZGVdN4v_log, log_domain, log_saturated>;
    case Fn::log2: return vector_unary<Fn::log2, _ZGVdN4v_log2, log_domain, log_saturated>;
    case Fn::log10: return vector_unary<Fn::log10, _ZGVdN4v_log10, log_domain, log_saturated>;
    case Fn::log1p: return vector_unary<Fn::log1p, _ZGVdN4v_log1p, log1p_domain, log1p_saturated>;
    case Fn::expm1: return vector_unary<Fn::expm1, _ZGVdN4v_expm1, expm1_domain, expm1_saturated>;
    case Fn::asin: return vector_unary<Fn::asin, _ZGVdN4v_asin, closed_unit_domain, beyond_unit_nan>;
    case Fn::acos: return vector_unary<Fn::acos, _ZGVdN4v_acos, closed_unit_domain, beyond_unit_nan>;
    case Fn::atan: return vector_unary<Fn::atan, _ZGVdN4v_atan, finite_domain, not_saturated>;
    case Fn::sinh: return vector_unary<Fn::sinh, _ZGVdN4v_sinh, hyperbolic_domain, sinh_saturated>;
    case Fn::cosh: return vector_unary<Fn::cosh, _ZGVdN4v_cosh, hyperbolic_domain, cosh_saturated>;
    case Fn::tanh: return vector_unary<Fn::tanh, _ZGVdN4v_tanh, finite_domain, not_saturated>;
    case Fn::tan: return vector_unary<Fn::tan, _ZGVdN4v_tan, direct_tan_domain, tan_reduced>;
    case Fn::asinh: return vector_unary<Fn::asinh, _ZGVdN4v_asinh, finite_domain, not_saturated>;
    case Fn::acosh: return vector_unary<Fn::acosh, _ZGVdN4v_acosh, acosh_domain, acosh_saturated>;
    case Fn::atanh: return vector_unary<Fn::atanh, _ZGVdN4v_atanh, open_unit_domain, atanh_saturated>;
    case Fn::cbrt: return vector_unary<Fn::cbrt, _ZGVdN4v_cbrt, finite_domain, not_saturated>;
    case Fn::erf: return vector_unary<Fn::erf, _ZGVdN4v_erf, finite_domain, not_saturated>;
    case Fn::erfc: return vector_unary<Fn::erfc, _ZGVdN4v_erfc, erfc_domain, erfc_saturated>;
    default: return nullptr;
  }
}

}  // namespace clconform::ref::math
